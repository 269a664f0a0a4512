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
// grown by shifts (at most six steps), and an empty square just past a run
// is a move. No loop visits squares one by one.
func moves(p, o uint64) uint64 {
	h := o & inner
	m := runL(p, h, 1) | runR(p, h, 1) | // east, west
		runL(p, o, 8) | runR(p, o, 8) | // south, north
		runL(p, h, 9) | runR(p, h, 9) | // south-east, north-west
		runL(p, h, 7) | runR(p, h, 7) // south-west, north-east
	return m &^ (p | o)
}

// runL returns the squares one step of a left shift by n past the runs of
// o that start next to p.
func runL(p, o uint64, n uint) uint64 {
	t := o & (p << n)
	t |= o & (t << n)
	t |= o & (t << n)
	t |= o & (t << n)
	t |= o & (t << n)
	t |= o & (t << n)
	return t << n
}

// runR is runL for right shifts.
func runR(p, o uint64, n uint) uint64 {
	t := o & (p >> n)
	t |= o & (t >> n)
	t |= o & (t >> n)
	t |= o & (t >> n)
	t |= o & (t >> n)
	t |= o & (t >> n)
	return t >> n
}

// rays[s] holds, for square s, the squares beyond s in each direction:
// 0-3 towards higher indices (east, south-west, south, south-east), 4-7
// towards lower ones (west, north-east, north, north-west).
var rays [64][8]uint64

func init() {
	steps := [8][2]int{{0, 1}, {1, -1}, {1, 0}, {1, 1}, {0, -1}, {-1, 1}, {-1, 0}, {-1, -1}}
	for s := 0; s < 64; s++ {
		for d, st := range steps {
			for r, c := s/8+st[0], s%8+st[1]; r >= 0 && r < 8 && c >= 0 && c < 8; r, c = r+st[0], c+st[1] {
				rays[s][d] |= 1 << (r*8 + c)
			}
		}
	}
}

// flips returns the discs of o that a disc of p placed on s flanks. Along
// each ray from s, the first square that is not o's closes a run of o's
// discs when it is p's; that square is the lowest set bit of the ray
// minus o for rays towards higher indices, the highest for the others.
func flips(p, o uint64, s uint) uint64 {
	r := &rays[s]
	return up(r[0], p, o) | up(r[1], p, o) | up(r[2], p, o) | up(r[3], p, o) |
		down(r[4], p, o) | down(r[5], p, o) | down(r[6], p, o) | down(r[7], p, o)
}

// up returns the discs of o flanked along ray r towards higher indices.
func up(r, p, o uint64) uint64 {
	x := r &^ o
	b := x & -x
	if b&p == 0 {
		return 0
	}
	return r & (b - 1)
}

// down returns the discs of o flanked along ray r towards lower indices.
func down(r, p, o uint64) uint64 {
	x := r &^ o
	if x == 0 {
		return 0
	}
	b := uint64(1) << (63 - bits.LeadingZeros64(x))
	if b&p == 0 {
		return 0
	}
	return r &^ (b<<1 - 1)
}
