// Go by Example style: labeled break and continue in plain loops, switch fallthrough.
package main

import "fmt"

func main() {
	grid := [][]int{{1, 2, 3}, {4, -1, 6}, {7, 8, 9}}
	sum := 0
scan:
	for _, row := range grid {
		for _, v := range row {
			if v < 0 {
				continue scan
			}
			if v > 8 {
				break scan
			}
			sum += v
		}
	}
	fmt.Println(sum)
	for i := 0; i < 4; i++ {
		switch {
		case i == 1:
			fmt.Println("one, falling through")
			fallthrough
		case i == 2:
			fmt.Println("one or two:", i)
		default:
			fmt.Println("other:", i)
		}
	}
}
