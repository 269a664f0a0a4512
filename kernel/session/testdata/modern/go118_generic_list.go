// Go 1.18: a recursive generic type (a linked list) with a generic method walk.
package main

import "fmt"

type List[T any] struct {
	head *node[T]
	size int
}

type node[T any] struct {
	val  T
	next *node[T]
}

func (l *List[T]) PushFront(v T) {
	l.head = &node[T]{v, l.head}
	l.size++
}

func (l *List[T]) Each(f func(T)) {
	for n := l.head; n != nil; n = n.next {
		f(n.val)
	}
}

func main() {
	var l List[string]
	for _, s := range []string{"c", "b", "a"} {
		l.PushFront(s)
	}
	l.Each(func(s string) { fmt.Print(s, ";") })
	fmt.Println(l.size)
}
