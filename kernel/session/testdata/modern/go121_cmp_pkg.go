// Go 1.21: cmp.Compare and cmp.Less, NaN ordered first; Go 1.22: cmp.Or.
package main

import (
	"cmp"
	"fmt"
	"math"
)

func main() {
	fmt.Println(cmp.Compare(1, 2), cmp.Compare("b", "a"), cmp.Compare(2.0, 2.0))
	nan := math.NaN()
	fmt.Println(cmp.Compare(nan, -1.0), cmp.Less(nan, math.Inf(-1)), cmp.Compare(nan, nan))
	fmt.Println(cmp.Or(0, 0, 3, 4), cmp.Or("", "default"), cmp.Or[int]())
}
