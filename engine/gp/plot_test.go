package gp

import (
	"slices"
	"strconv"
	"testing"

	"github.com/coevolab/coevo/internal/plottest"
	"github.com/coevolab/coevo/stats/plot"
)

// numbers returns the texts that read as numbers, in order.
func numbers(texts []plottest.Text) []float64 {
	var out []float64
	for _, t := range texts {
		if v, err := strconv.ParseFloat(t.S, 64); err == nil {
			out = append(out, v)
		}
	}
	return out
}

// The plot of a short run, read back from the rendered figure: generations
// labelled with whole numbers only (a run of three generations has no
// generation 0.5), errors from 3 to 12 (less than a decade on the log
// axis) with three labels or more, and a legend entry for each series.
func TestPlotRendered(t *testing.T) {
	r := &Result{Fitness: Consistency, History: []Generation{
		{Generation: 0, BestError: 9, MeanError: 12, MeanLength: 5},
		{Generation: 1, BestError: 6, MeanError: 10, MeanLength: 7},
		{Generation: 2, BestError: 3, MeanError: 8, MeanLength: 9},
	}}
	p, err := r.Plot()
	if err != nil {
		t.Fatal(err)
	}
	f := plottest.Render(p, plot.Width, plot.Height)
	if x := numbers(f.Below()); !slices.Equal(x, []float64{0, 1, 2}) {
		t.Errorf("generations labelled %v, want 0 1 2", x)
	}
	if y := numbers(f.Left()); len(y) < 3 || !slices.IsSorted(y) || y[0] > 5 || y[len(y)-1] < 10 {
		t.Errorf("errors and lengths labelled %v, want three or more spanning 5 to 10", y)
	}
	for _, entry := range []string{"best error", "mean error", "mean length"} {
		if !slices.ContainsFunc(f.Above(), func(tx plottest.Text) bool { return tx.S == entry }) {
			t.Errorf("no legend entry %q above the data", entry)
		}
	}
}
