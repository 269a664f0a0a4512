package othello

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"math/bits"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
)

// WPC is a weighted piece counter (paper 003 section VI): one weight per
// square, indexed like Square (a1, b1, ..., h8). As a Player it is the
// 1-ply player of paper 003 fig. 3.
type WPC [64]float64

// Value is eq. (8) of paper 003: the scalar product of the board vector
// (+1 black disc, -1 white disc, 0 empty) with the weights.
func (w *WPC) Value(b Board) float64 {
	v := 0.0
	for s := 0; s < 64; s++ {
		v += float64(b.At(Square(s))) * w[s]
	}
	return v
}

// Move is the 1-ply player of paper 003 fig. 3: it evaluates the
// after-state of every legal move by eq. (8), and black takes the largest
// value, white the smallest.
//
// The after-state of a move on s that flips the squares F differs from the
// current board in s and F only, so its value is the current value plus
// c*g(s), where c is the mover's sign (+1 black, -1 white) and
//
//	g(s) = w[s] + 2*(w[f1] + w[f2] + ...)   (f1 < f2 < ... the squares of F)
//
// Black maximising and white minimising the after-state value are thus
// the same rule: play the move with the largest gain g.
//
// Ties. Moves whose values are equal in exact arithmetic (common with
// weights like the heuristic's 0.01, 0.02, 0.05) can differ in float64 by
// rounding, and rounding must not decide. So Move scans the legal moves
// in a1, b1, ..., h1, a2, ..., h8 order and switches to a move only when
// its gain exceeds the best gain so far by more than
// TieTolerance*(a + aBest), where a = |w[s]| + 2*(|w[f1]| + ...) bounds
// the rounding error of g. Among moves of equal value the first in that
// order is played.
func (w *WPC) Move(b Board, legal Bitboard, _ *rand.Rand) Square {
	p, o := b.mover()
	best, bestG, bestA := Pass, 0.0, 0.0
	for m := uint64(legal); m != 0; m &= m - 1 {
		s := uint(bits.TrailingZeros64(m))
		sum, abs := 0.0, 0.0
		for f := flips(p, o, s); f != 0; f &= f - 1 {
			x := w[bits.TrailingZeros64(f)]
			sum += x
			abs += math.Abs(x)
		}
		g, a := w[s]+2*sum, math.Abs(w[s])+2*abs
		if best == Pass || g-bestG > TieTolerance*(a+bestA) {
			best, bestG, bestA = Square(s), g, a
		}
	}
	return best
}

// TieTolerance is the relative difference below which two after-state
// values count as equal (see WPC.Move): far above float64 rounding (about
// 1e-16 per operation), far below any difference that weights mean.
const TieTolerance = 1e-12

// String prints the weights as eight rows.
func (w *WPC) String() string {
	var sb strings.Builder
	for r := 0; r < 8; r++ {
		for c := 0; c < 8; c++ {
			if c > 0 {
				sb.WriteByte(' ')
			}
			sb.WriteString(strconv.FormatFloat(w[r*8+c], 'g', 6, 64))
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

// NewWPC returns a WPC with the given 64 weights in square order (a1,
// b1, ..., h8), e.g. a vector from an optimiser.
func NewWPC(weights []float64) (*WPC, error) {
	if len(weights) != 64 {
		return nil, fmt.Errorf("othello: %d weights, a WPC has 64 (one per square)", len(weights))
	}
	var w WPC
	for i, x := range weights {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return nil, fmt.Errorf("othello: weight %d (%v) is %v", i, Square(i), x)
		}
		w[i] = x
	}
	return &w, nil
}

// heuristicRows are rows 1-4 of the standard heuristic weights (paper 003
// fig. 2 left, its reference [33], Yoshioka, Ishii and Ito 1999); rows
// 5-8 mirror rows 4-1.
var heuristicRows = [4][8]float64{
	{1.00, -0.25, 0.10, 0.05, 0.05, 0.10, -0.25, 1.00},
	{-0.25, -0.25, 0.01, 0.01, 0.01, 0.01, -0.25, -0.25},
	{0.10, 0.01, 0.05, 0.02, 0.02, 0.05, 0.01, 0.10},
	{0.05, 0.01, 0.02, 0.01, 0.01, 0.02, 0.01, 0.05},
}

// Heuristic returns the standard heuristic WPC of paper 003 (fig. 2 left;
// its reference [33]).
func Heuristic() *WPC {
	var w WPC
	for r := 0; r < 4; r++ {
		for c := 0; c < 8; c++ {
			w[r*8+c] = heuristicRows[r][c]
			w[(7-r)*8+c] = heuristicRows[r][c]
		}
	}
	return &w
}

// RandomWPC returns the k-th seeded random WPC: 64 weights uniform in
// [-0.5, 0.5] (the random players of paper 003 section VI), drawn from
// the PCG stream (k, 0x5750432d72616e64). The same k always gives the
// same weights, whatever else is seeded.
func RandomWPC(k uint64) *WPC {
	rng := rand.New(rand.NewPCG(k, 0x5750432d72616e64))
	var w WPC
	for s := range w {
		w[s] = rng.Float64() - 0.5
	}
	return &w
}

// ReadWPC reads a WPC from a file: 64 numbers separated by spaces, tabs,
// commas or new lines (eight lines of eight reads naturally), in square
// order a1, b1, ..., h8; text after # on a line is a comment; a leading
// UTF-8 byte order mark is skipped. Errors name the file and line.
func ReadWPC(path string) (*WPC, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ParseWPC(f, path)
}

// ParseWPC reads a WPC in the format of ReadWPC from r; name is used in
// errors.
func ParseWPC(r io.Reader, name string) (*WPC, error) {
	var w WPC
	n := 0
	sc := bufio.NewScanner(r)
	line := 0
	for sc.Scan() {
		line++
		text, _, _ := strings.Cut(sc.Text(), "#")
		if line == 1 {
			text = strings.TrimPrefix(text, "\ufeff") // a byte order mark, as editors on Windows write
		}
		fields := strings.FieldsFunc(text, func(c rune) bool {
			return c == ',' || c == ';' || c == ' ' || c == '\t' || c == '\r'
		})
		for _, fld := range fields {
			x, err := strconv.ParseFloat(fld, 64)
			if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
				return nil, fmt.Errorf("%s:%d: weight %q is not a finite number", name, line, fld)
			}
			if n == 64 {
				return nil, fmt.Errorf("%s:%d: more than 64 weights (a WPC has one per square)", name, line)
			}
			w[n] = x
			n++
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if n < 64 {
		return nil, fmt.Errorf("%s:%d: %d weights, want 64 (one per square, a1 to h8)", name, line, n)
	}
	return &w, nil
}
