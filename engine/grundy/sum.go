package grundy

import (
	"context"
	"iter"
	"math/rand/v2"
	"strings"

	"github.com/coevolab/coevo/engine/game"
)

// SumTable is a disjunctive sum of games solved component by component:
// each component is compiled and solved once, and the value of a position
// is the nim-sum of its components' values (paper 001 section 3.2.2), so
// the product of the components' position sets is never built.
type SumTable struct {
	Parts []*Table
	// Sep joins the components' positions when formatting (" + " by default).
	Sep string
}

// SolveSum compiles and solves each component.
func SolveSum(ctx context.Context, parts []game.Game, opt game.Options) (*SumTable, error) {
	s := &SumTable{Sep: " + "}
	for _, p := range parts {
		gr, err := game.CompileContext(ctx, p, opt)
		if err != nil {
			return nil, err
		}
		s.Parts = append(s.Parts, Solve(gr))
	}
	return s, nil
}

// Value returns the value of the start: the nim-sum of the components' starts.
func (s *SumTable) Value() int {
	x := 0
	for _, t := range s.Parts {
		x ^= t.Value(game.Start)
	}
	return x
}

// NumPositions returns the number of positions of the sum (the product of
// the components' counts), saturating at the largest int.
func (s *SumTable) NumPositions() int {
	n := 1
	for _, t := range s.Parts {
		v := t.Graph.NumVertices()
		if n > int(^uint(0)>>1)/v {
			return int(^uint(0) >> 1)
		}
		n *= v
	}
	return n
}

func (s *SumTable) format(at []int32) string {
	f := make([]string, len(at))
	for i, t := range s.Parts {
		f[i] = t.Graph.Format(at[i])
	}
	return strings.Join(f, s.Sep)
}

func (s *SumTable) value(at []int32) int {
	x := 0
	for i, t := range s.Parts {
		x ^= t.Value(at[i])
	}
	return x
}

// winningMove returns the component and follower of a move to value 0
// (Bouton's method on the components' values), or ok = false.
func (s *SumTable) winningMove(at []int32) (part int, to int32, ok bool) {
	x := s.value(at)
	if x == 0 {
		return 0, 0, false
	}
	for i, t := range s.Parts {
		g := t.Value(at[i])
		target := g ^ x
		if target >= g {
			continue
		}
		for _, w := range t.Graph.Followers(at[i]) {
			if t.Value(w) == target {
				return i, w, true
			}
		}
	}
	panic("grundy: no winning move from an N-position of a sum")
}

// WinningMoves returns the positions reachable in one move with value 0.
func (s *SumTable) WinningMoves() []string {
	at := make([]int32, len(s.Parts))
	x := s.value(at)
	var out []string
	for i, t := range s.Parts {
		target := t.Value(at[i]) ^ x
		for _, w := range t.Graph.Followers(at[i]) {
			if t.Value(w) == target && x != 0 {
				next := append([]int32(nil), at...)
				next[i] = w
				out = append(out, s.format(next))
			}
		}
	}
	return out
}

// Solution plays the line of paper 001 fig. 1 on the sum: the player who
// can win makes Bouton's move, the other moves in a random component that
// has moves, to a random follower (seeded). The line has at most maxSteps
// steps (no limit if maxSteps <= 0).
func (s *SumTable) Solution(seed uint64, maxSteps int) Solution {
	line, complete := takeSteps(s.Steps(seed), maxSteps)
	v := s.Value()
	return Solution{SG: v, Winner: Winner(v), Line: line, Truncated: !complete}
}

// Steps yields the steps of the line Solution plays, one at a time, to
// the end of the game.
func (s *SumTable) Steps(seed uint64) iter.Seq[Step] {
	return func(yield func(Step) bool) {
		rng := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
		at := make([]int32, len(s.Parts))
		for {
			if !yield(Step{s.format(at), s.value(at)}) {
				return
			}
			if i, w, ok := s.winningMove(at); ok {
				at[i] = w
				continue
			}
			var movable []int
			for i, t := range s.Parts {
				if t.Graph.OutDegree(at[i]) > 0 {
					movable = append(movable, i)
				}
			}
			if len(movable) == 0 {
				return
			}
			i := movable[rng.IntN(len(movable))]
			fs := s.Parts[i].Graph.Followers(at[i])
			at[i] = fs[rng.IntN(len(fs))]
		}
	}
}
