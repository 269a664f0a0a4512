package umda

import (
	"fmt"
	"image/color"
	"math"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	gplot "gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

// Trace records a run generation by generation (Params.Trace).
type Trace struct {
	// Critical lists W_G; P[t][c] is p_t's probability of a winning move
	// (to a position of value 0) at Critical[c], at the start of generation t.
	Critical []int32
	P        [][]float64
	// Optimal[t] is the fraction of generation t's selected strategies
	// that are optimal.
	Optimal []float64
	names   []string
}

// correctMass returns p's mass on moves to value 0 at each critical position.
func (G *Game) correctMass(p [][]float64, crit []int32) []float64 {
	out := make([]float64, len(crit))
	for c, v := range crit {
		i := G.index[v]
		for s, w := range G.Followers(v) {
			if G.sg[w] == 0 {
				out[c] += p[i][s]
			}
		}
	}
	return out
}

// DataFrame has one row per generation: generation, evaluations (mu times
// generations so far), optimal_fraction, and the mean and least
// probability of a winning move over the critical positions.
func (tr *Trace) DataFrame() dataframe.DataFrame {
	n := len(tr.P)
	gen, mean, least, opt := make([]int, n), make([]float64, n), make([]float64, n), make([]float64, n)
	for t, row := range tr.P {
		gen[t] = t + 1
		least[t] = math.Inf(1)
		for _, x := range row {
			mean[t] += x / float64(len(row))
			least[t] = math.Min(least[t], x)
		}
		if len(row) == 0 {
			least[t] = math.NaN()
		}
		opt[t] = tr.Optimal[t]
	}
	return dataframe.New(
		series.New(gen, series.Int, "generation"),
		series.New(opt, series.Float, "optimal_fraction"),
		series.New(mean, series.Float, "mean_p_winning_move"),
		series.New(least, series.Float, "min_p_winning_move"),
	)
}

// Positions returns the trace of each critical position: one column per
// position (named by the game's Format), one row per generation.
func (tr *Trace) Positions() dataframe.DataFrame {
	cols := []series.Series{}
	gen := make([]int, len(tr.P))
	for t := range gen {
		gen[t] = t + 1
	}
	cols = append(cols, series.New(gen, series.Int, "generation"))
	for c, name := range tr.names {
		col := make([]float64, len(tr.P))
		for t := range tr.P {
			col[t] = tr.P[t][c]
		}
		cols = append(cols, series.New(col, series.Float, name))
	}
	return dataframe.New(cols...)
}

// Plot draws, per generation, the probability of a winning move at each
// critical position (grey), their mean, and the fraction of selected
// strategies that are optimal.
func (tr *Trace) Plot() (*gplot.Plot, error) {
	p := gplot.New()
	p.X.Label.Text = "generation"
	p.Y.Label.Text = "probability"
	p.Y.Min, p.Y.Max = 0, 1
	for c := range tr.names {
		pts := make(plotter.XYs, len(tr.P))
		for t := range tr.P {
			pts[t] = plotter.XY{X: float64(t + 1), Y: tr.P[t][c]}
		}
		l, err := plotter.NewLine(pts)
		if err != nil {
			return nil, err
		}
		l.Color = gray
		l.Width = vg.Points(0.5)
		p.Add(l)
	}
	df := tr.DataFrame()
	for _, col := range []struct {
		name, label string
		dashed      bool
	}{{"mean_p_winning_move", "mean over W_G", false}, {"optimal_fraction", "selected strategies optimal", true}} {
		ys := df.Col(col.name).Float()
		pts := make(plotter.XYs, len(ys))
		for t, y := range ys {
			pts[t] = plotter.XY{X: float64(t + 1), Y: y}
		}
		l, err := plotter.NewLine(pts)
		if err != nil {
			return nil, err
		}
		l.Width = vg.Points(1.5)
		if col.dashed {
			l.Dashes = []vg.Length{vg.Points(4), vg.Points(2)}
		}
		p.Add(l)
		p.Legend.Add(col.label, l)
	}
	p.Legend.Top = true
	p.Legend.Left = true
	return p, nil
}

var gray = color.Gray{Y: 170}

func (tr *Trace) String() string {
	return fmt.Sprintf("trace of %d generations over %d critical positions", len(tr.P), len(tr.Critical))
}
