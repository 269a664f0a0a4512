package umda

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sort"
	"testing"

	"gonum.org/v1/gonum/stat/distuv"

	"github.com/coevolab/coevo/engine/game"
	"github.com/coevolab/coevo/engine/games"
)

// The binomial draws follow the binomial law: a chi-square test of the
// counts of 40,000 draws against the exact probabilities (tails pooled so
// every class expects at least 5), at level 1e-4, for parameters that
// reach each method: inversion from 0, from the mode (with C(n, k) from
// the table, with ln n! from the table beyond 256 trials, and from
// math.Lgamma beyond that), q > 1/2, and gonum's sampler for huge
// variances; the means and variances agree as well.
func TestBinomial(t *testing.T) {
	var src rand.PCG
	src.Seed(3, 3)
	bin := newBinomials(400)
	for _, c := range []struct {
		n int
		q float64
	}{{10, 0.001}, {100, 0.02}, {30, 0.35}, {100, 0.5}, {75, 1.0 / 3}, {57, 0.93}, {300, 0.2}, {1000, 0.3}, {80, 0.12}, {200, 0.9}, {2_000_000, 0.4}} {
		const trials = 40000
		counts := map[int]float64{}
		sum, sum2 := 0.0, 0.0
		for k := 0; k < trials; k++ {
			x := bin.binomial(c.n, c.q, &src)
			if x < 0 || x > c.n {
				t.Fatalf("Binomial(%d, %g) drew %d", c.n, c.q, x)
			}
			counts[x]++
			sum += float64(x)
			sum2 += float64(x) * float64(x)
		}
		mean := sum / trials
		v := sum2/trials - mean*mean
		wantM, wantV := float64(c.n)*c.q, float64(c.n)*c.q*(1-c.q)
		if math.Abs(mean-wantM) > 5*math.Sqrt(wantV/trials) {
			t.Errorf("Binomial(%d, %g): mean %v, want %v", c.n, c.q, mean, wantM)
		}
		if math.Abs(v-wantV) > 0.05*wantV+1e-3 {
			t.Errorf("Binomial(%d, %g): variance %v, want %v", c.n, c.q, v, wantV)
		}
		if chi, df := chiSquare(c.n, c.q, counts, trials); chi > (distuv.ChiSquared{K: float64(df)}).Quantile(1-1e-4) {
			t.Errorf("Binomial(%d, %g): chi-square %.1f with %d degrees of freedom", c.n, c.q, chi, df)
		}
	}
	counts := make([]int32, 3)
	bin.multinomial(1000, []float64{0.2, 0.5, 0.3}, counts, &src)
	if counts[0]+counts[1]+counts[2] != 1000 {
		t.Fatalf("multinomial counts %v", counts)
	}
}

// chiSquare compares observed counts of Binomial(n, q) draws with the
// exact law, classes pooled from the ends until each expects 5 draws.
func chiSquare(n int, q float64, counts map[int]float64, trials float64) (chi float64, df int) {
	pmf := func(k int) float64 {
		a, _ := math.Lgamma(float64(n + 1))
		b, _ := math.Lgamma(float64(k + 1))
		c, _ := math.Lgamma(float64(n - k + 1))
		return math.Exp(a - b - c + float64(k)*math.Log(q) + float64(n-k)*math.Log1p(-q))
	}
	lo, hi := int(float64(n)*q), int(float64(n)*q)
	for lo > 0 && pmf(lo-1)*trials >= 5 {
		lo--
	}
	for hi < n && pmf(hi+1)*trials >= 5 {
		hi++
	}
	// Classes: [0, lo], lo+1..hi-1, [hi, n].
	expLo, expHi, obsLo, obsHi := 0.0, 0.0, 0.0, 0.0
	for k, c := range counts {
		switch {
		case k <= lo:
			obsLo += c
		case k >= hi:
			obsHi += c
		}
	}
	for k := 0; k <= lo; k++ {
		expLo += pmf(k) * trials
	}
	for k := hi; k <= n; k++ {
		expHi += pmf(k) * trials
	}
	chi = (obsLo-expLo)*(obsLo-expLo)/expLo + (obsHi-expHi)*(obsHi-expHi)/expHi
	df = 1
	for k := lo + 1; k < hi; k++ {
		e := pmf(k) * trials
		chi += (counts[k] - e) * (counts[k] - e) / e
		df++
	}
	return chi, df
}

// runs collects the final distributions of many seeded runs.
func runs(t *testing.T, G *Game, par Params, seeds int) [][][]float64 {
	t.Helper()
	out := make([][][]float64, seeds)
	for s := 0; s < seeds; s++ {
		par.Seed = uint64(s) + 1000
		r, err := G.UMDA(context.Background(), par)
		if err != nil {
			t.Fatal(err)
		}
		out[s] = r.P
	}
	return out
}

// dynamicsCase is a game and parameters under which the two samplers'
// distributions p_T after T generations are compared.
type dynamicsCase struct {
	name string
	G    *Game
	par  Params
}

func dynamicsCases(t *testing.T) []dynamicsCase {
	prep := func(g game.Game) *Game {
		gr, err := game.Compile(g)
		if err != nil {
			t.Fatal(err)
		}
		G, err := Prepare(gr, Options{})
		if err != nil {
			t.Fatal(err)
		}
		return G
	}
	tt, _ := games.NewTurningTurtles(3)
	ladder, _ := games.Figure4(8)
	short := Params{Mu: 10, Generations: 3, Gamma: 0.02, Workers: 1}
	return []dynamicsCase{
		{"SUBTRACTIONNIM_9^2", prep(mustSub(9, 2)), short},
		{"figure 1", prep(games.Figure1()), short},
		// Thirty generations of few winners and a large gamma: positions
		// go unvisited for generations (their chains advance lazily), fix
		// on one move and leave it again.
		{"TURNINGTURTLES_3", prep(tt), Params{Mu: 8, Generations: 30, Gamma: 0.03, Workers: 2}},
		// The ladder of figure 4: moving to the sink wins at once, so play
		// soon stops entering the ladder, whose positions then drift as
		// unvisited chains for most of the forty generations.
		{"figure 4 ladder", prep(ladder), Params{Mu: 4, Generations: 40, Gamma: 0.05, Workers: 1}},
	}
}

// momentGaps compares the mean and second moment of every cell p(i, s)
// over two sets of runs and lists the cells that differ by more than 4.5
// standard errors.
func momentGaps(a, b [][][]float64) []string {
	var gaps []string
	for i := range a[0] {
		for s := range a[0][i] {
			for moment := 1; moment <= 2; moment++ {
				ma, va := moments(a, i, s, moment)
				mb, vb := moments(b, i, s, moment)
				se := math.Sqrt(va/float64(len(a)) + vb/float64(len(b)))
				if se > 0 && math.Abs(ma-mb) > 4.5*se {
					gaps = append(gaps, fmt.Sprintf("position %d move %d moment %d: naive %.4f, fast %.4f (se %.4f)", i, s, moment, ma, mb, se))
				}
			}
		}
	}
	return gaps
}

func dynamicsSeeds() int {
	if testing.Short() {
		return 800
	}
	return 3000
}

// After T generations, the fast sampler's p_T has the naive sampler's
// distribution: every cell's mean and second moment agree within 4.5
// standard errors (the seeds are fixed, so the test is deterministic; with
// ~130 cells a false alarm has probability ~1e-3).
func TestFastMatchesNaiveDynamics(t *testing.T) {
	seeds := dynamicsSeeds()
	for _, c := range dynamicsCases(t) {
		par := c.par
		par.Naive = true
		a := runs(t, c.G, par, seeds)
		par.Naive = false
		b := runs(t, c.G, par, seeds)
		for _, gap := range momentGaps(a, b) {
			t.Errorf("%s: %s", c.name, gap)
		}
	}
}

// The statistical tests can fail: each deliberate mistake in the fast
// sampler (see mutant) makes the moments of some cell differ, or the
// runtimes fail the Kolmogorov-Smirnov test.
func TestStatisticalTestsCatchMutants(t *testing.T) {
	seeds := dynamicsSeeds()
	cases := dynamicsCases(t)
	naive := make([][][][]float64, len(cases))
	for k, c := range cases {
		par := c.par
		par.Naive = true
		naive[k] = runs(t, c.G, par, seeds)
	}
	naiveRuntimes := runtimes(t, true)
	defer func() { mutant = 0 }()
	for _, m := range []int{mutantUniformFresh, mutantNeverLeave, mutantStale} {
		mutant = m
		var caught []string
		for k, c := range cases {
			if gaps := momentGaps(naive[k], runs(t, c.G, c.par, seeds)); len(gaps) > 0 {
				caught = append(caught, fmt.Sprintf("%s (%d cells)", c.name, len(gaps)))
			}
		}
		if d, crit := ks(naiveRuntimes, runtimes(t, false)); d > crit {
			caught = append(caught, fmt.Sprintf("runtimes (KS %.3f > %.3f)", d, crit))
		}
		if len(caught) == 0 {
			t.Errorf("mutant %d passes every statistical test", m)
		}
		t.Logf("mutant %d caught by %v", m, caught)
	}
}

func moments(runs [][][]float64, i, s, k int) (mean, variance float64) {
	var xs []float64
	for _, r := range runs {
		xs = append(xs, math.Pow(r[i][s], float64(k)))
	}
	for _, x := range xs {
		mean += x
	}
	mean /= float64(len(xs))
	for _, x := range xs {
		variance += (x - mean) * (x - mean)
	}
	return mean, variance / float64(len(xs)-1)
}

func mustSub(n, k int) game.Game {
	g, err := games.SubtractionNim(n, k)
	if err != nil {
		panic(err)
	}
	return g
}

// The runtime (generations to an optimal selected strategy) has the same
// distribution under both samplers: two-sample Kolmogorov-Smirnov at
// level 0.001 (critical value 1.95 sqrt(2/N)).
func TestFastMatchesNaiveRuntime(t *testing.T) {
	if d, crit := ks(runtimes(t, true), runtimes(t, false)); d > crit {
		t.Fatalf("KS distance %.4f > %.4f between naive and fast runtimes", d, crit)
	}
}

// runtimes returns the generations runs on SUBTRACTIONNIM_14^2 take to
// select an optimal strategy, one run per seed.
func runtimes(t *testing.T, naive bool) []float64 {
	seeds := 1500
	if testing.Short() {
		seeds = 400
	}
	gr, _ := game.Compile(mustSub(14, 2))
	G, _ := Prepare(gr, Options{})
	var out []float64
	for s := 0; s < seeds; s++ {
		r, err := G.UMDA(context.Background(), Params{Mu: 12, Seed: uint64(s) + 77, Naive: naive, Workers: 1, MaxEvaluations: 1_000_000})
		if err != nil || !r.Optimal {
			t.Fatalf("seed %d: %+v %v", s, r, err)
		}
		out = append(out, float64(r.Generations))
	}
	return out
}

// ks returns the two-sample Kolmogorov-Smirnov distance between a and b
// and its critical value at level 0.001.
func ks(a, b []float64) (d, crit float64) {
	a, b = slices.Clone(a), slices.Clone(b)
	sort.Float64s(a)
	sort.Float64s(b)
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		x := math.Min(a[i], b[j])
		for i < len(a) && a[i] <= x {
			i++
		}
		for j < len(b) && b[j] <= x {
			j++
		}
		d = math.Max(d, math.Abs(float64(i)/float64(len(a))-float64(j)/float64(len(b))))
	}
	n := float64(len(a)) * float64(len(b)) / float64(len(a)+len(b))
	return d, 1.95 / math.Sqrt(n)
}
