// Go 1.23: a type with an All method returning iter.Seq2, ranged with break
// inside a nested plain loop and a closure capturing the range variables.
package main

import (
	"fmt"
	"iter"
)

type Grid struct {
	w, h  int
	cells []rune
}

func NewGrid(w, h int) *Grid {
	g := &Grid{w: w, h: h, cells: make([]rune, w*h)}
	for i := range g.cells {
		g.cells[i] = '.'
	}
	return g
}

func (g *Grid) All() iter.Seq2[[2]int, rune] {
	return func(yield func([2]int, rune) bool) {
		for y := range g.h {
			for x := range g.w {
				if !yield([2]int{x, y}, g.cells[y*g.w+x]) {
					return
				}
			}
		}
	}
}

func main() {
	g := NewGrid(3, 2)
	g.cells[4] = '#'
	var later []func() string
	for pos, c := range g.All() {
		later = append(later, func() string { return fmt.Sprintf("%v%c", pos, c) })
		if c == '#' {
			break
		}
	}
	for _, f := range later {
		fmt.Print(f(), " ")
	}
	fmt.Println()
}
