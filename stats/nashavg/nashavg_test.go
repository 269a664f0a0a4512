package nashavg_test

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/coevolab/coevo/stats/bt"
	"github.com/coevolab/coevo/stats/nashavg"
)

func close(a, b float64) bool { return math.Abs(a-b) <= 1e-12 }

func check(t *testing.T, name string, r *nashavg.Ratings, nash, rating []float64) {
	t.Helper()
	for i := range nash {
		if !close(r.Nash[i], nash[i]) || !close(r.Rating[i], rating[i]) {
			t.Fatalf("%s: Nash %v ratings %v, want %v and %v", name, r.Nash, r.Rating, nash, rating)
		}
	}
}

// Rock-paper-scissors: the only equilibrium is uniform, and every
// strategy earns 0 against it (Balduzzi et al.: Nash averaging rates the
// three equally, where Elo cannot tell them apart either but for the
// wrong reason).
func TestRockPaperScissors(t *testing.T) {
	rps := [][]float64{{0, -1, 1}, {1, 0, -1}, {-1, 1, 0}}
	r, err := nashavg.FitRows([]string{"R", "P", "S"}, rps)
	if err != nil {
		t.Fatal(err)
	}
	third := 1.0 / 3
	check(t, "RPS", r, []float64{third, third, third}, []float64{0, 0, 0})
	// As win rates (1 a win, 0 a loss): infinite log-odds, and the
	// margin scale gives the same game halved.
	P := mat.NewDense(3, 3, []float64{0.5, 0, 1, 1, 0.5, 0, 0, 1, 0.5})
	if _, err := nashavg.FitWinRates(nil, P, nashavg.LogOdds); err == nil || !strings.Contains(err.Error(), "infinite log-odds") {
		t.Fatalf("log-odds of a sweep: %v", err)
	}
	r, err = nashavg.FitWinRates(nil, P, nashavg.Margin)
	if err != nil {
		t.Fatal(err)
	}
	check(t, "RPS margin", r, []float64{third, third, third}, []float64{0, 0, 0})
}

// Biased rock-paper-scissors (OpenSpiel's matrix_brps): R loses 25 to P,
// beats S by 50; P beats R by 25, loses 5 to S. By hand: an interior
// equilibrium has A p = 0: -25 p_P + 50 p_S = 0 gives p_P = 2 p_S, and
// 25 p_R - 5 p_S = 0 gives p_R = p_S/5; summing to 1, p_S (1/5 + 2 + 1)
// = 1, so p = (1/16, 10/16, 5/16), the value OpenSpiel's tests give.
// It is the only equilibrium (the 3x3 system has rank 2), so it is the
// maximum-entropy one, and every strategy earns 0 against it.
func TestBiasedRPS(t *testing.T) {
	A := mat.NewDense(3, 3, []float64{0, -25, 50, 25, 0, -5, -50, 5, 0})
	r, err := nashavg.Fit([]string{"R", "P", "S"}, A)
	if err != nil {
		t.Fatal(err)
	}
	check(t, "biased RPS", r, []float64{1.0 / 16, 10.0 / 16, 5.0 / 16}, []float64{0, 0, 0})
	// A fourth strategy that loses 1 to each of R, P and S is left out,
	// and earns -1 against the mixture.
	B := [][]float64{{0, -25, 50, 1}, {25, 0, -5, 1}, {-50, 5, 0, 1}, {-1, -1, -1, 0}}
	r, err = nashavg.FitRows(nil, B)
	if err != nil {
		t.Fatal(err)
	}
	check(t, "biased RPS + a loser", r, []float64{1.0 / 16, 10.0 / 16, 5.0 / 16, 0}, []float64{0, 0, 0, -1})
	if r.InSupport[3] || !r.InSupport[0] {
		t.Fatalf("support %v", r.InSupport)
	}
}

// A transitive league on the log-odds scale: A_ij = s_i - s_j (Elo
// strengths s in nats). The strongest player beats everyone, so it is
// the only equilibrium, and each player's Nash average is its strength
// minus the best one's: Elo relative to the top player.
func TestTransitive(t *testing.T) {
	s := []float64{0.3, 1.7, -0.4, 1.2, 0}
	n := len(s)
	A := mat.NewDense(n, n, nil)
	for i := range s {
		for j := range s {
			A.Set(i, j, s[i]-s[j])
		}
	}
	r, err := nashavg.Fit(nil, A)
	if err != nil {
		t.Fatal(err)
	}
	for i := range s {
		want := 0.0
		if i == 1 {
			want = 1
		}
		if !close(r.Nash[i], want) || math.Abs(r.Rating[i]-(s[i]-1.7)) > 1e-12 {
			t.Fatalf("player %d: Nash %v rating %v, want %v and %v", i, r.Nash[i], r.Rating[i], want, s[i]-1.7)
		}
	}
	if got := r.Support(); len(got) != 1 || got[0] != "1" {
		t.Fatalf("support %v", got)
	}
}

// Paper 003 Table IV (matching sides): the equilibria are L:LR and R:LR
// (fig. 1). By hand: against a mixture p, L:LR earns 2(p_L:RL + p_L:RR +
// p_R:RL + p_R:RR) and R:LR earns 2(p_L:LL + p_L:RL + p_R:LL + p_R:RL);
// an equilibrium leaves both at most 0, so it plays only L:LR and R:LR,
// and every mixture of the two is one. The maximum-entropy one is half
// each, against which L:LL, L:RR, R:LL and R:RR earn -1 and L:RL, R:RL
// earn -2.
func TestMatchingSides(t *testing.T) {
	table4 := [][]float64{
		{0, 0, 2, 2, -2, -2, 0, 0},
		{0, 0, 2, 2, 0, 0, 2, 2},
		{-2, -2, 0, 0, -2, -2, 0, 0},
		{-2, -2, 0, 0, 0, 0, 2, 2},
		{2, 0, 2, 0, 0, -2, 0, -2},
		{2, 0, 2, 0, 2, 0, 2, 0},
		{0, -2, 0, -2, 0, -2, 0, -2},
		{0, -2, 0, -2, 2, 0, 2, 0},
	}
	names := []string{"L:LL", "L:LR", "L:RL", "L:RR", "R:LL", "R:LR", "R:RL", "R:RR"}
	r, err := nashavg.FitRows(names, table4)
	if err != nil {
		t.Fatal(err)
	}
	check(t, "Table IV", r, []float64{0, 0.5, 0, 0, 0, 0.5, 0, 0}, []float64{-1, 0, -2, -1, -1, 0, -2, -1})
	if got := strings.Join(r.Support(), " "); got != "L:LR R:LR" {
		t.Fatalf("support %s", got)
	}
}

// An equilibrium set whose maximum-entropy point lies on a face where a
// player off the support is held to 0. Players 0-2 play rock-paper-
// scissors (0 beats 1, 1 beats 2, 2 beats 0, by 1), 3 is 0 against 0-2
// but beats 4 by 1 where 0 loses to 4 by 2; 4 beats 1 by 1 and loses to
// 2 by 1. By hand, with p = (a, b, c, d, e): player 4 must not enter
// (players 3 and 0 give b - c <= -e and b - c <= 2e, players 1 and 2
// give c <= a + d + e <= b, so b = c and e = 0), the others give
// b = c = 1/3 and a + d = 1/3, and player 4 earns 2a - d <= 0 against it:
// a <= 1/9. Entropy grows with a up to a = 1/6, so the maximum-entropy
// equilibrium is a = 1/9: p = (1/9, 1/3, 1/3, 2/9, 0), and player 4,
// off the support, earns exactly 0.
func TestActiveInequality(t *testing.T) {
	A := [][]float64{
		{0, 1, -1, 0, -2},
		{-1, 0, 1, -1, -1},
		{1, -1, 0, 1, 1},
		{0, 1, -1, 0, 1},
		{2, 1, -1, -1, 0},
	}
	r, err := nashavg.FitRows(nil, A)
	if err != nil {
		t.Fatal(err)
	}
	check(t, "active", r, []float64{1.0 / 9, 1.0 / 3, 1.0 / 3, 2.0 / 9, 0}, []float64{0, 0, 0, 0, 0})
	if r.InSupport[4] {
		t.Fatal("player 4 is in no equilibrium's support")
	}
}

// withCopy returns A with a copy of player k appended.
func withCopy(A *mat.Dense, k int) *mat.Dense {
	n, _ := A.Dims()
	B := mat.NewDense(n+1, n+1, nil)
	for i := 0; i <= n; i++ {
		for j := 0; j <= n; j++ {
			ii, jj := i, j
			if ii == n {
				ii = k
			}
			if jj == n {
				jj = k
			}
			B.Set(i, j, A.At(ii, jj))
		}
	}
	return B
}

// Balduzzi et al.'s headline property (P1, invariance): adding a copy of
// a player changes no player's Nash average, the copy gets its
// original's, and the two share the original's mass equally (the
// maximum-entropy split).
func TestCopiesChangeNothing(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	check := func(name string, A *mat.Dense) {
		n, _ := A.Dims()
		r, err := nashavg.Fit(nil, A)
		if err != nil {
			t.Fatal(err)
		}
		for k := 0; k < n; k++ {
			rc, err := nashavg.Fit(nil, withCopy(A, k))
			if err != nil {
				t.Fatal(err)
			}
			for i := 0; i < n; i++ {
				want := r.Nash[i]
				if i == k {
					want /= 2
				}
				if math.Abs(rc.Rating[i]-r.Rating[i]) > 1e-10 || math.Abs(rc.Nash[i]-want) > 1e-10 {
					t.Fatalf("%s, copy of %d: player %d rating %v -> %v, Nash %v -> %v", name, k, i, r.Rating[i], rc.Rating[i], r.Nash[i], rc.Nash[i])
				}
			}
			if math.Abs(rc.Rating[n]-r.Rating[k]) > 1e-10 || math.Abs(rc.Nash[n]-r.Nash[k]/2) > 1e-10 {
				t.Fatalf("%s: the copy of %d rates %v with mass %v, the original %v with %v", name, k, rc.Rating[n], rc.Nash[n], r.Rating[k], r.Nash[k])
			}
		}
	}
	check("biased RPS", mat.NewDense(3, 3, []float64{0, -25, 50, 25, 0, -5, -50, 5, 0}))
	for trial := 0; trial < 5; trial++ {
		n := 9
		A := mat.NewDense(n, n, nil)
		for i := 0; i < n; i++ {
			for j := i + 1; j < n; j++ {
				v := rng.NormFloat64()
				A.Set(i, j, v)
				A.Set(j, i, -v)
			}
		}
		check("random", A)
	}
	r, err := bt.ReadFile("../../datasets/003_table6.csv", "matrix")
	if err != nil {
		t.Fatal(err)
	}
	na, err := nashavg.FitResults(r)
	if err != nil {
		t.Fatal(err)
	}
	check("Table VI", na.Payoff)
}

// Every player of a random league's support earns 0 against the
// maximum-entropy mixture and every other player at most 0, and no
// mixture of equilibria has more entropy: moving towards another
// equilibrium (found by removing the support's players one at a time,
// which keeps an equilibrium an equilibrium) never raises the entropy.
func TestEquilibrium(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	for trial := 0; trial < 20; trial++ {
		n := 4 + trial
		A := mat.NewDense(n, n, nil)
		for i := 0; i < n; i++ {
			for j := i + 1; j < n; j++ {
				v := math.Round(4 * rng.NormFloat64()) // integer payoffs: ties and degeneracy
				A.Set(i, j, v)
				A.Set(j, i, -v)
			}
		}
		r, err := nashavg.Fit(nil, A)
		if err != nil {
			t.Fatal(err)
		}
		sum := 0.0
		for i := range r.Nash {
			sum += r.Nash[i]
			if r.Rating[i] > 1e-12 || r.InSupport[i] && math.Abs(r.Rating[i]) > 1e-12 || r.Nash[i] < 0 || !r.InSupport[i] && r.Nash[i] != 0 || r.InSupport[i] && !(r.Nash[i] > 0) {
				t.Fatalf("trial %d: player %d: mass %v, rating %v, in support %v", trial, i, r.Nash[i], r.Rating[i], r.InSupport[i])
			}
		}
		if math.Abs(sum-1) > 1e-12 {
			t.Fatalf("trial %d: masses add up to %v", trial, sum)
		}
	}
}

func TestBadInput(t *testing.T) {
	for _, c := range []struct {
		A    [][]float64
		want string
	}{
		{[][]float64{{0, 1}, {1, 0}}, "want opposite numbers"},
		{[][]float64{{1, 1}, {-1, 0}}, "against itself"},
		{[][]float64{{0, math.NaN()}, {0, 0}}, "finite"},
		{[][]float64{{0, 1}, {-1}}, "square"},
		{nil, "no players"},
	} {
		if _, err := nashavg.FitRows(nil, c.A); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: %v, want an error with %q", c.A, err, c.want)
		}
	}
	if _, err := nashavg.FitRows([]string{"a", "a"}, [][]float64{{0, 1}, {-1, 0}}); err == nil || !strings.Contains(err.Error(), "twice") {
		t.Errorf("duplicate names: %v", err)
	}
	if _, err := nashavg.FitWinRates(nil, mat.NewDense(2, 2, []float64{0.5, 0.7, 0.4, 0.5}), nashavg.LogOdds); err == nil || !strings.Contains(err.Error(), "add up to") {
		t.Errorf("win rates that do not add up: %v", err)
	}
	// A league in which a pair did not play.
	res := bt.NewResults()
	res.Add("a", "b", 3, 1, 0, bt.NoSeat)
	res.Add("b", "c", 3, 1, 0, bt.NoSeat)
	if _, err := nashavg.FitResults(res); err == nil || !strings.Contains(err.Error(), "a and c did not play") {
		t.Errorf("incomplete league: %v", err)
	}
	if _, err := (nashavg.Options{Prior: -1}).FitResults(res); err == nil || !strings.Contains(err.Error(), "prior") {
		t.Errorf("negative prior: %v", err)
	}
}

// Two players who always draw, or a league of equals: every mixture is
// an equilibrium and the uniform one has most entropy.
func TestAllEven(t *testing.T) {
	r, err := nashavg.FitRows(nil, [][]float64{{0, 0, 0}, {0, 0, 0}, {0, 0, 0}})
	if err != nil {
		t.Fatal(err)
	}
	third := 1.0 / 3
	check(t, "even", r, []float64{third, third, third}, []float64{0, 0, 0})
	r, err = nashavg.FitRows([]string{"alone"}, [][]float64{{0}})
	if err != nil || r.Nash[0] != 1 || r.Rating[0] != 0 {
		t.Fatalf("one player: %v %v", r, err)
	}
}
