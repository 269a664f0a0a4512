// Go by Example style: channel directions, buffering, synchronization and non-blocking operations.
package main

import "fmt"

func ping(pings chan<- string, msg string) { pings <- msg }

func pong(pings <-chan string, pongs chan<- string) {
	msg := <-pings
	pongs <- msg
}

func worker(done chan bool) {
	fmt.Println("working...done")
	done <- true
}

func main() {
	pings := make(chan string, 1)
	pongs := make(chan string, 1)
	ping(pings, "passed message")
	pong(pings, pongs)
	fmt.Println(<-pongs)
	done := make(chan bool, 1)
	go worker(done)
	<-done
	messages := make(chan string)
	select {
	case msg := <-messages:
		fmt.Println("received message", msg)
	default:
		fmt.Println("no message received")
	}
	select {
	case messages <- "hi":
		fmt.Println("sent message")
	default:
		fmt.Println("no message sent")
	}
}
