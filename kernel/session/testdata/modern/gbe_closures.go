// Go by Example style: closures keep state.
package main

import "fmt"

func intSeq() func() int {
	i := 0
	return func() int {
		i++
		return i
	}
}

func main() {
	next := intSeq()
	fmt.Println(next(), next(), next())
	other := intSeq()
	fmt.Println(other())
}
