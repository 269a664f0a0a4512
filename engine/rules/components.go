package rules

import (
	"encoding/binary"
	"strconv"

	"github.com/coevolab/coevo/engine/game"
)

// stateRefs calls f for each state component an expression reads.
func stateRefs(e expr, f func(int)) {
	switch e := e.(type) {
	case stateRef:
		f(int(e))
	case neg:
		stateRefs(e.x, f)
	case binop:
		stateRefs(e.x, f)
		stateRefs(e.y, f)
	}
}

func condRefs(c cond, f func(int)) {
	switch c := c.(type) {
	case chain:
		for _, x := range c.xs {
			stateRefs(x, f)
		}
	case divides:
		stateRefs(c.d, f)
		stateRefs(c.x, f)
	case parity:
		stateRefs(c.x, f)
	case within:
		stateRefs(c.x, f)
		stateRefs(c.lo, f)
		stateRefs(c.hi, f)
	}
}

// stateReads returns the set of state components the move reads, in its
// vector, conditions or bounds.
func (m *move) stateReads() uint64 {
	var set uint64
	add := func(i int) { set |= 1 << i }
	for _, d := range m.delta {
		stateRefs(d, add)
	}
	for _, c := range m.pre {
		condRefs(c, add)
	}
	for _, cs := range m.conds {
		for _, c := range cs {
			condRefs(c, add)
		}
	}
	for _, bs := range [][][]bound{m.lo, m.hi} {
		for _, b := range bs {
			for _, x := range b {
				stateRefs(x.e, add)
			}
		}
	}
	return set
}

// active returns the one component a move changes, if it changes exactly
// one (every other component of its vector is the literal 0) and reads no
// other component of the state; otherwise -1.
func (m *move) active() int {
	at := -1
	for i, d := range m.delta {
		if n, ok := d.(num); ok && n == 0 {
			continue
		}
		if at >= 0 {
			return -1
		}
		at = i
	}
	if at < 0 {
		return -1
	}
	ok := true
	check := func(i int) {
		if i != at {
			ok = false
		}
	}
	for _, d := range m.delta {
		stateRefs(d, check)
	}
	for _, c := range m.pre {
		condRefs(c, check)
	}
	for _, cs := range m.conds {
		for _, c := range cs {
			condRefs(c, check)
		}
	}
	for _, bs := range [][][]bound{m.lo, m.hi} {
		for _, b := range bs {
			for _, x := range b {
				stateRefs(x.e, check)
			}
		}
	}
	if !ok {
		return -1
	}
	return at
}

// Components splits the game into independent one-component games when it
// is a sum (paper 001 section 3.2.2): every move changes one component and
// reads only that component, and every terminal line names a state that
// has no moves anyway. The i-th game's positions are the values of a(i+1).
func (g *Game) Components() ([]game.Game, bool) {
	n := len(g.Start0)
	if n < 2 {
		return nil, false
	}
	byComp := make([][]*move, n)
	for _, m := range g.moves {
		i := m.active()
		if i < 0 {
			return nil, false
		}
		byComp[i] = append(byComp[i], m)
	}
	// Terminal lines must be redundant: exact states without moves.
	free := &Game{Start0: g.Start0, AllowNegative: g.AllowNegative, moves: g.moves}
	for _, t := range g.terminals {
		for _, x := range t {
			if x == wildcard {
				return nil, false
			}
		}
		has := false
		free.Moves(encode(nil, t), func([]byte) { has = true })
		if has || free.err != nil {
			return nil, false
		}
	}
	parts := make([]game.Game, n)
	for i := range parts {
		parts[i] = &component{parent: g, i: i, moves: byComp[i]}
	}
	return parts, true
}

// component is coordinate i of a decomposable rule game.
type component struct {
	parent *Game
	i      int
	moves  []*move
}

func (c *component) Start() []byte {
	return binary.LittleEndian.AppendUint32(nil, uint32(int32(c.parent.Start0[c.i])))
}

func (c *component) Moves(p []byte, yield func([]byte)) {
	if c.parent.err != nil {
		return
	}
	state := append([]int64(nil), c.parent.Start0...)
	state[c.i] = int64(int32(binary.LittleEndian.Uint32(p)))
	sub := &Game{Start0: state, AllowNegative: c.parent.AllowNegative, moves: c.moves}
	q := make([]byte, 4)
	sub.Moves(encode(nil, state), func(full []byte) {
		copy(q, full[4*c.i:4*c.i+4])
		yield(q)
	})
	if sub.err != nil {
		c.parent.fail(sub.err)
	}
}

func (c *component) Format(p []byte) string {
	return strconv.Itoa(int(int32(binary.LittleEndian.Uint32(p))))
}
