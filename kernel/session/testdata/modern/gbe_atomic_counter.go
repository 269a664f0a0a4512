// Go by Example style: atomic counters with sync/atomic functions.
package main

import (
	"fmt"
	"sync"
	"sync/atomic"
)

func main() {
	var ops uint64
	var wg sync.WaitGroup
	for i := 0; i < 20; i++ {
		wg.Add(1)
		go func() {
			for c := 0; c < 500; c++ {
				atomic.AddUint64(&ops, 1)
			}
			wg.Done()
		}()
	}
	wg.Wait()
	fmt.Println("ops:", atomic.LoadUint64(&ops))
	var flag int32
	fmt.Println(atomic.CompareAndSwapInt32(&flag, 0, 1), atomic.CompareAndSwapInt32(&flag, 0, 1), flag)
}
