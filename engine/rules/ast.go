package rules

import "fmt"

// env is the state and the variable values a move is evaluated in.
type env struct {
	state []int64
	vars  []int64
}

type expr interface {
	// eval returns false when the value is undefined (division by zero).
	eval(e *env) (int64, bool)
	// maxVar is the largest variable index used, or -1.
	maxVar() int
}

type num int64
type stateRef int
type varRef int
type neg struct{ x expr }
type binop struct {
	op   byte
	x, y expr
}

func (n num) eval(*env) (int64, bool)        { return int64(n), true }
func (s stateRef) eval(e *env) (int64, bool) { return e.state[s], true }
func (v varRef) eval(e *env) (int64, bool)   { return e.vars[v], true }
func (n neg) eval(e *env) (int64, bool) {
	x, ok := n.x.eval(e)
	return -x, ok
}
func (b binop) eval(e *env) (int64, bool) {
	x, ok1 := b.x.eval(e)
	y, ok2 := b.y.eval(e)
	if !ok1 || !ok2 {
		return 0, false
	}
	switch b.op {
	case '+':
		return x + y, true
	case '-':
		return x - y, true
	case '*':
		return x * y, true
	case '/':
		if y == 0 {
			return 0, false
		}
		return x / y, true
	case '%':
		if y == 0 {
			return 0, false
		}
		return x % y, true
	}
	panic("rules: unknown operator " + string(b.op))
}

func (num) maxVar() int           { return -1 }
func (stateRef) maxVar() int      { return -1 }
func (v varRef) maxVar() int      { return int(v) }
func (n neg) maxVar() int         { return n.x.maxVar() }
func (b binop) maxVar() int       { return max(b.x.maxVar(), b.y.maxVar()) }
func (s stateRef) String() string { return fmt.Sprintf("a%d", int(s)+1) }

type cond interface {
	holds(e *env) bool
	maxVar() int
}

// chain is x0 op0 x1 [op1 x2]: every adjacent comparison must hold.
type chain struct {
	xs  []expr
	ops []string
}

func (c chain) holds(e *env) bool {
	prev, ok := c.xs[0].eval(e)
	if !ok {
		return false
	}
	for i, op := range c.ops {
		next, ok := c.xs[i+1].eval(e)
		if !ok || !compare(prev, op, next) {
			return false
		}
		prev = next
	}
	return true
}

func compare(x int64, op string, y int64) bool {
	switch op {
	case "<":
		return x < y
	case "<=":
		return x <= y
	case ">":
		return x > y
	case ">=":
		return x >= y
	case "==", "=":
		return x == y
	case "!=":
		return x != y
	}
	panic("rules: unknown comparison " + op)
}

func (c chain) maxVar() int {
	m := -1
	for _, x := range c.xs {
		m = max(m, x.maxVar())
	}
	return m
}

// divides is d | x: d is non-zero and divides x.
type divides struct{ d, x expr }

func (c divides) holds(e *env) bool {
	d, ok1 := c.d.eval(e)
	x, ok2 := c.x.eval(e)
	return ok1 && ok2 && d != 0 && x%d == 0
}
func (c divides) maxVar() int { return max(c.d.maxVar(), c.x.maxVar()) }

// parity is "x even" or "x odd".
type parity struct {
	x    expr
	even bool
}

func (c parity) holds(e *env) bool {
	x, ok := c.x.eval(e)
	return ok && (x%2 == 0) == c.even
}
func (c parity) maxVar() int { return c.x.maxVar() }

// within is x in lo..hi (inclusive).
type within struct{ x, lo, hi expr }

func (c within) holds(e *env) bool {
	x, ok1 := c.x.eval(e)
	lo, ok2 := c.lo.eval(e)
	hi, ok3 := c.hi.eval(e)
	return ok1 && ok2 && ok3 && lo <= x && x <= hi
}
func (c within) maxVar() int { return max(c.x.maxVar(), c.lo.maxVar(), c.hi.maxVar()) }

// bound is a bound on a variable: the value of e, plus add (for < and >).
type bound struct {
	e   expr
	add int64
	abs bool // |e| (for divisors)
}

func (b bound) eval(en *env) (int64, bool) {
	v, ok := b.e.eval(en)
	if b.abs && v < 0 {
		v = -v
	}
	return v + b.add, ok
}
