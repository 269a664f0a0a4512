// Go by Example style: the sieve of Eratosthenes, and a concurrent prime sieve.
package main

import "fmt"

func primesUpTo(n int) []int {
	composite := make([]bool, n+1)
	var out []int
	for i := 2; i <= n; i++ {
		if composite[i] {
			continue
		}
		out = append(out, i)
		for j := i * i; j <= n; j += i {
			composite[j] = true
		}
	}
	return out
}

func generate(ch chan<- int) {
	for i := 2; ; i++ {
		ch <- i
	}
}

func filter(in <-chan int, out chan<- int, prime int) {
	for {
		i := <-in
		if i%prime != 0 {
			out <- i
		}
	}
}

func main() {
	fmt.Println(primesUpTo(50))
	ch := make(chan int)
	go generate(ch)
	for range 10 {
		prime := <-ch
		fmt.Print(prime, " ")
		ch1 := make(chan int)
		go filter(ch, ch1, prime)
		ch = ch1
	}
	fmt.Println()
}
