package cmaes

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"testing"
)

func sphere(x []float64) float64 {
	s := 0.0
	for _, v := range x {
		s += v * v
	}
	return s
}

// ellipsoid is pycma's cma.ff.elli: condition number 1e6.
func ellipsoid(x []float64) float64 {
	n := len(x)
	if len(elliCoef[n]) == 0 {
		panic("no coefficients")
	}
	s := 0.0
	for i, v := range x {
		s += elliCoef[n][i] * v * v
	}
	return s
}

var elliCoef = map[int][]float64{}

func init() {
	for _, n := range []int{8, 10, 64} {
		for i := 0; i < n; i++ {
			elliCoef[n] = append(elliCoef[n], math.Pow(1e6, float64(i)/float64(n-1)))
		}
	}
}

func rosenbrock(x []float64) float64 {
	s := 0.0
	for i := 0; i+1 < len(x); i++ {
		a, b := x[i+1]-x[i]*x[i], 1-x[i]
		s += 100*a*a + b*b
	}
	return s
}

// minimise runs c on f until f < target or budget evaluations, and
// returns the evaluations used and the best value.
func minimise(t *testing.T, c *CMA, f func([]float64) float64, target float64, budget int) (int, float64) {
	t.Helper()
	evals, best := 0, math.Inf(1)
	for evals < budget && best >= target {
		xs, err := c.Ask()
		if err != nil {
			t.Fatal(err)
		}
		v := make([]float64, len(xs))
		for i, x := range xs {
			v[i] = f(x)
			best = math.Min(best, v[i])
		}
		evals += len(xs)
		if err := c.Tell(v); err != nil {
			t.Fatal(err)
		}
	}
	return evals, best
}

func filled(n int, v float64) []float64 {
	x := make([]float64, n)
	for i := range x {
		x[i] = v
	}
	return x
}

// The default parameters are those pycma (Hansen's reference
// implementation) prints in the header of a run, e.g. "(5_w,10)-aCMA-ES
// (mu_w=3.2,w_1=45%) in dimension 10" (doctests of cma.fmin,
// cma.CMAEvolutionStrategy and cma.test).
func TestDefaultParamsMatchPycma(t *testing.T) {
	for _, c := range []struct {
		n, mu, lambda int
		muw           string
		w1            string
	}{
		{3, 3, 7, "2.3", "58%"},
		{4, 4, 8, "2.6", "52%"},
		{6, 4, 9, "2.8", "49%"},
		{7, 4, 9, "2.8", "49%"},
		{10, 5, 10, "3.2", "45%"},
		{22, 6, 13, "", ""},
	} {
		p, err := DefaultParams(c.n, 0)
		if err != nil {
			t.Fatal(err)
		}
		if p.Mu != c.mu || p.Population != c.lambda {
			t.Errorf("n=%d: (%d_w,%d), pycma (%d_w,%d)", c.n, p.Mu, p.Population, c.mu, c.lambda)
		}
		if c.muw == "" {
			continue
		}
		if got := fmt.Sprintf("%.1f", p.MuEff); got != c.muw {
			t.Errorf("n=%d: mu_w=%s, pycma %s", c.n, got, c.muw)
		}
		if got := fmt.Sprintf("%d%%", int(100*p.Weights[0])); got != c.w1 { // pycma truncates
			t.Errorf("n=%d: w_1=%s, pycma %s", c.n, got, c.w1)
		}
	}
}

// The tutorial's constraints on the weights: the positive ones sum to 1,
// decrease, and the negative ones keep C positive definite (their sum is
// at most α_posdef = (1 − c1 − c_μ)/(n c_μ) in size).
func TestWeights(t *testing.T) {
	for _, n := range []int{2, 10, 64} {
		for _, lambda := range []int{0, 7, 100} {
			p, _ := DefaultParams(n, lambda)
			pos, neg := 0.0, 0.0
			for i, w := range p.Weights {
				if i > 0 && w > p.Weights[i-1] {
					t.Fatalf("n=%d λ=%d: weights increase at %d", n, p.Population, i)
				}
				if i < p.Mu && !(w > 0) || i >= p.Mu && w > 0 {
					t.Fatalf("n=%d λ=%d: weight %d = %v", n, p.Population, i, w)
				}
				if w > 0 {
					pos += w
				} else {
					neg -= w
				}
			}
			if math.Abs(pos-1) > 1e-12 || neg > (1-p.C1-p.CMu)/(float64(n)*p.CMu)+1e-12 {
				t.Errorf("n=%d λ=%d: positive weights sum to %v, negative to -%v", n, p.Population, pos, neg)
			}
			if p.C1+p.CMu > 1 || p.CSigma >= 1 || p.CC > 1 {
				t.Errorf("n=%d λ=%d: learning rates c1 %v cmu %v csigma %v cc %v", n, p.Population, p.C1, p.CMu, p.CSigma, p.CC)
			}
		}
	}
}

// Validation against Hansen's reference implementation, pycma, on the
// sphere, the ellipsoid (condition 1e6) and Rosenbrock's function: the
// default CMA-ES reaches f < 1e-8 within the evaluations pycma needs.
//
// Budgets. 10-D, from pycma's own doctests: Rosenbrock from x0 = 0.1,
// sigma0 = 0.3 "res[2] < 8000" evaluations (docstring of cma.fmin, to
// f < 1e-12); the ellipsoid from x0 = 0.2, sigma0 = 0.5 "< 9000" (docstring
// of cma.CMAEvolutionStrategy, to f < 1e-9); the sphere, which is the
// ellipsoid with condition 1, within the ellipsoid's. 64-D, where pycma
// states no figure: the 10-D budgets scaled by (64/10)², the scaling of
// the covariance learning rates c1, c_mu ~ 2/n² (the sphere, which needs
// no covariance learning, by 64/10); all far below pycma's and the
// tutorial's default evaluation budget 1e3 n² (4,096,000). docs/coevolve.md
// lists what we measured: 10-D about 1,100 / 3,600 / 5,100 evaluations,
// 64-D about 6,300 / 122,000 / 157,000.
func TestReference(t *testing.T) {
	scale := (64.0 / 10) * (64.0 / 10)
	for _, c := range []struct {
		name   string
		f      func([]float64) float64
		n      int
		x0, s0 float64
		budget int
	}{
		{"sphere", sphere, 10, 0.2, 0.5, 9000},
		{"ellipsoid", ellipsoid, 10, 0.2, 0.5, 9000},
		{"rosenbrock", rosenbrock, 10, 0.1, 0.3, 8000},
		{"sphere", sphere, 64, 0.2, 0.5, 9000 * 64 / 10},
		{"ellipsoid", ellipsoid, 64, 0.2, 0.5, int(9000 * scale)},
		{"rosenbrock", rosenbrock, 64, 0.1, 0.3, int(8000 * scale)},
	} {
		t.Run(fmt.Sprintf("%s-%d", c.name, c.n), func(t *testing.T) {
			t.Parallel()
			cma, err := New(filled(c.n, c.x0), c.s0, Options{Seed: 1})
			if err != nil {
				t.Fatal(err)
			}
			evals, best := minimise(t, cma, c.f, 1e-8, c.budget)
			if best >= 1e-8 {
				t.Fatalf("%s in %d-D: f = %.3g after %d evaluations (pycma's budget), want < 1e-8", c.name, c.n, best, evals)
			}
			t.Logf("%s in %d-D: f < 1e-8 after %d evaluations (budget %d)", c.name, c.n, evals, c.budget)
		})
	}
}

// With the paper's population (100) in 64 dimensions the sphere is solved
// too, and the step size shrinks as it should (CSA): σ ends orders of
// magnitude below σ0.
func TestPopulation100(t *testing.T) {
	c, _ := New(filled(64, 0.2), 0.5, Options{Population: 100, Seed: 2})
	evals, best := minimise(t, c, sphere, 1e-8, 100000)
	if best >= 1e-8 || !(c.Sigma() < 1e-3) {
		t.Fatalf("λ=100: f = %.3g after %d evaluations, σ = %v", best, evals, c.Sigma())
	}
}

// The samples of a generation spread as σ √C_ii in each coordinate, at
// the start (C = I: spread exactly proportional to σ0) and after
// adaptation.
func TestSpreadIsSigma(t *testing.T) {
	const n, lambda = 8, 4000
	var spread []float64
	for _, s0 := range []float64{1e-3, 1, 1e3} {
		c, _ := New(filled(n, 1), s0, Options{Population: lambda, Seed: 5})
		xs, _ := c.Ask()
		sd := stddevs(xs)
		for i := range sd {
			if math.Abs(sd[i]/s0-1) > 0.05 {
				t.Errorf("σ0 = %v: coordinate %d spreads %v", s0, i, sd[i])
			}
		}
		spread = append(spread, sd[0])
	}
	// The same seed draws the same z: the spread scales exactly with σ0.
	if r := spread[2] / spread[1]; math.Abs(r/1e3-1) > 1e-12 {
		t.Errorf("spread ratio %v for σ0 ratio 1000", r)
	}
	// After adapting to an ellipsoid, the spread in each coordinate is
	// StdDevs().
	c, _ := New(filled(n, 1), 1, Options{Population: 20, Seed: 6})
	minimise(t, c, ellipsoid, 0, 20*150)
	want := c.StdDevs()
	big, _ := New(filled(n, 0), 1, Options{Population: lambda, Seed: 7})
	st, _ := c.MarshalBinary()
	big.UnmarshalBinary(st)
	big.p, _ = DefaultParams(n, lambda)
	xs, _ := big.Ask()
	got := stddevs(xs)
	for i := range got {
		if math.Abs(got[i]/want[i]-1) > 0.07 {
			t.Errorf("coordinate %d spreads %v, σ√C_ii = %v", i, got[i], want[i])
		}
	}
	if want[0]/want[n-1] < 30 {
		t.Errorf("C did not adapt to the ellipsoid: spreads %v", want)
	}
}

func stddevs(xs [][]float64) []float64 {
	n := len(xs[0])
	sd := make([]float64, n)
	for i := 0; i < n; i++ {
		m := 0.0
		for _, x := range xs {
			m += x[i]
		}
		m /= float64(len(xs))
		for _, x := range xs {
			sd[i] += (x[i] - m) * (x[i] - m)
		}
		sd[i] = math.Sqrt(sd[i] / float64(len(xs)-1))
	}
	return sd
}

// trace asks and tells gens generations of Rosenbrock and returns every
// candidate asked.
func trace(c *CMA, gens int) [][]float64 {
	var all [][]float64
	for g := 0; g < gens; g++ {
		xs, _ := c.Ask()
		v := make([]float64, len(xs))
		for i, x := range xs {
			v[i] = rosenbrock(x)
		}
		c.Tell(v)
		all = append(all, xs...)
	}
	return all
}

// The same seed gives the same run; another seed another.
func TestSeeded(t *testing.T) {
	run := func(seed uint64) [][]float64 {
		c, _ := New(filled(12, 0), 0.5, Options{Seed: seed, Stream: 9})
		return trace(c, 60)
	}
	a, b, other := run(1), run(1), run(2)
	for i := range a {
		if !slices.Equal(a[i], b[i]) {
			t.Fatalf("candidate %d differs between two runs with seed 1", i)
		}
	}
	if slices.Equal(a[0], other[0]) {
		t.Error("seeds 1 and 2 asked the same first candidate")
	}
}

// A state saved by MarshalBinary and restored goes on exactly as the
// original, also when saved between Ask and Tell.
func TestMarshalResumesExactly(t *testing.T) {
	c, _ := New(filled(10, -1), 0.3, Options{Seed: 3})
	trace(c, 37)
	want := func() [][]float64 {
		d, _ := New(filled(10, -1), 0.3, Options{Seed: 3})
		return trace(d, 80)[37*10:]
	}()
	data, err := c.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	var r CMA
	if err := r.UnmarshalBinary(data); err != nil {
		t.Fatal(err)
	}
	got := trace(&r, 43)
	for i := range want {
		if !slices.Equal(got[i], want[i]) {
			t.Fatalf("resumed candidate %d differs", i)
		}
	}
	// Pending Ask.
	xs, _ := r.Ask()
	data, _ = r.MarshalBinary()
	var p CMA
	if err := p.UnmarshalBinary(data); err != nil {
		t.Fatal(err)
	}
	for i, x := range p.Pending() {
		if !slices.Equal(x, xs[i]) {
			t.Fatalf("pending candidate %d differs from the one asked", i)
		}
	}
	v := make([]float64, len(xs))
	for i, x := range xs {
		v[i] = rosenbrock(x)
	}
	r.Tell(v)
	if err := p.Tell(v); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(r.Mean(), p.Mean()) || r.Sigma() != p.Sigma() {
		t.Error("a state saved between Ask and Tell updates differently")
	}
	if err := p.UnmarshalBinary([]byte("not a state")); err == nil {
		t.Error("garbage restored")
	}
}

func TestErrors(t *testing.T) {
	if _, err := New(nil, 1, Options{}); err == nil {
		t.Error("empty mean accepted")
	}
	for _, s := range []float64{0, -1, math.NaN(), math.Inf(1)} {
		if _, err := New([]float64{0}, s, Options{}); err == nil {
			t.Errorf("σ0 = %v accepted", s)
		}
	}
	if _, err := New([]float64{math.NaN()}, 1, Options{}); err == nil {
		t.Error("NaN mean accepted")
	}
	if _, err := New([]float64{0, 0}, 1, Options{Population: 1}); err == nil {
		t.Error("population 1 accepted")
	}
	c, _ := New(filled(3, 0), 1, Options{Seed: 1})
	if err := c.Tell(make([]float64, c.Population())); !errors.Is(err, ErrNotAsked) {
		t.Errorf("Tell before Ask: %v", err)
	}
	c.Ask()
	if _, err := c.Ask(); !errors.Is(err, ErrAsked) {
		t.Errorf("Ask twice: %v", err)
	}
	if err := c.Tell(make([]float64, 2)); err == nil {
		t.Error("told too few values")
	}
	v := make([]float64, c.Population())
	v[1] = math.NaN()
	if err := c.Tell(v); err == nil {
		t.Error("told NaN")
	}
}
