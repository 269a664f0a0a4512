// Go 1.18: conversions between type parameters with numeric type sets.
package main

import "fmt"

type Integer interface {
	~int | ~int8 | ~int16 | ~int32 | ~int64
}

type Float interface{ ~float32 | ~float64 }

func Average[T Integer, F Float](xs []T) F {
	if len(xs) == 0 {
		return 0
	}
	var s T
	for _, x := range xs {
		s += x
	}
	return F(s) / F(len(xs))
}

func Clamp[T Integer](x, lo, hi T) T {
	if x < lo {
		return lo
	}
	if x > hi {
		return hi
	}
	return x
}

func main() {
	fmt.Println(Average[int, float64]([]int{1, 2, 4}))
	fmt.Println(Average[int8, float32]([]int8{100, 100, 7}))
	fmt.Println(Clamp(int16(300), 0, 255), Clamp(-5, 0, 10))
}
