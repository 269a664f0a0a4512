package games

import (
	"encoding/binary"
	"fmt"
	"math/bits"
	"strconv"
	"strings"
	"sync"
)

// SilverDollar is SILVERDOLLAR_m^k of paper 000 section 6.2 (the variant
// without the silver dollar; Berlekamp, Conway and Guy, Winning Ways): k
// coins on a strip of m squares, initially on the rightmost k squares; a
// move slides one coin any number of squares to the left without passing
// or landing on another coin. A position lists the coins' squares,
// numbered 0 (leftmost) to m-1.
type SilverDollar struct {
	M, K int

	once sync.Once
	bin  []int64 // binomial coefficients for the index
}

// NewSilverDollar checks 1 <= k <= m <= 255.
func NewSilverDollar(m, k int) (*SilverDollar, error) {
	if m < 1 || m > 255 {
		return nil, fmt.Errorf("silver dollar: m = %d squares, must be in [1, 255]", m)
	}
	if k < 1 || k > m {
		return nil, fmt.Errorf("silver dollar: k = %d coins, must be in [1, m=%d]", k, m)
	}
	return &SilverDollar{M: m, K: k}, nil
}

// Start implements game.Game.
func (s *SilverDollar) Start() []byte {
	p := make([]byte, s.K)
	for i := range p {
		p[i] = byte(s.M - s.K + i)
	}
	return p
}

// Moves implements game.Game.
func (s *SilverDollar) Moves(p []byte, yield func([]byte)) {
	q := make([]byte, len(p))
	for i := range p {
		lo := 0
		if i > 0 {
			lo = int(p[i-1]) + 1
		}
		for to := int(p[i]) - 1; to >= lo; to-- {
			copy(q, p)
			q[i] = byte(to)
			yield(q)
		}
	}
}

// Format implements game.Game: the strip, 'o' for a coin, '.' for empty.
func (s *SilverDollar) Format(p []byte) string {
	b := []byte(strings.Repeat(".", s.M))
	for _, c := range p {
		b[c] = 'o'
	}
	return string(b)
}

// Gaps returns the numbers of empty squares left of each coin: before the
// first coin, then between consecutive coins.
func (s *SilverDollar) Gaps(p []byte) []int {
	g := make([]int, len(p))
	prev := -1
	for i, c := range p {
		g[i] = int(c) - prev - 1
		prev = int(c)
	}
	return g
}

// TurningTurtles is TURNINGTURTLES_m of paper 000 section 6.3 (Winning Ways
// ch. 14): m coins in a row, all heads at the start; a move turns one coin
// from heads to tails and optionally turns one more coin anywhere to its
// left. Coins are numbered 1..m from the left.
type TurningTurtles struct{ M int }

// NewTurningTurtles checks 1 <= m <= 63.
func NewTurningTurtles(m int) (*TurningTurtles, error) {
	if m < 1 || m > 63 {
		return nil, fmt.Errorf("turning turtles: m = %d coins, must be in [1, 63]", m)
	}
	return &TurningTurtles{m}, nil
}

// Heads decodes a position into its set of heads: bit i-1 is coin i.
func (t *TurningTurtles) Heads(p []byte) uint64 { return binary.LittleEndian.Uint64(p) }

// Position encodes a set of heads.
func (t *TurningTurtles) Position(heads uint64) []byte {
	return binary.LittleEndian.AppendUint64(nil, heads)
}

// Start implements game.Game.
func (t *TurningTurtles) Start() []byte { return t.Position(1<<t.M - 1) }

// Moves implements game.Game.
func (t *TurningTurtles) Moves(p []byte, yield func([]byte)) {
	h := t.Heads(p)
	q := make([]byte, 8)
	for i := 0; i < t.M; i++ {
		if h>>i&1 == 0 {
			continue
		}
		base := h &^ (1 << i)
		binary.LittleEndian.PutUint64(q, base)
		yield(q)
		for j := 0; j < i; j++ {
			binary.LittleEndian.PutUint64(q, base^1<<j)
			yield(q)
		}
	}
}

// Format implements game.Game: 'H' and 'T' from coin 1 to coin m.
func (t *TurningTurtles) Format(p []byte) string {
	h := t.Heads(p)
	b := make([]byte, t.M)
	for i := range b {
		b[i] = 'T'
		if h>>i&1 == 1 {
			b[i] = 'H'
		}
	}
	return string(b)
}

// Chomp is Chomp on an r x c board (Gale 1974; paper 000 section 6.4): a
// move removes a square and every square above and to its right; the
// poison square at the lower left is never taken, so the position where it
// alone remains is terminal and the player to move there loses (paper 000
// removes the empty position to play Chomp under the normal convention).
// A position lists row lengths from the bottom row up; they never increase.
type Chomp struct {
	Rows, Cols int

	once sync.Once
	idx  *chompIndex
}

// NewChomp checks 1 <= rows, cols <= 255.
func NewChomp(rows, cols int) (*Chomp, error) {
	if rows < 1 || rows > 255 || cols < 1 || cols > 255 {
		return nil, fmt.Errorf("chomp: %d x %d board, rows and columns must be in [1, 255]", rows, cols)
	}
	return &Chomp{Rows: rows, Cols: cols}, nil
}

// Start implements game.Game.
func (c *Chomp) Start() []byte {
	p := make([]byte, c.Rows)
	for i := range p {
		p[i] = byte(c.Cols)
	}
	return p
}

// Moves implements game.Game.
func (c *Chomp) Moves(p []byte, yield func([]byte)) {
	q := make([]byte, len(p))
	for y := range p {
		for x := 0; x < int(p[y]); x++ {
			if x == 0 && y == 0 {
				continue // the poison square
			}
			copy(q, p)
			for yy := y; yy < len(q) && int(q[yy]) > x; yy++ {
				q[yy] = byte(x)
			}
			yield(q)
		}
	}
}

// Format implements game.Game: row lengths from the bottom, e.g. "3 2 2 0".
func (c *Chomp) Format(p []byte) string {
	s := make([]string, len(p))
	for i, x := range p {
		s[i] = strconv.Itoa(int(x))
	}
	return strings.Join(s, " ")
}

// Cram is Cram on an r x c board (Winning Ways ch. 22; paper 002 ruleset
// 4.7): a move fills two empty orthogonally adjacent squares. Board cells
// are numbered row by row; at most 64 cells.
type Cram struct{ Rows, Cols int }

// NewCram checks the board has at most 64 cells.
func NewCram(rows, cols int) (*Cram, error) {
	if rows < 1 || cols < 1 || rows*cols > 64 {
		return nil, fmt.Errorf("cram: %d x %d board, need 1 <= rows*cols <= 64", rows, cols)
	}
	return &Cram{rows, cols}, nil
}

// Start implements game.Game: the empty board.
func (c *Cram) Start() []byte { return make([]byte, 8) }

// Moves implements game.Game.
func (c *Cram) Moves(p []byte, yield func([]byte)) {
	full := binary.LittleEndian.Uint64(p)
	q := make([]byte, 8)
	for r := 0; r < c.Rows; r++ {
		for col := 0; col < c.Cols; col++ {
			i := r*c.Cols + col
			if full>>i&1 == 1 {
				continue
			}
			if col+1 < c.Cols && full>>(i+1)&1 == 0 {
				binary.LittleEndian.PutUint64(q, full|1<<i|1<<(i+1))
				yield(q)
			}
			if r+1 < c.Rows && full>>(i+c.Cols)&1 == 0 {
				binary.LittleEndian.PutUint64(q, full|1<<i|1<<(i+c.Cols))
				yield(q)
			}
		}
	}
}

// Format implements game.Game: rows separated by '/', '#' filled, '.' empty.
func (c *Cram) Format(p []byte) string {
	full := binary.LittleEndian.Uint64(p)
	var b strings.Builder
	for r := 0; r < c.Rows; r++ {
		if r > 0 {
			b.WriteByte('/')
		}
		for col := 0; col < c.Cols; col++ {
			if full>>(r*c.Cols+col)&1 == 1 {
				b.WriteByte('#')
			} else {
				b.WriteByte('.')
			}
		}
	}
	return b.String()
}

// ArcKayles is Arc Kayles on a graph (Schaefer 1978; paper 002 ruleset 4.2):
// a move removes an edge together with every edge that shares an end with
// it. Edges are numbered in the order given; at most 64.
type ArcKayles struct{ Edges [][2]int }

// NewArcKayles checks the edge list.
func NewArcKayles(edges [][2]int) (*ArcKayles, error) {
	if len(edges) == 0 || len(edges) > 64 {
		return nil, fmt.Errorf("arc kayles: %d edges, need 1 to 64", len(edges))
	}
	for i, e := range edges {
		if e[0] == e[1] {
			return nil, fmt.Errorf("arc kayles: edge %d (%d-%d) is a loop", i+1, e[0], e[1])
		}
	}
	return &ArcKayles{edges}, nil
}

// ParseEdges reads an edge list such as "1-2,2-3,3-1".
func ParseEdges(s string) ([][2]int, error) {
	var edges [][2]int
	for _, f := range strings.Split(s, ",") {
		a, b, ok := strings.Cut(strings.TrimSpace(f), "-")
		x, err1 := strconv.Atoi(a)
		y, err2 := strconv.Atoi(b)
		if !ok || err1 != nil || err2 != nil {
			return nil, fmt.Errorf("edge %q: want two vertex numbers joined by '-', e.g. 1-2", f)
		}
		edges = append(edges, [2]int{x, y})
	}
	return edges, nil
}

// Start implements game.Game: every edge present.
func (a *ArcKayles) Start() []byte {
	all := uint64(1)<<len(a.Edges) - 1
	if len(a.Edges) == 64 {
		all = ^uint64(0)
	}
	return binary.LittleEndian.AppendUint64(nil, all)
}

// Moves implements game.Game.
func (a *ArcKayles) Moves(p []byte, yield func([]byte)) {
	left := binary.LittleEndian.Uint64(p)
	q := make([]byte, 8)
	for m := left; m != 0; m &= m - 1 {
		i := bits.TrailingZeros64(m)
		e := a.Edges[i]
		next := left
		for r := left; r != 0; r &= r - 1 {
			j := bits.TrailingZeros64(r)
			f := a.Edges[j]
			if f[0] == e[0] || f[0] == e[1] || f[1] == e[0] || f[1] == e[1] {
				next &^= 1 << j
			}
		}
		binary.LittleEndian.PutUint64(q, next)
		yield(q)
	}
}

// Format implements game.Game: the remaining edges.
func (a *ArcKayles) Format(p []byte) string {
	left := binary.LittleEndian.Uint64(p)
	var s []string
	for m := left; m != 0; m &= m - 1 {
		e := a.Edges[bits.TrailingZeros64(m)]
		s = append(s, fmt.Sprintf("%d-%d", e[0], e[1]))
	}
	if len(s) == 0 {
		return "(no edges)"
	}
	return strings.Join(s, ",")
}

// Euclid is Euclid's game on two positive numbers (Cole and Davie 1969;
// paper 004): a move subtracts a positive multiple of the smaller number
// from the larger, keeping it non-negative; the player who reduces a
// number to 0 wins, so a position holding a 0 is terminal.
type Euclid struct{ A, B uint64 }

// NewEuclid checks both numbers are positive.
func NewEuclid(a, b int) (*Euclid, error) {
	if a < 1 || b < 1 {
		return nil, fmt.Errorf("euclid: numbers %d and %d must both be positive", a, b)
	}
	return &Euclid{uint64(a), uint64(b)}, nil
}

// Start implements game.Game.
func (e *Euclid) Start() []byte { return e.encode(e.A, e.B) }

func (e *Euclid) encode(a, b uint64) []byte {
	if a < b {
		a, b = b, a
	}
	return binary.LittleEndian.AppendUint64(binary.LittleEndian.AppendUint64(nil, a), b)
}

// Moves implements game.Game.
func (e *Euclid) Moves(p []byte, yield func([]byte)) {
	a, b := binary.LittleEndian.Uint64(p), binary.LittleEndian.Uint64(p[8:])
	if b == 0 {
		return
	}
	for k := uint64(1); k*b <= a; k++ {
		yield(e.encode(a-k*b, b))
	}
}

// Format implements game.Game: "a b" with a >= b.
func (e *Euclid) Format(p []byte) string {
	return fmt.Sprintf("%d %d", binary.LittleEndian.Uint64(p), binary.LittleEndian.Uint64(p[8:]))
}
