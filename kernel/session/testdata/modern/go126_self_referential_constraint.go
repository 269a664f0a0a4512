// Go 1.26: a generic type may refer to itself in its own type parameter list.
package main

import "fmt"

type Adder[A Adder[A]] interface {
	Add(A) A
}

type Vec struct{ X, Y int }

func (v Vec) Add(w Vec) Vec { return Vec{v.X + w.X, v.Y + w.Y} }

func Sum[A Adder[A]](xs ...A) A {
	var total A
	for _, x := range xs {
		total = total.Add(x)
	}
	return total
}

func main() {
	fmt.Println(Sum(Vec{1, 2}, Vec{3, 4}, Vec{5, 6}))
}
