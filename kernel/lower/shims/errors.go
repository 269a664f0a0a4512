//go:build ignore

// Shims for package errors: AsType walks the tree with type assertions,
// which the interpreter's own types answer (errors.As asks reflection).
package errors

func AsType[E error](err error) (E, bool) {
	var zero E
	for err != nil {
		if e, ok := err.(E); ok {
			return e, true
		}
		if x, ok := err.(interface{ As(any) bool }); ok {
			var e E
			if x.As(&e) {
				return e, true
			}
		}
		switch x := err.(type) {
		case interface{ Unwrap() error }:
			err = x.Unwrap()
		case interface{ Unwrap() []error }:
			for _, inner := range x.Unwrap() {
				if e, ok := AsType[E](inner); ok {
					return e, true
				}
			}
			return zero, false
		default:
			return zero, false
		}
	}
	return zero, false
}

// asTarget is errors.As for a target of a type a cell declared: the
// lowering calls it instead (errors.As asks reflection, which does not see
// the methods of the interpreter's types).
func asTarget[E any](err error, target *E) bool {
	for err != nil {
		if e, ok := err.(E); ok {
			*target = e
			return true
		}
		if x, ok := err.(interface{ As(any) bool }); ok && x.As(target) {
			return true
		}
		switch x := err.(type) {
		case interface{ Unwrap() error }:
			err = x.Unwrap()
		case interface{ Unwrap() []error }:
			for _, inner := range x.Unwrap() {
				if asTarget(inner, target) {
					return true
				}
			}
			return false
		default:
			return false
		}
	}
	return false
}
