//go:build ignore

// Shims for package runtime: AddCleanup runs the cleanup from a finalizer
// (the runtime's cleanup queue is not reachable from the interpreter); the
// Cleanup it returns cannot be stopped.
package runtime

func AddCleanup[T, S any](ptr *T, cleanup func(S), arg S) Cleanup {
	SetFinalizer(ptr, func(*T) { cleanup(arg) })
	return Cleanup{}
}
