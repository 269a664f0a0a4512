package connect4

import (
	"math/rand/v2"
	"testing"
)

// Games between two 1-ply linear players, and against alpha-beta 4 plies
// deep: what a coevolution generation's games cost.
func BenchmarkLinearGame(b *testing.B) {
	x, y := Heuristic(), Heuristic()
	y[10] = 0.5
	for i := 0; b.Loop(); i++ {
		Score(x, y, 0.1, rand.New(rand.NewPCG(uint64(i), 1)))
	}
}

func BenchmarkAlphaBetaGame(b *testing.B) {
	x, a := Heuristic(), &AlphaBeta{Depth: 4}
	for i := 0; b.Loop(); i++ {
		Score(x, a, 0.1, rand.New(rand.NewPCG(uint64(i), 1)))
	}
}
