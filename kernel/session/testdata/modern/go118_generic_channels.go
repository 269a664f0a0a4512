// Go 1.18: generic functions over channels: a generator and a merge.
package main

import (
	"fmt"
	"sort"
	"sync"
)

func Gen[T any](xs ...T) <-chan T {
	ch := make(chan T)
	go func() {
		defer close(ch)
		for _, x := range xs {
			ch <- x
		}
	}()
	return ch
}

func Merge[T any](cs ...<-chan T) <-chan T {
	out := make(chan T)
	var wg sync.WaitGroup
	for _, c := range cs {
		wg.Add(1)
		go func(c <-chan T) {
			defer wg.Done()
			for x := range c {
				out <- x
			}
		}(c)
	}
	go func() { wg.Wait(); close(out) }()
	return out
}

func main() {
	var got []int
	for x := range Merge(Gen(1, 2, 3), Gen(10, 20)) {
		got = append(got, x)
	}
	sort.Ints(got)
	fmt.Println(got)
}
