package bt

import (
	"context"
	"math"
)

// mm fits the half-point model by Hunter's MM algorithm (Hunter 2004,
// section 3; with a first-move advantage, section 5): strengths
// g_i <- W_i / sum_k n_k / (g_i + g_j), one sweep over the terms an
// iteration. It stops when no centred log-strength (nor the log first-move
// advantage) changes by more than tol in an iteration. x receives the
// log-strengths (and the log advantage); it returns the iterations.
// With home and fixHome the advantage is held at theta0 (a factor).
//
// It starts from the log-strengths in x (0 on a fresh start). With fixed
// (anchors), the players it marks keep theirs, and the strengths are not
// normalised.
func mm(ctx context.Context, t *table, home, fixHome bool, theta0 float64, fixed []bool, x []float64, tol float64, maxIter int) (int, error) {
	n := t.Players
	W := make([]float64, n) // points
	homePts := 0.0
	for k := range t.I {
		pi, pj := t.Points(k)
		W[t.I[k]] += pi
		W[t.J[k]] += pj
		if home && t.seated(k) {
			homePts += pi
		}
	}
	g := make([]float64, n)
	for i := range g {
		g[i] = math.Exp(x[i]) // 1 on a fresh start
	}
	next := make([]float64, n)
	den := make([]float64, n)
	theta := 1.0
	if fixHome {
		theta = theta0
	}
	for it := 1; ; it++ {
		if it%64 == 0 && ctx.Err() != nil {
			return it, ctx.Err()
		}
		clear(den)
		thetaDen := 0.0
		for k := range t.I {
			i, j, nk := t.I[k], t.J[k], t.Games(k)
			if home && t.seated(k) {
				d := theta*g[i] + g[j]
				den[i] += nk * theta / d
				den[j] += nk / d
				thetaDen += nk * g[i] / d
				continue
			}
			d := g[i] + g[j]
			den[i] += nk / d
			den[j] += nk / d
		}
		for i := range next {
			next[i] = W[i] / den[i]
		}
		if fixed == nil {
			normalise(next)
		} else {
			for i, f := range fixed {
				if f {
					next[i] = g[i]
				}
			}
		}
		change := 0.0
		for i := range g {
			change = math.Max(change, math.Abs(math.Log(next[i]/g[i])))
		}
		if home && !fixHome {
			nt := homePts / thetaDen
			change = math.Max(change, math.Abs(math.Log(nt/theta)))
			theta = nt
		}
		g, next = next, g
		if change < tol {
			for i := range g {
				x[i] = math.Log(g[i])
			}
			if home && !fixHome {
				x[n] = math.Log(theta)
			}
			return it, nil
		}
		if it >= maxIter || math.IsNaN(change) {
			return it, &ConvergenceError{Iterations: it, Change: change}
		}
	}
}

// normalise scales g to geometric mean 1.
func normalise(g []float64) {
	s := 0.0
	for _, x := range g {
		s += math.Log(x)
	}
	f := math.Exp(-s / float64(len(g)))
	for i := range g {
		g[i] *= f
	}
}
