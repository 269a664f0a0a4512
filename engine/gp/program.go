package gp

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
)

// Node is one node of a program: a function (Op != 0), a variable
// (Op == 0, Var >= 0: input Var) or an integer constant (Op == 0, Var < 0).
type Node struct {
	Op    Op
	Var   int
	Value int64
}

// Fn, Var and Const make nodes.
func Fn(op Op) Node          { return Node{Op: op} }
func Var(i int) Node         { return Node{Var: i} }
func Const(v int64) Node     { return Node{Var: -1, Value: v} }
func (n Node) IsFunc() bool  { return n.Op != 0 }
func (n Node) IsConst() bool { return n.Op == 0 && n.Var < 0 }
func (n Node) arity() int {
	if n.Op == 0 {
		return 0
	}
	return n.Op.Arity()
}

// Program is a tree of nodes in prefix (Polish) order, as gplearn stores
// programs: a function is followed by its arguments' subtrees, so
// MOD(SUB(h, 1), 3) is [MOD SUB h 1 3].
type Program []Node

// Check reports whether p is one complete tree whose variables are below
// nvars.
func (p Program) Check(nvars int) error {
	if len(p) == 0 {
		return fmt.Errorf("gp: empty program")
	}
	need := 1
	for i, n := range p {
		if need == 0 {
			return fmt.Errorf("gp: program complete after %d of %d nodes", i, len(p))
		}
		switch {
		case n.Op >= numOps:
			return fmt.Errorf("gp: node %d: unknown function %d", i, n.Op)
		case n.Op == 0 && n.Var >= nvars:
			return fmt.Errorf("gp: node %d: variable %d, but only %d inputs", i, n.Var, nvars)
		}
		need += n.arity() - 1
	}
	if need != 0 {
		return fmt.Errorf("gp: program incomplete: %d arguments missing", need)
	}
	return nil
}

// Len returns the number of nodes (gplearn's length_).
func (p Program) Len() int { return len(p) }

// Depth returns the depth of the tree, a single leaf having depth 0
// (gplearn's depth_).
func (p Program) Depth() int {
	depth := 0
	var stack []int // arguments still wanted by each open function
	for _, n := range p {
		if n.IsFunc() {
			stack = append(stack, n.arity())
			depth = max(depth, len(stack))
			continue
		}
		for len(stack) > 0 {
			stack[len(stack)-1]--
			if stack[len(stack)-1] > 0 {
				break
			}
			stack = stack[:len(stack)-1]
		}
	}
	return depth
}

// subtreeEnd returns the end (exclusive) of the subtree starting at i.
func (p Program) subtreeEnd(i int) int {
	need := 1
	for need > 0 {
		need += p[i].arity() - 1
		i++
	}
	return i
}

// Clone returns a copy of p.
func (p Program) Clone() Program { return append(Program(nil), p...) }

// Eval computes the program on one input row x.
func (p Program) Eval(x []int64) int64 {
	v, _ := p.eval(0, x)
	return v
}

func (p Program) eval(i int, x []int64) (int64, int) {
	n := p[i]
	switch {
	case n.IsConst():
		return n.Value, i + 1
	case n.Op == 0:
		return x[n.Var], i + 1
	case n.arity() == 1:
		a, j := p.eval(i+1, x)
		return Apply(n.Op, a, 0), j
	}
	a, j := p.eval(i+1, x)
	b, k := p.eval(j, x)
	return Apply(n.Op, a, b), k
}

// Format writes p in the prefix notation of paper 002, with the inputs
// named by names (x0, x1, ... where names is short): MOD(SUB(h, 1), 3).
func (p Program) Format(names []string) string {
	var b strings.Builder
	p.format(&b, 0, names)
	return b.String()
}

// String formats p with inputs named x0, x1, ...
func (p Program) String() string { return p.Format(nil) }

func (p Program) format(b *strings.Builder, i int, names []string) int {
	n := p[i]
	if !n.IsFunc() {
		b.WriteString(leafName(n, names))
		return i + 1
	}
	b.WriteString(n.Op.String())
	b.WriteByte('(')
	j := i + 1
	for a := 0; a < n.arity(); a++ {
		if a > 0 {
			b.WriteString(", ")
		}
		j = p.format(b, j, names)
	}
	b.WriteByte(')')
	return j
}

func leafName(n Node, names []string) string {
	if n.IsConst() {
		return strconv.FormatInt(n.Value, 10)
	}
	if n.Var < len(names) {
		return names[n.Var]
	}
	return "x" + strconv.Itoa(n.Var)
}

// Parse reads a program in prefix notation, e.g.
// "MOD(SUB(h, 1), PLUS1(PLUS1(1)))", with function names in any case,
// integer constants, and inputs named by names (or x0, x1, ...).
func Parse(s string, names []string) (Program, error) {
	ps := &parser{s: s, names: names}
	var p Program
	if err := ps.node(&p); err != nil {
		return nil, err
	}
	ps.space()
	if ps.i < len(ps.s) {
		return nil, ps.errorf("unexpected %q after the program", ps.s[ps.i:])
	}
	return p, nil
}

type parser struct {
	s     string
	i     int
	names []string
}

func (ps *parser) errorf(format string, a ...any) error {
	return fmt.Errorf("gp: parse %q at column %d: %s", ps.s, ps.i+1, fmt.Sprintf(format, a...))
}

func (ps *parser) space() {
	for ps.i < len(ps.s) && unicode.IsSpace(rune(ps.s[ps.i])) {
		ps.i++
	}
}

func (ps *parser) word() string {
	ps.space()
	start := ps.i
	for ps.i < len(ps.s) {
		c := rune(ps.s[ps.i])
		if !(unicode.IsLetter(c) || unicode.IsDigit(c) || c == '_' || (c == '-' && ps.i == start)) {
			break
		}
		ps.i++
	}
	return ps.s[start:ps.i]
}

func (ps *parser) expect(c byte) error {
	ps.space()
	if ps.i >= len(ps.s) || ps.s[ps.i] != c {
		if ps.i >= len(ps.s) {
			return ps.errorf("expected %q, found the end", c)
		}
		return ps.errorf("expected %q, found %q", c, ps.s[ps.i])
	}
	ps.i++
	return nil
}

func (ps *parser) node(p *Program) error {
	start := ps.i
	w := ps.word()
	if w == "" {
		if ps.i >= len(ps.s) {
			return ps.errorf("expected a function, input or constant, found the end")
		}
		return ps.errorf("expected a function, input or constant, found %q", ps.s[ps.i])
	}
	if v, err := strconv.ParseInt(w, 10, 64); err == nil {
		*p = append(*p, Const(v))
		return nil
	}
	for i, name := range ps.names {
		if name == w {
			*p = append(*p, Var(i))
			return nil
		}
	}
	if len(w) > 1 && w[0] == 'x' {
		if i, err := strconv.Atoi(w[1:]); err == nil && i >= 0 && len(ps.names) == 0 {
			*p = append(*p, Var(i))
			return nil
		}
	}
	op, err := ParseOp(w)
	if err != nil {
		ps.i = start
		ps.space()
		return ps.errorf("%q is neither an input (%s) nor a function", w, strings.Join(ps.names, ", "))
	}
	*p = append(*p, Fn(op))
	if err := ps.expect('('); err != nil {
		return err
	}
	for a := 0; a < op.Arity(); a++ {
		if a > 0 {
			if err := ps.expect(','); err != nil {
				return err
			}
		}
		if err := ps.node(p); err != nil {
			return err
		}
	}
	return ps.expect(')')
}
