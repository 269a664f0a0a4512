// Go 1.18: any is interface{}.
package main

import "fmt"

func Describe(xs ...any) []string {
	var out []string
	for _, x := range xs {
		out = append(out, fmt.Sprintf("%T", x))
	}
	return out
}

func main() {
	var a any = 3
	var b interface{} = a
	fmt.Println(a == b, Describe(1, "s", 2.5, nil, []any{1}))
	m := map[string]any{"n": 1, "s": "x"}
	fmt.Println(m["n"], m["s"])
}
