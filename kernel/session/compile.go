package session

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"go/types"
	"sort"
	"strconv"
	"strings"
)

// maxErrors is how many compile errors of a cell are shown.
const maxErrors = 10

// compile compiles a phase of a cell with what the session has: the
// program that runs it, or the cell's compile errors. Nothing of the
// session changes until the build runs (commit).
func (s *Session) compile(cc *cellCode) (*build, error) {
	b := &build{cc: cc, fset: s.ctx.FileSet}

	// The declarations: the session's, then the cell's, a later one of a
	// name replacing an earlier.
	b.decls = map[string]*progDecl{}
	for k, d := range s.decls {
		b.decls[k] = d
	}
	cellNames := map[string]bool{}
	for _, d := range cc.decls {
		for _, k := range d.keys() {
			if old := b.decls[k]; old != nil {
				b.dropDecl(old, "")
			}
			if d.kind != "method" {
				cellNames[k] = true
			}
		}
	}
	for _, d := range cc.decls {
		for _, k := range d.keys() {
			b.decls[k] = d
		}
	}
	b.vars = map[string]*sessVar{}
	for name, v := range s.vars {
		if !cellNames[name] {
			b.vars[name] = v
		}
	}
	b.migrate = map[string]bool{}
	// The imports: a later import of a name replaces an earlier.
	imports, err := s.mergeImports(cc)
	if err != nil {
		return nil, err
	}
	b.imports = imports

	for round := 0; ; round++ {
		again, err := b.checkAsWritten(s, round)
		if err != nil {
			return nil, err
		}
		if !again {
			break
		}
	}
	if err := b.hoist(s); err != nil {
		return nil, err
	}
	return b, nil
}

// dropDecl removes a declaration from the build; why, if not "", is told
// the user.
func (b *build) dropDecl(d *progDecl, why string) {
	for k, x := range b.decls {
		if x == d {
			delete(b.decls, k)
		}
	}
	if why != "" {
		b.notes = append(b.notes, why)
	}
}

// mergeImports returns the session's imports with the cell's: each name
// bound once, by its last import.
func (s *Session) mergeImports(cc *cellCode) ([]importSpec, error) {
	var out []importSpec
	byName := map[string]int{}
	add := func(im importSpec) {
		key := im.name
		if key == "" {
			key = s.packageName(im.path)
		}
		if key == "_" || key == "." {
			key += im.path
		}
		if i, ok := byName[key]; ok {
			out[i] = im
			return
		}
		byName[key] = len(out)
		out = append(out, im)
	}
	for _, im := range s.imports {
		add(im)
	}
	for _, im := range cc.imports {
		if _, err := s.importer.Import(im.path); err != nil {
			return nil, &compileError{errs: []posError{{
				pos: token.Position{Filename: im.cell, Line: im.line, Column: im.col},
				msg: s.cannotImport(im.path, err),
			}}}
		}
		add(im)
	}
	return out, nil
}

// aliases names every package the session's variables' types mention,
// for writing those types whatever names the imports bind.
func (b *build) aliases() map[string]string {
	out := map[string]string{}
	var walk func(t types.Type, depth int)
	add := func(p *types.Package) {
		if p != nil && p.Path() != "main" {
			if _, ok := out[p.Path()]; !ok {
				out[p.Path()] = pkgAlias + strconv.Itoa(len(out))
			}
		}
	}
	walk = func(t types.Type, depth int) {
		if depth > 50 {
			return
		}
		switch t := t.(type) {
		case *types.Named:
			add(t.Obj().Pkg())
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
				walk(t.Field(i).Type(), depth+1)
			}
		case *types.Signature:
			for _, tup := range []*types.Tuple{t.Params(), t.Results()} {
				for i := 0; i < tup.Len(); i++ {
					walk(tup.At(i).Type(), depth+1)
				}
			}
		case *types.Interface:
			for i := 0; i < t.NumMethods(); i++ {
				walk(t.Method(i).Type(), depth+1)
			}
		}
	}
	for _, v := range b.vars {
		walk(v.typ, 0)
	}
	for _, v := range b.olds {
		walk(v.typ, 0)
	}
	for _, t := range b.rtTypes {
		walk(t, 0)
	}
	return out
}

// typeText writes a type as the program can name it.
func typeText(t types.Type, aliases map[string]string) string {
	return types.TypeString(t, func(p *types.Package) string {
		if p.Path() == "main" {
			return ""
		}
		return aliases[p.Path()]
	})
}

// writeHead writes what both programs of a build start with: the package
// clause, the imports, the declarations (their text, or what text gives),
// the session's variables.
func (b *build) writeHead(p *program, vars []*sessVar, aliases map[string]string, text func(*progDecl) string) {
	p.WriteString("package main\n")
	p.writeImports(b.imports, aliases)
	p.writeDecls(sortedDecls(b.decls), text)
	for _, v := range vars {
		p.writeVar(v, v.name, typeText(v.typ, aliases))
	}
	p.WriteString(tupleDecl)
}

// sortedVars returns vars in the order they were defined.
func sortedVars(m map[string]*sessVar) []*sessVar {
	out := make([]*sessVar, 0, len(m))
	for _, v := range m {
		out = append(out, v)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].seq != out[j].seq {
			return out[i].seq < out[j].seq
		}
		return out[i].name < out[j].name
	})
	return out
}

// checkAsWritten checks the cell as written: its statements in one
// function body, after the session's declarations and variables. An
// error in something an earlier cell declared (which this cell's
// declarations broke, or whose variable's type changed) drops that, and
// again is true: check once more. The cell's own errors are returned.
func (b *build) checkAsWritten(s *Session, round int) (again bool, err error) {
	var p program
	aliases := b.aliases()
	vars := sortedVars(b.vars)
	b.writeHead(&p, vars, aliases, nil)
	p.WriteString("func " + checkFunc + "() {\n")
	b.check.chunks = nil
	for k, seg := range b.cc.segs {
		if seg.timeit {
			p.WriteString("func() {\n")
		}
		for _, c := range seg.chunks {
			from := p.Len()
			at := p.place(b.cc.cell, c.line, c.col, c.text)
			b.check.chunks = append(b.check.chunks, placed{seg: k, from: at, to: p.Len(), chunk: c})
			p.WriteString("\n")
			p.mark(region{from: from, to: p.Len(), cell: true})
		}
		if seg.timeit {
			p.WriteString("}()\n")
		}
	}
	p.WriteString("}\n")
	src := p.String()
	b.check.src = src
	f, err := b.parse(b.cc.cell, src)
	if err != nil {
		return false, b.syntaxError(err)
	}
	pkg, info, errs := typeCheck(s.importer, s.sizes, b.fset, f)
	var body *ast.BlockStmt
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Name.Name == checkFunc {
			body = fd.Body
		}
	}
	b.check.pkg, b.check.info, b.check.body = pkg, info, body

	// Not errors in a notebook: a name the cell defines at its top level
	// and does not use (later cells may), and the final expression, which
	// is the cell's result.
	defs := map[token.Pos]bool{}
	defNames := map[string]bool{}
	for _, id := range topDefs(body) {
		defs[id.Pos()] = true
		defNames[id.Name] = true
	}
	var final ast.Expr
	if es := finalExpr(body); es != nil {
		final = es.X
	}
	// A declaration of the cell that uses a name the cell's statements
	// define is checked in the program that runs (hoist), where the name is
	// a package variable: here the name is undefined, and what follows from
	// it (an operand of unknown type) is no error of the cell's.
	usesStmtNames := map[*progDecl]bool{}
	for _, e := range errs {
		if name, ok := strings.CutPrefix(e.Msg, "undefined: "); ok && defNames[name] {
			if r := p.regionAt(b.fset.PositionFor(e.Pos, false).Offset); r != nil && r.decl != nil && containsDecl(b.cc.decls, r.decl) {
				usesStmtNames[r.decl] = true
			}
		}
	}
	var mine []posError
	dropped := false
	for _, e := range errs {
		if defs[e.Pos] && strings.HasPrefix(e.Msg, "declared and not used") {
			continue
		}
		if final != nil && e.Pos == final.Pos() && strings.HasSuffix(e.Msg, "is not used") {
			continue
		}
		raw := b.fset.PositionFor(e.Pos, false)
		r := p.regionAt(raw.Offset)
		switch {
		case r == nil || r.cell:
			mine = append(mine, posError{pos: b.fset.Position(e.Pos), msg: e.Msg})
		case r.decl != nil && containsDecl(b.cc.decls, r.decl):
			// The cell's functions see the names its statements define
			// (package variables in the program that runs): checked there.
			if usesStmtNames[r.decl] {
				continue
			}
			mine = append(mine, posError{pos: b.fset.Position(e.Pos), msg: e.Msg})
		case r.decl != nil:
			if b.decls[r.decl.keys()[0]] == r.decl {
				b.dropDecl(r.decl, fmt.Sprintf("%s %s (%s) no longer compiles (%s): it is removed from the session; run its cell again to declare it anew",
					r.decl.kind, declName(r.decl), r.decl.cell, e.Msg))
				dropped = true
			}
		case r.vr != nil:
			if _, ok := b.vars[r.vr.name]; ok {
				delete(b.vars, r.vr.name)
				b.notes = append(b.notes, fmt.Sprintf("variable %s (%s) is gone: its type no longer compiles (%s)", r.vr.name, r.vr.cell, e.Msg))
				dropped = true
			}
		case r.imp > 0:
			im := b.imports[r.imp-1]
			if im.cell == b.cc.cell {
				mine = append(mine, posError{pos: b.fset.Position(e.Pos), msg: e.Msg})
			} else {
				b.imports = append(b.imports[:r.imp-1:r.imp-1], b.imports[r.imp:]...)
				dropped = true
			}
		}
	}
	if dropped {
		if round > len(s.decls)+len(s.vars)+len(s.imports)+2 {
			return false, &compileError{errs: []posError{{msg: "the session's declarations no longer compile together (" + errs[0].Msg + "): %reset starts over"}}}
		}
		return true, nil
	}
	if len(mine) > 0 {
		return false, &compileError{errs: mine}
	}

	b.check.prog = &p
	b.check.minmax = floatMinMax(f, info, func(pos token.Pos) int { return b.fset.PositionFor(pos, false).Offset })

	// The variables whose type changed (an earlier cell's type declared
	// anew, and so a new runtime type) lose their values.
	b.attach(f, info, &p)
	var newVars []*sessVar
	for _, id := range topDefs(body) {
		if obj := info.Defs[id]; obj != nil {
			newVars = append(newVars, &sessVar{name: id.Name, typ: obj.Type()})
		}
	}
	b.fp = fingerprints(b.programDecls(newVars), b.importNames(), info)
	b.keys = typeKeys{pkg: pkg, fp: b.fp, local: localTypes(sortedDecls(b.decls), info, b.fp)}
	for _, v := range vars {
		obj := pkg.Scope().Lookup(v.name)
		if obj == nil {
			continue
		}
		if k := b.keys.key(obj.Type()); k == "" || k != v.key {
			if lk := layoutKey(obj.Type(), pkg); lk != "" && lk == v.layout {
				// Another declaration of the same layout (a method added,
				// a method's body changed): the value is the new type's.
				b.migrate[v.name] = true
				continue
			}
			delete(b.vars, v.name)
			b.notes = append(b.notes, fmt.Sprintf("variable %s (%s) is gone: its type %s was declared anew; run the cell that made it again", v.name, v.cell, typeText(v.typ, nil)))
			again = true
		}
	}
	return again, nil
}

func containsDecl(ds []*progDecl, d *progDecl) bool {
	for _, x := range ds {
		if x == d {
			return true
		}
	}
	return false
}

// declName is how a note names a declaration.
func declName(d *progDecl) string {
	if d.kind == "method" {
		return d.recv + "." + d.names[0]
	}
	return strings.Join(d.names, ", ")
}

// attach gives the declarations the syntax and objects of a check.
func (b *build) attach(f *ast.File, info *types.Info, p *program) {
	for _, d := range sortedDecls(b.decls) {
		d.nodes, d.objs = nil, nil
	}
	for _, decl := range f.Decls {
		r := p.regionAt(b.fset.PositionFor(decl.Pos(), false).Offset)
		if r == nil || r.decl == nil {
			continue
		}
		r.decl.nodes = append(r.decl.nodes, decl)
		switch decl := decl.(type) {
		case *ast.FuncDecl:
			if obj := info.Defs[decl.Name]; obj != nil {
				r.decl.objs = append(r.decl.objs, obj)
			}
		case *ast.GenDecl:
			for _, sp := range decl.Specs {
				switch sp := sp.(type) {
				case *ast.TypeSpec:
					if obj := info.Defs[sp.Name]; obj != nil {
						r.decl.objs = append(r.decl.objs, obj)
					}
				case *ast.ValueSpec:
					for _, n := range sp.Names {
						if obj := info.Defs[n]; obj != nil {
							r.decl.objs = append(r.decl.objs, obj)
						}
					}
				}
			}
		}
	}
}

// programDecls lists the declarations for fingerprints: the build's, and
// the session's variables (those the cell defines, not the earlier ones
// of those names) as declarations of their type (a method that uses a
// variable depends on its type).
func (b *build) programDecls(cellVars []*sessVar) []*progDecl {
	out := sortedDecls(b.decls)
	vars := map[string]*sessVar{}
	for name, v := range b.vars {
		vars[name] = v
	}
	for _, v := range cellVars {
		vars[v.name] = v
	}
	for _, v := range sortedVars(vars) {
		text := typeString(v.typ)
		d := &progDecl{kind: "var", names: []string{v.name}, text: "var " + v.name + " " + text}
		if x, err := parser.ParseExpr(text); err == nil {
			d.nodes = []ast.Node{x}
		}
		out = append(out, d)
	}
	return out
}

// importNames maps the names the build's imports bind to their paths.
func (b *build) importNames() map[string]string {
	out := map[string]string{}
	for _, im := range b.imports {
		name := im.name
		if name == "" {
			name = im.path[strings.LastIndex(im.path, "/")+1:]
		}
		out[name] = im.path
	}
	return out
}

// syntaxError reports the syntax errors of a program, in its cell.
func (b *build) syntaxError(err error) error {
	ce := &compileError{}
	var list scanner.ErrorList
	if errors.As(err, &list) {
		for _, e := range list {
			ce.errs = append(ce.errs, posError{pos: e.Pos, msg: e.Msg})
		}
	}
	if len(ce.errs) == 0 {
		ce.errs = append(ce.errs, posError{msg: err.Error()})
	}
	return ce
}
