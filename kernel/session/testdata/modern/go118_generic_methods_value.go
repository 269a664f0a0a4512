// Go 1.18: methods of a generic type as values and in an interface.
package main

import (
	"fmt"
	"strings"
)

type Counter[K comparable] struct {
	counts map[K]int
	order  []K
}

func NewCounter[K comparable]() *Counter[K] {
	return &Counter[K]{counts: map[K]int{}}
}

func (c *Counter[K]) Add(k K) {
	if c.counts[k] == 0 {
		c.order = append(c.order, k)
	}
	c.counts[k]++
}

func (c *Counter[K]) String() string {
	var b strings.Builder
	for _, k := range c.order {
		fmt.Fprintf(&b, "%v:%d ", k, c.counts[k])
	}
	return b.String()
}

func main() {
	c := NewCounter[rune]()
	add := c.Add
	for _, r := range "hello" {
		add(r)
	}
	var s fmt.Stringer = c
	fmt.Println(s.String())
	words := NewCounter[string]()
	for _, w := range strings.Fields("a b a c b a") {
		words.Add(w)
	}
	fmt.Println(words.String())
}
