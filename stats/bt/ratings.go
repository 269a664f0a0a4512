package bt

import (
	"math"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/stat/distuv"
)

// eloPerNat converts a log-strength difference (natural log) to Elo points.
var eloPerNat = 400 / math.Ln10

// Elo returns the ratings on the Elo scale of paper 003 eq. (3):
// mu + 400 log10 gamma_i, with mean mu over the pool.
func (f *Ratings) Elo() []float64 {
	e := make([]float64, len(f.Gamma))
	for i, g := range f.Gamma {
		e[i] = f.Options.EloMean + 400*math.Log10(g)
	}
	return e
}

// Prob returns the predicted probability that i beats j on neutral seats.
func (f *Ratings) Prob(i, j int) float64 { return f.Gamma[i] / (f.Gamma[i] + f.Gamma[j]) }

// Cov returns the covariance of the log-strengths (and, last, of the log
// first-move advantage when it is modelled): the inverse of the observed
// Fisher information under the constraint that the log-strengths sum to 0.
func (f *Ratings) Cov() *mat.SymDense {
	if f.cov != nil {
		return f.cov
	}
	n := len(f.Gamma)
	k := n
	if f.Options.Home {
		k++
	}
	info := mat.NewSymDense(k, nil)
	add := func(a, b int, w float64) { info.SetSym(a, b, info.At(a, b)+w) }
	for _, t := range f.terms {
		if t.home {
			p := f.Home * f.Gamma[t.i] / (f.Home*f.Gamma[t.i] + f.Gamma[t.j])
			w := t.n * p * (1 - p)
			// design vector e_i - e_j + e_theta
			x := map[int]float64{t.i: 1, t.j: -1, n: 1}
			for a, xa := range x {
				for b, xb := range x {
					if a <= b {
						add(a, b, w*xa*xb)
					}
				}
			}
			continue
		}
		p := f.Prob(t.i, t.j)
		w := t.n * p * (1 - p)
		add(t.i, t.i, w)
		add(t.j, t.j, w)
		add(min(t.i, t.j), max(t.i, t.j), -w)
	}
	// The information is singular along u = (1,...,1,0)/sqrt(n); with the
	// null space exactly span(u), pinv(I) = (I + u u^T)^-1 - u u^T.
	u := 1 / float64(n)
	for a := 0; a < n; a++ {
		for b := a; b < n; b++ {
			info.SetSym(a, b, info.At(a, b)+u)
		}
	}
	var ch mat.Cholesky
	cov := mat.NewSymDense(k, nil)
	if ok := ch.Factorize(info); ok {
		ch.InverseTo(cov)
	} else {
		for i := 0; i < k; i++ {
			cov.SetSym(i, i, math.NaN())
		}
	}
	for a := 0; a < n; a++ {
		for b := a; b < n; b++ {
			cov.SetSym(a, b, cov.At(a, b)-u)
		}
	}
	f.cov = cov
	return cov
}

// SE returns the standard error of each Elo rating.
func (f *Ratings) SE() []float64 {
	c := f.Cov()
	se := make([]float64, len(f.Gamma))
	for i := range se {
		se[i] = eloPerNat * math.Sqrt(c.At(i, i))
	}
	return se
}

// CI returns confidence intervals of the Elo ratings at the given level
// (e.g. 0.95), from the normal approximation.
func (f *Ratings) CI(level float64) (lo, hi []float64) {
	z := distuv.UnitNormal.Quantile(0.5 + level/2)
	e, se := f.Elo(), f.SE()
	lo, hi = make([]float64, len(e)), make([]float64, len(e))
	for i := range e {
		lo[i], hi[i] = e[i]-z*se[i], e[i]+z*se[i]
	}
	return lo, hi
}

// Superiority returns the likelihood-of-superiority matrix:
// L[i][j] = P(strength_i > strength_j) under the normal approximation.
func (f *Ratings) Superiority() [][]float64 {
	c := f.Cov()
	n := len(f.Gamma)
	L := square(n)
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			if i == j {
				continue
			}
			d := math.Log(f.Gamma[i] / f.Gamma[j])
			v := c.At(i, i) + c.At(j, j) - 2*c.At(i, j)
			L[i][j] = distuv.UnitNormal.CDF(d / math.Sqrt(v))
		}
	}
	return L
}

// Games returns the number of games each player played (prior excluded).
func (f *Ratings) Games() []float64 { return f.games }

// Score returns each player's points as a percentage of its games.
func (f *Ratings) Score() []float64 {
	s := make([]float64, len(f.games))
	for i := range s {
		s[i] = 100 * f.points[i] / f.games[i]
	}
	return s
}

// DataFrame returns one row per player: player, strength, elo, se,
// ci_low, ci_high (95%), games, score% .
func (f *Ratings) DataFrame() dataframe.DataFrame {
	lo, hi := f.CI(0.95)
	return dataframe.New(
		series.New(f.Players, series.String, "player"),
		series.New(f.Gamma, series.Float, "strength"),
		series.New(f.Elo(), series.Float, "elo"),
		series.New(f.SE(), series.Float, "se"),
		series.New(lo, series.Float, "ci_low"),
		series.New(hi, series.Float, "ci_high"),
		series.New(f.games, series.Float, "games"),
		series.New(f.Score(), series.Float, "score%"),
	)
}
