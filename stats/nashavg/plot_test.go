package nashavg_test

import (
	"image/color"
	"testing"

	"github.com/coevolab/coevo/internal/plottest"
	"github.com/coevolab/coevo/stats/nashavg"
	"github.com/coevolab/coevo/stats/plot"
)

// The plot names the players by rating along x, prints the shares of
// those the equilibrium plays, and draws the others hollow: the inside of
// a hollow dot is white.
func TestPlot(t *testing.T) {
	B := [][]float64{{0, -25, 50, 1}, {25, 0, -5, 1}, {-50, 5, 0, 1}, {-1, -1, -1, 0}}
	r, err := nashavg.FitRows([]string{"rock", "paper", "scissors", "loser"}, B)
	if err != nil {
		t.Fatal(err)
	}
	p, err := r.Plot()
	if err != nil {
		t.Fatal(err)
	}
	f := plottest.Render(p, plot.Width, plot.Height)
	for _, s := range []string{"rock", "paper", "scissors", "loser", "0.62", "0.31", "0.06", "not in it", "Nash average (payoff)"} {
		if !f.Text(s) {
			t.Errorf("no text %q", s)
		}
	}
	// loser is last (rank 4, x = 3), at rating -1: a ring, white inside.
	if c := f.Point(p, 3, -1); !plottest.Near(c, color.White, 8) {
		t.Errorf("the hollow dot's centre is %v", c)
	}
	if c := f.Point(p, 0, 0); plottest.Near(c, color.White, 8) {
		t.Errorf("the filled dot's centre is white")
	}
}
