package othello_test

import (
	"fmt"
	"math/rand/v2"

	"github.com/coevolab/coevo/engine/othello"
)

// Perft from the start: the published 4, 12, 56, 244, 1396, 8200.
func ExamplePerft() {
	for d := 1; d <= 6; d++ {
		fmt.Print(othello.Perft(othello.Start(), d), " ")
	}
	fmt.Println()
	// Output: 4 12 56 244 1396 8200
}

// Replaying a record: an 11-move game that ends 14-1 (W. D. Smith).
func ExampleReplay() {
	g, err := othello.Replay("f5 f4 c3 e6 f7 g6 g4 e8 g8 g5 h5")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(g.Final)
	fmt.Println(g.Result())
	// Output:
	//   a b c d e f g h
	// 1 . . . . . . . .
	// 2 . . . . . . . .
	// 3 . . X . . . . .
	// 4 . . . X X X X .
	// 5 . . . X X X X X
	// 6 . . . . X . X .
	// 7 . . . . . X . .
	// 8 . . . . O . X .
	// black (X) 14, white (O) 1; game over
	// black 14, white 1: black wins
}

// A game between the heuristic WPC (black) and a seeded random WPC,
// each side making a forced random move with probability 0.1. The same
// players and stream always give the same game.
func ExamplePlay() {
	g, _ := othello.Play(othello.Heuristic(), othello.RandomWPC(1), 0.1, rand.New(rand.NewPCG(1, 0)))
	fmt.Println(g.Result())
	fmt.Println(len(g.Moves), "moves, starting", g.Moves[:4])
	// Output:
	// black 49, white 15: black wins
	// 60 moves, starting [d3 c3 b3 b2]
}

// The 1-ply player: every opening move is worth the same to the
// symmetric heuristic weights, and ties go to the first square in
// a1, b1, ..., h8 order.
func ExampleWPC_Move() {
	b := othello.Start()
	fmt.Println("legal:", b.Legal())
	fmt.Println("heuristic plays", othello.Heuristic().Move(b, b.Legal(), nil))
	// Output:
	// legal: [d3 c4 f5 e6]
	// heuristic plays d3
}
