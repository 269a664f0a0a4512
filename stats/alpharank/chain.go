package alpharank

import (
	"math"
)

// logFixation returns log rho: the log of the probability that one mutant
// playing r takes over a population of m playing s, under the model, with
// payoffs M (M[i][j]: i's payoff against j) and ranking intensity alpha.
//
// Moran (the paper's single-population model): with k mutants among m,
// a mutant's fitness is its mean payoff against the other m-1,
// f_r(k) = ((k-1) M_rr + (m-k) M_rs)/(m-1), and a resident's
// f_s(k) = ((m-k-1) M_ss + k M_sr)/(m-1); a Fermi (logistic) comparison
// with intensity alpha gives rho = 1/(1 + sum_{l=1}^{m-1} prod_{k=1}^{l}
// exp(-alpha (f_r(k) - f_s(k)))).
//
// Local: only the pair's payoffs count, u = alpha (M_rs - M_sr), and
// rho = (1 - exp(-u))/(1 - exp(-m u)), 1/m when u = 0.
//
// Both are computed in logarithms, so that no rho underflows at large
// alpha.
func logFixation(M [][]float64, r, s, m int, alpha float64, model Model) float64 {
	if model == Local {
		return logRatio(alpha*(M[r][s]-M[s][r]), m)
	}
	// log(1 + sum_l exp(-alpha S_l)), S_l the partial sums of the
	// fitness differences, by log-sum-exp.
	terms := make([]float64, 0, m)
	terms = append(terms, 0)
	S := 0.0
	mf := float64(m - 1)
	for k := 1; k < m; k++ {
		fr := (float64(k-1)*M[r][r] + float64(m-k)*M[r][s]) / mf
		fs := (float64(m-k-1)*M[s][s] + float64(k)*M[s][r]) / mf
		S += fr - fs
		terms = append(terms, -alpha*S)
	}
	return -logSumExp(terms)
}

// logRatio is log((1 - exp(-u))/(1 - exp(-m u))), log(1/m) at u = 0.
func logRatio(u float64, m int) float64 {
	mu := float64(m) * u
	if math.Abs(mu) < 1e-8 {
		// (1 - e^-u)/(1 - e^-mu) = (1/m)(1 + (m-1)u/2 + O(u^2))
		return -math.Log(float64(m)) + math.Log1p(float64(m-1)*u/2)
	}
	if u > 0 {
		return math.Log(-math.Expm1(-u)) - math.Log(-math.Expm1(-mu))
	}
	// u < 0: v = -u > 0, (e^v - 1)/(e^{mv} - 1) = e^{-(m-1)v} (1 - e^-v)/(1 - e^-mv)
	v := -u
	return -(float64(m)-1)*v + math.Log(-math.Expm1(-v)) - math.Log(-math.Expm1(-float64(m)*v))
}

func logSumExp(x []float64) float64 {
	top := math.Inf(-1)
	for _, v := range x {
		top = math.Max(top, v)
	}
	if math.IsInf(top, -1) {
		return top
	}
	s := 0.0
	for _, v := range x {
		s += math.Exp(v - top)
	}
	return top + math.Log(s)
}

// logAddExp is log(exp(a) + exp(b)).
func logAddExp(a, b float64) float64 {
	if math.IsInf(a, -1) {
		return b
	}
	if math.IsInf(b, -1) {
		return a
	}
	if a < b {
		a, b = b, a
	}
	return a + math.Log1p(math.Exp(b-a))
}

// stationary returns the stationary distribution of the irreducible
// Markov chain whose off-diagonal transition probabilities are
// exp(L[i][j]) (the diagonal is ignored), by the Grassmann-Taksar-Heyman
// state reduction, in logarithms: the algorithm adds and multiplies
// positive numbers only, never subtracts, so the result is exact to
// rounding however small some transitions are. L is overwritten. It
// returns nil when a state cannot be left for the states before it
// (the chain is reducible).
func stationary(L [][]float64) []float64 {
	n := len(L)
	ls := make([]float64, n) // log of the reduced exit rate of each state
	for k := n - 1; k > 0; k-- {
		s := math.Inf(-1)
		for j := 0; j < k; j++ {
			s = logAddExp(s, L[k][j])
		}
		if math.IsInf(s, -1) {
			return nil
		}
		ls[k] = s
		for i := 0; i < k; i++ {
			lik := L[i][k]
			if math.IsInf(lik, -1) {
				continue
			}
			for j := 0; j < k; j++ {
				if i != j {
					L[i][j] = logAddExp(L[i][j], lik+L[k][j]-s)
				}
			}
		}
	}
	// Back substitution: pi_k = sum_{i<k} pi_i P_ik / s_k.
	lp := make([]float64, n)
	lp[0] = 0
	for k := 1; k < n; k++ {
		v := math.Inf(-1)
		for i := 0; i < k; i++ {
			v = logAddExp(v, lp[i]+L[i][k])
		}
		lp[k] = v - ls[k]
	}
	top := lp[0]
	for _, v := range lp {
		top = math.Max(top, v)
	}
	pi := make([]float64, n)
	sum := 0.0
	for i, v := range lp {
		pi[i] = math.Exp(v - top)
		sum += pi[i]
	}
	for i := range pi {
		pi[i] /= sum
	}
	return pi
}
