// Go 1.24: iterators in strings and bytes (Lines, SplitSeq, FieldsSeq, FieldsFuncSeq).
package main

import (
	"bytes"
	"fmt"
	"strings"
	"unicode"
)

func main() {
	text := "first line\nsecond line\nthird"
	for line := range strings.Lines(text) {
		fmt.Printf("%q\n", line)
	}
	for part := range strings.SplitSeq("a,b,,c", ",") {
		fmt.Print("[", part, "]")
	}
	fmt.Println()
	n := 0
	for w := range strings.FieldsSeq("  many   words here ") {
		n += len(w)
	}
	fmt.Println(n)
	for w := range strings.FieldsFuncSeq("a1b22c", unicode.IsDigit) {
		fmt.Print(w, " ")
	}
	fmt.Println()
	for chunk := range bytes.SplitSeq([]byte("x-y-z"), []byte("-")) {
		fmt.Print(string(chunk))
	}
	fmt.Println()
}
