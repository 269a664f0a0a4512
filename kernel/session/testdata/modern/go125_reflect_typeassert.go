// Go 1.25: reflect.TypeAssert.
package main

import (
	"fmt"
	"reflect"
)

func main() {
	v := reflect.ValueOf(42)
	n, ok := reflect.TypeAssert[int](v)
	fmt.Println(n+1, ok)
	_, ok = reflect.TypeAssert[string](v)
	fmt.Println(ok)
	var e error = fmt.Errorf("x")
	err, ok := reflect.TypeAssert[error](reflect.ValueOf(e))
	fmt.Println(err, ok)
}
