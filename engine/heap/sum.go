package heap

import (
	"context"
	"fmt"
	"iter"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"github.com/coevolab/coevo/engine/grundy"
)

// MaxHeap bounds the size of a heap in a Sum.
const MaxHeap = 1 << 28

// Sum is a position made of heaps played under one rule.
type Sum struct {
	Rule  *Rule
	Heaps []int
	g     []int32 // nim-sequence up to the largest heap (nil for Nim)
}

// NewSum solves the nim-sequence of rule up to the largest heap.
func NewSum(rule *Rule, heaps []int) (*Sum, error) {
	return NewSumContext(context.Background(), rule, heaps)
}

// NewSumContext is NewSum that stops when ctx is done, returning ctx's
// error (a heap of millions under a splitting rule takes seconds).
func NewSumContext(ctx context.Context, rule *Rule, heaps []int) (*Sum, error) {
	if len(heaps) == 0 {
		return nil, fmt.Errorf("%s: no heaps given", rule.name)
	}
	top := 0
	for _, h := range heaps {
		if h < 0 || h > MaxHeap {
			return nil, fmt.Errorf("%s: heap size %d out of range [0, %d]", rule.name, h, MaxHeap)
		}
		top = max(top, h)
	}
	s := &Sum{Rule: rule, Heaps: slices.Clone(heaps)}
	if !rule.nim {
		g, err := rule.SequenceContext(ctx, top, nil)
		if err != nil {
			return nil, err
		}
		s.g = g
	}
	return s, nil
}

// value of one heap.
func (s *Sum) value(h int) int {
	if s.Rule.nim {
		return h
	}
	return int(s.g[h])
}

// HeapValue returns the Sprague-Grundy value of a single heap of size h
// (h must not exceed the largest heap of the sum).
func (s *Sum) HeapValue(h int) int { return s.value(h) }

// Value returns the nim-sum of the heap values: the value of the position.
func (s *Sum) Value() int { return s.valueOf(s.Heaps) }

func (s *Sum) valueOf(heaps []int) int {
	x := 0
	for _, h := range heaps {
		x ^= s.value(h)
	}
	return x
}

// Move is one move in a sum: heap Heap (an index) is replaced by the heaps Into.
type Move struct {
	Heap int
	From int
	Into []int
}

func (m Move) String() string {
	return fmt.Sprintf("heap %d: %d -> %v", m.Heap+1, m.From, m.Into)
}

func into(a, b int) []int {
	if a == 0 {
		return []int{b}
	}
	return []int{a, b}
}

// WinningMove returns a move to a position of value 0, by Bouton's method:
// with total nim-sum x != 0, some heap of value g has g XOR x < g, and since
// g is the mex of its options, one of them has value g XOR x. It reports
// false when the position has value 0.
func (s *Sum) WinningMove() (Move, bool) { return s.winningMove(s.Heaps) }

func (s *Sum) winningMove(heaps []int) (Move, bool) {
	x := s.valueOf(heaps)
	if x == 0 {
		return Move{}, false
	}
	for i, h := range heaps {
		g := s.value(h)
		t := g ^ x
		if t >= g {
			continue
		}
		if s.Rule.nim {
			return Move{i, h, []int{t}}, true
		}
		var mv Move
		found := false
		s.Rule.Options(h, func(a, b int) bool {
			if s.value(a)^s.value(b) == t {
				mv, found = Move{i, h, into(a, b)}, true
				return false
			}
			return true
		})
		if found {
			return mv, true
		}
	}
	panic("heap: no winning move from an N-position; the nim-sequence is inconsistent")
}

// Apply returns the heaps after m.
func Apply(heaps []int, m Move) []int {
	out := make([]int, 0, len(heaps)+1)
	out = append(out, heaps[:m.Heap]...)
	out = append(out, m.Into...)
	return append(out, heaps[m.Heap+1:]...)
}

// randomMove picks a heap that has a move, uniformly, then one of its
// options uniformly (by reservoir sampling).
func (s *Sum) randomMove(heaps []int, rng *rand.Rand) (Move, bool) {
	var movable []int
	for i, h := range heaps {
		has := false
		s.Rule.Options(h, func(a, b int) bool { has = true; return false })
		if has {
			movable = append(movable, i)
		}
	}
	if len(movable) == 0 {
		return Move{}, false
	}
	i := movable[rng.IntN(len(movable))]
	h := heaps[i]
	if s.Rule.nim {
		return Move{i, h, []int{rng.IntN(h)}}, true
	}
	var mv Move
	seen := 0
	s.Rule.Options(h, func(a, b int) bool {
		seen++
		if rng.IntN(seen) == 0 {
			mv = Move{i, h, into(a, b)}
		}
		return true
	})
	return mv, true
}

// Line plays from the position towards the end as in paper 001 fig. 1:
// the player who can win plays Bouton's winning move, the other plays a
// random move (a random heap that can move, then a random option of it),
// seeded. Games on large heaps last long (Kayles removes at most two
// tokens a move), so at most maxSteps steps are played (no limit if
// maxSteps <= 0); complete reports whether the game ended.
func (s *Sum) Line(seed uint64, maxSteps int) (line []grundy.Step, complete bool) {
	for st := range s.Steps(seed) {
		if maxSteps > 0 && len(line) == maxSteps {
			return line, false
		}
		line = append(line, st)
	}
	return line, true
}

// Steps yields the steps of Line one at a time, to the end of the game: a
// caller that prints a long line need not hold it, and may stop between
// any two steps.
func (s *Sum) Steps(seed uint64) iter.Seq[grundy.Step] {
	return func(yield func(grundy.Step) bool) {
		rng := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
		heaps := slices.Clone(s.Heaps)
		for {
			if !yield(grundy.Step{Position: FormatHeaps(heaps), SG: s.valueOf(heaps)}) {
				return
			}
			mv, ok := s.winningMove(heaps)
			if !ok {
				mv, ok = s.randomMove(heaps, rng)
				if !ok {
					return
				}
			}
			heaps = Apply(heaps, mv)
		}
	}
}

// Solution returns the value, the winner and an optimal line of at most
// maxSteps steps.
func (s *Sum) Solution(seed uint64, maxSteps int) grundy.Solution {
	v := s.Value()
	line, complete := s.Line(seed, maxSteps)
	return grundy.Solution{SG: v, Winner: grundy.Winner(v), Line: line, Truncated: !complete}
}

// FormatHeaps renders heaps as "1 3 5 7".
func FormatHeaps(h []int) string {
	p := make([]string, len(h))
	for i, x := range h {
		p[i] = strconv.Itoa(x)
	}
	return strings.Join(p, " ")
}
