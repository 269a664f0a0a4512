// Go 1.23: slices.All, Values, Backward, Collect, AppendSeq, Sorted, SortedFunc, Chunk.
package main

import (
	"cmp"
	"fmt"
	"slices"
)

func main() {
	xs := []string{"c", "a", "b"}
	for i, x := range slices.All(xs) {
		fmt.Print(i, x, " ")
	}
	fmt.Println()
	for i, x := range slices.Backward(xs) {
		fmt.Print(i, x, " ")
	}
	fmt.Println()
	fmt.Println(slices.Sorted(slices.Values(xs)), slices.Collect(slices.Values(xs)))
	fmt.Println(slices.AppendSeq([]string{"z"}, slices.Values(xs)))
	byLen := slices.SortedFunc(slices.Values([]string{"ccc", "a", "bb"}), func(a, b string) int { return cmp.Compare(len(a), len(b)) })
	fmt.Println(byLen)
	for c := range slices.Chunk([]int{1, 2, 3, 4, 5}, 2) {
		fmt.Print(c)
	}
	fmt.Println()
}
