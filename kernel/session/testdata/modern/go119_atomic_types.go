// Go 1.19: typed atomics (atomic.Int64, atomic.Bool) shared by goroutines.
package main

import (
	"fmt"
	"sync"
	"sync/atomic"
)

func main() {
	var n atomic.Int64
	var done atomic.Bool
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := 0; j < 100; j++ {
				n.Add(1)
			}
		}()
	}
	wg.Wait()
	done.Store(true)
	fmt.Println(n.Load(), done.Load())
}
