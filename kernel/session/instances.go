package session

import (
	"fmt"
	"go/token"
	"go/types"
	"reflect"
	"sort"
	"unsafe"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"
)

// ixgo v1.1.1 names the runtime type of a generic type's instance after
// the type arguments of the generic function it is first made in, when it
// is made there: Some[int], first made by returnOption[int]'s
// "return Some[T]{}", is "main.Some[int;int]" to %T and reflect, where Go
// says "main.Some[int]" (ixgo's TypesRecord.extractNamed prefixes the
// enclosing function's type arguments to every type's, not only to those
// of the types declared inside the function). Made outside any generic
// function first, the type gets its right name, and keeps it: an
// interpreter makes a type's runtime type once.
//
// preloadInstances makes ixgo make them first: it adds to the package, for
// the interpreter about to be made, a hidden type member for each instance
// of a generic type that the instances of generic functions use (the
// cells' and their packages'), which ixgo converts before it compiles any
// function (TypesRecord.Load). undo removes the members again.
func preloadInstances(pkg *ssa.Package) (undo func(), err error) {
	var insts []*types.Named
	seen := map[string]bool{}
	add := func(t types.Type) {
		walkNamed(t, func(n *types.Named) {
			if n.TypeArgs().Len() == 0 || hasTypeParams(n) {
				return
			}
			if k := types.TypeString(n, nil); !seen[k] {
				seen[k] = true
				insts = append(insts, n)
			}
		})
	}
	for fn := range ssautil.AllFunctions(pkg.Prog) {
		if len(fn.TypeArgs()) == 0 {
			continue
		}
		add(fn.Signature)
		var rands []*ssa.Value
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if v, ok := instr.(ssa.Value); ok {
					add(v.Type())
				}
				// Operands too: a constant (the zero value of G[T]{}, a
				// struct of no fields) is no instruction.
				rands = instr.Operands(rands[:0])
				for _, r := range rands {
					if *r != nil {
						add((*r).Type())
					}
				}
			}
		}
	}
	if len(insts) == 0 {
		return func() {}, nil
	}
	sort.Slice(insts, func(i, j int) bool { return types.TypeString(insts[i], nil) < types.TypeString(insts[j], nil) })
	var names []string
	for k, n := range insts {
		name := fmt.Sprintf("%sInst%d", hidden, k)
		// A pointer: ixgo's Load skips a member whose type is an instance
		// (it has type parameters, to ixgo), not one whose type points to it.
		m, err := newTypeMember(types.NewTypeName(token.NoPos, pkg.Pkg, name, types.NewPointer(n)), pkg)
		if err != nil {
			return nil, err
		}
		pkg.Members[name] = m
		names = append(names, name)
	}
	return func() {
		for _, name := range names {
			delete(pkg.Members, name)
		}
	}, nil
}

// newTypeMember makes an ssa.Type member of pkg for tn, which package ssa
// makes only for the type declarations of the source: its fields are set
// by name, checked by type (x/tools v0.41.0).
func newTypeMember(tn *types.TypeName, pkg *ssa.Package) (*ssa.Type, error) {
	m := new(ssa.Type)
	v := reflect.ValueOf(m).Elem()
	set := func(name string, x any) bool {
		f := v.FieldByName(name)
		if !f.IsValid() || f.Type() != reflect.TypeOf(x) {
			return false
		}
		reflect.NewAt(f.Type(), unsafe.Pointer(f.UnsafeAddr())).Elem().Set(reflect.ValueOf(x))
		return true
	}
	if !set("object", tn) || !set("pkg", pkg) {
		return nil, fmt.Errorf("ssa.Type is not as the session knows it (it needs golang.org/x/tools v0.41.0)")
	}
	return m, nil
}

// walkNamed calls f for each named type t is made of, t included.
func walkNamed(t types.Type, f func(*types.Named)) {
	eachType(t, true, func(t types.Type) bool {
		switch t := t.(type) {
		case *types.Named:
			f(t)
		case *types.Interface:
			return false
		}
		return true
	})
}

// hasTypeParams tells whether t mentions a type parameter.
func hasTypeParams(t types.Type) bool {
	found := false
	eachType(t, false, func(t types.Type) bool {
		switch t.(type) {
		case *types.TypeParam:
			found = true
		case *types.Alias, *types.Interface:
			return false
		}
		return !found
	})
	return found
}

// eachType calls visit for t and, while visit returns true, for the types
// t is made of, each once: a pointer's, slice's, array's or channel's
// element, a map's key and element, a struct's fields, a tuple's members,
// a signature's parameters and results, an interface's methods, the type
// an alias stands for, and a named type's type arguments and, when
// underlying is set, then its underlying type; at most 20 levels down.
func eachType(t types.Type, underlying bool, visit func(types.Type) bool) {
	seen := map[types.Type]bool{}
	var walk func(t types.Type, depth int)
	walk = func(t types.Type, depth int) {
		if t == nil || seen[t] || depth > 20 {
			return
		}
		seen[t] = true
		if !visit(t) {
			return
		}
		switch t := t.(type) {
		case *types.Named:
			for i := 0; i < t.TypeArgs().Len(); i++ {
				walk(t.TypeArgs().At(i), depth+1)
			}
			if underlying {
				walk(t.Underlying(), depth+1)
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
		case *types.Tuple:
			for i := 0; i < t.Len(); i++ {
				walk(t.At(i).Type(), depth+1)
			}
		case *types.Signature:
			walk(t.Params(), depth+1)
			walk(t.Results(), depth+1)
		case *types.Interface:
			for i := 0; i < t.NumMethods(); i++ {
				walk(t.Method(i).Type(), depth+1)
			}
		}
	}
	walk(t, 0)
}
