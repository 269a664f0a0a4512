// Go 1.22: a loop variable captured per iteration and changed in the body
// carries over to the next iteration.
package main

import "fmt"

func main() {
	var fs []func() int
	for i := 0; i < 10; i++ {
		if i%3 == 0 {
			i++
			continue
		}
		fs = append(fs, func() int { return i })
		i++
	}
	for _, f := range fs {
		fmt.Print(f(), " ")
	}
	fmt.Println()
}
