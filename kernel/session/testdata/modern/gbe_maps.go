// Go by Example style: maps, deletion, presence and sorted iteration.
package main

import (
	"fmt"
	"maps"
	"slices"
)

func main() {
	m := make(map[string]int)
	m["k1"] = 7
	m["k2"] = 13
	fmt.Println("map:", m, "len:", len(m))
	v3 := m["k3"]
	fmt.Println("v3:", v3)
	delete(m, "k2")
	_, prs := m["k2"]
	fmt.Println("prs:", prs)
	n := map[string]int{"foo": 1, "bar": 2}
	n2 := map[string]int{"foo": 1, "bar": 2}
	if maps.Equal(n, n2) {
		fmt.Println("n == n2")
	}
	for _, k := range slices.Sorted(maps.Keys(n)) {
		fmt.Println(k, n[k])
	}
}
