package connect4_test

import (
	"fmt"
	"math/rand/v2"

	"github.com/coevolab/coevo/engine/connect4"
)

// The distinct positions after 0 to 6 plies: OEIS A212693.
func ExamplePositions() {
	counts, _ := connect4.Positions(6)
	fmt.Println(counts)
	// Output: [1 7 49 238 1120 4263 16422]
}

// Alpha-beta four plies deep (X) against the hand-made evaluation one ply
// deep, without forced random moves.
func ExamplePlay() {
	g, err := connect4.Play(&connect4.AlphaBeta{Depth: 4}, connect4.Heuristic(), 0, rand.New(rand.NewPCG(1, 0)))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(g.Transcript(), g.Score())
	// Output: dddddcgccccdefeeeecff 1
}
