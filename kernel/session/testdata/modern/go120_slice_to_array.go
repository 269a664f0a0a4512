// Go 1.20: converting a slice to an array (and, since 1.17, to an array pointer).
package main

import "fmt"

func main() {
	s := []int{1, 2, 3, 4}
	a := [3]int(s)
	a[0] = 100
	p := (*[2]int)(s)
	p[1] = 200
	fmt.Println(a, s)
	b := [0]int(s[:0])
	fmt.Println(len(b))
}
