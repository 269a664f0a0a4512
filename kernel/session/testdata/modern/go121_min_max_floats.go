// Go 1.21: min and max on floats (NaN, signed zeros) and strings.
package main

import (
	"fmt"
	"math"
)

func main() {
	nan := math.NaN()
	fmt.Println(min(1.0, nan), max(nan, 2.0), min(2.5, 0.5))
	negz := math.Copysign(0, -1)
	fmt.Println(math.Signbit(min(0.0, negz)), math.Signbit(max(negz, 0.0)))
	fmt.Println(min("banana", "apple", "cherry"), max("a", "b"))
	var f32 float32 = 1.25
	fmt.Println(max(f32, 0.5), min(f32, 2))
}
