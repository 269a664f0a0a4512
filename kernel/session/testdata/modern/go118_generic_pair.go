// Go 1.18: a generic struct with two type parameters and a generic constructor.
package main

import "fmt"

type Pair[K comparable, V any] struct {
	Key K
	Val V
}

func (p Pair[K, V]) String() string { return fmt.Sprintf("%v=%v", p.Key, p.Val) }

func MakePair[K comparable, V any](k K, v V) Pair[K, V] { return Pair[K, V]{k, v} }

func Swap[K, V comparable](p Pair[K, V]) Pair[V, K] { return Pair[V, K]{p.Val, p.Key} }

func main() {
	p := MakePair("answer", 42)
	fmt.Println(p.String())
	q := Swap(p)
	fmt.Println(q.Key+1, q.Val)
	ps := []Pair[int, bool]{{1, true}, {2, false}}
	for _, x := range ps {
		fmt.Println(x.Key, x.Val)
	}
}
