// Go by Example style: package sort, on ints, strings and a custom Less.
package main

import (
	"fmt"
	"sort"
)

type byLength []string

func (s byLength) Len() int           { return len(s) }
func (s byLength) Swap(i, j int)      { s[i], s[j] = s[j], s[i] }
func (s byLength) Less(i, j int) bool { return len(s[i]) < len(s[j]) }

func main() {
	strs := []string{"c", "a", "b"}
	sort.Strings(strs)
	fmt.Println("Strings:", strs)
	ints := []int{7, 2, 4}
	sort.Ints(ints)
	fmt.Println("Ints:   ", ints, sort.IntsAreSorted(ints))
	fruits := []string{"peach", "banana", "kiwi"}
	sort.Sort(byLength(fruits))
	fmt.Println(fruits)
	people := []struct {
		Name string
		Age  int
	}{{"A", 30}, {"B", 20}, {"C", 25}}
	sort.Slice(people, func(i, j int) bool { return people[i].Age < people[j].Age })
	fmt.Println(people)
	fmt.Println(sort.SearchInts([]int{1, 3, 5, 7}, 5))
}
