package session

import (
	"context"
	"fmt"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"go/types"
	"reflect"
	"sort"
	"strings"

	"github.com/goplus/ixgo"
)

// Completion and inspection read the cell being typed as the session's
// type checker reads a cell: up to the line the cursor is on, with the
// expression the cursor follows (or is in) put there as a probe, and the
// blocks still open closed. What the checker says of the probe — its type,
// the object it names, the scope it is in — is the answer: the names that
// exist where the cursor is, the fields and methods of the probe's type.

// view is the cell being typed, checked with a probe.
type view struct {
	s     *Session
	b     *build
	probe ast.Expr // the probe expression, as the checker saw it
	scope *types.Scope
}

// look checks the session's cell being typed: before is its text before
// the cursor's line, expr the probe ("" for none: the scope alone).
func (s *Session) look(before, expr string) *view {
	if expr == "" {
		expr = "0"
	}
	code := before + "\n" + tupleFunc + "(" + expr + ")\n" + closers(before)
	items, incomplete, err := split(code)
	if err != nil || incomplete || len(items) == 0 {
		return nil
	}
	c := Cell{Code: code, Name: "<completion>"}
	for _, it := range items {
		if it.kind == magic || it.kind == cellMagic {
			// a magic line is not Go: blank it out
			if blanked := strings.Join(blankMagics(before), "\n"); blanked != before {
				return s.look(blanked, expr)
			}
			return nil
		}
	}
	seq := s.seq
	defer func() { s.seq = seq }()
	cc, _, err := s.readPhase(c, items)
	if err != nil {
		return nil
	}
	b := &build{cc: cc, fset: token.NewFileSet()}
	b.decls = map[string]*progDecl{}
	for k, d := range s.decls {
		b.decls[k] = d
	}
	for _, d := range cc.decls {
		for _, k := range d.keys() {
			b.decls[k] = d
		}
	}
	b.vars = map[string]*sessVar{}
	for n, v := range s.vars {
		b.vars[n] = v
	}
	b.imports = append([]importSpec(nil), s.imports...)
	for _, im := range cc.imports {
		if _, err := s.importer.Import(im.path); err == nil {
			b.imports = append(b.imports, im)
		}
	}
	b.checkAsWritten(s, 0)
	if b.check.info == nil {
		return nil
	}
	v := &view{s: s, b: b}
	ast.Inspect(b.check.body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && v.probe == nil {
			if id, ok := call.Fun.(*ast.Ident); ok && id.Name == tupleFunc && len(call.Args) == 1 {
				v.probe = call.Args[0]
				v.scope = b.check.pkg.Scope().Innermost(call.Pos())
				return false
			}
		}
		return true
	})
	if v.probe == nil {
		return nil
	}
	return v
}

// blankMagics returns the lines of code with magic lines made blank.
func blankMagics(code string) []string {
	lines := strings.Split(code, "\n")
	for i, l := range lines {
		if t := strings.TrimSpace(l); strings.HasPrefix(t, "%") || strings.HasPrefix(t, "!") {
			lines[i] = ""
		}
	}
	return lines
}

// closers returns what closes the brackets code leaves open.
func closers(code string) string {
	var stack []byte
	var sc scanner.Scanner
	fset := token.NewFileSet()
	sc.Init(fset.AddFile("", -1, len(code)), []byte(code), func(token.Position, string) {}, 0)
	for {
		_, tok, _ := sc.Scan()
		switch tok {
		case token.EOF:
			var b strings.Builder
			for i := len(stack) - 1; i >= 0; i-- {
				b.WriteString("\n" + string(stack[i]))
			}
			return b.String()
		case token.LBRACE:
			stack = append(stack, '}')
		case token.LPAREN:
			stack = append(stack, ')')
		case token.LBRACK:
			stack = append(stack, ']')
		case token.RBRACE, token.RPAREN, token.RBRACK:
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
		}
	}
}

var keywords = []string{"break", "case", "chan", "const", "continue", "default", "defer", "else",
	"fallthrough", "for", "func", "go", "goto", "if", "import", "interface", "map", "package",
	"range", "return", "select", "struct", "switch", "type", "var"}

// Complete returns candidates for the identifier ending at cursor (a byte
// offset), and the offsets of the text they replace: the fields and
// methods of a value after "x.", "f()." or "x.y[i].", a package's members
// after "pkg.", import paths inside an import's quotes, magic names after
// a "%" that starts a line, else the keywords and the names in scope where
// the cursor is.
func (s *Session) Complete(code string, cursor int) (matches []string, start, end int) {
	defer func() {
		if recover() != nil { // completion is a convenience: never a crash
			matches, start, end = nil, cursor, cursor
		}
	}()
	if cursor > len(code) || cursor < 0 {
		cursor = len(code)
	}
	if m, from, ok := s.importCompletions(code, cursor); ok {
		return m, from, cursor
	}
	start = cursor
	for start > 0 && isIdent(code[start-1]) {
		start--
	}
	prefix := code[start:cursor]
	if start > 0 && code[start-1] == '%' {
		p := start - 1
		if p > 0 && code[p-1] == '%' {
			p--
		}
		if firstOnLine(code, p) {
			for _, m := range Magics() {
				if strings.HasPrefix(m.Name, prefix) && m.Cell == (p < start-1) {
					matches = append(matches, m.Name)
				}
			}
			return matches, start, cursor
		}
	}
	lineStart := strings.LastIndexByte(code[:start], '\n') + 1
	before := code[:lineStart]
	s.mu.Lock()
	defer s.mu.Unlock()
	add := func(name string) {
		if strings.HasPrefix(name, prefix) && !strings.HasPrefix(name, hidden) && name != "_" {
			matches = append(matches, name)
		}
	}
	if start > 0 && code[start-1] == '.' {
		op := operandBefore(code, start-1)
		if op == "" {
			return nil, start, cursor
		}
		v := s.look(before, op)
		if v == nil {
			return nil, start, cursor
		}
		for _, m := range v.members() {
			add(m.name)
		}
		sort.Strings(matches)
		return dedupe(matches), start, cursor
	}
	if prefix == "" {
		return nil, start, cursor
	}
	for _, k := range keywords {
		add(k)
	}
	if v := s.look(before, ""); v != nil && v.scope != nil {
		for sc := v.scope; sc != nil; sc = sc.Parent() {
			for _, name := range sc.Names() {
				add(name)
			}
		}
	} else {
		for _, name := range types.Universe.Names() {
			add(name)
		}
	}
	sort.Strings(matches)
	return dedupe(matches), start, cursor
}

// member is a field or method of a value, or a member of a package.
type member struct {
	name string
	obj  types.Object
	kind string // "field", "method", or the object's kind in a package
}

// members lists what may follow the probe and a dot: a package's
// exported members, or the fields and methods of the probe's type (of
// its pointer too: what an addressable value has), those of another
// package only when exported.
func (v *view) members() []member {
	info := v.b.check.info
	if id, ok := v.probe.(*ast.Ident); ok {
		pkg := v.pkgNamed(id)
		if pkg != nil {
			var out []member
			sc := pkg.Scope()
			for _, name := range sc.Names() {
				if obj := sc.Lookup(name); obj.Exported() {
					out = append(out, member{name: name, obj: obj, kind: objKind(obj)})
				}
			}
			return out
		}
	}
	tv, ok := info.Types[v.probe]
	if !ok || tv.Type == nil || tv.IsType() {
		return nil
	}
	t := tv.Type
	if tup, ok := t.(*types.Tuple); ok && tup.Len() > 0 {
		t = tup.At(0).Type() // f().x of a call of several results: its first
	}
	return membersOf(t, v.b.check.pkg)
}

// pkgNamed is the package an identifier names: the one an import binds it
// to, or, for a name nothing declares, a package cells can import under
// that name (completion before the import is written).
func (v *view) pkgNamed(id *ast.Ident) *types.Package {
	switch obj := v.b.check.info.Uses[id].(type) {
	case *types.PkgName:
		return obj.Imported()
	case nil:
		if path := v.s.importable(id.Name); path != "" {
			if p, err := v.s.importer.Import(path); err == nil {
				return p
			}
		}
	}
	return nil
}

// importable is the path of a package cells can import whose name is
// name: the standard library's first, then the shortest path.
func (s *Session) importable(name string) string {
	best := ""
	for _, p := range ixgo.PackageList() {
		if p[strings.LastIndex(p, "/")+1:] != name || strings.Contains(p, "internal") {
			continue
		}
		std := !strings.Contains(strings.Split(p, "/")[0], ".")
		bestStd := best != "" && !strings.Contains(strings.Split(best, "/")[0], ".")
		if best == "" || std && !bestStd || std == bestStd && len(p) < len(best) {
			best = p
		}
	}
	return best
}

// membersOf lists the fields and methods of a type, as a value of it (and
// its address) has them, seen from package from.
func membersOf(t types.Type, from *types.Package) []member {
	var out []member
	seen := map[string]bool{}
	visible := func(obj types.Object) bool {
		return obj.Exported() || obj.Pkg() == from || obj.Pkg() != nil && obj.Pkg().Path() == "main" && from.Path() == "main"
	}
	ms := t
	if _, isPtr := t.Underlying().(*types.Pointer); !isPtr && !types.IsInterface(t) {
		ms = types.NewPointer(t)
	}
	mset := types.NewMethodSet(ms)
	for i := 0; i < mset.Len(); i++ {
		obj := mset.At(i).Obj()
		if visible(obj) && !seen[obj.Name()] {
			seen[obj.Name()] = true
			out = append(out, member{name: obj.Name(), obj: obj, kind: "method"})
		}
	}
	// Fields, the shallowest of each name, through embedded structs.
	type level struct {
		t     types.Type
		depth int
	}
	queue := []level{{t, 0}}
	visited := map[types.Type]bool{}
	for len(queue) > 0 {
		cur := queue[0]
		queue = queue[1:]
		u := cur.t
		if p, ok := u.Underlying().(*types.Pointer); ok {
			u = p.Elem()
		}
		if visited[u] || cur.depth > 8 {
			continue
		}
		visited[u] = true
		st, ok := u.Underlying().(*types.Struct)
		if !ok {
			continue
		}
		for i := 0; i < st.NumFields(); i++ {
			f := st.Field(i)
			if visible(f) && !seen[f.Name()] {
				seen[f.Name()] = true
				out = append(out, member{name: f.Name(), obj: f, kind: "field"})
			}
			if f.Embedded() {
				queue = append(queue, level{f.Type(), cur.depth + 1})
			}
		}
	}
	return out
}

func objKind(obj types.Object) string {
	switch obj.(type) {
	case *types.Func:
		return "func"
	case *types.Var:
		return "var"
	case *types.Const:
		return "const"
	case *types.TypeName:
		return "type"
	}
	return "name"
}

func isIdent(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
}

func dedupe(s []string) []string {
	out := s[:0]
	for i, x := range s {
		if i == 0 || x != s[i-1] {
			out = append(out, x)
		}
	}
	return out
}

// operandBefore returns the operand that ends at code[dot] == '.': an
// identifier, a selector chain, calls and index expressions ("run",
// "runs[1].Permanent", "bt.Fit(r)"), or "" if there is none.
func operandBefore(code string, dot int) string {
	i := dot
	for i > 0 {
		c := code[i-1]
		switch {
		case isIdent(c) || c == '.':
			i--
		case c == ')' || c == ']':
			open := byte('(')
			if c == ']' {
				open = '['
			}
			depth := 0
			j := i - 1
			for ; j >= 0; j-- {
				switch code[j] {
				case c:
					depth++
				case open:
					depth--
				}
				if depth == 0 {
					break
				}
			}
			if j < 0 {
				return ""
			}
			i = j
		case c == '"' || c == '`':
			// a string literal: "a.b".Len is rare; stop here
			return strings.TrimSpace(code[i:dot])
		default:
			return strings.TrimSpace(code[i:dot])
		}
	}
	return strings.TrimSpace(code[i:dot])
}

// Expression evaluates one expression in the session, as Jupyter's
// user_expressions ask: after a cell, without side effects meant.
func (s *Session) Expression(ctx context.Context, expr string) (Result, error) {
	if _, err := parser.ParseExpr(expr); err != nil {
		return Result{}, &Error{Name: "syntax error", Message: fmt.Sprintf("%q is not an expression", expr)}
	}
	return s.Run(ctx, Cell{Code: expr, Name: "user_expressions"})
}

// Lookup returns the value of a variable the cells defined, for
// inspection.
func (s *Session) Lookup(name string) (reflect.Value, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if v, ok := s.vars[name]; ok && v.ptr != nil {
		return reflect.ValueOf(v.ptr).Elem(), true
	}
	return reflect.Value{}, false
}
