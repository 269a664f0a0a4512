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
}

func (e *TooLargeError) Error() string {
	return fmt.Sprintf("game has more than %d %s; raise the limit (Options.Max%s) if memory allows",
		e.Limit, e.What, strings.ToUpper(e.What[:1])+e.What[1:])
}
