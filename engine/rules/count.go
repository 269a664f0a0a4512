package rules

import "math"

// Counting moves without listing them (game.MoveCounter): a move with no
// variable, or with one variable whose every constraint is a bound (such
// as Nim's "move -v : 1 <= v <= a1") and whose vector is affine in it, has
// as many moves from a state as the variable has values in its range that
// keep every component non-negative: an interval, found from its ends.
// Other moves count 0 (unknown), so the sum is a lower bound on what
// Moves yields; exploring refuses a game whose positions found so far
// already have more moves than its budget, without listing them.

var (
	_ interface{ MovesAtLeast([]byte) int64 } = (*Game)(nil)
	_ interface{ MovesAtLeast([]byte) int64 } = (*component)(nil)
)

// MovesAtLeast implements game.MoveCounter.
func (g *Game) MovesAtLeast(p []byte) int64 { return g.movesAtLeast(decode(p), g.moves) }

// MovesAtLeast implements game.MoveCounter.
func (c *component) MovesAtLeast(p []byte) int64 {
	if c.parent.err != nil || len(p) != 4 {
		return 0
	}
	state := append([]int64(nil), c.parent.Start0...)
	state[c.i] = decode(p)[0]
	sub := &Game{Start0: state, AllowNegative: c.parent.AllowNegative, moves: c.moves}
	return sub.movesAtLeast(state, c.moves)
}

// movesAtLeast counts the moves from state of the moves it can count.
func (g *Game) movesAtLeast(state []int64, moves []*move) int64 {
	if g.err != nil || g.terminal(state) {
		return 0
	}
	var n, tried int64
	for _, m := range moves {
		c, choices, ok := g.countMove(m, state)
		if !ok {
			continue
		}
		n += c
		// Past this many choices, Moves fails the game instead.
		if tried += choices; tried >= MaxChoices {
			return 0
		}
	}
	return n
}

// countMove counts the moves of m from state, with the choices Moves
// tries for it, when it can (ok).
func (g *Game) countMove(m *move, state []int64) (count, choices int64, ok bool) {
	e := &env{state: state, vars: make([]int64, len(m.vars))}
	if !all(m.pre, e) {
		return 0, 0, true
	}
	switch len(m.vars) {
	case 0:
		for i, d := range m.delta {
			x, ok := d.eval(e)
			if !ok {
				return 0, 0, true
			}
			next := state[i] + x
			if next < math.MinInt32 || next > math.MaxInt32 {
				return 0, 0, false // Moves fails the game
			}
			if next < 0 && !g.AllowNegative {
				return 0, 0, true
			}
		}
		return 1, 0, true
	case 1:
	default:
		return 0, 0, false
	}
	for _, c := range m.conds[0] {
		if !pureBound(c) {
			return 0, 0, false
		}
	}
	lo, hi := int64(math.MinInt64), int64(math.MaxInt64)
	for _, b := range m.lo[0] {
		v, ok := b.eval(e)
		if !ok {
			return 0, 0, true
		}
		lo = max(lo, v)
	}
	for _, b := range m.hi[0] {
		v, ok := b.eval(e)
		if !ok {
			return 0, 0, true
		}
		hi = min(hi, v)
	}
	if hi < lo {
		return 0, 0, true
	}
	choices = hi - lo + 1
	if hi-lo >= MaxChoices {
		return 0, 0, false // Moves fails the game
	}
	// Each component is s + a + b v; keep v where every one is >= 0.
	L, H := lo, hi
	for i, d := range m.delta {
		a, b, def, ok := affine(d, e)
		if !ok {
			return 0, 0, false
		}
		if !def {
			return 0, choices, true // undefined for every v: no move
		}
		base := state[i] + a
		for _, v := range []int64{lo, hi} {
			if x := base + b*v; x < math.MinInt32 || x > math.MaxInt32 {
				return 0, 0, false // Moves may fail the game
			}
		}
		if g.AllowNegative {
			continue
		}
		switch {
		case b == 0 && base < 0:
			return 0, choices, true
		case b > 0: // base + b v >= 0  <=>  v >= ceil(-base / b)
			L = max(L, ceilDiv(-base, b))
		case b < 0: // base + b v >= 0  <=>  v <= floor(base / -b)
			H = min(H, floorDiv(base, -b))
		}
	}
	return max(0, H-L+1), choices, true
}

// pureBound reports whether a constraint on the variable is only bounds,
// which the move's lo and hi hold (addBounds): checking it again filters
// nothing.
func pureBound(c cond) bool {
	isVar := func(x expr) bool { _, ok := x.(varRef); return ok }
	switch c := c.(type) {
	case chain:
		for i, op := range c.ops {
			x, y := c.xs[i], c.xs[i+1]
			switch op {
			case "<", "<=", ">", ">=", "==", "=":
			default:
				return false
			}
			if isVar(x) == isVar(y) || max(x.maxVar(), y.maxVar()) != 0 || isVar(x) && y.maxVar() >= 0 || isVar(y) && x.maxVar() >= 0 {
				return false
			}
		}
		return true
	case within:
		return isVar(c.x) && c.lo.maxVar() < 0 && c.hi.maxVar() < 0
	}
	return false
}

// affine writes e, at the state of en, as a + b v in the move's only
// variable v: ok false when it is not affine (v*v, v/2) or too large to
// be sure of; def false when it is undefined for every v (a division by a
// zero that does not depend on v).
func affine(e expr, en *env) (a, b int64, def, ok bool) {
	const big = 1 << 40
	switch e := e.(type) {
	case num:
		return int64(e), 0, true, true
	case stateRef:
		return en.state[e], 0, true, true
	case varRef:
		return 0, 1, true, e == 0
	case neg:
		a, b, def, ok := affine(e.x, en)
		return -a, -b, def, ok
	case binop:
		a1, b1, d1, ok1 := affine(e.x, en)
		a2, b2, d2, ok2 := affine(e.y, en)
		if !ok1 || !ok2 || abs(a1) > big || abs(b1) > big || abs(a2) > big || abs(b2) > big {
			return 0, 0, false, false
		}
		if !d1 || !d2 {
			return 0, 0, false, true
		}
		switch e.op {
		case '+':
			return a1 + a2, b1 + b2, true, true
		case '-':
			return a1 - a2, b1 - b2, true, true
		case '*':
			switch {
			case b1 == 0:
				return a1 * a2, a1 * b2, true, true
			case b2 == 0:
				return a2 * a1, a2 * b1, true, true
			}
		case '/', '%':
			if b1 == 0 && b2 == 0 {
				x, def := binop{e.op, num(a1), num(a2)}.eval(en)
				return x, 0, def, true
			}
		}
	}
	return 0, 0, false, false
}

func abs(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}

func floorDiv(x, y int64) int64 {
	q := x / y
	if (x%y != 0) && ((x < 0) != (y < 0)) {
		q--
	}
	return q
}

func ceilDiv(x, y int64) int64 { return -floorDiv(-x, y) }
