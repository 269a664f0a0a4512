package intrans_test

import (
	"fmt"

	"github.com/coevolab/coevo/stats/bt"
	"github.com/coevolab/coevo/stats/intrans"
)

// Paper 003 Table II: expecting 0.1 while observing 0.5, and the reverse.
func ExampleKL() {
	fmt.Printf("%.2f %.2f\n", intrans.KL(0.1, 0.5), intrans.KL(0.5, 0.1))
	// Output: 0.37 0.51
}

// Rock-paper-scissors (paper 003 Table IIIa) is one cyclic triad: tau = 0.
func ExampleTau() {
	P := [][]float64{{0, 10, 0}, {0, 0, 10}, {10, 0, 0}}
	fmt.Println(intrans.Tau(P))
	// Output: 0
}

// A rock-paper-scissors triad among a, b, c, and d who played c only: of
// the C(4,3) = 4 triads one was played, and it is a cycle. Triads with an
// unplayed pair say nothing about transitivity and are left out.
func ExamplePlayedTriads() {
	r := bt.NewResults()
	r.Add("a", "b", 3, 1, 0, bt.NoSeat)
	r.Add("b", "c", 3, 1, 0, bt.NoSeat)
	r.Add("c", "a", 3, 1, 0, bt.NoSeat)
	r.Add("c", "d", 2, 2, 0, bt.NoSeat)
	t := intrans.PlayedTriads(r.Pairs())
	fmt.Println(t)
	fmt.Println(t.Played, t.Possible, t.Tau())
	// Output:
	// tau = 0.0000: 1 cyclic of 1 triad played (25% of the C(4,3) = 4 possible)
	// 1 4 0
}
