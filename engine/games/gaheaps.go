package games

import (
	"fmt"
	"slices"
	"strings"

	"github.com/coevolab/coevo/engine/heap"
)

// Runs returns the run lengths of a bit string, the heaps of paper 002
// section 2: 001000111 has runs 2 1 3 3.
func Runs(bits string) []int {
	var r []int
	for i := 0; i < len(bits); {
		j := i
		for j < len(bits) && bits[j] == bits[i] {
			j++
		}
		r = append(r, j-i)
		i = j
	}
	return r
}

// RunBits returns the bit string whose runs are runs, starting with 0s:
// 2 1 3 -> 001000. Empty runs are skipped.
func RunBits(runs []int) string {
	var b strings.Builder
	bit := byte('0')
	for _, r := range runs {
		if r <= 0 {
			continue
		}
		b.WriteString(strings.Repeat(string(bit), r))
		bit = flip(bit)
	}
	return b.String()
}

// GA1Rule is GA1 played on its runs: a legal crossover cuts a run in two
// (removing nothing, leaving two heaps: octal digit d0 = 4) and a legal
// mutation flips a bit inside a run, leaving two runs around a dead run of
// 1 (removing 1, leaving two heaps: d1 = 4), or flips an end bit, which is
// again a cut. Runs of 1 admit no move. So GA1 is the octal game 4.4 on the
// run lengths, a sum of single runs (paper 002 proposition 2.3), and a run
// of n has the value of a Kayles heap of n-1 (theorem 2.5). Tested against
// the bit-string game on every string up to length 11.
func GA1Rule() *heap.Rule {
	r, err := heap.Octal("4.4")
	if err != nil {
		panic(err) // a constant code
	}
	return r
}

// GA1Heaps is GA1 on the given run lengths.
func GA1Heaps(runs ...int) (*Heaps, error) { return NewHeaps(GA1Rule(), runs) }

// GA2Heaps is GA2 (paper 002 ruleset 3.1) played on run lengths. A move
// splits one run into two or three runs, or splits two runs into two each
// (the three cases of section 3): flipping bits x..y-1 changes the entropy
// only at the cut before x (if x > 1) and the cut before y, and the entropy
// grows only when every changed cut falls inside a run. It is not a sum of
// single runs, since a move may touch two. A position is the multiset of
// runs of at least 2 (runs of 1 admit no move), sorted. Tested against the
// bit-string game on every string up to length 11.
type GA2Heaps struct{ Runs []int }

// NewGA2Heaps checks the run lengths.
func NewGA2Heaps(runs ...int) (*GA2Heaps, error) {
	for _, r := range runs {
		if r < 0 || r > heap.MaxHeap {
			return nil, fmt.Errorf("ga2: run length %d out of range [0, %d]", r, heap.MaxHeap)
		}
	}
	return &GA2Heaps{Runs: slices.Clone(runs)}, nil
}

func liveRuns(runs []int) []int {
	out := make([]int, 0, len(runs))
	for _, r := range runs {
		if r >= 2 {
			out = append(out, r)
		}
	}
	slices.Sort(out)
	return out
}

// Start implements game.Game.
func (g *GA2Heaps) Start() []byte { return encodeInts(nil, liveRuns(g.Runs)) }

// Moves implements game.Game.
func (g *GA2Heaps) Moves(p []byte, yield func([]byte)) {
	hs := decodeInts(p)
	var buf []byte
	next := make([]int, 0, len(hs)+2)
	emit := func(skip1, skip2 int, parts ...int) {
		next = next[:0]
		for k, h := range hs {
			if k != skip1 && k != skip2 {
				next = append(next, h)
			}
		}
		next = append(next, parts...)
		buf = encodeInts(buf, liveRuns(next))
		yield(buf)
	}
	for i, h := range hs {
		if i > 0 && hs[i-1] == h {
			continue // the same moves as the equal run before
		}
		for a := 1; 2*a <= h; a++ {
			emit(i, -1, a, h-a)
			for b := a; a+2*b <= h; b++ {
				emit(i, -1, a, b, h-a-b)
			}
		}
		for j := i + 1; j < len(hs); j++ {
			k := hs[j]
			if j > i+1 && hs[j-1] == k {
				continue
			}
			for a := 1; 2*a <= h; a++ {
				for b := 1; 2*b <= k; b++ {
					if h == k && b < a {
						continue // the same as splitting (b, a)
					}
					emit(i, j, a, h-a, b, k-b)
				}
			}
		}
	}
}

// Format implements game.Game: the runs of at least 2, or "-" when none
// is left.
func (g *GA2Heaps) Format(p []byte) string {
	if len(p) == 0 {
		return "-"
	}
	return heap.FormatHeaps(decodeInts(p))
}

// HeapsOf returns the heap sizes of an encoded position of a heap game
// (Heaps, GA1Heaps, GA2Heaps), in the game's canonical order.
func HeapsOf(p []byte) []int { return decodeInts(p) }
