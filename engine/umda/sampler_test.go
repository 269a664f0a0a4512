package umda

import (
	"context"
	"math"
	"math/rand/v2"
	"sort"
	"testing"

	"github.com/coevolab/coevo/engine/game"
	"github.com/coevolab/coevo/engine/games"
)

// The binomial and multinomial draws have the right means and variances.
func TestBinomial(t *testing.T) {
	src := rand.NewPCG(3, 3)
	rng := rand.New(src)
	for _, c := range []struct {
		n int
		q float64
	}{{10, 0.001}, {100, 0.02}, {100, 0.5}, {57, 0.93}, {1000, 0.3}, {30, 0.4}, {80, 0.12}} {
		const trials = 40000
		sum, sum2 := 0.0, 0.0
		for k := 0; k < trials; k++ {
			x := float64(binomial(c.n, c.q, rng, src))
			sum += x
			sum2 += x * x
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
	}
	counts := make([]int, 3)
	multinomial(1000, []float64{0.2, 0.5, 0.3}, counts, rng, src)
	if counts[0]+counts[1]+counts[2] != 1000 {
		t.Fatalf("multinomial counts %v", counts)
	}
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

// After three generations, the fast sampler's p_t has the naive
// sampler's distribution: every cell's mean and second moment agree
// within 4.5 standard errors (the seeds are fixed, so the test is
// deterministic; with ~30 cells a false alarm has probability ~2e-4).
func TestFastMatchesNaiveDynamics(t *testing.T) {
	seeds := 3000
	if testing.Short() {
		seeds = 800
	}
	for _, g := range []game.Game{mustSub(9, 2), games.Figure1()} {
		gr, _ := game.Compile(g)
		G, _ := Prepare(gr, Options{})
		par := Params{Mu: 10, Generations: 3, Gamma: 0.02, Workers: 1}
		par.Naive = true
		a := runs(t, G, par, seeds)
		par.Naive = false
		b := runs(t, G, par, seeds)
		for i := range a[0] {
			for s := range a[0][i] {
				for moment := 1; moment <= 2; moment++ {
					ma, va := moments(a, i, s, moment)
					mb, vb := moments(b, i, s, moment)
					se := math.Sqrt(va/float64(seeds) + vb/float64(seeds))
					if se > 0 && math.Abs(ma-mb) > 4.5*se {
						t.Errorf("%T position %d move %d moment %d: naive %.4f, fast %.4f (se %.4f)", g, i, s, moment, ma, mb, se)
					}
				}
			}
		}
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
	seeds := 1500
	if testing.Short() {
		seeds = 400
	}
	gr, _ := game.Compile(mustSub(14, 2))
	G, _ := Prepare(gr, Options{})
	gens := func(naive bool) []float64 {
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
	a, b := gens(true), gens(false)
	if d, crit := ks(a, b), 1.95*math.Sqrt(2/float64(seeds)); d > crit {
		t.Fatalf("KS distance %.4f > %.4f between naive and fast runtimes", d, crit)
	}
}

func ks(a, b []float64) float64 {
	sort.Float64s(a)
	sort.Float64s(b)
	i, j, d := 0, 0, 0.0
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
	return d
}
