// Go 1.23: labeled break and continue out of nested range-over-func loops.
package main

import "fmt"

func Seq(n int) func(func(int) bool) {
	return func(yield func(int) bool) {
		for i := 0; i < n; i++ {
			if !yield(i) {
				fmt.Println("  stopped at", i)
				return
			}
		}
	}
}

func main() {
outer:
	for i := range Seq(4) {
		for j := range Seq(4) {
			if j > i {
				continue outer
			}
			if i == 3 {
				break outer
			}
			fmt.Println(i, j)
		}
	}
	fmt.Println("done")
rows:
	for i := 0; i < 3; i++ {
		for j := range Seq(5) {
			if j == 2 {
				continue rows
			}
			if i == 2 {
				break rows
			}
			fmt.Println("row", i, j)
		}
	}
}
