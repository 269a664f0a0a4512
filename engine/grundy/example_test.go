package grundy_test

import (
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
