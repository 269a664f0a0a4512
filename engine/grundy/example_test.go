package grundy_test

import (
	"context"
	"fmt"

	"github.com/coevolab/coevo/engine/game"
	"github.com/coevolab/coevo/engine/games"
	"github.com/coevolab/coevo/engine/grundy"
)

// Chomp on a 2 x 3 board: the first player wins (Gale), and the winning
// move leaves rows of lengths (a, a-1), the P-positions of two-row Chomp.
func ExampleSolve() {
	ch, _ := games.NewChomp(2, 3)
	gr, _ := game.Compile(ch)
	t := grundy.Solve(gr)
	fmt.Printf("the start is an %v-position\n", t.Outcome(game.Start))
	for _, w := range t.WinningMoves(game.Start) {
		fmt.Println("winning move to rows", gr.Format(w))
	}
	// Output:
	// the start is an N-position
	// winning move to rows 3 2
}

// Chomp on a 10 x 10 board, solved by its index without building its
// graph: every move shortens rows, which lowers the index. The C(20, 10)
// boards (the empty one included) have 50 squares on average (a board and
// its complement share the 100), and a move for every square but the
// poison: 50 C(20, 10) - (C(20, 10) - 1) moves. On a square board the
// winning move leaves an L with equal arms (the second player then mirrors
// every move).
func ExampleSolveIndexed() {
	ch, _ := games.NewChomp(10, 10)
	t, err := grundy.SolveIndexed(context.Background(), ch, grundy.IndexOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(len(t.SG), "positions,", t.Moves, "moves")
	for _, w := range t.WinningMoves(t.Start()) {
		fmt.Println("winning move to rows", t.Format(w))
	}
	// Output:
	// 184756 positions, 9053045 moves
	// winning move to rows 10 1 1 1 1 1 1 1 1 1
}
