package intrans_test

import (
	"fmt"

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
