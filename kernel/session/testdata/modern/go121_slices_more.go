// Go 1.21: more of slices (ContainsFunc, Grow, Clip, CompactFunc, EqualFunc, Replace, DeleteFunc).
package main

import (
	"fmt"
	"slices"
	"strings"
)

func main() {
	words := []string{"Go", "go", "GO", "yaegi", "Yaegi"}
	fmt.Println(slices.ContainsFunc(words, func(s string) bool { return strings.HasPrefix(s, "y") }))
	c := slices.CompactFunc(slices.Clone(words), strings.EqualFold)
	fmt.Println(c)
	s := make([]int, 0, 1)
	s = slices.Grow(s, 10)
	fmt.Println(len(s), cap(s) >= 10)
	s = append(s, 1, 2, 3)
	s = slices.Clip(s)
	fmt.Println(len(s) == cap(s))
	fmt.Println(slices.EqualFunc([]int{1, 2}, []string{"1", "2"}, func(a int, b string) bool { return fmt.Sprint(a) == b }))
	r := slices.Replace([]int{0, 1, 2, 3}, 1, 3, 9, 9, 9)
	fmt.Println(r)
	d := slices.DeleteFunc([]int{1, 2, 3, 4, 5, 6}, func(x int) bool { return x%3 == 0 })
	fmt.Println(d, slices.Compare([]int{1, 2}, []int{1, 3}))
}
