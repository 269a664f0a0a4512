// Go 1.18: the zero value of a type parameter, and *new(T).
package main

import "fmt"

func Zero[T any]() T {
	var z T
	return z
}

func FirstOr[T any](xs []T, def T) T {
	if len(xs) == 0 {
		return def
	}
	return xs[0]
}

type box struct{ n int }

func main() {
	fmt.Printf("%q %v %v %v\n", Zero[string](), Zero[int](), Zero[*int]() == nil, Zero[[]byte]() == nil)
	fmt.Println(FirstOr([]int{}, 7), FirstOr([]string{"x"}, "y"))
	fmt.Println(*new(int), Zero[box]().n)
}
