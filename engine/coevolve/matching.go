package coevolve

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
)

// Strategy is a strategy of "matching sides" (paper 003 section IV): the
// first player chooses Left or Right, then the second player chooses Left
// or Right; the second player wins if both chose the same side, the first
// player otherwise. A strategy says what to play in either seat, written
// [first move]:[reply to Left][reply to Right], e.g. L:RL.
//
// The value is 4*first + 2*replyToLeft + replyToRight with L = 0, R = 1,
// so the strategies 0..7 are in the order of paper 003 Table IV: L:LL,
// L:LR, L:RL, L:RR, R:LL, R:LR, R:RL, R:RR.
type Strategy uint8

// Side is a move of matching sides: 0 Left, 1 Right.
const (
	Left  = 0
	Right = 1
)

// NumStrategies is the number of strategies of matching sides.
const NumStrategies = 8

// First is the side s plays when it moves first.
func (s Strategy) First() int { return int(s>>2) & 1 }

// Reply is the side s plays second after the first player chose side.
func (s Strategy) Reply(side int) int {
	if side == Left {
		return int(s>>1) & 1
	}
	return int(s) & 1
}

func sideName(side int) byte { return "LR"[side] }

// String writes s as paper 003 does, e.g. "L:RL".
func (s Strategy) String() string {
	if s >= NumStrategies {
		return fmt.Sprintf("Strategy(%d)", uint8(s))
	}
	return string([]byte{sideName(s.First()), ':', sideName(s.Reply(Left)), sideName(s.Reply(Right))})
}

// ParseStrategy reads a strategy written like "L:RL" (either case).
func ParseStrategy(text string) (Strategy, error) {
	t := strings.ToUpper(strings.TrimSpace(text))
	if len(t) != 4 || t[1] != ':' {
		return 0, fmt.Errorf("matching sides strategy %q: want [first move]:[reply to L][reply to R], e.g. L:RL", text)
	}
	var s Strategy
	for _, c := range []byte{t[0], t[2], t[3]} {
		s <<= 1
		switch c {
		case 'L':
		case 'R':
			s |= 1
		default:
			return 0, fmt.Errorf("matching sides strategy %q: %q is not L or R", text, c)
		}
	}
	return s, nil
}

// AllStrategies returns the eight strategies in the order of Table IV.
func AllStrategies() []Strategy {
	all := make([]Strategy, NumStrategies)
	for i := range all {
		all[i] = Strategy(i)
	}
	return all
}

// PlayMatching plays one game of matching sides, first moving first, and
// returns the first player's reward: +1 if the second player's move
// differs from the first's, -1 if they match.
func PlayMatching(first, second Strategy) int {
	move := first.First()
	if second.Reply(move) == move {
		return -1
	}
	return 1
}

// MatchingPayoff is what a scores against b over two games, one in each
// seat: an entry of paper 003 Table IV (row a, column b).
func MatchingPayoff(a, b Strategy) int { return PlayMatching(a, b) - PlayMatching(b, a) }

// Beats reports whether a beats b at matching sides: a positive payoff
// over the two games (paper 003 eq. (7) writes a > b).
func Beats(a, b Strategy) bool { return MatchingPayoff(a, b) > 0 }

// Cycle7 is the intransitive cycle of paper 003 eq. (7):
// L:LL > L:RR > R:RR > R:LL > L:LL, each strategy beating the next.
var Cycle7 = []Strategy{0b000, 0b011, 0b111, 0b100}

// Equilibria returns the symmetric pure Nash equilibria of matching sides
// played in both seats: the strategies s that no strategy beats
// (MatchingPayoff(t, s) <= 0 for every t), in Table IV order. Paper 003
// names L:LR and R:LR.
func Equilibria() []Strategy {
	var eq []Strategy
	for _, s := range AllStrategies() {
		best := true
		for _, t := range AllStrategies() {
			if Beats(t, s) {
				best = false
			}
		}
		if best {
			eq = append(eq, s)
		}
	}
	return eq
}

// MatchingTable is paper 003 Table IV: the payoff of every strategy
// against every other, row player's view, both seats summed, and each
// row's total. Its JSON form is what coevo coevolve matching-sides --json
// prints.
type MatchingTable struct {
	Strategies []string `json:"strategies"`
	Payoff     [][]int  `json:"payoff"`
	Total      []int    `json:"total"`
}

// TableIV computes paper 003 Table IV from the rules of the game.
func TableIV() *MatchingTable {
	t := &MatchingTable{}
	for _, a := range AllStrategies() {
		t.Strategies = append(t.Strategies, a.String())
		row, total := make([]int, NumStrategies), 0
		for j, b := range AllStrategies() {
			row[j] = MatchingPayoff(a, b)
			total += row[j]
		}
		t.Payoff = append(t.Payoff, row)
		t.Total = append(t.Total, total)
	}
	return t
}

// String prints the table as the paper does.
func (t *MatchingTable) String() string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "%-5s", "")
	for _, s := range t.Strategies {
		fmt.Fprintf(&sb, " %5s", s)
	}
	sb.WriteString("  Total\n")
	for i, s := range t.Strategies {
		fmt.Fprintf(&sb, "%-5s", s)
		for _, v := range t.Payoff[i] {
			fmt.Fprintf(&sb, " %5d", v)
		}
		fmt.Fprintf(&sb, "  %5d\n", t.Total[i])
	}
	return sb.String()
}

// DataFrame returns the table with a column per strategy and the total.
func (t *MatchingTable) DataFrame() dataframe.DataFrame {
	cols := []series.Series{series.New(t.Strategies, series.String, "strategy")}
	for j, s := range t.Strategies {
		v := make([]int, len(t.Payoff))
		for i := range t.Payoff {
			v[i] = t.Payoff[i][j]
		}
		cols = append(cols, series.New(v, series.Int, s))
	}
	cols = append(cols, series.New(t.Total, series.Int, "Total"))
	return dataframe.New(cols...)
}

// A Mutation proposes a child of a matching sides strategy, drawing from
// rng.
type Mutation func(parent Strategy, rng *rand.Rand) Strategy

// CycleMutation proposes a uniformly random member of the cycle of eq. (7)
// other than the parent (any member, for a parent outside the cycle): the
// search that paper 003 section IV follows, which can never reach an
// equilibrium.
func CycleMutation(parent Strategy, rng *rand.Rand) Strategy {
	var others []Strategy
	for _, s := range Cycle7 {
		if s != parent {
			others = append(others, s)
		}
	}
	return others[rng.IntN(len(others))]
}

// FlipMutation returns the mutation that flips each of a strategy's three
// moves with probability p, drawing again until the child differs from
// the parent (0 < p <= 1); every strategy can be reached.
func FlipMutation(p float64) Mutation {
	return func(parent Strategy, rng *rand.Rand) Strategy {
		for {
			child := parent
			for bit := 0; bit < 3; bit++ {
				if rng.Float64() < p {
					child ^= 1 << bit
				}
			}
			if child != parent {
				return child
			}
		}
	}
}

// A Simulation is the trace of a small coevolution on matching sides.
type Simulation struct {
	// Champions holds, for each generation, the strategy the method
	// retained: the population's winner (round robin) or the newest archive
	// member (archive).
	Champions []Strategy
	// Archives holds the archive after each generation (archive methods).
	Archives [][]Strategy
	// Returns counts the times a strategy came back: a champion that had
	// been champion before and was displaced (round robin), or a strategy
	// that re-entered the archive after leaving it. Cycling shows as
	// Returns > 0.
	Returns int
}

// Cycles reports whether the simulation went round a cycle.
func (s *Simulation) Cycles() bool { return s.Returns > 0 }

// String summarises the trace: the first champions and the returns.
func (s *Simulation) String() string {
	var sb strings.Builder
	for i, c := range s.Champions {
		if i == 12 {
			fmt.Fprintf(&sb, " ... (%d generations)", len(s.Champions))
			break
		}
		if i > 0 {
			sb.WriteString(" ")
		}
		sb.WriteString(c.String())
	}
	fmt.Fprintf(&sb, "; returns: %d", s.Returns)
	return sb.String()
}

// RoundRobinSim is the round-robin coevolution of paper 003 section IV-A
// with a population of two: each generation the two play each other in
// both seats, the winner is kept (the incumbent, a[0] at the start, on a
// tie) and its child by mutate replaces the loser. Seeded: the same seed
// gives the same trace.
func RoundRobinSim(a, b Strategy, generations int, mutate Mutation, seed uint64) *Simulation {
	rng := rand.New(rand.NewPCG(seed, 0x6d61746368))
	sim := &Simulation{}
	parent, child := a, b
	left := map[Strategy]bool{}
	for g := 0; g < generations; g++ {
		winner := parent
		if Beats(child, parent) {
			winner = child
		}
		if n := len(sim.Champions); n > 0 && sim.Champions[n-1] != winner {
			left[sim.Champions[n-1]] = true
			if left[winner] {
				sim.Returns++
			}
		}
		sim.Champions = append(sim.Champions, winner)
		parent, child = winner, mutate(winner, rng)
	}
	return sim
}

// ArchiveSim is NashSolve (paper 003 Algorithm 1, read as docs/coevolve.md
// says) on matching sides: each generation offspring children of the
// parent (mutate) are scored by their worst payoff against the archive
// members, ties broken by the mean; the best becomes the next parent and
// enters the archive if it beats every member in both seats, the oldest
// member leaving when the archive holds more than size. The archive
// starts as start, the parent as its newest member.
func ArchiveSim(start []Strategy, size, generations, offspring int, mutate Mutation, seed uint64) (*Simulation, error) {
	if len(start) == 0 || len(start) > size || offspring < 1 {
		return nil, fmt.Errorf("matching sides archive: %d starting members, size %d, %d offspring: want 1 to size members and at least one child", len(start), size, offspring)
	}
	rng := rand.New(rand.NewPCG(seed, 0x6172636876))
	archive := append([]Strategy(nil), start...)
	sim := &Simulation{}
	parent := archive[len(archive)-1]
	left := map[Strategy]bool{}
	for g := 0; g < generations; g++ {
		var best Standing
		var bestChild Strategy
		for k := 0; k < offspring; k++ {
			c := mutate(parent, rng)
			var st Standing
			for _, m := range archive {
				st.add(PlayMatching(c, m) == 1, PlayMatching(m, c) == -1, float64(MatchingPayoff(c, m)))
			}
			if k == 0 || st.Better(best) {
				best, bestChild = st, c
			}
		}
		parent = bestChild
		if best.BeatsAll() {
			archive = append(archive, bestChild)
			if len(archive) > size {
				left[archive[0]] = true
				archive = archive[1:]
			}
			if left[bestChild] {
				sim.Returns++
			}
		}
		sim.Champions = append(sim.Champions, archive[len(archive)-1])
		sim.Archives = append(sim.Archives, append([]Strategy(nil), archive...))
	}
	return sim, nil
}

// MatchingSides is the toy game of section IV as a Domain, for the
// methods' tests and notebooks: a vector's three coordinates are a
// strategy's moves, its first move, its reply to Left and its reply to
// Right, each Left when negative and Right otherwise; a forced random move
// is Left or Right with equal chance. Its reference players are the four
// strategies of the cycle of eq. (7), "evolving against the four players
// in the cycle would provide an ideal set of fixed opponents" (section
// IV-C).
var MatchingSides = Domain{Name: "matching-sides", Game: matchingGame{}, Family: strategyFamily{}}

type matchingGame struct{}

// Play plays a game of matching sides: first's score is 1 if the second
// player's move differs from its own, 0 if it matches.
func (matchingGame) Play(first, second Player, epsilon float64, rng *rand.Rand) (float64, error) {
	a, ok1 := first.(Strategy)
	b, ok2 := second.(Strategy)
	if !ok1 || !ok2 || a >= NumStrategies || b >= NumStrategies {
		return math.NaN(), fmt.Errorf("matching sides: players %v (%T) and %v (%T), want Strategy values 0 to 7", first, first, second, second)
	}
	move := func(side int) int {
		if epsilon > 0 && rng.Float64() < epsilon {
			return rng.IntN(2)
		}
		return side
	}
	m := move(a.First())
	if move(b.Reply(m)) == m {
		return 0, nil
	}
	return 1, nil
}

type strategyFamily struct{}

func (strategyFamily) Dim() int { return 3 }

// Player returns the strategy of x: each move Right when its coordinate
// is not negative.
func (strategyFamily) Player(x []float64) (Player, error) {
	if len(x) != 3 {
		return nil, fmt.Errorf("matching sides: %d coordinates, a strategy has 3", len(x))
	}
	var s Strategy
	for _, v := range x {
		if math.IsNaN(v) {
			return nil, errors.New("matching sides: a coordinate is NaN")
		}
		s <<= 1
		if v >= 0 {
			s |= 1
		}
	}
	return s, nil
}

func (strategyFamily) References() []Reference {
	var r []Reference
	for _, s := range Cycle7 {
		r = append(r, Reference{Name: s.String(), Player: s})
	}
	return r
}

func (strategyFamily) Coordinates() []string { return []string{"first", "reply_l", "reply_r"} }

// StrategyOf returns the strategy of a matching sides vector (as
// MatchingSides's family reads it).
func StrategyOf(x []float64) Strategy {
	p, err := strategyFamily{}.Player(x)
	if err != nil {
		return NumStrategies
	}
	return p.(Strategy)
}
