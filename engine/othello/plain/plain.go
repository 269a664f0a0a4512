// Package plain is a square-by-square implementation of Othello and of
// the 1-ply weighted-piece-counter player of paper 003, written as
// directly as the rules read: a board of 64 cells, legal moves found by
// walking the eight directions from every empty square, and every
// after-state valued by the full scalar product of eq. (8).
//
// It shares no code with engine/othello: its tests check the bitboards
// against it, and bench/othello measures the bitboards against it.
package plain

import (
	"math"
	"math/rand/v2"
)

// Board holds one cell per square (index 0 is a1, 7 is h1, 63 is h8):
// +1 black, -1 white, 0 empty, and the side to move (+1 or -1).
type Board struct {
	Cells [64]int8
	Turn  int8
}

// Start returns the standard start: white d4 e5, black e4 d5, black to move.
func Start() Board {
	var b Board
	b.Cells[3*8+3], b.Cells[4*8+4] = -1, -1
	b.Cells[3*8+4], b.Cells[4*8+3] = 1, 1
	b.Turn = 1
	return b
}

var directions = [8][2]int{{-1, -1}, {-1, 0}, {-1, 1}, {0, -1}, {0, 1}, {1, -1}, {1, 0}, {1, 1}}

// Flips returns the squares a disc of the side to move placed on s would
// flip, in ascending order (none when s is occupied or the move illegal).
func (b *Board) Flips(s int) []int {
	if b.Cells[s] != 0 {
		return nil
	}
	var out []int
	r0, c0 := s/8, s%8
	for _, d := range directions {
		var run []int
		r, c := r0+d[0], c0+d[1]
		for r >= 0 && r < 8 && c >= 0 && c < 8 && b.Cells[r*8+c] == -b.Turn {
			run = append(run, r*8+c)
			r, c = r+d[0], c+d[1]
		}
		if len(run) > 0 && r >= 0 && r < 8 && c >= 0 && c < 8 && b.Cells[r*8+c] == b.Turn {
			out = append(out, run...)
		}
	}
	sortInts(out)
	return out
}

func sortInts(a []int) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j] < a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}

// Legal returns the legal moves of the side to move, ascending.
func (b *Board) Legal() []int {
	var out []int
	for s := 0; s < 64; s++ {
		if len(b.Flips(s)) > 0 {
			out = append(out, s)
		}
	}
	return out
}

// Play returns the board after the side to move plays the legal move s,
// or passes when s is -1.
func (b Board) Play(s int) Board {
	if s >= 0 {
		for _, f := range b.Flips(s) {
			b.Cells[f] = b.Turn
		}
		b.Cells[s] = b.Turn
	}
	b.Turn = -b.Turn
	return b
}

// Over reports whether neither side can move.
func (b Board) Over() bool {
	if len(b.Legal()) > 0 {
		return false
	}
	b.Turn = -b.Turn
	return len(b.Legal()) == 0
}

// Perft counts leaves at depth d: a pass uses a ply, a finished game is a
// leaf.
func Perft(b Board, d int) int64 {
	if d == 0 {
		return 1
	}
	legal := b.Legal()
	if len(legal) == 0 {
		if b.Over() {
			return 1
		}
		return Perft(b.Play(-1), d-1)
	}
	var n int64
	for _, s := range legal {
		n += Perft(b.Play(s), d-1)
	}
	return n
}

// Value is eq. (8): the sum over squares of cell times weight.
func Value(w *[64]float64, b Board) float64 {
	v := 0.0
	for s := 0; s < 64; s++ {
		v += float64(b.Cells[s]) * w[s]
	}
	return v
}

// Best is the 1-ply player of paper 003 fig. 3: it values the after-state
// of every legal move by eq. (8); black takes the largest value, white
// the smallest. Values within 2e-12 times the sum of the absolute weights
// (far above the rounding of a 64-term sum) count as equal, and the first
// of equal moves in ascending square order is played.
func Best(w *[64]float64, b Board, legal []int) int {
	scale := 0.0
	for _, x := range w {
		scale += math.Abs(x)
	}
	tol := 2e-12 * scale
	best, bestV := -1, 0.0
	for _, s := range legal {
		v := Value(w, b.Play(s))
		if best < 0 || float64(b.Turn)*(v-bestV) > tol {
			best, bestV = s, v
		}
	}
	return best
}

// PlayGame plays a game between two WPC players (nil: a uniformly random
// mover) with forced random moves of probability eps, drawing from rng
// exactly as engine/othello.Play does, and returns black's score.
func PlayGame(black, white *[64]float64, eps float64, rng *rand.Rand) float64 {
	b := Start()
	for {
		legal := b.Legal()
		if len(legal) == 0 {
			if b.Over() {
				break
			}
			b = b.Play(-1)
			continue
		}
		w := black
		if b.Turn == -1 {
			w = white
		}
		var s int
		switch {
		case eps > 0 && rng.Float64() < eps, w == nil:
			s = legal[rng.IntN(len(legal))]
		default:
			s = Best(w, b, legal)
		}
		b = b.Play(s)
	}
	nb, nw := 0, 0
	for _, c := range b.Cells {
		switch c {
		case 1:
			nb++
		case -1:
			nw++
		}
	}
	switch {
	case nb > nw:
		return 1
	case nw > nb:
		return 0
	}
	return 0.5
}
