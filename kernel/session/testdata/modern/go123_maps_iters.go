// Go 1.23: maps.Keys, Values, All, Collect, Insert.
package main

import (
	"fmt"
	"maps"
	"slices"
)

func main() {
	m := map[string]int{"x": 1, "y": 2, "z": 3}
	fmt.Println(slices.Sorted(maps.Keys(m)))
	fmt.Println(slices.Sorted(maps.Values(m)))
	sum := 0
	for k, v := range maps.All(m) {
		sum += len(k) * v
	}
	fmt.Println(sum)
	c := maps.Collect(maps.All(m))
	maps.Insert(c, maps.All(map[string]int{"w": 0}))
	fmt.Println(c)
}
