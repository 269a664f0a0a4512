package alpharank_test

import (
	"fmt"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/coevolab/coevo/internal/plottest"
	"github.com/coevolab/coevo/stats/alpharank"
	"github.com/coevolab/coevo/stats/plot"
)

func TestSweepPlot(t *testing.T) {
	brps := [][]float64{{0, -25, 50}, {25, 0, -5}, {-50, 5, 0}}
	m, _ := alpharankDense(brps)
	sw, err := alpharank.SweepAlpha([]string{"rock", "paper", "scissors"}, m, nil, alpharank.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(sw.Pi) != 25 || sw.Alphas[0] != 0.01 || sw.Alphas[24] != 1e4 || sw.Limit == nil {
		t.Fatalf("sweep of %d alphas from %v to %v, limit %v", len(sw.Pi), sw.Alphas[0], sw.Alphas[len(sw.Alphas)-1], sw.Limit)
	}
	df := sw.DataFrame()
	if r, c := df.Dims(); r != 26 || c != 4 {
		t.Fatalf("frame %dx%d", r, c)
	}
	p, err := sw.Plot()
	if err != nil {
		t.Fatal(err)
	}
	f := plottest.Render(p, plot.Width, plot.Height)
	for _, s := range []string{"rock", "paper", "scissors"} {
		if !f.Text(s) {
			t.Errorf("no legend entry %q", s)
		}
	}
	rk, err := alpharank.RankRows([]string{"rock", "paper", "scissors"}, brps, alpharank.Options{Alpha: 0.01})
	if err != nil {
		t.Fatal(err)
	}
	p, err = rk.Plot()
	if err != nil {
		t.Fatal(err)
	}
	f = plottest.Render(p, plot.Width, plot.Height)
	// The names along x, drawn left to right: by decreasing mass.
	var names []string
	for _, tx := range f.Texts {
		switch tx.S {
		case "rock", "paper", "scissors":
			names = append(names, tx.S)
		}
	}
	if fmt.Sprint(names) != "[paper rock scissors]" {
		t.Errorf("bars not ranked by mass (paper 0.73, rock 0.17, scissors 0.10): %v", names)
	}
}

func alpharankDense(rows [][]float64) (*mat.Dense, error) {
	n := len(rows)
	m := mat.NewDense(n, n, nil)
	for i, r := range rows {
		m.SetRow(i, r)
	}
	return m, nil
}
