package bt

import (
	"fmt"
	"math"
	"slices"
	"strings"
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
	// Unfinished counts the games a reader skipped as unfinished (PGN's
	// result "*").
	Unfinished int
	index      map[string]int
}

// NewResults returns empty results.
func NewResults() *Results { return &Results{index: map[string]int{}} }

// Player returns the index of a player, adding it if new.
func (r *Results) Player(name string) int {
	if i, ok := r.Index(name); ok {
		return i
	}
	r.index[name] = len(r.Players)
	r.Players = append(r.Players, name)
	return len(r.Players) - 1
}

// Index returns the index of a player and whether it is known.
func (r *Results) Index(name string) (int, bool) {
	if r.index == nil {
		r.index = make(map[string]int, len(r.Players))
		for i, p := range r.Players {
			r.index[p] = i
		}
	}
	i, ok := r.index[name]
	return i, ok
}

// MaxCount is the largest count of games Results and Pairs take: 2^53,
// beyond which float64 no longer counts games one by one.
const MaxCount = 1 << 53

// countOK reports whether x is a count of games: a number in [0, MaxCount].
func countOK(x float64) bool { return x >= 0 && x <= MaxCount }

// checkCounts checks that counts of games are numbers in [0, MaxCount].
func checkCounts(a, b string, counts ...float64) error {
	for _, x := range counts {
		if !(x >= 0 && x <= MaxCount) {
			if x > MaxCount && !math.IsInf(x, 0) {
				return fmt.Errorf("%s vs %s: count %v is too large (above 2^53 = %.4g, float64 no longer counts games exactly)", a, b, x, float64(MaxCount))
			}
			return fmt.Errorf("%s vs %s: counts must be finite and non-negative, got %v", a, b, counts)
		}
	}
	return nil
}

// Add records games between a and b: a's wins, b's wins and draws. Both
// players are recorded even when there are no games (see NoGames).
func (r *Results) Add(a, b string, winsA, winsB, draws float64, seat Seat) error {
	if a == b {
		return fmt.Errorf("player %q cannot play itself", a)
	}
	if err := checkCounts(a, b, winsA, winsB, draws); err != nil {
		return err
	}
	ia, ib := r.Player(a), r.Player(b)
	if winsA+winsB+draws == 0 {
		return nil
	}
	r.Matchups = append(r.Matchups, Matchup{ia, ib, winsA, winsB, draws, seat})
	return nil
}

// AddGame records one game between a and b with a's score: 1 (a won), 0
// (b won) or 0.5 (a draw). No seat is recorded.
func (r *Results) AddGame(a, b string, scoreA float64) error {
	switch scoreA {
	case 1:
		return r.Add(a, b, 1, 0, 0, NoSeat)
	case 0:
		return r.Add(a, b, 0, 1, 0, NoSeat)
	case 0.5:
		return r.Add(a, b, 0, 0, 1, NoSeat)
	}
	return fmt.Errorf("%s vs %s: score %v: want 1 (%s won), 0 (%s won) or 0.5 (a draw)", a, b, scoreA, a, b)
}

// NoGames returns the players who played no game (named in records of no
// games only, or added with Player): no fit can rate them, and Without
// leaves them out.
func (r *Results) NoGames() []string {
	played := make([]bool, len(r.Players))
	for _, m := range r.Matchups {
		if m.Games() > 0 {
			played[m.A], played[m.B] = true, true
		}
	}
	var out []string
	for i, p := range played {
		if !p {
			out = append(out, r.Players[i])
		}
	}
	return out
}

// HalfPointsAsDraws returns r with every pair of half points read as a
// drawn game: a matchup whose wins are x.5 and y.5 becomes x wins, y wins
// and one more draw. This is the reading of a table of points (such as
// paper 003 Table VI) with the fewest draws the points allow; it matters
// only to the draw models (Davidson, Rao-Kupper, BayesElo), for which a
// draw is not half a win each. It also returns how many draws it made.
// Counts with other fractions are kept as they are.
func (r *Results) HalfPointsAsDraws() (*Results, float64) {
	out := &Results{Players: r.Players, Matchups: slices.Clone(r.Matchups)}
	made := 0.0
	for k := range out.Matchups {
		m := &out.Matchups[k]
		if a, b := m.WinsA-math.Floor(m.WinsA), m.WinsB-math.Floor(m.WinsB); a == 0.5 && b == 0.5 {
			m.WinsA -= 0.5
			m.WinsB -= 0.5
			m.Draw++
			made++
		}
	}
	return out, made
}

// Without returns the results without the named players and their games,
// as Ordo's --exclude does. Naming a player who is not in r is an error.
func (r *Results) Without(names ...string) (*Results, error) {
	drop := make([]bool, len(r.Players))
	var unknown []string
	for _, name := range names {
		i, ok := r.Index(name)
		if !ok {
			unknown = append(unknown, fmt.Sprintf("%q", name))
			continue
		}
		drop[i] = true
	}
	if len(unknown) > 0 {
		return nil, fmt.Errorf("cannot exclude %s: no such player", strings.Join(unknown, ", "))
	}
	out := NewResults()
	out.Unfinished = r.Unfinished
	newIndex := make([]int, len(r.Players))
	for i, p := range r.Players {
		newIndex[i] = -1
		if !drop[i] {
			newIndex[i] = out.Player(p)
		}
	}
	for _, m := range r.Matchups {
		if drop[m.A] || drop[m.B] {
			continue
		}
		m.A, m.B = newIndex[m.A], newIndex[m.B]
		out.Matchups = append(out.Matchups, m)
	}
	return out, nil
}

// Points returns the dense points matrix: P[i][j] is what i scored against
// j (wins plus half the draws), and N[i][j] the games between them. It
// takes memory and time in the square of the players; Pairs is the sparse
// form for large tournaments.
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

// Pairs are results aggregated by unordered pair of players, seats
// ignored: for pair k, players I[k] < J[k] with I's wins, J's wins and the
// draws between them. Pairs are sorted by (I, J) and only pairs that
// played appear, so everything computed from them takes time and memory
// in the number of pairs that played, not in the square of the players.
type Pairs struct {
	Players             int
	I, J                []int32
	WinsI, WinsJ, Draws []float64
}

// Len returns the number of pairs that played.
func (p *Pairs) Len() int { return len(p.I) }

// Games returns the games of pair k.
func (p *Pairs) Games(k int) float64 { return p.WinsI[k] + p.WinsJ[k] + p.Draws[k] }

// Points returns what I[k] and J[k] scored against each other (draws
// count half).
func (p *Pairs) Points(k int) (i, j float64) {
	return p.WinsI[k] + p.Draws[k]/2, p.WinsJ[k] + p.Draws[k]/2
}

// check validates pairs built by hand: indices in range, I < J, sorted
// and distinct, counts in [0, MaxCount].
func (p *Pairs) check() error {
	m := len(p.I)
	if len(p.J) != m || len(p.WinsI) != m || len(p.WinsJ) != m || len(p.Draws) != m {
		return &InputError{fmt.Sprintf("pairs: I, J, WinsI, WinsJ, Draws have lengths %d, %d, %d, %d, %d", m, len(p.J), len(p.WinsI), len(p.WinsJ), len(p.Draws))}
	}
	for k := range p.I {
		i, j := p.I[k], p.J[k]
		if i < 0 || i >= j || int(j) >= p.Players {
			return &InputError{fmt.Sprintf("pair %d: players %d, %d: need 0 <= I < J < %d", k, i, j, p.Players)}
		}
		if k > 0 && (p.I[k-1] > i || p.I[k-1] == i && p.J[k-1] >= j) {
			return &InputError{fmt.Sprintf("pair %d (%d, %d): pairs must be sorted by (I, J) and distinct", k, i, j)}
		}
		if !countOK(p.WinsI[k]) || !countOK(p.WinsJ[k]) || !countOK(p.Draws[k]) {
			err := checkCounts(fmt.Sprint(i), fmt.Sprint(j), p.WinsI[k], p.WinsJ[k], p.Draws[k])
			return &InputError{"pairs: player " + err.Error()}
		}
	}
	return nil
}

// Pairs aggregates r by unordered pair of players.
func (r *Results) Pairs() *Pairs {
	return &aggregate(r, false).Pairs
}

func square(n int) [][]float64 {
	m := make([][]float64, n)
	for i := range m {
		m[i] = make([]float64, n)
	}
	return m
}

// DropNoGames returns the players who played some game in p, p with them
// renumbered in the same order, and the names of the others: ReadPairs
// lists players named only in records of no games, whom no fit can rate.
func DropNoGames(players []string, p *Pairs) (kept []string, out *Pairs, dropped []string) {
	played := make([]bool, p.Players)
	for k := range p.I {
		played[p.I[k]], played[p.J[k]] = true, true
	}
	idx := make([]int32, p.Players)
	for i, ok := range played {
		if ok {
			idx[i] = int32(len(kept))
			kept = append(kept, players[i])
		} else {
			dropped = append(dropped, players[i])
		}
	}
	if len(dropped) == 0 {
		return players, p, nil
	}
	out = &Pairs{Players: len(kept), I: make([]int32, p.Len()), J: make([]int32, p.Len()), WinsI: p.WinsI, WinsJ: p.WinsJ, Draws: p.Draws}
	for k := range p.I {
		out.I[k], out.J[k] = idx[p.I[k]], idx[p.J[k]]
	}
	return kept, out, dropped
}
