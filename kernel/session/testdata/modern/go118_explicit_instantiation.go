// Go 1.18: explicit instantiation, and an instantiated function as a value.
package main

import "fmt"

func Max[T int | float64 | string](a, b T) T {
	if a > b {
		return a
	}
	return b
}

func Apply[T any](f func(T, T) T, a, b T) T { return f(a, b) }

func main() {
	fmt.Println(Max[float64](2, 3.5))
	maxInt := Max[int]
	fmt.Println(maxInt(7, 3))
	fmt.Println(Apply(Max[string], "pear", "apple"))
	fmt.Printf("%T\n", maxInt)
}
