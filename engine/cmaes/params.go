package cmaes

import (
	"fmt"
	"math"
)

// Params are the strategy parameters of CMA-ES: the recombination weights
// and the learning rates. DefaultParams gives the defaults of Hansen's
// tutorial (arXiv:1604.00772, Table 1 and eqs. (49)-(58)), which New uses.
type Params struct {
	// Dim is the dimension n of the search space.
	Dim int
	// Population is λ, the number of candidates a generation.
	Population int
	// Mu is μ = ⌊λ/2⌋, the number of candidates with positive weights.
	Mu int
	// Weights are w_1 … w_λ, by rank (best first): the first μ positive,
	// summing to 1; the rest zero or negative (active CMA), used only in
	// the covariance update.
	Weights []float64
	// MuEff is the variance-effective selection mass of the positive
	// weights, (Σ w_i)²/Σ w_i²; MuEffMinus that of the negative ones.
	MuEff, MuEffMinus float64
	// CM is the learning rate of the mean (1).
	CM float64
	// CSigma and DSigma are the learning rate and the damping of the
	// cumulative step-size adaptation (CSA).
	CSigma, DSigma float64
	// CC is the learning rate of the evolution path pc of the rank-one
	// update.
	CC float64
	// C1 and CMu are the learning rates of the rank-one and rank-μ
	// updates of the covariance matrix.
	C1, CMu float64
	// ChiN is E‖N(0, I)‖ ≈ √n (1 − 1/(4n) + 1/(21n²)).
	ChiN float64
	// EigenGap is the number of evaluations after which C is decomposed
	// again (B and D, which sampling uses, are otherwise kept):
	// 0.5 λ/((c1 + c_μ) n), the lazy update of Hansen's reference
	// implementation (pycma's purecma), which keeps the cost at O(n²) per
	// candidate. With n = 64 and λ = 100 it is below λ: C is decomposed
	// every generation.
	EigenGap float64
}

// DefaultPopulation is the tutorial's default λ = 4 + ⌊3 ln n⌋.
func DefaultPopulation(n int) int { return 4 + int(math.Floor(3*math.Log(float64(n)))) }

// DefaultParams returns the tutorial's default parameters for dimension n
// and population λ (0: DefaultPopulation(n)).
func DefaultParams(n, lambda int) (Params, error) {
	if n < 1 {
		return Params{}, fmt.Errorf("cmaes: dimension %d, want at least 1", n)
	}
	if lambda == 0 {
		lambda = DefaultPopulation(n)
	}
	if lambda < 2 {
		return Params{}, fmt.Errorf("cmaes: population %d, want at least 2", lambda)
	}
	N := float64(n)
	p := Params{Dim: n, Population: lambda, Mu: lambda / 2, CM: 1}
	// Preliminary weights w'_i = ln((λ+1)/2) − ln i (eq. 49).
	raw := make([]float64, lambda)
	var pos, neg, pos2, neg2 float64
	for i := range raw {
		raw[i] = math.Log(float64(lambda+1)/2) - math.Log(float64(i+1))
		if raw[i] > 0 {
			pos, pos2 = pos+raw[i], pos2+raw[i]*raw[i]
		} else {
			neg, neg2 = neg-raw[i], neg2+raw[i]*raw[i]
		}
	}
	p.MuEff = pos * pos / pos2
	if neg2 > 0 {
		p.MuEffMinus = neg * neg / neg2
	}
	// Learning rates (eqs. 55-58), α_cov = 2.
	const alphaCov = 2.0
	p.CSigma = (p.MuEff + 2) / (N + p.MuEff + 5)
	p.DSigma = 1 + 2*math.Max(0, math.Sqrt((p.MuEff-1)/(N+1))-1) + p.CSigma
	p.CC = (4 + p.MuEff/N) / (N + 4 + 2*p.MuEff/N)
	p.C1 = alphaCov / ((N+1.3)*(N+1.3) + p.MuEff)
	p.CMu = math.Min(1-p.C1, alphaCov*(p.MuEff-2+1/p.MuEff)/((N+2)*(N+2)+alphaCov*p.MuEff/2))
	p.ChiN = math.Sqrt(N) * (1 - 1/(4*N) + 1/(21*N*N))
	p.EigenGap = 0.5 * float64(lambda) / ((p.C1 + p.CMu) * N)
	// Final weights (eq. 53): the positive ones sum to 1, the negative ones
	// to −min(α_μ⁻, α_μeff⁻, α_posdef⁻).
	alphaNeg := 1 + p.C1/p.CMu
	alphaNeg = math.Min(alphaNeg, 1+2*p.MuEffMinus/(p.MuEff+2))
	alphaNeg = math.Min(alphaNeg, (1-p.C1-p.CMu)/(N*p.CMu))
	p.Weights = make([]float64, lambda)
	for i, w := range raw {
		switch {
		case w > 0:
			p.Weights[i] = w / pos
		case w < 0:
			p.Weights[i] = alphaNeg * w / neg
		}
	}
	return p, nil
}
