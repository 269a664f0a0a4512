// Go 1.18: a type switch on a type parameter's value.
package main

import "fmt"

func Kind[T any](v T) string {
	switch x := any(v).(type) {
	case int:
		return fmt.Sprintf("int %d", x)
	case string:
		return "string " + x
	case []T:
		return "slice"
	case fmt.Stringer:
		return "stringer " + x.String()
	default:
		return fmt.Sprintf("other %T", x)
	}
}

type name string

func (n name) String() string { return "<" + string(n) + ">" }

func main() {
	fmt.Println(Kind(3))
	fmt.Println(Kind("go"))
	fmt.Println(Kind(name("n")))
	fmt.Println(Kind(2.5))
}
