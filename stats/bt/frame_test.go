package bt_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/coevolab/coevo/stats/bt"
	"github.com/coevolab/coevo/stats/plot"
)

// A fit's DataFrame lists the players best first, whatever order the
// results gave them in (paper 003 Table IIIb prints Elo 1676, 1651 and
// 1473 for players 1, 2 and 3; here given as 3, 1, 2); DataFrameIn(AsGiven)
// keeps the order given, and its values are the fit's.
func TestDataFrameRanked(t *testing.T) {
	matrix := `player,3,1,2
3,,1,4
1,9,,4
2,6,6,
`
	r, err := bt.Read(strings.NewReader(matrix), "table3b", "matrix")
	if err != nil {
		t.Fatal(err)
	}
	fit, err := bt.Fit(r)
	if err != nil {
		t.Fatal(err)
	}
	if got := fit.DataFrame().Col("player").Records(); !slices.Equal(got, []string{"1", "2", "3"}) {
		t.Errorf("ranked: %q, want 1 2 3", got)
	}
	if got := fit.Ranking(); !slices.Equal(got, []int{1, 2, 0}) {
		t.Errorf("Ranking() = %v, want [1 2 0]", got)
	}
	given := fit.DataFrameIn(bt.AsGiven)
	if got := given.Col("player").Records(); !slices.Equal(got, fit.Players) {
		t.Errorf("as given: %q, want %q", got, fit.Players)
	}
	for i, e := range given.Col("elo").Float() {
		want := []float64{1473, 1676, 1651}[i]
		if e < want-0.5 || e > want+0.5 {
			t.Errorf("%s: Elo %.1f, paper prints %.0f", fit.Players[i], e, want)
		}
	}
	p, err := fit.Plot()
	if err != nil {
		t.Fatal(err)
	}
	w, h := plot.Size(p)
	if err := plot.Check(p, w, h); err != nil {
		t.Error(err)
	}
}
