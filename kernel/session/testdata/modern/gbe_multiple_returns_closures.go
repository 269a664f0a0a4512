// Go by Example style: multiple return values, named results and function values.
package main

import (
	"fmt"
	"strings"
)

func vals() (int, int) { return 3, 7 }

func split(sum int) (x, y int) {
	x = sum * 4 / 9
	y = sum - x
	return
}

func apply(fs map[string]func(string) string, s string) []string {
	var out []string
	for _, name := range []string{"upper", "repeat", "title"} {
		out = append(out, name+"="+fs[name](s))
	}
	return out
}

func main() {
	a, b := vals()
	_, c := vals()
	fmt.Println(a, b, c)
	fmt.Println(split(17))
	fs := map[string]func(string) string{
		"upper":  strings.ToUpper,
		"repeat": func(s string) string { return strings.Repeat(s, 2) },
		"title":  func(s string) string { return strings.ToUpper(s[:1]) + s[1:] },
	}
	fmt.Println(apply(fs, "go"))
}
