// Go 1.23: defer inside a range-over-func body runs when the function returns.
package main

import (
	"fmt"
	"slices"
)

func Process(items []string) {
	defer fmt.Println("process done")
	for i, it := range slices.All(items) {
		defer fmt.Println("release", i, it)
		fmt.Println("use", it)
	}
	fmt.Println("end of loop")
}

func main() {
	Process([]string{"a", "b"})
}
