package umda

import (
	"errors"

	"github.com/coevolab/coevo/engine/game"
	"github.com/coevolab/coevo/engine/grundy"
)

// Game is a compiled game prepared for strategies.
type Game struct {
	Graph *game.Graph
	// Fictitious: a root v* with the single move v* -> v0 was added
	// because the second player wins the game (paper 000 section 2).
	Fictitious bool
	// Interior lists the interior positions (vertex ids; the fictitious
	// root, if any, is id Graph.NumVertices()).
	Interior []int32
	index    []int32 // vertex -> index in Interior, or -1
	sg       []int32
	root     int32
}

// Options control Prepare.
type Options struct {
	// NoFictitiousRoot keeps a game whose second player wins as it is;
	// then no strategy is optimal for the first player.
	NoFictitiousRoot bool
}

// Prepare indexes the interior positions of g and adds the fictitious root
// when the second player wins (unless opt says not to).
func Prepare(g *game.Graph, opt Options) (*Game, error) {
	n := g.NumVertices()
	if n == 0 {
		return nil, errors.New("umda: empty game")
	}
	sg := grundy.Values(g)
	G := &Game{Graph: g, sg: sg, root: game.Start}
	if sg[game.Start] == 0 && !opt.NoFictitiousRoot {
		G.Fictitious = true
		G.root = int32(n)
		G.sg = append(G.sg, 1) // v* moves to v0 of value 0
	}
	G.index = make([]int32, len(G.sg))
	for v := range G.index {
		G.index[v] = -1
		if len(G.Followers(int32(v))) > 0 {
			G.index[v] = int32(len(G.Interior))
			G.Interior = append(G.Interior, int32(v))
		}
	}
	if len(G.Interior) == 0 {
		return nil, errors.New("umda: the start is terminal: no strategy to learn")
	}
	return G, nil
}

var startMove = []int32{game.Start}

// Followers returns F(v), including for the fictitious root.
func (G *Game) Followers(v int32) []int32 {
	if G.Fictitious && v == int32(G.Graph.NumVertices()) {
		return startMove
	}
	return G.Graph.Followers(v)
}

// Root is the start of play (v* when the fictitious root was added).
func (G *Game) Root() int32 { return G.root }

// NumPositions is n, counting the fictitious root.
func (G *Game) NumPositions() int { return len(G.sg) }

// SG returns the Sprague-Grundy value of v.
func (G *Game) SG(v int32) int { return int(G.sg[v]) }

// Index returns the interior index of v, or -1 for a sink.
func (G *Game) Index(v int32) int { return int(G.index[v]) }

// A Strategy chooses, for the i-th interior position, its follower
// number S[i] (an index into Followers).
type Strategy []int32

// Move returns x(v).
func (G *Game) Move(x Strategy, v int32) int32 { return G.Followers(v)[x[G.index[v]]] }

// Play plays x (moving first) against y from the root and reports whether
// x wins, f_G(x, y) = 1. If path is not nil, the positions visited are
// appended to it.
func (G *Game) Play(x, y Strategy, path *[]int32) bool { return G.PlayFrom(G.root, x, y, path) }

// PlayFrom is f_G^v(x, y): play from v, x to move.
func (G *Game) PlayFrom(v int32, x, y Strategy, path *[]int32) bool {
	xToMove := true
	for {
		if path != nil {
			*path = append(*path, v)
		}
		if G.index[v] < 0 {
			return !xToMove // the player to move at a sink loses
		}
		if xToMove {
			v = G.Move(x, v)
		} else {
			v = G.Move(y, v)
		}
		xToMove = !xToMove
	}
}

// Optimal reports whether x is in Opt(G): x, moving first, wins against
// every y. It evaluates, in reverse topological order, which positions x
// wins from when it is x's turn (it moves to a position it wins with y to
// move) and when it is y's turn (a sink, or every move leads to a
// position x wins).
func (G *Game) Optimal(x Strategy) bool {
	n := len(G.sg)
	winX := make([]bool, n) // x to move at v, x wins whatever y does
	winY := make([]bool, n) // y to move at v, x wins whatever y does
	order := G.Graph.Order
	eval := func(v int32) {
		fs := G.Followers(v)
		if len(fs) == 0 {
			winY[v] = true
			return
		}
		winX[v] = winY[G.Move(x, v)]
		all := true
		for _, w := range fs {
			if !winX[w] {
				all = false
				break
			}
		}
		winY[v] = all
	}
	for _, v := range order {
		eval(v)
	}
	if G.Fictitious {
		eval(G.root)
	}
	return winX[G.root]
}

// OptimalBySG is the same test as Optimal, by soundMoves: every position
// reachable with x to move is left for a position of value 0. It stops at
// the first wrong move. It needs a first-player win at the root (which
// Prepare ensures unless told not to) and reports false otherwise.
func (G *Game) OptimalBySG(x Strategy) bool {
	if G.sg[G.root] == 0 {
		return false
	}
	var m marks
	return G.soundMoves(func(v int32) int32 { return G.Move(x, v) }, &m)
}

// Critical returns W_G (paper 000 definition 2.1): interior positions of
// non-zero value with a follower of non-zero value.
func (G *Game) Critical() []int32 {
	var w []int32
	for _, v := range G.Interior {
		if G.sg[v] == 0 {
			continue
		}
		for _, u := range G.Followers(v) {
			if G.sg[u] != 0 {
				w = append(w, v)
				break
			}
		}
	}
	return w
}

// Lemma22 is the sufficient condition of paper 000 Lemma 2.2: x moves to a
// position of value 0 at every critical position. It implies Optimal(x).
func (G *Game) Lemma22(x Strategy) bool {
	for _, v := range G.Critical() {
		if G.sg[G.Move(x, v)] != 0 {
			return false
		}
	}
	return true
}

// MaxDegree is Delta, counting the fictitious root.
func (G *Game) MaxDegree() int { return max(G.Graph.MaxDegree(), 1) }
