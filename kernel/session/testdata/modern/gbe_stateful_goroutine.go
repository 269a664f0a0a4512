// Go by Example style: a goroutine owning state, reached by request channels.
package main

import "fmt"

type readOp struct {
	key  int
	resp chan int
}

type writeOp struct {
	key, val int
	resp     chan bool
}

func main() {
	reads := make(chan readOp)
	writes := make(chan writeOp)
	go func() {
		state := map[int]int{}
		for {
			select {
			case r := <-reads:
				r.resp <- state[r.key]
			case w := <-writes:
				state[w.key] = w.val
				w.resp <- true
			}
		}
	}()
	for i := range 5 {
		w := writeOp{key: i, val: i * i, resp: make(chan bool)}
		writes <- w
		<-w.resp
	}
	total := 0
	for i := range 5 {
		r := readOp{key: i, resp: make(chan int)}
		reads <- r
		total += <-r.resp
	}
	fmt.Println("total:", total)
}
