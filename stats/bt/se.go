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
// (the negative Hessian of the log-likelihood at the estimate): under the
// constraint that the log-strengths sum to zero, or, with anchors, given
// the anchors (H read on the other players only, "grounded"). Write H in
// blocks: the weighted Laplacian L of the players (weight c_k on each
// pair), the columns U that couple them to the model parameters
// (first-move advantage, draw parameter), and the parameters' block C.
// Then, with K the inverse of L (its Moore-Penrose inverse L+, or the
// inverse of its block on the players not anchored),
//
//	Cov(strengths)  = K + Z F^-1 Z^T,  Z = K U,  F = C - U^T Z,
//	Cov(parameters) = F^-1.
//
// Z takes one conjugate-gradient solve per parameter; what costs is the
// diagonal of K. Up to denseSE players it comes from the dense covariance
// (exact). For more, within a budget of work proportional to the pairs
// (about what the fit itself costs), by the first of these that applies:
//
//  1. Exact, by a sparse Cholesky factorisation in the envelope of a
//     reverse Cuthill-McKee ordering and the inverse's entries inside the
//     envelope (Takahashi's equations), when the envelope is small: the
//     tournaments that mix slowly (chains, ladders, versions of an
//     engine played against their predecessors) are the ones whose
//     envelope is narrow.
//  2. A deflated series, for the tournaments that mix well. With D the
//     diagonal of L, d = D 1 and s = sum D, in the centred case
//     K = P M^-1 P with M = L + d d^T / s, P = I - 1 1^T / n, and
//     M^-1 = D^-1/2 (I - A)^-1 D^-1/2 with A = D^-1/2 (D - L) D^-1/2 - u u^T,
//     u = D^1/2 1 / sqrt(s) (grounded: M = L, no u). A is symmetric with
//     its spectrum inside (-1, 1), and for a well mixed tournament nearly
//     all of it is close to 0. Lanczos finds the few eigenpairs
//     (mu_k, v_k) of A that are not; on the rest of the space A's
//     spectrum lies in [-rho, rho], and
//
//     (I - A)^-1_ii = sum_k v_ki^2 / (1 - mu_k) + 1 - sum_k v_ki^2
//     + sum_{t=1..2h-1} [(A^t)_ii - sum_k mu_k^t v_ki^2] + R_i,
//     R_i = y^T (I - A)^-1 y  in  |y|^2 [1/(1+rho), 1/(1-rho)],
//
//     y = Q A^h e_i, Q projecting out the v_k. The terms (A^t)_ii come
//     from player i's neighbours (h = 1), neighbours' neighbours (h = 2)
//     or one hop further (h = 3); taking R_i at the middle of its interval
//     bounds the error by |y|^2 rho / (1 - rho^2). Every player starts at
//     h = 1 and goes further only while its bound is not within
//     Options.SETol of its standard error and the budget allows: the
//     players with the largest relative bounds first, and only as long as
//     that lowers the largest bound left, the one reported. The
//     first step further, when most players need it, is the triangles
//     through each player, enumerated once for all (in time about the
//     pairs times the later neighbours of their later end, where two hops
//     take the pairs times the degrees): they give (A^3)_ii = y^T A y, the
//     mean c of y's spectral measure, and as 1/(1-x) is convex R_i lies
//     between |y|^2/(1-c) (Jensen) and the chord from -rho to rho at c,
//     an interval about rho/2 times the width of the first.
//  3. Exact conjugate-gradient solves for the players still above the
//     tolerance, as many as the budget allows; the others keep the
//     series' value, and the bound reported (SEAccuracy) is the largest
//     left, not the tolerance asked for.
//
// The centring terms (w = M^-1 1) and three spot checks of the series by
// exact solves are one block of conjugate-gradient solves, run side by
// side over the graph's rows. Up to denseFallback players the dense
// covariance replaces a series whose bound cannot be met; beyond, such a
// tournament (whose spot checks fail: a slowly mixing one with a wide
// envelope) is solved player by player. The cost is thus bounded for
// every tournament that mixes well or has a narrow envelope, and the
// accuracy is stated.

// variances are the pieces of the covariance the ratings report.
type variances struct {
	theta  []float64     // Var(log-strength i): centred, or given the anchors (0 for an anchor)
	params []float64     // variances of the log first-move advantage and the draw parameter
	bound  float64       // bound on the relative error of the SEs (0: exact to solver precision)
	method string        // "dense", "exact", "series" or "solves"
	z      [][]float64   // K U, one column per model parameter (sparse methods)
	finv   *mat.SymDense // F^-1, the parameters' covariance
	ls     *lapSolver
}

// denseSE: up to this many players, SEs come from the dense covariance.
// denseFallback: up to this many, the dense covariance is the fallback
// when the series' bound fails. (Variables for the tests.)
var denseSE, denseFallback = 800, 3000

// seBudget is the work, in operations on one pair (a multiply-add over a
// term of the likelihood, read from a neighbour's row: the series' hops
// take about 10 ns each, as they read rows in no order), the sparse
// standard errors may take at the default tolerance: about the cost of
// the fit itself (its passes stream the pairs, a few ns a term). A
// tighter tolerance buys proportionally more. (A variable for the
// tests.)
var seBudget = func(pairs, players int) float64 { return 1e7 + 100*float64(pairs+players) }

// grounded returns the players whose variance is 0 (the anchors), or nil
// when the variances are centred.
func (f *Ratings) grounded() []bool {
	if f.fixed != nil {
		return f.fixed
	}
	if f.anchor >= 0 {
		g := make([]bool, len(f.Gamma))
		g[f.anchor] = true
		return g
	}
	return nil
}

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
	return v
}

// Cov returns the covariance of the log-strengths (and, after them, of the
// log first-move advantage and the draw parameter when they are modelled):
// the inverse of the observed Fisher information under the constraint that
// the log-strengths sum to 0, or, with anchors, given the anchors (whose
// rows and columns are then 0). It is dense, so it takes memory in the
// square and time in the cube of the players; SE does not need it.
func (f *Ratings) Cov() *mat.SymDense {
	if f.cov != nil {
		return f.cov
	}
	p := f.prob
	n, k := p.n, p.dim
	ground := f.grounded()
	info := mat.NewSymDense(k, nil)
	add := func(a, b int, w float64) {
		if ground != nil && (a < n && ground[a] || b < n && ground[b]) {
			return
		}
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
	for i, w := range p.priorW {
		add(i, i, w)
	}
	for _, r := range p.rels {
		add(r.a, r.a, r.w)
		add(r.b, r.b, r.w)
		add(r.a, r.b, -r.w)
	}
	// Centred: the information is singular along u = (1,...,1,0..)/sqrt(n);
	// with the null space exactly span(u), pinv(I) = (I + u u^T)^-1 - u u^T.
	// Grounded: the anchors' rows and columns are those of the identity,
	// then 0.
	u := 1 / float64(n)
	if ground != nil {
		u = 0
		for a, g := range ground {
			if g {
				info.SetSym(a, a, 1)
			}
		}
	}
	for a := 0; a < n && u != 0; a++ {
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
	for a := 0; a < n && u != 0; a++ {
		for b := a; b < n; b++ {
			cov.SetSym(a, b, cov.At(a, b)-u)
		}
	}
	for a := 0; a < n && ground != nil; a++ {
		if ground[a] {
			for b := 0; b < k; b++ {
				cov.SetSym(a, b, 0)
			}
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
	p.priorMul(v, y)
}

// lapSolver solves with K: centred, K = P M^-1 P with M = L + d d^T / s;
// grounded, K = M^-1 with M the block of L on the players not marked
// (vectors are 0 at the marked players).
type lapSolver struct {
	p      *problem
	ground []bool
	D      []float64 // diagonal of L
	s      float64
	prec   []float64
	// iters is the most iterations an exact solve has taken.
	iters int
}

func newLapSolver(p *problem, ground []bool) *lapSolver {
	ls := &lapSolver{p: p, ground: ground, D: make([]float64, p.n), prec: make([]float64, p.n)}
	t := p.t
	for k := range t.I {
		ls.D[t.I[k]] += p.c[k]
		ls.D[t.J[k]] += p.c[k]
	}
	var ll float64
	p.priorTerms(make([]float64, p.n), &ll, make([]float64, p.n), ls.D)
	for _, d := range ls.D {
		ls.s += d
	}
	for i, d := range ls.D {
		ls.prec[i] = d
		if ground == nil {
			ls.prec[i] += d * d / ls.s
		}
	}
	return ls
}

// free reports whether player i is not marked.
func (ls *lapSolver) free(i int) bool { return ls.ground == nil || !ls.ground[i] }

// mulM sets y = M v.
func (ls *lapSolver) mulM(v, y []float64) {
	ls.p.lap(v, y)
	if ls.ground != nil {
		for i, g := range ls.ground {
			if g {
				y[i] = 0
			}
		}
		return
	}
	dv := dot(ls.D, v) / ls.s
	for i, d := range ls.D {
		y[i] += d * dv
	}
}

// solveM solves M x = b to relative residual tol.
func (ls *lapSolver) solveM(ctx context.Context, b, x []float64, tol float64) error {
	it, err := cg(ctx, ls.mulM, ls.prec, b, x, tol, 20*len(b)+100)
	ls.iters = max(ls.iters, it)
	return err
}

// project makes b a right-hand side of M: centred (P b), or 0 at the
// marked players.
func (ls *lapSolver) project(b []float64) {
	if ls.ground == nil {
		center(b)
		return
	}
	for i, g := range ls.ground {
		if g {
			b[i] = 0
		}
	}
}

// solveK returns K b.
func (ls *lapSolver) solveK(ctx context.Context, b []float64) ([]float64, error) {
	pb := slices.Clone(b)
	ls.project(pb)
	x := make([]float64, len(b))
	if err := ls.solveM(ctx, pb, x, 1e-12); err != nil {
		return nil, err
	}
	ls.project(x)
	return x, nil
}

// solveMBlock solves M x = b for each b (at most blockWidth of them) to
// relative residual tol, by conjugate gradients run side by side, one
// pass over g's rows serving all of them.
func (ls *lapSolver) solveMBlock(ctx context.Context, g *graph, bs [][]float64, tol float64) ([][]float64, error) {
	n, w := ls.p.n, len(bs)
	if w > blockWidth {
		return nil, errors.New("solveMBlock: too many right-hand sides")
	}
	// Interleaved: vector r's entry i at i*blockWidth + r.
	const bw = blockWidth
	x, r, z, d, ad := make([]float64, bw*n), make([]float64, bw*n), make([]float64, bw*n), make([]float64, bw*n), make([]float64, bw*n)
	var bn, rz, dad [bw]float64
	var done [bw]bool
	for c := 0; c < bw; c++ {
		if c >= w {
			done[c] = true
			continue
		}
		for i, v := range bs[c] {
			r[i*bw+c] = v
			bn[c] += v * v
		}
		bn[c] = math.Sqrt(bn[c])
		done[c] = bn[c] == 0
	}
	for i := 0; i < n; i++ {
		for c := 0; c < bw; c++ {
			zi := r[i*bw+c] / ls.prec[i]
			z[i*bw+c], d[i*bw+c] = zi, zi
			rz[c] += r[i*bw+c] * zi
		}
	}
	maxIter := 20*n + 100
	for it := 1; ; it++ {
		if it > maxIter {
			return nil, errNoProgress
		}
		if it%16 == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		ls.mulMBlock(g, d, ad)
		dad = [bw]float64{}
		for i := 0; i < n; i++ {
			for c := 0; c < bw; c++ {
				dad[c] += d[i*bw+c] * ad[i*bw+c]
			}
		}
		var alpha, rn [bw]float64
		for c := 0; c < bw; c++ {
			if done[c] {
				continue
			}
			if !(dad[c] > 0) {
				return nil, errNoProgress
			}
			alpha[c] = rz[c] / dad[c]
		}
		for i := 0; i < n; i++ {
			for c := 0; c < bw; c++ {
				x[i*bw+c] += alpha[c] * d[i*bw+c]
				r[i*bw+c] -= alpha[c] * ad[i*bw+c]
				rn[c] += r[i*bw+c] * r[i*bw+c]
			}
		}
		all := true
		for c := 0; c < bw; c++ {
			if !done[c] && math.Sqrt(rn[c]) <= tol*bn[c] {
				done[c] = true
				ls.iters = max(ls.iters, it)
			}
			all = all && done[c]
		}
		if all {
			break
		}
		var rz2 [bw]float64
		for i := 0; i < n; i++ {
			for c := 0; c < bw; c++ {
				zi := r[i*bw+c] / ls.prec[i]
				z[i*bw+c] = zi
				rz2[c] += r[i*bw+c] * zi
			}
		}
		for c := 0; c < bw; c++ {
			if done[c] {
				alpha[c] = 0 // (beta: the direction is no longer used)
				continue
			}
			alpha[c] = rz2[c] / rz[c]
			rz[c] = rz2[c]
		}
		for i := 0; i < n; i++ {
			for c := 0; c < bw; c++ {
				if done[c] {
					d[i*bw+c] = 0
					continue
				}
				d[i*bw+c] = z[i*bw+c] + alpha[c]*d[i*bw+c]
			}
		}
	}
	out := make([][]float64, w)
	for c := range out {
		out[c] = make([]float64, n)
		for i := range out[c] {
			out[c][i] = x[i*bw+c]
		}
	}
	return out, nil
}

// blockWidth is the number of vectors mulMBlock multiplies at once.
const blockWidth = 4

// mulMBlock sets y = M v for blockWidth vectors interleaved (entry i of
// vector c at i*blockWidth + c), by rows of the graph: L v = D v - W v.
func (ls *lapSolver) mulMBlock(g *graph, v, y []float64) {
	const bw = blockWidth
	n := ls.p.n
	chunks.Run(n, min(64, max(1, n/256)), func(_, lo, hi int) {
		for i := lo; i < hi; i++ {
			var acc [bw]float64
			vi := v[i*bw : i*bw+bw : i*bw+bw]
			di := ls.D[i]
			for c := range acc {
				acc[c] = di * vi[c]
			}
			for e := g.start[i]; e < g.start[i+1]; e++ {
				j, wij := int(g.adj[e]), g.w[e]
				vj := v[j*bw : j*bw+bw : j*bw+bw]
				for c := range acc {
					acc[c] -= wij * vj[c]
				}
			}
			copy(y[i*bw:i*bw+bw], acc[:])
		}
	})
	if ls.ground != nil {
		for i, m := range ls.ground {
			if m {
				clear(y[i*bw : i*bw+bw])
			}
		}
		return
	}
	var dv [bw]float64
	for i, d := range ls.D {
		for c := range dv {
			dv[c] += d * v[i*bw+c]
		}
	}
	for i, d := range ls.D {
		for c := range dv {
			y[i*bw+c] += d * dv[c] / ls.s
		}
	}
}

// sparseVariances computes the variances without the dense covariance.
func (f *Ratings) sparseVariances(ctx context.Context) (*variances, error) {
	p := f.prob
	n := p.n
	ls := newLapSolver(p, f.grounded())
	v := &variances{ls: ls}
	budget := seBudget(p.t.Len(), n) * math.Max(1, 1e-3/f.Options.SETol)
	progress := f.Options.Progress
	if progress == nil {
		progress = func(int, int) {}
	}
	diag, bound, method, err := ls.diagonal(ctx, f.Options.SETol, budget, progress)
	if err != nil {
		return nil, err
	}
	if method == "" {
		// (diagonal leaves only a tournament small enough for it.)
		return f.denseVariances(), nil
	}
	v.theta, v.method = diag, method

	// The model parameters: Woodbury with Z = K U.
	g := p.dim - n
	if g > 0 {
		U := make([][]float64, g)
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
		for a := range U {
			ls.project(U[a])
		}
		Z := make([][]float64, g)
		for a := range Z {
			if Z[a], err = ls.solveK(ctx, U[a]); err != nil {
				return nil, err
			}
		}
		F := mat.NewSymDense(g, nil)
		for a := 0; a < g; a++ {
			for b := a; b < g; b++ {
				F.SetSym(a, b, f.paramInfo(a, b)-dot(U[a], Z[b]))
			}
		}
		var ch mat.Cholesky
		Finv := mat.NewSymDense(g, nil)
		if !ch.Factorize(F) {
			if n <= denseFallback {
				return f.denseVariances(), nil
			}
			return nil, errNoProgress
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
	// The bound on each variance is absolute; report it relative to the
	// standard errors that use it.
	for i := 0; i < n; i++ {
		if bound[i] > 0 {
			v.bound = math.Max(v.bound, bound[i]/(2*v.theta[i]))
		}
	}
	return v, nil
}

// lowRank is entry (i, j) of the model parameters' correction to K in
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

// diagonal returns the diagonal of K with an absolute bound on each
// entry's error, and how it was computed: "exact" (sparse factorisation),
// "series", "solves" (every player solved exactly), or "" when the series
// could not be trusted (a slowly mixing tournament whose envelope is too
// wide), solves would cost more than the budget and the dense covariance
// (up to denseFallback players) is the cheaper way: the caller falls
// back to it. Beyond denseFallback players such a tournament is solved
// player by player, whatever it costs.
func (ls *lapSolver) diagonal(ctx context.Context, tol, budget float64, progress func(done, total int)) (diag, bound []float64, method string, err error) {
	n := ls.p.n
	g := newGraph(ls)
	if d, ok, err := ls.envelopeDiag(ctx, g, budget/2); err != nil || ok {
		return d, make([]float64, n), "exact", err
	}
	var rho float64
	diag, bound, rho, err = ls.series(ctx, g, tol, budget, progress)
	if err != nil {
		return nil, nil, "", err
	}
	over := func() []int {
		var out []int
		for i := range diag {
			if ls.free(i) && !(bound[i] <= 2*tol*diag[i]) {
				out = append(out, i)
			}
		}
		return out
	}
	left := over()
	solveCost := float64(max(ls.iters, 10)) * 4 * float64(ls.p.t.Len()+n)
	trusted := rho < 0.95
	if len(left) == 0 && trusted {
		return diag, bound, "series", nil
	}
	if !trusted && len(left) == 0 {
		left = make([]int, 0, n)
		for i := range diag {
			if ls.free(i) {
				left = append(left, i)
			}
		}
	}
	// Exact solves for the players left, the worst first, as far as the
	// budget allows.
	slices.SortFunc(left, func(a, b int) int {
		ra, rb := bound[a]/diag[a], bound[b]/diag[b]
		switch {
		case ra > rb:
			return -1
		case ra < rb:
			return 1
		}
		return a - b
	})
	// (Solving some of them would hardly lower the largest bound: all or
	// none.)
	if float64(len(left))*solveCost > budget/2 {
		if trusted {
			return diag, bound, "series", nil
		}
		if n <= denseFallback {
			return diag, bound, "", nil
		}
		// The series' bounds are void and the dense covariance too
		// large: every player by an exact solve, whatever it costs.
		left = left[:0]
		for i := range diag {
			if ls.free(i) {
				left = append(left, i)
			}
		}
	}
	if err := ls.exactDiag(ctx, left, diag, bound, progress); err != nil {
		return nil, nil, "", err
	}
	if len(left) == ls.freeCount() {
		return diag, bound, "solves", nil
	}
	return diag, bound, "series", nil
}

func (ls *lapSolver) freeCount() int {
	c := 0
	for i := 0; i < ls.p.n; i++ {
		if ls.free(i) {
			c++
		}
	}
	return c
}

// exactDiag replaces the entries of the given players by exact solves.
func (ls *lapSolver) exactDiag(ctx context.Context, players []int, diag, bound []float64, progress func(done, total int)) error {
	n := ls.p.n
	for k, i := range players {
		x, err := ls.solveK(ctx, unit(n, i))
		if err != nil {
			return err
		}
		diag[i], bound[i] = x[i], 0
		progress(k+1, len(players))
	}
	return nil
}

// series estimates the diagonal of K by the deflated series, each player
// to the order its bound needs and the budget allows; it returns the
// diagonal, the bounds and rho.
func (ls *lapSolver) series(ctx context.Context, g *graph, tol, budget float64, progress func(done, total int)) (diag, bound []float64, rho float64, err error) {
	p := ls.p
	n := p.n
	D := ls.D
	sq := make([]float64, n) // sqrt(D), 0 at marked players
	u := make([]float64, n)
	for i := range D {
		if ls.free(i) {
			sq[i] = math.Sqrt(D[i])
		}
		if ls.ground == nil {
			u[i] = sq[i] / math.Sqrt(ls.s)
		}
	}
	// A v = D^-1/2 (D - L) D^-1/2 v - u (u.v), on the free players.
	tmp, ltmp := make([]float64, n), make([]float64, n)
	mulA := func(v, y []float64) {
		for i := range v {
			tmp[i] = 0
			if sq[i] > 0 {
				tmp[i] = v[i] / sq[i]
			}
		}
		p.lap(tmp, ltmp)
		uv := dot(u, v)
		for i := range y {
			y[i] = 0
			if sq[i] > 0 {
				y[i] = (D[i]*tmp[i]-ltmp[i])/sq[i] - u[i]*uv
			}
		}
	}
	var null []float64
	if ls.ground == nil {
		null = u
	}
	mu, V, rho := lanczos(ctx, mulA, null, sq, min(ls.freeCount()-1, 120))
	if err := ctx.Err(); err != nil {
		return nil, nil, 0, err
	}
	if rho >= 0.999 {
		rho = 0.999
	}
	diag = make([]float64, n)
	bound = make([]float64, n)
	// cen holds the centring terms once known (0 before, and grounded):
	// K_ii = M^-1_ii - 2 w_i / n + sum w / n^2, w = M^-1 1. The series
	// estimates M^-1_ii.
	cen := make([]float64, n)
	// estimate sets player i's entry from (S^t)_ii, t = 1 .. len(st),
	// and |Q A^h e_i|^2 = last.
	estimate := func(i int, st []float64, last float64) {
		if !ls.free(i) {
			return
		}
		b := 1.0
		for k, m := range mu {
			w := V[k][i] * V[k][i]
			b += w/(1-m) - w
		}
		for t, x := range st {
			b += x - u[i]*u[i] // (A^t)_ii = (S^t)_ii - u_i^2
			for k, m := range mu {
				b -= math.Pow(m, float64(t+1)) * V[k][i] * V[k][i]
			}
		}
		last = math.Max(last, 0)
		b += last / (1 - rho*rho)
		diag[i] = b/D[i] + cen[i]
		bound[i] = last * rho / (1 - rho*rho) / D[i]
	}
	// |Q A^h e_i|^2 from (S^2h)_ii.
	tail := func(i int, s2h float64, h int) float64 {
		a := s2h - u[i]*u[i]
		for k, m := range mu {
			a -= math.Pow(m, float64(2*h)) * V[k][i] * V[k][i]
		}
		return a
	}
	s2 := g.squares()
	for i := 0; i < n; i++ {
		estimate(i, []float64{0}, tail(i, s2[i], 1))
	}
	spent := float64(g.pairs())
	over := func() []int {
		var out []int
		for i := range diag {
			if ls.free(i) && !(bound[i] <= 2*tol*diag[i]) {
				out = append(out, i)
			}
		}
		return out
	}
	// refine takes the players over the tolerance further, while the
	// budget allows: first the triangles through each player, which
	// give (S^3)_ii, the first moment of the remainder's spectral
	// measure, narrowing its interval; then two and three hops, the
	// players with the largest relative bounds first, for as long as
	// that lowers the largest bound left (the one reported): once the
	// next player's bound is below the largest the players taken
	// further still have, going on would not lower it. order[i] is the
	// hops player i has been taken to (1, 2 or 3).
	var s3 []float64
	order := make([]int8, n)
	ratio := func(i int) float64 { return bound[i] / diag[i] }
	refine := func() error {
		if left := over(); len(left) > 0 {
			if s3 == nil {
				if fw := g.forward(); fw.cost < g.cost(left, 2) && spent+fw.cost <= budget/2 {
					spent += fw.cost
					var err error
					if s3, err = g.cubes(ctx, fw); err != nil {
						return err
					}
				}
			}
			for _, i := range left {
				if s3 == nil {
					break
				}
				b := 1.0
				for k, m := range mu {
					w := V[k][i] * V[k][i]
					b += w/(1-m) - w - m*w // t = 0 and t = 1 (A_ii = -u_i^2)
				}
				b -= u[i] * u[i]
				m0 := tail(i, s2[i], 1)
				m1 := s3[i] - u[i]*u[i]
				for k, m := range mu {
					m1 -= m * m * m * V[k][i] * V[k][i]
				}
				lo, hi := remainder(m0, m1, rho)
				// Each triangle's term was rounded to 1/cubeScale.
				round := float64(g.deg(int32(i))) * float64(g.deg(int32(i))) / cubeScale
				if hw := ((hi-lo)/2 + 2*round) / D[i]; hw < bound[i] {
					diag[i], bound[i] = (b+(lo+hi)/2)/D[i]+cen[i], hw
				}
			}
		}
		for h := 2; h <= 3; h++ {
			var left []int
			for _, i := range over() {
				if int(order[i]) < h {
					left = append(left, i)
				}
			}
			slices.SortFunc(left, func(a, b int) int {
				switch ra, rb := ratio(a), ratio(b); {
				case ra > rb:
					return -1
				case ra < rb:
					return 1
				}
				return a - b
			})
			taken := 0.0 // the largest ratio of the players taken to h hops
			for lo := 0; lo < len(left); {
				if ratio(left[lo]) <= taken {
					break // the rest cannot lower the largest bound
				}
				hi := min(len(left), lo+max(1024, lo/4))
				batch := left[lo:hi]
				cost := g.cost(batch, h)
				if spent+cost > budget/2 {
					break
				}
				spent += cost
				st := make([][]float64, n)
				if err := g.powers(ctx, batch, h, st, func(done, _ int) { progress(lo+done, len(left)) }); err != nil {
					return err
				}
				for _, i := range batch {
					d, b := diag[i], bound[i]
					s := st[i]
					estimate(i, s[:2*h-1], tail(i, s[2*h-1], h))
					if b < bound[i] {
						// The moments' interval was the narrower.
						diag[i], bound[i] = d, b
					}
					order[i] = int8(h)
					taken = math.Max(taken, ratio(i))
				}
				lo = hi
			}
		}
		return nil
	}
	if err := refine(); err != nil {
		return nil, nil, 0, err
	}
	// Spot checks by exact solves: the player with the largest bound
	// relative to its variance, and those with the least and the most
	// information. A failure distrusts rho: every bound is then void.
	worst, fewest, most := -1, -1, -1
	for i := range diag {
		if !ls.free(i) {
			continue
		}
		if worst < 0 || bound[i]/diag[i] > bound[worst]/diag[worst] {
			worst = i
		}
		if fewest < 0 || D[i] < D[fewest] {
			fewest = i
		}
		if most < 0 || D[i] > D[most] {
			most = i
		}
	}
	// One block of exact solves, sharing their passes over the graph:
	// w = M^-1 1 for the centring terms (centred), and K e_i for the
	// spot checks.
	spot := []int{worst, fewest, most}
	var rhs [][]float64
	if ls.ground == nil {
		ones := make([]float64, n)
		for i := range ones {
			ones[i] = 1
		}
		rhs = append(rhs, ones)
	}
	for _, i := range spot {
		b := unit(n, i)
		ls.project(b)
		rhs = append(rhs, b)
	}
	xs, err := ls.solveMBlock(ctx, g, rhs, 1e-12)
	if err != nil {
		return nil, nil, 0, err
	}
	if ls.ground == nil {
		w := xs[0]
		xs = xs[1:]
		sw := 0.0
		for _, x := range w {
			sw += x
		}
		for i := range diag {
			if ls.free(i) {
				cen[i] = -2*w[i]/float64(n) + sw/float64(n)/float64(n)
				diag[i] += cen[i]
			}
		}
		// The centring lowers the variances a little: players on the
		// edge of the tolerance may now need more.
		if err := refine(); err != nil {
			return nil, nil, 0, err
		}
	}
	for k, i := range spot {
		x := xs[k]
		ls.project(x)
		if !(math.Abs(x[i]-diag[i]) <= bound[i]+1e-8*x[i]) {
			return diag, bound, 1, nil
		}
	}
	return diag, bound, rho, nil
}

// remainder bounds R = y^T (I - A)^-1 y, for y in the space where A's
// spectrum lies in [-rho, rho], from the moments m0 = |y|^2 and
// m1 = y^T A y of y's spectral measure: 1/(1-x) is convex, so R is at
// least m0/(1-c) with c = m1/m0 the measure's mean (Jensen), and at most
// the chord between -rho and rho at c (the measure at the two ends).
func remainder(m0, m1, rho float64) (lo, hi float64) {
	if !(m0 > 0) {
		return 0, 0
	}
	c := math.Max(-rho, math.Min(rho, m1/m0))
	lo = m0 / (1 - c)
	if rho == 0 {
		return lo, lo
	}
	hi = m0 * ((rho-c)/(2*rho)/(1+rho) + (rho+c)/(2*rho)/(1-rho))
	return lo, math.Max(lo, hi)
}

// lanczos runs Lanczos iterations with full reorthogonalisation on the
// symmetric operator mul (spectrum inside [-1, 1]), starting from a random
// vector on the support of weight (nonzero entries), orthogonal to null
// (an eigenvector with eigenvalue 0, or nil), for at most steps
// iterations and stopping once the Ritz values that stand out have
// converged and the edge of the rest has settled. It returns those
// converged Ritz pairs (eigenvalue, unit vector) and rho, the estimated
// bound on |eigenvalue| over the rest of the spectrum: the largest
// unconverged Ritz value plus a margin of 0.02 for Ritz values' approach
// to the edge from inside.
func lanczos(ctx context.Context, mul func(v, y []float64), null, weight []float64, steps int) (mu []float64, vecs [][]float64, rho float64) {
	const margin, converged = 0.02, 1e-9
	n := len(weight)
	rng := rand.New(rand.NewPCG(uint64(n), 11))
	q := make([]float64, n)
	for i := range q {
		if weight[i] != 0 {
			q[i] = rng.Float64() - 0.5
		}
	}
	orth := func(v []float64, basis [][]float64) {
		for pass := 0; pass < 2; pass++ {
			if null != nil {
				c := dot(v, null)
				for i := range v {
					v[i] -= c * null[i]
				}
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
	if norm(q) == 0 || steps < 1 {
		return nil, nil, 0
	}
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
