package alpharank_test

import (
	"fmt"
	"math"

	"github.com/coevolab/coevo/stats/alpharank"
	"github.com/coevolab/coevo/stats/bt"
)

// Biased rock-paper-scissors: at small alpha paper (which the Nash
// equilibrium plays 10/16 of the time) holds most of the mass; as alpha
// grows the population goes round the cycle and the mass evens out.
func ExampleRankRows() {
	brps := [][]float64{
		{0, -25, 50},
		{25, 0, -5},
		{-50, 5, 0},
	}
	names := []string{"rock", "paper", "scissors"}
	for _, a := range []float64{0.01, 0.1, math.Inf(1)} {
		rk, _ := alpharank.RankRows(names, brps, alpharank.Options{Alpha: a})
		fmt.Println(rk)
	}
	// Output:
	// alpha-Rank (Moran, m = 50, alpha = 0.01): paper 0.7297 rock 0.1729 scissors 0.0974
	// alpha-Rank (Moran, m = 50, alpha = 0.1): paper 0.5448 rock 0.2361 scissors 0.2191
	// alpha-Rank (Moran, m = 50, alpha -> infinity): rock 0.3333 paper 0.3333 scissors 0.3333
}

// Paper 003 Table VI at alpha = 1 (win rates) and at the large-alpha
// limit, where the player that beats every other takes all the mass.
func ExampleRankResults() {
	r, err := bt.ReadFile("../../datasets/003_table6.csv", "matrix")
	if err != nil {
		panic(err)
	}
	for _, a := range []float64{1, math.Inf(1)} {
		rk, err := alpharank.RankResults(r, alpharank.Options{Alpha: a})
		if err != nil {
			panic(err)
		}
		fmt.Println(rk)
	}
	// Output:
	// alpha-Rank (Moran, m = 50, alpha = 1): SP |A|=4 0.7074 LR 0.1453 |A|=4 0.1317 Heuristic 0.0130 Anti-Heuristic 0.0012 |A|=1 0.0006 ICL-50000 0.0006 ICL-500 0.0001 (1 more below 0.0001)
	// alpha-Rank (Moran, m = 50, alpha -> infinity): SP |A|=4 1.0000 (8 more below 0.0001)
}
