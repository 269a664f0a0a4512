package coevolve

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/coevolab/coevo/engine/connect4"
)

// ConnectFour is Connect Four (engine/connect4) with 1-ply linear
// evaluations: a vector is a connect4.Linear's 48 weights, one per cell
// (a1 ... g6) and six for lines of four holding one to three stones of
// one side only (own1 ... opp3); a random player has weights uniform in
// [-0.5, 0.5]. Its reference players are the hand-made evaluation
// (connect4.Heuristic) one ply deep ("heuristic", the opponent of
// evolution against a fixed player) and alpha-beta four plies deep with
// that evaluation at the horizon ("alphabeta", which beats a random
// mover in 99% of games or more).
var ConnectFour = Domain{Name: "connect4", Game: connect4Game{}, Family: linearFamily{}}

type connect4Game struct{}

// Play plays a game of Connect Four, first as X.
func (connect4Game) Play(first, second Player, epsilon float64, rng *rand.Rand) (float64, error) {
	a, ok1 := first.(connect4.Player)
	b, ok2 := second.(connect4.Player)
	if !ok1 || !ok2 {
		return math.NaN(), fmt.Errorf("connect4: players %T and %T, want connect4.Player (a *connect4.Linear, say)", first, second)
	}
	return connect4.Score(a, b, epsilon, rng)
}

type linearFamily struct{}

func (linearFamily) Dim() int { return connect4.NumWeights }

// Player returns the Linear of x.
func (linearFamily) Player(x []float64) (Player, error) { return connect4.NewLinear(x) }

func (linearFamily) References() []Reference {
	return []Reference{
		{Name: "heuristic", Player: connect4.Heuristic()},
		{Name: "alphabeta", Player: &connect4.AlphaBeta{Depth: 4}},
	}
}

// Coordinates are the cells a1 ... g6 and the line weights own1 ...
// opp3.
func (linearFamily) Coordinates() []string { return connect4.WeightNames() }
