// Go 1.21: clear empties a map and zeroes a slice's elements.
package main

import "fmt"

type item struct {
	Name string
	N    int
}

func main() {
	m := map[string]int{"a": 1, "b": 2}
	alias := m
	clear(m)
	fmt.Println(len(m), len(alias))
	s := []int{1, 2, 3}
	clear(s[1:])
	fmt.Println(s, len(s))
	items := []item{{"x", 1}, {"y", 2}}
	clear(items)
	fmt.Printf("%+v\n", items)
	var nilMap map[int]int
	clear(nilMap)
	fmt.Println(nilMap == nil)
}
