package coevolve

import (
	"errors"
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/optimize/convex/lp"
)

// maximin returns a maximin mixed strategy of the symmetric zero-sum game
// with antisymmetric payoff matrix a (a[i][j] = -a[j][i], the row
// player's payoff): probabilities p with p·a[.][j] >= 0 for every column
// j (the value of a symmetric game is 0), found by the simplex method.
// Among the equilibria it takes one that maximises the total payoff
// against the pure strategies, sum_j p·a[.][j].
func maximin(a [][]float64) ([]float64, error) {
	n := len(a)
	if n == 0 {
		return nil, errors.New("no players")
	}
	for i := range a {
		if len(a[i]) != n {
			return nil, fmt.Errorf("row %d has %d entries, want %d", i, len(a[i]), n)
		}
		for j := range a[i] {
			if math.Abs(a[i][j]+a[j][i]) > 1e-9 || math.IsNaN(a[i][j]) {
				return nil, fmt.Errorf("payoffs %v and %v of players %d and %d: a symmetric zero-sum game's matrix is antisymmetric", a[i][j], a[j][i], i, j)
			}
		}
	}
	if n == 1 {
		return []float64{1}, nil
	}
	// Variables p_1..p_n, s_1..s_n >= 0: sum_i p_i a[i][j] - s_j = 0 for
	// every j, sum_i p_i = 1; minimise -sum_j s_j.
	A := mat.NewDense(n+1, 2*n, nil)
	b := make([]float64, n+1)
	c := make([]float64, 2*n)
	for j := 0; j < n; j++ {
		for i := 0; i < n; i++ {
			A.Set(j, i, a[i][j])
		}
		A.Set(j, n+j, -1)
		c[n+j] = -1
	}
	for i := 0; i < n; i++ {
		A.Set(n, i, 1)
	}
	b[n] = 1
	_, x, err := lp.Simplex(c, A, b, 1e-10, nil)
	if err != nil {
		return nil, err
	}
	p := make([]float64, n)
	total := 0.0
	for i := range p {
		p[i] = max(0, x[i])
		total += p[i]
	}
	for i := range p {
		p[i] /= total
	}
	// Check the equilibrium: no pure strategy gains against it.
	for j := 0; j < n; j++ {
		v := 0.0
		for i := 0; i < n; i++ {
			v += p[i] * a[i][j]
		}
		if v < -1e-7 {
			return nil, fmt.Errorf("the simplex method's mixture loses %v against player %d", -v, j)
		}
	}
	return p, nil
}
