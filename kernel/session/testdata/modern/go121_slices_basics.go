// Go 1.21: the slices package.
package main

import (
	"fmt"
	"slices"
)

func main() {
	xs := []int{5, 2, 8, 2, 9, 1}
	fmt.Println(slices.Contains(xs, 8), slices.Index(xs, 2), slices.Max(xs), slices.Min(xs))
	ys := slices.Clone(xs)
	slices.Sort(ys)
	fmt.Println(ys, xs, slices.IsSorted(ys))
	i, found := slices.BinarySearch(ys, 8)
	fmt.Println(i, found)
	ys = slices.Compact(ys)
	fmt.Println(ys)
	ys = slices.Insert(ys, 1, 100, 101)
	ys = slices.Delete(ys, 0, 1)
	slices.Reverse(ys)
	fmt.Println(ys, slices.Equal(ys, []int{9, 8, 5, 101, 100}))
	fmt.Println(slices.IndexFunc(xs, func(x int) bool { return x > 6 }))
}
