// Go 1.21: the min and max built-ins on integers, constants and variables.
package main

import "fmt"

type Score int8

func main() {
	a, b, c := 7, -3, 12
	fmt.Println(min(a, b, c), max(a, b, c), min(a), max(b, 5))
	const k = min(3, 1, 2)
	var s Score = max(Score(4), -2)
	fmt.Println(k, s)
	var u uint = 10
	fmt.Println(max(u, 3), min(u, 20))
	x := min(2, 1.5)
	fmt.Printf("%v %T\n", x, x)
}
