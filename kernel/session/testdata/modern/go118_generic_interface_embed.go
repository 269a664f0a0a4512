// Go 1.18: a generic interface type and a generic type implementing it.
package main

import "fmt"

type Container[T any] interface {
	Put(T)
	All() []T
}

type Bag[T any] struct{ xs []T }

func (b *Bag[T]) Put(x T)  { b.xs = append(b.xs, x) }
func (b *Bag[T]) All() []T { return b.xs }

func Fill[T any](c Container[T], xs ...T) {
	for _, x := range xs {
		c.Put(x)
	}
}

func main() {
	b := &Bag[rune]{}
	Fill[rune](b, 'g', 'o')
	fmt.Println(string(b.All()))
	var c Container[int] = &Bag[int]{}
	Fill(c, 1, 2)
	fmt.Println(c.All())
}
