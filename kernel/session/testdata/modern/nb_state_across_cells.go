// Notebook style: a session built up over several cells (types, generic
// functions, iterators and their use in later cells).
package main

import (
	"cmp"
	"fmt"
	"iter"
	"maps"
	"slices"
)

type Game struct {
	Name   string
	Nimber int
}

//cell

func Ranked[K comparable, V cmp.Ordered](m map[K]V) iter.Seq2[K, V] {
	keys := slices.Collect(maps.Keys(m))
	slices.SortFunc(keys, func(a, b K) int { return cmp.Compare(m[b], m[a]) })
	return func(yield func(K, V) bool) {
		for _, k := range keys {
			if !yield(k, m[k]) {
				return
			}
		}
	}
}

func main() {
	games := []Game{{"kayles", 3}, {"nim", 5}, {"chomp", 1}}
	//cell
	score := map[string]int{}
	for _, g := range games {
		score[g.Name] = g.Nimber * 10
	}
	//cell
	for name, s := range Ranked(score) {
		fmt.Println(name, s)
	}
	//cell
	best := slices.MaxFunc(games, func(a, b Game) int { return cmp.Compare(a.Nimber, b.Nimber) })
	fmt.Println("best:", best.Name, min(best.Nimber, 4), max(len(games), 2))
	//cell
	for i := range len(games) {
		games[i].Nimber++
	}
	fmt.Println(games)
}
