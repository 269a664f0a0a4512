package nashavg

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/optimize/convex/lp"
)

// support returns the maximal support of the equilibria of the symmetric
// zero-sum game with the antisymmetric payoff B (max |B_ij| = 1): the
// players some equilibrium plays. It also returns a strictly feasible
// point of the equilibria restricted to it: an equilibrium that plays
// every player of the support and against which every other player loses
// strictly.
//
// An equilibrium is a mixture p >= 0, sum p = 1, with B p <= 0. By
// Goldman and Tucker's strict complementarity (an antisymmetric game's
// row and column players have the same equilibria), every player i is
// either played by some equilibrium or loses strictly against some
// equilibrium, never both. Scaled up, these points give a solution of
//
//	x >= 0,  w = -B x >= 0,  x + w >= 1
//
// and any solution has x_i w_i = 0 for every i (x'w = -x'Bx = 0), so
// x_i >= 1 on the support and w_i >= 1 off it: the linear program below
// (minimise sum x) separates the two sets by a margin of 1, not by a
// tolerance.
func support(B *mat.Dense) (in []bool, x []float64, err error) {
	n, _ := B.Dims()
	// Standard form over (x, w, v) >= 0:
	//   B x + w     = 0
	//   x + w - v   = 1
	A := mat.NewDense(2*n, 3*n, nil)
	b := make([]float64, 2*n)
	c := make([]float64, 3*n)
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			A.Set(i, j, B.At(i, j))
		}
		A.Set(i, n+i, 1)
		A.Set(n+i, i, 1)
		A.Set(n+i, n+i, 1)
		A.Set(n+i, 2*n+i, -1)
		b[n+i] = 1
		c[i] = 1
	}
	_, y, err := lp.Simplex(c, A, b, 1e-10, nil)
	if err != nil {
		return nil, nil, fmt.Errorf("nashavg: the linear program for the equilibria's support failed: %v", err)
	}
	in = make([]bool, n)
	x = y[:n]
	for i := 0; i < n; i++ {
		xi, wi := x[i], y[n+i]
		big, small := math.Max(xi, wi), math.Min(xi, wi)
		if big < 1-1e-7 || small > 1e-7*big {
			return nil, nil, fmt.Errorf("nashavg: player %d is neither clearly in nor clearly out of the equilibria's support (x = %g, w = %g): the payoffs are too close to degenerate for float64", i, xi, wi)
		}
		in[i] = xi > wi
	}
	return in, x, nil
}

// maxEntropy returns the maximum-entropy equilibrium of the game B on the
// support S (in), starting from the strictly feasible equilibrium x0.
//
// On the support the equilibria are the p > 0 with sum p = 1, B_SS p = 0
// (every player of S earns 0 against every equilibrium: complementary
// slackness), and B_jS p <= 0 for each player j off it. Entropy is
// strictly concave, so the maximum is unique. It is found by a primal
// active-set method: with the equalities and the inequalities held active,
// the maximum-entropy point of the affine set is p = exp(M'theta) for the
// constraints' rows M, found by Newton's method on the convex dual
// sum exp(M'theta) - b'theta (its gradient, M p - b, is the constraints'
// residual); if it breaks an inactive inequality the step stops at the
// first one, which becomes active; an active inequality whose multiplier
// has the wrong sign is released.
func maxEntropy(B *mat.Dense, in []bool, x0 []float64) ([]float64, error) {
	n, _ := B.Dims()
	var S, T []int
	for i := 0; i < n; i++ {
		if in[i] {
			S = append(S, i)
		} else {
			T = append(T, i)
		}
	}
	s := len(S)
	p := make([]float64, s)
	sum := 0.0
	for k, i := range S {
		p[k] = x0[i]
		sum += x0[i]
	}
	for k := range p {
		p[k] /= sum
	}
	if s == 1 {
		return p, nil
	}
	// The rows of B_SS span the equalities B_SS p = 0: keep an
	// orthonormal basis of their span (B_SS is singular whenever an
	// equilibrium plays all of S, and more so with copies of players).
	BSS := mat.NewDense(s, s, nil)
	for a, i := range S {
		for c, j := range S {
			BSS.Set(a, c, B.At(i, j))
		}
	}
	var eq [][]float64
	var svd mat.SVD
	if !svd.Factorize(BSS, mat.SVDFull) {
		return nil, fmt.Errorf("nashavg: singular value decomposition failed")
	}
	sv := svd.Values(nil)
	var V mat.Dense
	svd.VTo(&V)
	for k, v := range sv {
		if v > 1e-10*math.Max(sv[0], 1e-300) {
			row := make([]float64, s)
			for i := range row {
				row[i] = V.At(i, k)
			}
			eq = append(eq, row)
		}
	}
	ones := make([]float64, s)
	for i := range ones {
		ones[i] = 1
	}
	// Each inequality j in T as a unit row d_j: d_j p <= 0.
	d := make([][]float64, len(T))
	for a, j := range T {
		d[a] = make([]float64, s)
		norm := 0.0
		for c, i := range S {
			d[a][c] = B.At(j, i)
			norm += d[a][c] * d[a][c]
		}
		norm = math.Sqrt(norm)
		for c := range d[a] {
			if norm > 0 {
				d[a][c] /= norm
			}
		}
	}
	active := []int{} // indices into T
	for iter := 0; iter < 10*(len(T)+1); iter++ {
		rows := [][]float64{ones}
		rows = append(rows, eq...)
		for _, a := range active {
			rows = append(rows, d[a])
		}
		rhs := make([]float64, len(rows))
		rhs[0] = 1
		q, theta, err := dualNewton(rows, rhs, p)
		if err != nil {
			return nil, err
		}
		// The first inequality the segment p -> q crosses.
		step, block := 1.0, -1
		for a := range T {
			if isActive(active, a) {
				continue
			}
			dq, dp := dot(d[a], q), dot(d[a], p)
			if dq > 1e-13 && dq > dp {
				if t := -dp / (dq - dp); t < step {
					step, block = math.Max(t, 0), a
				}
			}
		}
		if block >= 0 {
			for k := range p {
				p[k] += step * (q[k] - p[k])
			}
			active = append(active, block)
			continue
		}
		copy(p, q)
		// Multipliers of the active inequalities: log p = M' theta, and
		// an inequality d p <= 0 that binds enters with theta <= 0.
		worst, drop := 1e-9, -1
		for k, a := range active {
			if t := theta[1+len(eq)+k]; t > worst {
				worst, drop = t, a
			}
		}
		if drop < 0 {
			return p, nil
		}
		active = removeValue(active, drop)
	}
	return nil, fmt.Errorf("nashavg: the maximum-entropy equilibrium was not found in %d active-set steps", 10*(len(T)+1))
}

// dualNewton minimises sum_i exp((M'theta)_i) - rhs'theta over theta for
// the rows of M (rows), starting from the point start > 0 (which need not
// satisfy the constraints). Rows that depend on the others (within
// rounding) are left out, with a zero theta. It returns p = exp(M'theta),
// the maximum-entropy point of {p : M p = rhs}, and theta.
func dualNewton(rows [][]float64, rhs []float64, start []float64) ([]float64, []float64, error) {
	s := len(start)
	// Keep the rows that are independent of the ones before them.
	var keep []int
	var basis [][]float64
	for k, r := range rows {
		v := append([]float64(nil), r...)
		for _, u := range basis {
			c := dot(u, v)
			for i := range v {
				v[i] -= c * u[i]
			}
		}
		norm := math.Sqrt(dot(v, v))
		if norm > 1e-9*math.Sqrt(dot(r, r)) {
			for i := range v {
				v[i] /= norm
			}
			basis = append(basis, v)
			keep = append(keep, k)
		}
	}
	m := len(keep)
	M := mat.NewDense(m, s, nil)
	b := make([]float64, m)
	for a, k := range keep {
		M.SetRow(a, rows[k])
		b[a] = rhs[k]
	}
	// Start from the least-squares fit of log(start) in the row space.
	logp := make([]float64, s)
	for i, v := range start {
		logp[i] = math.Log(v)
	}
	th := mat.NewVecDense(m, nil)
	if err := th.SolveVec(M.T(), mat.NewVecDense(s, logp)); err != nil {
		th.Zero()
	}
	p := make([]float64, s)
	eval := func(t *mat.VecDense) float64 {
		f := 0.0
		for i := 0; i < s; i++ {
			z := 0.0
			for a := 0; a < m; a++ {
				z += M.At(a, i) * t.AtVec(a)
			}
			p[i] = math.Exp(z)
			f += p[i]
		}
		for a := 0; a < m; a++ {
			f -= b[a] * t.AtVec(a)
		}
		return f
	}
	f := eval(th)
	g := mat.NewVecDense(m, nil)
	H := mat.NewSymDense(m, nil)
	dir := mat.NewVecDense(m, nil)
	trial := mat.NewVecDense(m, nil)
	for iter := 0; iter < 200; iter++ {
		// gradient M p - b and Hessian M diag(p) M'
		gmax := 0.0
		for a := 0; a < m; a++ {
			v := -b[a]
			for i := 0; i < s; i++ {
				v += M.At(a, i) * p[i]
			}
			g.SetVec(a, v)
			gmax = math.Max(gmax, math.Abs(v))
			for c := a; c < m; c++ {
				h := 0.0
				for i := 0; i < s; i++ {
					h += M.At(a, i) * p[i] * M.At(c, i)
				}
				H.SetSym(a, c, h)
			}
		}
		if gmax <= 1e-15 {
			break
		}
		var ch mat.Cholesky
		if !ch.Factorize(H) {
			return nil, nil, fmt.Errorf("nashavg: the dual Hessian is not positive definite (payoffs too close to degenerate)")
		}
		if err := ch.SolveVecTo(dir, g); err != nil {
			return nil, nil, err
		}
		dec := mat.Dot(dir, g) // Newton decrement squared
		if dec <= 1e-30 {
			break
		}
		// Backtracking line search on the dual.
		t := 1.0
		for {
			trial.AddScaledVec(th, -t, dir)
			ft := eval(trial)
			if ft <= f-0.25*t*dec || t < 1e-12 {
				th.CopyVec(trial)
				f = ft
				break
			}
			t /= 2
		}
		if t < 1e-12 {
			break
		}
	}
	eval(th)
	for i := range p {
		if !(p[i] > 0) || math.IsInf(p[i], 0) {
			return nil, nil, fmt.Errorf("nashavg: the maximum-entropy point left the support (payoffs too close to degenerate)")
		}
	}
	theta := make([]float64, len(rows))
	for a, k := range keep {
		theta[k] = th.AtVec(a)
	}
	return p, theta, nil
}

func dot(a, b []float64) float64 {
	s := 0.0
	for i := range a {
		s += a[i] * b[i]
	}
	return s
}

func isActive(active []int, a int) bool {
	for _, x := range active {
		if x == a {
			return true
		}
	}
	return false
}

func removeValue(s []int, v int) []int {
	out := s[:0]
	for _, x := range s {
		if x != v {
			out = append(out, x)
		}
	}
	return out
}
