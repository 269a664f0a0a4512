// Go 1.18: a generic function with two type parameters, inferred.
package main

import (
	"fmt"
	"strconv"
)

func Map[T, U any](xs []T, f func(T) U) []U {
	out := make([]U, 0, len(xs))
	for _, x := range xs {
		out = append(out, f(x))
	}
	return out
}

func main() {
	fmt.Println(Map([]int{1, 2, 3}, strconv.Itoa))
	fmt.Println(Map([]string{"a", "bb"}, func(s string) int { return len(s) }))
}
