// Go 1.24: weak pointers (the value stays reachable here, so Value returns it).
package main

import (
	"fmt"
	"weak"
)

type blob struct{ data []byte }

func main() {
	b := &blob{data: make([]byte, 10)}
	w := weak.Make(b)
	if v := w.Value(); v != nil {
		fmt.Println(len(v.data), v == b)
	}
	fmt.Println(weak.Make(b) == w)
	var none weak.Pointer[blob]
	fmt.Println(none.Value() == nil)
}
