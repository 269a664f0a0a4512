// Package chunks runs a loop over [0, n) split into a fixed number of
// chunks, on up to GOMAXPROCS goroutines. The split depends only on n and
// the number of chunks, never on the CPUs, so a computation that combines
// per-chunk results in chunk order gives the same result on any machine.
package chunks

import (
	"runtime"
	"sync"
)

// Bounds returns chunk c of [0, n) split into k chunks.
func Bounds(n, k, c int) (lo, hi int) { return c * n / k, (c + 1) * n / k }

// Run calls f(c, lo, hi) for each of k chunks of [0, n), on up to
// GOMAXPROCS goroutines, and returns when all are done.
func Run(n, k int, f func(c, lo, hi int)) {
	workers := min(runtime.GOMAXPROCS(0), k)
	if workers <= 1 {
		for c := 0; c < k; c++ {
			lo, hi := Bounds(n, k, c)
			f(c, lo, hi)
		}
		return
	}
	next := make(chan int, k)
	for c := 0; c < k; c++ {
		next <- c
	}
	close(next)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for c := range next {
				lo, hi := Bounds(n, k, c)
				f(c, lo, hi)
			}
		}()
	}
	wg.Wait()
}
