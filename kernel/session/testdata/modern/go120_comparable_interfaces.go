// Go 1.20: comparable is satisfied by interface types (comparisons may panic at run time).
package main

import "fmt"

func Equal[T comparable](a, b T) bool { return a == b }

func Dedup[T comparable](xs []T) []T {
	seen := map[T]bool{}
	var out []T
	for _, x := range xs {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}

func main() {
	fmt.Println(Equal[any](1, 1), Equal[any](1, "1"))
	fmt.Println(Dedup([]any{1, "a", 1, 2.5, "a"}))
	var e1, e2 error
	fmt.Println(Equal(e1, e2))
}
