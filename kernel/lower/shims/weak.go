//go:build ignore

// Shims for package weak: the pointer is held strongly (the runtime's weak
// handles are not reachable from the interpreter), so Value never turns nil
// while the Pointer lives.
package weak

type Pointer[T any] struct{ p *T }

func Make[T any](ptr *T) Pointer[T] { return Pointer[T]{ptr} }

func (p Pointer[T]) Value() *T { return p.p }
