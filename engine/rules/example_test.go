package rules_test

import (
	"context"
	"errors"
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

// A game too large for its move budget is refused as its positions are
// found: their moves are counted, not listed. Here each position (a, b)
// has a·b moves, 9·10^6 from the start alone; the start's first moves
// find (2999, 2999), (2999, 2998), ...: 2999·(3000-w) moves each, and the
// twelfth of them brings the count past 10^8, when 11 moves are listed.
func ExampleGame_MovesAtLeast() {
	g, err := rules.Parse(`
state 3000 3000
move -v -w : 1 <= v <= a1, 1 <= w <= a2
`)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("moves from the start:", g.MovesAtLeast(g.Start()))
	_, err = g.Compile(context.Background(), game.Options{MaxMoves: 100_000_000})
	var tl *game.TooLargeError
	if errors.As(err, &tl) {
		fmt.Printf("refused: more than %d %s counted, %d listed\n", tl.Limit, tl.What, tl.Moves)
	}
	// Output:
	// moves from the start: 9000000
	// refused: more than 100000000 moves counted, 11 listed
}
