// Go by Example style: fmt's verbs.
package main

import (
	"fmt"
	"os"
)

type point struct {
	X, Y int
}

func main() {
	p := point{1, 2}
	fmt.Printf("struct1: %v\n", p)
	fmt.Printf("struct2: %+v\n", p)
	fmt.Printf("type: %T\n", 3.5)
	fmt.Printf("bool: %t\n", true)
	fmt.Printf("int: %d bin: %b char: %c hex: %x\n", 123, 14, 33, 456)
	fmt.Printf("float1: %f float2: %e\n", 78.9, 123400000.0)
	fmt.Printf("str1: %s str2: %q hex: %x\n", "\"string\"", "\"string\"", "hex this")
	fmt.Printf("width1: |%6d|%6d|\n", 12, 345)
	fmt.Printf("width2: |%6.2f|%6.2f|\n", 1.2, 3.45)
	fmt.Printf("width3: |%-6.2f|%-6.2f|\n", 1.2, 3.45)
	fmt.Printf("width4: |%8s|%-8s|\n", "foo", "b")
	s := fmt.Sprintf("sprintf: a %s", "string")
	fmt.Println(s)
	fmt.Fprintf(os.Stdout, "io: an %s\n", "error")
	fmt.Printf("ptr-ish: %v %v\n", &p == &p, []string{"a"})
}
