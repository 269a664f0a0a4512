package umda

import (
	"context"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/coevolab/coevo/engine/game"
	"github.com/coevolab/coevo/engine/games"
)

func prepare(t *testing.T, g game.Game, opt Options) *Game {
	t.Helper()
	gr, err := game.Compile(g)
	if err != nil {
		t.Fatal(err)
	}
	G, err := Prepare(gr, opt)
	if err != nil {
		t.Fatal(err)
	}
	return G
}

// Lemma 3.1 B1 and the range of pi_gamma: a distribution with every entry
// at least gamma; for two outcomes it is the clamp to [gamma, 1-gamma].
func TestProject(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	for trial := 0; trial < 2000; trial++ {
		k := 2 + rng.IntN(6)
		p := make([]float64, k)
		sum := 0.0
		for i := range p {
			if rng.IntN(3) > 0 {
				p[i] = rng.Float64()
			}
			sum += p[i]
		}
		if sum == 0 {
			continue
		}
		for i := range p {
			p[i] /= sum
		}
		gamma := rng.Float64() / float64(k)
		out := make([]float64, k)
		Project(p, gamma, out)
		total := 0.0
		for i, x := range out {
			total += x
			if x < gamma-1e-12 {
				t.Fatalf("entry %v below gamma %v", x, gamma)
			}
			if p[i] >= gamma && x > p[i]+1e-12 { // Lemma 3.1 B2
				t.Fatalf("entry grew: %v -> %v", p[i], x)
			}
		}
		if math.Abs(total-1) > 1e-12 {
			t.Fatalf("sum %v", total)
		}
		if k == 2 {
			want := math.Min(math.Max(p[0], gamma), 1-gamma)
			if math.Abs(out[0]-want) > 1e-12 {
				t.Fatalf("two outcomes: %v, clamp gives %v", out[0], want)
			}
		}
	}
}

// every strategy of G, enumerated.
func allStrategies(G *Game, f func(Strategy)) {
	x := make(Strategy, len(G.Interior))
	var rec func(i int)
	rec = func(i int) {
		if i == len(x) {
			f(slices.Clone(x))
			return
		}
		for s := range G.Followers(G.Interior[i]) {
			x[i] = int32(s)
			rec(i + 1)
		}
	}
	rec(0)
}

// Optimal agrees with its definition (x beats every y), checked by playing
// every pair of strategies; and Lemma 2.2's condition implies optimality.
func TestOptimalBruteForce(t *testing.T) {
	var gs []game.Game
	for n := 3; n <= 7; n++ {
		g, _ := games.SubtractionNim(n, 2)
		gs = append(gs, g)
	}
	ch, _ := games.NewChomp(2, 3)
	tt, _ := games.NewTurningTurtles(3)
	sd, _ := games.NewSilverDollar(4, 2)
	gs = append(gs, ch, tt, sd, games.Figure1())
	for _, g := range gs {
		G := prepare(t, g, Options{})
		var all []Strategy
		allStrategies(G, func(x Strategy) { all = append(all, x) })
		if len(all) > 5000 {
			t.Fatalf("%d strategies: too many for brute force", len(all))
		}
		nOpt := 0
		for _, x := range all {
			beatsAll := true
			for _, y := range all {
				if !G.Play(x, y, nil) {
					beatsAll = false
					break
				}
			}
			if G.Optimal(x) != beatsAll || G.OptimalBySG(x) != beatsAll {
				t.Fatalf("%T: Optimal(%v) = %v, OptimalBySG %v, brute force %v", g, x, G.Optimal(x), G.OptimalBySG(x), beatsAll)
			}
			if G.Lemma22(x) && !beatsAll {
				t.Fatalf("%T: Lemma 2.2 holds for %v but it is not optimal", g, x)
			}
			if beatsAll {
				nOpt++
			}
		}
		if nOpt == 0 {
			t.Fatalf("%T: no optimal strategy (fictitious root %v)", g, G.Fictitious)
		}
	}
}

// Paper 000 figure 1: W_G = {v0, b}; a strategy moving v0 -> d is optimal
// whatever it does at b, though Lemma 2.2's condition fails when it errs at b.
func TestFigure1(t *testing.T) {
	G := prepare(t, games.Figure1(), Options{})
	var names []string
	for _, v := range G.Critical() {
		names = append(names, G.Graph.Format(v))
	}
	if strings.Join(names, ",") != "v0,b" {
		t.Fatalf("W_G = %v", names)
	}
	found := false
	allStrategies(G, func(x Strategy) {
		if G.Graph.Format(G.Move(x, G.Root())) != "d" {
			return
		}
		b := G.Interior[slices.IndexFunc(G.Interior, func(v int32) bool { return G.Graph.Format(v) == "b" })]
		if G.Graph.Format(G.Move(x, b)) == "c" { // value 1: wrong at b
			found = true
			if !G.Optimal(x) || G.Lemma22(x) {
				t.Fatalf("x(v0)=d, x(b)=c: optimal %v, Lemma 2.2 %v", G.Optimal(x), G.Lemma22(x))
			}
		}
	})
	if !found {
		t.Fatal("no strategy with x(v0)=d and x(b)=c")
	}
}

// Paper 000 section 1: in SUBTRACTIONNIM_7^2 "111121 defeats 122112, which
// in turn defeats 12122, which in turn defeats 111121, regardless of who
// plays first". The third strategy is printed with five symbols; entry i is
// the amount taken at position i. This finds the six-symbol strategies that
// close the cycle: 12122 with one symbol inserted.
func TestIntransitiveCycle(t *testing.T) {
	g, _ := games.SubtractionNim(7, 2)
	G := prepare(t, g, Options{NoFictitiousRoot: true})
	strat := func(s string) Strategy {
		x := make(Strategy, len(G.Interior))
		for i, v := range G.Interior {
			pos := int(G.Graph.Format(v)[0] - '0')
			take := int32(s[pos-1] - '1')
			if int(take) >= len(G.Followers(v)) {
				return nil // cannot take 2 from 1
			}
			x[i] = take
		}
		return x
	}
	beats := func(a, b Strategy) bool { return G.Play(a, b, nil) && !G.Play(b, a, nil) }
	A, B := strat("111121"), strat("122112")
	if !beats(A, B) {
		t.Fatal("111121 does not beat 122112 in both seats")
	}
	var cycle []string
	for i := 0; i <= 5; i++ {
		for _, c := range "12" {
			s := "12122"[:i] + string(c) + "12122"[i:]
			C := strat(s)
			if C != nil && beats(B, C) && beats(C, A) && !slices.Contains(cycle, s) {
				cycle = append(cycle, s)
			}
		}
	}
	// Checked by hand (positions written as heap sizes, strategy entry i is
	// what is taken at i): with C = 121212,
	//   C first vs A: 6 -2-> 4 -1-> 3 -1-> 2 -1-> 1 -1-> 0, A to move: C wins;
	//   A first vs C: 6 -1-> 5 -1-> 4 -1-> 3 -1-> 2 -1-> 1 -1-> 0: C wins;
	//   B first vs C: 6 -2-> 4 -2-> 2 -2-> 0, C to move: B wins;
	//   C first vs B: 6 -2-> 4 -1-> 3 -1-> 2 -2-> 0: B wins.
	C := strat("121212")
	traces := map[string][]string{}
	for _, pair := range []struct {
		name  string
		x, y  Strategy
		trace string
	}{
		{"C-A", C, A, "6 4 3 2 1 0"}, {"A-C", A, C, "6 5 4 3 2 1 0"},
		{"B-C", B, C, "6 4 2 0"}, {"C-B", C, B, "6 4 3 2 0"},
	} {
		var path []int32
		G.Play(pair.x, pair.y, &path)
		for _, v := range path {
			traces[pair.name] = append(traces[pair.name], G.Graph.Format(v))
		}
		if got := strings.Join(traces[pair.name], " "); got != pair.trace {
			t.Fatalf("%s: %s, by hand %s", pair.name, got, pair.trace)
		}
	}
	if !slices.Contains(cycle, "121212") {
		t.Fatalf("search missed 121212: %v", cycle)
	}
	// The search's full answer, recorded in docs/umda.md.
	slices.Sort(cycle)
	if want := []string{"121212", "121221", "121222"}; !slices.Equal(cycle, want) {
		t.Fatalf("completions %v, docs/umda.md records %v", cycle, want)
	}
}

// UMDA finds an optimal strategy of small SubtractionNim games, and its
// result depends on the seed only, not on the number of workers.
func TestUMDA(t *testing.T) {
	g, _ := games.SubtractionNim(12, 2)
	G := prepare(t, g, Options{})
	for seed := uint64(1); seed <= 5; seed++ {
		par := Params{Mu: 40, Seed: seed, MaxEvaluations: 2_000_000, Workers: 1}
		r1, err := G.UMDA(context.Background(), par)
		if err != nil {
			t.Fatal(err)
		}
		par.Workers = 4
		r4, _ := G.UMDA(context.Background(), par)
		if !reflect.DeepEqual(r1, r4) {
			t.Fatalf("seed %d: %+v with 1 worker, %+v with 4", seed, *r1, *r4)
		}
		if !r1.Optimal || r1.Censored || r1.Evaluations != int64(r1.Generations*40) {
			t.Fatalf("seed %d: %+v", seed, *r1)
		}
	}
	// A budget below one generation censors at once; on SUBTRACTIONNIM_300^3
	// a run of three generations of 40 stays censored (seed 1).
	r, _ := G.UMDA(context.Background(), Params{Mu: 40, Seed: 1, MaxEvaluations: 39})
	if !r.Censored || r.Optimal || r.Evaluations != 0 {
		t.Fatalf("budget 39: %+v", *r)
	}
	big, _ := games.SubtractionNim(300, 3)
	B := prepare(t, big, Options{})
	for _, naive := range []bool{false, true} {
		r, _ = B.UMDA(context.Background(), Params{Mu: 40, Seed: 1, MaxEvaluations: 120, Naive: naive})
		if !r.Censored || r.Optimal || r.Evaluations != 120 {
			t.Fatalf("naive %v, budget 120: %+v", naive, *r)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := G.UMDA(ctx, Params{Mu: 40}); err == nil {
		t.Fatal("cancelled run returned no error")
	}
	if _, err := G.UMDA(context.Background(), Params{Mu: 10, Gamma: 0.9}); err == nil {
		t.Fatal("gamma 0.9 accepted with Delta = 2")
	}
}

// A trace starts from the uniform p_0: on SUBTRACTIONNIM_n^2 every critical
// position has two moves, one to value 0, so its first entry is 1/2; the
// run ends in the first generation with an optimal selected strategy.
func TestTrace(t *testing.T) {
	g, _ := games.SubtractionNim(16, 2)
	G := prepare(t, g, Options{})
	for _, naive := range []bool{false, true} {
		r, err := G.UMDA(context.Background(), Params{Mu: 30, Seed: 5, Trace: true, Naive: naive, MaxEvaluations: 1_000_000})
		if err != nil || !r.Optimal {
			t.Fatalf("naive %v: %+v %v", naive, r, err)
		}
		tr := r.Trace
		if len(tr.P) != r.Generations || len(tr.Optimal) != r.Generations || len(tr.Critical) == 0 {
			t.Fatalf("trace of %d generations for a run of %d", len(tr.P), r.Generations)
		}
		for _, x := range tr.P[0] {
			if x != 0.5 {
				t.Fatalf("p_0 mass on the winning move %v, want 1/2", x)
			}
		}
		last := tr.Optimal[len(tr.Optimal)-1]
		for _, f := range tr.Optimal[:len(tr.Optimal)-1] {
			if f != 0 {
				t.Fatalf("optimal fraction %v before the last generation", f)
			}
		}
		if last <= 0 {
			t.Fatal("last generation has no optimal strategy")
		}
		if df := tr.DataFrame(); df.Nrow() != r.Generations || df.Ncol() != 4 {
			t.Fatalf("%d x %d", df.Nrow(), df.Ncol())
		}
		if df := tr.Positions(); df.Ncol() != 1+len(tr.Critical) {
			t.Fatalf("positions frame has %d columns", df.Ncol())
		}
		if _, err := tr.Plot(); err != nil {
			t.Fatal(err)
		}
	}
}
