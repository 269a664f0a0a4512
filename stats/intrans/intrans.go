package intrans

import (
	"fmt"
	"math"

	"github.com/coevolab/coevo/stats/bt"
)

// Triads counts the triads of a points matrix (P[i][j]: points i scored
// against j): all C(n,3) of them, and the cyclic ones.
func Triads(P [][]float64) (total, cyclic int) {
	n := len(P)
	beats := func(i, j int) bool { return P[i][j] > P[j][i] }
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			for k := j + 1; k < n; k++ {
				total++
				if beats(i, j) && beats(j, k) && beats(k, i) || beats(j, i) && beats(k, j) && beats(i, k) {
					cyclic++
				}
			}
		}
	}
	return total, cyclic
}

// Tau is the transitivity index of paper 003 eq. (4): the share of triads
// that are not cyclic, 1 for a transitive tournament, 0 when every triad
// is a cycle.
func Tau(P [][]float64) float64 {
	total, cyclic := Triads(P)
	if total == 0 {
		return math.NaN()
	}
	return 1 - float64(cyclic)/float64(total)
}

// KendallCyclic returns the number of cyclic triads of a complete
// tournament without ties from its score sequence (the number of pairs
// each player won): C(n,3) - sum C(s_i, 2) (Kendall and Babington Smith, 1940).
func KendallCyclic(scores []int) int {
	n := len(scores)
	d := n * (n - 1) * (n - 2) / 6
	for _, s := range scores {
		d -= s * (s - 1) / 2
	}
	return d
}

// KL is the asymmetric divergence D(p||q) of paper 003 eq. (6) between two
// win rates, p expected and q observed.
func KL(p, q float64) float64 {
	return xlogy(p, q) + xlogy(1-p, 1-q)
}

// xlogy is x log(x/y), 0 when x is 0.
func xlogy(x, y float64) float64 {
	if x == 0 {
		return 0
	}
	return x * math.Log(x/y)
}

// SymmetricKL is the mean of D(p||q) and D(q||p).
func SymmetricKL(p, q float64) float64 { return (KL(p, q) + KL(q, p)) / 2 }

// DefaultSmoothing is the constant paper 003 adds to each count of games won.
const DefaultSmoothing = 0.001

// Divergence is the mean KL divergence between a Bradley-Terry fit's
// predicted win rate p_ij and the observed, smoothed win rate
// q_ij = (P_ij + c) / (N_ij + 2c), over the pairs that played; symmetric
// selects the mean of both directions (paper 003) rather than D(p||q).
func Divergence(fit *bt.Ratings, r *bt.Results, c float64, symmetric bool) (float64, error) {
	return PairDivergence(fit, r.Pairs(), c, symmetric)
}

// PairDivergence is Divergence over results already aggregated by pair:
// one pass over the pairs that played. With few games a pair, q_ij is
// mostly the smoothing constant's doing (a pair that played once has
// q = 1 - c/(1+2c) or its complement), so D_KL then measures the
// smoothing more than intransitivity: say how many games the pairs had
// when reporting it.
func PairDivergence(fit *bt.Ratings, p *bt.Pairs, c float64, symmetric bool) (float64, error) {
	if c < 0 || math.IsNaN(c) || math.IsInf(c, 0) {
		return 0, fmt.Errorf("smoothing constant %v: must be finite and non-negative", c)
	}
	if p.Len() == 0 {
		return 0, fmt.Errorf("no pair of players has played")
	}
	sum := 0.0
	for k := range p.I {
		pi, _ := p.Points(k)
		pr := fit.Prob(int(p.I[k]), int(p.J[k]))
		q := (pi + c) / (p.Games(k) + 2*c)
		if symmetric {
			sum += SymmetricKL(pr, q)
		} else {
			sum += KL(pr, q)
		}
	}
	return sum / float64(p.Len()), nil
}
