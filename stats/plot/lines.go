package plot

import (
	"fmt"

	gplot "gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
)

// Lines plots one line per series against the shared x values, in the
// palette's colours and with varied dashes (they stay apart in grey), with
// a legend, on a logarithmic y axis when logY is set (series must then be
// positive).
func Lines(title, xlabel, ylabel string, logY bool, x []float64, names []string, ys [][]float64) (*gplot.Plot, error) {
	if len(names) != len(ys) {
		return nil, fmt.Errorf("plot: %d names for %d series", len(names), len(ys))
	}
	p := New(title, xlabel, ylabel)
	if logY {
		LogAxis(&p.Y)
	}
	for k, y := range ys {
		if len(y) != len(x) {
			return nil, fmt.Errorf("plot: series %q has %d values for %d x values", names[k], len(y), len(x))
		}
		for i := range x {
			if logY && !(y[i] > 0) {
				return nil, fmt.Errorf("plot: series %q has %g at x = %g, not positive for a log axis", names[k], y[i], x[i])
			}
		}
		if _, err := Series(p, k, x, y, names[k]); err != nil {
			return nil, fmt.Errorf("plot: series %q: %w", names[k], err)
		}
	}
	Finish(p)
	return p, nil
}

// Series adds the k-th of several lines (k from 0): a Line in the k-th
// colour of the palette and the k-th dash pattern, so that the lines stay
// apart in grey too, with a legend entry named name.
func Series(p *gplot.Plot, k int, x, y []float64, name string) (*plotter.Line, error) {
	l, err := Line(p, x, y, Color(k), false, name)
	if err != nil {
		return nil, err
	}
	l.Dashes = plotutil.Dashes(k)
	return l, nil
}
