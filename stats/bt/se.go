package bt

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"slices"

	"gonum.org/v1/gonum/mat"

	"github.com/coevolab/coevo/internal/chunks"
)

// Standard errors come from the inverse of the observed information H
// (the negative Hessian of the log-likelihood at the estimate) under the
// constraint that the log-strengths sum to zero. Write H in blocks: the
// weighted Laplacian L of the players (weight c_k on each pair), the
// columns U that couple them to the model parameters (first-move
// advantage, draw parameter), and the parameters' block C. Then
//
//	Cov(strengths)  = L+ + Z F^-1 Z^T,  Z = L+ U,  F = C - U^T Z,
//	Cov(parameters) = F^-1,
//
// L+ being the Moore-Penrose inverse of L. Z takes one conjugate-gradient
// solve per parameter; what costs is the diagonal of L+. For few players
// it comes from a dense Cholesky factorisation (exact). For many, from
// this identity, with D the diagonal of L and d = D 1, s = sum D:
//
//	L+ = P M^-1 P,  M = L + d d^T / s,  P = I - 1 1^T / n,
//	M^-1 = D^-1/2 (I - A)^-1 D^-1/2,  A = D^-1/2 (D - L) D^-1/2 - u u^T,
//
// u = D^1/2 1 / sqrt(s). A is symmetric with its spectrum inside (-1, 1)
// for a connected tournament, and for a well mixed one nearly all of it
// is close to 0. Lanczos finds the few eigenpairs (mu_k, v_k) of A that
// are not; on the rest of the space A's spectrum lies in [-rho, rho], and
//
//	(I - A)^-1_ii = sum_k v_ki^2 / (1 - mu_k) + 1 - sum_k v_ki^2 (1 + mu_k)
//	                + A_ii + R_i,
//	R_i = a_i^T (I - A)^-1 a_i  in  |a_i|^2 [1/(1+rho), 1/(1-rho)],
//
// with a_i the i-th column of A with the v_k removed, whose squared norm
// (A^2)_ii - sum_k mu_k^2 v_ki^2 takes one pass over the pairs. Taking R_i
// at the middle of its interval bounds the error by
// |a_i|^2 rho / (1 - rho^2), typically 1e-5 of the variance. When that
// bound exceeds Options.SETol, or a spot check of a few players by exact
// solves disagrees with it, the diagonal is computed exactly instead (by
// dense factorisation, or one conjugate-gradient solve per player).

// variances are the pieces of the covariance the ratings report.
type variances struct {
	theta  []float64     // Var(log-strength i), sum-zero constraint
	params []float64     // variances of the log first-move advantage and the draw parameter
	col    []float64     // column of the anchor in Cov(strengths), or nil
	bound  float64       // bound on the relative error of the SEs (0: exact to solver precision)
	method string        // "dense", "series" or "solves"
	z      [][]float64   // L+ U, one column per model parameter (sparse methods)
	finv   *mat.SymDense // F^-1, the parameters' covariance
}

// denseSE: up to this many players, SEs come from the dense covariance.
// denseFallback: up to this many, the dense covariance is the fallback
// when the series' bound fails. (Variables for the tests.)
var denseSE, denseFallback = 800, 3000

func (f *Ratings) variancesCtx(ctx context.Context) (*variances, error) {
	if f.vars != nil {
		return f.vars, nil
	}
	n := len(f.Gamma)
	var v *variances
	var err error
	if n <= denseSE {
		v = f.denseVariances()
	} else {
		v, err = f.sparseVariances(ctx)
		switch {
		case errors.Is(err, errNoProgress) && n <= denseFallback:
			v = f.denseVariances()
		case errors.Is(err, errNoProgress):
			return nil, errors.New("standard errors: the conjugate-gradient solves made no progress (please report the data)")
		case err != nil:
			return nil, err
		}
	}
	f.vars = v
	return v, nil
}

// denseVariances reads the variances off the dense covariance.
func (f *Ratings) denseVariances() *variances {
	c := f.Cov()
	n := len(f.Gamma)
	v := &variances{theta: make([]float64, n), method: "dense"}
	for i := range v.theta {
		v.theta[i] = c.At(i, i)
	}
	for k := n; k < c.SymmetricDim(); k++ {
		v.params = append(v.params, c.At(k, k))
	}
	if f.anchor >= 0 {
		v.col = make([]float64, n)
		for i := range v.col {
			v.col[i] = c.At(i, f.anchor)
		}
	}
	return v
}

// Cov returns the covariance of the log-strengths (and, after them, of the
// log first-move advantage and the draw parameter when they are modelled):
// the inverse of the observed Fisher information under the constraint that
// the log-strengths sum to 0. It is dense, so it takes memory in the
// square and time in the cube of the players; SE does not need it.
func (f *Ratings) Cov() *mat.SymDense {
	if f.cov != nil {
		return f.cov
	}
	p := f.prob
	n, k := p.n, p.dim
	info := mat.NewSymDense(k, nil)
	add := func(a, b int, w float64) {
		if a > b {
			a, b = b, a
		}
		info.SetSym(a, b, info.At(a, b)+w)
	}
	t := p.t
	for q := range t.I {
		i, j := int(t.I[q]), int(t.J[q])
		c := p.c[q]
		add(i, i, c)
		add(j, j, c)
		add(i, j, -c)
		if p.ih >= 0 && t.seated(q) {
			add(p.ih, p.ih, c)
			add(i, p.ih, c)
			add(j, p.ih, -c)
		}
		if p.id >= 0 {
			e := p.e[q]
			add(i, p.id, e)
			add(j, p.id, -e)
			if p.ih >= 0 && t.seated(q) {
				add(p.ih, p.id, e)
			}
		}
	}
	if p.id >= 0 {
		add(p.id, p.id, p.q)
	}
	// The information is singular along u = (1,...,1,0..)/sqrt(n); with
	// the null space exactly span(u), pinv(I) = (I + u u^T)^-1 - u u^T.
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

// lap sets y = L v on the strengths (the Laplacian block of H).
func (p *problem) lap(v, y []float64) {
	n := p.n
	t := p.t
	p.each(func(c, lo, hi int) {
		a := p.acc[c][:n]
		clear(a)
		for k := lo; k < hi; k++ {
			i, j := t.I[k], t.J[k]
			s := p.c[k] * (v[i] - v[j])
			a[i] += s
			a[j] -= s
		}
	})
	clear(y)
	for _, a := range p.acc {
		for i, x := range a[:n] {
			y[i] += x
		}
	}
}

// lapSolver solves with L+ by conjugate gradients on M = L + d d^T / s.
type lapSolver struct {
	p    *problem
	D    []float64 // diagonal of L
	s    float64
	prec []float64
}

func newLapSolver(p *problem) *lapSolver {
	ls := &lapSolver{p: p, D: make([]float64, p.n), prec: make([]float64, p.n)}
	for i := range ls.D {
		ls.D[i] = p.diag[i] - p.gauge
		ls.s += ls.D[i]
	}
	for i, d := range ls.D {
		ls.prec[i] = d + d*d/ls.s
	}
	return ls
}

// mulM sets y = M v.
func (ls *lapSolver) mulM(v, y []float64) {
	ls.p.lap(v, y)
	dv := dot(ls.D, v) / ls.s
	for i, d := range ls.D {
		y[i] += d * dv
	}
}

// solveM solves M x = b to relative residual tol.
func (ls *lapSolver) solveM(ctx context.Context, b, x []float64, tol float64) error {
	_, err := cg(ctx, ls.mulM, ls.prec, b, x, tol, 20*len(b)+100)
	return err
}

// solveL returns L+ b.
func (ls *lapSolver) solveL(ctx context.Context, b []float64) ([]float64, error) {
	pb := slices.Clone(b)
	center(pb)
	x := make([]float64, len(b))
	if err := ls.solveM(ctx, pb, x, 1e-12); err != nil {
		return nil, err
	}
	center(x)
	return x, nil
}

// sparseVariances computes the variances without the dense covariance.
func (f *Ratings) sparseVariances(ctx context.Context) (*variances, error) {
	p := f.prob
	n := p.n
	ls := newLapSolver(p)
	v := &variances{method: "series"}

	diagLp, bound, order, err := ls.seriesDiag(ctx, f.Options.SETol)
	if err != nil {
		return nil, err
	}
	if order == 0 {
		if n <= denseFallback {
			return f.denseVariances(), nil
		}
		v.method = "solves"
		if diagLp, err = ls.exactDiag(ctx); err != nil {
			return nil, err
		}
		bound = make([]float64, n)
	}
	v.theta = diagLp

	// The model parameters: Woodbury with Z = L+ U.
	var U [][]float64
	g := p.dim - n
	if g > 0 {
		U = make([][]float64, g)
		for a := range U {
			U[a] = make([]float64, n)
		}
		t := p.t
		for k := range t.I {
			i, j := t.I[k], t.J[k]
			col := 0
			if p.ih >= 0 {
				if t.seated(k) {
					U[0][i] += p.c[k]
					U[0][j] -= p.c[k]
				}
				col++
			}
			if p.id >= 0 {
				U[col][i] += p.e[k]
				U[col][j] -= p.e[k]
			}
		}
		C := mat.NewSymDense(g, nil)
		for a := 0; a < g; a++ {
			for b := a; b < g; b++ {
				C.SetSym(a, b, f.paramInfo(a, b))
			}
		}
		Z := make([][]float64, g)
		for a := range Z {
			if Z[a], err = ls.solveL(ctx, U[a]); err != nil {
				return nil, err
			}
		}
		F := mat.NewSymDense(g, nil)
		for a := 0; a < g; a++ {
			for b := a; b < g; b++ {
				F.SetSym(a, b, C.At(a, b)-dot(U[a], Z[b]))
			}
		}
		var ch mat.Cholesky
		Finv := mat.NewSymDense(g, nil)
		if !ch.Factorize(F) {
			return f.denseVariances(), nil
		}
		ch.InverseTo(Finv)
		v.z, v.finv = Z, Finv
		for a := 0; a < g; a++ {
			v.params = append(v.params, Finv.At(a, a))
		}
		for i := 0; i < n; i++ {
			v.theta[i] += v.lowRank(i, i)
		}
	}
	if f.anchor >= 0 {
		if v.col, err = ls.solveL(ctx, unit(n, f.anchor)); err != nil {
			return nil, err
		}
		for i := range v.col {
			v.col[i] += v.lowRank(i, f.anchor)
		}
	}
	// The bound on each variance is absolute; report it relative to the
	// standard errors that use it.
	for i := 0; i < n; i++ {
		vi, bi := v.theta[i], bound[i]
		if f.anchor >= 0 {
			if i == f.anchor {
				continue
			}
			vi = v.theta[i] + v.theta[f.anchor] - 2*v.col[i]
			bi = bound[i] + bound[f.anchor]
		}
		v.bound = math.Max(v.bound, bi/(2*vi))
	}
	if v.bound > f.Options.SETol {
		if n <= denseFallback {
			return f.denseVariances(), nil
		}
		// Anchored differences can be far smaller than the variances
		// they come from: solve for every player.
		exact, err := ls.exactDiag(ctx)
		if err != nil {
			return nil, err
		}
		for i := range exact {
			v.theta[i] += exact[i] - diagLp[i]
		}
		v.bound, v.method = 0, "solves"
	}
	return v, nil
}

// lowRank is entry (i, j) of the model parameters' correction to L+ in
// the strengths' covariance, Z F^-1 Z^T (0 without parameters).
func (v *variances) lowRank(i, j int) float64 {
	s := 0.0
	for a := range v.z {
		for b := range v.z {
			s += v.z[a][i] * v.finv.At(a, b) * v.z[b][j]
		}
	}
	return s
}

// paramInfo is the information between model parameters a and b.
func (f *Ratings) paramInfo(a, b int) float64 {
	p := f.prob
	t := p.t
	idx := []int{}
	if p.ih >= 0 {
		idx = append(idx, p.ih)
	}
	if p.id >= 0 {
		idx = append(idx, p.id)
	}
	ia, ib := idx[a], idx[b]
	sum := 0.0
	switch {
	case ia == p.ih && ib == p.ih:
		for k := range t.I {
			if t.seated(k) {
				sum += p.c[k]
			}
		}
	case ia == p.ih && ib == p.id:
		for k := range t.I {
			if t.seated(k) {
				sum += p.e[k]
			}
		}
	default:
		sum = p.q
	}
	return sum
}

func unit(n, i int) []float64 {
	e := make([]float64, n)
	e[i] = 1
	return e
}

// exactDiag returns the diagonal of L+ by one solve per player.
func (ls *lapSolver) exactDiag(ctx context.Context) ([]float64, error) {
	n := ls.p.n
	out := make([]float64, n)
	e := make([]float64, n)
	for i := 0; i < n; i++ {
		e[i] = 1
		x, err := ls.solveL(ctx, e)
		if err != nil {
			return nil, err
		}
		e[i] = 0
		out[i] = x[i]
	}
	return out, nil
}

// seriesDiag estimates the diagonal of L+ by the deflated series above,
// with a bound on each entry's error; order is the order used (1 or 3),
// 0 when the bound is not
// within tol of the standard errors or a spot check fails.
func (ls *lapSolver) seriesDiag(ctx context.Context, tol float64) (diag, bound []float64, order int, err error) {
	p := ls.p
	n := p.n
	D, s := ls.D, ls.s
	sq := make([]float64, n) // sqrt(D)
	u := make([]float64, n)
	for i := range D {
		sq[i] = math.Sqrt(D[i])
		u[i] = sq[i] / math.Sqrt(s)
	}
	// (S^2)_ii = sum_j W_ij^2 / (D_i D_j), W_ij summed over the terms of
	// the pair (a pair has several terms when seats are modelled).
	s2 := ls.squares()
	// A v = D^-1/2 (D - L) D^-1/2 v - u (u.v).
	tmp, ltmp := make([]float64, n), make([]float64, n)
	mulA := func(v, y []float64) {
		for i := range v {
			tmp[i] = v[i] / sq[i]
		}
		p.lap(tmp, ltmp)
		uv := dot(u, v)
		for i := range y {
			y[i] = (D[i]*tmp[i]-ltmp[i])/sq[i] - u[i]*uv
		}
	}
	mu, V, rho := lanczos(ctx, mulA, u, min(n-1, 120))
	if err := ctx.Err(); err != nil {
		return nil, nil, 0, err
	}
	if !(rho < 0.95) {
		return nil, nil, 0, nil // mixes too slowly for the series
	}
	diag = make([]float64, n)
	bound = make([]float64, n)
	// series sums the terms t = 0 .. len(st) of (I - A)^-1_ii, st[t-1] =
	// (S^t)_ii, and bounds the rest with |Q A^s e_i|^2 = last.
	series := func(i int, st []float64, last float64) {
		b := 1.0
		for k, m := range mu {
			w := V[k][i] * V[k][i]
			b += w/(1-m) - w
		}
		for t, x := range st {
			b += x - u[i]*u[i] // (A^t)_ii = (S^t)_ii - u_i^2, t >= 1
			for k, m := range mu {
				b -= math.Pow(m, float64(t+1)) * V[k][i] * V[k][i]
			}
		}
		last = math.Max(last, 0)
		b += last / (1 - rho*rho)
		diag[i] = b / D[i]
		bound[i] = last * rho / (1 - rho*rho) / D[i]
	}
	// First order: the terms t = 0, 1 and the rest from |Q A e_i|^2.
	firstOK, order := true, 1
	for i := 0; i < n; i++ {
		a2 := s2[i] - u[i]*u[i]
		for k, m := range mu {
			a2 -= m * m * V[k][i] * V[k][i]
		}
		series(i, []float64{0}, a2)
		firstOK = firstOK && bound[i] <= 2*tol*diag[i]
	}
	// Third order, when the first is not enough and the neighbours'
	// neighbours are few enough to visit: t = 0 .. 3 and the rest from
	// |Q A^2 e_i|^2, from y = S^2 e_i: (S^2)_ii = y_i, (S^3)_ii = (S y)_i,
	// (S^4)_ii = |y|^2.
	if !firstOK && ls.twoHopCost() <= twoHopBudget {
		order = 3
		s2, s3, s4 := ls.twoHop(sq)
		for i := 0; i < n; i++ {
			a4 := s4[i] - u[i]*u[i]
			for k, m := range mu {
				a4 -= m * m * m * m * V[k][i] * V[k][i]
			}
			series(i, []float64{0, s2[i], s3[i]}, a4)
		}
	}
	// L+_ii = M^-1_ii - 2 (M^-1 1)_i / n + 1^T M^-1 1 / n^2.
	w := make([]float64, n)
	ones := make([]float64, n)
	for i := range ones {
		ones[i] = 1
	}
	if err := ls.solveM(ctx, ones, w, 1e-12); err != nil {
		return nil, nil, 0, err
	}
	sw := 0.0
	for _, x := range w {
		sw += x
	}
	for i := range diag {
		diag[i] += -2*w[i]/float64(n) + sw/float64(n)/float64(n)
	}
	for i := range diag {
		if !(bound[i] <= 2*tol*diag[i]) {
			return diag, bound, 0, nil
		}
	}
	// Spot checks by exact solves: the player with the largest bound
	// relative to its variance, and those with the least and the most
	// information.
	worst, fewest, most := 0, 0, 0
	for i := range diag {
		if bound[i]/diag[i] > bound[worst]/diag[worst] {
			worst = i
		}
		if D[i] < D[fewest] {
			fewest = i
		}
		if D[i] > D[most] {
			most = i
		}
	}
	x := make([]float64, n)
	for _, i := range []int{worst, fewest, most} {
		e := unit(n, i)
		center(e)
		if err := ls.solveM(ctx, e, x, 1e-10); err != nil {
			return nil, nil, 0, err
		}
		center(x)
		if !(math.Abs(x[i]-diag[i]) <= bound[i]+1e-8*x[i]) {
			return diag, bound, 0, nil
		}
	}
	return diag, bound, order, nil
}

// twoHopBudget bounds the work of the third-order series: the sum over
// players of their neighbours' degrees.
const twoHopBudget = 4e8

// adjacency returns the pairs as a symmetric CSR (a pair with several
// terms appears once per term).
func (ls *lapSolver) adjacency() (start []int32, adj []int32, w []float64) {
	t := ls.p.t
	n := ls.p.n
	start = make([]int32, n+1)
	for k := range t.I {
		start[t.I[k]+1]++
		start[t.J[k]+1]++
	}
	for i := 0; i < n; i++ {
		start[i+1] += start[i]
	}
	adj = make([]int32, start[n])
	w = make([]float64, start[n])
	fill := slices.Clone(start[:n])
	for k := range t.I {
		i, j := t.I[k], t.J[k]
		adj[fill[i]], w[fill[i]] = j, ls.p.c[k]
		fill[i]++
		adj[fill[j]], w[fill[j]] = i, ls.p.c[k]
		fill[j]++
	}
	return start, adj, w
}

// twoHopCost is the work of twoHop: sum over terms of both ends' degrees.
func (ls *lapSolver) twoHopCost() float64 {
	t := ls.p.t
	deg := make([]float64, ls.p.n)
	for k := range t.I {
		deg[t.I[k]]++
		deg[t.J[k]]++
	}
	c := 0.0
	for _, d := range deg {
		c += d * d
	}
	return c
}

// twoHop returns (S^2)_ii, (S^3)_ii and (S^4)_ii for every player, from
// y = S^2 e_i built over i's neighbours' neighbours; sq is sqrt(D).
func (ls *lapSolver) twoHop(sq []float64) (s2, s3, s4 []float64) {
	n := ls.p.n
	start, adj, w := ls.adjacency()
	// S_ij = W_ij / sqrt(D_i D_j).
	for i := 0; i < n; i++ {
		for e := start[i]; e < start[i+1]; e++ {
			w[e] /= sq[i] * sq[adj[e]]
		}
	}
	s2, s3, s4 = make([]float64, n), make([]float64, n), make([]float64, n)
	chunks.Run(n, 64, func(_, lo, hi int) {
		y := make([]float64, n)
		var touched []int32
		for i := lo; i < hi; i++ {
			touched = touched[:0]
			for e := start[i]; e < start[i+1]; e++ {
				j, wij := adj[e], w[e]
				for f := start[j]; f < start[j+1]; f++ {
					l := adj[f]
					if y[l] == 0 {
						touched = append(touched, l)
					}
					y[l] += wij * w[f]
				}
			}
			s2[i] = y[i]
			for e := start[i]; e < start[i+1]; e++ {
				s3[i] += w[e] * y[adj[e]]
			}
			for _, l := range touched {
				s4[i] += y[l] * y[l]
				y[l] = 0
			}
		}
	})
	return s2, s3, s4
}

// squares returns (S^2)_ii = sum_j W_ij^2 / (D_i D_j).
func (ls *lapSolver) squares() []float64 {
	p := ls.p
	t := p.t
	n := p.n
	out := make([]float64, n)
	if t.first == nil {
		// One term per pair.
		for k := range t.I {
			i, j := t.I[k], t.J[k]
			w2 := p.c[k] * p.c[k]
			out[i] += w2 / ls.D[j]
			out[j] += w2 / ls.D[i]
		}
	} else {
		// Sum the terms of each pair first, row by row.
		start := make([]int32, n+1)
		for k := range t.I {
			start[t.I[k]+1]++
			start[t.J[k]+1]++
		}
		for i := 0; i < n; i++ {
			start[i+1] += start[i]
		}
		adj := make([]int32, start[n])
		fill := slices.Clone(start[:n])
		for k := range t.I {
			i, j := t.I[k], t.J[k]
			adj[fill[i]] = int32(k)
			fill[i]++
			adj[fill[j]] = int32(k)
			fill[j]++
		}
		acc := make([]float64, n)
		for i := int32(0); i < int32(n); i++ {
			ks := adj[start[i]:start[i+1]]
			other := func(k int32) int32 {
				if t.I[k] == i {
					return t.J[k]
				}
				return t.I[k]
			}
			for _, k := range ks {
				acc[other(k)] += p.c[k]
			}
			for _, k := range ks {
				j := other(k)
				if w := acc[j]; w != 0 {
					out[i] += w * w / ls.D[j]
					acc[j] = 0
				}
			}
		}
	}
	for i := range out {
		out[i] /= ls.D[i]
	}
	return out
}

// lanczos runs Lanczos iterations with full reorthogonalisation on the
// symmetric operator mul (spectrum inside [-1, 1]), starting from a random
// vector orthogonal to null (an eigenvector with eigenvalue 0), for at
// most steps iterations and stopping once the Ritz values that stand out
// have converged and the edge of the rest has settled. It returns those
// converged Ritz pairs (eigenvalue, unit vector) and rho, the estimated
// bound on |eigenvalue| over the rest of the spectrum: the largest
// unconverged Ritz value plus a margin of 0.02 for Ritz values' approach
// to the edge from inside.
func lanczos(ctx context.Context, mul func(v, y []float64), null []float64, steps int) (mu []float64, vecs [][]float64, rho float64) {
	const margin, converged = 0.02, 1e-9
	n := len(null)
	rng := rand.New(rand.NewPCG(uint64(n), 11))
	q := make([]float64, n)
	for i := range q {
		q[i] = rng.Float64() - 0.5
	}
	orth := func(v []float64, basis [][]float64) {
		for pass := 0; pass < 2; pass++ {
			c := dot(v, null)
			for i := range v {
				v[i] -= c * null[i]
			}
			for _, b := range basis {
				c := dot(v, b)
				for i := range v {
					v[i] -= c * b[i]
				}
			}
		}
	}
	orth(q, nil)
	scale(q, 1/norm(q))
	var Q [][]float64
	var alpha, beta []float64
	w := make([]float64, n)
	type ritz struct {
		val, res float64
		k        int
	}
	var (
		rs        []ritz
		S         mat.Dense
		lastEdge  = math.Inf(1)
		invariant bool
	)
	// ritzPairs diagonalises the tridiagonal matrix of the first m steps.
	ritzPairs := func() float64 {
		m := len(alpha)
		T := mat.NewSymDense(m, nil)
		for i := 0; i < m; i++ {
			T.SetSym(i, i, alpha[i])
			if i+1 < m {
				T.SetSym(i, i+1, beta[i])
			}
		}
		var es mat.EigenSym
		if !es.Factorize(T, true) {
			return math.NaN()
		}
		S.Reset()
		es.VectorsTo(&S)
		last := 0.0
		if !invariant {
			last = beta[m-1]
		}
		rs = rs[:0]
		edge := 0.0
		for k, v := range es.Values(nil) {
			r := ritz{v, math.Abs(last * S.At(m-1, k)), k}
			rs = append(rs, r)
			if r.res > converged || invariant {
				edge = math.Max(edge, math.Abs(v))
			}
		}
		return edge
	}
	for k := 0; k < steps; k++ {
		if ctx.Err() != nil {
			return nil, nil, 1
		}
		Q = append(Q, q)
		mul(q, w)
		alpha = append(alpha, dot(w, q))
		orth(w, Q)
		b := norm(w)
		beta = append(beta, b)
		if b < 1e-12 {
			invariant = true
			break
		}
		q = slices.Clone(w)
		scale(q, 1/b)
		if k+1 >= 20 && (k+1)%10 == 0 {
			edge := ritzPairs()
			settled := math.Abs(edge-lastEdge) < 0.005
			lastEdge = edge
			done := settled
			for _, r := range rs {
				if math.Abs(r.val) > edge+margin && r.res > converged {
					done = false
				}
			}
			if done {
				break
			}
		}
	}
	edge := ritzPairs()
	if math.IsNaN(edge) {
		return nil, nil, 1
	}
	if invariant {
		// Every Ritz pair is exact, but an eigenvalue repeated in the
		// rest of the space would not show: bound by all of them.
		return nil, nil, edge
	}
	rho = math.Min(1, edge+margin)
	m := len(alpha)
	for _, r := range rs {
		if r.res > converged || math.Abs(r.val) <= rho {
			continue
		}
		v := make([]float64, n)
		for j := 0; j < m; j++ {
			c := S.At(j, r.k)
			for i := range v {
				v[i] += c * Q[j][i]
			}
		}
		scale(v, 1/norm(v))
		mu = append(mu, r.val)
		vecs = append(vecs, v)
	}
	return mu, vecs, rho
}

func scale(v []float64, c float64) {
	for i := range v {
		v[i] *= c
	}
}
