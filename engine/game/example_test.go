package game_test

import (
	"fmt"

	"github.com/coevolab/coevo/engine/game"
)

// A one-heap subtraction game where a move removes 1, 2 or 3 tokens,
// written as a game.Func and compiled to a graph.
func ExampleCompile() {
	g := game.Func{
		StartPos: []byte{10},
		MovesFunc: func(p []byte, yield func([]byte)) {
			for k := byte(1); k <= 3 && k <= p[0]; k++ {
				yield([]byte{p[0] - k})
			}
		},
	}
	gr, err := game.Compile(g)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(gr.NumVertices(), "positions,", gr.NumEdges(), "moves, start", gr.Format(game.Start))
	// Output: 11 positions, 27 moves, start 10
}
