package nashavg_test

import (
	"fmt"

	"github.com/coevolab/coevo/stats/bt"
	"github.com/coevolab/coevo/stats/nashavg"
)

// Biased rock-paper-scissors, then the same league with a second copy of
// paper: the copies share paper's mass and nobody's rating moves.
func ExampleFitRows() {
	brps := [][]float64{
		{0, -25, 50},
		{25, 0, -5},
		{-50, 5, 0},
	}
	r, _ := nashavg.FitRows([]string{"rock", "paper", "scissors"}, brps)
	fmt.Println(r)
	withCopy := [][]float64{
		{0, -25, 50, -25},
		{25, 0, -5, 0},
		{-50, 5, 0, 5},
		{25, 0, -5, 0},
	}
	r, _ = nashavg.FitRows([]string{"rock", "paper", "scissors", "paper 2"}, withCopy)
	fmt.Println(r)
	// Output:
	// Nash averaging (payoff): maximum-entropy Nash plays paper 0.6250 scissors 0.3125 rock 0.0625; off it: none
	// Nash averaging (payoff): maximum-entropy Nash plays paper 0.3125 scissors 0.3125 paper 2 0.3125 rock 0.0625; off it: none
}

// Paper 003 Table VI: its first player beats every other, so the
// equilibrium plays it alone, and each other player's Nash average is
// its log-odds against it, with one virtual draw: |A|=4 scored 9,481 of
// 20,000 against SP, log(9481.5/10519.5) = -0.1039, and 9481.5/20001 =
// 47.4%; Random 2,473.5, log(2474/17527) = -1.958.
func ExampleFitResults() {
	r, err := bt.ReadFile("../../datasets/003_table6.csv", "matrix")
	if err != nil {
		panic(err)
	}
	na, err := nashavg.FitResults(r)
	if err != nil {
		panic(err)
	}
	fmt.Println(na.DataFrame())
	// Output:
	// [9x6] DataFrame
	//
	//     rank  player         nash     rating    support score%
	//  0: 1     SP |A|=4       1.000000 0.000000  true    50.000000
	//  1: 2     |A|=4          0.000000 -0.103900 false   47.400000
	//  2: 3     LR             0.000000 -0.178600 false   45.500000
	//  3: 4     Heuristic      0.000000 -0.225400 false   44.400000
	//  4: 5     |A|=1          0.000000 -0.856700 false   29.800000
	//  5: 6     ICL-50000      0.000000 -0.890400 false   29.100000
	//  6: 7     Anti-Heuristic 0.000000 -1.094000 false   25.100000
	//  7: 8     ICL-500        0.000000 -1.196000 false   23.200000
	//  8: 9     Random         0.000000 -1.958000 false   12.400000
	//     <int> <string>       <float>  <float>   <bool>  <float>
}
