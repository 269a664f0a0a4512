package games

import (
	"fmt"

	"github.com/coevolab/coevo/engine/game"
)

// Explicit is a game given by its graph: named vertices, the first being
// the start, and the followers of each.
type Explicit struct {
	Names     []string
	Followers [][]int
}

// NewExplicit checks that every follower index names a vertex.
func NewExplicit(names []string, followers [][]int) (*Explicit, error) {
	if len(names) == 0 || len(names) != len(followers) || len(names) > 1<<16 {
		return nil, fmt.Errorf("explicit game: %d names and %d follower lists (need the same number, 1 to 65536)", len(names), len(followers))
	}
	for v, fs := range followers {
		for _, w := range fs {
			if w < 0 || w >= len(names) {
				return nil, fmt.Errorf("explicit game: vertex %q has follower %d, not a vertex", names[v], w)
			}
		}
	}
	return &Explicit{names, followers}, nil
}

func idx(v int) []byte { return []byte{byte(v), byte(v >> 8)} }

// Start implements game.Game.
func (e *Explicit) Start() []byte { return idx(0) }

// Moves implements game.Game.
func (e *Explicit) Moves(p []byte, yield func([]byte)) {
	for _, w := range e.Followers[int(p[0])|int(p[1])<<8] {
		yield(idx(w))
	}
}

// Format implements game.Game.
func (e *Explicit) Format(p []byte) string { return e.Names[int(p[0])|int(p[1])<<8] }

var _ game.Game = (*Explicit)(nil)

// Figure1 is the game of paper 000 figure 1, the example showing that the
// condition of Lemma 2.2 is sufficient but not necessary. The paper gives
// the figure as a picture; its caption fixes W_G = {v0, b} and a sink d
// among the moves of v0 (x(v0) = d wins at once). This graph is our
// reconstruction with those properties:
//
//	v0 -> a, b, d    a -> d    b -> c, d    c -> d
//
// with Sprague-Grundy values v0 = 3, a = 1, b = 2, c = 1, d = 0.
func Figure1() *Explicit {
	e, _ := NewExplicit(
		[]string{"v0", "a", "b", "c", "d"},
		[][]int{{1, 2, 4}, {4}, {3, 4}, {4}, {}},
	)
	return e
}

// Figure4 is the game of paper 000 figure 4, "a game that should be easy to
// optimise, but contains vertices with switchability Theta(n)", as a
// reconstruction from the caption and section 7 (UMDA optimises it from v0
// forwards): a ladder v0 -> v1 -> ... -> v(n-2), where every vi may also
// move to the sink s. Moving to s wins at once, so x(v0) = s is optimal on
// its own, yet reaching vi takes i consecutive choices to continue, so
// s(vi) grows linearly. It has n vertices (n >= 2).
func Figure4(n int) (*Explicit, error) {
	if n < 2 || n > 1<<16 {
		return nil, fmt.Errorf("figure4: n = %d, must be in [2, 65536]", n)
	}
	names := make([]string, n)
	fol := make([][]int, n)
	sink := n - 1
	for i := 0; i < n-1; i++ {
		names[i] = fmt.Sprintf("v%d", i)
		fol[i] = []int{sink}
		if i+1 < n-1 {
			fol[i] = []int{i + 1, sink}
		}
	}
	names[sink] = "s"
	return NewExplicit(names, fol)
}
