// Go 1.22: each iteration of a for loop has its own variable, captured by closures.
package main

import "fmt"

func main() {
	var fs []func() int
	for i := 0; i < 3; i++ {
		fs = append(fs, func() int { return i * 10 })
	}
	for _, f := range fs {
		fmt.Print(f(), " ")
	}
	fmt.Println()
	var ps []*string
	for _, s := range []string{"a", "b", "c"} {
		ps = append(ps, &s)
	}
	for _, p := range ps {
		fmt.Print(*p)
	}
	fmt.Println()
}
