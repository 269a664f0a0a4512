package session

import (
	"go/ast"
	"go/parser"
	"go/token"
	"reflect"
	"sort"
	"strings"
)

// vtype is the type of an expression of a cell, as far as completion can
// tell without running anything: a type the runtime knows (compiled, from
// a bound package or the standard library), or a type a cell declared
// (by name, with pointers), or a slice or map of those, or a function.
type vtype struct {
	rt    reflect.Type
	name  string   // a cell's type
	elem  *vtype   // of a slice, array or map of a cell's type
	fn    *srcFunc // a cell's function or method
	isTyp bool     // the expression is a type (a conversion, a composite literal)
}

func (v vtype) valid() bool { return v.rt != nil || v.name != "" || v.elem != nil || v.fn != nil }

// typer types expressions of the session, and of the cell being typed up
// to the cursor (its := definitions count, though the cell has not run).
type typer struct {
	s      *Session
	ix     *srcIndex
	locals map[string]*srcVar
	depth  int
}

// newTyper reads the session and the code before the cursor. s.mu is held.
func (s *Session) newTyper(before string) *typer {
	t := &typer{s: s, ix: s.index(), locals: map[string]*srcVar{}}
	// The cell being typed: its top-level := and var lines before this one.
	lines := strings.Split(before, "\n")
	if len(lines) > 0 {
		lines = lines[:len(lines)-1]
	}
	loc := &srcIndex{types: map[string]*srcDecl{}, methods: map[string][]*srcFunc{}, funcs: map[string]*srcFunc{}, vars: t.locals, loops: true}
	for _, l := range lines {
		l = strings.TrimSpace(l)
		if strings.HasPrefix(l, "type ") || strings.HasPrefix(l, "func ") {
			continue
		}
		if strings.HasPrefix(l, "for ") && strings.HasSuffix(l, "{") {
			l += "}" // a range loop's variables, inside its body
		}
		loc.addGroup("", stmt, l)
	}
	return t
}

var basic = map[string]reflect.Type{
	"int": reflect.TypeOf(0), "int8": reflect.TypeOf(int8(0)), "int16": reflect.TypeOf(int16(0)), "int32": reflect.TypeOf(int32(0)),
	"int64": reflect.TypeOf(int64(0)), "uint": reflect.TypeOf(uint(0)), "uint8": reflect.TypeOf(uint8(0)), "byte": reflect.TypeOf(byte(0)),
	"uint16": reflect.TypeOf(uint16(0)), "uint32": reflect.TypeOf(uint32(0)), "uint64": reflect.TypeOf(uint64(0)), "rune": reflect.TypeOf(rune(0)),
	"float32": reflect.TypeOf(float32(0)), "float64": reflect.TypeOf(0.0), "string": reflect.TypeOf(""), "bool": reflect.TypeOf(false),
	"complex128": reflect.TypeOf(complex128(0)), "error": reflect.TypeOf((*error)(nil)).Elem(), "any": reflect.TypeOf((*any)(nil)).Elem(),
}

// symbol returns the value bound to pkg.name, by package name.
func (t *typer) symbol(pkg, name string) (reflect.Value, bool) {
	for path, syms := range t.s.symbols {
		if pkgName(path) == pkg {
			if v, ok := syms[name]; ok {
				return v, true
			}
		}
	}
	return reflect.Value{}, false
}

// isPackage tells whether name is a package name rather than a variable.
func (t *typer) isPackage(name string) bool {
	if _, ok := t.locals[name]; ok {
		return false
	}
	if _, ok := t.ix.vars[name]; ok {
		return false
	}
	if _, ok := t.s.in.Globals()[name]; ok {
		return false
	}
	for path := range t.s.symbols {
		if pkgName(path) == name {
			return true
		}
	}
	return false
}

// typeExpr resolves a type as written in a cell.
func (t *typer) typeExpr(e ast.Expr) vtype {
	switch e := e.(type) {
	case *ast.Ident:
		if _, ok := t.ix.types[e.Name]; ok {
			return vtype{name: e.Name, isTyp: true}
		}
		if rt, ok := basic[e.Name]; ok {
			return vtype{rt: rt, isTyp: true}
		}
	case *ast.SelectorExpr:
		if pkg, ok := e.X.(*ast.Ident); ok {
			if v, ok := t.symbol(pkg.Name, e.Sel.Name); ok && v.IsValid() && v.Kind() == reflect.Pointer && v.IsNil() {
				return vtype{rt: v.Type().Elem(), isTyp: true}
			}
		}
	case *ast.StarExpr:
		x := t.typeExpr(e.X)
		if x.rt != nil {
			return vtype{rt: reflect.PointerTo(x.rt), isTyp: true}
		}
		return x // a pointer to a cell's type has its members
	case *ast.ParenExpr:
		return t.typeExpr(e.X)
	case *ast.IndexExpr:
		// An instance of a cell's generic type has its members.
		return t.typeExpr(e.X)
	case *ast.IndexListExpr:
		return t.typeExpr(e.X)
	case *ast.ArrayType:
		el := t.typeExpr(e.Elt)
		if el.rt != nil {
			return vtype{rt: reflect.SliceOf(el.rt), isTyp: true}
		}
		if el.valid() {
			return vtype{elem: &el, isTyp: true}
		}
	case *ast.MapType:
		k, el := t.typeExpr(e.Key), t.typeExpr(e.Value)
		if k.rt != nil && el.rt != nil {
			return vtype{rt: reflect.MapOf(k.rt, el.rt), isTyp: true}
		}
		if el.valid() {
			return vtype{elem: &el, isTyp: true}
		}
	}
	return vtype{}
}

// expr types an expression.
func (t *typer) expr(e ast.Expr) vtype {
	if t.depth > 20 {
		return vtype{}
	}
	t.depth++
	defer func() { t.depth-- }()
	switch e := e.(type) {
	case *ast.ParenExpr:
		return t.expr(e.X)
	case *ast.Ident:
		return t.ident(e.Name)
	case *ast.BasicLit:
		switch e.Kind {
		case token.INT:
			return vtype{rt: basic["int"]}
		case token.FLOAT:
			return vtype{rt: basic["float64"]}
		case token.STRING:
			return vtype{rt: basic["string"]}
		case token.CHAR:
			return vtype{rt: basic["rune"]}
		}
	case *ast.CompositeLit:
		if e.Type != nil {
			v := t.typeExpr(e.Type)
			v.isTyp = false
			return v
		}
	case *ast.UnaryExpr:
		x := t.expr(e.X)
		if e.Op == token.AND && x.rt != nil {
			return vtype{rt: reflect.PointerTo(x.rt)}
		}
		return x
	case *ast.StarExpr:
		x := t.expr(e.X)
		if x.rt != nil && x.rt.Kind() == reflect.Pointer {
			return vtype{rt: x.rt.Elem()}
		}
		return x
	case *ast.TypeAssertExpr:
		if e.Type != nil {
			v := t.typeExpr(e.Type)
			v.isTyp = false
			return v
		}
	case *ast.SliceExpr:
		return t.expr(e.X)
	case *ast.IndexExpr:
		x := t.expr(e.X)
		switch {
		case x.elem != nil:
			el := *x.elem
			el.isTyp = false
			return el
		case x.rt != nil:
			rt := x.rt
			if rt.Kind() == reflect.Pointer && rt.Elem().Kind() == reflect.Array {
				rt = rt.Elem()
			}
			switch rt.Kind() {
			case reflect.Slice, reflect.Array, reflect.Map:
				return vtype{rt: rt.Elem()}
			case reflect.String:
				return vtype{rt: basic["byte"]}
			}
		}
	case *ast.SelectorExpr:
		if id, ok := e.X.(*ast.Ident); ok && t.isPackage(id.Name) {
			v, ok := t.symbol(id.Name, e.Sel.Name)
			if !ok || !v.IsValid() {
				return vtype{}
			}
			if v.Kind() == reflect.Pointer && v.IsNil() {
				return vtype{rt: v.Type().Elem(), isTyp: true} // a type
			}
			return vtype{rt: v.Type()}
		}
		x := t.expr(e.X)
		for _, m := range t.members(x) {
			if m.name == e.Sel.Name {
				return m.typ
			}
		}
	case *ast.CallExpr:
		return t.call(e)
	}
	return vtype{}
}

// ident types a name: a variable of the cell being typed, of the
// session, or a function of a cell.
func (t *typer) ident(name string) vtype {
	if v, ok := t.locals[name]; ok {
		if r := t.varType(v); r.valid() {
			return r
		}
	}
	if rt, ok := basic[name]; ok {
		return vtype{rt: rt, isTyp: true}
	}
	if _, ok := t.ix.types[name]; ok {
		return vtype{name: name, isTyp: true}
	}
	if f, ok := t.ix.funcs[name]; ok {
		return vtype{fn: f}
	}
	g, isGlobal := t.s.in.Globals()[name]
	if isGlobal && g.IsValid() {
		if rt := g.Type(); named(rt) {
			return vtype{rt: rt}
		}
	}
	if v, ok := t.ix.vars[name]; ok {
		if r := t.varType(v); r.valid() {
			return r
		}
	}
	if isGlobal && g.IsValid() {
		return vtype{rt: g.Type()}
	}
	return vtype{}
}

// named tells whether a runtime type says what it is: not one of the
// unnamed structs the interpreter makes of a cell's types.
func named(rt reflect.Type) bool {
	for rt.Kind() == reflect.Pointer || rt.Kind() == reflect.Slice || rt.Kind() == reflect.Array || rt.Kind() == reflect.Map {
		rt = rt.Elem()
	}
	return rt.Name() != "" || rt.Kind() != reflect.Struct && rt.Kind() != reflect.Interface && rt.Kind() != reflect.Func
}

func (t *typer) varType(v *srcVar) vtype {
	if v.typ != nil {
		r := t.typeExpr(v.typ)
		r.isTyp = false
		return r
	}
	if v.val == nil {
		return vtype{}
	}
	if v.rng > 0 {
		return t.ranged(t.expr(v.val), v.rng == 1)
	}
	if call, ok := v.val.(*ast.CallExpr); ok && v.k > 0 {
		return t.result(t.expr(call.Fun), v.k, call)
	}
	return t.expr(v.val)
}

// ranged types the key (or value) of a range over a value of type x.
func (t *typer) ranged(x vtype, key bool) vtype {
	switch {
	case x.elem != nil:
		if key {
			return vtype{} // a slice's index, or a map's key: not known here
		}
		el := *x.elem
		el.isTyp = false
		return el
	case x.rt != nil:
		rt := x.rt
		if rt.Kind() == reflect.Pointer && rt.Elem().Kind() == reflect.Array {
			rt = rt.Elem()
		}
		switch rt.Kind() {
		case reflect.Slice, reflect.Array, reflect.String:
			if key {
				return vtype{rt: basic["int"]}
			}
			if rt.Kind() == reflect.String {
				return vtype{rt: basic["rune"]}
			}
			return vtype{rt: rt.Elem()}
		case reflect.Map:
			if key {
				return vtype{rt: rt.Key()}
			}
			return vtype{rt: rt.Elem()}
		case reflect.Chan:
			if key {
				return vtype{rt: rt.Elem()}
			}
		case reflect.Int, reflect.Int64, reflect.Int32:
			if key {
				return vtype{rt: rt}
			}
		}
	}
	return vtype{}
}

// call types a call: a conversion, a builtin, or the first result of a
// function.
func (t *typer) call(c *ast.CallExpr) vtype {
	if id, ok := c.Fun.(*ast.Ident); ok {
		switch id.Name {
		case "new":
			if len(c.Args) == 1 {
				v := t.typeExpr(c.Args[0])
				if v.rt != nil {
					return vtype{rt: reflect.PointerTo(v.rt)}
				}
				v.isTyp = false
				return v
			}
		case "make":
			if len(c.Args) > 0 {
				v := t.typeExpr(c.Args[0])
				v.isTyp = false
				return v
			}
		case "append":
			if len(c.Args) > 0 {
				return t.expr(c.Args[0])
			}
		case "len", "cap", "copy":
			return vtype{rt: basic["int"]}
		}
	}
	return t.result(t.expr(c.Fun), 0, c)
}

// result types the k-th result of calling f (or converting to f).
func (t *typer) result(f vtype, k int, c *ast.CallExpr) vtype {
	switch {
	case f.isTyp:
		f.isTyp = false
		return f
	case f.fn != nil:
		res := f.fn.decl.Type.Results
		if res == nil {
			return vtype{}
		}
		i := 0
		for _, field := range res.List {
			n := max(len(field.Names), 1)
			if k < i+n {
				r := t.typeExpr(field.Type)
				r.isTyp = false
				return r
			}
			i += n
		}
	case f.rt != nil && f.rt.Kind() == reflect.Func && k < f.rt.NumOut():
		return vtype{rt: f.rt.Out(k)}
	}
	return vtype{}
}

// member is a field or method of a type.
type member struct {
	name, kind string // kind: "field" or "method"
	typ        vtype  // the field's type, or the method as a function
	decl       string // how it reads: "Elo() []float64", "X int"
	doc        string
}

// members lists a type's fields and methods: a runtime type's exported
// ones (those of its pointer included), a cell's type's all (a cell is
// its package), with the members of embedded fields promoted.
func (t *typer) members(v vtype) []member {
	if t.depth > 20 {
		return nil
	}
	t.depth++
	defer func() { t.depth-- }()
	switch {
	case v.name != "":
		return t.cellMembers(v.name)
	case v.rt != nil:
		return rtMembers(v.rt)
	}
	return nil
}

func rtMembers(rt reflect.Type) []member {
	var out []member
	seen := map[string]bool{}
	mt := rt
	if rt.Kind() != reflect.Pointer && rt.Kind() != reflect.Interface {
		mt = reflect.PointerTo(rt)
	}
	recv := 1
	if mt.Kind() == reflect.Interface {
		recv = 0
	}
	for i := 0; i < mt.NumMethod(); i++ {
		m := mt.Method(i)
		if !m.IsExported() || seen[m.Name] {
			continue
		}
		seen[m.Name] = true
		out = append(out, member{name: m.Name, kind: "method", typ: vtype{rt: funcOf(m.Type, recv)}, decl: m.Name + funcText(m.Type, recv)})
	}
	st := rt
	for st.Kind() == reflect.Pointer {
		st = st.Elem()
	}
	if st.Kind() == reflect.Struct {
		for _, f := range reflect.VisibleFields(st) {
			if !f.IsExported() || seen[f.Name] {
				continue
			}
			seen[f.Name] = true
			out = append(out, member{name: f.Name, kind: "field", typ: vtype{rt: f.Type}, decl: f.Name + " " + f.Type.String()})
		}
	}
	return out
}

// funcOf is a method's type without its receiver.
func funcOf(ft reflect.Type, skip int) reflect.Type {
	var in, out []reflect.Type
	for i := skip; i < ft.NumIn(); i++ {
		in = append(in, ft.In(i))
	}
	for i := 0; i < ft.NumOut(); i++ {
		out = append(out, ft.Out(i))
	}
	return reflect.FuncOf(in, out, ft.IsVariadic())
}

// funcText writes a function type's parameters and results: "(int, string) error".
func funcText(ft reflect.Type, skip int) string {
	var in []string
	for i := skip; i < ft.NumIn(); i++ {
		s := ft.In(i).String()
		if ft.IsVariadic() && i == ft.NumIn()-1 {
			s = "..." + ft.In(i).Elem().String()
		}
		in = append(in, s)
	}
	s := "(" + strings.Join(in, ", ") + ")"
	switch ft.NumOut() {
	case 0:
	case 1:
		s += " " + ft.Out(0).String()
	default:
		var out []string
		for i := 0; i < ft.NumOut(); i++ {
			out = append(out, ft.Out(i).String())
		}
		s += " (" + strings.Join(out, ", ") + ")"
	}
	return s
}

// cellMembers lists the fields and methods of a type a cell declared.
func (t *typer) cellMembers(name string) []member {
	d, ok := t.ix.types[name]
	if !ok {
		return nil
	}
	var out []member
	seen := map[string]bool{}
	add := func(m member) {
		if !seen[m.name] {
			seen[m.name] = true
			out = append(out, m)
		}
	}
	for _, m := range t.ix.methods[name] {
		add(member{name: m.decl.Name.Name, kind: "method", typ: vtype{fn: m}, decl: m.decl.Name.Name + strings.TrimPrefix(exprText(m.decl.Type), "func"), doc: m.doc})
	}
	var embedded []vtype
	switch st := d.spec.Type.(type) {
	case *ast.StructType:
		for _, f := range st.Fields.List {
			ft := t.typeExpr(f.Type)
			ft.isTyp = false
			typeText := exprText(f.Type)
			if len(f.Names) == 0 {
				// An embedded field: named after its type; its members
				// are promoted.
				n := baseTypeName(f.Type)
				if sel, ok := f.Type.(*ast.SelectorExpr); ok {
					n = sel.Sel.Name
				} else if star, ok := f.Type.(*ast.StarExpr); ok {
					if sel, ok := star.X.(*ast.SelectorExpr); ok {
						n = sel.Sel.Name
					}
				}
				add(member{name: n, kind: "field", typ: ft, decl: typeText, doc: f.Doc.Text()})
				embedded = append(embedded, ft)
				continue
			}
			for _, n := range f.Names {
				add(member{name: n.Name, kind: "field", typ: ft, decl: n.Name + " " + typeText, doc: strings.TrimSpace(f.Doc.Text() + " " + f.Comment.Text())})
			}
		}
	case *ast.InterfaceType:
		for _, f := range st.Methods.List {
			for _, n := range f.Names {
				add(member{name: n.Name, kind: "method", decl: n.Name + strings.TrimPrefix(exprText(f.Type), "func"), doc: f.Doc.Text()})
			}
		}
	default:
		// A type defined over another: its fields, not its methods; an
		// alias: all its members.
		u := t.typeExpr(d.spec.Type)
		for _, m := range t.members(u) {
			if m.kind == "field" || d.spec.Assign.IsValid() {
				add(m)
			}
		}
	}
	for _, e := range embedded {
		for _, m := range t.members(e) {
			add(m)
		}
	}
	return out
}

// exprText prints an expression of a cell.
func exprText(e ast.Expr) string {
	var b strings.Builder
	printNode(&b, e)
	return b.String()
}

// operandBefore returns the expression that ends just before offset dot
// of code (a selector's operand): names, selectors, calls and index
// expressions, with their brackets balanced; "" if there is none.
func operandBefore(code string, dot int) string {
	i := dot
	depth := 0
	for i > 0 {
		c := code[i-1]
		switch {
		case c == ')' || c == ']' || c == '}':
			depth++
		case c == '(' || c == '[' || c == '{':
			if depth == 0 {
				return strings.TrimSpace(code[i:dot])
			}
			depth--
		case c == '"' || c == '`' || c == '\'':
			// Skip a literal inside brackets.
			if depth == 0 {
				return strings.TrimSpace(code[i:dot])
			}
			j := strings.LastIndexByte(code[:i-1], c)
			if j < 0 {
				return ""
			}
			i = j + 1
		case depth > 0 || isIdent(c) || c == '.':
		default:
			return strings.TrimSpace(code[i:dot])
		}
		i--
	}
	if depth != 0 {
		return ""
	}
	return strings.TrimSpace(code[i:dot])
}

// memberCompletions returns the names of the members of the value before
// the dot at offset dot that start with prefix, and true if that value
// could be typed. s.mu is held.
func (s *Session) memberCompletions(code string, dot int, prefix string) ([]string, bool) {
	op := operandBefore(code, dot)
	if op == "" {
		return nil, false
	}
	e, err := parser.ParseExpr(op)
	if err != nil {
		return nil, false
	}
	t := s.newTyper(code[:dot])
	v := t.expr(e)
	if !v.valid() || v.isTyp {
		return nil, false
	}
	var out []string
	for _, m := range t.members(v) {
		if strings.HasPrefix(m.name, prefix) {
			out = append(out, m.name)
		}
	}
	sort.Strings(out)
	return out, true
}
