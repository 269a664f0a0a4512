// Go 1.18: a generic set on a map, with methods and a generic union.
package main

import (
	"fmt"
	"sort"
)

type Set[T comparable] map[T]struct{}

func Of[T comparable](xs ...T) Set[T] {
	s := Set[T]{}
	for _, x := range xs {
		s.Add(x)
	}
	return s
}

func (s Set[T]) Add(x T)      { s[x] = struct{}{} }
func (s Set[T]) Has(x T) bool { _, ok := s[x]; return ok }
func (s Set[T]) Len() int     { return len(s) }

func Union[T comparable](a, b Set[T]) Set[T] {
	u := Set[T]{}
	for x := range a {
		u.Add(x)
	}
	for x := range b {
		u.Add(x)
	}
	return u
}

func main() {
	a, b := Of(1, 2, 3), Of(3, 4)
	u := Union(a, b)
	var keys []int
	for k := range u {
		keys = append(keys, k)
	}
	sort.Ints(keys)
	fmt.Println(keys, u.Len(), u.Has(4), a.Has(4))
}
