// Go 1.22: reflect.TypeFor.
package main

import (
	"fmt"
	"reflect"
)

func main() {
	fmt.Println(reflect.TypeFor[int](), reflect.TypeFor[[]string]().Kind())
	fmt.Println(reflect.TypeFor[error]().Kind(), reflect.TypeFor[map[string]bool]())
}
