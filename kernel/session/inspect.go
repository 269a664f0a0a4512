package session

import (
	"context"
	"fmt"
	"go/ast"
	"go/parser"
	"go/types"
	"os/exec"
	"reflect"
	"strings"
	"time"

	"github.com/coevolab/coevo/kernel/docs"
	"github.com/coevolab/coevo/kernel/lower"
)

// Inspect describes what is around byte offset pos of code, as Jupyter's
// inspection (Shift-Tab) shows it: a variable's type and value, a type a
// cell declared with its fields and methods and their doc comments, a
// field or method of a value ("fit.Elo", "run.Permanent"), a function of
// a cell, or a member of a bound package with its documentation (coevo's
// own from the binary, as go doc prints it; other packages' from go doc
// where the Go toolchain is installed). found is false for an unknown
// name.
func (s *Session) Inspect(code string, pos int) (text string, found bool) {
	pos = min(max(pos, 0), len(code))
	start, end := pos, pos
	for start > 0 && isIdent(code[start-1]) {
		start--
	}
	for end < len(code) && isIdent(code[end]) {
		end++
	}
	if start == end {
		return "", false
	}
	name := code[start:end]
	expr := name
	if start > 0 && code[start-1] == '.' {
		if op := operandBefore(code, start-1); op != "" {
			expr = op + "." + name
		}
	}
	lineStart := strings.LastIndexByte(code[:start], '\n') + 1
	s.mu.Lock()
	defer s.mu.Unlock()
	t := s.newTyper(code[:lineStart] + "\n")
	e, err := parser.ParseExpr(expr)
	if err != nil {
		return "", false
	}
	switch e := e.(type) {
	case *ast.Ident:
		return t.inspectName(e.Name)
	case *ast.SelectorExpr:
		if id, ok := e.X.(*ast.Ident); ok && t.isPackage(id.Name) {
			return s.inspectSymbol(id.Name, e.Sel.Name)
		}
		x := t.expr(e.X)
		if !x.valid() {
			return "", false
		}
		for _, m := range t.members(x) {
			if m.name != e.Sel.Name {
				continue
			}
			decl := m.decl
			if id, ok := e.X.(*ast.Ident); ok {
				if d := s.modelMember(id.Name, m.name); d != "" {
					decl = d // of an instance: First int, Swap() Pair[int]
				}
			}
			text := fmt.Sprintf("%s: %s %s", expr, m.kind, decl)
			if doc := t.memberDoc(x, m); doc != "" {
				text += "\n\n" + doc
			}
			return text, true
		}
	}
	return "", false
}

// inspectName describes a name of the session or of the cell.
func (t *typer) inspectName(name string) (string, bool) {
	if d, ok := t.ix.types[name]; ok {
		return t.typeDoc(name, d), true
	}
	if f, ok := t.ix.funcs[name]; ok {
		return indentDoc(f.sig, f.doc), true
	}
	if t.isPackage(name) {
		for path := range t.s.symbols {
			if pkgName(path) == name {
				if d, ok := docs.Lookup(importPath(path), ""); ok {
					return d, true
				}
				return "package " + name + ` // import "` + importPath(path) + `"`, true
			}
		}
	}
	v := t.ident(name)
	g, global := t.s.in.Globals()[name]
	if !global && !v.valid() {
		return "", false
	}
	typ := typeName(v)
	if gt := t.s.modelType(name); gt != "" {
		typ = gt // an instance of a generic type, say: Pair[int]
	}
	var b strings.Builder
	switch {
	case global && g.IsValid() && typ == "":
		b.WriteString(name + ": " + describe(g))
	case global && g.IsValid() && g.CanInterface():
		fmt.Fprintf(&b, "%s: %s = %s", name, typ, shorten(fmt.Sprintf("%+v", g.Interface()), 2000))
	default:
		fmt.Fprintf(&b, "%s: %s", name, typ)
	}
	if d, ok := t.ix.types[v.name]; ok {
		b.WriteString("\n\n" + t.typeDoc(v.name, d))
	} else if doc := rtDoc(v.rt); doc != "" {
		b.WriteString("\n\n" + doc)
	}
	return b.String(), true
}

// modelType is the type of a session variable as the cells' type
// checker has it ("Pair[int]", "*bt.Ratings"), or "" if it has none or
// one that names what the lowering made.
func (s *Session) modelType(name string) string {
	if s.model == nil {
		return ""
	}
	v, ok := s.model.Lookup(name).(*types.Var)
	if !ok {
		return ""
	}
	text := types.TypeString(v.Type(), func(p *types.Package) string {
		if p.Path() == "main" {
			return ""
		}
		return p.Name()
	})
	if strings.Contains(text, lower.Prefix) {
		return ""
	}
	return text
}

// modelMember is how the field or method sel of the session variable
// name reads with the types the cells' type checker gave it ("First int",
// "Swap() Pair[int]" for a Pair[int]: a generic type's members with its
// type arguments put in), or "" if the checker has no such member or
// names what the lowering made.
func (s *Session) modelMember(name, sel string) string {
	if s.model == nil {
		return ""
	}
	v, ok := s.model.Lookup(name).(*types.Var)
	if !ok {
		return ""
	}
	obj, _, _ := types.LookupFieldOrMethod(v.Type(), true, v.Pkg(), sel)
	qual := func(p *types.Package) string {
		if p.Path() == "main" {
			return ""
		}
		return p.Name()
	}
	var text string
	switch obj := obj.(type) {
	case *types.Var:
		text = sel + " " + types.TypeString(obj.Type(), qual)
	case *types.Func:
		sig, ok := obj.Type().(*types.Signature)
		if !ok {
			return ""
		}
		text = sel + strings.TrimPrefix(types.TypeString(types.NewSignatureType(nil, nil, nil, sig.Params(), sig.Results(), sig.Variadic()), qual), "func")
	default:
		return ""
	}
	if strings.Contains(text, lower.Prefix) {
		return ""
	}
	return text
}

// typeName says what a typed expression's type is called.
func typeName(v vtype) string {
	switch {
	case v.name != "":
		return v.name
	case v.elem != nil && v.elem.name != "":
		return "[]" + v.elem.name
	case v.fn != nil:
		return strings.TrimPrefix(v.fn.sig, "func ")
	case v.rt != nil && named(v.rt):
		return v.rt.String()
	}
	return ""
}

// typeDoc shows a type a cell declared: its declaration, its doc comment,
// and its methods with theirs.
func (t *typer) typeDoc(name string, d *srcDecl) string {
	var b strings.Builder
	b.WriteString(indentDoc(d.text, d.doc))
	for _, m := range t.ix.methods[name] {
		b.WriteString("\n" + indentDoc(m.sig, m.doc))
	}
	fields := 0
	for _, m := range t.members(vtype{name: name}) {
		if m.kind == "field" {
			fields++
		}
	}
	fmt.Fprintf(&b, "\n(declared in %s: %d fields, %d methods)", d.cell, fields, len(t.ix.methods[name]))
	return b.String()
}

// indentDoc writes a declaration and, below it, its doc comment indented,
// as go doc does.
func indentDoc(decl, doc string) string {
	out := strings.TrimRight(decl, "\n") + "\n"
	for _, l := range strings.Split(strings.TrimRight(doc, "\n"), "\n") {
		if l != "" {
			out += "    " + l + "\n"
		}
	}
	return out
}

// memberDoc is the documentation of a field or method of x's type: a cell
// method's comment, or coevo's documentation of a compiled method.
func (t *typer) memberDoc(x vtype, m member) string {
	if m.typ.fn != nil {
		return indentDoc(m.typ.fn.sig, m.typ.fn.doc)
	}
	if m.doc != "" {
		return m.doc
	}
	rt := x.rt
	for rt != nil && rt.Kind() == reflect.Pointer {
		rt = rt.Elem()
	}
	if rt == nil || rt.Name() == "" {
		return ""
	}
	if m.kind == "method" {
		if d, ok := docs.Lookup(rt.PkgPath(), rt.Name()+"."+m.name); ok {
			return d
		}
	}
	return ""
}

// rtDoc is coevo's documentation of a compiled type ("" for others).
func rtDoc(rt reflect.Type) string {
	for rt != nil && (rt.Kind() == reflect.Pointer || rt.Kind() == reflect.Slice) {
		rt = rt.Elem()
	}
	if rt == nil || rt.Name() == "" {
		return ""
	}
	d, _ := docs.Lookup(rt.PkgPath(), rt.Name())
	return d
}

// inspectSymbol describes a member of a bound package.
func (s *Session) inspectSymbol(pkg, sym string) (string, bool) {
	var path string
	var v reflect.Value
	for key, syms := range s.symbols {
		if x, ok := syms[sym]; ok && pkgName(key) == pkg {
			path, v = importPath(key), x
		}
	}
	if !v.IsValid() {
		return "", false
	}
	text := fmt.Sprintf("%s.%s: %s", pkg, sym, describe(v))
	if v.Kind() == reflect.Pointer && v.IsNil() {
		text = fmt.Sprintf("%s.%s: type %s", pkg, sym, v.Type().Elem())
	}
	if doc, ok := docs.Lookup(path, sym); ok {
		return text + "\n\n" + doc, true
	}
	if doc := goDoc(path, sym); doc != "" {
		text += "\n\n" + doc
	}
	return text, true
}

func describe(v reflect.Value) string {
	if !v.IsValid() {
		return "invalid"
	}
	t := v.Type()
	if t.Kind() == reflect.Ptr && v.Elem().IsValid() && v.Elem().Kind() == reflect.Struct && t.Elem().Name() == "" {
		return t.String()
	}
	if v.Kind() == reflect.Func {
		return t.String()
	}
	if v.CanInterface() {
		return fmt.Sprintf("%s = %+v", t, v.Interface())
	}
	return t.String()
}

// goDoc returns "go doc" for path.sym when the Go toolchain is at hand,
// else "" (coevo's own packages are documented in the binary).
func goDoc(path, sym string) string {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, "go", "doc", path+"."+sym).Output()
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(out))
}
