// Go 1.22: range over an integer.
package main

import "fmt"

type Size uint8

func main() {
	for i := range 3 {
		fmt.Print(i, " ")
	}
	fmt.Println()
	n := 0
	for range 5 {
		n++
	}
	fmt.Println(n)
	var s Size = 4
	for i := range s {
		var same Size = i // i has the type of s
		fmt.Printf("%d ", same*2)
	}
	fmt.Println()
	for i := range 0 {
		fmt.Println("never", i)
	}
	for i := range -2 {
		fmt.Println("never", i)
	}
	total := 0
	for i := range 10 {
		if i%2 == 0 {
			continue
		}
		if i > 7 {
			break
		}
		total += i
	}
	fmt.Println(total)
}
