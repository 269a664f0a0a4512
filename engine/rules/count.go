package rules

import "math"

// Counting moves without listing them (game.MoveCounter). Exploring adds
// the counts of the positions it has found but not yet explored to the
// moves it has listed: when that lower bound passes the budget, the game
// is refused at once, not after listing the budget's worth of moves one
// by one (a minute and gigabytes at the default budget).
//
// A move's variables are assigned as Moves assigns them, in order, each
// over the range its bounds give, and only the constraints that are not
// those bounds (filters such as "v even", "v | a1", "v + w >= 1") are
// checked, without making, encoding and hashing the positions. The last
// variable is not enumerated when the vector is affine in it (as Nim's
// "-v"): the values that keep every component non-negative are an
// interval, found from its ends, and counted at once when no filter
// applies to them. A vector that is not affine ("-v*v") or a move that
// may only add to components (Moves checks each such move for a game that
// never ends) is tried value by value as Moves tries it. The count of a
// position stops after countWork values, and is then a lower bound; so
// are the counts of a position from which Moves would fail the game (0:
// the failure is reported when it is listed).
//
// So a move with two ranged variables ("-v -w : 1 <= v <= a1, 1 <= w <=
// a2") costs the range of the first variable to count, not the product of
// both to list, and a filtered one costs a check a value instead of a
// position made and looked up. BenchmarkCompile measures what counting
// adds to a compile that fits its budget.

var (
	_ interface{ MovesAtLeast([]byte) int64 } = (*Game)(nil)
	_ interface{ MovesAtLeast([]byte) int64 } = (*component)(nil)
)

// countWork bounds the values of the variables a count tries for one
// position; past it the count is a lower bound. It keeps counting cheaper
// than listing: a position whose count stops there has at least as many
// values to try when it is listed.
const countWork = 1 << 16

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

// counter counts the moves from one state.
type counter struct {
	g     *Game
	state []int64
	next  []int64
	work  int64 // values left to try; at 0 the count stops (stopped)
	tried int64 // values Moves would try, for its MaxChoices budget
	// stopped: the count is a lower bound; fails: Moves would fail the
	// game from this state (the count is then 0).
	stopped, fails bool
}

// movesAtLeast counts the moves from state of moves.
func (g *Game) movesAtLeast(state []int64, moves []*move) int64 {
	if g.err != nil || g.terminal(state) {
		return 0
	}
	c := &counter{g: g, state: state, next: make([]int64, len(state)), work: countWork}
	var n int64
	for _, m := range moves {
		e := &env{state: state, vars: make([]int64, len(m.vars))}
		if !all(m.pre, e) {
			continue
		}
		n += c.count(m, e, 0)
		if c.fails {
			return 0
		}
		if c.stopped {
			break
		}
	}
	return n
}

// count counts the moves of m with its variables before k set in e.
func (c *counter) count(m *move, e *env, k int) int64 {
	if k == len(m.vars) {
		return c.emit(m, e)
	}
	lo, hi, ok := rangeOf(m, k, e)
	if !ok || hi < lo {
		return 0
	}
	if hi-lo >= MaxChoices-c.tried {
		c.fails = true // Moves fails the game: too many choices
		return 0
	}
	filters := m.filters[k]
	if k == len(m.vars)-1 {
		if L, H, ok := c.interval(m, e, k, lo, hi); ok {
			// Every value in L..H that passes the filters is a move.
			c.tried += hi - lo + 1
			if len(filters) == 0 {
				return max(0, H-L+1)
			}
			var n int64
			for v := L; v <= H; v++ {
				if c.work == 0 {
					c.stopped = true
					return n
				}
				c.work--
				e.vars[k] = v
				if all(filters, e) {
					n++
				}
			}
			return n
		}
	}
	var n int64
	for v := lo; v <= hi; v++ {
		if c.work == 0 {
			c.stopped = true
			return n
		}
		c.work--
		c.tried++
		e.vars[k] = v
		if all(filters, e) {
			n += c.count(m, e, k+1)
			if c.fails || c.stopped {
				return n
			}
		}
	}
	return n
}

// rangeOf is the range Moves gives variable k: the largest lower bound
// and the smallest upper bound; ok false when a bound is undefined (Moves
// then makes no move).
func rangeOf(m *move, k int, e *env) (lo, hi int64, ok bool) {
	lo, hi = math.MinInt64, math.MaxInt64
	for _, b := range m.lo[k] {
		v, ok := b.eval(e)
		if !ok {
			return 0, 0, false
		}
		lo = max(lo, v)
	}
	for _, b := range m.hi[k] {
		v, ok := b.eval(e)
		if !ok {
			return 0, 0, false
		}
		hi = min(hi, v)
	}
	return lo, hi, true
}

// emit returns 1 if Moves yields the move m with every variable set in e,
// 0 if not; it sets fails where Moves would fail the game instead.
func (c *counter) emit(m *move, e *env) int64 {
	for i, d := range m.delta {
		x, ok := d.eval(e)
		if !ok {
			return 0
		}
		c.next[i] = c.state[i] + x
		if c.next[i] < math.MinInt32 || c.next[i] > math.MaxInt32 {
			c.fails = true
			return 0
		}
		if c.next[i] < 0 && !c.g.AllowNegative {
			return 0
		}
	}
	if c.g.endless(m, c.state, c.next) {
		c.fails = true
		return 0
	}
	return 1
}

// interval finds the values L..H of the last variable k, in lo..hi, for
// which the move's vector, its other variables set in e, leaves every
// component non-negative, when the vector is affine in it: ok false when
// it cannot tell (then each value is tried as Moves tries it), or when
// some value may make a move that only adds (Moves checks each of those
// for a game that never ends). L > H when there is none.
func (c *counter) interval(m *move, e *env, k int, lo, hi int64) (L, H int64, ok bool) {
	const big = 1 << 40
	if abs(lo) > big || abs(hi) > big {
		return 0, 0, false
	}
	// Each component is s + a + b v; keep v where every one is >= 0.
	L, H = lo, hi
	gL, gH := lo, hi // where the change a + b v of every component is >= 0
	for i, d := range m.delta {
		a, b, def, ok := affine(d, e, k)
		if !ok {
			return 0, 0, false
		}
		if !def {
			return 1, 0, true // undefined for every v: no move
		}
		base := c.state[i] + a
		for _, v := range []int64{lo, hi} {
			if x := base + b*v; x < math.MinInt32 || x > math.MaxInt32 {
				return 0, 0, false // Moves may fail the game
			}
		}
		switch {
		case b == 0 && a < 0:
			gL, gH = 1, 0
		case b > 0:
			gL = max(gL, ceilDiv(-a, b))
		case b < 0:
			gH = min(gH, floorDiv(a, -b))
		}
		if c.g.AllowNegative {
			continue
		}
		switch {
		case b == 0 && base < 0:
			return 1, 0, true
		case b > 0: // base + b v >= 0  <=>  v >= ceil(-base / b)
			L = max(L, ceilDiv(-base, b))
		case b < 0: // base + b v >= 0  <=>  v <= floor(base / -b)
			H = min(H, floorDiv(base, -b))
		}
	}
	if max(L, gL) <= min(H, gH) {
		return 0, 0, false
	}
	return L, H, true
}

// filtersOf returns, for each variable k of m, the constraints checked
// once it is set that are not bounds Moves's ranges already enforce
// (comparisons of a variable with an expression of the state and earlier
// variables, as addBounds records them): checking those again filters
// nothing.
func filtersOf(m *move) [][]cond {
	fs := make([][]cond, len(m.vars))
	for k, cs := range m.conds {
		for _, c := range cs {
			if !pureBound(c, k) {
				fs[k] = append(fs[k], c)
			}
		}
	}
	return fs
}

// pureBound reports whether c, checked once variables 0..k are set, only
// restates bounds that addBounds recorded for those variables.
func pureBound(c cond, k int) bool {
	// bounds: x op y is a recorded bound of a variable j <= k.
	bounds := func(x, y expr) bool {
		if v, ok := x.(varRef); ok && int(v) <= k && y.maxVar() < int(v) {
			return true
		}
		if v, ok := y.(varRef); ok && int(v) <= k && x.maxVar() < int(v) {
			return true
		}
		return false
	}
	switch c := c.(type) {
	case chain:
		for i, op := range c.ops {
			switch op {
			case "<", "<=", ">", ">=", "==", "=":
			default:
				return false
			}
			if !bounds(c.xs[i], c.xs[i+1]) {
				return false
			}
		}
		return true
	case within:
		v, ok := c.x.(varRef)
		return ok && int(v) <= k && c.lo.maxVar() < int(v) && c.hi.maxVar() < int(v)
	}
	return false
}

// affine writes e, at the state and variables of en, as a + b v in
// variable k (the others are constants there): ok false when it is not
// affine (v*v, v/2) or too large to be sure of; def false when it is
// undefined for every v (a division by a zero that does not depend on v).
func affine(e expr, en *env, k int) (a, b int64, def, ok bool) {
	const big = 1 << 40
	switch e := e.(type) {
	case num:
		return int64(e), 0, true, true
	case stateRef:
		return en.state[e], 0, true, true
	case varRef:
		if int(e) != k {
			return en.vars[e], 0, true, true
		}
		return 0, 1, true, true
	case neg:
		a, b, def, ok := affine(e.x, en, k)
		return -a, -b, def, ok
	case binop:
		a1, b1, d1, ok1 := affine(e.x, en, k)
		a2, b2, d2, ok2 := affine(e.y, en, k)
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
