// Go 1.18: a constraint with a method and a type set together.
package main

import (
	"fmt"
	"strings"
)

type Level int

func (l Level) String() string { return strings.Repeat("*", int(l)) }

type StringInt interface {
	~int
	String() string
}

func Describe[T StringInt](xs []T) string {
	var parts []string
	total := 0
	for _, x := range xs {
		parts = append(parts, x.String())
		total += int(x)
	}
	return fmt.Sprintf("%s (total %d)", strings.Join(parts, " "), total)
}

func main() {
	fmt.Println(Describe([]Level{1, 3, 2}))
}
