package cmaes

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"gonum.org/v1/gonum/mat"
)

// Options choose the population and the random numbers of a CMA.
type Options struct {
	// Population is λ (0: DefaultPopulation(n)).
	Population int
	// Seed and Stream seed the generator of the samples (PCG): the same
	// pair, mean, step size and told values give the same candidates.
	Seed, Stream uint64
}

// A CMA is a CMA-ES run in ask/tell form: Ask returns a generation of
// candidates, Tell takes their values (lower is better) and updates the
// sampling distribution N(m, σ² C). It minimises.
type CMA struct {
	p     Params
	n     int
	mean  []float64
	sigma float64
	c     []float64 // the covariance matrix C, n×n row-major, symmetric
	b     []float64 // eigenvectors of C (columns), n×n row-major
	d     []float64 // square roots of the eigenvalues of C
	ps    []float64 // evolution path of CSA, p_σ
	pc    []float64 // evolution path of the rank-one update, p_c
	gen   int       // generations told
	eigen int       // evaluations told when C was last decomposed
	src   *rand.PCG
	rng   *rand.Rand
	asked [][]float64 // y = B D z of the generation asked and not yet told
	z     [][]float64 // its z ~ N(0, I)
}

// Errors of Ask and Tell.
var (
	// ErrAsked says Ask was called again before Tell.
	ErrAsked = errors.New("cmaes: asked twice without Tell")
	// ErrNotAsked says Tell was called without a pending Ask.
	ErrNotAsked = errors.New("cmaes: Tell without Ask")
	// ErrDegenerate says the distribution broke down numerically: the
	// step size or the covariance matrix is no longer positive and
	// finite. The run cannot go on.
	ErrDegenerate = errors.New("cmaes: the sampling distribution degenerated (step size or covariance not positive and finite)")
)

// New starts CMA-ES at mean with step size sigma (the initial
// distribution is N(mean, sigma² I)) and the tutorial's default
// parameters.
func New(mean []float64, sigma float64, o Options) (*CMA, error) {
	n := len(mean)
	if n == 0 {
		return nil, errors.New("cmaes: empty mean, want at least one dimension")
	}
	if !(sigma > 0) || math.IsInf(sigma, 0) {
		return nil, fmt.Errorf("cmaes: step size %v, want positive and finite", sigma)
	}
	for i, x := range mean {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return nil, fmt.Errorf("cmaes: mean[%d] = %v, want finite", i, x)
		}
	}
	p, err := DefaultParams(n, o.Population)
	if err != nil {
		return nil, err
	}
	c := &CMA{p: p, n: n, mean: slices.Clone(mean), sigma: sigma,
		c: make([]float64, n*n), b: make([]float64, n*n), d: make([]float64, n),
		ps: make([]float64, n), pc: make([]float64, n)}
	for i := 0; i < n; i++ {
		c.c[i*n+i], c.b[i*n+i], c.d[i] = 1, 1, 1
	}
	c.src = rand.NewPCG(o.Seed, o.Stream)
	c.rng = rand.New(c.src)
	return c, nil
}

// Params returns the strategy parameters.
func (c *CMA) Params() Params {
	p := c.p
	p.Weights = slices.Clone(p.Weights)
	return p
}

// Population is λ, the number of candidates Ask returns.
func (c *CMA) Population() int { return c.p.Population }

// Generation is the number of generations told.
func (c *CMA) Generation() int { return c.gen }

// Mean returns the mean m of the sampling distribution.
func (c *CMA) Mean() []float64 { return slices.Clone(c.mean) }

// Sigma returns the step size σ.
func (c *CMA) Sigma() float64 { return c.sigma }

// Covariance returns the covariance matrix C (the distribution is
// N(m, σ² C)).
func (c *CMA) Covariance() *mat.SymDense {
	return mat.NewSymDense(c.n, slices.Clone(c.c))
}

// AxisRatio is the ratio of the longest to the shortest principal axis of
// C, √(cond C), as of the last eigendecomposition (see Params.EigenGap).
func (c *CMA) AxisRatio() float64 {
	return slices.Max(c.d) / slices.Min(c.d)
}

// StdDevs returns the standard deviation of the samples in each
// coordinate, σ √C_ii.
func (c *CMA) StdDevs() []float64 {
	s := make([]float64, c.n)
	for i := range s {
		s[i] = c.sigma * math.Sqrt(c.c[i*c.n+i])
	}
	return s
}

// Ask returns the next generation's λ candidates x_k = m + σ B D z_k with
// z_k ~ N(0, I), drawn in order, each z_k's coordinates in order.
func (c *CMA) Ask() ([][]float64, error) {
	if c.asked != nil {
		return nil, ErrAsked
	}
	n, lambda := c.n, c.p.Population
	c.asked, c.z = make([][]float64, lambda), make([][]float64, lambda)
	xs := make([][]float64, lambda)
	dz := make([]float64, n)
	for k := range xs {
		z := make([]float64, n)
		for i := range z {
			z[i] = c.rng.NormFloat64()
			dz[i] = z[i] * c.d[i]
		}
		c.z[k] = z
		y := make([]float64, n)
		x := make([]float64, n)
		for i := 0; i < n; i++ {
			row := c.b[i*n : (i+1)*n]
			s := 0.0
			for j, v := range dz {
				s += row[j] * v
			}
			y[i] = s
			x[i] = c.mean[i] + c.sigma*s
		}
		c.asked[k], xs[k] = y, x
	}
	return xs, nil
}

// Pending returns the candidates of an Ask not yet told (nil if there is
// none), as Ask returned them: after restoring a state saved between Ask
// and Tell, evaluate these and Tell their values.
func (c *CMA) Pending() [][]float64 {
	if c.asked == nil {
		return nil
	}
	xs := make([][]float64, len(c.asked))
	for k, y := range c.asked {
		x := make([]float64, c.n)
		for i, s := range y {
			x[i] = c.mean[i] + c.sigma*s
		}
		xs[k] = x
	}
	return xs
}

// Tell hands back the values of the candidates of the last Ask, in the
// order asked (lower is better; equal values rank by that order), and
// updates the distribution as the tutorial's Fig. 6 does: the mean by the
// weighted recombination of the μ best, the step size by CSA, the
// covariance by the rank-one and (active) rank-μ updates.
func (c *CMA) Tell(values []float64) error {
	if c.asked == nil {
		return ErrNotAsked
	}
	p, n := &c.p, c.n
	if len(values) != p.Population {
		return fmt.Errorf("cmaes: told %d values for %d candidates", len(values), p.Population)
	}
	for i, v := range values {
		if math.IsNaN(v) {
			return fmt.Errorf("cmaes: value %d is NaN", i)
		}
	}
	order := make([]int, p.Population)
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		switch {
		case values[a] < values[b]:
			return -1
		case values[a] > values[b]:
			return 1
		}
		return 0
	})
	ys, zs := make([][]float64, p.Population), make([][]float64, p.Population)
	for r, k := range order {
		ys[r], zs[r] = c.asked[k], c.z[k]
	}
	c.asked, c.z = nil, nil

	// Mean: m ← m + c_m σ ⟨y⟩_w, over the μ best.
	yw, zw := make([]float64, n), make([]float64, n)
	for r := 0; r < p.Mu; r++ {
		w := p.Weights[r]
		for i, v := range ys[r] {
			yw[i] += w * v
			zw[i] += w * zs[r][i]
		}
	}
	for i := range c.mean {
		c.mean[i] += p.CM * c.sigma * yw[i]
	}

	// CSA: p_σ ← (1 − c_σ) p_σ + √(c_σ(2 − c_σ) μ_eff) C^(−1/2) ⟨y⟩_w.
	// B and D are those the generation was sampled with (C is decomposed
	// only at the end of Tell), so C^(−1/2) y_k = B z_k and
	// C^(−1/2) ⟨y⟩_w = B ⟨z⟩_w.
	cinv := c.rotate(zw)
	a := math.Sqrt(p.CSigma * (2 - p.CSigma) * p.MuEff)
	for i := range c.ps {
		c.ps[i] = (1-p.CSigma)*c.ps[i] + a*cinv[i]
	}
	c.gen++
	psNorm := norm(c.ps)
	// h_σ stalls the rank-one update while ‖p_σ‖ is large.
	hs := 0.0
	if psNorm/math.Sqrt(1-math.Pow(1-p.CSigma, 2*float64(c.gen))) < (1.4+2/float64(n+1))*p.ChiN {
		hs = 1
	}
	a = hs * math.Sqrt(p.CC*(2-p.CC)*p.MuEff)
	for i := range c.pc {
		c.pc[i] = (1-p.CC)*c.pc[i] + a*yw[i]
	}

	// Covariance: C ← (1 + c1 δ(h_σ) − c1 − c_μ Σw_j) C + c1 p_c p_cᵀ
	// + c_μ Σ w°_i y_i y_iᵀ, w°_i = w_i · (1 if w_i ≥ 0, else n/‖C^(−1/2) y_i‖²).
	sumW := 0.0
	for _, w := range p.Weights {
		sumW += w
	}
	delta := (1 - hs) * p.CC * (2 - p.CC)
	decay := 1 + p.C1*delta - p.C1 - p.CMu*sumW
	wo := make([]float64, p.Population)
	for r, w := range p.Weights {
		wo[r] = w
		if w < 0 {
			wo[r] = w * float64(n) / sq(norm(zs[r])) // ‖C^(−1/2) y‖ = ‖B z‖ = ‖z‖
		}
	}
	for i := 0; i < n; i++ {
		for j := 0; j <= i; j++ {
			s := 0.0
			for r, y := range ys {
				if wo[r] != 0 {
					s += wo[r] * y[i] * y[j]
				}
			}
			v := decay*c.c[i*n+j] + p.C1*c.pc[i]*c.pc[j] + p.CMu*s
			c.c[i*n+j], c.c[j*n+i] = v, v
		}
	}

	// Step size: σ ← σ exp((c_σ/d_σ)(‖p_σ‖/E‖N(0, I)‖ − 1)).
	c.sigma *= math.Exp(p.CSigma / p.DSigma * (psNorm/p.ChiN - 1))
	if !(c.sigma > 0) || math.IsInf(c.sigma, 0) {
		return ErrDegenerate
	}
	if evals := c.gen * p.Population; float64(evals-c.eigen) > p.EigenGap {
		c.eigen = evals
		return c.decompose()
	}
	return nil
}

// decompose computes C = B D² Bᵀ.
func (c *CMA) decompose() error {
	n := c.n
	for _, v := range c.c {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return ErrDegenerate
		}
	}
	var eig mat.EigenSym
	if !eig.Factorize(mat.NewSymDense(n, slices.Clone(c.c)), true) {
		return ErrDegenerate
	}
	vals := eig.Values(nil)
	for i, v := range vals {
		if !(v > 0) {
			return ErrDegenerate
		}
		c.d[i] = math.Sqrt(v)
	}
	var vecs mat.Dense
	eig.VectorsTo(&vecs)
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			c.b[i*n+j] = vecs.At(i, j)
		}
	}
	return nil
}

// rotate returns B v.
func (c *CMA) rotate(v []float64) []float64 {
	n := c.n
	out := make([]float64, n)
	for i := 0; i < n; i++ {
		row := c.b[i*n : (i+1)*n]
		s := 0.0
		for j, u := range v {
			s += row[j] * u
		}
		out[i] = s
	}
	return out
}

func norm(v []float64) float64 {
	s := 0.0
	for _, x := range v {
		s += x * x
	}
	return math.Sqrt(s)
}

func sq(x float64) float64 { return x * x }
