// Go 1.18: a type parameter constrained by ~[]E, so a named slice type comes back named.
package main

import "fmt"

type Scores []int

func (s Scores) Total() int {
	t := 0
	for _, x := range s {
		t += x
	}
	return t
}

func Double[S ~[]E, E ~int](s S) S {
	out := make(S, len(s))
	for i, x := range s {
		out[i] = x * 2
	}
	return out
}

func main() {
	d := Double(Scores{1, 2, 3})
	fmt.Println(d, d.Total())
}
