//go:build ignore

// Shims for package reflect: its generic functions, on its compiled API.
package reflect

func TypeFor[T any]() Type {
	var v T
	return TypeOf(&v).Elem()
}

func TypeAssert[T any](v Value) (T, bool) {
	t, ok := v.Interface().(T)
	return t, ok
}
