package interp

// This file is coevo's (see ../README.md): values crossing between
// interpreted and compiled code in type switches and assertions (a
// program's value against a compiled interface, a compiled value against
// a program's interface, a program's value back from compiled code in a
// wrapper), and what decides whether a value keeps its type in an any.

import "reflect"

// dynamicInterface wraps v, a value of an interpreted type held in an
// interface (a valueInterface), in the compiled interface typ, as an
// assignment of the same value to typ would (a compiled value so held is
// returned as it is); ok is false if v's type lacks one of typ's methods,
// or typ is no compiled interface with methods.
//
// Unlike genInterfaceWrapper, which wraps the value of a node known when
// the code is compiled, it works from the value: its dynamic type, and
// the value itself as each method's receiver (not the node that made it,
// whose slot belongs to another frame).
func dynamicInterface(f *frame, v reflect.Value, typ reflect.Type) (w reflect.Value, ok bool) {
	if typ == nil || typ.Kind() != reflect.Interface || typ.NumMethod() == 0 || !v.IsValid() {
		return reflect.Value{}, false
	}
	if v.Kind() == reflect.Interface {
		if v.IsNil() {
			return reflect.Value{}, false
		}
		v = v.Elem()
	}
	vi, isVI := v.Interface().(valueInterface)
	if !isVI || vi.node == nil || vi.node.typ == nil {
		return reflect.Value{}, false
	}
	if vi.node.typ.cat == valueT {
		// A compiled value in a program's interface (a *bytes.Buffer held
		// as a sizer): it is typ's or not by its own methods.
		if c := vi.value; c.IsValid() && c.Type().Implements(typ) {
			return c, true
		}
		return reflect.Value{}, false
	}
	t := vi.node.typ
	if !hasMethodsOf(t, typ) {
		return reflect.Value{}, false
	}
	wrap := getWrapper(vi.node, typ)
	if wrap == nil {
		return reflect.Value{}, false
	}
	// The value itself (getConcreteValue would take a struct for an
	// emulated interface and return its last field).
	val := vi.value
	for {
		inner, nested := val.Interface().(valueInterface)
		if !nested {
			break
		}
		val = inner.value
	}
	w = reflect.New(wrap).Elem()
	w.Field(0).Set(val)
	for i := 1; i < wrap.NumField(); i++ {
		name := wrap.Field(i).Name[1:]
		m, index := t.lookupMethod(name)
		if m == nil {
			// A compiled method, possibly of an embedded field.
			_, index, _, _ = t.lookupBinMethod(name)
			r := methodByName(val, name, index)
			if !r.IsValid() {
				return reflect.Value{}, false
			}
			w.Field(i).Set(r)
			continue
		}
		nod := *m
		nod.recv = &receiver{val: val, index: index}
		w.Field(i).Set(genFunctionWrapper(&nod)(f))
	}
	return w, true
}

// hasMethodsOf reports whether the interpreted type t has every method of
// the compiled interface typ, with its signature.
func hasMethodsOf(t *itype, typ reflect.Type) bool {
	have := t.methods()
	for i := 0; i < typ.NumMethod(); i++ {
		m := typ.Method(i)
		sig, ok := have[m.Name]
		if !ok {
			return false
		}
		// A T has not the methods declared on *T (yaegi lists them with
		// T's). Promoted methods are not told apart here.
		if t.cat != ptrT {
			if mn, index := t.lookupMethod(m.Name); mn != nil && len(index) == 0 && ptrReceiver(mn) {
				return false
			}
		}
		want := m.Type.String()
		if sig == want {
			continue
		}
		// The receiver may be written as the first argument.
		if lookupFieldOrMethod(t, m.Name) == nil {
			return false
		}
		if s, err := stripReceiverFromArgs(sig); err != nil || s != want {
			return false
		}
	}
	return true
}

// caseOfConcrete matches a type switch case typ against v, a value whose
// interpreted type is concrete's (a defined type of the program, whose
// value an any(v) conversion left in its representation: a name string
// is a Go string). The type is the program's, so a case of the
// representation's type (string) does not match it; a case of the same
// type, or of an interface whose methods it has, does. x is the value as
// the case's type has it.
func caseOfConcrete(f *frame, concrete *node, v reflect.Value, typ *itype) (x reflect.Value, ok bool) {
	switch t := concrete.typ; {
	case typ.cat == nilT:
		return reflect.Value{}, false
	case typ.id() == t.id():
		return v, true
	case binIface(typ):
		return dynamicInterface(f, reflect.ValueOf(valueInterface{concrete, v}), typ.TypeOf())
	case typ.cat == interfaceT:
		if t.methods().contains(typ.methods()) {
			return reflect.ValueOf(valueInterface{concrete, v}), true
		}
	}
	return reflect.Value{}, false
}

// isWrapper reports whether v is one of the interpreter's interface
// wrappers (a struct whose field IValue holds the wrapped value, made
// when a value of an interpreted type goes to compiled code as an
// interface: fmt.Errorf's %w keeps one).
func isWrapper(v reflect.Value) bool {
	if !v.IsValid() || v.Kind() != reflect.Struct {
		return false
	}
	t := v.Type()
	return t.NumField() > 0 && t.Field(0).Name == "IValue"
}

// compiledInInterface is v, a value of a compiled type (a *fmt.wrapError,
// a *bytes.Buffer), as a value of the interface typ that a program
// declared (interface{ Unwrap() error }), when its type has typ's methods
// with their signatures: the interpreter holds such a value as a
// valueInterface whose node has the value's compiled type, as an
// assignment makes it. ok is false for anything else (an interpreted
// value, a wrapper, a missing method).
func compiledInInterface(n *node, v reflect.Value, typ *itype) (x reflect.Value, ok bool) {
	if v.Kind() == reflect.Interface {
		if v.IsNil() {
			return reflect.Value{}, false
		}
		v = v.Elem()
	}
	if !v.IsValid() || isWrapper(v) || typ.cat != interfaceT {
		return reflect.Value{}, false
	}
	if _, isVI := v.Interface().(valueInterface); isVI {
		return reflect.Value{}, false
	}
	rt := v.Type()
	for name, sig := range typ.methods() {
		m, found := rt.MethodByName(name)
		if !found {
			return reflect.Value{}, false
		}
		// m.Type has the receiver first: compare without it.
		in := make([]reflect.Type, 0, m.Type.NumIn())
		for i := 1; i < m.Type.NumIn(); i++ {
			in = append(in, m.Type.In(i))
		}
		out := make([]reflect.Type, 0, m.Type.NumOut())
		for i := 0; i < m.Type.NumOut(); i++ {
			out = append(out, m.Type.Out(i))
		}
		if reflect.FuncOf(in, out, m.Type.IsVariadic()).String() != sig {
			return reflect.Value{}, false
		}
	}
	return reflect.ValueOf(valueInterface{&node{interp: n.interp, typ: valueTOf(rt)}, v}), true
}

// binIface reports whether typ is a compiled interface type (error
// included), as a case of a type switch.
func binIface(typ *itype) bool {
	if typ.cat != valueT && typ.cat != errorT {
		return false
	}
	rt := typ.TypeOf()
	return rt != nil && rt.Kind() == reflect.Interface
}

// hasPtrMethods reports whether t is a pointer to a type of the program
// with methods (*T where T has methods): held in an any, such a pointer
// keeps its type (a valueInterface), as T itself does.
func hasPtrMethods(t *itype) bool {
	return t != nil && t.cat == ptrT && t.val != nil && t.val.cat != valueT && len(t.val.method) > 0
}

// ptrReceiver reports whether the method declaration m has a pointer
// receiver (func (p *T) M()).
func ptrReceiver(m *node) bool {
	if m == nil || m.kind != funcDecl || len(m.child) == 0 || len(m.child[0].child) == 0 {
		return false
	}
	rt := m.child[0].child[0].lastChild()
	if rt.typ != nil {
		return rt.typ.cat == ptrT
	}
	return rt.kind == starExpr
}

// caseAcross matches the type switch case typ against v, an interface
// value, where the value and the case are of different worlds: a value of
// a program's type against a compiled interface (fmt.Stringer, error), a
// compiled value against an interface the program declared, or a
// program's value that went through compiled code in a wrapper
// (fmt.Errorf's %w) against its own type. x is the value as the case's
// type holds it. yaegi's own checks, which come first, match a value and
// a case of the same world.
func caseAcross(f *frame, n *node, v reflect.Value, typ *itype) (x reflect.Value, ok bool) {
	rtyp := typ.TypeOf()
	if binIface(typ) {
		if x, ok = dynamicInterface(f, v, rtyp); ok {
			return x, true
		}
	}
	if x, ok = compiledInInterface(n, v, typ); ok {
		return x, true
	}
	if elem := v; elem.Kind() == reflect.Interface && !elem.IsNil() && !binIface(typ) && typ.cat != interfaceT {
		if elem = elem.Elem(); isWrapper(elem) {
			if inner := elem.Field(0).Elem(); inner.IsValid() && inner.Type() == rtyp {
				return inner, true
			}
		}
	}
	return reflect.Value{}, false
}
