package gp

import (
	"math"
	"slices"
	"strings"
)

// expr is a program as a tree, for simplification and infix printing.
type expr struct {
	leaf Node // when op == 0
	op   Op
	args []*expr
	key  string // the prefix form, for comparing subtrees
}

func toExpr(p Program) *expr {
	e, _ := buildExpr(p, 0)
	return e
}

func buildExpr(p Program, i int) (*expr, int) {
	n := p[i]
	if !n.IsFunc() {
		return leafExpr(n), i + 1
	}
	e := &expr{op: n.Op}
	j := i + 1
	for a := 0; a < n.arity(); a++ {
		var c *expr
		c, j = buildExpr(p, j)
		e.args = append(e.args, c)
	}
	e.setKey()
	return e, j
}

func leafExpr(n Node) *expr {
	e := &expr{leaf: n}
	e.setKey()
	return e
}

func constExpr(v int64) *expr { return leafExpr(Const(v)) }

func fnExpr(op Op, args ...*expr) *expr {
	e := &expr{op: op, args: args}
	e.setKey()
	return e
}

func (e *expr) setKey() {
	if e.op == 0 {
		e.key = leafName(e.leaf, nil)
		return
	}
	var b strings.Builder
	b.WriteString(e.op.String())
	b.WriteByte('(')
	for i, a := range e.args {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(a.key)
	}
	b.WriteByte(')')
	e.key = b.String()
}

func (e *expr) isConst() bool { return e.op == 0 && e.leaf.IsConst() }

func (e *expr) is(v int64) bool { return e.isConst() && e.leaf.Value == v }

func (e *expr) program(out Program) Program {
	if e.op == 0 {
		return append(out, e.leaf)
	}
	out = append(out, Fn(e.op))
	for _, a := range e.args {
		out = a.program(out)
	}
	return out
}

// Simplify returns a program that computes the same value as p on every
// input, with constants folded (PLUS1(PLUS1(1)) -> 3), identities applied
// (XOR(x, x) -> 0, SUB(x, x) -> 0, EQUAL(x, x) -> 1, ADD(x, 0) -> x,
// MOD(x, 1) -> 0, ...) and sums of ADD, SUB and PLUS1 collected into one
// sum with like terms combined and inputs first, in input order. Every rule
// holds exactly for the wrapping, protected primitives (see Op).
func Simplify(p Program) Program {
	return simplify(toExpr(p)).program(nil)
}

func simplify(e *expr) *expr {
	if e.op == 0 {
		return e
	}
	args := make([]*expr, len(e.args))
	allConst := true
	for i, a := range e.args {
		args[i] = simplify(a)
		allConst = allConst && args[i].isConst()
	}
	if allConst {
		var y int64
		if len(args) == 2 {
			y = args[1].leaf.Value
		}
		return constExpr(Apply(e.op, args[0].leaf.Value, y))
	}
	x := args[0]
	var y *expr
	if len(args) == 2 {
		y = args[1]
	}
	same := y != nil && x.key == y.key
	switch e.op {
	case ADD, SUB, PLUS1:
		return linear(fnExpr(e.op, args...))
	case XOR:
		switch {
		case same:
			return constExpr(0)
		case x.is(0):
			return y
		case y.is(0):
			return x
		}
	case AND:
		switch {
		case same, y.is(-1):
			return x
		case x.is(-1):
			return y
		case x.is(0), y.is(0):
			return constExpr(0)
		}
	case OR:
		switch {
		case same, y.is(0):
			return x
		case x.is(0):
			return y
		case x.is(-1), y.is(-1):
			return constExpr(-1)
		}
	case NOT:
		if x.op == NOT {
			return x.args[0]
		}
	case MOD:
		switch {
		case same, y.is(1), y.is(-1), x.is(0):
			return constExpr(0)
		case y.is(0):
			return x
		case x.op == MOD && x.args[1].key == y.key:
			return x // (a mod y) mod y = a mod y
		}
	case EQUAL:
		if same {
			return constExpr(1)
		}
	case LESS, GREATER:
		if same {
			return constExpr(0)
		}
	case TIMES:
		switch {
		case x.is(0), y.is(0):
			return constExpr(0)
		case x.is(1):
			return y
		case y.is(1):
			return x
		}
	case DIVIDE:
		switch {
		case same:
			return constExpr(1)
		case y.is(1):
			return x
		}
	}
	return fnExpr(e.op, args...)
}

// term is coef * e in a linear sum.
type term struct {
	coef int64
	e    *expr
}

// linear collects a tree of ADD, SUB and PLUS1 (whose arguments are
// already simplified) into terms and a constant, combines like terms, and
// rebuilds it. Integers modulo 2^64 form a commutative ring, so reordering
// and combining are exact under wrapping arithmetic.
func linear(e *expr) *expr {
	var terms []term
	var c int64
	// collect adds sign * e (sign is any coefficient).
	var collect func(e *expr, sign int64)
	collect = func(e *expr, sign int64) {
		switch {
		case e.isConst():
			c += sign * e.leaf.Value
		case e.op == ADD:
			collect(e.args[0], sign)
			collect(e.args[1], sign)
		case e.op == SUB:
			collect(e.args[0], sign)
			collect(e.args[1], -sign)
		case e.op == PLUS1:
			collect(e.args[0], sign)
			c += sign
		case e.op == TIMES && e.args[0].isConst():
			collect(e.args[1], sign*e.args[0].leaf.Value)
		case e.op == TIMES && e.args[1].isConst():
			collect(e.args[0], sign*e.args[1].leaf.Value)
		default:
			for i := range terms {
				if terms[i].e.key == e.key {
					terms[i].coef += sign
					return
				}
			}
			terms = append(terms, term{sign, e})
		}
	}
	collect(e, 1)
	terms = slices.DeleteFunc(terms, func(t term) bool { return t.coef == 0 })
	// Inputs first, in input order; other terms keep their order.
	slices.SortStableFunc(terms, func(a, b term) int {
		av, bv := a.e.op == 0, b.e.op == 0
		switch {
		case av && bv:
			return a.e.leaf.Var - b.e.leaf.Var
		case av:
			return -1
		case bv:
			return 1
		}
		return 0
	})
	var acc *expr
	add := func(t term) {
		neg := t.coef < 0 && t.coef != math.MinInt64
		k := t.coef
		if neg {
			k = -k
		}
		x := t.e
		if k != 1 {
			x = fnExpr(TIMES, constExpr(k), x)
		}
		switch {
		case acc == nil && !neg:
			acc = x
		case acc == nil:
			acc = fnExpr(SUB, constExpr(0), x)
		case neg:
			acc = fnExpr(SUB, acc, x)
		default:
			acc = fnExpr(ADD, acc, x)
		}
	}
	// Start with a positive term if there is one, so that h2 - h1 does not
	// read 0 - h1 + h2.
	for i, t := range terms {
		if t.coef > 0 {
			terms[0], terms[i] = terms[i], terms[0]
			break
		}
	}
	for _, t := range terms {
		add(t)
	}
	switch {
	case acc == nil:
		return constExpr(c)
	case c == 0:
		return acc
	case c < 0 && c != math.MinInt64:
		return fnExpr(SUB, acc, constExpr(-c))
	}
	return fnExpr(ADD, acc, constExpr(c))
}

// Infix returns the simplified program in infix notation with the inputs
// named by names: (h1 + h2 + 1) mod 3. The notation: + - * as usual, "div"
// floor division and "mod" floor modulo (both protected, see Op), "and",
// "xor", "or" and "not" bitwise, log2(x), and [a = b], [a < b], [a > b] for
// the comparisons (1 when true, 0 when false). Operators bind as in C:
// * div mod, then + -, then and, xor, or; parentheses make the rest plain.
func Infix(p Program, names []string) string {
	var b strings.Builder
	infix(&b, simplify(toExpr(p)), names, false)
	return b.String()
}

// Binding strength of the infix forms; atoms bind tightest.
const (
	precOr = iota + 1
	precXor
	precAnd
	precAdd
	precMul
	precNot
	precAtom
)

func prec(e *expr) int {
	switch e.op {
	case 0:
		if e.isConst() && e.leaf.Value < 0 {
			return precNot // a negative constant reads like a unary minus
		}
		return precAtom
	case OR:
		return precOr
	case XOR:
		return precXor
	case AND:
		return precAnd
	case ADD, SUB, PLUS1:
		return precAdd
	case TIMES, DIVIDE, MOD:
		return precMul
	case NOT:
		return precNot
	}
	return precAtom // LOG2(x) and the bracketed comparisons
}

var infixName = map[Op]string{OR: " or ", XOR: " xor ", AND: " and ", ADD: " + ", SUB: " - ",
	TIMES: " * ", DIVIDE: " div ", MOD: " mod ", EQUAL: " = ", LESS: " < ", GREATER: " > "}

// infix writes e; nested is set below an operator, where a negative
// constant is bracketed.
func infix(b *strings.Builder, e *expr, names []string, nested bool) {
	if e.op == 0 {
		s := leafName(e.leaf, names)
		if nested && e.isConst() && e.leaf.Value < 0 {
			s = "(" + s + ")"
		}
		b.WriteString(s)
		return
	}
	switch e.op {
	case LOG2:
		b.WriteString("log2(")
		infix(b, e.args[0], names, false)
		b.WriteByte(')')
		return
	case EQUAL, LESS, GREATER:
		b.WriteByte('[')
		infix(b, e.args[0], names, false)
		b.WriteString(infixName[e.op])
		infix(b, e.args[1], names, false)
		b.WriteByte(']')
		return
	case NOT:
		b.WriteString("not ")
		writeParen(b, e.args[0], names, prec(e.args[0]) < precNot)
		return
	case PLUS1: // only in programs that were not simplified
		e = fnExpr(ADD, e.args[0], constExpr(1))
	}
	p := prec(e)
	left, right := e.args[0], e.args[1]
	// Arithmetic under a bitwise operator is bracketed although it binds
	// tighter: "a xor b + 1" is too easily misread.
	mixed := func(c *expr) bool { return p <= precAnd && c.op != 0 && prec(c) > precAnd && prec(c) < precNot }
	writeParen(b, left, names, prec(left) < p || mixed(left) ||
		(prec(left) == p && left.op != e.op && !(isSum(left) && isSum(e))))
	b.WriteString(infixName[e.op])
	writeParen(b, right, names, prec(right) < p || mixed(right) ||
		(prec(right) == p && !(right.op == e.op && associative(e.op))))
}

func isSum(e *expr) bool { return e.op == ADD || e.op == SUB || e.op == PLUS1 }

func associative(op Op) bool {
	switch op {
	case ADD, TIMES, AND, OR, XOR:
		return true
	}
	return false
}

func writeParen(b *strings.Builder, e *expr, names []string, paren bool) {
	if paren {
		b.WriteByte('(')
		infix(b, e, names, false)
		b.WriteByte(')')
		return
	}
	infix(b, e, names, true)
}
