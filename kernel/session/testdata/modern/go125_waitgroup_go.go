// Go 1.25: sync.WaitGroup.Go.
package main

import (
	"fmt"
	"sync"
)

func main() {
	var wg sync.WaitGroup
	squares := make([]int, 6)
	for i := range squares {
		wg.Go(func() { squares[i] = i * i })
	}
	wg.Wait()
	fmt.Println(squares)
}
