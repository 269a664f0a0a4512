package session

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/parser"
	"go/token"
	"go/types"
	"sort"
	"strconv"
	"strings"
)

// The session is one Go package, main, that grows with every cell. A cell
// is compiled as that whole package: the imports and declarations of the
// cells before it (the last declaration of each name), a package-level
// variable for each variable the cells defined, the cell's own imports and
// declarations, and the cell's statements as the bodies of functions that
// the session then calls. So a cell means what Go says it means: go/types
// checks it, golang.org/x/tools/go/ssa gives it its meaning, ixgo runs it.
//
// A name a cell defines at its top level, with := or var, becomes a
// variable of the package, which later cells see; a name defined inside a
// block (an if, a for, a { }) stays in the block, as in any Go function.
// The cell is checked twice: once as written, with its statements the body
// of one function, which gives the compile errors, the types of the names
// it defines and what its final expression is; then with those names
// hoisted to package variables (x := f() becomes x = f()), which is what
// runs.

// progDecl is a declaration of the program: what a cell declared at its
// top level (a function, a method, a type, a group of constants), or a
// session variable (kind "var", whose text the session writes).
type progDecl struct {
	kind  string   // "func", "method", "type", "const", "var"
	names []string // the names it declares (a method: its name)
	recv  string   // a method's receiver base type
	lead  string   // what the program writes before the line directive ("type " for a type spec)
	text  string   // the source, without a line directive (after lead)
	doc   string   // its doc comment, if any
	cell  string   // the cell that declared it
	line  int      // where text starts in the cell
	col   int
	seq   int // order of declaration, for a stable program text

	// Of the build that compiled it last:
	objs  []types.Object // the objects it declares
	nodes []ast.Node     // its syntax
}

// key identifies what a declaration replaces: a later declaration with a
// key of an earlier one's replaces it.
func (d *progDecl) keys() []string {
	if d.kind == "method" {
		return []string{d.recv + "." + d.names[0]}
	}
	return d.names
}

// importSpec is an import of a cell: the name it binds ("." and "_" too)
// and the path.
type importSpec struct {
	name, path string
	line, col  int
	cell       string
}

// chunk is a piece of a cell's statement code, placed in the cell.
type chunk struct {
	text      string
	off       int // offset of text in the cell
	line, col int
}

// segment is a run of a cell's statements that the session calls as one
// function: the Go between two magic lines, or the statement of a %time
// or %timeit.
type segment struct {
	chunks []chunk
	timeit bool // %timeit's statement: run in a loop, declaring nothing
}

// cellCode is the Go of one phase of a cell, read.
type cellCode struct {
	cell    string
	imports []importSpec
	decls   []*progDecl
	segs    []segment
	final   bool    // the last segment ends the cell: its final expression is the cell's result
	inits   []chunk // the bodies of the cell's func init, as calls of func literals
}

// checkNames refuses declarations of names the session keeps for itself.
func (cc *cellCode) checkNames() error {
	for _, d := range cc.decls {
		for _, n := range d.names {
			if strings.HasPrefix(n, hidden) {
				return &compileError{errs: []posError{{pos: token.Position{Filename: d.cell, Line: d.line, Column: d.col}, msg: n + ": names starting with " + hidden + " are the kernel's"}}}
			}
		}
	}
	return nil
}

// readDecls reads the declarations and imports of an item of kind decl,
// imprt or (a const) vardecl. off is the item's offset in the cell code.
func (cc *cellCode) readDecls(code string, it item, seq *int) error {
	it.off = commentStart(code, it.off) // with the doc comment right above
	src := code[it.off:it.end]
	const prefix = "package main\n"
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "", prefix+src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return err
	}
	// offset in the cell of a position
	at := func(p token.Pos) int { return it.off + fset.Position(p).Offset - len(prefix) }
	text := func(n ast.Node) string { return code[at(n.Pos()):at(n.End())] }
	place := func(off int) (int, int) { return position(code, off) }
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Name.Name == "init" && d.Recv == nil && d.Body != nil {
				// run once, with the cell (readPhase)
				off := at(d.Body.Lbrace)
				l, c := place(off)
				cc.inits = append(cc.inits, chunk{text: "func() " + code[off:at(d.Body.End())] + "()", off: off, line: l, col: c - len("func() ")})
				continue
			}
			pd := &progDecl{kind: "func", names: []string{d.Name.Name}, cell: cc.cell}
			if d.Recv != nil && len(d.Recv.List) > 0 {
				pd.kind, pd.recv = "method", baseTypeName(d.Recv.List[0].Type)
			}
			start := d.Pos()
			if d.Doc != nil {
				pd.doc = d.Doc.Text()
			}
			pd.text = code[at(start):at(d.End())]
			pd.line, pd.col = place(at(start))
			*seq++
			pd.seq = *seq
			cc.decls = append(cc.decls, pd)
		case *ast.GenDecl:
			switch d.Tok {
			case token.IMPORT:
				for _, sp := range d.Specs {
					is := sp.(*ast.ImportSpec)
					path, _ := strconv.Unquote(is.Path.Value)
					name := ""
					if is.Name != nil {
						name = is.Name.Name
					}
					l, c := place(at(is.Pos()))
					cc.imports = append(cc.imports, importSpec{name: name, path: path, line: l, col: c, cell: cc.cell})
				}
			case token.TYPE:
				for _, sp := range d.Specs {
					ts := sp.(*ast.TypeSpec)
					pd := &progDecl{kind: "type", names: []string{ts.Name.Name}, cell: cc.cell}
					doc := ts.Doc
					if doc == nil && len(d.Specs) == 1 {
						doc = d.Doc
					}
					if doc != nil {
						pd.doc = doc.Text()
					}
					// The spec, positioned where it is in the cell (in a
					// group it may start at column 1), after the keyword.
					pd.lead, pd.text = "type ", text(ts)
					pd.line, pd.col = place(at(ts.Pos()))
					*seq++
					pd.seq = *seq
					cc.decls = append(cc.decls, pd)
				}
			case token.CONST:
				pd := &progDecl{kind: "const", cell: cc.cell}
				for _, sp := range d.Specs {
					for _, n := range sp.(*ast.ValueSpec).Names {
						if n.Name != "_" {
							pd.names = append(pd.names, n.Name)
						}
					}
				}
				if d.Doc != nil {
					pd.doc = d.Doc.Text()
				}
				pd.text = text(d)
				pd.line, pd.col = place(at(d.Pos()))
				*seq++
				pd.seq = *seq
				cc.decls = append(cc.decls, pd)
			default:
				return fmt.Errorf("unexpected %s declaration", d.Tok)
			}
		}
	}
	return nil
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

// Names the session gives its own declarations in a program: no cell can
// declare them (an identifier starting with this prefix is refused).
const (
	hidden     = "ǀcoevo" // "ǀ" (U+01C0) is a letter, so this is an identifier; nobody types it
	segFunc    = hidden + "Seg"
	checkFunc  = hidden + "Check"
	tupleFunc  = hidden + "Tuple"
	pkgAlias   = hidden + "P"
	oldVar     = hidden + "Old"
	resultName = hidden + "R"
	minFunc    = hidden + "MinFloat"
	maxFunc    = hidden + "MaxFloat"
)

// lineDirective makes the positions of the source after it those of a
// cell: In[3]:2:5.
func lineDirective(cell string, line, col int) string {
	return fmt.Sprintf("/*line %s:%d:%d*/", cell, line, col)
}

// srcWriter writes a program's text and remembers where each part went.
type srcWriter struct {
	strings.Builder
}

// place writes text positioned at line:col of cell, and returns the
// offset where text starts in the program.
func (w *srcWriter) place(cell string, line, col int, text string) int {
	w.WriteString(lineDirective(cell, line, col))
	off := w.Len()
	w.WriteString(text)
	return off
}

// sortedDecls returns decls in the order they were declared.
func sortedDecls(decls map[string]*progDecl) []*progDecl {
	seen := map[*progDecl]bool{}
	var out []*progDecl
	for _, d := range decls {
		if !seen[d] {
			seen[d] = true
			out = append(out, d)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].seq < out[j].seq })
	return out
}

// showKind says what a cell's final expression shows.
type showKind int

const (
	showNothing  showKind = iota // no final expression, a call of nothing, a print
	showValue                    // one value
	showTuple                    // the results of a call of several, unless its last is a nil error
	showConstant                 // a constant: shown as Go would print it, computed here
)

// showOf tells what a final expression statement shows, by its type.
func showOf(info *types.Info, x ast.Expr) showKind {
	tv, ok := info.Types[x]
	if !ok || tv.IsType() || tv.IsVoid() || tv.IsNil() {
		return showNothing
	}
	if tv.Value != nil {
		return showConstant
	}
	call, isCall := ast.Unparen(x).(*ast.CallExpr)
	if isCall {
		if ftv, ok := info.Types[call.Fun]; ok && ftv.IsBuiltin() {
			if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok && (id.Name == "print" || id.Name == "println") {
				return showNothing
			}
		}
		if obj := calleeObj(info, call); obj != nil && obj.Pkg() != nil {
			switch path, name := obj.Pkg().Path(), obj.Name(); {
			case path == "fmt" && (strings.HasPrefix(name, "Print") || strings.HasPrefix(name, "Fprint")):
				return showNothing
			case path == "github.com/coevolab/coevo/kernel/display" && name == "Show":
				return showNothing
			}
		}
	}
	if t, ok := tv.Type.(*types.Tuple); ok {
		if t.Len() == 0 {
			return showNothing
		}
		return showTuple
	}
	return showValue
}

// calleeObj is the function a call calls, if it names one.
func calleeObj(info *types.Info, call *ast.CallExpr) types.Object {
	switch f := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		return info.Uses[f]
	case *ast.SelectorExpr:
		if sel, ok := info.Selections[f]; ok {
			return sel.Obj()
		}
		return info.Uses[f.Sel]
	case *ast.IndexExpr: // an instantiated generic function
		if id, ok := ast.Unparen(f.X).(*ast.Ident); ok {
			return info.Uses[id]
		}
	}
	return nil
}

// constantValue is a constant final expression's value, as Go would hold
// it: its default type for an untyped constant that fits it, else its
// exact value, written (1 << 100 fits no Go number).
func constantValue(tv types.TypeAndValue) (any, bool) {
	v := tv.Value
	t := tv.Type
	if b, ok := t.Underlying().(*types.Basic); ok && b.Info()&types.IsUntyped != 0 {
		t = types.Default(t)
	}
	b, ok := t.Underlying().(*types.Basic)
	if !ok {
		return nil, false
	}
	var out any
	switch {
	case b.Info()&types.IsBoolean != 0:
		out = constant.BoolVal(v)
	case b.Info()&types.IsString != 0:
		out = constant.StringVal(v)
	case b.Info()&types.IsInteger != 0:
		if i, exact := constant.Int64Val(constant.ToInt(v)); exact && (b.Kind() != types.Int || int64(int(i)) == i) {
			out = convertInt(i, b.Kind())
		} else if u, exact := constant.Uint64Val(constant.ToInt(v)); exact && (b.Kind() == types.Uint64 || b.Kind() == types.Uint || b.Kind() == types.Uintptr) {
			out = convertUint(u, b.Kind())
		} else {
			out = untypedBig(v.ExactString())
		}
	case b.Info()&types.IsFloat != 0:
		f, _ := constant.Float64Val(v)
		if b.Kind() == types.Float32 {
			out = float32(f)
		} else {
			out = f
		}
	case b.Info()&types.IsComplex != 0:
		re, _ := constant.Float64Val(constant.Real(v))
		im, _ := constant.Float64Val(constant.Imag(v))
		if b.Kind() == types.Complex64 {
			out = complex64(complex(re, im))
		} else {
			out = complex(re, im)
		}
	default:
		return nil, false
	}
	return out, true
}

// untypedBig is an integer constant that fits no Go integer, shown as it
// is written.
type untypedBig string

func (u untypedBig) String() string { return string(u) }

func convertInt(i int64, k types.BasicKind) any {
	switch k {
	case types.Int8:
		return int8(i)
	case types.Int16:
		return int16(i)
	case types.Int32:
		return int32(i)
	case types.Int64:
		return i
	case types.Uint8:
		return uint8(i)
	case types.Uint16:
		return uint16(i)
	case types.Uint32:
		return uint32(i)
	case types.Uint64:
		return uint64(i)
	case types.Uint:
		return uint(i)
	case types.Uintptr:
		return uintptr(i)
	}
	return int(i)
}

func convertUint(u uint64, k types.BasicKind) any {
	switch k {
	case types.Uint:
		return uint(u)
	case types.Uintptr:
		return uintptr(u)
	}
	return u
}

// commentStart moves the start of an item back over the comment lines
// right above it (its doc comment).
func commentStart(code string, off int) int {
	start := strings.LastIndexByte(code[:off], '\n') + 1
	if strings.TrimSpace(code[start:off]) != "" {
		return off
	}
	for start > 0 {
		prevStart := strings.LastIndexByte(code[:start-1], '\n') + 1
		if !strings.HasPrefix(strings.TrimSpace(code[prevStart:start-1]), "//") {
			break
		}
		start = prevStart
	}
	if start == strings.LastIndexByte(code[:off], '\n')+1 {
		return off // no comment above
	}
	return start
}

// floatMinMax finds the calls of the built-in min and max on floats that
// a file makes (not constant ones, which the type checker computes), and
// names them for the session's own (floatMinMaxDecls).
func floatMinMax(f *ast.File, info *types.Info, raw func(token.Pos) int) editSet {
	var out editSet
	ast.Inspect(f, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		id, ok := ast.Unparen(call.Fun).(*ast.Ident)
		if !ok {
			return true
		}
		b, ok := info.Uses[id].(*types.Builtin)
		if !ok || b.Name() != "min" && b.Name() != "max" {
			return true
		}
		tv := info.Types[call]
		if tv.Value != nil || tv.Type == nil {
			return true
		}
		if basic, ok := tv.Type.Underlying().(*types.Basic); ok && basic.Info()&types.IsFloat != 0 {
			name := minFunc
			if b.Name() == "max" {
				name = maxFunc
			}
			out.replace(raw(id.Pos()), raw(id.End()), name)
		}
		return true
	})
	return out
}
