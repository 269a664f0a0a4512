package connect4

import (
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
	"strconv"
	"strings"
)

// A Player chooses the column to play in b, a position whose game is not
// over (so at least one column is open). Anything random must come from
// rng, the game's own stream.
type Player interface {
	Move(b Board, rng *rand.Rand) int
}

// RandomMover plays a uniformly random open column.
type RandomMover struct{}

// Move draws one of the open columns uniformly from rng.
func (RandomMover) Move(b Board, rng *rand.Rand) int {
	return nthColumn(b.Legal(), rng.IntN(bits.OnesCount8(b.Legal())))
}

// nthColumn returns the k-th column (from 0, left to right) of the set m.
func nthColumn(m uint8, k int) int {
	for ; k > 0; k-- {
		m &= m - 1
	}
	return bits.TrailingZeros8(m)
}

// lines are the 69 sets of four cells in a line: 24 horizontal, 21
// vertical, 24 diagonal.
var lines = func() []uint64 {
	var ls []uint64
	cell := func(c, r int) uint64 { return 1 << (c*height + r) }
	for c := 0; c < Columns; c++ {
		for r := 0; r < Rows; r++ {
			for _, d := range [4][2]int{{1, 0}, {0, 1}, {1, 1}, {1, -1}} {
				ec, er := c+3*d[0], r+3*d[1]
				if ec < 0 || ec >= Columns || er < 0 || er >= Rows {
					continue
				}
				var m uint64
				for k := 0; k < 4; k++ {
					m |= cell(c+k*d[0], r+k*d[1])
				}
				ls = append(ls, m)
			}
		}
	}
	return ls
}()

// cellIndex maps a bit of a bitboard to its weight: r*7 + c for column c,
// row r (row 0 at the bottom), so weights run a1, b1, ..., g1, a2, ...
var cellIndex = func() (t [Columns * height]int) {
	for c := 0; c < Columns; c++ {
		for r := 0; r < height; r++ {
			t[c*height+r] = -1
			if r < Rows {
				t[c*height+r] = r*Columns + c
			}
		}
	}
	return t
}()

// NumWeights is the number of weights of a Linear evaluation: one per
// cell and six for the lines.
const NumWeights = Cells + 6

// Linear is a linear evaluation of a position, and the 1-ply player it
// makes (as paper 003's weighted piece counters are for Othello). From a
// side's point of view the value of a board is
//
//	sum of W[cell] over the side's stones - sum of W[cell] over the opponent's
//	+ W[42+k-1] for each line of four holding k of the side's stones and none of the opponent's (k = 1, 2, 3)
//	+ W[45+k-1] for each line holding k of the opponent's stones and none of the side's
//
// cells indexed a1, b1, ..., g1, a2, ..., g6 (a1 the bottom left). As a
// Player it plays a winning move if it has one (the first from the left),
// and otherwise the move whose after-state has the largest value for it,
// the leftmost of equal values (Move).
type Linear [NumWeights]float64

// NewLinear returns the Linear evaluation of 48 weights.
func NewLinear(w []float64) (*Linear, error) {
	if len(w) != NumWeights {
		return nil, fmt.Errorf("connect4: %d weights, a linear evaluation has %d (42 cells and 6 lines)", len(w), NumWeights)
	}
	var l Linear
	for i, x := range w {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return nil, fmt.Errorf("connect4: weight %d (%s) is %v", i, WeightNames()[i], x)
		}
		l[i] = x
	}
	return &l, nil
}

// WeightNames names the weights of a Linear: the cells a1 ... g6, then
// own1, own2, own3, opp1, opp2, opp3.
func WeightNames() []string {
	n := make([]string, 0, NumWeights)
	for r := 0; r < Rows; r++ {
		for c := 0; c < Columns; c++ {
			n = append(n, string(rune('a'+c))+strconv.Itoa(r+1))
		}
	}
	return append(n, "own1", "own2", "own3", "opp1", "opp2", "opp3")
}

// Value is the board's value for side (0: X, 1: O).
func (l *Linear) Value(b Board, side int) float64 {
	own, opp := b.stones[side&1], b.stones[1-side&1]
	v := 0.0
	for m := own; m != 0; m &= m - 1 {
		v += l[cellIndex[bits.TrailingZeros64(m)]]
	}
	for m := opp; m != 0; m &= m - 1 {
		v -= l[cellIndex[bits.TrailingZeros64(m)]]
	}
	for _, line := range lines {
		o, p := count(own&line), count(opp&line)
		switch {
		case p == 0 && o > 0 && o < 4:
			v += l[Cells+o-1]
		case o == 0 && p > 0 && p < 4:
			v += l[Cells+3+p-1]
		}
	}
	return v
}

// Move plays a winning move if there is one, else the move whose
// after-state is worth most to the mover (the leftmost of equals, within
// a relative 1e-12, so that rounding does not decide). It compares what
// each move adds to the board's value (the stone's cell, and the lines
// through it), which orders the after-states as their values do.
func (l *Linear) Move(b Board, _ *rand.Rand) int {
	side := b.Mover()
	own, opp := b.stones[side], b.stones[1-side]
	legal := b.Legal()
	mask := own | opp
	best, bestV := -1, math.Inf(-1)
	for c := 0; c < Columns; c++ {
		if legal&(1<<c) == 0 {
			continue
		}
		cell := (mask + bottom&colMask(c)) & colMask(c)
		if fours(own | cell) {
			return c
		}
		if v := l.gain(own, opp, cell); best < 0 || v > bestV+tieTolerance*(math.Abs(v)+math.Abs(bestV)+1) {
			best, bestV = c, v
		}
	}
	return best
}

// tieTolerance: a move replaces the best so far only when it gains more
// by this fraction of their sizes, so that moves of equal value in exact
// arithmetic (common with weights like 0.01 and 0.05), which rounding
// may order either way, go to the leftmost.
const tieTolerance = 1e-12

// gain is what a stone of the side with stones own on cell adds to that
// side's value: the cell's weight, and the change in the lines through
// the cell.
func (l *Linear) gain(own, opp, cell uint64) float64 {
	k := bits.TrailingZeros64(cell)
	v := l[cellIndex[k]]
	for _, line := range linesAt[k] {
		o, p := count(own&line), count(opp&line)
		switch {
		case p == 0:
			// the side's line grows from o to o+1 stones
			v += l[Cells+o]
			if o > 0 {
				v -= l[Cells+o-1]
			}
		case o == 0:
			// the opponent's line of p stones is blocked
			v -= l[Cells+3+p-1]
		}
	}
	return v
}

// linesAt lists, for each bit of a bitboard, the lines of four through
// that cell.
var linesAt = func() (t [Columns * height][]uint64) {
	for _, line := range lines {
		for m := line; m != 0; m &= m - 1 {
			k := bits.TrailingZeros64(m)
			t[k] = append(t[k], line)
		}
	}
	return t
}()

// String writes the cell weights as six rows, the top row first, then
// the line weights.
func (l *Linear) String() string {
	var sb strings.Builder
	for r := Rows - 1; r >= 0; r-- {
		for c := 0; c < Columns; c++ {
			fmt.Fprintf(&sb, "%7.3f", l[r*Columns+c])
		}
		sb.WriteByte('\n')
	}
	fmt.Fprintf(&sb, "lines: own %.3f %.3f %.3f, opponent %.3f %.3f %.3f", l[42], l[43], l[44], l[45], l[46], l[47])
	return sb.String()
}

// linesThrough is the number of lines of four through each cell (3 to
// 13), the classic measure of a cell's worth.
var linesThrough = func() (t [Cells]float64) {
	for _, line := range lines {
		for m := line; m != 0; m &= m - 1 {
			t[cellIndex[bits.TrailingZeros64(m)]]++
		}
	}
	return t
}()

// Heuristic returns a hand-made Linear: each cell worth the number of
// lines of four through it (3 at the corners, 13 in the middle), a
// hundredth each; lines with 1, 2, 3 of one's own stones worth 0.01,
// 0.05, 0.2, and the opponent's -0.01, -0.05, -0.5 (after one's move the
// opponent moves: its three in a line is a threat).
func Heuristic() *Linear {
	var l Linear
	for i, n := range linesThrough {
		l[i] = n / 100
	}
	copy(l[Cells:], []float64{0.01, 0.05, 0.2, -0.01, -0.05, -0.5})
	return &l
}

// AlphaBeta is a fixed-depth alpha-beta (negamax) searcher: it looks
// Depth plies ahead (at least 1), scores a won game 1000 less the plies
// it took (so it prefers quick wins and slow losses), a drawn one 0, and
// a position at the horizon by Eval (Heuristic when nil) for the side to
// move there. It tries the centre columns first (d, c, e, b, f, a, g)
// and plays the first of the best moves in that order.
type AlphaBeta struct {
	Depth int
	Eval  *Linear
}

// order is the order AlphaBeta tries the columns: centre first.
var order = [Columns]int{3, 2, 4, 1, 5, 0, 6}

const winScore = 1000

// Move returns the searcher's move.
func (a *AlphaBeta) Move(b Board, _ *rand.Rand) int {
	eval := a.Eval
	if eval == nil {
		eval = Heuristic()
	}
	depth := max(1, a.Depth)
	legal := b.Legal()
	best, alpha := -1, math.Inf(-1)
	for _, c := range order {
		if legal&(1<<c) == 0 {
			continue
		}
		v := -negamax(b.play(c), depth-1, math.Inf(-1), -alpha, eval)
		if best < 0 || v > alpha {
			best, alpha = c, v
		}
	}
	return best
}

// negamax returns the value of b for the side to move, searched depth
// plies, within the window (alpha, beta).
func negamax(b Board, depth int, alpha, beta float64, eval *Linear) float64 {
	// The side that just moved may have won.
	if fours(b.stones[1-b.plies&1]) {
		return -(winScore - float64(b.plies))
	}
	if b.plies == Cells {
		return 0
	}
	if depth == 0 {
		return eval.Value(b, b.Mover())
	}
	open := b.open()
	for _, c := range order {
		if open&(1<<c) == 0 {
			continue
		}
		v := -negamax(b.play(c), depth-1, -beta, -alpha, eval)
		if v > alpha {
			alpha = v
			if alpha >= beta {
				break
			}
		}
	}
	return alpha
}

// Minimax returns the value of b for the side to move searched depth
// plies by AlphaBeta's rules (the same scores), without pruning: the
// reference the searcher's values are checked against.
func Minimax(b Board, depth int, eval *Linear) float64 {
	if eval == nil {
		eval = Heuristic()
	}
	if fours(b.stones[1-b.plies&1]) {
		return -(winScore - float64(b.plies))
	}
	if b.plies == Cells {
		return 0
	}
	if depth == 0 {
		return eval.Value(b, b.Mover())
	}
	best := math.Inf(-1)
	open := b.open()
	for c := 0; c < Columns; c++ {
		if open&(1<<c) != 0 {
			best = max(best, -Minimax(b.play(c), depth-1, eval))
		}
	}
	return best
}

// Search returns the value of b for the side to move, searched depth
// plies by alpha-beta (the value AlphaBeta maximises at its root).
func Search(b Board, depth int, eval *Linear) float64 {
	if eval == nil {
		eval = Heuristic()
	}
	return negamax(b, depth, math.Inf(-1), math.Inf(1), eval)
}

// PlayerSpecs describes the player names ParsePlayer accepts.
const PlayerSpecs = "heuristic, alphabeta:D (alpha-beta D plies deep, the heuristic at the horizon), random-mover, or file:PATH (48 weights of a Linear)"

// ParsePlayer returns the player a name stands for.
func ParsePlayer(spec string) (Player, error) {
	kind, arg, hasArg := strings.Cut(spec, ":")
	switch {
	case kind == "heuristic" && !hasArg:
		return Heuristic(), nil
	case kind == "random-mover" && !hasArg:
		return RandomMover{}, nil
	case kind == "alphabeta":
		d, err := strconv.Atoi(arg)
		if err != nil || d < 1 || d > 12 {
			return nil, fmt.Errorf("player %q: D in alphabeta:D must be 1 to 12", spec)
		}
		return &AlphaBeta{Depth: d}, nil
	case kind == "file" && arg != "":
		l, err := ReadLinear(arg)
		if err != nil {
			return nil, fmt.Errorf("player %q: %w", spec, err)
		}
		return l, nil
	}
	return nil, fmt.Errorf("player %q: want %s", spec, PlayerSpecs)
}
