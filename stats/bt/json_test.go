package bt_test

import (
	"encoding/json"
	"math"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/coevolab/coevo/stats/bt"
)

// A fit written with json.Marshal reads back whole with json.Unmarshal:
// the same players, Elo, standard errors, covariance and parameters, for
// every kind of fit (seats and a first-move advantage, a prior, anchors,
// a draw model, BayesElo's options, a Progress function, which is not
// saved); and its players' fields are there for other tools to read.
func TestRatingsJSON(t *testing.T) {
	seated := synthetic(t, 8, 60, 5, true)
	drawn := bt.NewResults()
	drawn.Add("a", "b", 30, 20, 10, bt.NoSeat)
	drawn.Add("b", "c", 25, 20, 15, bt.NoSeat)
	drawn.Add("a", "c", 35, 15, 10, bt.NoSeat)
	for _, c := range []struct {
		name string
		r    *bt.Results
		o    bt.Options
	}{
		{"plain", seated, bt.Options{Progress: func(int, int) {}}},
		{"home", seated, bt.Options{Home: true}},
		{"prior and MM", seated, bt.Options{Prior: 2, Method: bt.MM}},
		{"anchors", seated, bt.Options{Anchor: "p1", AnchorElo: 1500, Anchors: []bt.Anchor{{Name: "p5", Elo: 1700}}}},
		{"davidson", drawn, bt.Options{Draws: bt.Davidson}},
		{"bayeselo", drawn, bt.BayesElo()},
	} {
		fit, err := c.o.Fit(c.r)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		b, err := json.Marshal(fit)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		var back bt.Ratings
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		e, se := fit.Elo(), fit.SE()
		be, bse := back.Elo(), back.SE()
		for i, p := range fit.Players {
			if back.Players[i] != p || math.Abs(be[i]-e[i]) > 1e-9 || math.Abs(bse[i]-se[i]) > 1e-9 {
				t.Errorf("%s: %s Elo %v ± %v read back as %s %v ± %v", c.name, p, e[i], se[i], back.Players[i], be[i], bse[i])
			}
		}
		if !mat.EqualApprox(fit.Cov(), back.Cov(), 1e-12) || back.Home != fit.Home || back.Draw != fit.Draw || back.Scale != fit.Scale || back.Method != fit.Method {
			t.Errorf("%s: covariance or parameters differ", c.name)
		}
		if back.Options.Progress != nil {
			t.Errorf("%s: a Progress function read back", c.name)
		}
		var plain struct {
			Players []map[string]any `json:"players"`
			Method  string           `json:"method"`
		}
		json.Unmarshal(b, &plain)
		if len(plain.Players) != len(fit.Players) || plain.Players[0]["player"] != fit.Players[0] || plain.Players[0]["elo"].(float64) != e[0] || plain.Method != fit.Method.String() {
			t.Errorf("%s: the JSON's players read %v", c.name, plain.Players[:1])
		}
	}
}

// A saved fit that is not one is refused with the reason, never a panic:
// a player named twice, indices out of range, counts that are not
// counts, and games that do not give the Elo saved.
func TestRatingsJSONRefused(t *testing.T) {
	fit, err := bt.Fit(synthetic(t, 4, 20, 7, false))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(fit)
	good := string(b)
	for _, c := range []struct{ what, from, to, want string }{
		{"a player twice", `"player":"p1"`, `"player":"p0"`, "twice"},
		{"an index out of range", `"i":[0`, `"i":[9`, "players 9"},
		{"a negative count", `"wins_i":[`, `"wins_i":[-1,`, ""},
		{"another Elo", `"elo":1`, `"elo":2`, "not the fit"},
		{"not JSON", `{`, `[`, ""},
	} {
		bad := strings.Replace(good, c.from, c.to, 1)
		if bad == good {
			t.Fatalf("%s: %q not in %s", c.what, c.from, good)
		}
		var r bt.Ratings
		err := json.Unmarshal([]byte(bad), &r)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v", c.what, err)
		}
	}
}
