package rules_test

import (
	"context"
	"fmt"

	"github.com/coevolab/coevo/engine/game"
	"github.com/coevolab/coevo/engine/grundy"
	"github.com/coevolab/coevo/engine/rules"
)

// Paper 001's wished-for rule: subtract a divisor of the heap.
func ExampleParse() {
	g, err := rules.Parse(`
state 12
move -v : v | a1, v < a1   # remove a proper divisor
`)
	if err != nil {
		fmt.Println(err)
		return
	}
	gr, _ := g.Compile(context.Background(), game.Options{})
	t := grundy.Solve(gr)
	fmt.Println(gr.NumVertices(), "positions; first player wins:", t.Value(game.Start) != 0)
	// Output: 12 positions; first player wins: true
}

func ExampleError() {
	_, err := rules.Parse("state 3\nmove -v : 1 <= v <= a9\n")
	fmt.Println(err)
	// Output: line 2, column 21: a9: the state has components a1..a1
}
