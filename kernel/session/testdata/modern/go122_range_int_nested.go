// Go 1.22: nested ranges over integers with labels, and an assignment form.
package main

import "fmt"

func main() {
	var i int
outer:
	for i = range 10 {
		for j := range i {
			if j == 3 {
				continue outer
			}
			if i == 6 {
				break outer
			}
			fmt.Print(i, j, " ")
		}
	}
	fmt.Println()
	fmt.Println("stopped at", i)
	grid := [3][4]int{}
	for r := range len(grid) {
		for c := range len(grid[r]) {
			grid[r][c] = r * c
		}
	}
	fmt.Println(grid)
}
