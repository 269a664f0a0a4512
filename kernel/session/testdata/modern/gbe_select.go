// Go by Example style: select over channels, with a default case.
package main

import "fmt"

func main() {
	c1 := make(chan string, 1)
	c2 := make(chan string, 1)
	c1 <- "one"
	got := 0
	for got < 2 {
		select {
		case msg := <-c1:
			fmt.Println("received", msg)
			c2 <- "two"
			got++
		case msg := <-c2:
			fmt.Println("received", msg)
			got++
		}
	}
	select {
	case m := <-c1:
		fmt.Println("unexpected", m)
	default:
		fmt.Println("no message")
	}
}
