// Go 1.23: iterators over a channel and in goroutines; range over an integer inside a range over a function.
package main

import (
	"fmt"
	"iter"
	"sync"
)

func FromChan[T any](ch <-chan T) iter.Seq[T] {
	return func(yield func(T) bool) {
		for v := range ch {
			if !yield(v) {
				return
			}
		}
	}
}

func Squares(n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for i := range n {
			if !yield(i * i) {
				return
			}
		}
	}
}

func main() {
	ch := make(chan string, 3)
	ch <- "a"
	ch <- "b"
	ch <- "c"
	close(ch)
	for s := range FromChan(ch) {
		fmt.Print(s)
	}
	fmt.Println()
	results := make([]int, 3)
	var wg sync.WaitGroup
	for w := range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for sq := range Squares(w + 2) {
				results[w] += sq
			}
		}()
	}
	wg.Wait()
	fmt.Println(results)
outer:
	for sq := range Squares(10) {
		for j := range 3 {
			if sq > 20 {
				break outer
			}
			if j == 1 {
				continue outer
			}
			fmt.Print(sq, ":", j, " ")
		}
	}
	fmt.Println()
}
