package grundy

import (
	"iter"
	"math/rand/v2"

	"github.com/coevolab/coevo/engine/game"
)

// Values returns the Sprague-Grundy value of every vertex of g.
func Values(g *game.Graph) []int32 {
	sg := make([]int32, g.NumVertices())
	// A mex never exceeds the out-degree, so marks beyond it are not needed.
	mark := make([]int32, g.MaxDegree()+2)
	for i := range mark {
		mark[i] = -1
	}
	for _, v := range g.Order {
		fs := g.Followers(v)
		for _, w := range fs {
			if x := sg[w]; int(x) < len(fs)+1 {
				mark[x] = v
			}
		}
		m := int32(0)
		for mark[m] == v {
			m++
		}
		sg[v] = m
	}
	return sg
}

// Mex returns the minimum excluded value of a set of non-negative values.
func Mex(values []int) int {
	seen := make([]bool, len(values)+1)
	for _, x := range values {
		if x >= 0 && x < len(seen) {
			seen[x] = true
		}
	}
	m := 0
	for seen[m] {
		m++
	}
	return m
}

// Outcome is the outcome class of a position.
type Outcome int8

const (
	// P: the previous player (the one who moved here) wins; value 0.
	P Outcome = iota
	// N: the next player (the one to move) wins; value non-zero.
	N
)

func (o Outcome) String() string {
	if o == P {
		return "P"
	}
	return "N"
}

// OutcomeOf returns the outcome class of a position of value sg.
func OutcomeOf(sg int) Outcome {
	if sg == 0 {
		return P
	}
	return N
}

// Winner returns which player wins a game whose start has value sg with
// optimal play: 1 (the first player) when sg is non-zero, else 2.
func Winner(sg int) int {
	if sg != 0 {
		return 1
	}
	return 2
}

// Table is a solved game: a compiled graph with its Sprague-Grundy values.
type Table struct {
	Graph *game.Graph
	SG    []int32
}

// Solve compiles nothing: it computes the values of an already compiled graph.
func Solve(g *game.Graph) *Table { return &Table{Graph: g, SG: Values(g)} }

// SolveGame compiles g with default options and solves it.
func SolveGame(g game.Game) (*Table, error) {
	gr, err := game.Compile(g)
	if err != nil {
		return nil, err
	}
	return Solve(gr), nil
}

// Value returns the Sprague-Grundy value of vertex v.
func (t *Table) Value(v int32) int { return int(t.SG[v]) }

// Outcome returns the outcome class of vertex v.
func (t *Table) Outcome(v int32) Outcome { return OutcomeOf(int(t.SG[v])) }

// WinningMoves returns the followers of v with value 0: the moves that win
// with optimal play thereafter. It is empty exactly when v is a P-position.
func (t *Table) WinningMoves(v int32) []int32 {
	var w []int32
	for _, u := range t.Graph.Followers(v) {
		if t.SG[u] == 0 {
			w = append(w, u)
		}
	}
	return w
}

// Step is one position on a line of play.
type Step struct {
	Position string `json:"position"`
	SG       int    `json:"sg"`
}

// Line plays from the start towards a terminal position as in paper 001
// fig. 1: whoever can win moves to a position of value 0 (the first such
// follower), the other player moves to a follower chosen uniformly by a
// generator seeded with seed. The start is the first step. At most
// maxSteps steps are returned (no limit if maxSteps <= 0); complete
// reports whether the line reached a terminal position.
func (t *Table) Line(seed uint64, maxSteps int) (line []Step, complete bool) {
	return takeSteps(t.Steps(seed), maxSteps)
}

// Steps yields the steps of Line one at a time, to the end of the game:
// a caller that prints a long line need not hold it, and may stop at any
// step.
func (t *Table) Steps(seed uint64) iter.Seq[Step] {
	return playLine(seed, game.Start, func(v int32) int32 { return t.SG[v] }, t.Graph.Followers, t.Graph.Format)
}

// takeSteps collects at most maxSteps steps (all if maxSteps <= 0);
// complete reports whether steps ended there.
func takeSteps(steps iter.Seq[Step], maxSteps int) (line []Step, complete bool) {
	for st := range steps {
		if maxSteps > 0 && len(line) == maxSteps {
			return line, false
		}
		line = append(line, st)
	}
	return line, true
}

// playLine is Steps for positions named by any integer type.
func playLine[V int32 | int64](seed uint64, v V, value func(V) int32, followers func(V) []V, format func(V) string) iter.Seq[Step] {
	return func(yield func(Step) bool) {
		rng := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
		for {
			sg := value(v)
			if !yield(Step{format(v), int(sg)}) {
				return
			}
			fs := followers(v)
			if len(fs) == 0 {
				return
			}
			next := fs[rng.IntN(len(fs))]
			if sg != 0 {
				for _, w := range fs {
					if value(w) == 0 {
						next = w
						break
					}
				}
			}
			v = next
		}
	}
}

// Solution summarises a solved start position.
type Solution struct {
	SG     int    `json:"sg"`
	Winner int    `json:"winner"`
	Line   []Step `json:"line,omitempty"`
	// Truncated: the line stopped at its step limit before the game ended.
	Truncated bool `json:"truncated,omitempty"`
}

// Solution returns the value of the start, its winner and an optimal line
// of at most maxSteps steps (see Line).
func (t *Table) Solution(seed uint64, maxSteps int) Solution {
	sg := int(t.SG[game.Start])
	line, complete := t.Line(seed, maxSteps)
	return Solution{SG: sg, Winner: Winner(sg), Line: line, Truncated: !complete}
}
