// Go by Example style: structs, pointers and methods with value and pointer receivers.
package main

import "fmt"

type rect struct {
	width, height int
}

func (r *rect) area() int   { return r.width * r.height }
func (r rect) perim() int   { return 2*r.width + 2*r.height }
func (r *rect) scale(k int) { r.width *= k; r.height *= k }

func main() {
	r := rect{width: 10, height: 5}
	fmt.Println("area:", r.area(), "perim:", r.perim())
	rp := &r
	rp.scale(2)
	fmt.Println("area:", rp.area(), "perim:", rp.perim(), r.width)
	s := struct {
		name string
		ok   bool
	}{"anon", true}
	fmt.Println(s.name, s.ok)
}
