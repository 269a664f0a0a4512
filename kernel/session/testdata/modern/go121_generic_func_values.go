// Go 1.21: instantiated generic functions as values (cmp.Compare[int],
// strings.Compare, a cell's generic) passed to slices and maps functions.
package main

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"strings"
	"unicode"
)

func Reverse[T any](f func(a, b T) int) func(a, b T) int {
	return func(a, b T) int { return f(b, a) }
}

func main() {
	xs := []int{3, 1, 2}
	slices.SortFunc(xs, cmp.Compare[int])
	fmt.Println(xs)
	slices.SortFunc(xs, Reverse(cmp.Compare[int]))
	fmt.Println(xs)
	ws := []string{"b", "C", "a"}
	slices.SortFunc(ws, strings.Compare)
	fmt.Println(ws, slices.IndexFunc(ws, func(s string) bool { return unicode.IsUpper(rune(s[0])) }))
	cmpLen := func(a, b string) int { return cmp.Compare(len(a), len(b)) }
	fmt.Println(slices.MaxFunc([]string{"aa", "b", "ccc"}, cmpLen))
	m := map[string][]int{"x": {1}, "y": {2, 3}}
	fmt.Println(maps.EqualFunc(m, maps.Clone(m), slices.Equal[[]int]))
}
