package umda

import (
	"fmt"
	"math"
	"slices"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"gonum.org/v1/gonum/stat"
	gplot "gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"

	"github.com/coevolab/coevo/internal/frame"
	"github.com/coevolab/coevo/stats/plot"
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

// summary returns, per generation, the mean and the least probability of
// a winning move over the critical positions, unrounded (NaN for the least
// when there are none).
func (tr *Trace) summary() (mean, least []float64) {
	mean, least = make([]float64, len(tr.P)), make([]float64, len(tr.P))
	for t, row := range tr.P {
		least[t] = math.Inf(1)
		for _, x := range row {
			mean[t] += x / float64(len(row))
			least[t] = math.Min(least[t], x)
		}
		if len(row) == 0 {
			least[t] = math.NaN()
		}
	}
	return mean, least
}

// DataFrame has one row per generation: generation, optimal_fraction, and
// the mean and least probability of a winning move over the critical
// positions (to 3 significant digits).
func (tr *Trace) DataFrame() dataframe.DataFrame {
	gen := make([]int, len(tr.P))
	for t := range gen {
		gen[t] = t + 1
	}
	mean, least := tr.summary()
	return dataframe.New(
		series.New(gen, series.Int, "generation"),
		frame.Sig("optimal_fraction", tr.Optimal, 3),
		frame.Sig("mean_p_winning_move", mean, 3),
		frame.Sig("min_p_winning_move", least, 3),
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

// Plot draws, per generation, the probability of a winning move at the
// critical positions W_G (their mean and least, in the band of the middle
// half of them) and the fraction of selected strategies that are optimal,
// in the figure style of stats/plot. It draws the values unrounded (the
// DataFrame rounds them for reading).
func (tr *Trace) Plot() (*gplot.Plot, error) {
	p := plot.New("", "generation", "probability")
	plot.CountAxis(&p.X)
	p.Y.Min, p.Y.Max = 0, 1
	n := len(tr.P)
	if n == 0 {
		return nil, fmt.Errorf("umda: empty trace")
	}
	gen := make([]float64, n)
	q1, q3 := make([]float64, n), make([]float64, n)
	for t := range tr.P {
		gen[t] = float64(t + 1)
		row := slices.Sorted(slices.Values(tr.P[t]))
		if len(row) > 0 {
			q1[t] = stat.Quantile(0.25, stat.Empirical, row, nil)
			q3[t] = stat.Quantile(0.75, stat.Empirical, row, nil)
		}
	}
	mean, lowest := tr.summary()
	if len(tr.Critical) > 3 && n > 1 {
		if _, err := plot.Band(p, gen, q1, q3, plot.Color(0), "middle half of W_{G}"); err != nil {
			return nil, err
		}
	}
	if _, err := plot.Line(p, gen, mean, plot.Color(0), false, "mean over W_{G}"); err != nil {
		return nil, err
	}
	least, err := plot.Line(p, gen, lowest, plot.Color(0), false, "least over W_{G}")
	if err != nil {
		return nil, err
	}
	least.Width = vg.Points(0.6)
	least.Dashes = []vg.Length{vg.Points(1), vg.Points(1.5)}
	if _, err := plot.Line(p, gen, tr.Optimal, plot.Color(1), true, "selected strategies optimal"); err != nil {
		return nil, err
	}
	plot.Finish(p)
	return p, nil
}

func (tr *Trace) String() string {
	return fmt.Sprintf("trace of %d generations over %d critical positions", len(tr.P), len(tr.Critical))
}
