// Go 1.18: generic Filter and Reduce, and a generic function calling another.
package main

import "fmt"

func Filter[T any](xs []T, keep func(T) bool) []T {
	var out []T
	for _, x := range xs {
		if keep(x) {
			out = append(out, x)
		}
	}
	return out
}

func Reduce[T, A any](xs []T, init A, f func(A, T) A) A {
	acc := init
	for _, x := range xs {
		acc = f(acc, x)
	}
	return acc
}

func SumEven(xs []int) int {
	return Reduce(Filter(xs, func(x int) bool { return x%2 == 0 }), 0, func(a, x int) int { return a + x })
}

func main() {
	xs := []int{1, 2, 3, 4, 5, 6}
	fmt.Println(Filter(xs, func(x int) bool { return x > 3 }))
	fmt.Println(SumEven(xs))
	fmt.Println(Reduce([]string{"a", "b", "c"}, "", func(a string, s string) string { return a + s + s }))
}
