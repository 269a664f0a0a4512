package errors

import "errors"

// AsType finds the first error in err's tree that has the type E (or that
// says, by a method As(any) bool, that it can be one), and returns it and
// true; else the zero E and false. The tree is err, then what its Unwrap
// returns, depth first (Go 1.26).
func AsType[E error](err error) (E, bool) {
	var zero E
	if err == nil {
		return zero, false
	}
	var target *E
	return findType(err, &target)
}

func findType[E error](err error, target **E) (E, bool) {
	var zero E
	for err != nil {
		if e, ok := err.(E); ok {
			return e, true
		}
		if a, ok := err.(interface{ As(any) bool }); ok {
			if *target == nil {
				*target = new(E)
			}
			if a.As(*target) {
				return **target, true
			}
		}
		switch u := err.(type) {
		case interface{ Unwrap() error }:
			err = u.Unwrap()
		case interface{ Unwrap() []error }:
			for _, e := range u.Unwrap() {
				if e == nil {
					continue
				}
				if found, ok := findType(e, target); ok {
					return found, true
				}
			}
			return zero, false
		default:
			return zero, false
		}
	}
	return zero, false
}

var _ = errors.New
