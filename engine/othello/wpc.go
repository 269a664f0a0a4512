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
	var e evaluator
	e.prepare(w)
	p, o := b.mover()
	s, _ := e.move(p, o, uint64(legal))
	return s
}

// evaluator is a WPC prepared for the moves of a game: its weights
// indexed by the hash of a one-square set (bitIndex), with weight +0 for
// the empty set, and a bound on the tie tolerance. Play prepares each WPC
// player once a game; Move once a call.
type evaluator struct {
	w  *WPC
	wh [128]float64
	// tolBound is TieTolerance times an upper bound of a + aBest (see
	// Move): four times the sum of the absolute weights, with a margin.
	tolBound float64
}

// bitHash maps the one-square sets 1<<k to distinct numbers 1-127 and the
// empty set to 0: the top seven bits of bitMagic<<k, a 64-bit window of a
// binary de Bruijn sequence of order 7 ending in 1000000, whose 64
// seven-bit windows (zeros shifted in at the end) are distinct and not 0.
// A multiplication, where bits.TrailingZeros64 is a bit scan that older
// amd64 (GOAMD64=v1, Go's default) makes slow.
func bitHash(lsb uint64) uint64 { return lsb * bitMagic >> 57 }

const bitMagic = 0x2a5cd9d3ead7b77f

// squareOf[bitHash(1<<k)] is k.
var squareOf [128]uint8

func init() {
	for k := range 64 {
		squareOf[bitHash(1<<k)] = uint8(k)
	}
}

func (e *evaluator) prepare(w *WPC) {
	e.w = w
	e.wh = [128]float64{}
	abs := 0.0
	for s, x := range w {
		e.wh[bitHash(1<<s)] = x
		abs += math.Abs(x)
	}
	// a <= |w[s]| + 2*(sum over F of |w[f]|) <= 2*abs for every move, so
	// a + aBest <= 4*abs in exact arithmetic. The float sums of at most 64
	// terms are within 1e-13 of it relatively; 4.5*abs leaves a wide
	// margin, and the constant keeps it for subnormal weights. An
	// infinite or NaN sum makes the bound useless, never wrong: then every
	// close call is computed in full.
	e.tolBound = TieTolerance * (4.5*abs + 1e-300)
}

// move is WPC.Move, with the same arithmetic: g is summed over the
// flipped squares in ascending order, and when a move's gain exceeds the
// best so far by d > 0, the switch needs a and aBest only when d is
// within tolBound of zero; they are then summed exactly as Move defines
// them. (d <= 0 never switches; d > tolBound >= TieTolerance*(a+aBest)
// always does; floating-point rounding is monotone.) So the moves chosen
// are bit for bit those of the direct evaluation (tested against it).
func (e *evaluator) move(p, o, legal uint64) (Square, uint64) {
	w, wh := e.w, &e.wh
	best, bestG, bestF, bestA := uint(64), 0.0, uint64(0), -1.0
	for m := legal; m != 0; m &= m - 1 {
		s := uint(squareOf[bitHash(m&-m)]) & 63
		// f = flips(p, o, s) and g = e.gain(s, f), written out: calls
		// here would spill every live register (Go's calls save none).
		r, c := s>>3, s&7
		out, fl := &outflank[c], &flipped[c]
		sh := r * 8
		f := uint64(fl[out[o>>(sh+1)&63]&uint8(p>>sh)]) << sh
		d := &lines[s]
		f |= uint64(fl[out[(o&d[0])*allRows>>57&63]&uint8((p&d[0])*allRows>>56)]) * allRows & d[0]
		f |= uint64(fl[out[(o&d[1])*allRows>>57&63]&uint8((p&d[1])*allRows>>56)]) * allRows & d[1]
		oc, pc := (o>>c)&fileA*gatherA, (p>>c)&fileA*gatherA
		f |= (uint64(flipped[r][outflank[r][oc>>57&63]&uint8(pc>>56)]) * spreadA & fileA) << c
		// The first three flipped squares without a branch: once x is
		// empty its weight is +0, and adding +0 changes no sum that starts
		// at +0 (such a sum is never -0).
		x := f
		sum := 0.0
		sum += wh[bitHash(x&-x)]
		x &= x - 1
		sum += wh[bitHash(x&-x)]
		x &= x - 1
		sum += wh[bitHash(x&-x)]
		x &= x - 1
		for ; x != 0; x &= x - 1 {
			sum += wh[bitHash(x&-x)]
		}
		g := w[s] + 2*sum
		if best == 64 { // the first legal move
			best, bestG, bestF = s, g, f
			continue
		}
		dg := g - bestG
		take := dg > e.tolBound
		if (dg > 0) != take { // a close call: 0 < dg <= tolBound
			if bestA < 0 {
				bestA = absGain(w, best, bestF)
			}
			take = dg > TieTolerance*(absGain(w, s, f)+bestA)
		}
		if take {
			best, bestG, bestF, bestA = s, g, f, -1
		}
	}
	if best == 64 {
		return Pass, 0
	}
	return Square(best), bestF
}

// absGain is a = |w[s]| + 2*(|w[f1]| + |w[f2]| + ...) for the move on s
// that flips f, summed in ascending square order.
func absGain(w *WPC, s uint, f uint64) float64 {
	abs := 0.0
	for ; f != 0; f &= f - 1 {
		abs += math.Abs(w[bits.TrailingZeros64(f)&63])
	}
	return math.Abs(w[s&63]) + 2*abs
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
