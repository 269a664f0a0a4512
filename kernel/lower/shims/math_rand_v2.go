//go:build ignore

// Shims for package math/rand/v2: N draws from the global generator, as
// the standard one does.
package rand

type intType interface {
	~int | ~int8 | ~int16 | ~int32 | ~int64 | ~uint | ~uint8 | ~uint16 | ~uint32 | ~uint64 | ~uintptr
}

func N[Int intType](n Int) Int {
	if n <= 0 {
		panic("invalid argument to N")
	}
	return Int(Uint64N(uint64(n)))
}
