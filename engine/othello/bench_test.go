package othello_test

import (
	"math/rand/v2"
	"testing"

	"github.com/coevolab/coevo/engine/othello"
)

// One noisy game between 1-ply WPC players (bench/othello compares this
// with the square-by-square baseline and on both cores).
func BenchmarkNoisyGame(b *testing.B) {
	m := &othello.Match{Players: []othello.Player{othello.Heuristic(), othello.RandomWPC(1)}, Epsilon: 0.1}
	pcg := rand.NewPCG(1, 0)
	rng := rand.New(pcg)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		pcg.Seed(1, uint64(i))
		if _, err := m.Play(i%2, 1-i%2, rng); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkPerft8(b *testing.B) {
	for b.Loop() {
		othello.Perft(othello.Start(), 8)
	}
}

func BenchmarkNoisyGameParallel(b *testing.B) {
	m := &othello.Match{Players: []othello.Player{othello.Heuristic(), othello.RandomWPC(1)}, Epsilon: 0.1}
	b.RunParallel(func(pb *testing.PB) {
		pcg := rand.NewPCG(1, 0)
		rng := rand.New(pcg)
		for i := 0; pb.Next(); i++ {
			pcg.Seed(1, uint64(i))
			m.Play(i%2, 1-i%2, rng)
		}
	})
}
