// Go 1.18: the comparable constraint.
package main

import "fmt"

func Index[T comparable](xs []T, x T) int {
	for i, v := range xs {
		if v == x {
			return i
		}
	}
	return -1
}

type point struct{ x, y int }

func Count[K comparable](xs []K) map[K]int {
	m := map[K]int{}
	for _, x := range xs {
		m[x]++
	}
	return m
}

func main() {
	fmt.Println(Index([]string{"a", "b", "c"}, "c"))
	fmt.Println(Index([]point{{1, 2}, {3, 4}}, point{3, 4}))
	fmt.Println(Index([]float64{1.5}, 2))
	fmt.Println(Count([]string{"x", "y", "x"}))
}
