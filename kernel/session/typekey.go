package session

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"go/ast"
	"go/types"
	"sort"
	"strconv"
	"strings"
)

// A session's cells are compiled again, as one package, for every cell;
// the values earlier cells left keep their storage. A value's runtime
// type must then be the same from one build to the next, for the types the
// cells declare too, which the interpreter would otherwise make anew at
// every build. So every type of the cells is known by a key (typeKey): two
// builds whose types have the same key share one runtime type (the
// interpreter's loader asks the session first: cellTypes in interp.go),
// and a variable keeps its value across builds only when its type's key is
// unchanged.
//
// A type the cells declare is keyed by its name and a fingerprint of all
// the source its values' behaviour depends on: its declaration, its
// methods, and everything they refer to, transitively (functions,
// constants, other types, the types of the variables they use, the paths
// of the packages they name). Compiled code (fmt, sort) calls a type's
// methods through the runtime type made by the build that made the type;
// the fingerprint changes whenever those methods would run other code, so
// a runtime type never runs stale methods.

// typeKeys renders types as keys, given the fingerprints of the session's
// declared types by name.
type typeKeys struct {
	pkg   *types.Package             // the session's package of the build
	fp    map[string]string          // type name -> fingerprint (and functions': fpName)
	local map[*types.TypeName]string // the keys of the types declared in its functions (localTypes)
	// byPath: the session's package is any package "main", not only pkg
	// (to key a type an earlier build checked, as cellTypes.insts holds;
	// elsewhere such a type is keyed as a foreign package's).
	byPath bool
}

// session tells whether p is the session's package.
func (k typeKeys) session(p *types.Package) bool {
	return p == k.pkg || k.byPath && p.Path() == k.pkg.Path()
}

// key returns t's key, or "" if t cannot be keyed: it involves a type
// declared inside a function, or a type parameter.
func (k typeKeys) key(t types.Type) string {
	var b strings.Builder
	if !k.write(&b, t) {
		return ""
	}
	return b.String()
}

func (k typeKeys) write(b *strings.Builder, t types.Type) bool {
	switch t := t.(type) {
	case *types.Basic:
		b.WriteString(t.Name())
	case *types.Alias:
		return k.write(b, types.Unalias(t))
	case *types.Named:
		obj := t.Obj()
		switch {
		case obj.Pkg() == nil:
			b.WriteString(obj.Name()) // error, comparable
		case k.session(obj.Pkg()) && obj.Parent() != obj.Pkg().Scope() && t.Origin().Obj().Parent() != obj.Pkg().Scope():
			local, ok := k.local[t.Origin().Obj()]
			if !ok {
				return false
			}
			b.WriteString(local)
		case k.session(obj.Pkg()):
			fp, ok := k.fp[obj.Name()]
			if !ok {
				return false
			}
			b.WriteString("main." + obj.Name() + "#" + fp)
		default:
			b.WriteString(obj.Pkg().Path() + "." + obj.Name())
		}
		if args := t.TypeArgs(); args.Len() > 0 {
			b.WriteByte('[')
			for i := 0; i < args.Len(); i++ {
				if i > 0 {
					b.WriteByte(',')
				}
				if !k.write(b, args.At(i)) {
					return false
				}
			}
			b.WriteByte(']')
		}
	case *types.Pointer:
		b.WriteByte('*')
		return k.write(b, t.Elem())
	case *types.Slice:
		b.WriteString("[]")
		return k.write(b, t.Elem())
	case *types.Array:
		fmt.Fprintf(b, "[%d]", t.Len())
		return k.write(b, t.Elem())
	case *types.Map:
		b.WriteString("map[")
		if !k.write(b, t.Key()) {
			return false
		}
		b.WriteByte(']')
		return k.write(b, t.Elem())
	case *types.Chan:
		switch t.Dir() {
		case types.SendRecv:
			b.WriteString("chan ")
		case types.SendOnly:
			b.WriteString("chan<- ")
		case types.RecvOnly:
			b.WriteString("<-chan ")
		}
		return k.write(b, t.Elem())
	case *types.Struct:
		b.WriteString("struct{")
		for i := 0; i < t.NumFields(); i++ {
			f := t.Field(i)
			if f.Embedded() {
				b.WriteString("~")
			}
			b.WriteString(k.objName(f))
			b.WriteByte(' ')
			if !k.write(b, f.Type()) {
				return false
			}
			if tag := t.Tag(i); tag != "" {
				b.WriteString(" " + strconv.Quote(tag))
			}
			b.WriteByte(';')
		}
		b.WriteByte('}')
	case *types.Signature:
		if t.TypeParams().Len() > 0 {
			return false
		}
		b.WriteString("func")
		if !k.tuple(b, t.Params(), t.Variadic()) {
			return false
		}
		return k.tuple(b, t.Results(), false)
	case *types.Interface:
		b.WriteString("interface{")
		var parts []string
		for i := 0; i < t.NumExplicitMethods(); i++ {
			m := t.ExplicitMethod(i)
			var mb strings.Builder
			mb.WriteString(k.objName(m))
			if !k.write(&mb, m.Type()) {
				return false
			}
			parts = append(parts, mb.String())
		}
		for i := 0; i < t.NumEmbeddeds(); i++ {
			var mb strings.Builder
			mb.WriteByte('~')
			if !k.write(&mb, t.EmbeddedType(i)) {
				return false
			}
			parts = append(parts, mb.String())
		}
		sort.Strings(parts)
		b.WriteString(strings.Join(parts, ";"))
		b.WriteByte('}')
	case *types.Union:
		for i := 0; i < t.Len(); i++ {
			if i > 0 {
				b.WriteByte('|')
			}
			if t.Term(i).Tilde() {
				b.WriteByte('~')
			}
			if !k.write(b, t.Term(i).Type()) {
				return false
			}
		}
	default: // *types.TypeParam, *types.Tuple
		return false
	}
	return true
}

func (k typeKeys) tuple(b *strings.Builder, t *types.Tuple, variadic bool) bool {
	b.WriteByte('(')
	for i := 0; i < t.Len(); i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		if variadic && i == t.Len()-1 {
			b.WriteString("...")
		}
		if !k.write(b, t.At(i).Type()) {
			return false
		}
	}
	b.WriteByte(')')
	return true
}

// objName is a field's or method's name, qualified by its package's path
// when unexported (two packages' unexported names differ).
func (k typeKeys) objName(obj types.Object) string {
	if obj.Exported() || obj.Pkg() == nil {
		return obj.Name()
	}
	return obj.Pkg().Path() + "." + obj.Name()
}

// fingerprints computes the fingerprint of every type the program
// declares at its top level: a hash of the source of everything its
// values' methods can reach (see above). decls are the program's
// declarations with their syntax (the session's variables among them, as
// declarations of their type); imports maps the names the program's
// imports bind to their paths. What a declaration refers to is read from
// its syntax, by name, so that the cell as written and the program that
// runs it give the same fingerprints (in the cell as written, a function's
// use of a variable the cell's statements define is unresolved), leaving
// out the identifiers the type checker resolved to local names (a
// parameter named like a session variable is no use of it).
func fingerprints(decls []*progDecl, imports map[string]string, info *types.Info) map[string]string {
	byName := map[string]*progDecl{}
	methods := map[string][]*progDecl{} // receiver base type -> its methods
	for _, d := range decls {
		if d.recv != "" {
			methods[d.recv] = append(methods[d.recv], d)
			continue
		}
		for _, n := range d.names {
			byName[n] = d
		}
	}
	refs := map[*progDecl][]*progDecl{}
	pkgRefs := map[*progDecl][]string{}
	for _, d := range decls {
		seen := map[*progDecl]bool{}
		pseen := map[string]bool{}
		for _, n := range d.nodes {
			ast.Inspect(n, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.SelectorExpr:
					if id, ok := n.X.(*ast.Ident); ok {
						if path, ok := imports[id.Name]; ok && !pseen[id.Name] {
							pseen[id.Name] = true
							pkgRefs[d] = append(pkgRefs[d], id.Name+"="+path)
						}
					}
					ast.Inspect(n.X, func(m ast.Node) bool { return inspectRef(m, d, byName, seen, refs, info) })
					return false
				default:
					return inspectRef(n, d, byName, seen, refs, info)
				}
			})
		}
		sort.Strings(pkgRefs[d])
	}
	out := map[string]string{}
	for _, d := range decls {
		if d.kind != "type" && d.kind != "func" && d.kind != "method" {
			continue
		}
		// The closure of what the type (or function) reaches: its
		// declaration, its methods, and what they refer to; a type reached
		// this way brings its methods too.
		reach := map[*progDecl]bool{}
		var visit func(d *progDecl)
		visit = func(d *progDecl) {
			if reach[d] {
				return
			}
			reach[d] = true
			for _, r := range refs[d] {
				visit(r)
			}
			if d.kind == "type" {
				for _, m := range methods[d.names[0]] {
					visit(m)
				}
			}
		}
		visit(d)
		var parts []string
		for r := range reach {
			parts = append(parts, r.text+"\x00"+strings.Join(pkgRefs[r], ","))
		}
		sort.Strings(parts)
		h := sha256.New()
		for _, p := range parts {
			h.Write([]byte(p))
			h.Write([]byte{0xff})
		}
		out[fpName(d)] = hex.EncodeToString(h.Sum(nil))[:16]
	}
	return out
}

// fpName is how fingerprints name a declaration: a type by its name, a
// function as "func f", a method as "func T.M".
func fpName(d *progDecl) string {
	if d.kind == "type" {
		return d.names[0]
	}
	return "func " + declName(d)
}

// localTypes keys the types declared inside the session's functions and
// methods (not generic ones, whose local types depend on the type
// arguments): the function's fingerprint, the type's name and which of
// that name it is. The function unchanged, its local types are the same
// runtime types from one build to the next, as they are the same types in
// one Go program (a value of one returned by an earlier cell's call).
func localTypes(decls []*progDecl, info *types.Info, fp map[string]string) map[*types.TypeName]string {
	out := map[*types.TypeName]string{}
	for _, d := range decls {
		if d.kind != "func" && d.kind != "method" {
			continue
		}
		for _, n := range d.nodes {
			fd, ok := n.(*ast.FuncDecl)
			if !ok || fd.Body == nil || fd.Type.TypeParams != nil || fd.Recv != nil && len(fd.Recv.List) > 0 && isGenericRecv(fd.Recv.List[0].Type) {
				continue
			}
			count := map[string]int{}
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				ts, ok := n.(*ast.TypeSpec)
				if !ok {
					return true
				}
				if tn, ok := info.Defs[ts.Name].(*types.TypeName); ok && ts.TypeParams == nil {
					count[ts.Name.Name]++
					out[tn] = fmt.Sprintf("main.%s.%s#%d@%s", declName(d), ts.Name.Name, count[ts.Name.Name], fp[fpName(d)])
				}
				return true
			})
		}
	}
	return out
}

// isGenericRecv tells whether a receiver's type has type parameters.
func isGenericRecv(e ast.Expr) bool {
	switch e := e.(type) {
	case *ast.StarExpr:
		return isGenericRecv(e.X)
	case *ast.ParenExpr:
		return isGenericRecv(e.X)
	case *ast.IndexExpr, *ast.IndexListExpr:
		return true
	}
	return false
}

// inspectRef records that d refers to the declaration an identifier names.
func inspectRef(n ast.Node, d *progDecl, byName map[string]*progDecl, seen map[*progDecl]bool, refs map[*progDecl][]*progDecl, info *types.Info) bool {
	id, ok := n.(*ast.Ident)
	if !ok {
		return true
	}
	if obj := info.ObjectOf(id); obj != nil && obj.Pkg() != nil && obj.Parent() != obj.Pkg().Scope() {
		return true // a local name
	}
	if r := byName[id.Name]; r != nil && r != d && !seen[r] {
		seen[r] = true
		refs[d] = append(refs[d], r)
	}
	return true
}

// layoutKey renders a type's memory layout: what a value of it is in
// memory, whatever methods its named types have. Two types of the same
// layout key hold the same bytes the same way, so that a value of one can
// be read as the other (a variable whose type was declared anew with a
// method more). "" if t cannot be keyed.
func layoutKey(t types.Type, pkg *types.Package) string {
	var b strings.Builder
	if !writeLayout(&b, t, pkg, map[*types.TypeName]bool{}) {
		return ""
	}
	return b.String()
}

func writeLayout(b *strings.Builder, t types.Type, pkg *types.Package, seen map[*types.TypeName]bool) bool {
	switch t := t.(type) {
	case *types.Named:
		obj := t.Obj()
		if obj.Pkg() == nil || obj.Pkg().Path() != pkg.Path() {
			return typeKeys{}.write(b, t) // a compiled type: its own
		}
		if obj.Parent() != obj.Pkg().Scope() && t.Origin().Obj().Parent() != obj.Pkg().Scope() {
			return false
		}
		b.WriteString("main." + obj.Name())
		if args := t.TypeArgs(); args.Len() > 0 {
			b.WriteByte('[')
			for i := 0; i < args.Len(); i++ {
				if i > 0 {
					b.WriteByte(',')
				}
				if !writeLayout(b, args.At(i), pkg, seen) {
					return false
				}
			}
			b.WriteByte(']')
		}
		if seen[obj] {
			return true // a cycle, through a pointer, a slice or a map
		}
		seen[obj] = true
		defer delete(seen, obj)
		b.WriteByte('=')
		return writeLayout(b, t.Underlying(), pkg, seen)
	case *types.Alias:
		return writeLayout(b, types.Unalias(t), pkg, seen)
	case *types.Pointer:
		b.WriteByte('*')
		return writeLayout(b, t.Elem(), pkg, seen)
	case *types.Slice:
		b.WriteString("[]")
		return writeLayout(b, t.Elem(), pkg, seen)
	case *types.Array:
		fmt.Fprintf(b, "[%d]", t.Len())
		return writeLayout(b, t.Elem(), pkg, seen)
	case *types.Map:
		b.WriteString("map[")
		if !writeLayout(b, t.Key(), pkg, seen) {
			return false
		}
		b.WriteByte(']')
		return writeLayout(b, t.Elem(), pkg, seen)
	case *types.Chan:
		b.WriteString("chan ")
		return writeLayout(b, t.Elem(), pkg, seen)
	case *types.Struct:
		b.WriteString("struct{")
		for i := 0; i < t.NumFields(); i++ {
			f := t.Field(i)
			b.WriteString(f.Name() + " ")
			if !writeLayout(b, f.Type(), pkg, seen) {
				return false
			}
			b.WriteByte(';')
		}
		b.WriteByte('}')
	case *types.Interface:
		if t.Empty() {
			b.WriteString("any")
		} else {
			b.WriteString("iface")
		}
	case *types.Signature:
		b.WriteString("func")
	default:
		return typeKeys{}.write(b, t)
	}
	return true
}
