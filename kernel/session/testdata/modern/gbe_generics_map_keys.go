// Go by Example style: a generic MapKeys constrained by ~map[K]V, on a named map type.
package main

import (
	"fmt"
	"sort"
)

func MapKeys[M ~map[K]V, K comparable, V any](m M) []K {
	r := make([]K, 0, len(m))
	for k := range m {
		r = append(r, k)
	}
	return r
}

type Ages map[string]int

func main() {
	var m = map[int]string{1: "2", 2: "4", 4: "8"}
	keys := MapKeys(m)
	sort.Ints(keys)
	fmt.Println("keys:", keys)
	ages := MapKeys(Ages{"ann": 3, "bob": 5})
	sort.Strings(ages)
	fmt.Println(ages)
}
