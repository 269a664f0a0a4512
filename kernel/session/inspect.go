package session

import (
	"context"
	"fmt"
	"go/ast"
	"go/types"
	"os/exec"
	"reflect"
	"strings"
	"time"

	"github.com/coevolab/coevo/kernel/docs"
)

// Inspect describes what is around byte offset pos of code, as Jupyter's
// inspection (Shift-Tab) shows it: a variable's type and value, a type a
// cell declared with its fields and methods and their doc comments, a
// field or method of a value ("fit.Elo", "run.Permanent"), a function of
// a cell, or a member of a package with its documentation (coevo's own
// from the binary, as go doc prints it; other packages' from go doc where
// the Go toolchain is installed). found is false for an unknown name.
func (s *Session) Inspect(code string, pos int) (text string, found bool) {
	defer func() {
		if recover() != nil {
			text, found = "", false
		}
	}()
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
	expr := code[start:end]
	if start > 0 && code[start-1] == '.' {
		if op := operandBefore(code, start-1); op != "" {
			expr = op + "." + expr
		}
	}
	lineStart := strings.LastIndexByte(code[:start], '\n') + 1
	s.mu.Lock()
	defer s.mu.Unlock()
	v := s.look(code[:lineStart], expr)
	if v == nil {
		return "", false
	}
	info := v.b.check.info
	switch e := v.probe.(type) {
	case *ast.Ident:
		return s.inspectObj(v, expr, info.Uses[e])
	case *ast.SelectorExpr:
		if id, ok := e.X.(*ast.Ident); ok {
			if pkg := v.pkgNamed(id); pkg != nil {
				obj := pkg.Scope().Lookup(e.Sel.Name)
				if obj == nil || !obj.Exported() {
					return "", false
				}
				return s.inspectPkgMember(expr, pkg, obj), true
			}
		}
		sel, ok := info.Selections[e]
		if !ok {
			return "", false
		}
		return s.inspectMember(v, expr, sel), true
	}
	return "", false
}

// inspectObj describes what a name of the cells names.
func (s *Session) inspectObj(v *view, name string, obj types.Object) (string, bool) {
	switch obj := obj.(type) {
	case nil:
		return "", false
	case *types.PkgName:
		path := obj.Imported().Path()
		if d, ok := docs.Lookup(path, ""); ok {
			return d, true
		}
		return "package " + obj.Imported().Name() + ` // import "` + path + `"`, true
	case *types.TypeName:
		if d := v.typeDecl(obj); d != nil {
			return v.typeDoc(obj, d), true
		}
		return name + ": type " + typeString(obj.Type()) + s.compiledDoc(obj.Type()), true
	case *types.Func:
		if d := v.declOf(obj.Name(), "func"); d != nil {
			return indentDoc(signatureText(d), d.doc), true
		}
		return name + ": " + typeString(obj.Type()), true
	case *types.Const:
		return fmt.Sprintf("%s: %s = %s", name, typeString(obj.Type()), obj.Val()), true
	case *types.Var:
		var b strings.Builder
		fmt.Fprintf(&b, "%s: %s", name, typeString(obj.Type()))
		if sv, ok := s.vars[name]; ok && sv.ptr != nil && obj.Parent() == v.b.check.pkg.Scope() {
			fmt.Fprintf(&b, " = %s", shorten(fmt.Sprintf("%+v", reflect.ValueOf(sv.ptr).Elem().Interface()), 2000))
		}
		t := obj.Type()
		for {
			if p, ok := t.(*types.Pointer); ok {
				t = p.Elem()
				continue
			}
			break
		}
		if n, ok := types.Unalias(t).(*types.Named); ok {
			if d := v.typeDecl(n.Obj()); d != nil {
				b.WriteString("\n\n" + v.typeDoc(n.Obj(), d))
			} else {
				b.WriteString(s.compiledDoc(n))
			}
		}
		return b.String(), true
	case *types.Builtin:
		return name + ": built-in function", true
	case *types.Nil:
		return "nil", true
	}
	return "", false
}

// inspectPkgMember describes a member of an imported package.
func (s *Session) inspectPkgMember(expr string, pkg *types.Package, obj types.Object) string {
	var text string
	switch obj := obj.(type) {
	case *types.TypeName:
		text = fmt.Sprintf("%s: type %s", expr, typeString(obj.Type()))
	case *types.Const:
		text = fmt.Sprintf("%s: %s = %s", expr, typeString(obj.Type()), obj.Val())
	default:
		text = fmt.Sprintf("%s: %s", expr, typeString(obj.Type()))
	}
	if doc, ok := docs.Lookup(pkg.Path(), obj.Name()); ok {
		return text + "\n\n" + doc
	}
	if doc := goDoc(pkg.Path(), obj.Name()); doc != "" {
		text += "\n\n" + doc
	}
	return text
}

// inspectMember describes a field or method of a value.
func (s *Session) inspectMember(v *view, expr string, sel *types.Selection) string {
	obj := sel.Obj()
	var text, doc string
	switch obj := obj.(type) {
	case *types.Var:
		text = fmt.Sprintf("%s: field %s %s", expr, obj.Name(), typeString(sel.Type()))
		doc = v.fieldDoc(obj)
	case *types.Func:
		sig := sel.Type().(*types.Signature)
		plain := types.NewSignatureType(nil, nil, nil, sig.Params(), sig.Results(), sig.Variadic())
		text = fmt.Sprintf("%s: method %s%s", expr, obj.Name(), strings.TrimPrefix(typeString(plain), "func"))
		if d := v.methodDecl(obj); d != nil {
			doc = indentDoc(signatureText(d), d.doc)
		} else if recv := namedOf(sig.Recv()); recv != nil && recv.Obj().Pkg() != nil {
			if d, ok := docs.Lookup(recv.Obj().Pkg().Path(), recv.Obj().Name()+"."+obj.Name()); ok {
				doc = d
			}
		}
	}
	if doc != "" {
		text += "\n\n" + doc
	}
	return text
}

// namedOf is the named type of a method's receiver.
func namedOf(recv *types.Var) *types.Named {
	if recv == nil {
		return nil
	}
	t := recv.Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, _ := types.Unalias(t).(*types.Named)
	if n != nil {
		n = n.Origin()
	}
	return n
}

// typeDecl is the declaration of a type the cells declared.
func (v *view) typeDecl(tn *types.TypeName) *progDecl {
	if tn.Pkg() == nil || tn.Pkg().Path() != "main" {
		return nil
	}
	return v.declOf(tn.Name(), "type")
}

// declOf finds a declaration of the session or of the cell being typed
// by name and kind.
func (v *view) declOf(name, kind string) *progDecl {
	if d := v.b.decls[name]; d != nil && d.kind == kind {
		return d
	}
	return nil
}

// methodDecl is the declaration of a method of a cell's type.
func (v *view) methodDecl(fn *types.Func) *progDecl {
	recv := namedOf(fn.Type().(*types.Signature).Recv())
	if recv == nil || recv.Obj().Pkg() == nil || recv.Obj().Pkg().Path() != "main" {
		return nil
	}
	return v.b.decls[recv.Obj().Name()+"."+fn.Name()]
}

// fieldDoc is the comment of a field of a cell's type.
func (v *view) fieldDoc(f *types.Var) string {
	if f.Pkg() == nil || f.Pkg().Path() != "main" {
		return ""
	}
	for _, d := range v.b.decls {
		if d.kind != "type" {
			continue
		}
		for _, n := range d.nodes {
			var doc string
			ast.Inspect(n, func(n ast.Node) bool {
				fl, ok := n.(*ast.Field)
				if !ok {
					return true
				}
				for _, name := range fl.Names {
					if name.Name == f.Name() && doc == "" {
						doc = strings.TrimSpace(fl.Doc.Text() + fl.Comment.Text())
					}
				}
				return true
			})
			if doc != "" {
				return doc
			}
		}
	}
	return ""
}

// typeDoc shows a type a cell declared: its declaration, its doc comment,
// and its methods with theirs.
func (v *view) typeDoc(tn *types.TypeName, d *progDecl) string {
	var b strings.Builder
	b.WriteString(indentDoc(d.lead+d.text, d.doc))
	var methods []*progDecl
	for _, m := range sortedDecls(v.b.decls) {
		if m.kind == "method" && m.recv == tn.Name() {
			methods = append(methods, m)
			b.WriteString("\n" + indentDoc(signatureText(m), m.doc))
		}
	}
	fields := 0
	if st, ok := tn.Type().Underlying().(*types.Struct); ok {
		fields = st.NumFields()
	}
	fmt.Fprintf(&b, "\n(declared in %s: %d fields, %d methods)", d.cell, fields, len(methods))
	return b.String()
}

// signatureText is a function's declaration without its body.
func signatureText(d *progDecl) string {
	text := d.text
	if i := strings.Index(text, "{"); i >= 0 && (d.kind == "func" || d.kind == "method") {
		// the body starts at the first { after the signature's brackets
		depth := 0
		for j, c := range text {
			switch c {
			case '(', '[':
				depth++
			case ')', ']':
				depth--
			case '{':
				if depth == 0 && j > 0 && !strings.HasSuffix(strings.TrimSpace(text[:j]), "struct") && !strings.HasSuffix(strings.TrimSpace(text[:j]), "interface") {
					return strings.TrimSpace(text[:j])
				}
			}
		}
		_ = i
	}
	return strings.TrimSpace(text)
}

// compiledDoc is coevo's documentation of a compiled type, after a blank
// line ("" for others).
func (s *Session) compiledDoc(t types.Type) string {
	for {
		switch x := t.(type) {
		case *types.Pointer:
			t = x.Elem()
			continue
		case *types.Slice:
			t = x.Elem()
			continue
		}
		break
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return ""
	}
	if d, ok := docs.Lookup(n.Obj().Pkg().Path(), n.Obj().Name()); ok {
		return "\n\n" + d
	}
	return ""
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
