// Go 1.18/1.20: strings.Cut, CutPrefix, CutSuffix and bytes.Clone.
package main

import (
	"bytes"
	"fmt"
	"strings"
)

func main() {
	k, v, ok := strings.Cut("name=gopher", "=")
	fmt.Println(k, v, ok)
	rest, ok := strings.CutPrefix("prefix-body", "prefix-")
	fmt.Println(rest, ok)
	base, ok := strings.CutSuffix("main.go", ".go")
	fmt.Println(base, ok)
	_, _, ok = strings.Cut("nothing", ":")
	fmt.Println(ok)
	b := []byte("abc")
	c := bytes.Clone(b)
	c[0] = 'X'
	fmt.Println(string(b), string(c))
}
