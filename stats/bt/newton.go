package bt

import (
	"context"
	"errors"
	"math"
	"slices"

	"github.com/coevolab/coevo/internal/chunks"
)

// problem is the log-likelihood of a fit as a function of the vector
// x = (log-strengths, [log first-move advantage], [draw parameter]), with
// what Newton's method and the standard errors need at the last point
// evaluated: the gradient, and the negative Hessian H in sparse form.
//
// Each term k contributes through x_k = th[I] - th[J] (+ eta when seated)
// and phi; so H is a weighted graph Laplacian on the players (weight c[k]
// on pair k) bordered by one row and column for eta and one for phi:
//
//	(H v)_I += c_k dv_k + e_k v_phi,  (H v)_J -= the same,
//	(H v)_eta += the same when seated, (H v)_phi += e_k dv_k + q v_phi,
//
// with dv_k = v_I - v_J (+ v_eta when seated) and q the sum of the terms'
// -d2l/dphi2. The log-strengths' common shift is not identified: H is
// singular along it, and solves add gauge * (1 1^T) on the strengths,
// which changes no solution whose right-hand side sums to zero there.
type problem struct {
	t      *table
	model  DrawModel
	n, dim int
	ih, id int // index of eta and phi in x; -1 when not estimated
	// eta and phi when held fixed (not in x): the log first-move
	// advantage (0 without one) and the draw parameter.
	eta, phi float64
	// fixed marks the players held at their anchors' log-strengths
	// (nil: none): their gradient is 0, H is read on the others only
	// (vectors are 0 at fixed players), and no gauge is needed.
	fixed []bool
	// Priors (loose anchors and relations): player i's log-strength
	// normal about priorM[i] with precision priorW[i] (0: none), and
	// each relation's difference x_a - x_b normal about m, precision w.
	// They add to the log-likelihood, and to H the precisions: priorW
	// on the diagonal, each relation as a pair of weight w.
	priorW, priorM []float64
	rels           []relPrior

	// At the last point evaluated:
	ll    float64
	grad  []float64
	c, e  []float64 // per term; e is nil for HalfPoint
	q     float64
	diag  []float64 // diagonal of H (gauge included)
	gauge float64

	acc [][]float64 // one accumulator per chunk of the terms
}

// newProblem sets up the likelihood of t under model; fitHome and
// fitDraw put the log first-move advantage and the draw parameter in x,
// else they are held at eta and phi.
func newProblem(t *table, model DrawModel, fitHome, fitDraw bool, eta, phi float64) *problem {
	n := t.Players
	p := &problem{t: t, model: model, n: n, dim: n, ih: -1, id: -1, eta: eta, phi: phi}
	if fitHome {
		p.ih = p.dim
		p.dim++
	}
	if fitDraw {
		p.id = p.dim
		p.dim++
	}
	m := t.Len()
	p.grad = make([]float64, p.dim)
	p.diag = make([]float64, p.dim)
	p.c = make([]float64, m)
	if fitDraw {
		p.e = make([]float64, m)
	}
	// A fixed split of the terms (one accumulator each, added in order),
	// so that sums are the same for any number of CPUs.
	nc := min(16, max(1, m/(1<<15)))
	p.acc = make([][]float64, nc)
	for k := range p.acc {
		p.acc[k] = make([]float64, 2*p.dim+4)
	}
	return p
}

// relPrior is a relation between players a and b (Relation) in
// log-strength units.
type relPrior struct {
	a, b int
	m, w float64
}

// setPriors puts the loose anchors and relations of o into p, in
// log-strength units (eloPer: Elo per unit).
func (p *problem) setPriors(players []string, o Options, eloPer float64) error {
	index := func(name, what string) (int, error) {
		i := slices.Index(players, name)
		if i < 0 {
			return -1, inputErrorf("%s %q is not a player", what, name)
		}
		return i, nil
	}
	for _, a := range o.LooseAnchors {
		i, err := index(a.Name, "loose anchor")
		if err != nil {
			return err
		}
		if p.priorW == nil {
			p.priorW, p.priorM = make([]float64, p.n), make([]float64, p.n)
		}
		sd := a.SD / eloPer
		p.priorW[i], p.priorM[i] = 1/(sd*sd), a.Elo/eloPer
	}
	for _, r := range o.Relations {
		a, err := index(r.A, "relation's player")
		if err != nil {
			return err
		}
		b, err := index(r.B, "relation's player")
		if err != nil {
			return err
		}
		sd := r.SD / eloPer
		p.rels = append(p.rels, relPrior{a, b, r.Diff / eloPer, 1 / (sd * sd)})
	}
	return nil
}

// priored reports whether the fit has priors (loose anchors, relations).
func (p *problem) priored() bool { return p.priorW != nil || p.rels != nil }

// priorTerms adds the priors' log-density at x to ll, their gradient to
// grad and their precisions to diag.
func (p *problem) priorTerms(x []float64, ll *float64, grad, diag []float64) {
	for i, w := range p.priorW {
		if w > 0 {
			d := x[i] - p.priorM[i]
			*ll -= w * d * d / 2
			grad[i] -= w * d
			diag[i] += w
		}
	}
	for _, r := range p.rels {
		d := x[r.a] - x[r.b] - r.m
		*ll -= r.w * d * d / 2
		grad[r.a] -= r.w * d
		grad[r.b] += r.w * d
		diag[r.a] += r.w
		diag[r.b] += r.w
	}
}

// priorMul adds the priors' precision times v to y.
func (p *problem) priorMul(v, y []float64) {
	for i, w := range p.priorW {
		y[i] += w * v[i]
	}
	for _, r := range p.rels {
		s := r.w * (v[r.a] - v[r.b])
		y[r.a] += s
		y[r.b] -= s
	}
}

// each runs f on every chunk of the terms, on up to GOMAXPROCS goroutines.
func (p *problem) each(f func(c, lo, hi int)) { chunks.Run(p.t.Len(), len(p.acc), f) }

// diff returns the strength difference of term k at the point x, the
// first-move advantage included when seated.
func (p *problem) diff(k int, x []float64) float64 {
	d := x[p.t.I[k]] - x[p.t.J[k]]
	if p.t.seated(k) {
		if p.ih >= 0 {
			d += x[p.ih]
		} else {
			d += p.eta
		}
	}
	return d
}

// along returns the change of term k's strength difference along the
// direction v (a fixed advantage does not change).
func (p *problem) along(k int, v []float64) float64 {
	d := v[p.t.I[k]] - v[p.t.J[k]]
	if p.ih >= 0 && p.t.seated(k) {
		d += v[p.ih]
	}
	return d
}

// evaluate computes the log-likelihood at x, and the gradient and
// Hessian there.
func (p *problem) evaluate(x []float64) float64 {
	phi := p.phi
	if p.id >= 0 {
		phi = x[p.id]
	}
	dim := p.dim
	t := p.t
	p.each(func(c, lo, hi int) {
		a := p.acc[c]
		clear(a)
		g, dg := a[:dim], a[dim:2*dim]
		ll, q := 0.0, 0.0
		for k := lo; k < hi; k++ {
			i, j := t.I[k], t.J[k]
			te := p.model.eval(p.diff(k, x), phi, t.WinsI[k], t.WinsJ[k], t.Draws[k])
			ll += te.l
			g[i] += te.lx
			g[j] -= te.lx
			dg[i] += te.cxx
			dg[j] += te.cxx
			p.c[k] = te.cxx
			if p.ih >= 0 && t.seated(k) {
				g[p.ih] += te.lx
				dg[p.ih] += te.cxx
			}
			if p.id >= 0 {
				g[p.id] += te.lp
				p.e[k] = te.cxp
				q += te.cpp
			}
		}
		a[2*dim], a[2*dim+1] = ll, q
	})
	clear(p.grad)
	clear(p.diag)
	p.ll, p.q = 0, 0
	for _, a := range p.acc {
		for i := 0; i < dim; i++ {
			p.grad[i] += a[i]
			p.diag[i] += a[dim+i]
		}
		p.ll += a[2*dim]
		p.q += a[2*dim+1]
	}
	p.priorTerms(x, &p.ll, p.grad, p.diag)
	if p.fixed != nil {
		p.gauge = 0
		for i, f := range p.fixed {
			if f {
				p.grad[i] = 0
			}
		}
	} else {
		mean := 0.0
		for i := 0; i < p.n; i++ {
			mean += p.diag[i]
		}
		p.gauge = mean / float64(p.n) / float64(p.n)
		for i := 0; i < p.n; i++ {
			p.diag[i] += p.gauge
		}
	}
	if p.id >= 0 {
		p.diag[p.id] = p.q
	}
	return p.ll
}

// mul sets y = H v.
func (p *problem) mul(v, y []float64) {
	dim := p.dim
	t := p.t
	plain := p.ih < 0 && p.id < 0
	p.each(func(c, lo, hi int) {
		a := p.acc[c][:dim]
		clear(a)
		if plain {
			for k := lo; k < hi; k++ {
				i, j := t.I[k], t.J[k]
				s := p.c[k] * (v[i] - v[j])
				a[i] += s
				a[j] -= s
			}
			return
		}
		vphi := 0.0
		if p.id >= 0 {
			vphi = v[p.id]
		}
		for k := lo; k < hi; k++ {
			i, j := t.I[k], t.J[k]
			dv := p.along(k, v)
			s := p.c[k] * dv
			if p.id >= 0 {
				s += p.e[k] * vphi
				a[p.id] += p.e[k] * dv
			}
			a[i] += s
			a[j] -= s
			if p.ih >= 0 && t.seated(k) {
				a[p.ih] += s
			}
		}
	})
	clear(y)
	for _, a := range p.acc {
		for i, x := range a[:dim] {
			y[i] += x
		}
	}
	p.priorMul(v, y)
	if p.fixed != nil {
		for i, f := range p.fixed {
			if f {
				y[i] = 0
			}
		}
	} else {
		sum := 0.0
		for i := 0; i < p.n; i++ {
			sum += v[i]
		}
		for i := 0; i < p.n; i++ {
			y[i] += p.gauge * sum
		}
	}
	if p.id >= 0 {
		y[p.id] += p.q * v[p.id]
	}
}

// errNoProgress: the solver stalled (should not happen on a concave
// likelihood with a maximum).
var errNoProgress = errors.New("no progress")

// solve solves H x = b to a relative residual tol.
func (p *problem) solve(ctx context.Context, b, x []float64, tol float64, maxIter int) (int, error) {
	return cg(ctx, p.mul, p.diag, b, x, tol, maxIter)
}

// cg solves A x = b by conjugate gradients preconditioned with the
// diagonal prec of A (mul sets y = A v), to a relative residual tol; it
// returns the iterations, and errNoProgress when A turns out not to be
// positive definite or maxIter is reached.
func cg(ctx context.Context, mul func(v, y []float64), prec, b, x []float64, tol float64, maxIter int) (int, error) {
	dim := len(b)
	r := slices.Clone(b)
	z, d, ad := make([]float64, dim), make([]float64, dim), make([]float64, dim)
	clear(x)
	bn := norm(b)
	if bn == 0 {
		return 0, nil
	}
	rz := 0.0
	for i := range r {
		z[i] = r[i] / prec[i]
		rz += r[i] * z[i]
	}
	copy(d, z)
	for it := 1; it <= maxIter; it++ {
		if it%16 == 0 && ctx.Err() != nil {
			return it, ctx.Err()
		}
		mul(d, ad)
		dad := dot(d, ad)
		if !(dad > 0) {
			return it, errNoProgress
		}
		alpha := rz / dad
		for i := range x {
			x[i] += alpha * d[i]
			r[i] -= alpha * ad[i]
		}
		if norm(r) <= tol*bn {
			return it, nil
		}
		rz2 := 0.0
		for i := range r {
			z[i] = r[i] / prec[i]
			rz2 += r[i] * z[i]
		}
		beta := rz2 / rz
		rz = rz2
		for i := range d {
			d[i] = z[i] + beta*d[i]
		}
	}
	return maxIter, errNoProgress
}

func dot(a, b []float64) float64 {
	s := 0.0
	for i := range a {
		s += a[i] * b[i]
	}
	return s
}

func norm(a []float64) float64 { return math.Sqrt(dot(a, a)) }

// newton maximises the log-likelihood from x by Newton's method: each step
// solves H d = gradient by conjugate gradients (to a relative residual
// that shrinks with the gradient, so convergence is quadratic) and is
// shortened by backtracking until the likelihood rises (Armijo). It stops
// after a step in which no log-strength (centred) and no model parameter
// changed by more than tol; the likelihood is concave in x for every draw
// model, so the point is the maximum likelihood estimate. It returns the
// number of steps.
func (p *problem) newton(ctx context.Context, x []float64, tol float64, maxIter int) (int, error) {
	ll := p.evaluate(x)
	if math.IsInf(ll, 0) || math.IsNaN(ll) {
		return 0, errNoProgress
	}
	g0 := norm(p.grad)
	step := make([]float64, p.dim)
	trial := make([]float64, p.dim)
	change := math.Inf(1)
	for it := 1; it <= maxIter; it++ {
		if err := ctx.Err(); err != nil {
			return it, err
		}
		gn := norm(p.grad)
		if gn == 0 {
			return it, nil
		}
		forcing := math.Max(1e-12, math.Min(0.1, gn/g0))
		if _, err := p.solve(ctx, p.grad, step, forcing, 20*p.dim+100); err != nil && !errors.Is(err, errNoProgress) {
			return it, err
		}
		slope := dot(p.grad, step)
		if !(slope > 0) {
			// The solve failed to give an ascent direction: use the
			// preconditioned gradient instead.
			for i := range step {
				step[i] = p.grad[i] / p.diag[i]
			}
			slope = dot(p.grad, step)
		}
		if p.fixed == nil {
			center(step[:p.n])
		}
		alpha := 1.0
		for halvings := 0; ; halvings++ {
			for i := range trial {
				trial[i] = x[i] + alpha*step[i]
			}
			if p.fixed == nil {
				center(trial[:p.n])
			}
			llt := p.evaluate(trial)
			if llt >= ll+1e-4*alpha*slope-1e-11*math.Abs(ll) {
				ll = llt
				break
			}
			if halvings == 60 {
				return it, errNoProgress
			}
			alpha /= 2
		}
		change = 0
		for i := range step {
			change = math.Max(change, math.Abs(alpha*step[i]))
		}
		copy(x, trial)
		if change <= tol {
			return it, nil
		}
	}
	return maxIter, &ConvergenceError{Iterations: maxIter, Change: change}
}

// center subtracts the mean.
func center(v []float64) {
	s := 0.0
	for _, x := range v {
		s += x
	}
	s /= float64(len(v))
	for i := range v {
		v[i] -= s
	}
}
