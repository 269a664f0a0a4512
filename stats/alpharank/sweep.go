package alpharank

import (
	"fmt"
	"image/color"
	"math"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"gonum.org/v1/gonum/mat"
	gplot "gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/coevolab/coevo/internal/frame"
	"github.com/coevolab/coevo/stats/bt"
	"github.com/coevolab/coevo/stats/plot"
)

// A Sweep is alpha-Rank over a range of ranking intensities, the
// figure alpha-Rank's authors draw to choose alpha: the stationary mass
// of each player against alpha, which settles as alpha grows.
type Sweep struct {
	Players []string
	Alphas  []float64
	// Pi[k] is the stationary distribution at Alphas[k].
	Pi [][]float64
	// Limit is the large-alpha limit (nil when it is not defined: several
	// sink components).
	Limit []float64
}

// SweepAlpha ranks M at each of alphas (each > 0, increasing; nil: 25
// values from 1e-2 to 1e4, evenly on a log scale) with o's population and
// model, and adds the large-alpha limit.
func SweepAlpha(names []string, M mat.Matrix, alphas []float64, o Options) (*Sweep, error) {
	if alphas == nil {
		for k := 0; k <= 24; k++ {
			alphas = append(alphas, math.Pow(10, -2+float64(k)/4))
		}
	}
	for k, a := range alphas {
		if !(a > 0) || math.IsInf(a, 0) || k > 0 && a <= alphas[k-1] {
			return nil, fmt.Errorf("alpharank: alphas must be finite, > 0 and increasing (alpha %d is %v)", k, a)
		}
	}
	sw := &Sweep{Alphas: append([]float64(nil), alphas...)}
	for _, a := range alphas {
		o.Alpha = a
		r, err := Rank(names, M, o)
		if err != nil {
			return nil, err
		}
		sw.Players = r.Players
		sw.Pi = append(sw.Pi, r.Pi)
	}
	if l, err := Limit(names, M, o); err == nil {
		sw.Limit = l.Pi
	}
	return sw, nil
}

// SweepResults is SweepAlpha on a league's win rates (as RankResults).
func SweepResults(r *bt.Results, alphas []float64, o Options) (*Sweep, error) {
	W, err := winRates(r)
	if err != nil {
		return nil, err
	}
	return SweepAlpha(r.Players, W, alphas, o)
}

// DataFrame returns one row per alpha: alpha, then each player's mass (4
// significant digits), the limit last (alpha +Inf) when defined.
func (s *Sweep) DataFrame() dataframe.DataFrame {
	alphas := append([]float64(nil), s.Alphas...)
	rows := s.Pi
	if s.Limit != nil {
		alphas = append(alphas, math.Inf(1))
		rows = append(append([][]float64(nil), rows...), s.Limit)
	}
	cols := []series.Series{series.New(alphas, series.Float, "alpha")}
	for i, name := range s.Players {
		v := make([]float64, len(rows))
		for k := range rows {
			v[k] = rows[k][i]
		}
		cols = append(cols, frame.Sig(name, v, 4))
	}
	return dataframe.New(cols...)
}

// Plot draws each player's stationary mass against alpha (log axis), the
// players that ever hold more than 1% each in its colour and dash pattern
// with a legend (at most 8, the largest), the others in light grey, and
// the large-alpha limit as a marker at the right.
func (s *Sweep) Plot() (*gplot.Plot, error) {
	p := plot.New("", "ranking intensity α", "stationary mass π")
	plot.LogAxis(&p.X)
	peak := make([]float64, len(s.Players))
	for _, pi := range s.Pi {
		for i, v := range pi {
			peak[i] = math.Max(peak[i], v)
		}
	}
	idx := order(peak)
	named := map[int]int{}
	for k, i := range idx {
		if k < 8 && peak[i] > 0.01 {
			named[i] = len(named)
		}
	}
	for _, i := range idx {
		y := make([]float64, len(s.Alphas))
		for k := range s.Alphas {
			y[k] = s.Pi[k][i]
		}
		if k, ok := named[i]; ok {
			if _, err := plot.Series(p, k, s.Alphas, y, s.Players[i]); err != nil {
				return nil, err
			}
			continue
		}
		l, err := plot.Line(p, s.Alphas, y, grey, false, "")
		if err != nil {
			return nil, err
		}
		l.Width = vg.Points(0.6)
	}
	if s.Limit != nil {
		last := s.Alphas[len(s.Alphas)-1]
		for i, k := range named {
			sc, err := plotter.NewScatter(plotter.XYs{{X: last, Y: s.Limit[i]}})
			if err != nil {
				return nil, err
			}
			sc.GlyphStyle = draw.GlyphStyle{Color: plot.Color(k), Radius: vg.Points(2.2), Shape: draw.RingGlyph{}}
			p.Add(sc)
		}
	}
	p.Y.Min, p.Y.Max = 0, 1
	plot.Finish(p)
	return p, nil
}

// grey draws the players left out of the legend.
var grey = color.Gray{Y: 0xc8}

// Plot draws the stationary distribution as bars, players by decreasing
// mass (the 40 largest).
func (r *Ranking) Plot() (*gplot.Plot, error) {
	idx := order(r.Pi)
	if len(idx) > 40 {
		idx = idx[:40]
	}
	title := fmt.Sprintf("α-Rank, α = %g, m = %d", r.Options.Alpha, r.Options.Population)
	if r.Limit {
		title = fmt.Sprintf("α-Rank, α → ∞, m = %d", r.Options.Population)
	}
	return bars(title, "stationary mass π", r.Players, r.Pi, idx)
}

// bars draws values[i] for i in idx as bars named along x.
func bars(title, ylabel string, names []string, values []float64, idx []int) (*gplot.Plot, error) {
	p := plot.New(title, "", ylabel)
	v := make(plotter.Values, len(idx))
	var labels []string
	for k, i := range idx {
		v[k] = values[i]
		labels = append(labels, names[i])
	}
	b, err := plotter.NewBarChart(v, vg.Points(8))
	if err != nil {
		return nil, err
	}
	b.Color = plot.Color(0)
	b.LineStyle.Width = 0
	p.Add(b)
	p.NominalX(labels...)
	p.X.Tick.Label.Rotation = math.Pi / 4
	p.X.Tick.Label.XAlign = draw.XRight
	p.X.Tick.Label.YAlign = draw.YCenter
	p.Y.Min = 0
	plot.Finish(p)
	return p, nil
}
