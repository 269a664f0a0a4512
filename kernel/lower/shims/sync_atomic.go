//go:build ignore

// Shims for package sync/atomic: Pointer, guarded by a mutex (the
// interpreter cannot hand unsafe pointers of its values to the atomics).
package atomic

import "sync"

type Pointer[T any] struct {
	mu sync.Mutex
	v  *T
}

func (x *Pointer[T]) Load() *T {
	x.mu.Lock()
	defer x.mu.Unlock()
	return x.v
}

func (x *Pointer[T]) Store(val *T) {
	x.mu.Lock()
	x.v = val
	x.mu.Unlock()
}

func (x *Pointer[T]) Swap(new *T) (old *T) {
	x.mu.Lock()
	old, x.v = x.v, new
	x.mu.Unlock()
	return old
}

func (x *Pointer[T]) CompareAndSwap(old, new *T) (swapped bool) {
	x.mu.Lock()
	defer x.mu.Unlock()
	if x.v != old {
		return false
	}
	x.v = new
	return true
}
