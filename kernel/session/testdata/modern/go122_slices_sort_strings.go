// Go 1.21/1.22: slices.Sort on strings and floats, BinarySearch, and slices.Insert growing.
package main

import (
	"fmt"
	"math"
	"slices"
)

func main() {
	names := []string{"nim", "chomp", "kayles", "dawson", "wythoff"}
	slices.Sort(names)
	fmt.Println(names)
	i, found := slices.BinarySearch(names, "grundy")
	names = slices.Insert(names, i, "grundy")
	fmt.Println(found, names)
	fs := []float64{2.5, math.Inf(-1), 0, -1.5, math.NaN()}
	slices.Sort(fs)
	fmt.Println(fs)
	fmt.Println(slices.Max([]float64{1, 3, 2}), slices.Min([]string{"b", "a"}))
}
