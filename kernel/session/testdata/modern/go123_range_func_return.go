// Go 1.23: return from inside a range-over-func loop, with named and unnamed results.
package main

import (
	"fmt"
	"iter"
	"maps"
	"slices"
)

func Find(seq iter.Seq[string], prefix string) (string, bool) {
	for s := range seq {
		if len(s) >= len(prefix) && s[:len(prefix)] == prefix {
			return s, true
		}
	}
	return "", false
}

func FirstKey(m map[string]int, min int) (key string, err error) {
	for _, k := range slices.Sorted(maps.Keys(m)) {
		for v := range slices.Values([]int{m[k]}) {
			if v >= min {
				key = k
				return
			}
		}
	}
	return "", fmt.Errorf("none above %d", min)
}

func main() {
	words := slices.Values([]string{"apple", "banana", "blueberry"})
	fmt.Println(Find(words, "bl"))
	fmt.Println(Find(words, "z"))
	m := map[string]int{"a": 1, "b": 5, "c": 9}
	fmt.Println(FirstKey(m, 4))
	fmt.Println(FirstKey(m, 10))
}
