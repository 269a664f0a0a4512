package heap

import (
	"math/rand/v2"
	"testing"
)

// periodByDefinition is the Guy-Smith search done the plain way: for every
// p, the pre-period is one past the last n with g(n+p) != g(n), found by
// comparing backwards from the end (quadratic when the tail is periodic).
func periodByDefinition(g []int32, k int, splits bool) Periodicity {
	res := Periodicity{Checked: len(g)}
	N := len(g)
	for p := 1; 2*p < N; p++ {
		n0 := 0
		for n := N - 1 - p; n >= 0; n-- {
			if g[n+p] != g[n] {
				n0 = n + 1
				break
			}
		}
		need := n0 + k
		if splits {
			need = 2*n0 + p + k
		}
		if N-p >= need && N-p > n0 {
			res.Found, res.Period, res.PrePeriod = true, p, n0
			return res
		}
	}
	return res
}

// Period, which skips the multiples of failed periods, finds what the
// plain search finds: on octal games' sequences of many lengths, and on
// random sequences made of a pre-period and a repeated block.
func TestPeriodMatchesDefinition(t *testing.T) {
	for _, code := range []string{"0.77", "0.137", "0.07", "0.127", "0.4", "4.07", "0.6", "0.16", "0.33", "0.03"} {
		r := mustOctal(t, code)
		g, err := r.Sequence(3000)
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range []int{1, 2, 10, 50, 100, 151, 200, 333, 700, 1500, 3001} {
			got, want := r.Period(g[:n]), periodByDefinition(g[:n], r.MaxRemove(), r.Splits())
			if got != want {
				t.Fatalf("%s, %d values: %v, the plain search gives %v", code, n, got, want)
			}
		}
	}
	rng := rand.New(rand.NewPCG(14, 18))
	for range 3000 {
		pre, per, alpha := rng.IntN(60), 1+rng.IntN(12), 1+rng.IntN(4)
		block := make([]int32, per)
		for i := range block {
			block[i] = int32(rng.IntN(alpha))
		}
		g := make([]int32, 1+rng.IntN(300))
		for i := range g {
			if i < pre {
				g[i] = int32(rng.IntN(alpha))
			} else {
				g[i] = block[(i-pre)%per]
			}
		}
		if rng.IntN(4) == 0 { // a late exception
			g[rng.IntN(len(g))] = int32(alpha)
		}
		k, splits := rng.IntN(5), rng.IntN(2) == 0
		if got, want := periodOf(g, k, splits), periodByDefinition(g, k, splits); got != want {
			t.Fatalf("%v (k=%d, splits %v): %v, the plain search gives %v", g, k, splits, got, want)
		}
	}
}
