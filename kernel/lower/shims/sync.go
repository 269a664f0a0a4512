//go:build ignore

// Shims for package sync: its generic functions, on its compiled Once.
package sync

func OnceValue[T any](f func() T) func() T {
	var (
		once   Once
		ok     bool
		failed any
		result T
	)
	call := func() {
		defer func() {
			if !ok {
				failed = recover()
				panic(failed)
			}
		}()
		result = f()
		ok = true
	}
	return func() T {
		once.Do(call)
		if !ok {
			panic(failed)
		}
		return result
	}
}

func OnceValues[T1, T2 any](f func() (T1, T2)) func() (T1, T2) {
	var (
		once   Once
		ok     bool
		failed any
		r1     T1
		r2     T2
	)
	call := func() {
		defer func() {
			if !ok {
				failed = recover()
				panic(failed)
			}
		}()
		r1, r2 = f()
		ok = true
	}
	return func() (T1, T2) {
		once.Do(call)
		if !ok {
			panic(failed)
		}
		return r1, r2
	}
}
