// Go 1.23: range over an iterator function (iter.Seq).
package main

import (
	"fmt"
	"iter"
)

func Countdown(n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for i := n; i > 0; i-- {
			if !yield(i) {
				return
			}
		}
	}
}

func main() {
	for x := range Countdown(3) {
		fmt.Print(x, " ")
	}
	fmt.Println()
	sum := 0
	for x := range Countdown(100) {
		if x < 95 {
			break
		}
		sum += x
	}
	fmt.Println(sum)
}
