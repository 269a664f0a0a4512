// Go 1.22: slices.Concat, and Delete zeroing the tail; Go 1.23: slices.Repeat.
package main

import (
	"fmt"
	"slices"
)

func main() {
	a, b := []string{"x"}, []string{"y", "z"}
	c := slices.Concat(a, b, nil, []string{"w"})
	fmt.Println(c, len(c))
	s := []int{1, 2, 3, 4}
	t := slices.Delete(s, 1, 3)
	fmt.Println(t, s)
	fmt.Println(slices.Repeat([]int{0, 1}, 3))
}
