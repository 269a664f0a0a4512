package rules

import (
	"context"
	"encoding/binary"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/coevolab/coevo/engine/game"
)

// MaxChoices bounds how many variable assignments the moves from one
// position may try, so that a rule with huge ranges fails clearly (an
// *Error naming the line) instead of hanging.
const MaxChoices = 10_000_000

// Game is a game defined by rules. It implements game.Game; positions are
// state vectors, formatted as "1 3 5 7".
type Game struct {
	Name          string
	Start0        []int64 // the start state
	AllowNegative bool
	moves         []*move
	terminals     [][]int64
	err           error
}

// Err returns the first error met while generating moves (a state
// component out of the int32 range, or too many choices), if any: an
// *Error naming the rule's line.
func (g *Game) Err() error { return g.err }

// Compile compiles the game, reporting move-generation errors too.
func (g *Game) Compile(ctx context.Context, opt game.Options) (*game.Graph, error) {
	g.err = nil
	gr, err := game.CompileContext(ctx, g, opt)
	if g.err != nil {
		return nil, g.err
	}
	return gr, err
}

func encode(dst []byte, v []int64) []byte {
	dst = dst[:0]
	for _, x := range v {
		dst = binary.LittleEndian.AppendUint32(dst, uint32(int32(x)))
	}
	return dst
}

func decode(p []byte) []int64 {
	v := make([]int64, len(p)/4)
	for i := range v {
		v[i] = int64(int32(binary.LittleEndian.Uint32(p[4*i:])))
	}
	return v
}

// Start implements game.Game.
func (g *Game) Start() []byte { return encode(nil, g.Start0) }

// Format implements game.Game.
func (g *Game) Format(p []byte) string {
	v := decode(p)
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = strconv.FormatInt(x, 10)
	}
	return strings.Join(s, " ")
}

func (g *Game) terminal(state []int64) bool {
	for _, t := range g.terminals {
		match := true
		for i, x := range t {
			if x != wildcard && x != state[i] {
				match = false
				break
			}
		}
		if match {
			return true
		}
	}
	return false
}

// Moves implements game.Game.
func (g *Game) Moves(p []byte, yield func([]byte)) {
	state := decode(p)
	if g.err != nil || g.terminal(state) {
		return
	}
	var buf []byte
	next := make([]int64, len(state))
	budget := MaxChoices
	for _, m := range g.moves {
		e := &env{state: state, vars: make([]int64, len(m.vars))}
		if !all(m.pre, e) {
			continue
		}
		emit := func() {
			for i, d := range m.delta {
				x, ok := d.eval(e)
				if !ok {
					return
				}
				next[i] = state[i] + x
				if next[i] < math.MinInt32 || next[i] > math.MaxInt32 {
					g.fail(&Error{m.line, 0, fmt.Sprintf("from state %s the move makes component a%d = %d, outside the 32-bit range", g.Format(p), i+1, next[i])})
					return
				}
				if next[i] < 0 && !g.AllowNegative {
					return
				}
			}
			if g.endless(m, state, next) {
				g.fail(&Error{m.line, 0, fmt.Sprintf("the game never ends: from state %s the move leads to %s, and it can be made again from there and from every state it leads to, for ever (it only adds to components it does not read; bound them with a condition)", g.Format(p), g.Format(encode(nil, next)))})
				return
			}
			buf = encode(buf, next)
			yield(buf)
		}
		var assign func(k int)
		assign = func(k int) {
			if k == len(m.vars) {
				emit()
				return
			}
			lo, hi := int64(math.MinInt64), int64(math.MaxInt64)
			for _, b := range m.lo[k] {
				v, ok := b.eval(e)
				if !ok {
					return
				}
				lo = max(lo, v)
			}
			for _, b := range m.hi[k] {
				v, ok := b.eval(e)
				if !ok {
					return
				}
				hi = min(hi, v)
			}
			if hi >= lo && hi-lo >= int64(budget) {
				g.fail(&Error{m.line, 0, fmt.Sprintf("from state %s the moves try more than %d choices of their variables (%s ranges over %d..%d): narrow the ranges", g.Format(p), MaxChoices, m.vars[k], lo, hi)})
				return
			}
			for v := lo; v <= hi && g.err == nil; v++ {
				budget--
				e.vars[k] = v
				if all(m.conds[k], e) {
					assign(k + 1)
				}
			}
		}
		assign(0)
	}
}

func (g *Game) fail(err error) {
	if g.err == nil {
		g.err = err
	}
}

func all(cs []cond, e *env) bool {
	for _, c := range cs {
		if !c.holds(e) {
			return false
		}
	}
	return true
}

// endless reports whether the move m from state to next proves the game
// infinite: it adds d = next - state >= 0, d != 0, and reads none of the
// components it adds to, so the same choice applies at state + k d for
// every k (nothing it reads changes), none of which is terminal: a terminal
// line that could match one of them (a fixed value above the state's on a
// growing component, and the state's values elsewhere) is not ruled out,
// and then the move is not called endless. state is reachable and not
// terminal (Moves is generating its moves), so the game has a play that
// never ends, and no Sprague-Grundy values.
func (g *Game) endless(m *move, state, next []int64) bool {
	var grows uint64
	for i := range state {
		switch d := next[i] - state[i]; {
		case d < 0:
			return false
		case d > 0:
			grows |= 1 << i
		}
	}
	if grows == 0 || grows&m.reads != 0 {
		return false
	}
	for _, t := range g.terminals {
		could := true
		for i, x := range t {
			switch {
			case x == wildcard:
			case grows>>i&1 == 1:
				could = could && x > state[i]
			default:
				could = could && x == state[i]
			}
		}
		if could {
			return false
		}
	}
	return true
}
