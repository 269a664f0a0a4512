package bt

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// randomLeague: n players (Elo spread 1200), a ring so that everyone is
// linked, and pairs random pairs of two games each.
func randomLeague(n, pairs int, seed uint64) *Results {
	rng := rand.New(rand.NewPCG(seed, 99))
	r := NewResults()
	for i := 0; i < n; i++ {
		r.Player(fmt.Sprint("p", i))
	}
	elo := make([]float64, n)
	for i := range elo {
		elo[i] = 1200 * rng.Float64()
	}
	for k := 0; k < pairs+n; k++ {
		a, b := rng.IntN(n), rng.IntN(n-1)
		if k < n {
			a, b = k, (k+1)%n
		} else if b >= a {
			b++
		}
		var wa, wb, d float64
		if k < n {
			d = 1
		}
		for g := 0; g < 2; g++ {
			if rng.Float64() < 1/(1+math.Pow(10, (elo[b]-elo[a])/400)) {
				wa++
			} else {
				wb++
			}
		}
		r.Add(r.Players[a], r.Players[b], wa, wb, d, NoSeat)
	}
	return r
}

// The deflated series' estimate of diag(L+) is within its stated bound of
// the exact diagonal (from the dense covariance): at first order on a
// well mixed league, going further (two and three hops) for the players
// that need it on a sparser one; centred and given anchors.
func TestSeriesDiagonal(t *testing.T) {
	for _, c := range []struct {
		pairs   int
		tol     float64
		anchors []Anchor
	}{{80000, 1e-2, nil}, {40000, 1e-3, nil}, {40000, 1e-5, nil}, {40000, 1e-4, []Anchor{{"p3", 0}, {"p9", 100}}}} {
		fit, err := Options{Anchors: c.anchors}.Fit(randomLeague(1000, c.pairs, 2))
		if err != nil {
			t.Fatal(err)
		}
		ls := newLapSolver(fit.prob, fit.grounded())
		diag, bound, rho, err := ls.series(context.Background(), newGraph(ls), c.tol, 1e12, func(int, int) {})
		if err != nil || rho >= 0.95 {
			t.Fatalf("%d pairs: rho %v (%v)", c.pairs, rho, err)
		}
		cov := fit.Cov()
		worst, over := 0.0, 0
		for i := range diag {
			d := math.Abs(diag[i] - cov.At(i, i))
			if d > bound[i]+1e-10 {
				t.Fatalf("%d pairs: player %d: %v vs exact %v, error %.2e > bound %.2e", c.pairs, i, diag[i], cov.At(i, i), d, bound[i])
			}
			if bound[i] > 0 {
				worst = math.Max(worst, d/bound[i])
			}
			if bound[i] > 2*c.tol*diag[i] {
				over++
			}
		}
		if over > 0 && c.tol >= 1e-4 {
			t.Errorf("%d pairs, tol %g: %d players over the tolerance with an unlimited budget", c.pairs, c.tol, over)
		}
		t.Logf("%d pairs, tol %g: the error is at most %.3f of the bound", c.pairs, c.tol, worst)
	}
}

// The sparse factorisation gives the exact diagonal, centred and
// grounded, on a slowly mixing ladder with some longer links.
func TestEnvelopeDiagonal(t *testing.T) {
	r := NewResults()
	rng := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 400; i++ {
		r.Add(fmt.Sprint("c", i), fmt.Sprint("c", i+1), 5, 4, 1, NoSeat)
		if i%7 == 0 {
			r.Add(fmt.Sprint("c", i), fmt.Sprint("c", i+2+rng.IntN(5)), 2, 3, 0, NoSeat)
		}
	}
	for _, o := range []Options{{}, {Anchor: "c10"}, {Anchors: []Anchor{{"c0", 0}, {"c200", 300}, {"c400", 500}}}} {
		fit, err := o.Fit(r)
		if err != nil {
			t.Fatal(err)
		}
		ls := newLapSolver(fit.prob, fit.grounded())
		diag, ok, err := ls.envelopeDiag(context.Background(), newGraph(ls), 1e12)
		if !ok || err != nil {
			t.Fatalf("%+v: no factorisation (%v)", o, err)
		}
		cov := fit.Cov()
		for i := range diag {
			if math.Abs(diag[i]-cov.At(i, i)) > 1e-9*cov.At(i, i)+1e-12 {
				t.Fatalf("%+v: player %d: %v vs dense %v", o, i, diag[i], cov.At(i, i))
			}
		}
	}
}

// Past the dense covariance's sizes, a chain's SEs come from the sparse
// factorisation; without it (its envelope above the limit), from one
// solve per player; both equal the dense covariance's.
func TestSolvesFallback(t *testing.T) {
	defer func(a, b int, e float64) { denseSE, denseFallback, maxEnvelope = a, b, e }(denseSE, denseFallback, maxEnvelope)
	denseSE, denseFallback = 50, 100
	chain := NewResults()
	for i := 0; i < 300; i++ {
		chain.Add(fmt.Sprint("c", i), fmt.Sprint("c", i+1), 5, 4, 1, NoSeat)
	}
	for _, c := range []struct {
		env    float64
		method string
	}{{1e7, "exact"}, {0, "solves"}} {
		maxEnvelope = c.env
		fit, err := Options{Anchor: "c10", AnchorElo: 0}.Fit(chain)
		if err != nil {
			t.Fatal(err)
		}
		se := fit.SE()
		if m, b := fit.SEAccuracy(); m != c.method || b != 0 {
			t.Fatalf("SEs by %s (bound %v), want %s", m, b, c.method)
		}
		cov := fit.Cov()
		for i := range se {
			want := eloPerNat * math.Sqrt(math.Max(0, cov.At(i, i)+cov.At(10, 10)-2*cov.At(i, 10)))
			if math.Abs(se[i]-want) > 1e-6*want+1e-9 {
				t.Fatalf("%s: player %d: %v vs %v", c.method, i, se[i], want)
			}
		}
	}
}

// With too small a budget for the tolerance asked, the SEs still come in
// bounded time: the bound reported is what was achieved (above the
// tolerance), and it holds.
func TestSEBudget(t *testing.T) {
	defer func(a int, b func(int, int) float64) { denseSE, seBudget = a, b }(denseSE, seBudget)
	denseSE = 100
	seBudget = func(pairs, players int) float64 { return 3 * float64(pairs) }
	fit, err := Options{SETol: 1e-6}.Fit(randomLeague(1000, 40000, 2))
	if err != nil {
		t.Fatal(err)
	}
	se := fit.SE()
	method, bound := fit.SEAccuracy()
	if method != "series" || !(bound > 1e-6) {
		t.Fatalf("SEs by %s, bound %v", method, bound)
	}
	cov := fit.Cov()
	for i := range se {
		want := eloPerNat * math.Sqrt(cov.At(i, i))
		if math.Abs(se[i]/want-1) > bound+1e-9 {
			t.Fatalf("player %d: SE %v, dense %v: error above the stated %v", i, se[i], want, bound)
		}
	}
	t.Logf("stated bound %.2e", bound)
}

// Several anchors: the fit is the maximum likelihood given them (each
// other player's expected score equals its score), the anchors keep their
// Elo, MM agrees with Newton, and the SEs are those of the inverse of the
// information on the other players, computed here from the model's
// definition, by the dense and by the sparse methods.
func TestSeveralAnchors(t *testing.T) {
	defer func(a int) { denseSE = a }(denseSE)
	r := randomLeague(120, 3000, 5)
	anchors := []Anchor{{"p0", 2000}, {"p5", 2600}, {"p9", 1500}}
	p := r.Pairs()
	for _, small := range []bool{false, true} {
		denseSE = 800
		if small {
			denseSE = 10
		}
		fit, err := Options{Anchors: anchors, Tol: 1e-12}.Fit(r)
		if err != nil {
			t.Fatal(err)
		}
		mm, err := Options{Anchors: anchors, Method: MM, Tol: 1e-12}.Fit(r)
		if err != nil {
			t.Fatal(err)
		}
		elo, mmElo := fit.Elo(), mm.Elo()
		for _, a := range anchors {
			i, _ := r.Index(a.Name)
			if math.Abs(elo[i]-a.Elo) > 1e-9 {
				t.Fatalf("anchor %s at %v", a.Name, elo[i])
			}
		}
		n := len(r.Players)
		free := make([]int, 0, n)
		isAnchor := map[int]bool{0: true, 5: true, 9: true}
		for i := 0; i < n; i++ {
			if math.Abs(elo[i]-mmElo[i]) > 1e-6 {
				t.Fatalf("player %d: Newton %v, MM %v", i, elo[i], mmElo[i])
			}
			if !isAnchor[i] {
				free = append(free, i)
			}
		}
		// Expected score = score; information on the free players.
		pos := make([]int, n)
		for k, i := range free {
			pos[i] = k
		}
		expected, scored := make([]float64, n), make([]float64, n)
		info := mat.NewSymDense(len(free), nil)
		for k := 0; k < p.Len(); k++ {
			i, j := int(p.I[k]), int(p.J[k])
			pij := 1 / (1 + math.Pow(10, (elo[j]-elo[i])/400))
			g := p.Games(k)
			pi, pj := p.Points(k)
			expected[i] += g * pij
			expected[j] += g * (1 - pij)
			scored[i] += pi
			scored[j] += pj
			c := g * pij * (1 - pij)
			if !isAnchor[i] {
				info.SetSym(pos[i], pos[i], info.At(pos[i], pos[i])+c)
			}
			if !isAnchor[j] {
				info.SetSym(pos[j], pos[j], info.At(pos[j], pos[j])+c)
			}
			if !isAnchor[i] && !isAnchor[j] {
				info.SetSym(pos[i], pos[j], info.At(pos[i], pos[j])-c)
			}
		}
		var ch mat.Cholesky
		if !ch.Factorize(info) {
			t.Fatal("information not positive definite")
		}
		var cov mat.SymDense
		ch.InverseTo(&cov)
		se := fit.SE()
		method, bound := fit.SEAccuracy()
		for _, i := range free {
			if math.Abs(expected[i]-scored[i]) > 1e-6 {
				t.Fatalf("player %d: expected score %v, scored %v", i, expected[i], scored[i])
			}
			want := eloPerNat * math.Sqrt(cov.At(pos[i], pos[i]))
			if math.Abs(se[i]/want-1) > bound+1e-8 {
				t.Fatalf("%s: player %d: SE %v, want %v", method, i, se[i], want)
			}
		}
		for i := range isAnchor {
			if se[i] != 0 {
				t.Fatalf("anchor %d: SE %v", i, se[i])
			}
		}
		t.Logf("SEs by %s within %.1e", method, bound)
	}
}

// The remainder's interval from two moments holds y^T (I - A)^-1 y for
// any symmetric A with spectrum in [-rho, rho], and is no wider than the
// interval from |y|^2 alone, [|y|^2/(1+rho), |y|^2/(1-rho)].
func TestRemainderInterval(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for trial := 0; trial < 2000; trial++ {
		n := 1 + rng.IntN(6)
		rho := 0.9 * rng.Float64()
		// A = V diag(lambda) V^T with a random orthogonal V (QR of a
		// random matrix), lambda in [-rho, rho], some at the ends.
		lam := make([]float64, n)
		for k := range lam {
			switch rng.IntN(4) {
			case 0:
				lam[k] = rho
			case 1:
				lam[k] = -rho
			default:
				lam[k] = rho * (2*rng.Float64() - 1)
			}
		}
		g := mat.NewDense(n, n, nil)
		for i := 0; i < n; i++ {
			for j := 0; j < n; j++ {
				g.Set(i, j, rng.NormFloat64())
			}
		}
		var qr mat.QR
		qr.Factorize(g)
		var V mat.Dense
		qr.QTo(&V)
		y := make([]float64, n)
		for i := range y {
			y[i] = rng.NormFloat64()
		}
		// In the eigenbasis: z = V^T y.
		var m0, m1, want float64
		for k := 0; k < n; k++ {
			z := 0.0
			for i := 0; i < n; i++ {
				z += V.At(i, k) * y[i]
			}
			m0 += z * z
			m1 += lam[k] * z * z
			want += z * z / (1 - lam[k])
		}
		lo, hi := remainder(m0, m1, rho)
		if want < lo*(1-1e-12) || want > hi*(1+1e-12) {
			t.Fatalf("trial %d: R = %v outside [%v, %v] (rho %v, spectrum %v)", trial, want, lo, hi, rho, lam)
		}
		if lo < m0/(1+rho)*(1-1e-12) || hi > m0/(1-rho)*(1+1e-12) {
			t.Fatalf("trial %d: [%v, %v] wider than the first-order [%v, %v]", trial, lo, hi, m0/(1+rho), m0/(1-rho))
		}
	}
}

// cubes gives the diagonal of S^3 of the players' normalised graph, as
// the dense product does, centred and with an anchor (whose edges leave
// the graph).
func TestCubes(t *testing.T) {
	for _, anchor := range []string{"", "p4"} {
		fit, err := Options{Anchor: anchor}.Fit(randomLeague(150, 3000, 8))
		if err != nil {
			t.Fatal(err)
		}
		ls := newLapSolver(fit.prob, fit.grounded())
		g := newGraph(ls)
		n := len(g.start) - 1
		S := mat.NewDense(n, n, nil)
		for i := 0; i < n; i++ {
			for e := g.start[i]; e < g.start[i+1]; e++ {
				S.Set(i, int(g.adj[e]), g.s[e])
			}
		}
		var S2, S3 mat.Dense
		S2.Mul(S, S)
		S3.Mul(&S2, S)
		got, err := g.cubes(context.Background(), g.forward())
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < n; i++ {
			if math.Abs(got[i]-S3.At(i, i)) > 1e-12 {
				t.Fatalf("anchor %q: player %d: (S^3)_ii %v, dense %v", anchor, i, got[i], S3.At(i, i))
			}
		}
	}
}
