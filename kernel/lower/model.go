package lower

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"go/types"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// Prefix starts every name the lowering makes: hidden imports, instances
// of generic code, loop counters. Names with it are the kernel's, not the
// user's (%who and completion leave them out).
const Prefix = "_coevo"

// A Model is the type checker's view of one interpreter session: the
// names earlier cells declared (their go/types objects), the imports in
// effect, the generic declarations cells made, and what the lowering has
// put into the interpreter (hidden imports, instances).
type Model struct {
	u    *Universe
	fset *token.FileSet

	objs    map[string]types.Object // the session's names
	kinds   map[string]string       // "func", "var", "const" or "type"
	imports map[string]string       // import name -> path, as the user's imports bind them
	dots    []string                // paths imported with a dot
	// compiled lists the packages of %%compile cells, whose names the
	// interpreter has dot-imported: they are left unqualified.
	compiled map[string]bool
	generic  map[types.Object]*site // generic declarations of cells

	aliases  map[string]string // path -> hidden import alias
	taken    map[string]bool   // aliases in use
	imported map[string]bool   // aliases the interpreter has imported
	insts    map[types.Object][]*instance
	ids      []*instance       // identity functions (closureArgs)
	display  map[string]string // instance name -> how to show it ("Sort[[]int]")
	typeText map[*types.Named]string
	n        int
}

// site is where a declaration is, with what checking it found.
type site struct {
	node ast.Node // *ast.FuncDecl, *ast.TypeSpec or *ast.ValueSpec
	text string   // the whole text of its file
	base int      // file offset of text[0]
	info *types.Info
	home *types.Package
	// methods, for a type
	methods []*ast.FuncDecl
}

// NewModel starts a session's model: nothing declared, fmt imported.
func NewModel(u *Universe) *Model {
	m := &Model{u: u, fset: u.fset}
	m.Reset()
	return m
}

// Reset forgets everything: a new interpreter (%reset).
func (m *Model) Reset() {
	m.objs = map[string]types.Object{}
	m.kinds = map[string]string{}
	m.imports = map[string]string{"fmt": "fmt"}
	m.dots = nil
	m.compiled = map[string]bool{}
	m.generic = map[types.Object]*site{}
	m.aliases = map[string]string{}
	m.taken = map[string]bool{}
	m.imported = map[string]bool{}
	m.insts = map[types.Object][]*instance{}
	m.ids = nil
	m.display = map[string]string{}
	m.typeText = map[*types.Named]string{}
}

// Universe is the model's universe.
func (m *Model) Universe() *Universe { return m.u }

// Names returns the session's names and their kinds.
func (m *Model) Names() map[string]string {
	out := make(map[string]string, len(m.kinds))
	for k, v := range m.kinds {
		out[k] = v
	}
	return out
}

// Lookup returns the object a session name denotes.
func (m *Model) Lookup(name string) types.Object { return m.objs[name] }

// Display says how to show a name the lowering made (an instance of a
// generic function: "slices.Sort[[]int]"), or "" for any other name.
func (m *Model) Display(name string) string { return m.display[name] }

// AddCompiled makes the declarations of a %%compile cell the session's:
// the package at path, as the interpreter binds it, whose names the
// interpreter has dot-imported.
func (m *Model) AddCompiled(path string) error {
	m.u.Forget(path)
	pkg, err := m.u.Import(path)
	if err != nil {
		return err
	}
	m.compiled[path] = true
	for _, name := range pkg.Scope().Names() {
		obj := pkg.Scope().Lookup(name)
		m.objs[name] = obj
		m.kinds[name] = kindOf(obj)
	}
	return nil
}

func kindOf(obj types.Object) string {
	switch obj.(type) {
	case *types.Func:
		return "func"
	case *types.Const:
		return "const"
	case *types.TypeName:
		return "type"
	}
	return "var"
}

// Group is a piece of a cell to check and lower: declarations (imports,
// func, type, var, const) or statements.
type Group struct {
	Cell      string // how errors name the cell: "In[3]"
	Text      string
	Line, Col int  // where Text starts in the cell
	Decls     bool // declarations, read as a file; else statements, as a function body
	// Vars: the group is a cell's top-level var declarations, run by the
	// interpreter as statements (their values become definitions).
	Vars bool
}

// Show says what a group's final expression statement shows.
type Show int

const (
	ShowNothing Show = iota // no final expression, a call of nothing, a print
	ShowValue               // a value
)

// Unit is a group checked and lowered.
type Unit struct {
	// Text is the group for the interpreter, its lines where they were.
	Text string
	// Imports are hidden imports to make first, as import specs
	// (`_coevoP_strings "strings"`); Prelude is declarations to compile
	// first (instances of generic code a statement needs).
	Imports []string
	Prelude string
	Show    Show

	objs    map[string]types.Object
	kinds   map[string]string
	imports map[string]string // name -> path ("" : a dot import of path in dots)
	dots    []string
	aliases []string    // paths whose hidden imports are in Imports
	insts   []*instance // instances whose declarations are in Prelude or Text
	typeTxt map[*types.Named]string
}

// Names lists the names the unit declares for the session, with kinds.
func (u *Unit) Names() map[string]string { return u.kinds }

// Error is a group that does not compile, at a position of its cell.
type Error struct {
	Cell      string
	Line, Col int
	Msg       string
	More      int // further errors
}

func (e *Error) Error() string { return fmt.Sprintf("%s:%d:%d: %s", e.Cell, e.Line, e.Col, e.Msg) }

// Tx is a sequence of groups checked one after another, each seeing what
// the ones before it declare, before any runs.
type Tx struct {
	m       *Model
	units   []*Unit
	pending map[*instance]bool // instances declared by a unit of this Tx
	aliased map[string]bool    // hidden imports made by a unit of this Tx
}

// Begin starts checking a cell's groups.
func (m *Model) Begin() *Tx {
	return &Tx{m: m, pending: map[*instance]bool{}, aliased: map[string]bool{}}
}

// lookup finds a session name as the Tx sees it.
func (tx *Tx) lookup(name string) (types.Object, bool) {
	for i := len(tx.units) - 1; i >= 0; i-- {
		if o, ok := tx.units[i].objs[name]; ok {
			return o, o != nil
		}
	}
	o, ok := tx.m.objs[name]
	return o, ok
}

// visible returns the session's names as the Tx sees them.
func (tx *Tx) visible() map[string]types.Object {
	out := make(map[string]types.Object, len(tx.m.objs))
	for k, v := range tx.m.objs {
		out[k] = v
	}
	for _, u := range tx.units {
		for k, v := range u.objs {
			if v == nil {
				delete(out, k)
			} else {
				out[k] = v
			}
		}
	}
	return out
}

// importsNow returns the imports in effect, name -> path, and dot imports.
func (tx *Tx) importsNow() (map[string]string, []string) {
	out := make(map[string]string, len(tx.m.imports))
	for k, v := range tx.m.imports {
		out[k] = v
	}
	dots := append([]string(nil), tx.m.dots...)
	for _, u := range tx.units {
		for k, v := range u.imports {
			out[k] = v
		}
		dots = append(dots, u.dots...)
	}
	return out, dots
}

// Prepared records that the interpreter has compiled a unit's hidden
// imports and prelude (and, with its text, the instances in it).
func (m *Model) Prepared(u *Unit) {
	for _, p := range u.aliases {
		m.imported[p] = true
	}
	for _, in := range u.insts {
		in.ready = true
	}
}

// Commit makes what a unit declares the session's: it ran.
func (m *Model) Commit(u *Unit) {
	m.Prepared(u)
	for k, v := range u.objs {
		if v == nil {
			delete(m.objs, k)
			delete(m.kinds, k)
			continue
		}
		m.objs[k] = v
		m.kinds[k] = u.kinds[k]
	}
	for k, v := range u.imports {
		m.imports[k] = v
	}
	m.dots = append(m.dots, u.dots...)
	for k, v := range u.typeTxt {
		m.typeText[k] = v
	}
}

// parsed is a group parsed for checking.
type parsed struct {
	g      Group
	file   *ast.File
	header int // bytes before the group's text in the parsed source
	lines  int // lines before it
	body   *ast.BlockStmt
	tf     *token.File
	// repeated: type declarations that repeat an earlier one, left out
	repeated []*ast.TypeSpec
}

// offset is the offset in the group's text of a position.
func (p *parsed) offset(pos token.Pos) int { return p.tf.Offset(pos) - p.header }

// where maps a position to the cell's line and column.
func (p *parsed) where(pos token.Position) (line, col int) {
	l := pos.Line - p.lines
	if l <= 1 {
		return p.g.Line, p.g.Col + pos.Column - 1
	}
	return p.g.Line + l - 1, pos.Column
}

var soft = regexp.MustCompile(`^(".*" imported and not used|.* imported and not used|.*imported as .* and not used)$`)

// Lower checks and lowers the next group of the Tx.
func (tx *Tx) Lower(g Group) (*Unit, error) {
	m := tx.m
	p, err := tx.parse(g)
	if err != nil {
		return nil, err
	}
	if err := tx.repeatedTypes(p); err != nil {
		return nil, err
	}
	defined := tx.topNames(p)
	var errs []error
	var info *types.Info
	var pkg *types.Package
	unitObjs := map[string]types.Object{}
	foreign, err := tx.foreignMethods(p)
	if err != nil {
		return nil, err
	}
	added := false
	for pass := 0; ; pass++ {
		errs = nil
		pkg = types.NewPackage("main", "main")
		for name, obj := range tx.visible() {
			if !defined[name] {
				pkg.Scope().Insert(obj)
			}
		}
		file := tx.withImports(p, defined)
		info = newInfo()
		conf := types.Config{Importer: m.u, Error: func(err error) { errs = append(errs, err) }}
		types.NewChecker(&conf, m.fset, pkg, info).Files([]*ast.File{file})
		if pass < 3 {
			if len(foreign) > 0 && !added && tx.addForeign(foreign, info) {
				added = true
				continue
			}
			if tx.unusedValues(p, errs) {
				continue
			}
		}
		break
	}
	errs = tx.realErrors(p, errs)
	if len(errs) > 0 {
		return nil, tx.located(p, errs)
	}
	u := &Unit{objs: unitObjs, kinds: map[string]string{}, imports: map[string]string{}, typeTxt: map[*types.Named]string{}}
	tx.collect(p, pkg, info, u)
	if err := tx.lowerGroup(p, info, u); err != nil {
		return nil, err
	}
	tx.units = append(tx.units, u)
	return u, nil
}

// parse reads a group: declarations as a file, statements as the body of
// a function.
func (tx *Tx) parse(g Group) (*parsed, error) {
	p := &parsed{g: g}
	var src string
	if g.Decls {
		src = "package main\n" + g.Text
		p.header, p.lines = len("package main\n"), 1
	} else {
		src = "package main\nfunc _() {\n" + g.Text + "\n}"
		p.header, p.lines = len("package main\nfunc _() {\n"), 2
	}
	tx.m.n++
	f, err := parser.ParseFile(tx.m.fset, fmt.Sprintf("%s#%d", g.Cell, tx.m.n), src, parser.SkipObjectResolution)
	if err != nil {
		if list, ok := err.(scanner.ErrorList); ok && len(list) > 0 {
			line, col := p.where(list[0].Pos)
			return nil, &Error{Cell: g.Cell, Line: line, Col: col, Msg: list[0].Msg, More: len(list) - 1}
		}
		return nil, &Error{Cell: g.Cell, Line: g.Line, Col: g.Col, Msg: err.Error()}
	}
	p.file = f
	p.tf = tx.m.fset.File(f.Pos())
	if !g.Decls {
		fd := f.Decls[0].(*ast.FuncDecl)
		p.body = fd.Body
		tx.restructure(p, fd)
	}
	return p, nil
}

// restructure turns a statement group into what a package can hold: a
// definition (x := f()) at its top becomes a package variable, under a
// name of its own so that its right side sees the x before it; any other
// statement the body of a function. Several statements (a cell with a
// top-level defer or goto, run as one) stay one function body, whose
// top-level definitions are the session's.
func (tx *Tx) restructure(p *parsed, fd *ast.FuncDecl) {
	list := fd.Body.List
	if len(list) == 1 {
		if as, ok := list[0].(*ast.AssignStmt); ok && as.Tok == token.DEFINE && len(as.Lhs) >= len(as.Rhs) {
			spec := &ast.ValueSpec{Values: as.Rhs}
			for _, l := range as.Lhs {
				id, ok := l.(*ast.Ident)
				if !ok {
					return
				}
				if id.Name != "_" {
					id.Name = Prefix + "D_" + id.Name
				}
				spec.Names = append(spec.Names, id)
			}
			p.file.Decls[0] = &ast.GenDecl{Tok: token.VAR, TokPos: as.Pos(), Specs: []ast.Spec{spec}}
			return
		}
	}
	for i, st := range list {
		// A value that is not a call is not a statement Go accepts.
		if es, ok := st.(*ast.ExprStmt); ok {
			if _, call := ast.Unparen(es.X).(*ast.CallExpr); !call {
				list[i] = &ast.AssignStmt{Lhs: []ast.Expr{&ast.Ident{Name: "_", NamePos: es.Pos()}}, TokPos: es.Pos(), Tok: token.ASSIGN, Rhs: []ast.Expr{es.X}}
			}
		}
	}
	fd.Name = &ast.Ident{Name: Prefix + "S", NamePos: fd.Name.Pos()}
}

// unusedValues makes a value that is not used (len(x), a conversion, as
// a cell's final expression) an assignment to _, as restructure makes
// other values; it reports whether the errors named any.
func (tx *Tx) unusedValues(p *parsed, errs []error) bool {
	if p.body == nil {
		return false
	}
	found := false
	for _, err := range errs {
		te, ok := err.(types.Error)
		if !ok || !strings.HasSuffix(te.Msg, "is not used") {
			continue
		}
		for i, st := range p.body.List {
			if es, ok := st.(*ast.ExprStmt); ok && es.X.Pos() == te.Pos {
				p.body.List[i] = &ast.AssignStmt{Lhs: []ast.Expr{&ast.Ident{Name: "_", NamePos: es.Pos()}}, TokPos: es.Pos(), Tok: token.ASSIGN, Rhs: []ast.Expr{es.X}}
				found = true
			}
		}
	}
	return found
}

// topNames lists the names a group declares at its top.
func (tx *Tx) topNames(p *parsed) map[string]bool {
	out := map[string]bool{}
	for _, d := range p.file.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Recv == nil && d.Name.Name != Prefix+"S" {
				out[d.Name.Name] = true
			}
		case *ast.GenDecl:
			for _, sp := range d.Specs {
				switch sp := sp.(type) {
				case *ast.TypeSpec:
					out[sp.Name.Name] = true
				case *ast.ValueSpec:
					for _, n := range sp.Names {
						out[strings.TrimPrefix(n.Name, Prefix+"D_")] = true
					}
				}
			}
		}
	}
	if p.body != nil && len(p.body.List) > 1 {
		for _, st := range p.body.List {
			if as, ok := st.(*ast.AssignStmt); ok && as.Tok == token.DEFINE {
				for _, l := range as.Lhs {
					if id, ok := l.(*ast.Ident); ok {
						out[id.Name] = true
					}
				}
			}
			if ds, ok := st.(*ast.DeclStmt); ok {
				for _, n := range declNames(ds.Decl) {
					out[n] = true
				}
			}
		}
	}
	delete(out, "_")
	return out
}

// repeatedTypes takes out of a group the type declarations that repeat an
// earlier one's text (the cell run again): the interpreter keeps the
// first declaration of a type, and so does the session. A type declared
// again differently is an error, for the same reason.
func (tx *Tx) repeatedTypes(p *parsed) error {
	for _, d := range p.file.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.TYPE {
			continue
		}
		kept := gd.Specs[:0]
		for _, sp := range gd.Specs {
			ts := sp.(*ast.TypeSpec)
			old, ok := tx.lookup(ts.Name.Name)
			tn, isType := old.(*types.TypeName)
			if !ok || !isType {
				kept = append(kept, sp)
				continue
			}
			if tx.sameTypeDecl(tn, p, ts) {
				p.repeated = append(p.repeated, ts)
				continue
			}
			line, col := p.where(tx.m.fset.Position(ts.Name.Pos()))
			return &Error{Cell: p.g.Cell, Line: line, Col: col, Msg: fmt.Sprintf("type %s is already declared otherwise: the interpreter cannot change a type; give it a new name, or %%reset", ts.Name.Name)}
		}
		gd.Specs = kept
	}
	return nil
}

// foreign is a method a group declares on a type of an earlier group.
type foreign struct {
	decl  *ast.FuncDecl
	named *types.Named
	name  string
}

// foreignMethods finds the methods a group declares on types it does not
// declare, and makes each a function for go/types (which adds methods only
// to types of the package it checks): the receiver its first parameter.
// Lower adds them to the types with addForeign.
func (tx *Tx) foreignMethods(p *parsed) ([]*foreign, error) {
	own := map[string]bool{}
	for _, d := range p.file.Decls {
		if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == token.TYPE {
			for _, sp := range gd.Specs {
				own[sp.(*ast.TypeSpec).Name.Name] = true
			}
		}
	}
	var out []*foreign
	for _, d := range p.file.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Recv == nil || len(fd.Recv.List) != 1 {
			continue
		}
		base := recvBase(fd.Recv.List[0].Type)
		if base == nil || own[base.Name] {
			continue
		}
		obj, ok := tx.lookup(base.Name)
		tn, isType := obj.(*types.TypeName)
		if !ok || !isType {
			continue
		}
		named, ok := tn.Type().(*types.Named)
		if !ok || named.TypeParams().Len() > 0 {
			line, col := p.where(tx.m.fset.Position(fd.Pos()))
			return nil, &Error{Cell: p.g.Cell, Line: line, Col: col, Msg: fmt.Sprintf("methods of %s must be declared in the cell that declares it", base.Name)}
		}
		f := &foreign{decl: fd, named: named, name: fd.Name.Name}
		recv := fd.Recv.List[0]
		if len(recv.Names) == 0 {
			recv = &ast.Field{Names: []*ast.Ident{{Name: "_", NamePos: recv.Pos()}}, Type: recv.Type}
		}
		fd.Type.Params.List = append([]*ast.Field{recv}, fd.Type.Params.List...)
		fd.Recv = nil
		fd.Name = &ast.Ident{Name: Prefix + "M_" + base.Name + "_" + fd.Name.Name, NamePos: fd.Name.Pos()}
		out = append(out, f)
	}
	return out, nil
}

// addForeign adds the methods to their types, from the functions'
// signatures; it reports whether it added any.
func (tx *Tx) addForeign(fs []*foreign, info *types.Info) bool {
	added := false
	for _, f := range fs {
		fn, ok := info.Defs[f.decl.Name].(*types.Func)
		if !ok {
			continue
		}
		sig := fn.Type().(*types.Signature)
		if sig.Params().Len() == 0 {
			continue
		}
		have := false
		for i := 0; i < f.named.NumMethods(); i++ {
			if f.named.Method(i).Name() == f.name {
				have = true
			}
		}
		if have {
			continue
		}
		var rest []*types.Var
		for i := 1; i < sig.Params().Len(); i++ {
			rest = append(rest, sig.Params().At(i))
		}
		r := sig.Params().At(0)
		pkg := f.named.Obj().Pkg()
		recv := types.NewVar(r.Pos(), pkg, r.Name(), r.Type())
		m := types.NewFunc(f.decl.Pos(), pkg, f.name, types.NewSignatureType(recv, nil, nil, types.NewTuple(rest...), sig.Results(), sig.Variadic()))
		f.named.AddMethod(m)
		added = true
	}
	return added
}

// withImports returns the group's file with the session's imports added,
// less those the group imports again or whose names it declares.
func (tx *Tx) withImports(p *parsed, defined map[string]bool) *ast.File {
	f := p.file
	own := map[string]bool{}
	for _, im := range f.Imports {
		if im.Name != nil {
			own[im.Name.Name] = true
		} else {
			path, _ := strconv.Unquote(im.Path.Value)
			if pkg, err := tx.m.u.Import(path); err == nil {
				own[pkg.Name()] = true
			}
		}
	}
	imports, dots := tx.importsNow()
	var specs []ast.Spec
	names := make([]string, 0, len(imports))
	for n := range imports {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, name := range names {
		if own[name] || defined[name] {
			continue
		}
		if _, ok := tx.lookup(name); ok {
			continue // a session name hides an import of the same name
		}
		specs = append(specs, &ast.ImportSpec{Name: ast.NewIdent(name), Path: &ast.BasicLit{Kind: token.STRING, Value: strconv.Quote(imports[name])}})
	}
	for _, d := range dots {
		specs = append(specs, &ast.ImportSpec{Name: ast.NewIdent("."), Path: &ast.BasicLit{Kind: token.STRING, Value: strconv.Quote(d)}})
	}
	if len(specs) == 0 {
		return f
	}
	out := *f
	out.Decls = append([]ast.Decl{&ast.GenDecl{Tok: token.IMPORT, Specs: specs}}, f.Decls...)
	return &out
}

// realErrors drops what is no error in a session: an import not used (the
// session's imports are there for any cell), a top-level variable of a
// cell run as one body that no statement after it uses.
func (tx *Tx) realErrors(p *parsed, errs []error) []error {
	top := map[token.Pos]bool{}
	if p.body != nil && len(p.body.List) > 1 {
		for _, st := range p.body.List {
			if as, ok := st.(*ast.AssignStmt); ok && as.Tok == token.DEFINE {
				for _, l := range as.Lhs {
					top[l.Pos()] = true
				}
			}
			if ds, ok := st.(*ast.DeclStmt); ok {
				if gd, ok := ds.Decl.(*ast.GenDecl); ok {
					for _, sp := range gd.Specs {
						if vs, ok := sp.(*ast.ValueSpec); ok {
							for _, n := range vs.Names {
								top[n.Pos()] = true
							}
						}
					}
				}
			}
		}
	}
	var out []error
	for _, err := range errs {
		te, ok := err.(types.Error)
		if ok && soft.MatchString(te.Msg) {
			continue
		}
		if ok && strings.HasPrefix(te.Msg, "declared and not used") && top[te.Pos] {
			continue
		}
		// go/types compares packages by identity there, and each cell is
		// checked as a package of its own: a type of an earlier cell is
		// the session's as much as the cell's.
		if ok && strings.HasPrefix(te.Msg, "implicit assignment to unexported field") && strings.Contains(te.Msg, "of type main.") {
			continue
		}
		out = append(out, err)
	}
	return out
}

// located turns type errors into the first one's Error, in the cell.
func (tx *Tx) located(p *parsed, errs []error) *Error {
	te, ok := errs[0].(types.Error)
	if !ok {
		return &Error{Cell: p.g.Cell, Line: p.g.Line, Col: p.g.Col, Msg: errs[0].Error(), More: len(errs) - 1}
	}
	line, col := p.where(tx.m.fset.Position(te.Pos))
	return &Error{Cell: p.g.Cell, Line: line, Col: col, Msg: tx.reword(te.Msg), More: len(errs) - 1}
}

var names = strings.NewReplacer(Prefix+"D_", "", Prefix+"S", "the cell")

// reword makes a type error read in the cell's terms.
func (tx *Tx) reword(msg string) string {
	if m := couldNotImport.FindStringSubmatch(msg); m != nil {
		return fmt.Sprintf("cannot import %s: %s", m[1], m[2])
	}
	return mainQualifier.ReplaceAllString(names.Replace(msg), "$1")
}

// mainQualifier: types of earlier cells are written main.T in messages.
var mainQualifier = regexp.MustCompile(`(^|[^\w.])main\.`)

var couldNotImport = regexp.MustCompile(`^could not import (\S+) \((.*)\)$`)

// collect records what the group declares for the session.
func (tx *Tx) collect(p *parsed, pkg *types.Package, info *types.Info, u *Unit) {
	add := func(name string, obj types.Object) {
		if name == "_" || name == "" {
			return
		}
		u.objs[name] = obj
		u.kinds[name] = kindOf(obj)
	}
	for id, obj := range info.Defs {
		if obj == nil || obj.Parent() != pkg.Scope() {
			continue
		}
		switch {
		case strings.HasPrefix(id.Name, Prefix+"D_"):
			name := strings.TrimPrefix(id.Name, Prefix+"D_")
			add(name, types.NewVar(obj.Pos(), obj.Pkg(), name, obj.Type()))
		case strings.HasPrefix(id.Name, Prefix):
		default:
			if f, ok := obj.(*types.Func); ok && f.Type().(*types.Signature).Recv() != nil {
				continue
			}
			add(id.Name, obj)
			if tn, ok := obj.(*types.TypeName); ok {
				if named, ok := tn.Type().(*types.Named); ok {
					u.typeTxt[named] = tx.declText(p, id)
				}
			}
			if isGeneric(obj) {
				tx.m.generic[obj] = tx.siteOf(p, info, pkg, id)
			}
		}
	}
	// A statement run as one body: its top-level variables are the session's.
	if p.body != nil && len(p.body.List) > 1 {
		for _, st := range p.body.List {
			var ids []*ast.Ident
			if as, ok := st.(*ast.AssignStmt); ok && as.Tok == token.DEFINE {
				for _, l := range as.Lhs {
					if id, ok := l.(*ast.Ident); ok {
						ids = append(ids, id)
					}
				}
			}
			if ds, ok := st.(*ast.DeclStmt); ok {
				if gd, ok := ds.Decl.(*ast.GenDecl); ok && gd.Tok != token.IMPORT {
					for _, sp := range gd.Specs {
						switch sp := sp.(type) {
						case *ast.ValueSpec:
							ids = append(ids, sp.Names...)
						case *ast.TypeSpec:
							ids = append(ids, sp.Name)
						}
					}
				}
			}
			for _, id := range ids {
				if obj := info.Defs[id]; obj != nil {
					add(id.Name, obj)
				}
			}
		}
	}
	for _, im := range p.file.Imports {
		path, _ := strconv.Unquote(im.Path.Value)
		switch {
		case im.Name != nil && im.Name.Name == ".":
			u.dots = append(u.dots, path)
		case im.Name != nil && im.Name.Name == "_":
		case im.Name != nil:
			u.imports[im.Name.Name] = path
			u.objs[im.Name.Name] = nil // an import hides a session name
		default:
			if pn, ok := info.Implicits[im].(*types.PkgName); ok {
				u.imports[pn.Name()] = path
				u.objs[pn.Name()] = nil
			}
		}
	}
	for name := range u.imports {
		if _, ok := tx.lookup(name); !ok {
			delete(u.objs, name)
		}
	}
}

func isGeneric(obj types.Object) bool {
	switch o := obj.(type) {
	case *types.Func:
		return o.Type().(*types.Signature).TypeParams().Len() > 0
	case *types.TypeName:
		if n, ok := o.Type().(*types.Named); ok {
			return n.TypeParams().Len() > 0 && n.Obj() == o
		}
		if a, ok := o.Type().(*types.Alias); ok {
			return a.TypeParams().Len() > 0
		}
	}
	return false
}

// siteOf finds the declaration of a group's object.
func (tx *Tx) siteOf(p *parsed, info *types.Info, pkg *types.Package, id *ast.Ident) *site {
	s := &site{text: p.tf.Name(), info: info, home: pkg}
	src := tx.source(p)
	s.text, s.base = src, 0
	for _, d := range p.file.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Name == id {
				s.node = d
			}
			if d.Recv != nil {
				if base := recvBase(d.Recv.List[0].Type); base != nil && base.Name == id.Name {
					s.methods = append(s.methods, d)
				}
			}
		case *ast.GenDecl:
			for _, sp := range d.Specs {
				if ts, ok := sp.(*ast.TypeSpec); ok && ts.Name == id {
					s.node = ts
				}
			}
		}
	}
	return s
}

// source is the text a group was parsed from.
func (tx *Tx) source(p *parsed) string {
	if p.g.Decls {
		return "package main\n" + p.g.Text
	}
	return "package main\nfunc _() {\n" + p.g.Text + "\n}"
}

// sameTypeDecl tells whether a type declaration repeats an earlier one's
// text (the cell run again).
func (tx *Tx) sameTypeDecl(tn *types.TypeName, p *parsed, ts *ast.TypeSpec) bool {
	named, ok := tn.Type().(*types.Named)
	if !ok || tn.Pkg() == nil || tn.Pkg().Name() != "main" {
		return false
	}
	src := tx.source(p)
	text := src[p.tf.Offset(ts.Pos()):p.tf.Offset(ts.End())]
	return tx.m.typeText[named] == normalize(text)
}

// declText is the normalized text of the type declaration of id.
func (tx *Tx) declText(p *parsed, id *ast.Ident) string {
	src := tx.source(p)
	for _, d := range p.file.Decls {
		if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == token.TYPE {
			for _, sp := range gd.Specs {
				if ts := sp.(*ast.TypeSpec); ts.Name == id {
					return normalize(src[p.tf.Offset(ts.Pos()):p.tf.Offset(ts.End())])
				}
			}
		}
	}
	return ""
}

func normalize(s string) string { return strings.Join(strings.Fields(s), " ") }
