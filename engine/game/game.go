package game

import (
	"fmt"
	"strconv"
	"strings"
)

// A Game is a finite impartial game under the normal play convention.
//
// Positions are opaque byte strings: two positions are the same position
// exactly when their encodings are equal, so an encoding must be canonical.
type Game interface {
	// Start returns the encoded start position.
	Start() []byte
	// Moves calls yield once for every follower of the encoded position p.
	// The slice passed to yield may be reused by Moves after yield returns,
	// and yield must not retain it.
	Moves(p []byte, yield func(q []byte))
	// Format renders an encoded position for people.
	Format(p []byte) string
}

// Func is a Game made of functions, convenient in notebooks and tests.
// A nil FormatFunc formats a position as its bytes in decimal.
type Func struct {
	StartPos   []byte
	MovesFunc  func(p []byte, yield func(q []byte))
	FormatFunc func(p []byte) string
}

// Start implements Game.
func (f Func) Start() []byte { return f.StartPos }

// Moves implements Game.
func (f Func) Moves(p []byte, yield func(q []byte)) { f.MovesFunc(p, yield) }

// Format implements Game.
func (f Func) Format(p []byte) string {
	if f.FormatFunc != nil {
		return f.FormatFunc(p)
	}
	return FormatBytes(p)
}

// FormatBytes renders p as space separated decimal bytes, e.g. "1 3 5 7".
func FormatBytes(p []byte) string {
	var b strings.Builder
	for i, c := range p {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(strconv.Itoa(int(c)))
	}
	return b.String()
}

// CycleError reports that a game is not finite: some position can be
// reached again from itself.
type CycleError struct {
	// Cycle holds the formatted positions on the cycle, in move order; the
	// last position has a move back to the first.
	Cycle []string
}

func (e *CycleError) Error() string {
	const show = 6
	c := e.Cycle
	more := ""
	if len(c) > show {
		c, more = c[:show], fmt.Sprintf(" -> ... (%d positions in all)", len(e.Cycle))
	}
	return fmt.Sprintf("game has a cycle through position %q: %s%s -> %s",
		e.Cycle[0], strings.Join(quoteAll(c), " -> "), more, strconv.Quote(e.Cycle[0]))
}

func quoteAll(s []string) []string {
	q := make([]string, len(s))
	for i, x := range s {
		q[i] = strconv.Quote(x)
	}
	return q
}

// TooLargeError reports that exploring a game exceeded a budget.
type TooLargeError struct {
	What  string // "positions" or "moves"
	Limit int
	// Positions and Moves had been explored when the budget ran out, and
	// Bytes estimates the memory they held (0 when unknown).
	Positions, Moves int
	Bytes            int64
	// Total, when not 0, is the number of positions (or moves) the game
	// has, at least, known before exploring them (see Counted, Indexed
	// and MoveCounter), and Bytes the least memory they would take.
	// Positions known by count have not been explored.
	Total int64
}

func (e *TooLargeError) Error() string {
	option := "Options.Max" + strings.ToUpper(e.What[:1]) + e.What[1:]
	if e.Total > 0 {
		return fmt.Sprintf("game has at least %d %s, more than %d (at least %s of memory); raise the limit (%s) if memory allows",
			e.Total, e.What, e.Limit, humanBytes(e.Bytes), option)
	}
	return fmt.Sprintf("game has more than %d %s%s; raise the limit (%s) if memory allows",
		e.Limit, e.What, e.explored(), option)
}

// explored describes what had been explored, with the memory it held, as
// " (N positions and M moves explored, about 1.2 GB)", or "" when unknown.
func (e *TooLargeError) explored() string {
	if e.Bytes == 0 {
		return ""
	}
	return fmt.Sprintf(" (%d positions and %d moves explored, about %s)", e.Positions, e.Moves, humanBytes(e.Bytes))
}

// humanBytes renders a number of bytes for people: "512 B", "3.4 MB".
func humanBytes(b int64) string {
	const unit = 1000
	if b < unit {
		return fmt.Sprintf("%d B", b)
	}
	x, suffix := float64(b), "kMGTPE"
	i := -1
	for x >= unit && i < len(suffix)-1 {
		x /= unit
		i++
	}
	return fmt.Sprintf("%.3g %cB", x, suffix[i])
}
