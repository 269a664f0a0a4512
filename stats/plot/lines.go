package plot

import (
	"fmt"

	gplot "gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
)

// Lines plots one line per series against the shared x values, with a
// legend, on a logarithmic y axis when logY is set (series must then be
// positive).
func Lines(title, xlabel, ylabel string, logY bool, x []float64, names []string, ys [][]float64) (*gplot.Plot, error) {
	if len(names) != len(ys) {
		return nil, fmt.Errorf("plot: %d names for %d series", len(names), len(ys))
	}
	p := styled(title, xlabel, ylabel)
	if logY {
		p.Y.Scale = gplot.LogScale{}
		p.Y.Tick.Marker = gplot.LogTicks{Prec: -1}
	}
	for k, y := range ys {
		if len(y) != len(x) {
			return nil, fmt.Errorf("plot: series %q has %d values for %d x values", names[k], len(y), len(x))
		}
		pts := make(plotter.XYs, len(x))
		for i := range x {
			if logY && !(y[i] > 0) {
				return nil, fmt.Errorf("plot: series %q has %g at x = %g, not positive for a log axis", names[k], y[i], x[i])
			}
			pts[i] = plotter.XY{X: x[i], Y: y[i]}
		}
		l, err := plotter.NewLine(pts)
		if err != nil {
			return nil, fmt.Errorf("plot: series %q: %w", names[k], err)
		}
		l.Color = plotutil.Color(k)
		l.Dashes = plotutil.Dashes(k)
		l.Width = vg.Points(1)
		p.Add(l)
		p.Legend.Add(names[k], l)
	}
	return p, nil
}
