//go:build ignore

// Shims for package unique: handles interned in a map, for the session's
// lifetime (the runtime's weak map is not reachable from the interpreter).
package unique

import "sync"

var handles sync.Map

type Handle[T comparable] struct{ value *T }

func (h Handle[T]) Value() T { return *h.value }

func Make[T comparable](value T) Handle[T] {
	p, _ := handles.LoadOrStore(value, &value)
	return Handle[T]{p.(*T)}
}
