package connect4

import (
	"errors"
	"fmt"
	"math/bits"
	"strings"
)

// Board geometry: 7 columns of 6 rows. Column c uses bits 7c ... 7c+5 of
// a bitboard, bottom row first; bit 7c+6 is a sentinel that is never set,
// so that lines cannot wrap from one column into the next.
const (
	Columns = 7
	Rows    = 6
	Cells   = Columns * Rows
	height  = Rows + 1 // bits per column, with the sentinel
)

var (
	bottom = func() uint64 { // the bottom cell of every column
		var m uint64
		for c := 0; c < Columns; c++ {
			m |= 1 << (c * height)
		}
		return m
	}()
	full = bottom * (1<<Rows - 1) // every cell of the board
)

// colMask is the cells of column c; topCell its top cell.
func colMask(c int) uint64 { return (1<<Rows - 1) << (c * height) }
func topCell(c int) uint64 { return 1 << (c*height + Rows - 1) }

// A Board is a position: the stones of the first player (X, who moves
// first) and of the second (O), and the number of stones played. The
// zero Board is the empty board, X to move.
type Board struct {
	stones [2]uint64
	plies  int
}

// Start returns the empty board.
func Start() Board { return Board{} }

// Mover is the side to move: 0 for X (the first player), 1 for O.
func (b Board) Mover() int { return b.plies & 1 }

// Plies is the number of stones on the board.
func (b Board) Plies() int { return b.plies }

// Stones returns the bitboard of a side's stones (0: X, 1: O): bit 7c+r
// is column c, row r (0 is the bottom).
func (b Board) Stones(side int) uint64 { return b.stones[side&1] }

// Cell returns who holds column c, row r (0 at the bottom): 0 X, 1 O, -1
// nobody.
func (b Board) Cell(c, r int) int {
	bit := uint64(1) << (c*height + r)
	switch {
	case b.stones[0]&bit != 0:
		return 0
	case b.stones[1]&bit != 0:
		return 1
	}
	return -1
}

// mask is every stone on the board.
func (b Board) mask() uint64 { return b.stones[0] | b.stones[1] }

// Legal returns the columns that can take a stone, as a bit set (bit c:
// column c), or 0 when the game is over.
func (b Board) Legal() uint8 {
	if b.Over() {
		return 0
	}
	return b.open()
}

// open returns the columns that are not full.
func (b Board) open() uint8 {
	var m uint8
	mask := b.mask()
	for c := 0; c < Columns; c++ {
		if mask&topCell(c) == 0 {
			m |= 1 << c
		}
	}
	return m
}

// CanPlay reports whether column c can take a stone.
func (b Board) CanPlay(c int) bool { return c >= 0 && c < Columns && b.Legal()&(1<<c) != 0 }

// Play returns the board after the side to move drops a stone into
// column c (0 to 6, left to right), or an error if it cannot.
func (b Board) Play(c int) (Board, error) {
	switch {
	case c < 0 || c >= Columns:
		return b, fmt.Errorf("connect4: column %d, want 0 to 6 (a to g)", c)
	case b.Over():
		return b, errors.New("connect4: the game is over")
	case b.mask()&topCell(c) != 0:
		return b, fmt.Errorf("connect4: column %c is full", 'a'+c)
	}
	return b.play(c), nil
}

// play drops a stone into column c, which must be open.
func (b Board) play(c int) Board {
	mask := b.mask()
	cell := (mask + bottom&colMask(c)) & colMask(c)
	b.stones[b.plies&1] |= cell
	b.plies++
	return b
}

// fours reports whether the stones p hold four in a line.
func fours(p uint64) bool {
	for _, d := range [4]uint{1, height, height - 1, height + 1} { // vertical, horizontal, two diagonals
		m := p & (p >> d)
		if m&(m>>(2*d)) != 0 {
			return true
		}
	}
	return false
}

// Winner returns the side with four in a line (0 X, 1 O), or -1.
func (b Board) Winner() int {
	switch {
	case fours(b.stones[0]):
		return 0
	case fours(b.stones[1]):
		return 1
	}
	return -1
}

// Over reports whether the game has ended: a side has four in a line,
// or the board is full (a draw).
func (b Board) Over() bool { return b.plies == Cells || b.Winner() >= 0 }

// Score returns X's score in a finished game: 1 X won, 0 O won, 0.5 a
// draw.
func (b Board) Score() float64 {
	switch b.Winner() {
	case 0:
		return 1
	case 1:
		return 0
	}
	return 0.5
}

// String draws the board, the top row first, X and O for the stones and
// . for an empty cell, with the column letters below.
func (b Board) String() string {
	var sb strings.Builder
	for r := Rows - 1; r >= 0; r-- {
		for c := 0; c < Columns; c++ {
			if c > 0 {
				sb.WriteByte(' ')
			}
			sb.WriteByte(".XO"[b.Cell(c, r)+1])
		}
		sb.WriteByte('\n')
	}
	sb.WriteString("a b c d e f g")
	return sb.String()
}

// Replay plays a game record from the start: columns as letters a-g or
// digits 1-7 (either case), separators ignored, e.g. "dddc" or "4 4 4 3".
// An illegal move is an error naming its number.
func Replay(record string) (Board, error) {
	b := Start()
	n := 0
	for i, ch := range strings.ToLower(record) {
		var c int
		switch {
		case ch >= 'a' && ch <= 'g':
			c = int(ch - 'a')
		case ch >= '1' && ch <= '7':
			c = int(ch - '1')
		case ch == ' ' || ch == ',' || ch == '-' || ch == '\t' || ch == '\n':
			continue
		default:
			return b, fmt.Errorf("connect4: game record: unexpected %q at character %d (want columns a-g or 1-7)", ch, i+1)
		}
		n++
		next, err := b.Play(c)
		if err != nil {
			return b, fmt.Errorf("connect4: game record, move %d: %w", n, err)
		}
		b = next
	}
	return b, nil
}

// count returns the number of stones in a bitboard.
func count(p uint64) int { return bits.OnesCount64(p) }
