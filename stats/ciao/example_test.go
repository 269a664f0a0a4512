package ciao_test

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/coevolab/coevo/engine/coevolve"
	"github.com/coevolab/coevo/engine/tournament"
	"github.com/coevolab/coevo/stats/ciao"
)

// sides plays matching sides between strategies: 1 if the first player
// wins, 0 if it loses.
type sides []coevolve.Strategy

func (s sides) Play(first, second int, _ *rand.Rand) (float64, error) {
	return float64(coevolve.PlayMatching(s[first], s[second])+1) / 2, nil
}

// The CIAO matrix of an "archive" that went round the cycle of paper 003
// eq. (7) backwards, as coevolution does: each player beats the one before
// it, and the last is back where the first was beaten.
func ExamplePlay() {
	archive := sides{coevolve.Cycle7[0], coevolve.Cycle7[3], coevolve.Cycle7[2], coevolve.Cycle7[1]}
	names := []string{"L:LL", "R:LL", "R:RR", "L:RR"}
	m, err := ciao.Play(context.Background(), archive, names, []float64{1, 2, 3, 4}, 10, tournament.Options{Seed: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	for i, row := range m.CIAO() {
		fmt.Println(names[i], row[:i])
	}
	fmt.Println(m.Dominance())
	// Output:
	// L:LL []
	// R:LL [1]
	// R:RR [0.5 1]
	// L:RR [0 0.5 1]
	// 2 dominant strategies: L:LL R:LL
}
