package coevolve

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// script is an optimizer that offers chosen players: every generation it
// asks the vectors gen returns, whatever it is told.
type script struct {
	g   int
	gen func(g int) [][]float64
}

func (s *script) Ask() ([][]float64, error) { s.g++; return s.gen(s.g), nil }
func (s *script) Tell([]float64) error      { return nil }
func (s *script) Close()                    {}

// withScript makes the runs of a test ask gen's vectors.
func withScript(t *testing.T, gen func(g int) [][]float64) {
	t.Helper()
	scripted = func(Config, int) optimizer { return &script{gen: gen} }
	t.Cleanup(func() { scripted = nil })
}

// vec is the matching sides vector of a strategy (+1 Right, -1 Left).
func vec(s Strategy) []float64 {
	x := make([]float64, 3)
	for i := range x {
		x[i] = -1
		if s>>(2-i)&1 == 1 {
			x[i] = 1
		}
	}
	return x
}

// everyStrategy offers the eight strategies of matching sides in a
// different order every generation.
func everyStrategy(g int) [][]float64 {
	rng := rand.New(rand.NewPCG(gameSeed(7, g), 7))
	var xs [][]float64
	for _, i := range rng.Perm(NumStrategies) {
		xs = append(xs, vec(Strategy(i)))
	}
	return xs
}

// matchingRun runs a method on matching sides, two noise-free games a pair.
func matchingRun(t *testing.T, m Method, archive, gens int) *Run {
	t.Helper()
	c := PaperConfig(m, archive, 1)
	c.Game, c.Population, c.Generations, c.Snapshot, c.Games, c.Epsilon = MatchingSides.Name, NumStrategies, gens, 1, 1, 0
	c.Offered = NumStrategies
	r, err := Evolve(context.Background(), c, "", Options{})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// strategies reads the strategies of archive members.
func strategies(ms []Member) []Strategy {
	var s []Strategy
	for _, m := range ms {
		s = append(s, StrategyOf(m.X))
	}
	return s
}

// solvedTable counts the tests a strategy solves, by Table IV: a positive
// payoff over the two games.
func solvedTable(s Strategy, tests []Strategy) int {
	n := 0
	for _, t := range tests {
		if MatchingPayoff(s, t) > 0 {
			n++
		}
	}
	return n
}

// MaxSolve on matching sides, offered every strategy each generation: its
// solutions solve as many of its tests as any strategy can (by Table IV),
// sorted by the tests they solve, no two tests tell its solutions apart
// the same way, and its best solution is one of the equilibria, the two
// strategies that solve the most of all eight (4 each, by Table IV: the
// solution concept of maximum expected utility).
func TestMaxSolveOnMatchingSides(t *testing.T) {
	withScript(t, everyStrategy)
	for gens := 1; gens <= 12; gens++ {
		r := matchingRun(t, MaxSolve, 2, gens)
		sols, tests := strategies(r.Archive()), strategies(r.Tests())
		most := 0
		for _, s := range AllStrategies() {
			most = max(most, solvedTable(s, tests))
		}
		if solvedTable(sols[0], tests) != most {
			t.Errorf("after %d generations: solutions %v, tests %v: the first solves %d tests, %d can be solved", gens, sols, tests, solvedTable(sols[0], tests), most)
		}
		for i := 1; i < len(sols); i++ {
			if solvedTable(sols[i], tests) > solvedTable(sols[i-1], tests) {
				t.Errorf("after %d generations: solutions %v not sorted by the tests of %v they solve", gens, sols, tests)
			}
		}
		seen := map[string]Strategy{}
		for _, tt := range tests {
			k := ""
			for _, s := range sols {
				k += fmt.Sprint(MatchingPayoff(s, tt) > 0)
			}
			if o, ok := seen[k]; ok {
				t.Errorf("after %d generations: tests %v and %v tell the solutions %v apart the same way", gens, o, tt, sols)
			}
			seen[k] = tt
		}
		if gens == 12 && (!slices.Contains(Equilibria(), sols[0]) || solvedTable(sols[0], AllStrategies()) != 4) {
			t.Errorf("MaxSolve's best solution %v (solves %d of 8); the equilibria %v solve 4", sols[0], solvedTable(sols[0], AllStrategies()), Equilibria())
		}
	}
}

// MaxSolve's archive by hand: a solution that solves more tests ranks
// above one with more points but fewer tests solved; a solution that
// repeats an older one's results is dropped; of tests with the same
// results against the solutions kept, the oldest stays.
func TestMaxSolveArchive(t *testing.T) {
	// s solves t when it scored 2 of 2 points.
	pts := map[[2]string]float64{
		{"a", "t1"}: 2, {"a", "t2"}: 2, {"a", "t3"}: 0, // solves 2, 4 points
		{"b", "t1"}: 1.5, {"b", "t2"}: 1.5, {"b", "t3"}: 1.5, // solves 0, 4.5 points
		{"c", "t1"}: 2, {"c", "t2"}: 0, {"c", "t3"}: 0, // solves 1
		{"d", "t1"}: 2, {"d", "t2"}: 2, {"d", "t3"}: 0, // as a, newer
	}
	points := func(s, t string) float64 { return pts[[2]string{s, t}] }
	solved := func(s, t string) bool { return points(s, t) == 2 }
	S, T := maxSolveArchive([]string{"b", "c", "a", "d"}, []string{"t1", "t2", "t3"}, 2, solved, points)
	// a ranks first (2 solved), c second (1); b has more points but solves none.
	if !slices.Equal(S, []string{"a", "c"}) {
		t.Errorf("solutions %v, want [a c]", S)
	}
	// t1 is solved by a and c ("11"), t2 by a only ("10"), t3 by none ("00").
	if !slices.Equal(T, []string{"t1", "t2", "t3"}) {
		t.Errorf("tests %v", T)
	}
	S, T = maxSolveArchive([]string{"a", "d"}, []string{"t1", "t2", "t3"}, 2, solved, points)
	if !slices.Equal(S, []string{"a"}) || !slices.Equal(T, []string{"t1", "t3"}) {
		t.Errorf("a and its double d: solutions %v (want [a]), tests %v (want [t1 t3]: t2 repeats t1)", S, T)
	}
}

// IPCA on matching sides, offered every strategy each generation: its
// learners neither dominate nor equal one another over its tests (by
// Table IV), and it ends with the Pareto front of the whole game, the
// strategies no strategy dominates over all eight tests: the equilibria
// L:LR and R:LR (computed here from Table IV).
func TestIPCAOnMatchingSides(t *testing.T) {
	withScript(t, everyStrategy)
	r := matchingRun(t, IPCA, 0, 30)
	learners, tests := strategies(r.Archive()), strategies(r.Tests())
	row := func(s Strategy, ts []Strategy) []float64 {
		var v []float64
		for _, t := range ts {
			v = append(v, float64(MatchingPayoff(s, t)))
		}
		return v
	}
	for i, a := range learners {
		for j, b := range learners {
			if i != j && (dominates(row(a, tests), row(b, tests)) || slices.Equal(row(a, tests), row(b, tests))) {
				t.Errorf("learner %v dominates or equals %v over the tests %v", a, b, tests)
			}
		}
	}
	var front []Strategy
	for _, s := range AllStrategies() {
		dominated := false
		for _, o := range AllStrategies() {
			dominated = dominated || dominates(row(o, AllStrategies()), row(s, AllStrategies()))
		}
		if !dominated {
			front = append(front, s)
		}
	}
	if !reflect.DeepEqual(front, Equilibria()) {
		t.Fatalf("the Pareto front of Table IV is %v, not the equilibria", front)
	}
	slices.Sort(learners)
	if !reflect.DeepEqual(learners, front) {
		t.Errorf("IPCA's learners %v (tests %v), the Pareto front %v", learners, tests, front)
	}
}

// exploitability is the most any strategy of a game scores against a
// mixture, by payoff (0 for an equilibrium of a symmetric zero-sum game).
func exploitability(mix map[Strategy]float64, payoff func(a, b Strategy) float64, all []Strategy) float64 {
	worst := math.Inf(-1)
	for _, t := range all {
		v := 0.0
		for s, p := range mix {
			v += p * payoff(t, s)
		}
		worst = max(worst, v)
	}
	return worst
}

// mixtureOf reads the Nash memory's mixture as strategies.
func mixtureOf(r *Run, of func([]float64) Strategy) map[Strategy]float64 {
	mix := map[Strategy]float64{}
	for i, m := range r.Archive() {
		mix[of(m.X)] += r.Mixture[i]
	}
	return mix
}

// The Nash memory on matching sides, offered every strategy each
// generation, ends with a mixture no strategy gains against (Table IV): a
// Nash equilibrium of the game, whose value is 0.
func TestNashMemoryOnMatchingSides(t *testing.T) {
	withScript(t, everyStrategy)
	r := matchingRun(t, NashMemory, 4, 10)
	mix := mixtureOf(r, StrategyOf)
	payoff := func(a, b Strategy) float64 { return float64(MatchingPayoff(a, b)) }
	if e := exploitability(mix, payoff, AllStrategies()); e > 1e-9 {
		t.Errorf("mixture %v: a strategy gains %v against it", mix, e)
	}
	total := 0.0
	for _, p := range r.Mixture {
		total += p
	}
	if math.Abs(total-1) > 1e-12 {
		t.Errorf("mixture sums to %v", total)
	}
}

// Rock-paper-scissors, whose only equilibrium is (1/3, 1/3, 1/3): a
// player is the largest of its three coordinates (rock, paper,
// scissors); a forced random move throws at random.
var rps = Domain{Name: "rps", Game: rpsGame{}, Family: rpsFamily{}}

type rpsGame struct{}

func (rpsGame) Play(first, second Player, eps float64, rng *rand.Rand) (float64, error) {
	throw := func(p Player) int {
		if eps > 0 && rng.Float64() < eps {
			return rng.IntN(3)
		}
		return p.(int)
	}
	a, b := throw(first), throw(second)
	switch (a - b + 3) % 3 {
	case 0:
		return 0.5, nil
	case 1:
		return 1, nil // paper (1) beats rock (0), ...
	}
	return 0, nil
}

type rpsFamily struct{}

func (rpsFamily) Dim() int { return 3 }
func (rpsFamily) Player(x []float64) (Player, error) {
	return argmax(x), nil
}

func rpsVec(k int) []float64 {
	x := []float64{0, 0, 0}
	x[k] = 1
	return x
}

// The Nash memory on rock-paper-scissors, offered the three throws each
// generation: with room for three it ends on the game's equilibrium,
// (1/3, 1/3, 1/3); limited to two players (the resource limit of Manning
// 2010) it cannot hold it, and a throw gains against its mixture.
func TestNashMemoryOnRockPaperScissors(t *testing.T) {
	withScript(t, func(g int) [][]float64 {
		rng := rand.New(rand.NewPCG(gameSeed(3, g), 3))
		var xs [][]float64
		for _, k := range rng.Perm(3) {
			xs = append(xs, rpsVec(k))
		}
		return xs
	})
	payoff := func(a, b Strategy) float64 { return float64([3]int{0, 1, -1}[(int(a)-int(b)+3)%3]) }
	of := func(x []float64) Strategy { return Strategy(argmax(x)) }
	for _, capacity := range []int{3, 2} {
		c := PaperConfig(NashMemory, capacity, 1)
		c.Population, c.Generations, c.Snapshot, c.Games, c.Epsilon, c.Offered = 3, 12, 1, 1, 0, 3
		r, err := rps.Evolve(context.Background(), c, "", Options{})
		if err != nil {
			t.Fatal(err)
		}
		mix := mixtureOf(r, of)
		e := exploitability(mix, payoff, []Strategy{0, 1, 2})
		switch capacity {
		case 3:
			for k := Strategy(0); k < 3; k++ {
				if math.Abs(mix[k]-1.0/3) > 1e-9 {
					t.Errorf("capacity 3: mixture %v, want 1/3 each", mix)
				}
			}
		case 2:
			if len(r.Archive())+len(r.Memory()) > 2 || e <= 0.1 {
				t.Errorf("capacity 2: support %d, memory %d, mixture %v, a throw gains %v", len(r.Archive()), len(r.Memory()), mix, e)
			}
		}
	}
}

// maximin finds the equilibria of small symmetric zero-sum games known
// by hand, and refuses a matrix that is not antisymmetric.
func TestMaximin(t *testing.T) {
	rpsM := [][]float64{{0, -1, 1}, {1, 0, -1}, {-1, 1, 0}}
	p, err := maximin(rpsM)
	if err != nil || math.Abs(p[0]-1.0/3) > 1e-9 || math.Abs(p[1]-1.0/3) > 1e-9 {
		t.Errorf("rock-paper-scissors: %v %v", p, err)
	}
	// A dominant strategy: all weight on it.
	p, err = maximin([][]float64{{0, 1}, {-1, 0}})
	if err != nil || p[0] != 1 {
		t.Errorf("dominant strategy: %v %v", p, err)
	}
	// Biased rock-paper-scissors (rock beats scissors by 2): the
	// equilibrium is (1/4, 1/2, 1/4) (rock, paper, scissors), solved by
	// hand from the indifference conditions.
	p, err = maximin([][]float64{{0, -1, 2}, {1, 0, -1}, {-2, 1, 0}})
	if err != nil || math.Abs(p[0]-0.25) > 1e-9 || math.Abs(p[1]-0.5) > 1e-9 || math.Abs(p[2]-0.25) > 1e-9 {
		t.Errorf("biased rock-paper-scissors: %v %v", p, err)
	}
	if _, err := maximin([][]float64{{0, 1}, {1, 0}}); err == nil {
		t.Error("a matrix that is not antisymmetric was solved")
	}
}

// higher is a game whose answer is known: the larger number wins (equal
// numbers draw), so the best player is the largest; a forced random move
// decides the game by a coin. A player is its one coordinate.
var higher = Domain{Name: "higher", Game: higherGame{}, Family: higherFamily{}}

type higherGame struct{}

func (higherGame) Play(first, second Player, eps float64, rng *rand.Rand) (float64, error) {
	if eps > 0 && rng.Float64() < eps {
		return float64(rng.IntN(2)), nil
	}
	a, b := first.(float64), second.(float64)
	switch {
	case a > b:
		return 1, nil
	case a < b:
		return 0, nil
	}
	return 0.5, nil
}

type higherFamily struct{}

func (higherFamily) Dim() int                           { return 1 }
func (higherFamily) Player(x []float64) (Player, error) { return x[0], nil }

// Round-robin coevolution with parent-child averaging (the LR player's
// method) on the transitive game: the league's winner is the largest
// candidate, who wins every game (fitness 1) while the league shares its
// points (mean 1/2); the parent never moves down, moves up by at most the
// fraction beta of the largest child's lead, and climbs.
func TestRoundRobinAveraging(t *testing.T) {
	c := PaperConfig(RoundRobin, 0, 4)
	c.Generations, c.Snapshot, c.Epsilon, c.Games = 30, 1, 0, 1
	r, err := higher.Evolve(context.Background(), c, "", Options{})
	if err != nil {
		t.Fatal(err)
	}
	prev := 0.0
	for i, h := range r.History {
		if h.Best != 1 || math.Abs(h.Mean-0.5) > 1e-12 {
			t.Fatalf("generation %d: best %v, mean %v", i+1, h.Best, h.Mean)
		}
		x := r.Permanent.Members[i].X[0]
		// A child is the parent plus sigma*N(0,1): its lead is below 6 sigma.
		if x < prev || x-prev > c.Beta*6*c.StepSize {
			t.Fatalf("generation %d: parent %v after %v", i+1, x, prev)
		}
		prev = x
	}
	if prev < 10*c.Beta*c.StepSize {
		t.Errorf("the parent climbed to %v in %d generations", prev, c.Generations)
	}
	// Straight round robin with CMA-ES climbs too (no averaging).
	c.Optimizer, c.Beta, c.Population, c.StepSize = CMA, 0, 10, 0.5
	if _, err := higher.Evolve(context.Background(), c, "", Options{}); err != nil {
		t.Fatal(err)
	}
}

// The ES moves its parent exactly the fraction beta of the way to the
// best candidate, and not at all when the parent is the best (first on a
// tie); its saved state goes on as the original.
func TestAveragingES(t *testing.T) {
	es := newAveragingES([]float64{1, 2}, 4, 0.5, 0.25, 9)
	xs, _ := es.Ask()
	if !slices.Equal(xs[0], []float64{1, 2}) || slices.Equal(xs[1], xs[2]) {
		t.Fatalf("asked %v", xs)
	}
	es.Tell([]float64{0, -3, -1, -3})
	want := []float64{1 + 0.25*(xs[1][0]-1), 2 + 0.25*(xs[1][1]-2)}
	if !slices.Equal(es.Parent(), want) {
		t.Errorf("parent %v, want %v", es.Parent(), want)
	}
	before := slices.Clone(es.Parent())
	es.Ask()
	es.Tell([]float64{-1, -1, 0, 0})
	if !slices.Equal(es.Parent(), before) {
		t.Errorf("the parent moved to %v though it tied for best", es.Parent())
	}
	// Saved between Ask and Tell, the copy asks the same generation.
	a, _ := es.Ask()
	state, err := es.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	copy := newAveragingES([]float64{0, 0}, 4, 0.5, 0.25, 1)
	if err := copy.UnmarshalBinary(state); err != nil {
		t.Fatal(err)
	}
	b, _ := copy.Ask()
	if !reflect.DeepEqual(a, b) {
		t.Errorf("resumed ES asked %v, the original %v", b, a)
	}
	if err := copy.UnmarshalBinary([]byte("junk")); err == nil {
		t.Error("junk state read")
	}
}

// Every new method runs on Othello, is the same on any number of workers,
// and resumes after an interrupt to the files of an uninterrupted run.
func TestMethodsResume(t *testing.T) {
	for _, m := range []Method{RoundRobin, MaxSolve, IPCA, NashMemory} {
		cfg := PaperConfig(m, 3, 2)
		cfg.Generations, cfg.Snapshot = 8, 2
		cfg.Population = 8
		if m == RoundRobin {
			cfg.Population, cfg.Games = 6, 1
		}
		whole := t.TempDir()
		a, err := Evolve(context.Background(), cfg, whole, Options{Workers: 1, CheckpointInterval: -1})
		if err != nil {
			t.Fatalf("%v: %v", m, err)
		}
		if a.Permanent.Len() != 4 {
			t.Errorf("%v: %d players in the permanent archive, want 4", m, a.Permanent.Len())
		}
		dir := t.TempDir()
		ctx, cancel := context.WithCancel(context.Background())
		_, err = Evolve(ctx, cfg, dir, Options{Workers: 3, CheckpointEvery: 2, CheckpointInterval: -1, Progress: func(p Progress) {
			if p.Generation == 5 {
				cancel()
			}
		}})
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("%v: %v", m, err)
		}
		if _, err := Evolve(context.Background(), cfg, dir, Options{Workers: 2, CheckpointInterval: -1}); err != nil {
			t.Fatal(err)
		}
		if got, want := files(t, dir), files(t, whole); !reflect.DeepEqual(got, want) {
			for k := range want {
				if got[k] != want[k] {
					t.Errorf("%v: %s of the resumed run differs", m, k)
				}
			}
		}
	}
}

// A budget of games stops a run before the first generation that would
// begin with that many games played: NashSolve |A| = 2 with 8 candidates
// plays 16 games a generation once its archive is full, so a budget of
// 100 games ends it after the generation that first reaches 100; the run
// is complete, and says why it stopped.
func TestBudget(t *testing.T) {
	c := PaperConfig(NashSolve, 2, 1)
	c.Population, c.Generations, c.Snapshot, c.Budget = 8, 1000, 1, 100
	r, err := Evolve(context.Background(), c, "", Options{})
	if err != nil {
		t.Fatal(err)
	}
	n := len(r.History)
	if r.Games < 100 || r.History[n-2].Games >= 100 || !r.Complete() || !strings.Contains(r.Stopped, "budget of 100 games") {
		t.Errorf("%d generations, %d games (the one before %d): %s", n, r.Games, r.History[n-2].Games, r.Stopped)
	}
	c.Budget = -1
	if _, err := Evolve(context.Background(), c, "", Options{}); err == nil {
		t.Error("a negative budget ran")
	}
}
