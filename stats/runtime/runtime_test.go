package runtime_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/coevolab/coevo/stats/runtime"
)

func exact(sizes []float64, f func(float64) float64) []runtime.Point {
	var p []runtime.Point
	for _, n := range sizes {
		p = append(p, runtime.Point{N: n, T: f(n)})
	}
	return p
}

var sizes = []float64{10, 20, 40, 80, 160, 320, 640}

func TestExactPowerLaw(t *testing.T) {
	r, err := runtime.Fit(exact(sizes, func(n float64) float64 { return 3 * math.Pow(n, 2.5) }), runtime.Options{Bootstrap: -1})
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(r.Exponent-2.5) > 1e-12 || math.Abs(r.C-3) > 1e-9 || math.Abs(r.R2-1) > 1e-12 {
		t.Fatalf("exponent %v C %v R2 %v", r.Exponent, r.C, r.R2)
	}
}

func TestExactPowerLog(t *testing.T) {
	// T = 2 n^2 (log n)^3: the power-log model recovers a = 2, b = 3.
	r, err := runtime.Fit(exact(sizes, func(n float64) float64 { return 2 * n * n * math.Pow(math.Log(n), 3) }), runtime.Options{Bootstrap: -1})
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(r.LogExponent-2) > 1e-9 || math.Abs(r.LogPower-3) > 1e-9 || math.Abs(r.LogC-2) > 1e-8 {
		t.Fatalf("a %v b %v c %v", r.LogExponent, r.LogPower, r.LogC)
	}
	// The pure power law absorbs the log factor into a larger exponent.
	if r.Exponent <= 2 {
		t.Fatalf("power-law exponent %v", r.Exponent)
	}
}

func noisy(seed uint64, a float64, reps int) []runtime.Point {
	rng := rand.New(rand.NewPCG(seed, 9))
	var p []runtime.Point
	for _, n := range sizes {
		for k := 0; k < reps; k++ {
			p = append(p, runtime.Point{N: n, T: 5 * math.Pow(n, a) * math.Exp(0.3*rng.NormFloat64())})
		}
	}
	return p
}

// The 95% bootstrap interval covers the true exponent in most datasets:
// at least 85 of 100 (a percentile bootstrap over 7 sizes may undercover a
// little; 95 expected).
func TestBootstrapCoverage(t *testing.T) {
	covered := 0
	for seed := uint64(0); seed < 100; seed++ {
		r, err := runtime.Fit(noisy(seed, 1.7, 10), runtime.Options{Bootstrap: 200, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		if r.ExponentCI[0] <= 1.7 && 1.7 <= r.ExponentCI[1] {
			covered++
		}
		if w := r.ExponentCI[1] - r.ExponentCI[0]; w <= 0 || w > 0.3 {
			t.Fatalf("seed %d: interval %v", seed, r.ExponentCI)
		}
	}
	if covered < 85 {
		t.Fatalf("interval covered the true exponent in %d of 100 datasets", covered)
	}
}

// ERT (Auger and Hansen 2005): all evaluations, censored runs at their
// budget, over the number of successes.
func TestERTAndCensoring(t *testing.T) {
	pts := []runtime.Point{
		{N: 10, T: 5}, {N: 10, T: 7}, {N: 10, T: 10, Censored: true}, {N: 10, T: 10, Censored: true},
		{N: 20, T: 30}, {N: 20, T: 34},
		{N: 40, T: 100, Censored: true},
	}
	r, err := runtime.Fit(pts, runtime.Options{Bootstrap: -1})
	if err != nil {
		t.Fatal(err)
	}
	s := r.Sizes
	if s[0].ERT != 16 || s[0].SuccessRate != 0.5 || s[1].ERT != 32 || !math.IsInf(s[2].ERT, 1) || s[2].SuccessRate != 0 {
		t.Fatalf("%+v", s)
	}
	if r.Used != 4 || r.Censored != 3 {
		t.Fatalf("used %d censored %d", r.Used, r.Censored)
	}
	df := r.DataFrame()
	if df.Nrow() != 3 {
		t.Fatalf("%d rows", df.Nrow())
	}
	if _, err := r.Plot(); err != nil {
		t.Fatal(err)
	}
}

func TestErrors(t *testing.T) {
	if _, err := runtime.Fit([]runtime.Point{{N: 10, T: 1}, {N: 10, T: 2}}, runtime.Options{}); err == nil {
		t.Fatal("one size accepted")
	}
	if _, err := runtime.Fit([]runtime.Point{{N: 1, T: 1}, {N: 10, T: 2}}, runtime.Options{}); err == nil {
		t.Fatal("size 1 accepted")
	}
	if _, err := runtime.Fit([]runtime.Point{{N: 10, T: 1, Censored: true}, {N: 20, T: 2, Censored: true}}, runtime.Options{}); err == nil {
		t.Fatal("all censored accepted")
	}
}
