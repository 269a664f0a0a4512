package lower

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"reflect"
	"sort"
	"strconv"
	"strings"
)

// A lowerer rewrites one piece of source: a cell's group, or a
// declaration being instantiated (with its type parameters substituted).
type lowerer struct {
	tx    *Tx
	u     *Unit // the unit whose prelude and imports collect what is needed
	info  *types.Info
	text  string // the piece's text
	base  int    // offset of text[0] in its file
	tf    *token.File
	home  *types.Package // the package the code was checked in
	subst map[*types.TypeParam]types.Type
	ed    editor
	err   error

	fn      *fnFrame
	loops   []*loopFrame
	renames map[types.Object]string // loop variables renamed in a header
	deps    *[]*instance            // while writing an instance: the instances it needs
	defines bool                    // a cell's top-level var declarations become definitions
}

// fnFrame is a function being lowered (or a cell's top level).
type fnFrame struct {
	sig      *types.Signature // nil at a cell's top level
	results  []string         // temporaries holding results of a return in a range-over-func body
	bodyLeft int              // offset where the function body's statements start
}

// loopFrame is a statement that break (and, for a loop, continue) can target.
type loopFrame struct {
	stmt      ast.Stmt
	label     string
	loop      bool
	rf        *rangeFunc // a range over a function: its body is a closure
	writeback string     // a continue copies the loop variable back first
}

// rangeFunc is a range-over-func loop being lowered.
type rangeFunc struct {
	ctl      string            // the control variable: which branch left the body
	deferred string            // the stack of calls its body defers (the outermost loop's)
	codes    map[string]int    // branch ("break L", "continue L") -> code
	branches map[int]branchOut // code -> the branch to take after the call
	returned bool              // a return left the body
	order    []int
}

type branchOut struct {
	tok   token.Token
	label string
}

func (l *lowerer) off(p token.Pos) int { return l.tf.Offset(p) - l.base }

func (l *lowerer) fail(pos token.Pos, format string, a ...any) {
	if l.err == nil {
		l.err = &posError{pos: pos, msg: fmt.Sprintf(format, a...)}
	}
}

// posError is a lowering that cannot be done, at a position.
type posError struct {
	pos token.Pos
	msg string
}

func (e *posError) Error() string { return e.msg }

// name returns a fresh hidden name.
func (l *lowerer) name(what string) string {
	l.tx.m.n++
	return fmt.Sprintf("%s%s%d", Prefix, what, l.tx.m.n)
}

// typeOf is the type of an expression, type parameters substituted.
func (l *lowerer) typeOf(e ast.Expr) types.Type {
	t := l.info.TypeOf(e)
	if t == nil {
		return nil
	}
	return l.sub(t)
}

func (l *lowerer) sub(t types.Type) types.Type {
	if len(l.subst) == 0 {
		return t
	}
	return substitute(t, l.subst)
}

// lowerGroup lowers a checked group into the unit.
func (tx *Tx) lowerGroup(p *parsed, info *types.Info, u *Unit) error {
	src := tx.source(p)
	l := &lowerer{tx: tx, u: u, info: info, text: p.g.Text, base: p.header, tf: p.tf, home: nil, renames: map[types.Object]string{}, defines: p.g.Vars}
	_ = src
	if p.g.Decls {
		if l.defines {
			// Only if a value reads a variable of an earlier group: the
			// group is then run as statements.
			l.defines = false
			own := map[types.Object]bool{}
			for _, obj := range info.Defs {
				own[obj] = true
			}
			for _, d := range p.file.Decls {
				if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == token.VAR {
					for _, sp := range gd.Specs {
						for _, v := range sp.(*ast.ValueSpec).Values {
							l.defines = l.defines || l.readsSession(v, own)
						}
					}
				}
			}
		}
		for _, d := range p.file.Decls {
			l.decl(d)
		}
	} else {
		l.fn = &fnFrame{bodyLeft: 0}
		for _, st := range p.body.List {
			l.commaOK(st)
			l.stmt(st)
		}
		u.Show = l.show(p.body)
	}
	if l.err != nil {
		return tx.posErr(p, l.err)
	}
	text, err := l.ed.apply(p.g.Text)
	if err != nil {
		return &Error{Cell: p.g.Cell, Line: p.g.Line, Col: p.g.Col, Msg: "internal error lowering the cell: " + err.Error()}
	}
	if p.g.Decls && !p.g.Vars && u.Prelude != "" {
		// Declarations the group's own may need: after them, in one program.
		text += "\n" + u.Prelude
		u.Prelude = ""
	}
	u.Text = text
	return nil
}

func (tx *Tx) posErr(p *parsed, err error) error {
	if pe, ok := err.(*posError); ok && pe.pos.IsValid() && tx.m.fset.File(pe.pos) == p.tf {
		line, col := p.where(tx.m.fset.Position(pe.pos))
		return &Error{Cell: p.g.Cell, Line: line, Col: col, Msg: pe.msg}
	}
	if e, ok := err.(*Error); ok {
		return e
	}
	return &Error{Cell: p.g.Cell, Line: p.g.Line, Col: p.g.Col, Msg: err.Error()}
}

// commaOK lowers a comma-ok definition at a cell's top level
// (v, ok := m[k], x.(T), <-c), which yaegi fails to compile there ("nil
// type"), to a definition from a call of a function literal that makes it.
func (l *lowerer) commaOK(st ast.Stmt) {
	as, ok := st.(*ast.AssignStmt)
	if !ok || as.Tok != token.DEFINE || len(as.Lhs) != 2 || len(as.Rhs) != 1 {
		return
	}
	x := ast.Unparen(as.Rhs[0])
	switch x := x.(type) {
	case *ast.IndexExpr, *ast.TypeAssertExpr:
	case *ast.UnaryExpr:
		if x.Op != token.ARROW {
			return
		}
	default:
		return
	}
	tuple, ok := l.info.TypeOf(as.Rhs[0]).(*types.Tuple)
	if !ok || tuple.Len() != 2 {
		return
	}
	a, b := l.name("V"), l.name("V")
	t0 := l.typeExpr(tuple.At(0).Type(), as.Pos())
	t1 := l.typeExpr(tuple.At(1).Type(), as.Pos())
	l.ed.insert(l.off(as.Rhs[0].Pos()), fmt.Sprintf("func() (%s, %s) { %s, %s := ", t0, t1, a, b))
	l.ed.insert(l.off(as.Rhs[0].End()), fmt.Sprintf("; return %s, %s }()", a, b))
}

// show tells what a statement group's final expression shows.
func (l *lowerer) show(body *ast.BlockStmt) Show {
	if len(body.List) == 0 {
		return ShowNothing
	}
	var x ast.Expr
	switch st := body.List[len(body.List)-1].(type) {
	case *ast.ExprStmt:
		x = st.X
	case *ast.AssignStmt:
		// restructure made "x" into "_ = x", all at x's position
		if len(st.Lhs) == 1 && st.Tok == token.ASSIGN && st.TokPos == st.Lhs[0].Pos() {
			x = st.Rhs[0]
		}
	}
	if x == nil {
		return ShowNothing
	}
	call, ok := ast.Unparen(x).(*ast.CallExpr)
	if !ok {
		return ShowValue
	}
	if t, ok := l.info.TypeOf(call).(*types.Tuple); ok && t.Len() == 0 {
		return ShowNothing
	}
	if tv, ok := l.info.Types[call.Fun]; ok && tv.IsBuiltin() {
		if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok && (id.Name == "print" || id.Name == "println") {
			return ShowNothing
		}
	}
	if obj := calleeObj(l.info, call); obj != nil && obj.Pkg() != nil {
		switch path, name := obj.Pkg().Path(), obj.Name(); {
		case path == "fmt" && (strings.HasPrefix(name, "Print") || strings.HasPrefix(name, "Fprint")):
			return ShowNothing
		case path == "github.com/coevolab/coevo/kernel/display" && name == "Show":
			return ShowNothing
		}
	}
	return ShowValue
}

// calleeObj is the function a call calls, if it names one.
func calleeObj(info *types.Info, call *ast.CallExpr) types.Object {
	switch f := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		return info.Uses[f]
	case *ast.SelectorExpr:
		return info.Uses[f.Sel]
	}
	return nil
}

// decl lowers a top-level declaration of a group.
func (l *lowerer) decl(d ast.Decl) {
	switch d := d.(type) {
	case *ast.GenDecl:
		switch d.Tok {
		case token.IMPORT:
			// The interpreter reaches packages through hidden imports of
			// their paths.
			l.blankNode(d)
			return
		case token.TYPE:
			var keep, drop []*ast.TypeSpec
			for _, sp := range d.Specs {
				ts := sp.(*ast.TypeSpec)
				obj := l.info.Defs[ts.Name]
				if obj == nil || isGeneric(obj) || isConstraint(obj) {
					drop = append(drop, ts)
				} else {
					keep = append(keep, ts)
				}
			}
			if len(keep) == 0 {
				l.blankNode(d)
				return
			}
			for _, ts := range drop {
				l.blankNode(ts)
			}
			for _, ts := range keep {
				l.walk(ts.Type)
			}
			return
		}
		if d.Tok == token.VAR && l.defines {
			l.varDefines(d)
			return
		}
		for _, sp := range d.Specs {
			l.walk(sp)
		}
	case *ast.FuncDecl:
		if d.Body == nil {
			return
		}
		obj := l.info.Defs[d.Name]
		if obj != nil && isGeneric(obj) {
			l.blankNode(d)
			return
		}
		if d.Recv != nil {
			if base := recvBase(d.Recv.List[0].Type); base != nil {
				if tn, ok := l.info.Uses[base].(*types.TypeName); ok && isGeneric(tn) {
					l.blankNode(d)
					return
				}
			}
		}
		l.funcDecl(d, nil)
	}
}

// varDefines lowers the var declarations of a cell's top level that have
// values to definitions: yaegi compiles a var declaration as a file, which
// does not see the variables earlier statements defined ("variable
// definition loop").
func (l *lowerer) varDefines(d *ast.GenDecl) {
	any := false
	for _, sp := range d.Specs {
		any = any || len(sp.(*ast.ValueSpec).Values) > 0
	}
	if !any {
		for _, sp := range d.Specs {
			l.walk(sp)
		}
		return
	}
	if d.Lparen.IsValid() {
		l.ed.replace(l.off(d.Pos()), l.off(d.Lparen)+1, blank(l.text[l.off(d.Pos()):l.off(d.Lparen)+1]))
		l.ed.replace(l.off(d.Rparen), l.off(d.Rparen)+1, " ")
	} else {
		l.ed.replace(l.off(d.Pos()), l.off(d.Specs[0].Pos()), "")
	}
	for _, sp := range d.Specs {
		vs := sp.(*ast.ValueSpec)
		if len(vs.Values) == 0 {
			l.ed.insert(l.off(vs.Pos()), "var ")
			l.walk(vs)
			continue
		}
		for _, n := range vs.Names {
			l.walk(n)
		}
		if vs.Type == nil {
			// "a, b = 1, 2" after the names: the "=" becomes ":="
			l.ed.replace(l.off(vs.Names[len(vs.Names)-1].End()), l.off(vs.Values[0].Pos()), " := ")
			for _, v := range vs.Values {
				l.walk(v)
			}
			continue
		}
		t := l.lowered(vs.Type)
		if strings.HasPrefix(t, "*") || strings.HasPrefix(t, "<-") || strings.HasPrefix(t, "func") || strings.HasPrefix(t, "chan") {
			t = "(" + t + ")"
		}
		l.ed.replace(l.off(vs.Names[len(vs.Names)-1].End()), l.off(vs.Values[0].Pos()), " := ")
		if types.IsInterface(l.typeOf(vs.Type)) && len(vs.Values) == len(vs.Names) {
			// yaegi fails to convert a value of its own type to an interface
			// (error(&e)); a function's return converts it.
			for _, v := range vs.Values {
				l.ed.insert(l.off(v.Pos()), "func() "+t+" { return ")
				l.walk(v)
				l.ed.insert(l.off(v.End()), " }()")
			}
			continue
		}
		if len(vs.Values) == len(vs.Names) {
			for _, v := range vs.Values {
				l.ed.insert(l.off(v.Pos()), t+"(")
				l.walk(v)
				l.ed.insert(l.off(v.End()), ")")
			}
		} else {
			for _, v := range vs.Values {
				l.walk(v)
			}
		}
	}
}

// readsSession tells whether an expression reads a variable of the
// session (declared at a cell's top level) that own does not hold.
func (l *lowerer) readsSession(e ast.Expr, own map[types.Object]bool) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if v, ok := l.info.Uses[id].(*types.Var); ok && !own[v] && v.Pkg() != nil && v.Pkg().Path() == "main" && (v.Parent() == nil || pkgLevel(v)) {
				found = true
			}
		}
		return !found
	})
	return found
}

func isConstraint(obj types.Object) bool {
	tn, ok := obj.(*types.TypeName)
	if !ok {
		return false
	}
	it, ok := tn.Type().Underlying().(*types.Interface)
	return ok && !it.IsMethodSet()
}

// blankNode takes a node out of the text, its lines kept.
func (l *lowerer) blankNode(n ast.Node) {
	s, e := l.off(n.Pos()), l.off(n.End())
	l.ed.replace(s, e, blank(l.text[s:e]))
}

// funcDecl lowers a function declaration; name, if not "", replaces its
// name (an instance).
func (l *lowerer) funcDecl(d *ast.FuncDecl, rename func()) {
	if d.Recv != nil {
		l.walk(d.Recv)
	}
	if rename != nil {
		rename()
	}
	l.walk(d.Type.Params)
	l.walkOpt(d.Type.Results)
	if d.Body == nil {
		return
	}
	var sig *types.Signature
	if obj, ok := l.info.Defs[d.Name].(*types.Func); ok {
		sig = l.sub(obj.Type()).(*types.Signature)
	}
	l.body(d.Body, sig)
}

// body lowers a function body.
func (l *lowerer) body(b *ast.BlockStmt, sig *types.Signature) {
	saved, savedLoops, savedRen := l.fn, l.loops, l.renames
	l.fn = &fnFrame{sig: sig, bodyLeft: l.off(b.Lbrace) + 1}
	l.loops = nil
	for _, st := range b.List {
		l.stmt(st)
	}
	l.fn, l.loops, l.renames = saved, savedLoops, savedRen
}

// hasDefer tells whether a body (outside closures) defers a call.
func hasDefer(b *ast.BlockStmt) bool {
	found := false
	ast.Inspect(b, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.DeferStmt:
			found = true
		}
		return !found
	})
	return found
}

func (l *lowerer) isRangeFunc(r *ast.RangeStmt) bool {
	t := l.typeOf(r.X)
	if t == nil {
		return false
	}
	_, ok := t.Underlying().(*types.Signature)
	return ok
}

func (l *lowerer) isRangeInt(r *ast.RangeStmt) bool {
	t := l.typeOf(r.X)
	if t == nil {
		return false
	}
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}

// stmt lowers a statement.
func (l *lowerer) stmt(s ast.Stmt) { l.labeled(s, "", nil) }

// labeled lowers a statement, with the label it carries.
func (l *lowerer) labeled(s ast.Stmt, label string, ls *ast.LabeledStmt) {
	switch s := s.(type) {
	case *ast.LabeledStmt:
		l.labeled(s.Stmt, s.Label.Name, s)
	case *ast.ForStmt:
		l.forStmt(s, label)
	case *ast.RangeStmt:
		switch {
		case l.isRangeFunc(s):
			l.rangeFunc(s, label, ls)
		case l.isRangeInt(s):
			l.rangeInt(s, label)
		default:
			l.rangeOther(s, label)
		}
	case *ast.SwitchStmt:
		l.walkOpt(s.Init)
		l.walkOpt(s.Tag)
		l.push(&loopFrame{stmt: s, label: label})
		for _, c := range s.Body.List {
			cc := c.(*ast.CaseClause)
			for _, e := range cc.List {
				l.walk(e)
			}
			for _, st := range cc.Body {
				l.stmt(st)
			}
		}
		l.pop()
	case *ast.TypeSwitchStmt:
		l.walkOpt(s.Init)
		l.walk(s.Assign)
		l.push(&loopFrame{stmt: s, label: label})
		for _, c := range s.Body.List {
			cc := c.(*ast.CaseClause)
			for _, e := range cc.List {
				l.walk(e)
			}
			for _, st := range cc.Body {
				l.stmt(st)
			}
		}
		l.pop()
	case *ast.SelectStmt:
		l.push(&loopFrame{stmt: s, label: label})
		for _, c := range s.Body.List {
			cc := c.(*ast.CommClause)
			l.walkOpt(cc.Comm)
			for _, st := range cc.Body {
				l.stmt(st)
			}
		}
		l.pop()
	case *ast.BlockStmt:
		if label != "" {
			l.push(&loopFrame{stmt: s, label: label})
			defer l.pop()
		}
		for _, st := range s.List {
			l.stmt(st)
		}
	case *ast.IfStmt:
		l.walkOpt(s.Init)
		l.walk(s.Cond)
		l.stmt(s.Body)
		if s.Else != nil {
			l.stmt(s.Else)
		}
	case *ast.CaseClause, *ast.CommClause:
		l.walk(s)
	case *ast.BranchStmt:
		l.branch(s)
	case *ast.ReturnStmt:
		l.returnStmt(s)
	case *ast.DeferStmt:
		l.deferStmt(s)
	default:
		l.walk(s)
	}
}

func (l *lowerer) push(f *loopFrame) { l.loops = append(l.loops, f) }
func (l *lowerer) pop()              { l.loops = l.loops[:len(l.loops)-1] }

func (l *lowerer) walkOpt(n ast.Node) {
	if n != nil && !isNilNode(n) {
		l.walk(n)
	}
}

func isNilNode(n ast.Node) bool {
	if n == nil {
		return true
	}
	v := reflect.ValueOf(n)
	return v.Kind() == reflect.Pointer && v.IsNil()
}

// forStmt lowers a three-clause loop. A loop variable a closure captures
// (or whose address is taken) gets a copy per iteration, as since Go 1.22:
// the loop's own variable takes a hidden name in the header and the body
// starts with a copy under the name the body uses (the interpreter loops
// for ever on "i := i" in a loop over i); if the body assigns it, the copy
// goes back to the loop's variable at the end of each iteration and
// before each continue.
func (l *lowerer) forStmt(s *ast.ForStmt, label string) {
	frame := &loopFrame{stmt: s, label: label, loop: true}
	vars := l.loopVars(s.Init)
	var captured []types.Object
	for _, v := range vars {
		if l.captured(v, s.Body, s.Cond, s.Post) {
			captured = append(captured, v)
		}
	}
	if len(captured) == 0 {
		l.walkOpt(s.Init)
		l.walkOpt(s.Cond)
		l.walkOpt(s.Post)
		l.push(frame)
		for _, st := range s.Body.List {
			l.stmt(st)
		}
		l.pop()
		return
	}
	var copies, back []string
	for _, v := range captured {
		n := l.name("L")
		l.renames[v] = n
		copies = append(copies, fmt.Sprintf("%s := %s;", v.Name(), n))
		back = append(back, fmt.Sprintf("%s = %s", n, v.Name()))
	}
	l.walkOpt(s.Init)
	l.walkOpt(s.Cond)
	l.walkOpt(s.Post)
	for _, v := range captured {
		delete(l.renames, v)
	}
	assigned := l.assigned(captured, s.Body)
	if assigned {
		frame.writeback = strings.Join(back, "; ")
	}
	l.ed.insert(l.off(s.Body.Lbrace)+1, " "+strings.Join(copies, " "))
	l.push(frame)
	for _, st := range s.Body.List {
		l.stmt(st)
	}
	l.pop()
	if assigned {
		l.ed.insert(l.off(s.Body.Rbrace), "; "+frame.writeback+" ")
	}
}

// loopVars are the variables a loop's init statement defines.
func (l *lowerer) loopVars(init ast.Stmt) []types.Object {
	as, ok := init.(*ast.AssignStmt)
	if !ok || as.Tok != token.DEFINE {
		return nil
	}
	var out []types.Object
	for _, e := range as.Lhs {
		if id, ok := e.(*ast.Ident); ok {
			if obj := l.info.Defs[id]; obj != nil {
				out = append(out, obj)
			}
		}
	}
	return out
}

// captured tells whether a closure in the nodes uses v, or v's address is
// taken (also by calling a pointer method on it).
func (l *lowerer) captured(v types.Object, nodes ...ast.Node) bool {
	found := false
	for _, n := range nodes {
		if n == nil || isNilNode(n) {
			continue
		}
		var inLit int
		var visit func(c ast.Node) bool
		visit = func(c ast.Node) bool {
			if found || c == nil {
				return false
			}
			switch c := c.(type) {
			case *ast.FuncLit:
				inLit++
				ast.Inspect(c.Body, visit)
				inLit--
				return false
			case *ast.Ident:
				if inLit > 0 && l.info.Uses[c] == v {
					found = true
				}
			case *ast.UnaryExpr:
				if id, ok := ast.Unparen(c.X).(*ast.Ident); ok && c.Op == token.AND && l.info.Uses[id] == v {
					found = true
				}
			case *ast.SelectorExpr:
				if id, ok := ast.Unparen(c.X).(*ast.Ident); ok && l.info.Uses[id] == v {
					if sel := l.info.Selections[c]; sel != nil && sel.Kind() == types.MethodVal {
						if sig, ok := sel.Obj().Type().(*types.Signature); ok && sig.Recv() != nil {
							if _, ptr := sig.Recv().Type().(*types.Pointer); ptr {
								if _, isPtr := v.Type().Underlying().(*types.Pointer); !isPtr {
									found = true
								}
							}
						}
					}
				}
			}
			return true
		}
		ast.Inspect(n, visit)
	}
	return found
}

// assigned tells whether a body assigns any of vars (or takes an address).
func (l *lowerer) assigned(vars []types.Object, body ast.Node) bool {
	is := func(e ast.Expr) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		if !ok {
			return false
		}
		obj := l.info.Uses[id]
		for _, v := range vars {
			if obj == v {
				return true
			}
		}
		return false
	}
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, e := range n.Lhs {
				if is(e) {
					found = true
				}
			}
		case *ast.IncDecStmt:
			if is(n.X) {
				found = true
			}
		case *ast.UnaryExpr:
			if n.Op == token.AND && is(n.X) {
				found = true
			}
		case *ast.RangeStmt:
			if n.Tok == token.ASSIGN && (n.Key != nil && is(n.Key) || n.Value != nil && is(n.Value)) {
				found = true
			}
		}
		return !found
	})
	return found
}

// rangeOther lowers a range over a slice, array, string, map or channel:
// a variable a closure captures gets a copy per iteration.
func (l *lowerer) rangeOther(s *ast.RangeStmt, label string) {
	if l.chanElems(s) {
		return
	}
	var copies []string
	if s.Tok == token.DEFINE {
		for _, e := range []ast.Expr{s.Key, s.Value} {
			if id, ok := e.(*ast.Ident); ok && id.Name != "_" {
				if v := l.info.Defs[id]; v != nil && l.captured(v, s.Body) {
					n := l.name("L")
					l.ed.replace(l.off(id.Pos()), l.off(id.End()), n)
					copies = append(copies, fmt.Sprintf("%s := %s;", id.Name, n))
				}
			}
		}
	} else {
		l.walkOpt(s.Key)
		l.walkOpt(s.Value)
	}
	l.walk(s.X)
	if len(copies) > 0 {
		l.ed.insert(l.off(s.Body.Lbrace)+1, " "+strings.Join(copies, " "))
	}
	l.push(&loopFrame{stmt: s, label: label, loop: true})
	for _, st := range s.Body.List {
		l.stmt(st)
	}
	l.pop()
}

// chanElems lowers a range over a slice or array of channels with a value
// variable, which the interpreter types wrongly, to a loop over indexes:
//
//	for i, c := range cs {  ->  for s, i := cs, 0; i < len(s); i++ { c := s[i];
func (l *lowerer) chanElems(s *ast.RangeStmt) bool {
	if s.Value == nil || s.Tok != token.DEFINE {
		return false
	}
	var elem types.Type
	switch t := l.typeOf(s.X).Underlying().(type) {
	case *types.Slice:
		elem = t.Elem()
	case *types.Array:
		elem = t.Elem()
	default:
		return false
	}
	if _, ok := elem.Underlying().(*types.Chan); !ok {
		return false
	}
	sv, i := l.name("S"), l.name("I")
	if id, ok := s.Key.(*ast.Ident); ok && id.Name != "_" {
		i = id.Name
	}
	val := s.Value.(*ast.Ident).Name
	l.ed.replace(l.off(s.For), l.off(s.X.Pos()), fmt.Sprintf("for %s, %s := ", sv, i))
	l.walk(s.X)
	prefix := ""
	if val != "_" {
		prefix = fmt.Sprintf(" %s := %s[%s];", val, sv, i)
	}
	l.ed.replace(l.off(s.X.End()), l.off(s.Body.Lbrace)+1, fmt.Sprintf(", 0; %s < len(%s); %s++ {%s", i, sv, i, prefix))
	l.push(&loopFrame{stmt: s, loop: true})
	for _, st := range s.Body.List {
		l.stmt(st)
	}
	l.pop()
	return true
}

// rangeInt lowers "for i := range n" to a counted loop over a hidden
// counter, with i a copy per iteration.
func (l *lowerer) rangeInt(s *ast.RangeStmt, label string) {
	t := l.typeOf(s.X)
	if s.Key != nil {
		if id, ok := s.Key.(*ast.Ident); ok && s.Tok == token.DEFINE {
			if obj := l.info.Defs[id]; obj != nil {
				t = l.sub(obj.Type())
			}
		} else if kt := l.typeOf(s.Key); kt != nil {
			t = kt
		}
	}
	t = types.Default(t)
	ts := l.typeExpr(t, s.X.Pos())
	n, i := l.name("N"), l.name("I")
	l.ed.replace(l.off(s.For), l.off(s.X.Pos()), fmt.Sprintf("for %s, %s := %s(", n, i, ts))
	l.walk(s.X)
	prefix := ""
	if s.Key != nil {
		if id, ok := s.Key.(*ast.Ident); !ok || id.Name != "_" {
			if s.Tok == token.DEFINE {
				prefix = fmt.Sprintf(" %s := %s;", s.Key.(*ast.Ident).Name, i)
			} else {
				prefix = fmt.Sprintf(" %s = %s;", l.lowered(s.Key), i)
			}
		}
	}
	l.ed.replace(l.off(s.X.End()), l.off(s.Body.Lbrace)+1, fmt.Sprintf("), %s(0); %s < %s; %s++ {%s", ts, i, n, i, prefix))
	l.push(&loopFrame{stmt: s, label: label, loop: true})
	for _, st := range s.Body.List {
		l.stmt(st)
	}
	l.pop()
}

// rangeFunc lowers a range over an iterator function:
//
//	for k, v := range seq { body }
//
// becomes, on the same lines,
//
//	{ var ctl int; (seq)(func(k K, v V) bool { body; return true }); dispatch }
//
// where in body a continue of this loop is "return true", a break "return
// false", and a branch to a statement outside the loop, or a return, sets
// ctl, returns false, and is taken by the dispatch after the call.
func (l *lowerer) rangeFunc(s *ast.RangeStmt, label string, ls *ast.LabeledStmt) {
	sig := l.typeOf(s.X).Underlying().(*types.Signature)
	yield := sig.Params().At(0).Type().Underlying().(*types.Signature)
	rf := &rangeFunc{ctl: l.name("C"), codes: map[string]int{}, branches: map[int]branchOut{}}
	if l.innerRF(0) < 0 {
		// the outermost in its function: its block holds the temporaries
		defer func() { l.fn.results = nil }()
	}
	start := s.For
	if ls != nil {
		start = ls.Pos()
	}
	header := "{ var " + rf.ctl + " int;"
	// A defer in the body waits for the function: calls go on a stack that
	// a defer made where the outermost such loop starts runs in reverse.
	// (Only those: yaegi deadlocks when a deferred call runs a closure made
	// in the function's own frame.)
	if l.innerRF(0) < 0 && hasDefer(s.Body) {
		rf.deferred = l.name("DS")
		i := l.name("Di")
		header += fmt.Sprintf(" var %s []func(); defer func() { for %s := len(%s) - 1; %s >= 0; %s-- { %s[%s]() } }();", rf.deferred, i, rf.deferred, i, i, rf.deferred, i)
	}
	// Results of a return in the body wait in temporaries (named results
	// are assigned directly), declared by the function's outermost such loop.
	if l.fn.sig != nil && l.fn.results == nil && l.fn.sig.Results().Len() > 0 && l.fn.sig.Results().At(0).Name() == "" && l.hasReturn(s.Body) {
		for i := 0; i < l.fn.sig.Results().Len(); i++ {
			r := l.name("R")
			l.fn.results = append(l.fn.results, r)
			header += fmt.Sprintf(" var %s %s;", r, l.typeExpr(l.fn.sig.Results().At(i).Type(), s.Pos()))
		}
	}
	if start != s.For {
		// the label goes, its lines stay
		l.ed.replace(l.off(start), l.off(s.For), blank(l.text[l.off(start):l.off(s.For)]))
	}
	l.ed.replace(l.off(s.For), l.off(s.X.Pos()), header+" (")
	l.walk(s.X)
	var params, prefix []string
	exprs := []ast.Expr{s.Key, s.Value}
	for i := 0; i < yield.Params().Len(); i++ {
		pt := l.typeExpr(yield.Params().At(i).Type(), s.X.Pos())
		var e ast.Expr
		if i < 2 {
			e = exprs[i]
		}
		id, isIdent := e.(*ast.Ident)
		switch {
		case e == nil || isIdent && id.Name == "_":
			params = append(params, "_ "+pt)
		case s.Tok == token.DEFINE:
			params = append(params, id.Name+" "+pt)
		default:
			p := l.name("K")
			params = append(params, p+" "+pt)
			prefix = append(prefix, fmt.Sprintf(" %s = %s;", l.lowered(e), p))
		}
	}
	l.ed.replace(l.off(s.X.End()), l.off(s.Body.Lbrace)+1, ")(func("+strings.Join(params, ", ")+") bool {"+strings.Join(prefix, ""))
	l.push(&loopFrame{stmt: s, label: label, loop: true, rf: rf})
	for _, st := range s.Body.List {
		l.stmt(st)
	}
	l.pop()
	// The dispatch runs where the loop was: branches are lowered again there.
	var dispatch []string
	if rf.returned {
		dispatch = append(dispatch, fmt.Sprintf("if %s == -1 { %s }", rf.ctl, l.returnText(nil)))
	}
	for _, code := range rf.order {
		b := rf.branches[code]
		dispatch = append(dispatch, fmt.Sprintf("if %s == %d { %s }", rf.ctl, code, l.branchText(b.tok, b.label)))
	}
	end := "; return true });"
	if len(dispatch) > 0 {
		end += " " + strings.Join(dispatch, "; ")
	}
	l.ed.replace(l.off(s.Body.Rbrace), l.off(s.Body.Rbrace)+1, end+" }")
}

// hasReturn tells whether a body (outside closures) returns.
func (l *lowerer) hasReturn(b *ast.BlockStmt) bool {
	found := false
	ast.Inspect(b, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			found = true
		}
		return !found
	})
	return found
}

// target finds the statement a branch goes to: the index in l.loops.
func (l *lowerer) target(tok token.Token, label string) int {
	for i := len(l.loops) - 1; i >= 0; i-- {
		f := l.loops[i]
		if label != "" {
			if f.label == label {
				return i
			}
			continue
		}
		if tok == token.CONTINUE && !f.loop {
			continue
		}
		if tok == token.BREAK {
			if _, block := f.stmt.(*ast.BlockStmt); block {
				continue
			}
		}
		return i
	}
	return -1
}

// branch lowers a break, continue or goto.
func (l *lowerer) branch(s *ast.BranchStmt) {
	if s.Tok != token.BREAK && s.Tok != token.CONTINUE {
		if s.Tok == token.GOTO && l.innerRF(0) >= 0 {
			l.fail(s.Pos(), "goto inside a range-over-func loop is not supported in interpreted cells (use %%%%compile)")
		}
		return
	}
	label := ""
	if s.Label != nil {
		label = s.Label.Name
	}
	text := l.branchText(s.Tok, label)
	if text != l.text[l.off(s.Pos()):l.off(s.End())] {
		l.ed.replace(l.off(s.Pos()), l.off(s.End()), text)
	}
}

// innerRF returns the index of the innermost range-over-func loop at or
// above index from of l.loops, or -1.
func (l *lowerer) innerRF(from int) int {
	for i := len(l.loops) - 1; i >= from; i-- {
		if l.loops[i].rf != nil {
			return i
		}
	}
	return -1
}

// branchText is the code of a branch where the lowerer is now.
func (l *lowerer) branchText(tok token.Token, label string) string {
	plain := tok.String()
	if label != "" {
		plain += " " + label
	}
	t := l.target(tok, label)
	if t < 0 {
		return plain
	}
	j := l.innerRF(t)
	switch {
	case j < 0:
		if tok == token.CONTINUE && l.loops[t].writeback != "" {
			return "{ " + l.loops[t].writeback + "; " + plain + " }"
		}
		return plain
	case j == t:
		if tok == token.CONTINUE {
			return "return true"
		}
		return "return false"
	}
	rf := l.loops[j].rf
	key := plain
	code, ok := rf.codes[key]
	if !ok {
		code = len(rf.codes) + 1
		rf.codes[key] = code
		rf.branches[code] = branchOut{tok, label}
		rf.order = append(rf.order, code)
	}
	return fmt.Sprintf("{ %s = %d; return false }", rf.ctl, code)
}

// returnStmt lowers a return inside a range-over-func body.
func (l *lowerer) returnStmt(s *ast.ReturnStmt) {
	for _, r := range s.Results {
		l.walk(r)
	}
	j := l.innerRF(0)
	if j < 0 {
		return
	}
	rf := l.loops[j].rf
	rf.returned = true
	tail := fmt.Sprintf("%s = -1; return false }", rf.ctl)
	if len(s.Results) == 0 {
		l.ed.replace(l.off(s.Pos()), l.off(s.End()), "{ "+tail)
		return
	}
	var targets []string
	if l.fn.sig != nil && l.fn.sig.Results().Len() > 0 && l.fn.sig.Results().At(0).Name() != "" {
		for i := 0; i < l.fn.sig.Results().Len(); i++ {
			targets = append(targets, l.fn.sig.Results().At(i).Name())
		}
	} else {
		targets = l.fn.results
	}
	l.ed.replace(l.off(s.Pos()), l.off(s.Results[0].Pos()), "{ "+strings.Join(targets, ", ")+" = ")
	l.ed.insert(l.off(s.End()), "; "+tail)
}

// returnText is the code of a return, after the call of the loop whose
// body returned, where the lowerer is now.
func (l *lowerer) returnText(_ ast.Node) string {
	if j := l.innerRF(0); j >= 0 {
		rf := l.loops[j].rf
		rf.returned = true
		return fmt.Sprintf("{ %s = -1; return false }", rf.ctl)
	}
	if len(l.fn.results) > 0 {
		return "return " + strings.Join(l.fn.results, ", ")
	}
	return "return"
}

// deferStmt lowers a defer in a range-over-func body: the function and
// its arguments are evaluated now, the call pushed on the loop's stack.
func (l *lowerer) deferStmt(s *ast.DeferStmt) {
	stack := ""
	for _, f := range l.loops {
		if f.rf != nil && f.rf.deferred != "" {
			stack = f.rf.deferred
			break
		}
	}
	if stack == "" {
		l.loopDefer(s)
		return
	}
	call := s.Call
	builtin := false
	if tv, ok := l.info.Types[call.Fun]; ok && (tv.IsBuiltin() || tv.IsType()) {
		builtin = true
	}
	var args []string
	for range call.Args {
		args = append(args, l.name("A"))
	}
	ell := ""
	if call.Ellipsis.IsValid() {
		ell = "..."
	}
	var f string
	prev := call.Fun.End()
	if builtin {
		f = l.lowered(call.Fun)
		if len(call.Args) == 0 {
			l.ed.replace(l.off(s.Pos()), l.off(s.End()), fmt.Sprintf("{ %s = append(%s, func() { %s() }) }", stack, stack, f))
			return
		}
		l.ed.replace(l.off(s.Pos()), l.off(call.Args[0].Pos()), "{ "+args[0]+" := ")
	} else {
		f = l.name("F")
		l.ed.replace(l.off(s.Pos()), l.off(call.Fun.Pos()), "{ "+f+" := ")
		l.walk(call.Fun)
		if len(call.Args) > 0 {
			l.ed.replace(l.off(prev), l.off(call.Args[0].Pos()), "; "+args[0]+" := ")
		}
	}
	for i, a := range call.Args {
		l.walk(a)
		if i+1 < len(call.Args) {
			l.ed.replace(l.off(a.End()), l.off(call.Args[i+1].Pos()), "; "+args[i+1]+" := ")
		}
		prev = a.End()
	}
	l.ed.replace(l.off(prev), l.off(s.End()), fmt.Sprintf("; %s = append(%s, func() { %s(%s%s) }) }", stack, stack, f, strings.Join(args, ", "), ell))
}

// loopDefer lowers a defer in a loop: yaegi keeps a deferred call's
// arguments as references to the variables they were read from, so that
// "for i := 0; i < 3; i++ { defer fmt.Println(i) }" prints 3 three times.
// The arguments (and a method's receiver) are copied first into variables
// of their own, and a deferred function literal gets the loop's variables
// it uses as parameters of a function that makes it:
//
//	defer f(i)             ->  { a := i; defer f(a) }
//	defer func() { g(i) }()  ->  { f := func(i int) func() { return func() { g(i) } }(i); defer f() }
func (l *lowerer) loopDefer(s *ast.DeferStmt) {
	var loop ast.Stmt
	for i := len(l.loops) - 1; i >= 0; i-- {
		if l.loops[i].loop {
			loop = l.loops[0].stmt // the outermost: its variables are per iteration
			break
		}
	}
	if loop == nil {
		l.walk(s.Call)
		return
	}
	call := s.Call
	tv := l.info.Types[call.Fun]
	var pre []string
	fun := ""
	switch f := ast.Unparen(call.Fun).(type) {
	case *ast.FuncLit:
		fun = l.lowered(f)
		var params, args []string
		seen := map[types.Object]bool{}
		ast.Inspect(f.Body, func(n ast.Node) bool {
			id, ok := n.(*ast.Ident)
			if !ok {
				return true
			}
			obj, ok := l.info.Uses[id].(*types.Var)
			if !ok || seen[obj] || obj.Pos() < loop.Pos() || obj.Pos() >= loop.End() || (obj.Pos() >= f.Pos() && obj.Pos() < f.End()) {
				return true
			}
			seen[obj] = true
			params = append(params, obj.Name()+" "+l.typeExpr(obj.Type(), id.Pos()))
			args = append(args, obj.Name())
			return true
		})
		if len(params) > 0 {
			// made now, in a frame of its own (yaegi evaluates a deferred
			// function at the call, and deadlocks on a closure made in the
			// deferring function's own frame)
			ft := l.typeExpr(l.typeOf(f), f.Pos())
			fv := l.name("F")
			pre = append(pre, fmt.Sprintf("%s := func(%s) %s { return %s }(%s)", fv, strings.Join(params, ", "), ft, fun, strings.Join(args, ", ")))
			fun = fv
		}
	case *ast.SelectorExpr:
		if sel := l.info.Selections[f]; sel != nil && sel.Kind() == types.MethodVal && l.info.Types[f.X].Value == nil {
			r := l.name("R")
			pre = append(pre, r+" := "+l.lowered(f.X))
			fun = r + "." + f.Sel.Name
		} else {
			fun = l.lowered(f)
		}
	default:
		fun = l.lowered(call.Fun)
	}
	_ = tv
	var args []string
	for _, a := range call.Args {
		text := l.lowered(a)
		if l.info.Types[a].Value != nil {
			args = append(args, text)
			continue
		}
		n := l.name("A")
		pre = append(pre, n+" := "+text)
		args = append(args, n)
	}
	ell := ""
	if call.Ellipsis.IsValid() {
		ell = "..."
	}
	text := fmt.Sprintf("defer %s(%s%s)", fun, strings.Join(args, ", "), ell)
	if len(pre) > 0 {
		text = "{ " + strings.Join(pre, "; ") + "; " + text + " }"
	}
	l.ed.replace(l.off(s.Pos()), l.off(s.End()), text)
}

// lowered returns the lowered text of a node, leaving the lowerer's own
// edits alone (for text that moves).
func (l *lowerer) lowered(n ast.Node) string {
	saved := l.ed
	l.ed = editor{}
	l.walk(n)
	inner := l.ed
	l.ed = saved
	s, e := l.off(n.Pos()), l.off(n.End())
	var sub editor
	for _, x := range inner.edits {
		sub.replace(x.start-s, x.end-s, x.text)
	}
	out, err := sub.apply(l.text[s:e])
	if err != nil {
		l.fail(n.Pos(), "internal error: %v", err)
	}
	return out
}

// walk lowers the expressions in a node: package references, instances
// of generic code, min, max, clear and new(value), and any statements
// inside function literals.
func (l *lowerer) walk(n ast.Node) {
	if n == nil || isNilNode(n) {
		return
	}
	ast.Inspect(n, func(c ast.Node) bool {
		if l.err != nil {
			return false
		}
		switch c := c.(type) {
		case *ast.FuncLit:
			l.walk(c.Type)
			var sig *types.Signature
			if t, ok := l.typeOf(c).(*types.Signature); ok {
				sig = t
			}
			l.body(c.Body, sig)
			return false
		case *ast.BlockStmt:
			for _, st := range c.List {
				l.stmt(st)
			}
			return false
		case ast.Stmt:
			if c != n {
				l.stmt(c)
				return false
			}
			return true
		case *ast.SelectorExpr:
			return l.selector(c)
		case *ast.IndexExpr:
			return !l.instanceExpr(c, c.X)
		case *ast.IndexListExpr:
			return !l.instanceExpr(c, c.X)
		case *ast.CallExpr:
			return l.call(c)
		case *ast.Ident:
			l.ident(c)
		}
		return true
	})
}

// instanceExpr replaces an explicit instantiation (F[int], pkg.T[K, V]).
func (l *lowerer) instanceExpr(e ast.Expr, x ast.Expr) bool {
	var id *ast.Ident
	switch x := ast.Unparen(x).(type) {
	case *ast.Ident:
		id = x
	case *ast.SelectorExpr:
		id = x.Sel
	default:
		return false
	}
	if _, ok := l.info.Instances[id]; !ok {
		return false
	}
	l.ed.replace(l.off(e.Pos()), l.off(e.End()), l.instanceOf(id))
	return true
}

// instanceOf is the text that names an instance recorded for id.
func (l *lowerer) instanceOf(id *ast.Ident) string {
	inst := l.info.Instances[id]
	obj := l.info.Uses[id]
	args := make([]types.Type, inst.TypeArgs.Len())
	for i := range args {
		args[i] = l.sub(inst.TypeArgs.At(i))
	}
	if tn, ok := obj.(*types.TypeName); ok {
		t, err := types.Instantiate(nil, tn.Type(), args, false)
		if err != nil {
			l.fail(id.Pos(), "cannot instantiate %s: %v", tn.Name(), err)
			return id.Name
		}
		return l.typeExpr(t, id.Pos())
	}
	name, err := l.tx.instance(l, obj, args)
	if err != nil {
		if l.deps == nil {
			l.fail(id.Pos(), "cannot interpret %s: %v; call it from a %%%%compile cell", displayName(obj, args), err)
		} else {
			l.fail(id.Pos(), "%v", err)
		}
		return id.Name
	}
	return name
}

// selector lowers pkg.Name: through the hidden import of pkg's path, or
// to an instance.
func (l *lowerer) selector(s *ast.SelectorExpr) bool {
	if sel := l.info.Selections[s]; sel != nil && sel.Kind() == types.MethodExpr {
		l.methodExpr(s, sel)
		return false
	}
	x, ok := s.X.(*ast.Ident)
	if !ok {
		return true
	}
	pn, ok := l.info.Uses[x].(*types.PkgName)
	if !ok {
		return true
	}
	if _, ok := l.info.Instances[s.Sel]; ok {
		l.ed.replace(l.off(s.Pos()), l.off(s.End()), l.instanceOf(s.Sel))
		return false
	}
	obj := l.info.Uses[s.Sel]
	l.ed.replace(l.off(s.Pos()), l.off(s.End()), l.qualified(obj, pn.Imported().Path(), s.Sel.Pos()))
	return false
}

// methodExpr lowers a method expression ((*T).M, which yaegi calls with
// one argument too many) to a function literal calling the method.
func (l *lowerer) methodExpr(s *ast.SelectorExpr, sel *types.Selection) {
	sig, ok := l.sub(sel.Type()).(*types.Signature)
	if !ok {
		l.walk(s.X)
		return
	}
	var params, args []string
	for i := 0; i < sig.Params().Len(); i++ {
		p := fmt.Sprintf("%s%d", Prefix+"M", i)
		t := l.typeExpr(sig.Params().At(i).Type(), s.Pos())
		if sig.Variadic() && i == sig.Params().Len()-1 {
			t = "..." + strings.TrimPrefix(t, "[]")
			p += "..."
		}
		params = append(params, fmt.Sprintf("%s%d %s", Prefix+"M", i, t))
		if i > 0 {
			args = append(args, p)
		}
	}
	call := fmt.Sprintf("%s0.%s(%s)", Prefix+"M", s.Sel.Name, strings.Join(args, ", "))
	results := ""
	switch r := sig.Results(); r.Len() {
	case 0:
	case 1:
		results = " " + l.typeExpr(r.At(0).Type(), s.Pos())
		call = "return " + call
	default:
		ts, err := l.typeString(r)
		if err != nil {
			l.fail(s.Pos(), "%v", err)
		}
		results = " (" + ts + ")"
		call = "return " + call
	}
	l.ed.replace(l.off(s.Pos()), l.off(s.End()), fmt.Sprintf("func(%s)%s { %s }", strings.Join(params, ", "), results, call))
}

// qualified names a package-level object of another package from the
// session: through its path's hidden import if the interpreter binds it,
// else as a copy of its declaration.
func (l *lowerer) qualified(obj types.Object, path string, pos token.Pos) string {
	if obj == nil {
		return "_"
	}
	if l.tx.m.compiled[path] {
		return obj.Name()
	}
	if _, syms, ok := l.tx.m.u.env.Bindings(path); ok {
		if _, bound := syms[obj.Name()]; bound {
			return l.alias(path) + "." + obj.Name()
		}
	}
	if src := l.tx.m.u.sourceOf(obj); src != nil {
		name, err := l.tx.instance(l, obj, nil)
		if err != nil {
			l.fail(pos, "%v", err)
		}
		return name
	}
	if types.IsInterface(obj.Type()) && isConstraint(obj) {
		return obj.Name()
	}
	l.fail(pos, "%s.%s is not bound in the interpreter", path, obj.Name())
	return obj.Name()
}

// alias returns the hidden import name of a path, asking for its import.
func (l *lowerer) alias(path string) string {
	m := l.tx.m
	a, ok := m.aliases[path]
	if !ok {
		a = Prefix + "P_" + sanitize(path)
		for m.taken[a] {
			a += "_"
		}
		m.aliases[path] = a
		m.taken[a] = true
	}
	if !m.imported[path] && !l.tx.aliased[path] {
		l.tx.aliased[path] = true
		l.u.Imports = append(l.u.Imports, a+" "+strconv.Quote(path))
		l.u.aliases = append(l.u.aliases, path)
	}
	return a
}

func sanitize(p string) string {
	b := []byte(p)
	for i, c := range b {
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			b[i] = '_'
		}
	}
	return string(b)
}

// ident lowers a name: a type parameter becomes its argument, an object
// of another package (a dot import, or the package an instance comes
// from) its qualified name, an instance its name, a renamed loop variable
// its new name.
func (l *lowerer) ident(id *ast.Ident) {
	if _, ok := l.info.Instances[id]; ok {
		l.ed.replace(l.off(id.Pos()), l.off(id.End()), l.instanceOf(id))
		return
	}
	obj := l.info.Uses[id]
	if obj == nil {
		if def := l.info.Defs[id]; def != nil {
			if n, ok := l.renames[def]; ok {
				l.ed.replace(l.off(id.Pos()), l.off(id.End()), n)
			}
		}
		return
	}
	if n, ok := l.renames[obj]; ok {
		l.ed.replace(l.off(id.Pos()), l.off(id.End()), n)
		return
	}
	if tn, ok := obj.(*types.TypeName); ok {
		if tp, ok := tn.Type().(*types.TypeParam); ok {
			if t, ok := l.subst[tp]; ok {
				l.ed.replace(l.off(id.Pos()), l.off(id.End()), l.typeArg(t, id))
			}
			return
		}
	}
	if obj.Pkg() == nil || !pkgLevel(obj) {
		return // universe, or local
	}
	if obj.Pkg().Path() == "main" && (l.home == nil || l.home.Path() == "main") {
		return // the session's own
	}
	if _, ok := obj.(*types.PkgName); ok {
		return
	}
	l.ed.replace(l.off(id.Pos()), l.off(id.End()), l.qualified(obj, obj.Pkg().Path(), id.Pos()))
}

// typeArg is the text of a type argument where a type parameter was: in
// parentheses if it would not read as one type there.
func (l *lowerer) typeArg(t types.Type, id *ast.Ident) string {
	s := l.typeExpr(t, id.Pos())
	if strings.HasPrefix(s, "*") || strings.HasPrefix(s, "<-") || strings.HasPrefix(s, "func") || strings.HasPrefix(s, "chan") {
		return "(" + s + ")"
	}
	return s
}

// call lowers calls of min, max, clear and new(value), and variadic
// calls the interpreter would misread.
func (l *lowerer) call(c *ast.CallExpr) bool {
	if tv := l.info.Types[c]; tv.Value != nil && len(l.subst) == 0 {
		if sel, ok := ast.Unparen(c.Fun).(*ast.SelectorExpr); ok {
			if _, ok := l.info.Uses[sel.Sel].(*types.Builtin); ok {
				// unsafe.Sizeof and friends: constants the interpreter lacks
				l.ed.replace(l.off(c.Pos()), l.off(c.End()), l.typeExpr(tv.Type, c.Pos())+"("+constLiteral(tv.Value)+")")
				return false
			}
		}
	}
	l.variadic(c)
	l.closureArgs(c)
	if l.errorsAs(c) {
		return false
	}
	id, ok := ast.Unparen(c.Fun).(*ast.Ident)
	if !ok {
		return true
	}
	b, ok := l.info.Uses[id].(*types.Builtin)
	if !ok {
		return true
	}
	switch b.Name() {
	case "min", "max":
		l.minMax(c, b.Name())
		return false
	case "clear":
		l.ed.replace(l.off(c.Fun.Pos()), l.off(c.Fun.End()), l.alias(BuiltinPath)+".Clear")
		for _, a := range c.Args {
			l.walk(a)
		}
		return false
	case "new":
		if len(c.Args) == 1 {
			if tv, ok := l.info.Types[c.Args[0]]; ok && !tv.IsType() {
				t := l.typeOf(c).(*types.Pointer).Elem()
				name, err := l.tx.newHelper(l, t, c.Pos())
				if err != nil {
					l.fail(c.Pos(), "%v", err)
					return false
				}
				l.ed.replace(l.off(c.Fun.Pos()), l.off(c.Fun.End()), name)
				l.walk(c.Args[0])
				return false
			}
		}
	}
	return true
}

// variadic passes the variadic arguments of a call as a slice when the
// last is itself a slice of the parameter's type (f(1, []any{2}) for
// f(...any)), which the interpreter takes for f(1, []any{2}...).
func (l *lowerer) variadic(c *ast.CallExpr) {
	if c.Ellipsis.IsValid() || len(c.Args) == 0 {
		return
	}
	sig, ok := l.typeOf(c.Fun).(*types.Signature)
	if !ok || !sig.Variadic() {
		return
	}
	n := sig.Params().Len()
	if len(c.Args) < n {
		return
	}
	last := l.typeOf(c.Args[len(c.Args)-1])
	slice := sig.Params().At(n - 1).Type()
	if last == nil {
		return
	}
	if _, ok := last.Underlying().(*types.Slice); !ok || !types.AssignableTo(last, slice.(*types.Slice).Elem()) {
		return
	}
	first := c.Args[n-1]
	l.ed.insert(l.off(first.Pos()), l.typeExpr(slice, c.Pos())+"{")
	l.ed.insert(l.off(c.Args[len(c.Args)-1].End()), "}...")
}

// errorsAs makes errors.As(err, &x), x of a type a cell declared, a call
// of the errors shim's asTarget, which asks the interpreter's type
// assertions rather than reflection.
func (l *lowerer) errorsAs(c *ast.CallExpr) bool {
	sel, ok := ast.Unparen(c.Fun).(*ast.SelectorExpr)
	if !ok || len(c.Args) != 2 {
		return false
	}
	obj := l.info.Uses[sel.Sel]
	if obj == nil || obj.Pkg() == nil || obj.Pkg().Path() != "errors" || obj.Name() != "As" {
		return false
	}
	pt, ok := l.typeOf(c.Args[1]).Underlying().(*types.Pointer)
	if !ok || !fromCells(pt.Elem()) {
		return false
	}
	pkg, err := l.tx.m.u.Import("errors")
	if err != nil {
		return false
	}
	as := pkg.Scope().Lookup("asTarget")
	if as == nil {
		return false
	}
	name, err := l.tx.instance(l, as, []types.Type{pt.Elem()})
	if err != nil {
		l.fail(c.Pos(), "%v", err)
		return true
	}
	l.ed.replace(l.off(c.Fun.Pos()), l.off(c.Fun.End()), name)
	for _, a := range c.Args {
		l.walk(a)
	}
	return true
}

// fromCells tells whether a type is (or points to) one a cell declared.
func fromCells(t types.Type) bool {
	for {
		switch u := t.(type) {
		case *types.Pointer:
			t = u.Elem()
			continue
		case *types.Named:
			return u.Obj().Pkg() != nil && u.Obj().Pkg().Path() == "main"
		}
		return false
	}
}

// closureArgs passes a function literal that a loop body hands to
// compiled code through an interpreted identity function: yaegi makes a
// literal given straight to compiled code a function of the loop's live
// frame, so a goroutine it starts later (wg.Go(func() {...})) sees the
// variables of a later iteration.
func (l *lowerer) closureArgs(c *ast.CallExpr) {
	inLoop := false
	for _, f := range l.loops {
		inLoop = inLoop || f.loop
	}
	if !inLoop || l.interpreted(c) {
		return
	}
	for _, a := range c.Args {
		lit, ok := a.(*ast.FuncLit)
		if !ok {
			continue
		}
		name, err := l.tx.identity(l, l.typeOf(lit), lit.Pos())
		if err != nil {
			l.fail(lit.Pos(), "%v", err)
			return
		}
		l.ed.insert(l.off(lit.Pos()), name+"(")
		l.ed.insert(l.off(lit.End()), ")")
	}
}

// interpreted tells whether a call calls interpreted code: a function or
// method a cell declared, or an instance of generic code.
func (l *lowerer) interpreted(c *ast.CallExpr) bool {
	switch f := ast.Unparen(c.Fun).(type) {
	case *ast.FuncLit:
		return true
	case *ast.Ident:
		if _, ok := l.info.Instances[f]; ok {
			return true
		}
		if obj := l.info.Uses[f]; obj != nil && obj.Pkg() != nil && obj.Pkg().Path() == "main" {
			return true
		}
		if _, ok := l.info.Uses[f].(*types.Var); ok {
			return false
		}
	case *ast.SelectorExpr:
		if _, ok := l.info.Instances[f.Sel]; ok {
			return true
		}
		if sel := l.info.Selections[f]; sel != nil {
			if obj := sel.Obj(); obj.Pkg() != nil && obj.Pkg().Path() == "main" {
				return true
			}
			if sel.Kind() == types.FieldVal {
				return false
			}
		}
		if obj := l.info.Uses[f.Sel]; obj != nil && obj.Pkg() != nil {
			if src := l.tx.m.u.sourceOf(obj); src != nil {
				return true
			}
		}
	case *ast.IndexExpr, *ast.IndexListExpr:
		return true
	}
	return false
}

// minMax lowers min and max: a constant result is the argument it equals;
// any other a call of the compiled helper for the arguments' kind.
func (l *lowerer) minMax(c *ast.CallExpr, which string) {
	tv := l.info.Types[c]
	t := l.sub(tv.Type)
	if tv.Value != nil && len(l.subst) == 0 {
		for _, a := range c.Args {
			if av := l.info.Types[a].Value; av != nil && constant.Compare(av, token.EQL, tv.Value) {
				text := l.text[l.off(a.Pos()):l.off(a.End())]
				if b, ok := t.(*types.Basic); ok && b.Info()&types.IsUntyped != 0 {
					l.ed.replace(l.off(c.Pos()), l.off(c.End()), "("+text+")")
				} else {
					l.ed.replace(l.off(c.Pos()), l.off(c.End()), l.typeExpr(t, c.Pos())+"("+text+")")
				}
				return
			}
		}
	}
	t = types.Default(t)
	basic, ok := t.Underlying().(*types.Basic)
	if !ok {
		l.fail(c.Pos(), "%s of %s", which, t)
		return
	}
	var conv, fn string
	switch {
	case basic.Info()&types.IsInteger != 0 && basic.Info()&types.IsUnsigned != 0:
		conv, fn = "uint64", "U"
	case basic.Info()&types.IsInteger != 0:
		conv, fn = "int64", "I"
	case basic.Info()&types.IsFloat != 0:
		conv, fn = "float64", "F"
	case basic.Info()&types.IsString != 0:
		conv, fn = "string", "S"
	default:
		l.fail(c.Pos(), "%s of %s", which, t)
		return
	}
	name := strings.ToUpper(which[:1]) + which[1:] + fn
	ts := l.typeExpr(t, c.Pos())
	l.ed.replace(l.off(c.Pos()), l.off(c.Args[0].Pos()), fmt.Sprintf("%s(%s.%s(%s(", ts, l.alias(BuiltinPath), name, conv))
	for i, a := range c.Args {
		l.walk(a)
		if i+1 < len(c.Args) {
			l.ed.replace(l.off(a.End()), l.off(c.Args[i+1].Pos()), fmt.Sprintf("), %s(", conv))
		}
	}
	l.ed.replace(l.off(c.Args[len(c.Args)-1].End()), l.off(c.Rparen)+1, ")))")
}

// sortedKeys returns a map's keys in order.
func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
