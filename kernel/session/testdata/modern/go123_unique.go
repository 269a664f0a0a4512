// Go 1.23: unique.Make interns values: equal values give equal handles.
package main

import (
	"fmt"
	"unique"
)

type key struct {
	game string
	size int
}

func main() {
	a := unique.Make("kayles")
	b := unique.Make("kay" + "les")
	c := unique.Make("nim")
	fmt.Println(a == b, a == c, a.Value())
	k1 := unique.Make(key{"chomp", 4})
	k2 := unique.Make(key{"chomp", 4})
	fmt.Println(k1 == k2, k1.Value().size)
}
