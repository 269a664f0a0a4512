package othello

import (
	"fmt"
	"math/bits"
	"strings"
)

// Square is a square of the board: 0 is a1, 1 is b1, ..., 7 is h1, 8 is
// a2, ..., 63 is h8 (columns a-h left to right, rows 1-8 top to bottom,
// the standard Othello notation). Pass is the move of a player who has no
// legal move.
type Square int8

// Pass is the move of a player with no legal move.
const Pass Square = -1

// ParseSquare reads a square in a1-h8 notation (either case) or "pass".
func ParseSquare(s string) (Square, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	if t == "pass" || t == "pa" {
		return Pass, nil
	}
	if len(t) != 2 || t[0] < 'a' || t[0] > 'h' || t[1] < '1' || t[1] > '8' {
		return 0, fmt.Errorf("square %q: want a1-h8 or pass", s)
	}
	return Square(int(t[1]-'1')*8 + int(t[0]-'a')), nil
}

// String returns the square in a1-h8 notation, or "pass".
func (s Square) String() string {
	if s == Pass {
		return "pass"
	}
	if s < 0 || s > 63 {
		return fmt.Sprintf("Square(%d)", int(s))
	}
	return string([]byte{'a' + byte(s%8), '1' + byte(s/8)})
}

// Bitboard is a set of squares: bit i is square i.
type Bitboard uint64

// Has reports whether s is in the set.
func (b Bitboard) Has(s Square) bool { return s >= 0 && s < 64 && b>>uint(s)&1 == 1 }

// Count returns the number of squares in the set.
func (b Bitboard) Count() int { return bits.OnesCount64(uint64(b)) }

// Squares lists the squares of the set in ascending order (a1, b1, ...).
func (b Bitboard) Squares() []Square {
	out := make([]Square, 0, b.Count())
	for x := uint64(b); x != 0; x &= x - 1 {
		out = append(out, Square(bits.TrailingZeros64(x)))
	}
	return out
}

// String lists the squares, e.g. "[d3 c4 f5 e6]".
func (b Bitboard) String() string {
	var s []string
	for _, q := range b.Squares() {
		s = append(s, q.String())
	}
	return "[" + strings.Join(s, " ") + "]"
}

// Color is a side, and the content of a square. Its value is the square's
// entry in the input vector of paper 003 eq. (8): +1 black, -1 white, 0
// empty.
type Color int8

const (
	Empty Color = 0
	Black Color = 1
	White Color = -1
)

// Opponent returns the other side.
func (c Color) Opponent() Color { return -c }

func (c Color) String() string {
	switch c {
	case Black:
		return "black"
	case White:
		return "white"
	case Empty:
		return "empty"
	}
	return fmt.Sprintf("Color(%d)", int(c))
}

// Board is an Othello position: the discs of each side and the side to
// move.
type Board struct {
	Black, White Bitboard
	Turn         Color
}

// Start returns the standard starting position: white on d4 and e5,
// black on e4 and d5, black to move.
func Start() Board {
	return Board{Black: 1<<28 | 1<<35, White: 1<<27 | 1<<36, Turn: Black}
}

// mover returns the discs of the side to move and of its opponent.
func (b Board) mover() (p, o uint64) {
	if b.Turn == White {
		return uint64(b.White), uint64(b.Black)
	}
	return uint64(b.Black), uint64(b.White)
}

// with returns the board after the mover's discs become p and the
// opponent's o, with the turn passed to the opponent.
func (b Board) with(p, o uint64) Board {
	if b.Turn == White {
		return Board{Black: Bitboard(o), White: Bitboard(p), Turn: Black}
	}
	return Board{Black: Bitboard(p), White: Bitboard(o), Turn: White}
}

// At returns the content of square s.
func (b Board) At(s Square) Color {
	switch {
	case b.Black.Has(s):
		return Black
	case b.White.Has(s):
		return White
	}
	return Empty
}

// Legal returns the legal moves of the side to move.
func (b Board) Legal() Bitboard {
	p, o := b.mover()
	return Bitboard(moves(p, o))
}

// Over reports whether the game has ended: neither side can move.
func (b Board) Over() bool {
	p, o := b.mover()
	return moves(p, o) == 0 && moves(o, p) == 0
}

// Count returns the number of discs of each side.
func (b Board) Count() (black, white int) { return b.Black.Count(), b.White.Count() }

// Flips returns the discs that a move of the side to move on s would flip
// (empty if the move is illegal).
func (b Board) Flips(s Square) Bitboard {
	if s < 0 || s > 63 || (b.Black | b.White).Has(s) {
		return 0
	}
	p, o := b.mover()
	return Bitboard(flips(p, o, uint(s)))
}

// Play returns the board after the side to move plays s (which may be
// Pass when it has no legal move).
func (b Board) Play(s Square) (Board, error) {
	if b.Turn != Black && b.Turn != White {
		return b, fmt.Errorf("board has no side to move (Turn = %d)", int(b.Turn))
	}
	p, o := b.mover()
	legal := moves(p, o)
	switch {
	case legal == 0 && moves(o, p) == 0:
		return b, fmt.Errorf("the game is over: no move (%v) is possible", s)
	case s == Pass && legal != 0:
		return b, fmt.Errorf("%v cannot pass: it has legal moves %v", b.Turn, Bitboard(legal))
	case s == Pass:
		return b.with(p, o), nil
	case legal == 0:
		return b, fmt.Errorf("%v has no legal move (it must pass), not %v", b.Turn, s)
	case !Bitboard(legal).Has(s):
		return b, fmt.Errorf("%v is not a legal move for %v (legal: %v)", s, b.Turn, Bitboard(legal))
	}
	return b.play(p, o, uint(s)), nil
}

// play makes the legal move s for the mover, whose discs are p.
func (b Board) play(p, o uint64, s uint) Board {
	f := flips(p, o, s)
	return b.with(p|f|1<<s, o&^f)
}

// Winner returns the side with more discs (Empty for a draw). Paper 003
// section VI: the winner is the player with the most discs of its color
// at the end of the game.
func (b Board) Winner() Color {
	nb, nw := b.Count()
	switch {
	case nb > nw:
		return Black
	case nw > nb:
		return White
	}
	return Empty
}

// String draws the board as text: X black, O white, . empty.
func (b Board) String() string {
	var sb strings.Builder
	sb.WriteString("  a b c d e f g h\n")
	for r := 0; r < 8; r++ {
		sb.WriteByte('1' + byte(r))
		for c := 0; c < 8; c++ {
			sb.WriteByte(' ')
			switch b.At(Square(r*8 + c)) {
			case Black:
				sb.WriteByte('X')
			case White:
				sb.WriteByte('O')
			default:
				sb.WriteByte('.')
			}
		}
		sb.WriteByte('\n')
	}
	nb, nw := b.Count()
	fmt.Fprintf(&sb, "black (X) %d, white (O) %d", nb, nw)
	if b.Over() {
		sb.WriteString("; game over")
	} else {
		fmt.Fprintf(&sb, "; %v to move", b.Turn)
	}
	return sb.String()
}

// Masks of the squares a disc may be flanked from in a direction with a
// sideways step: columns b to g (a horizontal or diagonal run of discs to
// flip never includes column a or h).
const inner = 0x7e7e7e7e7e7e7e7e

// moves returns the empty squares where the player with discs p flanks
// discs o: in each of the eight directions, runs of o adjacent to p are
// grown by shifts, and an empty square just past a run is a move. A run
// has at most six discs: it grows by one disc, then by two twice, using
// the pairs of adjacent discs of o (parallel prefix). No loop visits
// squares one by one, and every shift is by a constant (a shift by a
// variable costs a guard for counts of 64 or more).
func moves(p, o uint64) uint64 {
	h := o & inner // a sideways run never includes column a or h
	// East and west (shifts by 1).
	l, r := h&(p<<1), h&(p>>1)
	l |= h & (l << 1)
	r |= h & (r >> 1)
	pl := h & (h << 1)
	pr := pl >> 1
	l |= pl & (l << 2)
	r |= pr & (r >> 2)
	l |= pl & (l << 2)
	r |= pr & (r >> 2)
	m := l<<1 | r>>1
	// South and north (by 8).
	l, r = o&(p<<8), o&(p>>8)
	l |= o & (l << 8)
	r |= o & (r >> 8)
	pl = o & (o << 8)
	pr = pl >> 8
	l |= pl & (l << 16)
	r |= pr & (r >> 16)
	l |= pl & (l << 16)
	r |= pr & (r >> 16)
	m |= l<<8 | r>>8
	// South-east and north-west (by 9).
	l, r = h&(p<<9), h&(p>>9)
	l |= h & (l << 9)
	r |= h & (r >> 9)
	pl = h & (h << 9)
	pr = pl >> 9
	l |= pl & (l << 18)
	r |= pr & (r >> 18)
	l |= pl & (l << 18)
	r |= pr & (r >> 18)
	m |= l<<9 | r>>9
	// South-west and north-east (by 7).
	l, r = h&(p<<7), h&(p>>7)
	l |= h & (l << 7)
	r |= h & (r >> 7)
	pl = h & (h << 7)
	pr = pl >> 7
	l |= pl & (l << 14)
	r |= pr & (r >> 14)
	l |= pl & (l << 14)
	r |= pr & (r >> 14)
	m |= l<<7 | r>>7
	return m &^ (p | o)
}

// Flips by lines. The discs a move on s flips lie on the four lines
// through s: its row, its column and its two diagonals. Each line is read
// as an 8-bit pattern (a row by a shift; a column or diagonal by a masked
// multiplication that gathers its squares, one per row or column, into
// the top byte), two small tables give the discs flipped on the line
// (outflank: where a disc of the mover would close a run of the
// opponent's next to the square; flipped: the squares between), and the
// pattern is spread back. No loop, no branch, no bit scan: bit scans are
// slow where Go compiles for plain amd64 (GOAMD64=v1, its default).
//
// Patterns: a row or diagonal by column (bit c is column c), a column by
// row (bit r is row r); the square s is at bit c, or r for its column.

// lines[s] holds the masks of the two diagonals through s (index
// rising by 9: a1-h8 way; by 7: h1-a8 way).
var lines [64][2]uint64

// outflank[x][i]: the squares of an 8-square line where a disc closes a
// run of opponent discs adjacent to the square x, given the opponent's
// discs on the inner squares 1-6 of the line (i = bits 1-6 of the
// pattern; the end squares cannot be flipped). Then flipped[x][f]: the
// squares between x and the closing squares f (at most one each side).
var (
	outflank [8][64]uint8
	flipped  [8][256]uint8
)

const (
	fileA   = 0x0101010101010101
	gatherA = 0x0102040810204080 // (b & fileA) * gatherA >> 56: column a, bit r = row r
	spreadA = 0x0002040810204081 // (f * spreadA) & fileA: the inverse, for f in bits 1-6
	allRows = 0x0101010101010101 // (d * allRows) >> 56: a diagonal, bit c = column c
)

func init() {
	for s := 0; s < 64; s++ {
		r, c := s/8, s%8
		for k := -7; k <= 7; k++ {
			if r+k >= 0 && r+k < 8 && c+k >= 0 && c+k < 8 {
				lines[s][0] |= 1 << ((r+k)*8 + c + k)
			}
			if r+k >= 0 && r+k < 8 && c-k >= 0 && c-k < 8 {
				lines[s][1] |= 1 << ((r+k)*8 + c - k)
			}
		}
	}
	for x := 0; x < 8; x++ {
		for i := 0; i < 64; i++ {
			o := i << 1
			var out uint8
			for _, step := range []int{-1, 1} {
				y := x + step
				for y >= 0 && y < 8 && o>>y&1 == 1 {
					y += step
				}
				if y != x+step && y >= 0 && y < 8 {
					out |= 1 << y
				}
			}
			outflank[x][i] = out
		}
		for f := 0; f < 256; f++ {
			var fl uint8
			for y := 0; y < 8; y++ {
				if f>>y&1 == 0 || y == x {
					continue
				}
				lo, hi := min(x, y), max(x, y)
				for z := lo + 1; z < hi; z++ {
					fl |= 1 << z
				}
			}
			flipped[x][f] = fl
		}
	}
}

// flips returns the discs of o that a disc of p placed on the empty
// square s flanks.
func flips(p, o uint64, s uint) uint64 {
	s &= 63
	r, c := s>>3, s&7
	out := &outflank[c]
	fl := &flipped[c]
	// Row.
	sh := r * 8
	f := uint64(fl[out[o>>(sh+1)&63]&uint8(p>>sh)]) << sh
	// Diagonals.
	d := &lines[s]
	f |= uint64(fl[out[(o&d[0])*allRows>>57&63]&uint8((p&d[0])*allRows>>56)]) * allRows & d[0]
	f |= uint64(fl[out[(o&d[1])*allRows>>57&63]&uint8((p&d[1])*allRows>>56)]) * allRows & d[1]
	// Column: its pattern is by row, and s is at bit r.
	oc, pc := (o>>c)&fileA*gatherA, (p>>c)&fileA*gatherA
	f |= (uint64(flipped[r][outflank[r][oc>>57&63]&uint8(pc>>56)]) * spreadA & fileA) << c
	return f
}
