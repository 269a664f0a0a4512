package intrans

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/coevolab/coevo/stats/bt"
)

// bruteForce counts played and cyclic triads by looking at all C(n,3).
func bruteForce(r *bt.Results) (played, cyclic int64) {
	P, N := r.Points()
	n := len(P)
	beats := func(i, j int) bool { return P[i][j] > P[j][i] }
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			for k := j + 1; k < n; k++ {
				if N[i][j] == 0 || N[j][k] == 0 || N[i][k] == 0 {
					continue
				}
				played++
				if beats(i, j) && beats(j, k) && beats(k, i) || beats(j, i) && beats(k, j) && beats(i, k) {
					cyclic++
				}
			}
		}
	}
	return played, cyclic
}

// randomResults: n players, each pair played with probability density,
// one or two games with a result at random (ties possible).
func randomResults(n int, density float64, seed uint64) *bt.Results {
	rng := rand.New(rand.NewPCG(seed, 1))
	r := bt.NewResults()
	for i := 0; i < n; i++ {
		r.Player(fmt.Sprint(i))
	}
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			if rng.Float64() >= density {
				continue
			}
			g := float64(1 + rng.IntN(2))
			w := float64(rng.IntN(int(g) + 1))
			// Matchups in both orders, to exercise aggregation.
			if rng.IntN(2) == 0 {
				r.Add(r.Players[i], r.Players[j], w, g-w, 0, bt.NoSeat)
			} else {
				r.Add(r.Players[j], r.Players[i], g-w, w, 0, bt.NoSeat)
			}
		}
	}
	return r
}

// Both ways of enumerating played triads agree with counting all C(n,3)
// triads one by one, on sparse and dense tournaments with ties.
func TestPlayedTriadsAgainstBruteForce(t *testing.T) {
	for trial := 0; trial < 40; trial++ {
		n := 3 + trial
		r := randomResults(n, []float64{0.1, 0.4, 0.9, 1}[trial%4], uint64(trial))
		p := r.Pairs()
		wantP, wantC := bruteForce(r)
		tr := PlayedTriads(p)
		if tr.Played != wantP || tr.Cyclic != wantC {
			t.Fatalf("n=%d: played %d cyclic %d, brute force %d %d", n, tr.Played, tr.Cyclic, wantP, wantC)
		}
		dir := make([]int8, p.Len())
		for k := range dir {
			pi, pj := p.Points(k)
			if pi > pj {
				dir[k] = 1
			} else if pj > pi {
				dir[k] = -1
			}
		}
		if pl, cy := trianglesBitset(p, dir); pl != wantP || cy != wantC {
			t.Fatalf("n=%d: bitset %d %d, brute force %d %d", n, pl, cy, wantP, wantC)
		}
		if pl, cy := triangles(p, dir); pl != wantP || cy != wantC {
			t.Fatalf("n=%d: marks %d %d, brute force %d %d", n, pl, cy, wantP, wantC)
		}
	}
}

// A complete tournament without ties is counted by Kendall's formula and
// gives the paper's tau of eq. (4) on all C(n,3) triads.
func TestPlayedTriadsComplete(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	r := bt.NewResults()
	for i := 0; i < 30; i++ {
		for j := i + 1; j < 30; j++ {
			w := float64(rng.IntN(2))
			r.Add(fmt.Sprint(i), fmt.Sprint(j), w, 1-w, 0, bt.NoSeat)
		}
	}
	tr := PlayedTriads(r.Pairs())
	P, _ := r.Points()
	total, cyc := Triads(P)
	if !tr.Kendall || tr.Played != int64(total) || tr.Cyclic != int64(cyc) || tr.Tau() != Tau(P) {
		t.Fatalf("%+v, dense count %d %d", tr, total, cyc)
	}
}

// With no three players who all played each other, tau is undefined, and
// says so.
func TestTauUndefined(t *testing.T) {
	r := bt.NewResults()
	r.Add("a", "b", 1, 0, 0, bt.NoSeat)
	r.Add("b", "c", 1, 0, 0, bt.NoSeat)
	r.Add("c", "d", 1, 0, 0, bt.NoSeat)
	tr := PlayedTriads(r.Pairs())
	if tr.Defined() || !math.IsNaN(tr.Tau()) || tr.Possible != 4 {
		t.Fatalf("%+v", tr)
	}
	if s := tr.String(); s != "tau undefined: no three of the 4 players all played each other (3 pairs played)" {
		t.Fatalf("%q", s)
	}
}
