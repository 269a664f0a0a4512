// Go by Example style: arrays, 2D arrays and slices of slices.
package main

import "fmt"

func mul(a, b [2][2]int) [2][2]int {
	var c [2][2]int
	for i := range 2 {
		for j := range 2 {
			for k := range 2 {
				c[i][j] += a[i][k] * b[k][j]
			}
		}
	}
	return c
}

func main() {
	var a [5]int
	a[4] = 100
	fmt.Println("set:", a, "len:", len(a))
	b := [...]int{1, 2, 3, 4, 5}
	fmt.Println(b, len(b))
	c := [5]int{100, 3: 400, 500}
	fmt.Println(c)
	fib := [2][2]int{{1, 1}, {1, 0}}
	m := fib
	for range 5 {
		m = mul(m, fib)
	}
	fmt.Println(m)
	tri := make([][]int, 4)
	for i := range tri {
		tri[i] = make([]int, i+1)
		tri[i][0], tri[i][i] = 1, 1
		for j := 1; j < i; j++ {
			tri[i][j] = tri[i-1][j-1] + tri[i-1][j]
		}
	}
	fmt.Println(tri)
}
