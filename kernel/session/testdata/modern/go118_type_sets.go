// Go 1.18: a constraint with a type set of underlying types.
package main

import "fmt"

type Number interface {
	~int | ~int64 | ~float64
}

func Sum[T Number](xs ...T) T {
	var s T
	for _, x := range xs {
		s += x
	}
	return s
}

type Celsius float64

func main() {
	fmt.Println(Sum(1, 2, 3))
	fmt.Println(Sum(1.5, 2.25))
	fmt.Println(Sum[Celsius](20.5, 1.5))
	fmt.Printf("%.2f\n", float64(Sum(Celsius(1), Celsius(2))))
	fmt.Println(Sum[int64]())
}
