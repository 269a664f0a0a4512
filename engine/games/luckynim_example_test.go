package games_test

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/coevolab/coevo/engine/games"
)

// Lucky Nim of paper 004 with numbers in [2, 4]: who can force a win from
// heaps 7 and 13, and how.
func ExampleLuckyNim_Solve() {
	g, _ := games.NewLuckyNim(2, 4)
	tab, _ := g.Solve(context.Background(), []int{7, 13})
	v, _ := tab.Verdict([]int{7, 13})
	moves, _ := tab.ForcingMoves([]int{7, 13})
	fmt.Println(v, "| the paper's claim:", g.Claim([]int{7, 13}), "| forcing moves:", moves)
	fmt.Println("positions differing from the claim:", len(tab.Mismatches()))
	// Output:
	// win | the paper's claim: win | forcing moves: [heap 1, number 2 heap 2, number 2]
	// positions differing from the claim: 0
}

// The paper's strategy against an opponent that sees its number first.
func ExampleLuckyNim_Play() {
	g, _ := games.NewLuckyNim(2, 4)
	tab, _ := g.Solve(context.Background(), []int{7, 13})
	winner, moves, _ := g.Play([]int{7, 13}, games.LuckyOmega{}, games.LuckyAdversary{Table: tab}, rand.New(rand.NewPCG(1, 2)), 0)
	fmt.Println("winner: player", winner+1, "after", moves, "moves")
	// Output: winner: player 1 after 5 moves
}
