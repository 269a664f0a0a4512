// Go 1.18: a generic binary search tree ordered by cmp.Ordered (Go 1.21's cmp).
package main

import (
	"cmp"
	"fmt"
)

type Tree[K cmp.Ordered, V any] struct {
	root *tnode[K, V]
	n    int
}

type tnode[K cmp.Ordered, V any] struct {
	k           K
	v           V
	left, right *tnode[K, V]
}

func (t *Tree[K, V]) Put(k K, v V) {
	p := &t.root
	for *p != nil {
		switch c := cmp.Compare(k, (*p).k); {
		case c < 0:
			p = &(*p).left
		case c > 0:
			p = &(*p).right
		default:
			(*p).v = v
			return
		}
	}
	*p = &tnode[K, V]{k: k, v: v}
	t.n++
}

func (t *Tree[K, V]) Walk(f func(K, V)) { walk(t.root, f) }

func walk[K cmp.Ordered, V any](n *tnode[K, V], f func(K, V)) {
	if n == nil {
		return
	}
	walk(n.left, f)
	f(n.k, n.v)
	walk(n.right, f)
}

func main() {
	var t Tree[string, int]
	for i, w := range []string{"pear", "apple", "fig", "apple", "kiwi"} {
		t.Put(w, i)
	}
	t.Walk(func(k string, v int) { fmt.Println(k, v) })
	fmt.Println(t.n)
}
