// Go 1.23: range over a two-value iterator (iter.Seq2) with continue and an assignment form.
package main

import (
	"fmt"
	"iter"
	"strings"
)

func Enumerate[T any](xs []T) iter.Seq2[int, T] {
	return func(yield func(int, T) bool) {
		for i, x := range xs {
			if !yield(i, x) {
				return
			}
		}
	}
}

func main() {
	for i, w := range Enumerate(strings.Fields("a bb ccc dddd")) {
		if i%2 == 1 {
			continue
		}
		fmt.Println(i, w)
	}
	var last string
	var at int
	for at, last = range Enumerate([]string{"x", "y"}) {
	}
	fmt.Println(at, last)
	for range Enumerate([]int{1, 2}) {
		fmt.Println("tick")
	}
}
