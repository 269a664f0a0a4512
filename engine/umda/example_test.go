package umda_test

import (
	"context"
	"fmt"

	"github.com/coevolab/coevo/engine/game"
	"github.com/coevolab/coevo/engine/games"
	"github.com/coevolab/coevo/engine/umda"
)

// Algorithm 1 of paper 000 on SUBTRACTIONNIM_30^3 (one heap of 29 tokens,
// take 1 to 3): the run stops at the first generation whose selected
// population holds an optimal strategy, and its runtime is mu times the
// generations played (Definition 5.1).
func ExampleGame_UMDA() {
	g, _ := games.SubtractionNim(30, 3)
	gr, _ := game.Compile(g)
	G, _ := umda.Prepare(gr, umda.Options{})
	fmt.Printf("%d positions, Delta %d, fictitious root: %v\n", G.NumPositions(), G.MaxDegree(), G.Fictitious)

	run, err := G.UMDA(context.Background(), umda.Params{Mu: 200, Seed: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("optimal:", run.Optimal, "censored:", run.Censored)
	fmt.Println("runtime = mu x generations:", run.Evaluations == int64(run.Mu*run.Generations))
	fmt.Printf("gamma = 1/(20 Delta n) = %.3g\n", run.Gamma)
	// Output:
	// 30 positions, Delta 3, fictitious root: false
	// optimal: true censored: false
	// runtime = mu x generations: true
	// gamma = 1/(20 Delta n) = 0.000556
}

// A strategy picks one follower at every interior position; it is optimal
// when it always moves to a position of Sprague-Grundy value 0 (on
// SUBTRACTIONNIM_30^3: take h mod 4 tokens from a heap of h).
func ExampleGame_Optimal() {
	g, _ := games.SubtractionNim(30, 3)
	gr, _ := game.Compile(g)
	G, _ := umda.Prepare(gr, umda.Options{})
	x := make(umda.Strategy, len(G.Interior))
	for i, v := range G.Interior {
		for s, w := range G.Followers(v) {
			if G.SG(w) == 0 {
				x[i] = int32(s)
			}
		}
	}
	y := make(umda.Strategy, len(G.Interior)) // always the first follower
	fmt.Println("x optimal:", G.Optimal(x), "y optimal:", G.Optimal(y))
	fmt.Println("x, moving first, beats y:", G.Play(x, y, nil))
	// Output:
	// x optimal: true y optimal: false
	// x, moving first, beats y: true
}
