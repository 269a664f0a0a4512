package ciao

import (
	"context"
	"fmt"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"

	"github.com/coevolab/coevo/engine/tournament"
)

// Performance returns each of players' share of the points against the
// reference set (games games against each member of set, half in each
// seat): paper 003 fig. 5 plots it against random WPCs and against the
// heuristic, with 100 games and forced random moves of probability 0.1.
// Players and set are indices of g's players, named by names; every game
// has its own stream, so the result does not depend on opt.Workers.
func Performance(ctx context.Context, g tournament.Game, names []string, players, set []int, games int, opt tournament.Options) ([]float64, error) {
	if games < 2 || games%2 != 0 {
		return nil, fmt.Errorf("ciao: %d games against each reference player: half are played in each seat, want an even number >= 2", games)
	}
	if len(set) == 0 {
		return nil, fmt.Errorf("ciao: an empty reference set")
	}
	var fx []tournament.Fixture
	for _, p := range players {
		for _, o := range set {
			if o == p {
				return nil, fmt.Errorf("ciao: %s is both a player and in the reference set", names[p])
			}
			fx = append(fx, tournament.Fixture{First: p, Second: o, Games: games / 2}, tournament.Fixture{First: o, Second: p, Games: games / 2})
		}
	}
	res, err := tournament.Play(ctx, g, names, fx, opt)
	if err != nil {
		return nil, err
	}
	P, N := res.Points()
	rate := make([]float64, len(players))
	for k, p := range players {
		pts, n := 0.0, 0.0
		for _, o := range set {
			pts, n = pts+P[p][o], n+N[p][o]
		}
		rate[k] = pts / n
	}
	return rate, nil
}

// A Curve is a line of paper 003 fig. 5: the performance (Y) of a run's
// archived players against the games the run had played when it kept
// them (X).
type Curve struct {
	Name string
	X, Y []float64
}

// PerformancePlot draws curves like paper 003 fig. 5: performance against
// the games played during evolution, on a logarithmic axis when the games
// span more than a factor of 100 (the methods play very different numbers).
func PerformancePlot(title string, curves ...Curve) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = "games played during evolution"
	p.Y.Label.Text = "performance (share of points)"
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, c := range curves {
		if len(c.X) != len(c.Y) {
			return nil, fmt.Errorf("ciao: curve %s has %d x and %d y values", c.Name, len(c.X), len(c.Y))
		}
		for _, x := range c.X {
			if x > 0 {
				lo, hi = math.Min(lo, x), math.Max(hi, x)
			}
		}
	}
	logx := hi > 100*lo
	if logx {
		p.X.Scale = plot.LogScale{}
		p.X.Tick.Marker = plot.LogTicks{Prec: -1}
	}
	for k, c := range curves {
		pts := make(plotter.XYs, 0, len(c.X))
		for i := range c.X {
			if !logx || c.X[i] > 0 {
				pts = append(pts, plotter.XY{X: c.X[i], Y: c.Y[i]})
			}
		}
		if len(pts) == 0 {
			continue
		}
		l, err := plotter.NewLine(pts)
		if err != nil {
			return nil, err
		}
		l.Color = plotutil.Color(k)
		l.Dashes = plotutil.Dashes(k)
		l.Width = vg.Points(1)
		p.Add(l)
		p.Legend.Add(c.Name, l)
	}
	p.Add(plotter.NewGrid())
	// Room above 1 for the legend, so that it hides no curve.
	p.Y.Min, p.Y.Max = 0, 1+0.1*float64(len(curves))
	p.Y.Tick.Marker = plot.ConstantTicks([]plot.Tick{{Value: 0, Label: "0"}, {Value: 0.25}, {Value: 0.5, Label: "0.5"}, {Value: 0.75}, {Value: 1, Label: "1"}})
	p.Legend.Top = true
	p.Legend.Left = true
	return p, nil
}
