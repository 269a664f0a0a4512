// Go 1.21: slices.SortFunc and SortStableFunc with cmp.Compare, on a struct.
package main

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

type Person struct {
	Name string
	Age  int
}

func main() {
	people := []Person{{"Alice", 30}, {"Bob", 25}, {"Carol", 30}, {"Dan", 25}, {"Eve", 35}}
	slices.SortStableFunc(people, func(a, b Person) int { return cmp.Compare(a.Age, b.Age) })
	fmt.Println(people)
	slices.SortFunc(people, func(a, b Person) int {
		return cmp.Or(cmp.Compare(b.Age, a.Age), strings.Compare(a.Name, b.Name))
	})
	fmt.Println(people)
	i, ok := slices.BinarySearchFunc(people, 30, func(p Person, age int) int { return cmp.Compare(age, p.Age) })
	fmt.Println(i, ok)
	oldest := slices.MaxFunc(people, func(a, b Person) int { return cmp.Compare(a.Age, b.Age) })
	fmt.Println(oldest.Name)
}
