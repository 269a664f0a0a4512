// Go by Example style: printing structs with %v, %+v and %#v, and %T.
package main

import "fmt"

type point struct {
	x, y int
}

func main() {
	p := point{1, 2}
	fmt.Printf("%v\n", p)
	fmt.Printf("%+v\n", p)
	fmt.Printf("%T\n", p)
	fmt.Printf("%#v\n", p)
}
