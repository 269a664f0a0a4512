package lower

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strconv"
	"strings"
)

// instance is a declaration the lowering gave the interpreter: a generic
// function or type instantiated with type arguments, or a copy of a
// package's unexported declaration that such code uses.
type instance struct {
	origin     types.Object
	args       []types.Type
	name       string
	text       string
	deps       []*instance
	ready      bool // the interpreter has compiled it
	generating bool
}

// instance returns the name of obj instantiated with args (a copy, if args
// is empty), making its declaration and asking the unit to declare it.
func (tx *Tx) instance(l *lowerer, obj types.Object, args []types.Type) (string, error) {
	m := tx.m
	for _, in := range m.insts[obj] {
		if identicalAll(in.args, args) {
			tx.need(l, in)
			return in.name, nil
		}
	}
	in := &instance{origin: obj, args: args, generating: true}
	m.n++
	in.name = fmt.Sprintf("%sG%d_%s", Prefix, m.n, obj.Name())
	m.insts[obj] = append(m.insts[obj], in)
	text, deps, err := tx.generate(l, in)
	in.generating = false
	if err != nil {
		m.insts[obj] = m.insts[obj][:len(m.insts[obj])-1]
		return "", err
	}
	in.text, in.deps = text, deps
	m.display[in.name] = displayName(obj, args)
	tx.need(l, in)
	return in.name, nil
}

func displayName(obj types.Object, args []types.Type) string {
	s := obj.Name()
	if obj.Pkg() != nil && obj.Pkg().Name() != "main" {
		s = obj.Pkg().Name() + "." + s
	}
	if len(args) > 0 {
		var a []string
		for _, t := range args {
			a = append(a, types.TypeString(t, func(p *types.Package) string {
				if p.Name() == "main" {
					return ""
				}
				return p.Name()
			}))
		}
		s += "[" + strings.Join(a, ", ") + "]"
	}
	return s
}

func identicalAll(a, b []types.Type) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !types.Identical(a[i], b[i]) {
			return false
		}
	}
	return true
}

// need makes sure the interpreter gets an instance's declaration (and its
// dependencies') before the unit runs.
func (tx *Tx) need(l *lowerer, in *instance) {
	if in.ready || in.generating || tx.pending[in] {
		return
	}
	tx.pending[in] = true
	for _, d := range in.deps {
		tx.need(l, d)
	}
	l.u.Prelude += "\n" + in.text
	l.u.insts = append(l.u.insts, in)
	if l.deps != nil {
		*l.deps = append(*l.deps, in)
	}
}

// generate writes an instance's declarations.
func (tx *Tx) generate(outer *lowerer, in *instance) (string, []*instance, error) {
	obj := in.origin
	var st *site
	if s, ok := tx.m.generic[obj]; ok {
		st = s
	} else if src := tx.m.u.sourceOf(obj); src != nil {
		node := src.decls[obj]
		var methods []*ast.FuncDecl
		if tn, ok := obj.(*types.TypeName); ok {
			methods = src.methods[tn]
		}
		f := tx.m.fset.File(obj.Pos())
		if node == nil && len(methods) > 0 {
			f = tx.m.fset.File(methods[0].Pos())
		}
		if f == nil {
			return "", nil, fmt.Errorf("no source for %s", displayName(obj, in.args))
		}
		st = &site{node: node, text: src.text[f], info: src.info, home: src.pkg, methods: methods}
	}
	if st == nil || st.node == nil {
		return "", nil, fmt.Errorf("%s has no source the interpreter can run: call it from a %%%%compile cell", displayName(obj, in.args))
	}
	var deps []*instance
	l := &lowerer{tx: tx, u: outer.u, info: st.info, text: st.text, home: st.home, renames: map[types.Object]string{}, deps: &deps}
	l.tf = tx.m.fset.File(st.node.Pos())
	l.base = 0
	if st.text == "" {
		return "", nil, fmt.Errorf("no source text for %s", obj.Name())
	}
	l.subst = map[*types.TypeParam]types.Type{}
	var tparams *types.TypeParamList
	switch o := obj.(type) {
	case *types.Func:
		tparams = o.Type().(*types.Signature).TypeParams()
	case *types.TypeName:
		if n, ok := o.Type().(*types.Named); ok {
			tparams = n.TypeParams()
		}
	}
	if tparams.Len() != len(in.args) {
		return "", nil, fmt.Errorf("%s: %d type arguments for %d type parameters", obj.Name(), len(in.args), tparams.Len())
	}
	for i := 0; i < tparams.Len(); i++ {
		l.subst[tparams.At(i)] = in.args[i]
	}
	var out []string
	switch d := st.node.(type) {
	case *ast.FuncDecl:
		out = append(out, l.span(d, func() {
			l.ed.replace(l.off(d.Name.Pos()), l.off(d.Name.End()), in.name)
			if d.Type.TypeParams != nil {
				l.ed.replace(l.off(d.Type.TypeParams.Opening), l.off(d.Type.TypeParams.Closing)+1, "")
			}
			l.funcDecl(d, nil)
		}))
	case *ast.TypeSpec:
		out = append(out, "type "+l.span(d, func() {
			l.ed.replace(l.off(d.Name.Pos()), l.off(d.Name.End()), in.name)
			if d.TypeParams != nil {
				l.ed.replace(l.off(d.TypeParams.Opening), l.off(d.TypeParams.Closing)+1, "")
			}
			l.walk(d.Type)
		}))
		for _, md := range st.methods {
			out = append(out, l.method(md, in))
		}
	case *ast.ValueSpec:
		text, err := l.valueSpec(d, obj, in.name)
		if err != nil {
			return "", nil, err
		}
		out = append(out, text)
	default:
		return "", nil, fmt.Errorf("cannot copy %s", obj.Name())
	}
	if l.err != nil {
		if pe, ok := l.err.(*posError); ok {
			return "", nil, fmt.Errorf("%s: %s", displayName(obj, in.args), pe.msg)
		}
		return "", nil, l.err
	}
	return strings.Join(out, "\n"), deps, nil
}

// span lowers the text of a node with the edits do makes.
func (l *lowerer) span(n ast.Node, do func()) string {
	saved := l.ed
	l.ed = editor{}
	do()
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

// method writes a method of a type instance: its receiver's type
// parameters bound to the instance's arguments.
func (l *lowerer) method(d *ast.FuncDecl, in *instance) string {
	if fn, ok := l.info.Defs[d.Name].(*types.Func); ok {
		rtp := fn.Type().(*types.Signature).RecvTypeParams()
		for i := 0; i < rtp.Len() && i < len(in.args); i++ {
			l.subst[rtp.At(i)] = in.args[i]
		}
	}
	return l.span(d, func() {
		rt := d.Recv.List[0].Type
		if star, ok := rt.(*ast.StarExpr); ok {
			rt = star.X
		}
		l.ed.replace(l.off(rt.Pos()), l.off(rt.End()), in.name)
		for _, n := range d.Recv.List[0].Names {
			l.walk(n)
		}
		l.walk(d.Type.Params)
		l.walkOpt(d.Type.Results)
		var sig *types.Signature
		if obj, ok := l.info.Defs[d.Name].(*types.Func); ok {
			sig = l.sub(obj.Type()).(*types.Signature)
		}
		l.body(d.Body, sig)
	})
}

// valueSpec writes a copy of a package's variable or constant.
func (l *lowerer) valueSpec(d *ast.ValueSpec, obj types.Object, name string) (string, error) {
	switch o := obj.(type) {
	case *types.Const:
		lit := constLiteral(o.Val())
		if b, ok := o.Type().(*types.Basic); ok && b.Info()&types.IsUntyped != 0 {
			return fmt.Sprintf("const %s = %s", name, lit), nil
		}
		return fmt.Sprintf("const %s %s = %s", name, l.typeExpr(o.Type(), d.Pos()), lit), nil
	case *types.Var:
		text := fmt.Sprintf("var %s %s", name, l.typeExpr(o.Type(), d.Pos()))
		if len(d.Values) == len(d.Names) {
			for i, n := range d.Names {
				if n.Name == o.Name() {
					text += " = " + l.lowered(d.Values[i])
				}
			}
		} else if len(d.Values) > 0 {
			return "", fmt.Errorf("cannot copy %s, declared with others from one value", o.Name())
		}
		return text, nil
	}
	return "", fmt.Errorf("cannot copy %s", obj.Name())
}

// constLiteral writes a constant's value.
func constLiteral(v constant.Value) string {
	switch v.Kind() {
	case constant.String:
		return strconv.Quote(constant.StringVal(v))
	case constant.Float:
		if s := v.ExactString(); !strings.Contains(s, "/") {
			return s
		}
		f, _ := constant.Float64Val(v)
		return strconv.FormatFloat(f, 'g', -1, 64)
	}
	return v.ExactString()
}

// newHelper returns a function that Go 1.26's new(value) of type t becomes.
func (tx *Tx) newHelper(l *lowerer, t types.Type, pos token.Pos) (string, error) {
	for _, in := range tx.m.insts[nil] {
		if len(in.args) == 1 && types.Identical(in.args[0], t) {
			tx.need(l, in)
			return in.name, nil
		}
	}
	ts := l.typeExpr(t, pos)
	if l.err != nil {
		return "", l.err
	}
	tx.m.n++
	in := &instance{args: []types.Type{t}, name: fmt.Sprintf("%sNew%d", Prefix, tx.m.n)}
	in.text = fmt.Sprintf("func %s(v %s) *%s { return &v }", in.name, ts, ts)
	tx.m.insts[nil] = append(tx.m.insts[nil], in)
	tx.m.display[in.name] = "new"
	tx.need(l, in)
	return in.name, nil
}

// identity returns an interpreted function that returns its argument, of
// function type t (see closureArgs).
func (tx *Tx) identity(l *lowerer, t types.Type, pos token.Pos) (string, error) {
	for _, in := range tx.m.ids {
		if types.Identical(in.args[0], t) {
			tx.need(l, in)
			return in.name, nil
		}
	}
	ts := l.typeExpr(t, pos)
	if l.err != nil {
		return "", l.err
	}
	tx.m.n++
	in := &instance{args: []types.Type{t}, name: fmt.Sprintf("%sFn%d", Prefix, tx.m.n)}
	in.text = fmt.Sprintf("func %s(f %s) %s { return f }", in.name, ts, ts)
	tx.m.ids = append(tx.m.ids, in)
	tx.m.display[in.name] = "a func literal"
	tx.need(l, in)
	return in.name, nil
}

// typeExpr writes a type as the interpreter's session can name it.
func (l *lowerer) typeExpr(t types.Type, pos token.Pos) string {
	s, err := l.typeString(l.sub(t))
	if err != nil {
		l.fail(pos, "%v", err)
	}
	return s
}

func (l *lowerer) typeString(t types.Type) (string, error) {
	switch t := t.(type) {
	case *types.Alias:
		return l.typeString(types.Unalias(t))
	case *types.Basic:
		if t.Info()&types.IsUntyped != 0 {
			t = types.Default(t).(*types.Basic)
		}
		if t.Kind() == types.UnsafePointer {
			return l.alias("unsafe") + ".Pointer", nil
		}
		return t.Name(), nil
	case *types.Named:
		return l.namedString(t)
	case *types.Pointer:
		s, err := l.typeString(t.Elem())
		return "*" + s, err
	case *types.Slice:
		s, err := l.typeString(t.Elem())
		return "[]" + s, err
	case *types.Array:
		s, err := l.typeString(t.Elem())
		return fmt.Sprintf("[%d]%s", t.Len(), s), err
	case *types.Map:
		k, err := l.typeString(t.Key())
		if err != nil {
			return "", err
		}
		v, err := l.typeString(t.Elem())
		return "map[" + k + "]" + v, err
	case *types.Chan:
		e, err := l.typeString(t.Elem())
		if c, ok := t.Elem().(*types.Chan); ok && c.Dir() == types.RecvOnly || t.Dir() == types.SendOnly && strings.HasPrefix(e, "<-") {
			e = "(" + e + ")"
		}
		switch t.Dir() {
		case types.SendOnly:
			return "chan<- " + e, err
		case types.RecvOnly:
			return "<-chan " + e, err
		}
		return "chan " + e, err
	case *types.Signature:
		return l.sigString(t, "func")
	case *types.Struct:
		var fields []string
		for i := 0; i < t.NumFields(); i++ {
			f := t.Field(i)
			ft, err := l.typeString(f.Type())
			if err != nil {
				return "", err
			}
			s := f.Name() + " " + ft
			if f.Embedded() {
				s = ft
			}
			if tag := t.Tag(i); tag != "" {
				s += " " + strconv.Quote(tag)
			}
			fields = append(fields, s)
		}
		return "struct{" + strings.Join(fields, "; ") + "}", nil
	case *types.Interface:
		if t.Empty() {
			return "interface{}", nil
		}
		var parts []string
		for i := 0; i < t.NumEmbeddeds(); i++ {
			s, err := l.typeString(t.EmbeddedType(i))
			if err != nil {
				return "", err
			}
			parts = append(parts, s)
		}
		for i := 0; i < t.NumExplicitMethods(); i++ {
			m := t.ExplicitMethod(i)
			s, err := l.sigString(m.Type().(*types.Signature), m.Name())
			if err != nil {
				return "", err
			}
			parts = append(parts, s)
		}
		return "interface{ " + strings.Join(parts, "; ") + " }", nil
	case *types.Tuple:
		var parts []string
		for i := 0; i < t.Len(); i++ {
			s, err := l.typeString(t.At(i).Type())
			if err != nil {
				return "", err
			}
			parts = append(parts, s)
		}
		return strings.Join(parts, ", "), nil
	case *types.TypeParam:
		return "", fmt.Errorf("internal error: type parameter %s left", t)
	}
	return "", fmt.Errorf("cannot write type %s", t)
}

// sigString writes a signature after prefix ("func", or a method's name).
func (l *lowerer) sigString(t *types.Signature, prefix string) (string, error) {
	var ps []string
	for i := 0; i < t.Params().Len(); i++ {
		s, err := l.typeString(t.Params().At(i).Type())
		if err != nil {
			return "", err
		}
		if t.Variadic() && i == t.Params().Len()-1 {
			s = "..." + strings.TrimPrefix(s, "[]")
		}
		ps = append(ps, s)
	}
	out := prefix + "(" + strings.Join(ps, ", ") + ")"
	switch r := t.Results(); r.Len() {
	case 0:
	case 1:
		s, err := l.typeString(r.At(0).Type())
		if err != nil {
			return "", err
		}
		out += " " + s
	default:
		s, err := l.typeString(r)
		if err != nil {
			return "", err
		}
		out += " (" + s + ")"
	}
	return out, nil
}

// namedString writes a named type: the session's, a package's through its
// hidden import, an instance's name, or a copy's.
func (l *lowerer) namedString(t *types.Named) (string, error) {
	obj := t.Obj()
	if t.TypeArgs().Len() > 0 {
		origin := t.Origin()
		if goSource[pathOf(obj)] && origin.NumMethods() == 0 {
			if _, isStruct := origin.Underlying().(*types.Struct); !isStruct {
				// iter.Seq[int] is func(yield func(int) bool): the compiled
				// iterators (strings.SplitSeq...) are assignable to it.
				return l.typeString(t.Underlying())
			}
		}
		args := make([]types.Type, t.TypeArgs().Len())
		for i := range args {
			args[i] = t.TypeArgs().At(i)
		}
		return l.tx.instance(l, origin.Obj(), args)
	}
	if obj.Pkg() == nil {
		return obj.Name(), nil
	}
	path := obj.Pkg().Path()
	if path == "main" {
		if !pkgLevel(obj) {
			return "", fmt.Errorf("%s is declared inside a function: generic code instantiated with it cannot name it in the interpreter (declare the type at a cell's top level)", obj.Name())
		}
		return obj.Name(), nil
	}
	if l.tx.m.compiled[path] {
		return obj.Name(), nil
	}
	if _, syms, ok := l.tx.m.u.env.Bindings(path); ok {
		if _, bound := syms[obj.Name()]; bound {
			return l.alias(path) + "." + obj.Name(), nil
		}
	}
	if l.tx.m.u.sourceOf(obj) != nil {
		return l.tx.instance(l, obj, nil)
	}
	return "", fmt.Errorf("type %s.%s cannot be named in the interpreter", path, obj.Name())
}

func pathOf(obj types.Object) string {
	if obj.Pkg() == nil {
		return ""
	}
	return obj.Pkg().Path()
}

// substitute replaces type parameters in a type.
func substitute(t types.Type, m map[*types.TypeParam]types.Type) types.Type {
	switch t := t.(type) {
	case *types.TypeParam:
		if r, ok := m[t]; ok {
			return r
		}
		return t
	case *types.Alias:
		return substitute(types.Unalias(t), m)
	case *types.Basic:
		return t
	case *types.Pointer:
		return types.NewPointer(substitute(t.Elem(), m))
	case *types.Slice:
		return types.NewSlice(substitute(t.Elem(), m))
	case *types.Array:
		return types.NewArray(substitute(t.Elem(), m), t.Len())
	case *types.Map:
		return types.NewMap(substitute(t.Key(), m), substitute(t.Elem(), m))
	case *types.Chan:
		return types.NewChan(t.Dir(), substitute(t.Elem(), m))
	case *types.Tuple:
		if t == nil {
			return t
		}
		vars := make([]*types.Var, t.Len())
		for i := range vars {
			v := t.At(i)
			vars[i] = types.NewVar(v.Pos(), v.Pkg(), v.Name(), substitute(v.Type(), m))
		}
		return types.NewTuple(vars...)
	case *types.Signature:
		params := substitute(t.Params(), m).(*types.Tuple)
		results := substitute(t.Results(), m).(*types.Tuple)
		var recv *types.Var
		if r := t.Recv(); r != nil {
			recv = types.NewVar(r.Pos(), r.Pkg(), r.Name(), substitute(r.Type(), m))
		}
		return types.NewSignatureType(recv, nil, nil, params, results, t.Variadic())
	case *types.Struct:
		fields := make([]*types.Var, t.NumFields())
		tags := make([]string, t.NumFields())
		for i := range fields {
			f := t.Field(i)
			fields[i] = types.NewField(f.Pos(), f.Pkg(), f.Name(), substitute(f.Type(), m), f.Embedded())
			tags[i] = t.Tag(i)
		}
		return types.NewStruct(fields, tags)
	case *types.Interface:
		var methods []*types.Func
		for i := 0; i < t.NumExplicitMethods(); i++ {
			f := t.ExplicitMethod(i)
			sig := substitute(f.Type(), m).(*types.Signature)
			methods = append(methods, types.NewFunc(f.Pos(), f.Pkg(), f.Name(), types.NewSignatureType(nil, nil, nil, sig.Params(), sig.Results(), sig.Variadic())))
		}
		var embedded []types.Type
		for i := 0; i < t.NumEmbeddeds(); i++ {
			embedded = append(embedded, substitute(t.EmbeddedType(i), m))
		}
		return types.NewInterfaceType(methods, embedded).Complete()
	case *types.Named:
		if t.TypeArgs().Len() == 0 {
			return t
		}
		args := make([]types.Type, t.TypeArgs().Len())
		changed := false
		for i := range args {
			args[i] = substitute(t.TypeArgs().At(i), m)
			changed = changed || args[i] != t.TypeArgs().At(i)
		}
		if !changed {
			return t
		}
		inst, err := types.Instantiate(nil, t.Origin(), args, false)
		if err != nil {
			return t
		}
		return inst
	}
	return t
}

// pkgLevel tells whether an object is declared at a package's level (a
// cell's top level is one): its scope's parent is the universe.
func pkgLevel(obj types.Object) bool {
	return obj.Parent() != nil && obj.Parent().Parent() == types.Universe
}
