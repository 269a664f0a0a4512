// Go 1.22: goroutines started in a loop see their own iteration's value.
package main

import (
	"fmt"
	"sync"
)

func main() {
	results := make([]int, 5)
	var wg sync.WaitGroup
	for i := 0; i < 5; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i] = i * i
		}()
	}
	wg.Wait()
	fmt.Println(results)
	var mu sync.Mutex
	seen := map[string]bool{}
	for _, w := range []string{"x", "y", "z"} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mu.Lock()
			seen[w] = true
			mu.Unlock()
		}()
	}
	wg.Wait()
	fmt.Println(len(seen), seen["x"], seen["z"])
}
