package umda

import (
	"slices"
	"strconv"
	"testing"

	"github.com/coevolab/coevo/internal/plottest"
	"github.com/coevolab/coevo/stats/plot"
)

// The trace of a short run, read back from the rendered figure:
// generations labelled with whole numbers only, probabilities from 0 to
// 1, and a legend entry for each of the four things drawn.
func TestTracePlotRendered(t *testing.T) {
	tr := &Trace{
		Critical: []int32{1, 2, 3, 4},
		P:        [][]float64{{0.5, 0.5, 0.3, 0.6}, {0.6, 0.7, 0.4, 0.6}, {0.9, 0.8, 0.7, 0.9}},
		Optimal:  []float64{0, 0, 0.25},
	}
	p, err := tr.Plot()
	if err != nil {
		t.Fatal(err)
	}
	f := plottest.Render(p, plot.Width, plot.Height)
	var x, y []float64
	for _, tx := range f.Below() {
		if v, err := strconv.ParseFloat(tx.S, 64); err == nil {
			x = append(x, v)
		}
	}
	for _, tx := range f.Left() {
		if v, err := strconv.ParseFloat(tx.S, 64); err == nil {
			y = append(y, v)
		}
	}
	if !slices.Equal(x, []float64{1, 2, 3}) {
		t.Errorf("generations labelled %v, want 1 2 3", x)
	}
	if len(y) < 3 || y[0] != 0 || y[len(y)-1] != 1 {
		t.Errorf("probabilities labelled %v, want 0 to 1", y)
	}
	// The legend writes W_{G} as W with an index: look for its start.
	for _, entry := range []string{"middle half of W", "mean over W", "least over W", "selected strategies optimal"} {
		if !slices.ContainsFunc(f.Above(), func(tx plottest.Text) bool { return tx.S == entry }) {
			t.Errorf("no legend entry %q above the data in %v", entry, f.Above())
		}
	}
}
