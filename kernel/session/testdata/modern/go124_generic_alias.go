// Go 1.24: generic type aliases.
package main

import "fmt"

type Set[T comparable] = map[T]struct{}

type Matrix[T any] = [][]T

func Add[T comparable](s Set[T], xs ...T) {
	for _, x := range xs {
		s[x] = struct{}{}
	}
}

func main() {
	s := Set[string]{}
	Add(s, "a", "b", "a")
	var plain map[string]struct{} = s
	fmt.Println(len(s), len(plain))
	m := Matrix[int]{{1, 2}, {3, 4}}
	fmt.Println(m[1][0])
}
