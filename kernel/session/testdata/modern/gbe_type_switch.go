// Go by Example style: a type switch over compiled types.
package main

import (
	"fmt"
	"strings"
)

func whatAmI(i any) string {
	switch t := i.(type) {
	case bool:
		return "bool"
	case int, int64:
		return fmt.Sprintf("integer %v", t)
	case string:
		return "string of " + fmt.Sprint(len(t))
	case []int:
		return fmt.Sprint("ints ", len(t))
	case *strings.Builder:
		return "builder"
	case nil:
		return "nil"
	default:
		return fmt.Sprintf("unknown %T", t)
	}
}

func main() {
	for _, v := range []any{true, 1, int64(2), "hey", []int{1}, &strings.Builder{}, nil, 2.5} {
		fmt.Println(whatAmI(v))
	}
}
