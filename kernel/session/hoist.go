package session

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"sort"
	"strconv"
	"strings"
)

// hoist writes and checks the program that runs the cell: the names its
// statements define at their top level become package variables (x := f()
// becomes x = f(), var x T = v becomes x = v), its segments functions, its
// final expression the result of the last.
func (b *build) hoist(s *Session) error {
	info, body, src := b.check.info, b.check.body, b.check.src
	raw := func(p token.Pos) int { return b.fset.PositionFor(p, false).Offset }
	pos := func(p token.Pos) token.Position { return b.fset.Position(p) }
	edits := append(editSet(nil), b.check.minmax...)
	scope := b.check.pkg.Scope()

	// The names defined at the top level, and the variables they become.
	newVars := map[string]*sessVar{}
	local := map[ast.Stmt]bool{} // statements whose names cannot be kept: they stay local
	define := func(st ast.Stmt, ids []*ast.Ident) {
		for _, id := range ids {
			obj := info.Defs[id]
			if obj == nil || id.Name == "_" {
				continue
			}
			if foreignUnexported(obj.Type(), b.check.pkg) {
				local[st] = true
				b.notes = append(b.notes, fmt.Sprintf("%s is of type %s, which a cell cannot write: it lasts for this cell only", id.Name, obj.Type()))
			}
		}
		if local[st] {
			return
		}
		for _, id := range ids {
			obj := info.Defs[id]
			if obj == nil || id.Name == "_" {
				continue
			}
			p := pos(id.Pos())
			s.seq++
			newVars[id.Name] = &sessVar{name: id.Name, typ: obj.Type(), cell: b.cc.cell, line: p.Line, col: p.Column, seq: s.seq}
		}
	}
	var topStmt func(st ast.Stmt)
	topStmt = func(st ast.Stmt) {
		switch st := st.(type) {
		case *ast.AssignStmt:
			if st.Tok != token.DEFINE {
				return
			}
			var ids []*ast.Ident
			for _, l := range st.Lhs {
				if id, ok := l.(*ast.Ident); ok {
					ids = append(ids, id)
				}
			}
			define(st, ids)
			if !local[st] {
				at := raw(st.TokPos)
				edits.replace(at, at+2, " =")
			}
		case *ast.DeclStmt:
			d, ok := st.Decl.(*ast.GenDecl)
			if !ok || d.Tok != token.VAR {
				return
			}
			var ids []*ast.Ident
			for _, sp := range d.Specs {
				ids = append(ids, sp.(*ast.ValueSpec).Names...)
			}
			define(st, ids)
			if !local[st] {
				edits.replace(raw(d.Pos()), raw(d.End()), b.assignVars(d, src, raw))
			}
		case *ast.LabeledStmt:
			topStmt(st.Stmt)
		}
	}
	for _, st := range body.List {
		topStmt(st)
	}

	// A variable the cell defines again with another type: what the cell
	// reads of it before then is the old one, kept under another name.
	b.olds = map[string]*sessVar{}
	for name, nv := range newVars {
		old := b.vars[name]
		obj := scope.Lookup(name)
		if old == nil || obj == nil {
			continue
		}
		if b.keys.key(nv.typ) == old.key {
			continue // the same storage serves
		}
		for id, o := range info.Uses {
			if o == obj {
				at := raw(id.Pos())
				edits.replace(at, at+len(name), oldVar+name)
				b.olds[name] = old
			}
		}
	}

	// The final expression.
	var final ast.Expr
	if es := finalExpr(body); es != nil && b.cc.final {
		final = es.X
		b.final.show = showOf(info, final)
		at, end := raw(es.Pos()), raw(es.End())
		xp := pos(final.Pos())
		x := lineDirective(b.cc.cell, xp.Line, xp.Column) + src[raw(final.Pos()):raw(final.End())]
		switch b.final.show {
		case showValue:
			edits.replace(at, end, "return any("+x+")")
		case showTuple:
			edits.replace(at, end, "return "+tupleFunc+"("+x+")")
		case showConstant:
			b.final.value = info.Types[final]
			edits.replace(at, end, "")
		}
	}

	// The program.
	b.newVars = newVars
	for name, v := range newVars {
		b.vars[name] = v
	}
	for name := range newVars {
		if old := s.vars[name]; old != nil && b.olds[name] == nil {
			if b.keys.key(newVars[name].typ) == old.key {
				newVars[name].ptr = old.ptr // the same storage
			}
		}
	}
	b.rtTypes = b.runtimeTypes(s.rtypes)
	var p program
	aliases := b.aliases()
	vars := sortedVars(b.vars)
	declAt := map[*progDecl]int{}
	for _, r := range b.check.prog.regions {
		if r.decl != nil {
			declAt[r.decl] = r.text
		}
	}
	b.writeHead(&p, vars, aliases, func(d *progDecl) string {
		if at, ok := declAt[d]; ok {
			return edits.apply(src, at, at+len(d.text))
		}
		return d.text
	})
	p.WriteString(floatMinMaxDecls)
	for name, v := range b.olds {
		p.writeVar(v, oldVar+name, typeText(v.typ, aliases))
	}
	b.segs = nil
	chunks := b.check.chunks
	for k, seg := range b.cc.segs {
		fn := segFunc + strconv.Itoa(k)
		b.segs = append(b.segs, builtSeg{fn: fn, timeit: seg.timeit})
		if seg.timeit {
			p.WriteString("func " + fn + "(" + hidden + "N int) {\nfor " + hidden + "I := 0; " + hidden + "I < " + hidden + "N; " + hidden + "I++ {\n")
		} else {
			p.WriteString("func " + fn + "() (" + resultName + " any) {\n")
		}
		for _, c := range chunks {
			if c.seg != k {
				continue
			}
			from := p.Len()
			p.place(b.cc.cell, c.chunk.line, c.chunk.col, edits.apply(src, c.from, c.to))
			p.WriteString("\n")
			p.mark(region{from: from, to: p.Len(), cell: true})
		}
		if seg.timeit {
			p.WriteString("}\n}\n")
		} else {
			p.WriteString("return\n}\n")
		}
	}
	b.writeRuntimeTypes(&p, aliases)
	text := p.String()
	f, err := b.parse(b.cc.cell, text)
	if err != nil {
		return b.internal(err, text)
	}
	pkg, info2, errs := typeCheck(s.importer, s.sizes, b.fset, f)
	var mine []posError
	for _, e := range errs {
		// The cell's functions, checked with the names its statements
		// define (see checkAsWritten): their errors are the cell's.
		r := p.regionAt(b.fset.PositionFor(e.Pos, false).Offset)
		if r == nil || !(r.cell || r.decl != nil && containsDecl(b.cc.decls, r.decl)) {
			return b.internal(e, text)
		}
		mine = append(mine, posError{pos: b.fset.Position(e.Pos), msg: e.Msg})
	}
	if len(mine) > 0 {
		return &compileError{errs: mine}
	}
	b.pkg, b.info, b.file = pkg, info2, f
	b.attach(f, info2, &p)
	b.keys = typeKeys{pkg: pkg, fp: b.fp, local: localTypes(sortedDecls(b.decls), info2, b.fp)}
	for _, v := range b.vars {
		if obj := pkg.Scope().Lookup(v.name); obj != nil {
			if v.seq > 0 && newVars[v.name] == v {
				v.typ = obj.Type()
				v.key = b.keys.key(v.typ)
				v.layout = layoutKey(v.typ, pkg)
			}
		}
	}
	return nil
}

// assignVars writes a var declaration of a cell's top level as the
// assignments that give its (hoisted) variables their values.
func (b *build) assignVars(d *ast.GenDecl, src string, raw func(token.Pos) int) string {
	var out []string
	text := func(n ast.Node) string {
		p := b.fset.Position(n.Pos())
		return lineDirective(b.cc.cell, p.Line, p.Column) + src[raw(n.Pos()):raw(n.End())]
	}
	for _, sp := range d.Specs {
		vs := sp.(*ast.ValueSpec)
		var names []string
		for _, n := range vs.Names {
			names = append(names, n.Name)
		}
		switch {
		case len(vs.Values) == 0:
			for _, n := range vs.Names {
				if n.Name != "_" {
					out = append(out, text(n)+" = *new("+src[raw(vs.Type.Pos()):raw(vs.Type.End())]+")")
				}
			}
		default:
			var vals []string
			for _, v := range vs.Values {
				vals = append(vals, text(v))
			}
			p := b.fset.Position(vs.Pos())
			out = append(out, lineDirective(b.cc.cell, p.Line, p.Column)+strings.Join(names, ", ")+" = "+strings.Join(vals, ", "))
		}
	}
	return strings.Join(out, "; ")
}

// internal reports a program the session wrote that does not compile
// though the cell as written did: a fault of the session, not the cell.
func (b *build) internal(err error, text string) error {
	return &Error{Name: "internal error", Message: fmt.Sprintf("%s: the kernel could not compile the cell's statements as the session's (%v); please report it with the cell", b.cc.cell, err), Trace: strings.Split(text, "\n")}
}

// runtimeTypes lists the types the cells declare, and the instances of
// their generic types this cell uses: the interpreter prepares a type's
// methods only in a program that makes it a runtime type (converts it to
// an interface), and compiled code (fmt, sort) calls the methods of a
// value through its runtime type, made once and kept by the builds after
// (cellTypes). So every program makes them all runtime types.
func (b *build) runtimeTypes(ct *cellTypes) []types.Type {
	var out []types.Type
	pkg := b.check.pkg
	for _, d := range sortedDecls(b.decls) {
		if d.kind != "type" {
			continue
		}
		tn, ok := pkg.Scope().Lookup(d.names[0]).(*types.TypeName)
		if !ok || tn.IsAlias() || types.IsInterface(tn.Type()) {
			continue
		}
		if n, ok := tn.Type().(*types.Named); ok && n.TypeParams().Len() > 0 {
			continue
		}
		out = append(out, tn.Type())
	}
	seen := map[string]bool{}
	var insts []types.Type
	for _, tv := range b.check.info.Types {
		n, ok := types.Unalias(tv.Type).(*types.Named)
		if !ok || n.Obj().Pkg() != pkg || n.TypeArgs().Len() == 0 || types.IsInterface(n) || foreignUnexported(n, pkg) {
			continue
		}
		if k := types.TypeString(n, nil); !seen[k] {
			seen[k] = true
			insts = append(insts, n)
		}
	}
	// Unnamed struct types with methods (struct{ *bytes.Buffer }) that the
	// session's variables hold or the cell mentions: ixgo prepares their
	// methods only where they are runtime types, and a value an earlier
	// cell made finds them there (cellTypes.shareMethods).
	addStruct := func(t types.Type) {
		walkStructs(t, func(st *types.Struct) {
			if !hasMethods(st) || foreignUnexported(st, pkg) {
				return
			}
			if k := types.TypeString(st, nil); !seen[k] {
				seen[k] = true
				insts = append(insts, st)
			}
		})
	}
	for _, v := range b.vars {
		if v.typ != nil {
			addStruct(v.typ)
		}
	}
	for _, tv := range b.check.info.Types {
		addStruct(tv.Type)
	}
	// The instances earlier builds made that are still what they were
	// (the same key with today's declarations).
	byPath := b.keys
	byPath.byPath = true
	ct.mu.Lock()
	for k, t := range ct.insts {
		if byPath.key(t) != k || !writable(t) {
			continue
		}
		if s := types.TypeString(t, nil); !seen[s] {
			seen[s] = true
			insts = append(insts, t)
		}
	}
	ct.mu.Unlock()
	sort.Slice(insts, func(i, j int) bool { return types.TypeString(insts[i], nil) < types.TypeString(insts[j], nil) })
	return append(out, insts...)
}

// walkStructs calls f for each struct type t is made of, t included,
// down to the named types (whose structs are their own runtime types).
func walkStructs(t types.Type, f func(*types.Struct)) {
	eachType(t, false, func(t types.Type) bool {
		switch t := t.(type) {
		case *types.Named, *types.Tuple, *types.Signature, *types.Interface:
			return false
		case *types.Struct:
			f(t)
		}
		return true
	})
}

// writeRuntimeTypes writes the function (never called) that makes the
// runtime types.
func (b *build) writeRuntimeTypes(p *program, aliases map[string]string) {
	p.WriteString("func " + hidden + "Types() {\n")
	for _, t := range b.rtTypes {
		tt := typeText(t, aliases)
		fmt.Fprintf(p, "_ = []any{*new(%s), (*%s)(nil)}\n", tt, tt)
	}
	p.WriteString("}\n")
}

// writable tells whether a cell can write t: each named type it is made
// of is the session's (declared at its top level) or exported.
func writable(t types.Type) bool {
	ok := true
	walkNamed(t, func(n *types.Named) {
		obj := n.Obj()
		if obj.Pkg() == nil {
			return
		}
		if obj.Pkg().Path() == "main" {
			if obj.Parent() != obj.Pkg().Scope() && n.Origin().Obj().Parent() != obj.Pkg().Scope() {
				ok = false // declared inside a function
			}
			return
		}
		if !obj.Exported() {
			ok = false
		}
	})
	return ok
}
