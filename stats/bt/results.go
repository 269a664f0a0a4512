package bt

import (
	"fmt"
	"math"
)

// Seat says which side of a matchup moved first.
type Seat int

const (
	NoSeat Seat = iota // not recorded, or not modelled
	AFirst             // player A moved first
	BFirst             // player B moved first
)

// Matchup is the record of games between two players in one seating.
type Matchup struct {
	A, B               int
	WinsA, WinsB, Draw float64
	Seat               Seat
}

// Games returns the number of games in m.
func (m Matchup) Games() float64 { return m.WinsA + m.WinsB + m.Draw }

// Results are paired-comparison results between named players.
type Results struct {
	Players  []string
	Matchups []Matchup
	index    map[string]int
}

// NewResults returns empty results.
func NewResults() *Results { return &Results{index: map[string]int{}} }

// Player returns the index of a player, adding it if new.
func (r *Results) Player(name string) int {
	if r.index == nil {
		r.index = map[string]int{}
	}
	if i, ok := r.index[name]; ok {
		return i
	}
	r.index[name] = len(r.Players)
	r.Players = append(r.Players, name)
	return len(r.Players) - 1
}

// Add records games between a and b: a's wins, b's wins and draws.
func (r *Results) Add(a, b string, winsA, winsB, draws float64, seat Seat) error {
	if a == b {
		return fmt.Errorf("player %q cannot play itself", a)
	}
	for _, x := range []float64{winsA, winsB, draws} {
		if x < 0 || math.IsNaN(x) || math.IsInf(x, 0) {
			return fmt.Errorf("%s vs %s: counts must be finite and non-negative, got %v, %v, %v", a, b, winsA, winsB, draws)
		}
	}
	if winsA+winsB+draws == 0 {
		return nil
	}
	r.Matchups = append(r.Matchups, Matchup{r.Player(a), r.Player(b), winsA, winsB, draws, seat})
	return nil
}

// Points returns the points matrix: P[i][j] is what i scored against j
// (wins plus half the draws), and N[i][j] the games between them.
func (r *Results) Points() (P, N [][]float64) {
	n := len(r.Players)
	P, N = square(n), square(n)
	for _, m := range r.Matchups {
		P[m.A][m.B] += m.WinsA + m.Draw/2
		P[m.B][m.A] += m.WinsB + m.Draw/2
		N[m.A][m.B] += m.Games()
		N[m.B][m.A] += m.Games()
	}
	return P, N
}

func square(n int) [][]float64 {
	m := make([][]float64, n)
	for i := range m {
		m[i] = make([]float64, n)
	}
	return m
}
