// Go 1.18: a generic type with methods, used with two type arguments.
package main

import "fmt"

type Stack[T any] struct {
	items []T
}

func (s *Stack[T]) Push(x T) { s.items = append(s.items, x) }

func (s *Stack[T]) Pop() (T, bool) {
	var zero T
	if len(s.items) == 0 {
		return zero, false
	}
	x := s.items[len(s.items)-1]
	s.items = s.items[:len(s.items)-1]
	return x, true
}

func (s *Stack[T]) Len() int { return len(s.items) }

func main() {
	var ints Stack[int]
	for i := 0; i < 4; i++ {
		ints.Push(i * i)
	}
	for ints.Len() > 0 {
		x, _ := ints.Pop()
		fmt.Print(x, " ")
	}
	fmt.Println()
	words := &Stack[string]{}
	words.Push("go")
	words.Push("generics")
	w, ok := words.Pop()
	fmt.Println(w, ok, words.Len())
	_, ok = (&Stack[float64]{}).Pop()
	fmt.Println(ok)
}
