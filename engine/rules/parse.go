package rules

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
)

// MaxComponents bounds the length of the state vector.
const MaxComponents = 64

var reserved = map[string]bool{
	"even": true, "odd": true, "in": true, "and": true,
	"state": true, "move": true, "terminal": true, "name": true, "allow": true,
}

// MaxFileSize bounds a rule file: real ones are a few lines, and a larger
// file (a binary, /dev/zero) is refused before it fills memory.
const MaxFileSize = 1 << 20

// ParseFile reads and parses a rule file; errors start with the file name.
func ParseFile(path string) (*Game, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return Read(f, path)
}

// Read reads rule text of at most MaxFileSize bytes from r and parses it;
// errors start with name, and a file too large is an *Error.
func Read(r io.Reader, name string) (*Game, error) {
	b, err := io.ReadAll(io.LimitReader(r, MaxFileSize+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if len(b) > MaxFileSize {
		return nil, fmt.Errorf("%s: %w", name, &Error{0, 0, fmt.Sprintf("more than %d bytes: not a rule file", MaxFileSize)})
	}
	g, err := Parse(string(b))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return g, nil
}

// Parse parses rule text into a Game. A leading UTF-8 byte order mark is
// skipped.
func Parse(src string) (*Game, error) {
	src = strings.TrimPrefix(src, "\ufeff")
	g := &Game{}
	stateLine := 0
	type pending struct {
		line int
		text string
		col  int
	}
	var moves, terms []pending
	for i, raw := range strings.Split(src, "\n") {
		line := i + 1
		text := raw
		if j := strings.IndexByte(text, '#'); j >= 0 {
			text = text[:j]
		}
		trimmed := strings.TrimLeft(text, " \t")
		if strings.TrimSpace(trimmed) == "" {
			continue
		}
		col := len(text) - len(trimmed) + 1
		word, rest := trimmed, ""
		if j := strings.IndexAny(trimmed, " \t\r"); j >= 0 {
			word, rest = trimmed[:j], trimmed[j+1:]
		}
		restCol := col + len(word) + 1
		switch word {
		case "name":
			g.Name = strings.TrimSpace(rest)
		case "state":
			if stateLine != 0 {
				return nil, &Error{line, col, fmt.Sprintf("second state line (the first is line %d)", stateLine)}
			}
			v, err := parseInts(rest, line, restCol, false)
			if err != nil {
				return nil, err
			}
			if len(v) == 0 || len(v) > MaxComponents {
				return nil, &Error{line, col, fmt.Sprintf("state has %d components, need 1 to %d", len(v), MaxComponents)}
			}
			g.Start0, stateLine = v, line
		case "move":
			moves = append(moves, pending{line, rest, restCol})
		case "terminal":
			terms = append(terms, pending{line, rest, restCol})
		case "allow":
			if strings.TrimSpace(rest) != "negative" {
				return nil, &Error{line, restCol, `expected "allow negative"`}
			}
			g.AllowNegative = true
		default:
			return nil, &Error{line, col, fmt.Sprintf("unknown directive %q (want state, move, terminal, name or allow)", word)}
		}
	}
	if stateLine == 0 {
		return nil, &Error{1, 0, "no state line (e.g. state 1 3 5 7)"}
	}
	n := len(g.Start0)
	for _, t := range terms {
		v, err := parseInts(t.text, t.line, t.col, true)
		if err != nil {
			return nil, err
		}
		if len(v) != n {
			return nil, &Error{t.line, t.col, fmt.Sprintf("terminal state has %d components, the state has %d", len(v), n)}
		}
		g.terminals = append(g.terminals, v)
	}
	if len(moves) == 0 {
		return nil, &Error{stateLine, 0, "no move lines: every position would be terminal"}
	}
	for _, m := range moves {
		mv, err := parseMove(m.text, m.line, m.col, n)
		if err != nil {
			return nil, err
		}
		mv.reads = mv.stateReads()
		g.moves = append(g.moves, mv)
	}
	return g, nil
}

const wildcard = int64(-1) << 62

func parseInts(s string, line, col int, wild bool) ([]int64, error) {
	var out []int64
	fs, err := fields(s, line, col)
	if err != nil {
		return nil, err
	}
	for _, f := range fs {
		if wild && f.text == "*" {
			out = append(out, wildcard)
			continue
		}
		v, err := strconv.ParseInt(f.text, 10, 32)
		if err != nil {
			what := "an integer"
			if wild {
				what = "an integer or *"
			}
			if allDigits(strings.TrimPrefix(f.text, "-")) {
				return nil, &Error{line, f.col, fmt.Sprintf("%s is too large (the range is 32-bit)", f.text)}
			}
			return nil, &Error{line, f.col, fmt.Sprintf("%q is not %s", f.text, what)}
		}
		out = append(out, v)
	}
	return out, nil
}

type field struct {
	text string
	col  int
}

// fields splits s at blanks outside parentheses; a parenthesis left open
// at the end of s is an error at its column.
func fields(s string, line, col int) ([]field, error) {
	var out []field
	var open []int // columns of the parentheses open
	start := -1
	for i := 0; i <= len(s); i++ {
		c := byte(' ')
		if i < len(s) {
			c = s[i]
		}
		blank := c == ' ' || c == '\t' || c == '\r'
		if blank && (len(open) == 0 || i == len(s)) {
			if len(open) > 0 {
				return nil, &Error{line, open[len(open)-1], "( is never closed"}
			}
			if start >= 0 {
				out = append(out, field{s[start:i], col + start})
				start = -1
			}
			continue
		}
		if start < 0 {
			start = i
		}
		switch c {
		case '(':
			open = append(open, col+i)
		case ')':
			if len(open) > 0 {
				open = open[:len(open)-1]
			}
		}
	}
	return out, nil
}

type move struct {
	reads uint64 // the state components the move reads (bit i: a(i+1))
	line  int
	delta []expr
	vars  []string
	conds [][]cond  // conds[k]: checked once variables 0..k are set (k = -1 stored at index 0 shifted)
	pre   []cond    // conditions on the state alone
	lo    [][]bound // per variable
	hi    [][]bound
}

type parser struct {
	toks  []token
	pos   int
	line  int
	n     int
	vars  map[string]int
	names *[]string
}

func (p *parser) peek() token { return p.toks[p.pos] }
func (p *parser) next() token { t := p.toks[p.pos]; p.pos++; return t }
func (p *parser) errf(t token, format string, a ...any) error {
	return &Error{p.line, t.col, fmt.Sprintf(format, a...)}
}

func parseMove(s string, line, col, n int) (*move, error) {
	vecText, condText, hasConds := strings.Cut(s, ":")
	m := &move{line: line}
	vars := map[string]int{}
	ps := &parser{line: line, n: n, vars: vars, names: &m.vars}
	fs, err := fields(vecText, line, col)
	if err != nil {
		return nil, err
	}
	if len(fs) != n {
		return nil, &Error{line, col, fmt.Sprintf("move has %d components, the state has %d (separate components by spaces)", len(fs), n)}
	}
	for _, f := range fs {
		toks, err := lex(f.text, line, f.col)
		if err != nil {
			return nil, err
		}
		ps.toks, ps.pos = toks, 0
		e, err := ps.sum()
		if err != nil {
			return nil, err
		}
		if t := ps.peek(); t.kind != tEOF {
			return nil, ps.errf(t, "unexpected %v in move component %q", t, f.text)
		}
		m.delta = append(m.delta, e)
	}
	var conds []cond
	if hasConds {
		ccol := col + len(vecText) + 1
		toks, err := lex(condText, line, ccol)
		if err != nil {
			return nil, err
		}
		ps.toks, ps.pos = toks, 0
		for {
			c, err := ps.cond()
			if err != nil {
				return nil, err
			}
			conds = append(conds, c)
			t := ps.peek()
			if t.kind == tEOF {
				break
			}
			if t.text == "," || t.kind == tIdent && t.text == "and" {
				ps.next()
				continue
			}
			return nil, ps.errf(t, "expected , or and between constraints, found %v", t)
		}
	}
	nv := len(m.vars)
	m.lo, m.hi = make([][]bound, nv), make([][]bound, nv)
	m.conds = make([][]cond, nv)
	for _, c := range conds {
		k := c.maxVar()
		if k < 0 {
			m.pre = append(m.pre, c)
		} else {
			m.conds[k] = append(m.conds[k], c)
		}
		m.addBounds(c)
	}
	for v, name := range m.vars {
		if len(m.lo[v]) == 0 {
			return nil, &Error{line, 0, fmt.Sprintf("variable %s has no lower bound: add a constraint such as 1 <= %s", name, name)}
		}
		if len(m.hi[v]) == 0 {
			return nil, &Error{line, 0, fmt.Sprintf("variable %s has no upper bound: add a constraint such as %s <= a1", name, name)}
		}
	}
	return m, nil
}

// addBounds records the bounds a constraint puts on a single variable,
// when the bound uses only the state and earlier variables.
func (m *move) addBounds(c cond) {
	usable := func(v varRef, e expr) bool { return e.maxVar() < int(v) }
	switch c := c.(type) {
	case chain:
		for i, op := range c.ops {
			x, y := c.xs[i], c.xs[i+1]
			if v, ok := x.(varRef); ok && usable(v, y) {
				m.bound(v, op, y)
			}
			if v, ok := y.(varRef); ok && usable(v, x) {
				m.bound(v, flip(op), x)
			}
		}
	case within:
		if v, ok := c.x.(varRef); ok && usable(v, c.lo) && usable(v, c.hi) {
			m.lo[v] = append(m.lo[v], bound{e: c.lo})
			m.hi[v] = append(m.hi[v], bound{e: c.hi})
		}
	case divides:
		if v, ok := c.d.(varRef); ok && usable(v, c.x) {
			m.lo[v] = append(m.lo[v], bound{e: num(1)})
			m.hi[v] = append(m.hi[v], bound{e: c.x, abs: true})
		}
	}
}

func flip(op string) string {
	switch op {
	case "<":
		return ">"
	case "<=":
		return ">="
	case ">":
		return "<"
	case ">=":
		return "<="
	}
	return op
}

// bound records "v op e".
func (m *move) bound(v varRef, op string, e expr) {
	switch op {
	case "<":
		m.hi[v] = append(m.hi[v], bound{e: e, add: -1})
	case "<=":
		m.hi[v] = append(m.hi[v], bound{e: e})
	case ">":
		m.lo[v] = append(m.lo[v], bound{e: e, add: 1})
	case ">=":
		m.lo[v] = append(m.lo[v], bound{e: e})
	case "==", "=":
		m.lo[v] = append(m.lo[v], bound{e: e})
		m.hi[v] = append(m.hi[v], bound{e: e})
	}
}

func isCmp(t token) bool {
	switch t.text {
	case "<", "<=", ">", ">=", "==", "!=", "=":
		return t.kind == tOp
	}
	return false
}

func (p *parser) cond() (cond, error) {
	t := p.peek()
	if t.kind == tIdent && (t.text == "even" || t.text == "odd") {
		p.next()
		x, err := p.sum()
		if err != nil {
			return nil, err
		}
		return parity{x, t.text == "even"}, nil
	}
	x, err := p.sum()
	if err != nil {
		return nil, err
	}
	t = p.peek()
	switch {
	case t.kind == tIdent && (t.text == "even" || t.text == "odd"):
		p.next()
		return parity{x, t.text == "even"}, nil
	case t.kind == tIdent && t.text == "in":
		p.next()
		lo, err := p.sum()
		if err != nil {
			return nil, err
		}
		if d := p.next(); d.text != ".." {
			return nil, p.errf(d, "expected .. in a range such as v in 1..a1, found %v", d)
		}
		hi, err := p.sum()
		if err != nil {
			return nil, err
		}
		return within{x, lo, hi}, nil
	case t.kind == tOp && t.text == "|":
		p.next()
		y, err := p.sum()
		if err != nil {
			return nil, err
		}
		return divides{x, y}, nil
	case isCmp(t):
		c := chain{xs: []expr{x}}
		for isCmp(p.peek()) {
			c.ops = append(c.ops, p.next().text)
			y, err := p.sum()
			if err != nil {
				return nil, err
			}
			c.xs = append(c.xs, y)
		}
		return c, nil
	}
	return nil, p.errf(t, "expected a comparison (<, <=, ==, ...), |, in, even or odd after the expression, found %v", t)
}

func (p *parser) sum() (expr, error) {
	x, err := p.product()
	if err != nil {
		return nil, err
	}
	for t := p.peek(); t.kind == tOp && (t.text == "+" || t.text == "-"); t = p.peek() {
		p.next()
		y, err := p.product()
		if err != nil {
			return nil, err
		}
		x = binop{t.text[0], x, y}
	}
	return x, nil
}

func (p *parser) product() (expr, error) {
	x, err := p.unary()
	if err != nil {
		return nil, err
	}
	for t := p.peek(); t.kind == tOp && (t.text == "*" || t.text == "/" || t.text == "%"); t = p.peek() {
		p.next()
		y, err := p.unary()
		if err != nil {
			return nil, err
		}
		x = binop{t.text[0], x, y}
	}
	return x, nil
}

func (p *parser) unary() (expr, error) {
	t := p.peek()
	if t.kind == tOp && (t.text == "-" || t.text == "+") {
		p.next()
		x, err := p.unary()
		if err != nil {
			return nil, err
		}
		if t.text == "-" {
			return neg{x}, nil
		}
		return x, nil
	}
	return p.primary()
}

func (p *parser) primary() (expr, error) {
	t := p.next()
	switch t.kind {
	case tInt:
		return num(t.val), nil
	case tIdent:
		if len(t.text) > 1 && t.text[0] == 'a' && allDigits(t.text[1:]) {
			i, _ := strconv.Atoi(t.text[1:])
			if i < 1 || i > p.n {
				return nil, p.errf(t, "%s: the state has components a1..a%d", t.text, p.n)
			}
			return stateRef(i - 1), nil
		}
		if reserved[t.text] {
			return nil, p.errf(t, "%q is a keyword, not a variable", t.text)
		}
		v, ok := p.vars[t.text]
		if !ok {
			v = len(*p.names)
			p.vars[t.text] = v
			*p.names = append(*p.names, t.text)
		}
		return varRef(v), nil
	case tOp:
		if t.text == "(" {
			x, err := p.sum()
			if err != nil {
				return nil, err
			}
			if c := p.next(); c.text != ")" {
				return nil, p.errf(c, "expected ), found %v", c)
			}
			return x, nil
		}
	}
	return nil, p.errf(t, "expected a number, a variable or a1..a%d, found %v", p.n, t)
}

func allDigits(s string) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return s != ""
}
