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
	pkg *types.Package    // the session's package of the build
	fp  map[string]string // type name -> fingerprint
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
		case obj.Pkg() == k.pkg:
			fp, ok := k.fp[obj.Name()]
			if !ok || obj.Parent() != k.pkg.Scope() && t.Origin().Obj().Parent() != k.pkg.Scope() {
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
// runs it give the same fingerprints (an identifier that a local name
// shadows counts too: a fingerprint may change more often than needed,
// never less).
func fingerprints(decls []*progDecl, imports map[string]string) map[string]string {
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
					ast.Inspect(n.X, func(m ast.Node) bool { return inspectRef(m, d, byName, seen, refs) })
					return false
				default:
					return inspectRef(n, d, byName, seen, refs)
				}
			})
		}
		sort.Strings(pkgRefs[d])
	}
	out := map[string]string{}
	for _, d := range decls {
		if d.kind != "type" {
			continue
		}
		// The closure of what the type reaches: its declaration, its
		// methods, and what they refer to; a type reached this way brings
		// its methods too.
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
		out[d.names[0]] = hex.EncodeToString(h.Sum(nil))[:16]
	}
	return out
}

// inspectRef records that d refers to the declaration an identifier names.
func inspectRef(n ast.Node, d *progDecl, byName map[string]*progDecl, seen map[*progDecl]bool, refs map[*progDecl][]*progDecl) bool {
	id, ok := n.(*ast.Ident)
	if !ok {
		return true
	}
	if r := byName[id.Name]; r != nil && r != d && !seen[r] {
		seen[r] = true
		refs[d] = append(refs[d], r)
	}
	return true
}
