// Go 1.21: the maps package (Clone, Copy, Equal, DeleteFunc, EqualFunc).
package main

import (
	"fmt"
	"maps"
	"strings"
)

func main() {
	m := map[string]int{"a": 1, "b": 2, "c": 3}
	c := maps.Clone(m)
	c["d"] = 4
	fmt.Println(len(m), len(c), maps.Equal(m, c))
	maps.DeleteFunc(c, func(k string, v int) bool { return v%2 == 0 })
	fmt.Println(c)
	dst := map[string]int{"z": 26}
	maps.Copy(dst, m)
	fmt.Println(dst)
	lower := map[string]string{"k": "v"}
	upper := map[string]string{"k": "V"}
	fmt.Println(maps.EqualFunc(lower, upper, strings.EqualFold))
}
