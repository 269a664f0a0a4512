// Go 1.23: iter.Pull turns a push iterator into next and stop functions.
package main

import (
	"fmt"
	"iter"
	"slices"
)

func Zip[A, B any](a iter.Seq[A], b iter.Seq[B]) [][2]any {
	na, stopA := iter.Pull(a)
	defer stopA()
	nb, stopB := iter.Pull(b)
	defer stopB()
	var out [][2]any
	for {
		x, ok1 := na()
		y, ok2 := nb()
		if !ok1 || !ok2 {
			return out
		}
		out = append(out, [2]any{x, y})
	}
}

func main() {
	fmt.Println(Zip(slices.Values([]int{1, 2, 3}), slices.Values([]string{"a", "b"})))
	next, stop := iter.Pull2(slices.All([]string{"x", "y"}))
	i, v, ok := next()
	fmt.Println(i, v, ok)
	stop()
	_, _, ok = next()
	fmt.Println(ok)
}
