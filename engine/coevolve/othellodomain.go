package coevolve

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/coevolab/coevo/engine/othello"
)

// Othello is Othello with the 1-ply weighted-piece-counter players of
// paper 003 section VI (engine/othello): a vector is a WPC's 64 weights,
// a1 ... h8; a random player has weights uniform in [-0.5, 0.5]; the
// reference player is the standard heuristic (othello.Heuristic), the
// opponent of the anti-heuristic run.
var Othello = Domain{Name: "othello", Game: othelloGame{}, Family: wpcFamily{}}

type othelloGame struct{}

// Play plays a game of Othello, first as black.
func (othelloGame) Play(first, second Player, epsilon float64, rng *rand.Rand) (float64, error) {
	b, ok1 := first.(othello.Player)
	w, ok2 := second.(othello.Player)
	if !ok1 || !ok2 {
		return math.NaN(), fmt.Errorf("othello: players %T and %T, want othello.Player (an *othello.WPC, say)", first, second)
	}
	m := othello.Match{Players: []othello.Player{b, w}, Epsilon: epsilon}
	return m.Play(0, 1, rng)
}

type wpcFamily struct{}

func (wpcFamily) Dim() int { return 64 }

// Player returns the WPC of x.
func (wpcFamily) Player(x []float64) (Player, error) { return othello.NewWPC(x) }

// Random draws 64 weights uniform in [-0.5, 0.5], a1 first.
func (wpcFamily) Random(rng *rand.Rand) []float64 {
	x := make([]float64, 64)
	for i := range x {
		x[i] = rng.Float64() - 0.5
	}
	return x
}

func (wpcFamily) References() []Reference {
	return []Reference{{Name: "heuristic", Player: othello.Heuristic()}}
}

var squareNames = func() []string {
	n := make([]string, 64)
	for s := range n {
		n[s] = othello.Square(s).String()
	}
	return n
}()

// Coordinates are the squares a1 ... h8.
func (wpcFamily) Coordinates() []string { return slices.Clone(squareNames) }
