// Go 1.23: structs.HostLayout as a marker field; Go 1.21: clear on an array-backed slice.
package main

import (
	"fmt"
	"structs"
	"unsafe"
)

type Point struct {
	_    structs.HostLayout
	X, Y int32
}

func main() {
	p := Point{X: 1, Y: 2}
	fmt.Println(p.X+p.Y, unsafe.Sizeof(p.X))
}
