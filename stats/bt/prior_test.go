package bt_test

import (
	"context"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/coevolab/coevo/stats/bt"
)

// spread is the largest minus the smallest Elo.
func spread(e []float64) float64 {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, x := range e {
		lo, hi = math.Min(lo, x), math.Max(hi, x)
	}
	return hi - lo
}

// On a league of 400 players with 8 games each, BayesElo's prior of 2
// virtual draws per player is a few games among each player's 8: it
// shrinks the ratings a little (by the share of virtual games), while 2
// virtual draws between every pair are 798 games per player, which
// crush the spread.
func TestPriorPerPlayerVersusPairs(t *testing.T) {
	r := league(400, 1200, 1, 1200, 0.1, 21, false)
	mle, err := bt.Fit(r)
	if err != nil {
		t.Fatal(err)
	}
	per, err := bt.Options{Prior: 2}.Fit(r)
	if err != nil {
		t.Fatal(err)
	}
	pairs, err := bt.Options{PairPrior: 2}.Fit(r)
	if err != nil {
		t.Fatal(err)
	}
	s, sPer, sPairs := spread(mle.Elo()), spread(per.Elo()), spread(pairs.Elo())
	if !(sPer < s && sPer > 0.5*s) {
		t.Errorf("prior per player: spread %.0f of the MLE's %.0f", sPer, s)
	}
	if !(sPairs < 0.2*s) {
		t.Errorf("prior per pair: spread %.0f of the MLE's %.0f", sPairs, s)
	}
}

// Disconnected data with a prior: groups of one pool get ratings, and
// Ratings.Groups says the games split them (their relative level comes
// from the prior alone); pools that never met are an error naming them,
// unless the pairwise prior links them.
func TestPriorDisconnected(t *testing.T) {
	r := bt.NewResults()
	r.Add("a", "b", 2, 1, 0, bt.NoSeat)
	r.Add("c", "d", 1, 1, 0, bt.NoSeat)
	r.Add("a", "c", 3, 0, 0, bt.NoSeat) // {a, b} beat {c, d}: two groups, one pool
	fit, err := bt.Options{Prior: 2}.Fit(r)
	if err != nil {
		t.Fatal(err)
	}
	if g := fit.Groups(); g.Connected() || len(g.Members) != 2 || g.Pools != 1 {
		t.Fatalf("groups %v", g)
	}
	e := fit.Elo()
	if !(e[0] > e[2] && e[1] > e[3]) {
		t.Fatalf("Elo %v: the group that won should be above", e)
	}
	r.Add("e", "f", 1, 2, 0, bt.NoSeat) // a pool apart
	_, err = bt.Options{Prior: 2}.Fit(r)
	var nc *bt.NotConnectedError
	if !errors.As(err, &nc) || !nc.WithPrior || len(nc.Pools) != 2 || !strings.Contains(err.Error(), "{e, f}") || !strings.Contains(err.Error(), "PairPrior") {
		t.Fatalf("got %v", err)
	}
	// Without a prior the error names the pools too and points to the
	// pairwise prior, as a prior per player cannot help.
	if _, err = bt.Fit(r); !errors.As(err, &nc) || len(nc.Pools) != 2 || !strings.Contains(err.Error(), "--pair-prior") {
		t.Fatalf("got %v", err)
	}
	fit, err = bt.Options{PairPrior: 1}.Fit(r)
	if err != nil || fit.Groups().Pools != 2 {
		t.Fatalf("pair prior: %v", err)
	}
	if _, err := (bt.Options{Prior: 1, PairPrior: 1}).Fit(r); err == nil {
		t.Fatal("both priors accepted")
	}
}

// The Elo scale of Options.ScoreScale is the slope of the expected score
// at equal strength over the logistic's: checked by differentiating the
// fitted model's expected score (Prob) numerically.
func TestScoreScale(t *testing.T) {
	r := league(12, 60, 30, 600, 0.5, 8, false)
	for _, m := range []bt.DrawModel{bt.HalfPoint, bt.Davidson, bt.RaoKupper} {
		plain, err := bt.Options{Draws: m}.Fit(r)
		if err != nil {
			t.Fatal(err)
		}
		scaled, err := bt.Options{Draws: m, ScoreScale: true}.Fit(r)
		if err != nil {
			t.Fatal(err)
		}
		// Expected score of a player against itself moved by h in
		// log-strength: make a two-player copy of the fit's parameters.
		two := &bt.Ratings{Gamma: []float64{1, 1}, Draw: plain.Draw, Options: bt.Options{Draws: m}}
		h := 1e-5
		two.Gamma[0] = math.Exp(h / 2)
		two.Gamma[1] = math.Exp(-h / 2)
		slope := (two.Prob(0, 1) - 0.5) / h
		if want := slope / 0.25; math.Abs(scaled.Scale-want) > 1e-6 {
			t.Errorf("%v: scale %.8f, slope ratio %.8f", m, scaled.Scale, want)
		}
		pe, se := plain.Elo(), scaled.Elo()
		ps, ss := plain.SE(), scaled.SE()
		for i := range pe {
			if math.Abs((se[i]-1600)-scaled.Scale*(pe[i]-1600)) > 1e-9 || math.Abs(ss[i]-scaled.Scale*ps[i]) > 1e-9 {
				t.Fatalf("%v: Elo %v vs %v, SE %v vs %v", m, se[i], pe[i], ss[i], ps[i])
			}
		}
	}
}

// A first-move advantage held fixed: Newton and MM agree, and a fixed
// value equal to the estimate gives the same strengths as estimating it.
func TestFixedAdvantage(t *testing.T) {
	r := synthetic(t, 10, 200, 5, true)
	est, err := bt.Options{Home: true}.Fit(r)
	if err != nil {
		t.Fatal(err)
	}
	elo := 400 * math.Log10(est.Home)
	fixed := bt.Options{Home: true, FixHome: true, HomeElo: elo}
	newton, err := fixed.Fit(r)
	if err != nil {
		t.Fatal(err)
	}
	fixed.Method = bt.MM
	mm, err := fixed.Fit(r)
	if err != nil {
		t.Fatal(err)
	}
	if d := maxDiff(abilities(newton), abilities(est)); d > 1e-7 {
		t.Errorf("fixed at the estimate: abilities differ by %.2e", d)
	}
	if d := maxDiff(abilities(newton), abilities(mm)); d > 1e-6 {
		t.Errorf("Newton vs MM: %.2e", d)
	}
	if newton.Home != est.Home && math.Abs(newton.Home/est.Home-1) > 1e-12 {
		t.Errorf("home %v vs %v", newton.Home, est.Home)
	}
	if h, _ := newton.ParamSE(); !math.IsNaN(h) {
		t.Errorf("a fixed advantage has no standard error, got %v", h)
	}
	// Pairs carry no seats: a fixed advantage enters no game there.
	noSeats, err := fixed.FitPairs(context.Background(), r.Players, r.Pairs())
	if err != nil || noSeats.Home != newton.Home {
		t.Fatalf("FitPairs: %v", err)
	}
}

// Options and pairs a fit cannot use are *bt.InputError naming the
// problem.
func TestFitInputErrors(t *testing.T) {
	r := bt.NewResults()
	r.Add("x", "y", 3, 1, 1, bt.NoSeat)
	r.Add("x", "z", 1, 1, 0, bt.NoSeat)
	r.Add("x", "w", 0, 0, 0, bt.NoSeat)
	cases := []struct {
		o    bt.Options
		want string
	}{
		{bt.Options{}, `player "w" has no games`},
		{bt.Options{Prior: -1}, "prior -1"},
		{bt.Options{PairPrior: math.NaN()}, "pair prior NaN"},
		{bt.Options{FixHome: true}, "set Home too"},
		{bt.Options{Draws: bt.Davidson, FixDraw: true, DrawElo: 50}, "the davidson model has none"},
		{bt.Options{Draws: bt.RaoKupper, FixDraw: true}, "drawelo 0: must be positive"},
		{bt.Options{Home: true, FixHome: true, HomeElo: math.Inf(1)}, "first-move advantage +Inf"},
		{bt.Options{Method: bt.MM, Draws: bt.RaoKupper}, "MM algorithm fits half-point draws only"},
		{bt.Options{Home: true}, "first-move advantage cannot be estimated"},
	}
	for _, c := range cases {
		_, err := c.o.Fit(r)
		var ie *bt.InputError
		if !errors.As(err, &ie) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: got %v, want %q", c.o, err, c.want)
		}
	}
	bad := []bt.Pairs{
		{Players: 3, I: []int32{1}, J: []int32{0}, WinsI: []float64{1}, WinsJ: []float64{1}, Draws: []float64{0}},
		{Players: 3, I: []int32{0, 0}, J: []int32{2, 1}, WinsI: []float64{1, 1}, WinsJ: []float64{1, 1}, Draws: []float64{0, 0}},
		{Players: 2, I: []int32{0}, J: []int32{1}, WinsI: []float64{math.Inf(1)}, WinsJ: []float64{1}, Draws: []float64{0}},
		{Players: 2, I: []int32{0}, J: []int32{1}, WinsI: []float64{1}},
	}
	for _, p := range bad {
		players := make([]string, p.Players)
		for i := range players {
			players[i] = string(rune('a' + i))
		}
		_, err := bt.Options{}.FitPairs(context.Background(), players, &p)
		var ie *bt.InputError
		if !errors.As(err, &ie) {
			t.Errorf("%+v: got %v", p, err)
		}
	}
	// Counts too large to count games by are refused on entry.
	if err := bt.NewResults().Add("a", "b", 1e300, 1, 0, bt.NoSeat); err == nil || !strings.Contains(err.Error(), "too large") {
		t.Errorf("got %v", err)
	}
}

// HalfPointsAsDraws reads each pair of half points as one draw.
func TestHalfPointsAsDraws(t *testing.T) {
	r := bt.NewResults()
	r.Add("x", "y", 3.5, 1.5, 2, bt.NoSeat)
	r.Add("x", "z", 2, 1, 0, bt.NoSeat)
	r.Add("y", "z", 0.25, 0.75, 0, bt.NoSeat)
	d, made := r.HalfPointsAsDraws()
	if made != 1 || d.Matchups[0] != (bt.Matchup{A: 0, B: 1, WinsA: 3, WinsB: 1, Draw: 3}) || d.Matchups[1] != r.Matchups[1] || d.Matchups[2] != r.Matchups[2] {
		t.Fatalf("%+v", d.Matchups)
	}
	if r.Matchups[0].Draw != 2 {
		t.Fatal("the original changed")
	}
}
