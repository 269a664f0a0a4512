package bt

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
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
// the exact diagonal (from the dense covariance), at first order on a
// well mixed league and at third order on a sparser one.
func TestSeriesDiagonal(t *testing.T) {
	for _, c := range []struct {
		pairs int
		tol   float64
		order int
	}{{80000, 1e-2, 1}, {40000, 1e-3, 3}} {
		fit, err := Fit(randomLeague(1000, c.pairs, 2))
		if err != nil {
			t.Fatal(err)
		}
		ls := newLapSolver(fit.prob)
		diag, bound, order, err := ls.seriesDiag(context.Background(), c.tol)
		if err != nil || order != c.order {
			t.Fatalf("%d pairs: order %d, want %d (%v)", c.pairs, order, c.order, err)
		}
		cov := fit.Cov()
		worst := 0.0
		for i := range diag {
			d := math.Abs(diag[i] - cov.At(i, i))
			if d > bound[i]+1e-10 {
				t.Fatalf("%d pairs: player %d: %v vs exact %v, error %.2e > bound %.2e", c.pairs, i, diag[i], cov.At(i, i), d, bound[i])
			}
			worst = math.Max(worst, d/bound[i])
		}
		t.Logf("%d pairs, order %d: the error is at most %.3f of the bound", c.pairs, order, worst)
	}
}

// When the series' bound fails above the dense fallback's size, the SEs
// come from one solve per player, and equal the dense covariance's.
func TestSolvesFallback(t *testing.T) {
	defer func(a, b int) { denseSE, denseFallback = a, b }(denseSE, denseFallback)
	denseSE, denseFallback = 50, 100
	chain := NewResults()
	for i := 0; i < 300; i++ {
		chain.Add(fmt.Sprint("c", i), fmt.Sprint("c", i+1), 5, 4, 1, NoSeat)
	}
	fit, err := Options{Anchor: "c10", AnchorElo: 0}.Fit(chain)
	if err != nil {
		t.Fatal(err)
	}
	se := fit.SE()
	if m, b := fit.SEAccuracy(); m != "solves" || b != 0 {
		t.Fatalf("SEs by %s (bound %v)", m, b)
	}
	cov := fit.Cov()
	for i := range se {
		want := eloPerNat * math.Sqrt(math.Max(0, cov.At(i, i)+cov.At(10, 10)-2*cov.At(i, 10)))
		if math.Abs(se[i]-want) > 1e-6*want+1e-9 {
			t.Fatalf("player %d: %v vs %v", i, se[i], want)
		}
	}
}
