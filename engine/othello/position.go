package othello

import (
	"fmt"
	"strings"
)

// Compact returns the board on one line: the 64 squares from a1 to h8
// (X black, O white, - empty), a space and the side to move (X or O), as
// position files of Othello programs (e.g. the FFO endgame suite) write
// it. ParseBoard reads it back.
func (b Board) Compact() string {
	var sb strings.Builder
	sb.Grow(66)
	for s := Square(0); s < 64; s++ {
		switch b.At(s) {
		case Black:
			sb.WriteByte('X')
		case White:
			sb.WriteByte('O')
		default:
			sb.WriteByte('-')
		}
	}
	if b.Turn == White {
		sb.WriteString(" O")
	} else {
		sb.WriteString(" X")
	}
	return sb.String()
}

// ParseBoard reads a position: 64 squares from a1 to h8, each X (black),
// O (white), or - or . (empty), either case, followed by the side to
// move: X, O, black or white. Spaces, new lines, and the coordinates a-h
// and 1-8 between squares are ignored, so Compact's one line
//
//	---------------------------OX------XO--------------------------- X
//
// and the diagram of Board.String (eight rows under a header, then
// "...; black to move") both read. The side to move is required: a
// position does not say it. Errors name the offending character.
func ParseBoard(text string) (Board, error) {
	var b Board
	n := 0
	i := 0
	for ; i < len(text) && n < 64; i++ {
		c := text[i]
		switch {
		case c == 'X' || c == 'x':
			b.Black |= 1 << n
			n++
		case c == 'O' || c == 'o':
			b.White |= 1 << n
			n++
		case c == '-' || c == '.':
			n++
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c >= 'a' && c <= 'h' || c >= '1' && c <= '8':
		default:
			return Board{}, fmt.Errorf("board: unexpected %q at character %d (want 64 squares X, O or -, then the side to move)", c, i+1)
		}
	}
	if n < 64 {
		return Board{}, fmt.Errorf("board: %d squares, want 64 (a1 to h8: X black, O white, - empty), then the side to move", n)
	}
	rest := strings.ToLower(strings.TrimSpace(text[i:]))
	// The status line of Board.String: "black (X) 2, white (O) 2; black to move".
	if _, status, ok := strings.Cut(rest, ";"); ok && strings.HasPrefix(rest, "black (x)") {
		rest = strings.TrimSpace(status)
	}
	switch rest {
	case "x", "black", "black to move", "b":
		b.Turn = Black
	case "o", "white", "white to move", "w":
		b.Turn = White
	case "game over":
		b.Turn = Black
		if !b.Over() {
			return Board{}, fmt.Errorf("board: says \"game over\", but a side can move")
		}
	case "":
		return Board{}, fmt.Errorf("board: the side to move is missing: end with X (black) or O (white)")
	default:
		return Board{}, fmt.Errorf("board: side to move %q: want X (black) or O (white)", rest)
	}
	return b, nil
}

// check reports a board no game reaches in any rules: a square held by
// both sides, or no side to move.
func (b Board) check() error {
	if both := b.Black & b.White; both != 0 {
		return fmt.Errorf("othello: squares %v hold discs of both sides", both)
	}
	if b.Turn != Black && b.Turn != White {
		return fmt.Errorf("othello: board has no side to move (Turn = %d)", int(b.Turn))
	}
	return nil
}
