package alpharank_test

import (
	"math"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/coevolab/coevo/stats/alpharank"
	"github.com/coevolab/coevo/stats/bt"
)

// OpenSpiel's alpharank test (test_stationary_distribution): the payoffs
// of Han et al. 2013 (R = 1, T = 2, P = 0, S = -1, delta = 4, eps =
// 0.25), population 20, alpha 0.1, the Moran model (not the local one):
// OpenSpiel's stationary distribution, which its test asserts to 4
// decimals.
func TestHanEtAl(t *testing.T) {
	r, tt, p, s, delta, eps := 1.0, 2.0, 0.0, -1.0, 4.0, 0.25
	M := [][]float64{
		{r - eps/2, r - eps, 0, s + delta - eps, r - eps},
		{r, r, s, s, s},
		{0, tt, p, p, p},
		{tt - delta, tt, p, p, p},
		{r, tt, p, p, p},
	}
	want := []float64{0.40966787, 0.07959841, 0.20506998, 0.08505983, 0.2206039}
	rk, err := alpharank.RankRows(nil, M, alpharank.Options{Alpha: 0.1, Population: 20, Model: alpharank.Moran})
	if err != nil {
		t.Fatal(err)
	}
	for i := range want {
		if math.Abs(rk.Pi[i]-want[i]) > 5e-8 {
			t.Fatalf("pi %v, OpenSpiel %v", rk.Pi, want)
		}
	}
}

// Rock-paper-scissors is symmetric under the cycle R -> P -> S, so the
// stationary distribution is uniform at every alpha and for both models.
func TestRockPaperScissors(t *testing.T) {
	rps := [][]float64{{0, -1, 1}, {1, 0, -1}, {-1, 1, 0}}
	for _, m := range []alpharank.Model{alpharank.Moran, alpharank.Local} {
		for _, a := range []float64{0.01, 1, 100, 1e6, math.Inf(1)} {
			rk, err := alpharank.RankRows(nil, rps, alpharank.Options{Alpha: a, Model: m})
			if err != nil {
				t.Fatal(err)
			}
			for _, v := range rk.Pi {
				if math.Abs(v-1.0/3) > 1e-12 {
					t.Fatalf("%v, alpha %v: pi %v", m, a, rk.Pi)
				}
			}
		}
	}
}

// fixation is the closed form of a mutant's fixation probability in a
// constant-sum game (OpenSpiel's _get_rho_sr for constant-sum payoffs):
// u = alpha m/(m-1) (M_rs - c/2), rho = (1 - e^-u)/(1 - e^-mu). The code
// computes the Moran model's sum over partial sums instead.
func fixation(Mrs, c, alpha float64, m int) float64 {
	u := alpha * float64(m) / float64(m-1) * (Mrs - c/2)
	return -math.Expm1(-u) / -math.Expm1(-float64(m)*u)
}

// Biased rock-paper-scissors (OpenSpiel's matrix_brps). Its stationary
// distribution follows by hand from the Markov chain tree theorem: for
// three states, pi_0 is proportional to c10 c20 + c12 c20 + c21 c10 (the
// spanning trees into 0), and so on, with c_sr = rho_sr/2. As alpha
// grows each player is replaced by the one that beats it with
// probability tending to 1 and never by the one it beats, so the chain
// goes round the cycle and the limit is uniform, where the Nash
// equilibrium is (1/16, 10/16, 5/16).
func TestBiasedRPS(t *testing.T) {
	M := [][]float64{{0, -25, 50}, {25, 0, -5}, {-50, 5, 0}}
	m := 50
	for _, a := range []float64{0.001, 0.01, 0.03, 0.1, 0.3} {
		c := func(s, r int) float64 { return fixation(M[r][s], 0, a, m) / 2 }
		w := []float64{
			c(1, 0)*c(2, 0) + c(1, 2)*c(2, 0) + c(2, 1)*c(1, 0),
			c(0, 1)*c(2, 1) + c(0, 2)*c(2, 1) + c(2, 0)*c(0, 1),
			c(0, 2)*c(1, 2) + c(0, 1)*c(1, 2) + c(1, 0)*c(0, 2),
		}
		sum := w[0] + w[1] + w[2]
		rk, err := alpharank.RankRows(nil, M, alpharank.Options{Alpha: a, Population: m})
		if err != nil {
			t.Fatal(err)
		}
		for i := range w {
			if math.Abs(rk.Pi[i]-w[i]/sum) > 1e-12 {
				t.Fatalf("alpha %v: pi %v, by hand %v", a, rk.Pi, []float64{w[0] / sum, w[1] / sum, w[2] / sum})
			}
		}
	}
	for _, a := range []float64{1e3, 1e9, math.Inf(1)} {
		rk, err := alpharank.RankRows(nil, M, alpharank.Options{Alpha: a})
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range rk.Pi {
			if math.Abs(v-1.0/3) > 1e-12 {
				t.Fatalf("alpha %v: pi %v, want uniform", a, rk.Pi)
			}
		}
	}
}

// A transitive league of win rates (Bradley-Terry with strengths 3 > 2 >
// 1 > 0.5): the best player is the only sink of the response graph, so
// its mass grows to 1 with alpha and the limit puts all of it there.
func TestTransitive(t *testing.T) {
	g := []float64{2, 3, 0.5, 1}
	n := len(g)
	P := mat.NewDense(n, n, nil)
	for i := range g {
		for j := range g {
			P.Set(i, j, g[i]/(g[i]+g[j]))
		}
	}
	prev := 0.0
	for _, a := range []float64{0.1, 1, 10, 100, 1000} {
		rk, err := alpharank.Rank(nil, P, alpharank.Options{Alpha: a})
		if err != nil {
			t.Fatal(err)
		}
		if rk.Pi[1] <= prev && rk.Pi[1] < 1 {
			t.Fatalf("alpha %v: the best player's mass %v did not grow (was %v)", a, rk.Pi[1], prev)
		}
		prev = rk.Pi[1]
	}
	if prev < 1-1e-12 {
		t.Fatalf("alpha 1000: best player's mass %v", prev)
	}
	lim, err := alpharank.Limit(nil, P, alpharank.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if lim.Pi[1] != 1 {
		t.Fatalf("limit %v", lim.Pi)
	}
}

// For a constant-sum payoff the Moran model's fitness difference does not
// depend on the number of mutants, and the fixation probability is the
// closed form above (OpenSpiel's test_constant_sum_transition_matrix
// checks the same identity); the local model is the Moran one with alpha
// times 2(m-1)/m.
func TestConstantSum(t *testing.T) {
	P := [][]float64{{0.5, 0.7, 0.2}, {0.3, 0.5, 0.9}, {0.8, 0.1, 0.5}}
	m, a := 20, 3.0
	rk, err := alpharank.RankRows(nil, P, alpharank.Options{Alpha: a, Population: m})
	if err != nil {
		t.Fatal(err)
	}
	for s := range P {
		for r := range P {
			if r != s && math.Abs(rk.Fixation.At(s, r)-fixation(P[r][s], 1, a, m)) > 1e-14 {
				t.Fatalf("rho %d->%d = %v, closed form %v", s, r, rk.Fixation.At(s, r), fixation(P[r][s], 1, a, m))
			}
		}
	}
	local, err := alpharank.RankRows(nil, P, alpharank.Options{Alpha: a * float64(m) / (2 * float64(m-1)), Population: m, Model: alpharank.Local})
	if err != nil {
		t.Fatal(err)
	}
	for i := range P {
		if math.Abs(local.Pi[i]-rk.Pi[i]) > 1e-12 {
			t.Fatalf("local %v, Moran %v", local.Pi, rk.Pi)
		}
	}
}

// The limit is where finite alphas go: on random win rates, alpha-Rank at
// alpha = 1e4 and the limit agree to 1e-9.
func TestLimitIsTheLimit(t *testing.T) {
	P := [][]float64{
		{0.5, 0.62, 0.45, 0.71, 0.3},
		{0.38, 0.5, 0.55, 0.2, 0.66},
		{0.55, 0.45, 0.5, 0.6, 0.4},
		{0.29, 0.8, 0.4, 0.5, 0.52},
		{0.7, 0.34, 0.6, 0.48, 0.5},
	}
	for _, model := range []alpharank.Model{alpharank.Moran, alpharank.Local} {
		lim, err := alpharank.RankRows(nil, P, alpharank.Options{Alpha: math.Inf(1), Model: model})
		if err != nil {
			t.Fatal(err)
		}
		big, err := alpharank.RankRows(nil, P, alpharank.Options{Alpha: 1e4, Model: model})
		if err != nil {
			t.Fatal(err)
		}
		for i := range P {
			if math.Abs(lim.Pi[i]-big.Pi[i]) > 1e-9 {
				t.Fatalf("%v: limit %v, alpha 1e4 %v", model, lim.Pi, big.Pi)
			}
		}
	}
}

// A coordination game (each player prefers to meet its own kind, 2 or 1)
// has two sink components in the Moran model: neither pure population
// can be invaded by one mutant. The limit then depends on the
// exponentially small escape rates, and Limit says so.
func TestSeveralSinks(t *testing.T) {
	M := [][]float64{{2, 0}, {0, 1}}
	if _, err := alpharank.RankRows(nil, M, alpharank.Options{Alpha: math.Inf(1)}); err == nil || !strings.Contains(err.Error(), "2 sink components") {
		t.Fatalf("two sinks: %v", err)
	}
	if _, err := alpharank.RankRows(nil, M, alpharank.Options{Alpha: 10}); err != nil {
		t.Fatalf("finite alpha: %v", err)
	}
}

// The paper 003 Table VI league: its top player (SP |A| = 4) scores more
// than half the points against every other, so it is the only sink of
// the response graph and the limit puts all the mass on it.
func TestTableVI(t *testing.T) {
	r, err := bt.ReadFile("../../datasets/003_table6.csv", "matrix")
	if err != nil {
		t.Fatal(err)
	}
	lim, err := alpharank.RankResults(r, alpharank.Options{Alpha: math.Inf(1)})
	if err != nil {
		t.Fatal(err)
	}
	if lim.Pi[0] != 1 || lim.Players[0] != "SP |A|=4" {
		t.Fatalf("limit %v", lim)
	}
}

func TestBadInput(t *testing.T) {
	for _, c := range []struct {
		M    [][]float64
		o    alpharank.Options
		want string
	}{
		{[][]float64{{0, 1}, {1}}, alpharank.Options{}, "square"},
		{[][]float64{{0, math.Inf(1)}, {0, 0}}, alpharank.Options{}, "finite"},
		{[][]float64{{0, 1}, {0, 0}}, alpharank.Options{Alpha: -1}, "alpha"},
		{[][]float64{{0, 1}, {0, 0}}, alpharank.Options{Population: 1}, "population"},
	} {
		if _, err := alpharank.RankRows(nil, c.M, c.o); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v %+v: %v, want an error with %q", c.M, c.o, err, c.want)
		}
	}
	res := bt.NewResults()
	res.Add("a", "b", 3, 1, 0, bt.NoSeat)
	res.Add("b", "c", 3, 1, 0, bt.NoSeat)
	if _, err := alpharank.RankResults(res, alpharank.Options{}); err == nil || !strings.Contains(err.Error(), "a and c did not play") {
		t.Errorf("incomplete league: %v", err)
	}
	if _, err := alpharank.SweepAlpha(nil, mat.NewDense(2, 2, []float64{0, 1, -1, 0}), []float64{1, 0.5}, alpharank.Options{}); err == nil {
		t.Error("decreasing alphas accepted")
	}
}

// A league's sweep is the sweep of its win rates.
func TestSweepResults(t *testing.T) {
	r, err := bt.ReadFile("../../datasets/003_table6.csv", "matrix")
	if err != nil {
		t.Fatal(err)
	}
	sw, err := alpharank.SweepResults(r, []float64{0.5, 5}, alpharank.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for k, a := range sw.Alphas {
		rk, _ := alpharank.RankResults(r, alpharank.Options{Alpha: a})
		for i := range rk.Pi {
			if sw.Pi[k][i] != rk.Pi[i] {
				t.Fatalf("alpha %v: sweep %v, rank %v", a, sw.Pi[k], rk.Pi)
			}
		}
	}
	if sw.Limit[0] != 1 {
		t.Fatalf("limit %v", sw.Limit)
	}
}

// alpha-Rank is not invariant to copies, unlike Nash averaging: with a
// second rock (R2) in rock-paper-scissors, in the large-alpha limit (each
// move to a player that beats the resident at rate eta, a neutral move to
// the copy at eta/m) the flows balance when pi_P = pi_R + pi_R2 (P is
// entered from R and R2, left for S), 2 pi_S = pi_P (S is left for R and
// for R2) and, by symmetry, pi_R = pi_R2 = pi_S: pi = (1/5, 2/5, 1/5, 1/5)
// for (R, P, S, R2), where it was 1/3 each.
func TestCopyMovesTheOthers(t *testing.T) {
	M := [][]float64{{0, -1, 1, 0}, {1, 0, -1, 1}, {-1, 1, 0, -1}, {0, -1, 1, 0}}
	want := []float64{0.2, 0.4, 0.2, 0.2}
	for _, a := range []float64{100, math.Inf(1)} {
		rk, err := alpharank.RankRows(nil, M, alpharank.Options{Alpha: a})
		if err != nil {
			t.Fatal(err)
		}
		for i := range want {
			if math.Abs(rk.Pi[i]-want[i]) > 1e-9 {
				t.Fatalf("alpha %v: pi %v, want %v", a, rk.Pi, want)
			}
		}
	}
}
