package session

import (
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"io"
	"sort"
	"strconv"
	"strings"
)

// srcIndex is what the session's cells declare at their top level, read
// from their source: the interpreter keeps the types of cells' values but
// not their names or methods (a value of a cell's type is, to reflection,
// an unnamed struct), so completion and inspection of such values go by
// the source.
type srcIndex struct {
	types   map[string]*srcDecl   // type name -> its declaration
	methods map[string][]*srcFunc // receiver's base type -> its methods
	funcs   map[string]*srcFunc
	vars    map[string]*srcVar
	// loops: the variables of range loops count (in the cell being
	// typed, whose open loop the cursor is in; not in cells that ran).
	loops bool
}

// srcDecl is a type declaration of a cell.
type srcDecl struct {
	spec *ast.TypeSpec
	doc  string
	text string // the declaration as written
	cell string
}

// srcFunc is a function or method of a cell.
type srcFunc struct {
	decl *ast.FuncDecl
	doc  string
	sig  string // "func (p point) Sum() int"
	cell string
}

// srcVar is a top-level variable: its declared type, or the value it was
// defined by (the k-th of the values a call returns).
type srcVar struct {
	typ ast.Expr
	val ast.Expr
	k   int
	// rng is 1 or 2 for the key or value of a range over val.
	rng int
}

// assign gives v what the k-th of n names gets from values: values[k]
// when there is a value a name, the k-th result of values[0] when that
// is the one value (a call), nothing otherwise.
func (v *srcVar) assign(values []ast.Expr, n, k int) {
	switch {
	case len(values) == n:
		v.val = values[k]
	case len(values) == 1:
		v.val, v.k = values[0], k
	}
}

// cellNumber orders cells "In[N]" by N; other names ("cell", replays of
// unnamed cells) come first.
func cellNumber(name string) int {
	if n, err := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(name, "In["), "]")); err == nil {
		return n
	}
	return -1
}

// index reads the session's cells, in order: what a later cell declares
// replaces what an earlier one did. s.mu is held.
func (s *Session) index() *srcIndex {
	ix := &srcIndex{types: map[string]*srcDecl{}, methods: map[string][]*srcFunc{}, funcs: map[string]*srcFunc{}, vars: map[string]*srcVar{}}
	var names []string
	for name := range s.sources {
		if name != "user_expressions" {
			names = append(names, name)
		}
	}
	sort.Slice(names, func(i, j int) bool {
		a, b := cellNumber(names[i]), cellNumber(names[j])
		if a != b {
			return a < b
		}
		return names[i] < names[j]
	})
	for _, name := range names {
		ix.add(name, s.sources[name])
	}
	return ix
}

// add reads one cell's top-level declarations.
func (ix *srcIndex) add(cell, code string) {
	if rawCell(code) {
		return
	}
	items, _, err := split(code)
	if err != nil {
		return
	}
	prev := 0
	for _, g := range groups(items) {
		if g.kind == magic || g.kind == cellMagic {
			prev = g.end
			continue
		}
		ix.addGroup(cell, g.kind, code[withComments(code, prev, g.off):g.end])
		prev = g.end
	}
}

// withComments moves the start of a group back over the comment lines
// right above it (its doc comment), not before from.
func withComments(code string, from, off int) int {
	start := strings.LastIndexByte(code[:off], '\n') + 1
	if strings.TrimSpace(code[start:off]) != "" {
		return off
	}
	for start > from {
		prevStart := strings.LastIndexByte(code[:start-1], '\n') + 1
		if prevStart < from || !strings.HasPrefix(strings.TrimSpace(code[prevStart:start-1]), "//") {
			break
		}
		start = prevStart
	}
	return start
}

// The prefixes that make a group a file, ending in a newline so that a doc
// comment on the group's first line is the first declaration's.
const (
	declPrefix = "package main\n"
	stmtPrefix = "package main\nfunc main() {\n"
)

// addGroup reads a group of a cell (see parseGroup).
func (ix *srcIndex) addGroup(cell string, kind itemKind, src string) {
	// As parseGroup parses, with the doc comments.
	fset := token.NewFileSet()
	var f *ast.File
	var body *ast.BlockStmt
	if kind == stmt {
		f, _ = parser.ParseFile(fset, "", stmtPrefix+src+"\n}", parser.ParseComments)
		if f != nil && len(f.Decls) > 0 {
			if fd, ok := f.Decls[0].(*ast.FuncDecl); ok {
				body = fd.Body
			}
		}
		if body == nil {
			return
		}
	} else if f, _ = parser.ParseFile(fset, "", declPrefix+src, parser.ParseComments); f == nil {
		return
	}
	// The group is parsed after a prefix: positions map back to src.
	prefix := len(declPrefix)
	if body != nil {
		prefix = len(stmtPrefix)
	}
	text := func(n ast.Node) string {
		a, b := fset.Position(n.Pos()).Offset-prefix, fset.Position(n.End()).Offset-prefix
		if a < 0 || b > len(src) || a > b {
			return ""
		}
		return src[a:b]
	}
	genDecl := func(d *ast.GenDecl) {
		for _, sp := range d.Specs {
			switch sp := sp.(type) {
			case *ast.TypeSpec:
				doc := d.Doc
				if sp.Doc != nil {
					doc = sp.Doc
				}
				t := "type " + text(sp)
				if d.Lparen.IsValid() && len(d.Specs) == 1 || !d.Lparen.IsValid() {
					t = text(d)
				}
				ix.types[sp.Name.Name] = &srcDecl{spec: sp, doc: doc.Text(), text: t, cell: cell}
			case *ast.ValueSpec:
				for k, n := range sp.Names {
					v := &srcVar{typ: sp.Type}
					v.assign(sp.Values, len(sp.Names), k)
					ix.vars[n.Name] = v
				}
			}
		}
	}
	if body != nil {
		for _, st := range body.List {
			switch st := st.(type) {
			case *ast.AssignStmt:
				if st.Tok == token.DEFINE {
					ix.assign(st)
				}
			case *ast.RangeStmt:
				if ix.loops && st.Tok == token.DEFINE {
					for i, e := range []ast.Expr{st.Key, st.Value} {
						if id, ok := e.(*ast.Ident); ok && id.Name != "_" {
							ix.vars[id.Name] = &srcVar{val: st.X, rng: i + 1}
						}
					}
				}
			case *ast.DeclStmt:
				if d, ok := st.Decl.(*ast.GenDecl); ok {
					genDecl(d)
				}
			}
		}
		return
	}
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			fn := &srcFunc{decl: d, doc: d.Doc.Text(), sig: signature(fset, d), cell: cell}
			if d.Recv == nil || len(d.Recv.List) == 0 {
				ix.funcs[d.Name.Name] = fn
				continue
			}
			if base := baseTypeName(d.Recv.List[0].Type); base != "" {
				ms := ix.methods[base]
				for i, m := range ms {
					if m.decl.Name.Name == d.Name.Name {
						ms = append(ms[:i], ms[i+1:]...)
						break
					}
				}
				ix.methods[base] = append(ms, fn)
			}
		case *ast.GenDecl:
			genDecl(d)
		}
	}
}

// assign records the variables a := statement defines.
func (ix *srcIndex) assign(st *ast.AssignStmt) {
	for k, l := range st.Lhs {
		id, ok := l.(*ast.Ident)
		if !ok || id.Name == "_" {
			continue
		}
		v := &srcVar{}
		v.assign(st.Rhs, len(st.Lhs), k)
		ix.vars[id.Name] = v
	}
}

// baseTypeName is the type named by a receiver: T, *T, T[P].
func baseTypeName(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.Ident:
		return e.Name
	case *ast.StarExpr:
		return baseTypeName(e.X)
	case *ast.IndexExpr:
		return baseTypeName(e.X)
	case *ast.IndexListExpr:
		return baseTypeName(e.X)
	case *ast.ParenExpr:
		return baseTypeName(e.X)
	}
	return ""
}

// signature prints a function's declaration without its body.
func signature(fset *token.FileSet, d *ast.FuncDecl) string {
	c := *d
	c.Body, c.Doc = nil, nil
	var b strings.Builder
	printer.Fprint(&b, fset, &c)
	return b.String()
}

// printNode prints a node of a cell's syntax.
func printNode(w io.Writer, n ast.Node) { printer.Fprint(w, token.NewFileSet(), n) }
