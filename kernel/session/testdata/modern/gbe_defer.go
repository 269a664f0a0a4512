// Go by Example style: defer runs in reverse order when the function returns.
package main

import "fmt"

func trace(name string) func() {
	fmt.Println("enter", name)
	return func() { fmt.Println("leave", name) }
}

func work() (result int) {
	defer trace("work")()
	defer func() { result *= 2 }()
	for i := 0; i < 3; i++ {
		defer fmt.Println("deferred", i)
	}
	return 21
}

func main() {
	fmt.Println(work())
}
