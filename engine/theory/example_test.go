package theory_test

import (
	"fmt"

	"github.com/coevolab/coevo/engine/game"
	"github.com/coevolab/coevo/engine/games"
	"github.com/coevolab/coevo/engine/theory"
	"github.com/coevolab/coevo/engine/umda"
)

// The quantities of paper 000's runtime analysis for SUBTRACTIONNIM_30^3:
// Proposition 6.1 gives s-bar = 1, so the runtime bound of Corollary 5.5
// grows as (20 Delta n)^(2 + 3) = (20 Delta n)^5.
func ExampleAnalyze() {
	g, _ := games.SubtractionNim(30, 3)
	gr, _ := game.Compile(g)
	G, _ := umda.Prepare(gr, umda.Options{})
	r := theory.Analyze(G, 0)
	fmt.Printf("n = %d, Delta = %d, critical positions %d\n", r.N, r.Delta, r.Critical)
	fmt.Printf("s-bar = %d (exact: %v), bound exponent %g\n", r.SBar, r.SBarExact, r.BoundExponent)
	// Output:
	// n = 30, Delta = 3, critical positions 21
	// s-bar = 1 (exact: true), bound exponent 5
}

// Lemma 3.2 gives the exact probability that a tournament's winner moves
// from u to v. With uniform distributions on SUBTRACTIONNIM_5^2 (a heap of
// 4, take 1 or 2) selection favours the moves to value 0 (4 -> 3, 2 -> 0),
// as 100,000 simulated tournaments confirm; by hand, the mover at 3 wins
// with probability 1/4 and at 4 with 5/8, so 4 -> 3 is kept with
// probability 1/2 (1 + 1 - 1/4 - 5/8) = 0.5625.
func ExampleLemma32() {
	g, _ := games.SubtractionNim(5, 2)
	gr, _ := game.Compile(g)
	G, _ := umda.Prepare(gr, umda.Options{})
	p := make([][]float64, len(G.Interior))
	for i, v := range G.Interior {
		d := len(G.Followers(v))
		p[i] = make([]float64, d)
		for s := range p[i] {
			p[i][s] = 1 / float64(d)
		}
	}
	exact := theory.Lemma32(G, p)
	sim := theory.SimulateSelection(G, p, 100000, 1)
	for i, u := range G.Interior {
		for s, v := range G.Followers(u) {
			fmt.Printf("%s -> %s: p %.2f, Lemma 3.2 %.4f, simulated %.2f\n", G.Graph.Format(u), G.Graph.Format(v), p[i][s], exact[i][s], sim[i][s])
		}
	}
	// Output:
	// 4 -> 3: p 0.50, Lemma 3.2 0.5625, simulated 0.57
	// 4 -> 2: p 0.50, Lemma 3.2 0.4375, simulated 0.43
	// 3 -> 2: p 0.50, Lemma 3.2 0.5625, simulated 0.56
	// 3 -> 1: p 0.50, Lemma 3.2 0.4375, simulated 0.44
	// 2 -> 1: p 0.50, Lemma 3.2 0.3125, simulated 0.31
	// 2 -> 0: p 0.50, Lemma 3.2 0.6875, simulated 0.69
	// 1 -> 0: p 1.00, Lemma 3.2 1.0000, simulated 1.00
}
