// Go by Example style: sorting by a function (slices.SortFunc with cmp).
package main

import (
	"cmp"
	"fmt"
	"slices"
)

func main() {
	fruits := []string{"peach", "banana", "kiwi"}
	lenCmp := func(a, b string) int { return cmp.Compare(len(a), len(b)) }
	slices.SortFunc(fruits, lenCmp)
	fmt.Println(fruits)
	type Person struct {
		name string
		age  int
	}
	people := []Person{{name: "Jax", age: 37}, {name: "TJ", age: 25}, {name: "Alex", age: 72}}
	slices.SortFunc(people, func(a, b Person) int { return cmp.Compare(a.age, b.age) })
	for _, p := range people {
		fmt.Println(p.name, p.age)
	}
}
