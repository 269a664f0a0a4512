package reflect

import "reflect"

// TypeAssert is v.Interface().(T) without the allocation (Go 1.25): the
// value v holds as a T, and whether it is one. It panics for the zero
// Value and for a value read from an unexported field, as Interface does.
func TypeAssert[T any](v reflect.Value) (T, bool) {
	if !v.IsValid() {
		panic(&reflect.ValueError{Method: "reflect.TypeAssert", Kind: reflect.Invalid})
	}
	if !v.CanInterface() {
		panic("reflect.TypeAssert: cannot return value obtained from unexported field or method")
	}
	t, ok := v.Interface().(T)
	return t, ok
}
