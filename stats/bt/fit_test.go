package bt_test

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/coevolab/coevo/stats/bt"
)

// league draws a sparse random league: n players with Elo spread over
// [0, spread], each pair (a, b) of the pairs drawn playing games games;
// draws happen with probability drawRate (Davidson-like, most often
// between equals), seats alternate when seated.
func league(n, pairs, games int, spread, drawRate float64, seed uint64, seated bool) *bt.Results {
	rng := rand.New(rand.NewPCG(seed, 99))
	elo := make([]float64, n)
	for i := range elo {
		elo[i] = spread * rng.Float64()
	}
	r := bt.NewResults()
	for i := 0; i < n; i++ {
		r.Player(fmt.Sprint("p", i))
	}
	// A ring first, with a draw, so that every player is connected.
	play := func(a, b int, d float64) {
		var wa, wb float64
		for g := 0; g < games; g++ {
			p := 1 / (1 + math.Pow(10, (elo[b]-elo[a])/400))
			u := rng.Float64()
			switch {
			case u < drawRate*4*p*(1-p):
				d++
			case rng.Float64() < p:
				wa++
			default:
				wb++
			}
		}
		seat := bt.NoSeat
		if seated {
			seat = bt.AFirst
		}
		r.Add(r.Players[a], r.Players[b], wa, wb, d, seat)
	}
	for i := 0; i < n; i++ {
		play(i, (i+1)%n, 1)
		play((i+1)%n, i, 0)
	}
	for k := 0; k < pairs; k++ {
		a, b := rng.IntN(n), rng.IntN(n-1)
		if b >= a {
			b++
		}
		play(a, b, 0)
	}
	return r
}

// abilities are log-strengths relative to player 0.
func abilities(f *bt.Ratings) []float64 {
	a := make([]float64, len(f.Gamma))
	for i, g := range f.Gamma {
		a[i] = math.Log(g / f.Gamma[0])
	}
	return a
}

func maxDiff(a, b []float64) float64 {
	d := 0.0
	for i := range a {
		d = math.Max(d, math.Abs(a[i]-b[i]))
	}
	return d
}

// Newton's method and Hunter's MM (the algorithm paper 003 uses) find the
// same maximum likelihood estimate: abilities agree to 1e-6, on complete
// and sparse leagues, a long chain that MM climbs slowly, with a
// first-move advantage, and with a prior.
func TestNewtonMatchesMM(t *testing.T) {
	chain := bt.NewResults()
	for i := 0; i < 60; i++ {
		chain.Add(fmt.Sprint("c", i), fmt.Sprint("c", i+1), 3, 2, 1, bt.NoSeat)
	}
	cases := []struct {
		name string
		r    *bt.Results
		o    bt.Options
	}{
		{"complete", synthetic(t, 12, 40, 7, false), bt.Options{}},
		{"sparse", league(300, 900, 2, 1200, 0.3, 1, false), bt.Options{}},
		{"chain", chain, bt.Options{}},
		{"home", synthetic(t, 12, 400, 3, true), bt.Options{Home: true}},
		{"prior", league(40, 30, 1, 800, 0.2, 4, false), bt.Options{Prior: 2}},
	}
	for _, c := range cases {
		newton, err := c.o.Fit(c.r)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		mmOpt := c.o
		mmOpt.Method = bt.MM
		mm, err := mmOpt.Fit(c.r)
		if err != nil {
			t.Fatalf("%s: MM: %v", c.name, err)
		}
		if d := maxDiff(abilities(newton), abilities(mm)); d > 1e-6 {
			t.Errorf("%s: abilities differ by %.2e (Newton %d steps, MM %d iterations)", c.name, d, newton.Iterations, mm.Iterations)
		}
		if math.Abs(math.Log(newton.Home/mm.Home)) > 1e-6 {
			t.Errorf("%s: home %v vs %v", c.name, newton.Home, mm.Home)
		}
		if newton.Iterations > 30 {
			t.Errorf("%s: Newton took %d steps", c.name, newton.Iterations)
		}
	}
}

// The MLE of a draw model solves its likelihood equations: for every
// player, wins minus losses equal their expectation, and the draws in all
// equal the expected draws (the derivatives in the log-strengths and the
// draw parameter vanish). The probabilities are written out here from the
// models' definitions, independently of the package.
func TestDrawModelsLikelihoodEquations(t *testing.T) {
	r := league(60, 400, 6, 800, 0.5, 5, false)
	for _, model := range []bt.DrawModel{bt.Davidson, bt.RaoKupper} {
		fit, err := bt.Options{Draws: model}.Fit(r)
		if err != nil {
			t.Fatal(model, err)
		}
		probs := func(i, j int) (win, loss, draw float64) {
			gi, gj, v := fit.Gamma[i], fit.Gamma[j], fit.Draw
			if model == bt.Davidson {
				z := gi + gj + v*math.Sqrt(gi*gj)
				return gi / z, gj / z, v * math.Sqrt(gi*gj) / z
			}
			win, loss = gi/(gi+v*gj), gj/(gj+v*gi)
			return win, loss, 1 - win - loss
		}
		n := len(r.Players)
		net, expNet := make([]float64, n), make([]float64, n)
		draws, expDraws, rkDraw := 0.0, 0.0, 0.0
		for _, m := range r.Matchups {
			w, l, d := probs(m.A, m.B)
			g := m.Games()
			net[m.A] += m.WinsA - m.WinsB
			net[m.B] += m.WinsB - m.WinsA
			expNet[m.A] += g * (w - l)
			expNet[m.B] += g * (l - w)
			draws += m.Draw
			expDraws += g * d
			// Rao-Kupper's equation in theta weighs outcomes differently:
			// d/dlog(theta) of the log-likelihood, written out.
			th := fit.Draw
			gi, gj := fit.Gamma[m.A], fit.Gamma[m.B]
			a, b := th*gj/(gi+th*gj), th*gi/(gj+th*gi)
			rkDraw += -m.WinsA*a - m.WinsB*b + m.Draw*(2*th*th/(th*th-1)-a-b)
		}
		for i := range net {
			if model == bt.Davidson && math.Abs(net[i]-expNet[i]) > 1e-6 {
				t.Errorf("Davidson: player %d wins-losses %.6f, expected %.6f", i, net[i], expNet[i])
			}
		}
		switch model {
		case bt.Davidson:
			if math.Abs(draws-expDraws) > 1e-6 {
				t.Errorf("Davidson: %v draws, expected %.6f", draws, expDraws)
			}
		case bt.RaoKupper:
			if math.Abs(rkDraw) > 1e-6 {
				t.Errorf("Rao-Kupper: score in log theta %.2e", rkDraw)
			}
			// The strengths' equations: sum over i's games of
			// wins_i (1 - P(win)) - losses_i (1 - P(loss)) + draws (P(loss) - P(win)) ... = 0,
			// checked through the gradient the fit must have zeroed.
			for i := 0; i < n; i++ {
				g := 0.0
				for _, m := range r.Matchups {
					if m.A != i && m.B != i {
						continue
					}
					w, l, _ := probs(m.A, m.B)
					wa, wb := m.WinsA, m.WinsB
					if m.B == i {
						w, l, wa, wb = l, w, wb, wa
					}
					g += wa*(1-w) - wb*(1-l) + m.Draw*(l-w)
				}
				if math.Abs(g) > 1e-6 {
					t.Errorf("Rao-Kupper: player %d score %.2e", i, g)
				}
			}
		}
	}
}

// Simulated from known parameters, a large league gives them back within
// four standard errors: strengths, Davidson's nu and Rao-Kupper's theta.
func TestDrawModelsRecoverParameters(t *testing.T) {
	const n, nu, theta = 8, 0.8, 1.6
	rng := rand.New(rand.NewPCG(8, 8))
	gamma := make([]float64, n)
	for i := range gamma {
		gamma[i] = math.Pow(10, float64(i)*60/400)
	}
	for _, model := range []bt.DrawModel{bt.Davidson, bt.RaoKupper} {
		r := bt.NewResults()
		for i := 0; i < n; i++ {
			for j := i + 1; j < n; j++ {
				gi, gj := gamma[i], gamma[j]
				var pw, pl float64
				if model == bt.Davidson {
					z := gi + gj + nu*math.Sqrt(gi*gj)
					pw, pl = gi/z, gj/z
				} else {
					pw, pl = gi/(gi+theta*gj), gj/(gj+theta*gi)
				}
				var w, l, d float64
				for g := 0; g < 3000; g++ {
					switch u := rng.Float64(); {
					case u < pw:
						w++
					case u < pw+pl:
						l++
					default:
						d++
					}
				}
				r.Add(fmt.Sprint("p", i), fmt.Sprint("p", j), w, l, d, bt.NoSeat)
			}
		}
		fit, err := bt.Options{Draws: model}.Fit(r)
		if err != nil {
			t.Fatal(err)
		}
		want := nu
		if model == bt.RaoKupper {
			want = theta
		}
		_, dse := fit.ParamSE()
		if d := math.Abs(math.Log(fit.Draw / want)); d > 4*dse {
			t.Errorf("%v: draw parameter %.4f, true %v (log off by %.4f, se %.4f)", model, fit.Draw, want, d, dse)
		}
		se := fit.SE()
		mean := 0.0
		for _, g := range gamma {
			mean += math.Log(g) / n
		}
		for i, g := range fit.Gamma {
			if d := math.Abs(math.Log(g) - (math.Log(gamma[i]) - mean)); d > 4*se[i]*math.Ln10/400 {
				t.Errorf("%v: player %d log-strength off by %.4f (se %.4f)", model, i, d, se[i]*math.Ln10/400)
			}
		}
	}
}

// Many players: the standard errors computed without the dense
// covariance agree with it to the accuracy they state, which is within
// the default tolerance; for the plain model, with a first-move advantage,
// with a draw model, and with an anchor.
func TestSparseStandardErrors(t *testing.T) {
	for _, c := range []struct {
		name string
		r    *bt.Results
		o    bt.Options
	}{
		{"plain", league(1000, 60000, 2, 1200, 0.2, 2, false), bt.Options{}},
		{"home", league(900, 50000, 2, 800, 0.2, 3, true), bt.Options{Home: true}},
		{"davidson", league(900, 50000, 2, 800, 0.4, 4, false), bt.Options{Draws: bt.Davidson}},
		{"anchor", league(900, 50000, 2, 800, 0.2, 5, false), bt.Options{Anchor: "p7", AnchorElo: 2000}},
	} {
		fit, err := c.o.Fit(c.r)
		if err != nil {
			t.Fatal(c.name, err)
		}
		se := fit.SE()
		method, bound := fit.SEAccuracy()
		if method != "series" || bound > 1e-3 {
			t.Errorf("%s: SEs by %s, bound %.2g", c.name, method, bound)
		}
		cov := fit.Cov()
		a := 7
		worst := 0.0
		for i := range se {
			v := cov.At(i, i)
			if c.o.Anchor != "" {
				v = cov.At(i, i) + cov.At(a, a) - 2*cov.At(i, a)
			}
			want := 400 / math.Ln10 * math.Sqrt(v)
			if i == a && c.o.Anchor != "" {
				if se[i] != 0 {
					t.Errorf("anchor's SE %v", se[i])
				}
				continue
			}
			rel := math.Abs(se[i]/want - 1)
			worst = math.Max(worst, rel)
			if rel > bound+1e-9 {
				t.Errorf("%s: player %d SE %.6f, dense %.6f (rel %.2e > stated %.2e)", c.name, i, se[i], want, rel, bound)
				break
			}
		}
		if c.o.Anchor != "" && fit.Elo()[a] != 2000 {
			t.Errorf("anchor's Elo %v", fit.Elo()[a])
		}
		hse, dse := fit.ParamSE()
		k := len(fit.Gamma)
		if c.o.Home && math.Abs(hse-math.Sqrt(cov.At(k, k))) > 1e-6*hse {
			t.Errorf("home SE %v, dense %v", hse, math.Sqrt(cov.At(k, k)))
		}
		if c.o.Draws != bt.HalfPoint && math.Abs(dse-math.Sqrt(cov.At(k, k))) > 1e-6*dse {
			t.Errorf("draw SE %v, dense %v", dse, math.Sqrt(cov.At(k, k)))
		}
		t.Logf("%s: worst relative SE error %.2e, stated %.2e", c.name, worst, bound)
	}
}

// A long chain mixes so slowly that the series' bound would fail: its SEs
// come from the sparse factorisation, exactly.
func TestStandardErrorsFallBack(t *testing.T) {
	chain := bt.NewResults()
	for i := 0; i < 900; i++ {
		chain.Add(fmt.Sprint("c", i), fmt.Sprint("c", i+1), 5, 4, 1, bt.NoSeat)
	}
	fit, err := bt.Fit(chain)
	if err != nil {
		t.Fatal(err)
	}
	se := fit.SE()
	if m, _ := fit.SEAccuracy(); m != "exact" {
		t.Fatalf("SEs by %s", m)
	}
	cov := fit.Cov()
	for i := range se {
		if want := 400 / math.Ln10 * math.Sqrt(cov.At(i, i)); math.Abs(se[i]-want) > 1e-9*want {
			t.Fatalf("player %d: %v vs %v", i, se[i], want)
		}
	}
}

// With an anchor, the SEs are those of the difference to it: for two
// players, the whole uncertainty of the log-odds, twice the centred SE.
func TestAnchor(t *testing.T) {
	r := bt.NewResults()
	r.Add("x", "y", 30, 10, 0, bt.NoSeat)
	free, _ := bt.Fit(r)
	fit, err := bt.Options{Anchor: "y", AnchorElo: 0}.Fit(r)
	if err != nil {
		t.Fatal(err)
	}
	e, se := fit.Elo(), fit.SE()
	if e[1] != 0 || math.Abs(e[0]-400*math.Log10(3)) > 1e-9 {
		t.Fatalf("anchored Elo %v", e)
	}
	if se[1] != 0 || math.Abs(se[0]-2*free.SE()[0]) > 1e-9 {
		t.Fatalf("anchored SE %v, free %v", se, free.SE())
	}
	if _, err := (bt.Options{Anchor: "nobody"}).Fit(r); err == nil || !strings.Contains(err.Error(), `"nobody"`) {
		t.Fatalf("unknown anchor: %v", err)
	}
}

// Excluding a player fits the others as if it had never played.
func TestWithout(t *testing.T) {
	r := league(30, 100, 3, 600, 0.2, 6, false)
	out, err := r.Without("p3", "p11")
	if err != nil {
		t.Fatal(err)
	}
	manual := bt.NewResults()
	for _, p := range r.Players {
		if p != "p3" && p != "p11" {
			manual.Player(p)
		}
	}
	for _, m := range r.Matchups {
		a, b := r.Players[m.A], r.Players[m.B]
		if a == "p3" || a == "p11" || b == "p3" || b == "p11" {
			continue
		}
		manual.Add(a, b, m.WinsA, m.WinsB, m.Draw, m.Seat)
	}
	f1, err1 := bt.Fit(out)
	f2, err2 := bt.Fit(manual)
	if err1 != nil || err2 != nil {
		t.Fatal(err1, err2)
	}
	if len(out.Players) != 28 || maxDiff(f1.Elo(), f2.Elo()) > 1e-9 {
		t.Fatalf("%d players, Elo differ by %g", len(out.Players), maxDiff(f1.Elo(), f2.Elo()))
	}
	if _, err := r.Without("p99"); err == nil || !strings.Contains(err.Error(), `"p99"`) {
		t.Fatalf("unknown player: %v", err)
	}
}

// The likelihood-of-superiority matrix: L[i][j] + L[j][i] = 1, and each
// entry is Phi(d / sd) from the covariance (the definition).
func TestSuperiority(t *testing.T) {
	r := league(20, 60, 4, 600, 0.2, 9, false)
	fit, err := bt.Fit(r)
	if err != nil {
		t.Fatal(err)
	}
	all := fit.Superiority()
	cov := fit.Cov()
	sub, err := fit.SuperiorityOf(context.Background(), []int{5, 2, 9})
	if err != nil {
		t.Fatal(err)
	}
	idx := []int{5, 2, 9}
	for a, i := range idx {
		for b, j := range idx {
			if i == j {
				continue
			}
			d := math.Log(fit.Gamma[i] / fit.Gamma[j])
			sd := math.Sqrt(cov.At(i, i) + cov.At(j, j) - 2*cov.At(i, j))
			want := 0.5 * math.Erfc(-d/sd/math.Sqrt2)
			if math.Abs(sub[a][b]-want) > 1e-12 || math.Abs(all[i][j]-want) > 1e-12 {
				t.Errorf("L[%d][%d] %v / %v, want %v", i, j, sub[a][b], all[i][j], want)
			}
			if math.Abs(all[i][j]+all[j][i]-1) > 1e-12 {
				t.Errorf("L[%d][%d] + L[%d][%d] = %v", i, j, j, i, all[i][j]+all[j][i])
			}
		}
	}
}

// The connectivity report names the groups, top first, and the games
// that link them: {a, b} beat {c, d} in every game between them, and e
// played nobody but f.
func TestConnectivity(t *testing.T) {
	r := bt.NewResults()
	r.Add("a", "b", 2, 1, 0, bt.NoSeat)
	r.Add("c", "d", 1, 1, 0, bt.NoSeat)
	r.Add("a", "c", 3, 0, 0, bt.NoSeat)
	r.Add("d", "b", 0, 2, 0, bt.NoSeat)
	r.Add("e", "f", 1, 1, 0, bt.NoSeat)
	g := bt.Connectivity(r)
	if g.Connected() || len(g.Members) != 3 || g.Pools != 2 {
		t.Fatalf("%d groups, %d pools:\n%s", len(g.Members), g.Pools, g)
	}
	name := func(c int) string {
		var s []string
		for _, i := range g.Members[c] {
			s = append(s, r.Players[i])
		}
		return strings.Join(s, ", ")
	}
	// {a,b} must come before {c,d}; {e,f} is apart.
	ab, cd := g.Of[0], g.Of[2]
	if g.Of[1] != ab || g.Of[3] != cd || ab > cd || g.Of[4] != g.Of[5] {
		t.Fatalf("groups %v: %s", g.Of, g)
	}
	if len(g.Links) != 1 || g.Links[0].Games != 5 || g.Links[0].PointsFrom != 5 || g.Links[0].PointsTo != 0 {
		t.Fatalf("links %+v", g.Links)
	}
	s := g.String()
	for _, want := range []string{"3 groups in 2 pool(s)", name(ab), name(cd), "5 games, 5-0"} {
		if !strings.Contains(s, want) {
			t.Errorf("report lacks %q:\n%s", want, s)
		}
	}
	_, err := bt.Fit(r)
	var nc *bt.NotConnectedError
	if !errors.As(err, &nc) || len(nc.Groups) != 3 {
		t.Fatalf("fit: %v", err)
	}
	if df := g.DataFrame(); df.Col("group").Type() != "int" {
		t.Fatalf("group column %v", df.Col("group").Type())
	}
}

// A pair whose counts dwarf the others' (1e8 to 1e3) leaves Newton's
// steps unable to raise the likelihood within rounding: the fit finishes
// by MM, and gives MM's estimate.
func TestNewtonStallsFinishesByMM(t *testing.T) {
	r := bt.NewResults()
	r.Add("p1", "p2", 1e8, 1e3, 0, bt.NoSeat)
	r.Add("x", "y", 3, 2, 1, bt.NoSeat)
	r.Add("y", "p1", 2, 3, 0, bt.NoSeat)
	fit, err := bt.Fit(r)
	if err != nil {
		t.Fatal(err)
	}
	mm, err := bt.Options{Method: bt.MM}.Fit(r)
	if err != nil {
		t.Fatal(err)
	}
	for i := range fit.Gamma {
		if math.Abs(math.Log(fit.Gamma[i]/mm.Gamma[i])) > 1e-6 {
			t.Fatalf("player %d: %v vs MM %v", i, fit.Gamma[i], mm.Gamma[i])
		}
	}
	// p1 against p2: the odds are the counts'.
	if d := math.Log(fit.Gamma[0]/fit.Gamma[1]) - math.Log(1e5); math.Abs(d) > 1e-3 {
		t.Fatalf("log odds p1:p2 off by %v", d)
	}
	t.Logf("finished by %v after %d iterations", fit.Method, fit.Iterations)
}

// A parametric bootstrap: leagues drawn again and again from known
// Davidson and Rao-Kupper models with about 25-30% draws. Fitted by their
// own model, the spread of the estimates matches the SEs that model's
// information gives (within the bootstrap's own noise, about 6% for 150
// draws); fitted by half points, the SEs are wider than the spread of the
// half-point estimates, as a draw is a game of lower variance than half a
// win and half a loss.
func TestDrawModelSEsBootstrap(t *testing.T) {
	const n, reps, games = 10, 150, 40
	rng := rand.New(rand.NewPCG(26, 26))
	gamma := make([]float64, n)
	for i := range gamma {
		gamma[i] = math.Pow(10, float64(i)*50/400)
	}
	for _, c := range []struct {
		model bt.DrawModel
		draw  float64
	}{{bt.Davidson, 0.9}, {bt.RaoKupper, 1.9}} {
		draw := func() *bt.Results {
			r := bt.NewResults()
			for i := 0; i < n; i++ {
				for j := i + 1; j < n; j++ {
					gi, gj := gamma[i], gamma[j]
					var pw, pl float64
					if c.model == bt.Davidson {
						z := gi + gj + c.draw*math.Sqrt(gi*gj)
						pw, pl = gi/z, gj/z
					} else {
						pw, pl = gi/(gi+c.draw*gj), gj/(gj+c.draw*gi)
					}
					var w, l, d float64
					for g := 0; g < games; g++ {
						switch u := rng.Float64(); {
						case u < pw:
							w++
						case u < pw+pl:
							l++
						default:
							d++
						}
					}
					r.Add(fmt.Sprint("p", i), fmt.Sprint("p", j), w, l, d, bt.NoSeat)
				}
			}
			return r
		}
		type spread struct{ sum, sum2 [n]float64 }
		add := func(s *spread, elo []float64) {
			for i, e := range elo {
				s.sum[i] += e
				s.sum2[i] += e * e
			}
		}
		sd := func(s *spread, i int) float64 {
			mean := s.sum[i] / reps
			return math.Sqrt((s.sum2[i] - reps*mean*mean) / (reps - 1))
		}
		var model, half spread
		var modelSE, halfSE []float64
		draws, all := 0.0, 0.0
		for k := 0; k < reps; k++ {
			r := draw()
			fit, err := bt.Options{Draws: c.model}.Fit(r)
			if err != nil {
				t.Fatal(err)
			}
			hf, err := bt.Fit(r)
			if err != nil {
				t.Fatal(err)
			}
			if k == 0 {
				modelSE, halfSE = fit.SE(), hf.SE()
			}
			for _, m := range r.Matchups {
				draws, all = draws+m.Draw, all+m.Games()
			}
			add(&model, fit.Elo())
			add(&half, hf.Elo())
		}
		wider := 0.0
		for i := 0; i < n; i++ {
			if r := modelSE[i] / sd(&model, i); r < 0.82 || r > 1.22 {
				t.Errorf("%v: player %d: SE %.2f, bootstrap spread %.2f (ratio %.3f)", c.model, i, modelSE[i], sd(&model, i), r)
			}
			wider += halfSE[i] / sd(&half, i) / n
		}
		// Between equals, a draw rate q makes the half-point variance
		// 1/(1-q) times the true one: the SEs 1/sqrt(1-q) wider, more
		// where draws gather between near equals, which weigh most.
		q := draws / all
		if want := 1 / math.Sqrt(1-q); wider < want-0.03 || wider > want+0.15 {
			t.Errorf("%v, %.0f%% draws: half-point SEs %.3f times the spread, want %.3f or a little more", c.model, 100*q, wider, want)
		}
		t.Logf("%v, %.0f%% draws: half-point SEs %.3f times their spread (1/sqrt(1-q) = %.3f)", c.model, 100*q, wider, 1/math.Sqrt(1-q))
	}
}
