package session

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"sort"
	"strconv"
	"strings"
)

// sessVar is a variable of the session: a name a cell defined at its top
// level. Its value lives at ptr, a pointer that every later build binds
// the package variable of that name to, as long as its type keeps its key.
type sessVar struct {
	name   string
	typ    types.Type // as the build that defined it, or kept it last, has it
	key    string     // typeKeys.key(typ) in that build
	layout string     // layoutKey(typ): the values' memory layout
	ptr    any        // *T, the storage; nil until the build has run
	cell   string
	line   int
	col    int
	seq    int
}

// build is one compilation of the session's package for a phase of a
// cell (see program.go): checked, hoisted, and checked again.
type build struct {
	cc   *cellCode
	fset *token.FileSet

	// The session's state as this build leaves it, if it runs.
	imports []importSpec         // one per name bound (and dot and blank imports)
	decls   map[string]*progDecl // by key (progDecl.keys)
	vars    map[string]*sessVar  // by name
	notes   []string             // what the build dropped, to tell the user

	// The check of the cell as written.
	check struct {
		pkg    *types.Package
		info   *types.Info
		body   *ast.BlockStmt // the cell's statements
		src    string         // the program's text
		prog   *program       // and its regions
		chunks []placed       // where the cell's chunks are in it
		minmax editSet        // its calls of min and max on floats (floatMinMax)
	}
	// The program that runs.
	pkg      *types.Package
	info     *types.Info
	file     *ast.File
	fp       map[string]string // fingerprints of the declared types
	keys     typeKeys
	segs     []builtSeg
	olds     map[string]*sessVar // old values of variables the cell redefines with another type
	rtTypes  []types.Type        // the types the program makes runtime types (runtimeTypes)
	newVars  map[string]*sessVar // the variables the cell defines
	migrate  map[string]bool     // variables whose type is declared anew with the same layout
	prevVars map[string]*sessVar // the session's variables before the build ran
	final    struct {
		show  showKind
		value types.TypeAndValue // of a constant
	}
}

// builtSeg is a segment as the program has it: a function to call.
type builtSeg struct {
	fn     string
	timeit bool
}

// compileError is a cell that does not compile: the errors go/types (or
// the parser) found in it, in order, positions in the cell.
type compileError struct {
	errs []posError
}

type posError struct {
	pos token.Position
	msg string
}

func (e *compileError) Error() string {
	if len(e.errs) == 0 {
		return "compile error"
	}
	return fmt.Sprintf("%s: %s", e.errs[0].pos, e.errs[0].msg)
}

// placed is where a chunk of segment seg went in a program's text.
type placed struct {
	seg      int
	from, to int
	chunk    chunk
}

// region is a part of a program's text and what it came from.
type region struct {
	from, to int
	decl     *progDecl // a declaration (of an earlier cell, or this one)
	vr       *sessVar  // a session variable's declaration
	imp      int       // an import: its index + 1
	cell     bool      // the cell's own code
	text     int       // where a declaration's text starts
}

// program is a program's text with its regions.
type program struct {
	srcWriter
	regions []region
}

func (p *program) mark(r region) { p.regions = append(p.regions, r) }

// regionAt finds the region holding offset off of the text.
func (p *program) regionAt(off int) *region {
	for i := range p.regions {
		if r := &p.regions[i]; r.from <= off && off < r.to {
			return r
		}
	}
	return nil
}

// writeImports writes the import declaration: every import bound, each
// as its cell wrote it, plus the aliases types are written with.
func (p *program) writeImports(imports []importSpec, aliases map[string]string) {
	p.WriteString("import (\n")
	for i, im := range imports {
		from := p.Len()
		name := im.name
		if name != "" {
			name += " "
		}
		p.place(im.cell, im.line, im.col, name+strconv.Quote(im.path))
		p.WriteString("\n")
		p.mark(region{from: from, to: p.Len(), imp: i + 1})
	}
	paths := make([]string, 0, len(aliases))
	for path := range aliases {
		paths = append(paths, path)
	}
	sort.Strings(paths)
	for _, path := range paths {
		fmt.Fprintf(p, "%s %q\n", aliases[path], path)
	}
	p.WriteString(")\n")
}

// writeDecls writes declarations, each placed in its cell: its text, or
// what text gives for it (if not nil).
func (p *program) writeDecls(decls []*progDecl, text func(*progDecl) string) {
	for _, d := range decls {
		from := p.Len()
		t := d.text
		if text != nil {
			t = text(d)
		}
		p.WriteString(d.lead)
		at := p.place(d.cell, d.line, d.col, t)
		p.WriteString("\n")
		p.mark(region{from: from, to: p.Len(), decl: d, text: at})
	}
}

// writeVar writes a session variable's declaration.
func (p *program) writeVar(v *sessVar, name, typ string) {
	from := p.Len()
	p.place(v.cell, v.line, v.col, "var "+name+" "+typ)
	p.WriteString("\n")
	p.mark(region{from: from, to: p.Len(), vr: v})
}

const tupleDecl = "func " + tupleFunc + "(v ...any) []any { return v }\n"

// The min and max of floating-point numbers as the Go specification has
// them (a NaN among the arguments makes the result NaN; -0 is less than
// +0), which ixgo's built-in min and max get wrong. The session calls
// these instead for min and max of floats (floatMinMax).
const floatMinMaxDecls = "func " + minFunc + `[T ~float32 | ~float64](x T, ys ...T) T {
	for _, y := range ys {
		switch {
		case x != x:
		case y != y, y < x, y == x && y == 0 && 1/float64(y) < 0:
			x = y
		}
	}
	return x
}
func ` + maxFunc + `[T ~float32 | ~float64](x T, ys ...T) T {
	for _, y := range ys {
		switch {
		case x != x:
		case y != y, y > x, y == x && y == 0 && 1/float64(x) < 0:
			x = y
		}
	}
	return x
}
`

// parse parses a program's text.
func (b *build) parse(name string, src string) (*ast.File, error) {
	return parser.ParseFile(b.fset, name, src, parser.ParseComments|parser.SkipObjectResolution)
}

// typeCheck checks a file as the session's package, reporting every error.
func typeCheck(imp types.Importer, sizes types.Sizes, fset *token.FileSet, f *ast.File) (*types.Package, *types.Info, []types.Error) {
	pkg := types.NewPackage("main", "main")
	info := &types.Info{
		Types:        map[ast.Expr]types.TypeAndValue{},
		Defs:         map[*ast.Ident]types.Object{},
		Uses:         map[*ast.Ident]types.Object{},
		Implicits:    map[ast.Node]types.Object{},
		Selections:   map[*ast.SelectorExpr]*types.Selection{},
		Scopes:       map[ast.Node]*types.Scope{},
		Instances:    map[*ast.Ident]types.Instance{},
		FileVersions: map[*ast.File]string{},
	}
	var errs []types.Error
	conf := &types.Config{
		Importer:                 imp,
		Sizes:                    sizes,
		DisableUnusedImportCheck: true,
		GoVersion:                "go1.26",
		Error: func(err error) {
			if te, ok := err.(types.Error); ok {
				errs = append(errs, te)
			}
		},
	}
	types.NewChecker(conf, fset, pkg, info).Files([]*ast.File{f})
	return pkg, info, errs
}

// topDefs lists the names a block's statements define at its top level
// (x := ..., var x ...), by their identifiers, in order.
func topDefs(body *ast.BlockStmt) []*ast.Ident {
	var out []*ast.Ident
	var stmt func(st ast.Stmt)
	stmt = func(st ast.Stmt) {
		switch st := st.(type) {
		case *ast.AssignStmt:
			if st.Tok == token.DEFINE {
				for _, l := range st.Lhs {
					if id, ok := l.(*ast.Ident); ok && id.Name != "_" {
						out = append(out, id)
					}
				}
			}
		case *ast.DeclStmt:
			if d, ok := st.Decl.(*ast.GenDecl); ok && d.Tok == token.VAR {
				for _, sp := range d.Specs {
					for _, n := range sp.(*ast.ValueSpec).Names {
						if n.Name != "_" {
							out = append(out, n)
						}
					}
				}
			}
		case *ast.LabeledStmt:
			stmt(st.Stmt)
		}
	}
	for _, st := range body.List {
		stmt(st)
	}
	return out
}

// finalExpr is the cell's final expression statement, if its last
// statement is one.
func finalExpr(body *ast.BlockStmt) *ast.ExprStmt {
	if n := len(body.List); n > 0 {
		if es, ok := body.List[n-1].(*ast.ExprStmt); ok {
			return es
		}
	}
	return nil
}

// editSet collects text edits of a program's text.
type editSet []edit

type edit struct {
	from, to int
	text     string
}

func (e *editSet) replace(from, to int, text string) { *e = append(*e, edit{from, to, text}) }

// apply returns src[from:to] with the edits inside it made.
func (e editSet) apply(src string, from, to int) string {
	var in []edit
	for _, x := range e {
		if x.from >= from && x.to <= to {
			in = append(in, x)
		}
	}
	sort.Slice(in, func(i, j int) bool { return in[i].from < in[j].from })
	var b strings.Builder
	at := from
	for _, x := range in {
		if x.from < at {
			continue // overlapping: the outer edit won
		}
		b.WriteString(src[at:x.from])
		b.WriteString(x.text)
		at = x.to
	}
	b.WriteString(src[at:to])
	return b.String()
}

// foreignUnexported tells whether t involves a named type of another
// package that is not exported, which no cell can write.
func foreignUnexported(t types.Type, main *types.Package) bool {
	bad := false
	var walk func(t types.Type, depth int)
	walk = func(t types.Type, depth int) {
		if bad || depth > 50 {
			return
		}
		switch t := t.(type) {
		case *types.Named:
			if obj := t.Obj(); obj.Pkg() != nil && obj.Pkg() != main && !obj.Exported() {
				bad = true
				return
			}
			if obj := t.Obj(); obj.Pkg() == main && obj.Parent() != main.Scope() && t.Origin().Obj().Parent() != main.Scope() {
				bad = true // a type declared inside a function
				return
			}
			for i := 0; i < t.TypeArgs().Len(); i++ {
				walk(t.TypeArgs().At(i), depth+1)
			}
		case *types.Alias:
			walk(types.Unalias(t), depth)
		case *types.Pointer:
			walk(t.Elem(), depth+1)
		case *types.Slice:
			walk(t.Elem(), depth+1)
		case *types.Array:
			walk(t.Elem(), depth+1)
		case *types.Map:
			walk(t.Key(), depth+1)
			walk(t.Elem(), depth+1)
		case *types.Chan:
			walk(t.Elem(), depth+1)
		case *types.Struct:
			for i := 0; i < t.NumFields(); i++ {
				f := t.Field(i)
				if !f.Exported() && f.Pkg() != nil && f.Pkg() != main {
					bad = true
				}
				walk(f.Type(), depth+1)
			}
		case *types.Signature:
			for _, tup := range []*types.Tuple{t.Params(), t.Results()} {
				for i := 0; i < tup.Len(); i++ {
					walk(tup.At(i).Type(), depth+1)
				}
			}
		case *types.Interface:
			for i := 0; i < t.NumMethods(); i++ {
				m := t.Method(i)
				if !m.Exported() && m.Pkg() != nil && m.Pkg() != main {
					bad = true
				}
				walk(m.Type(), depth+1)
			}
		case *types.TypeParam:
			bad = true
		}
	}
	walk(t, 0)
	return bad
}
