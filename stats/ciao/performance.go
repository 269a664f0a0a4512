package ciao

import (
	"context"
	"fmt"
	"math"

	gplot "gonum.org/v1/plot"

	"github.com/coevolab/coevo/engine/tournament"
	"github.com/coevolab/coevo/stats/plot"
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
// span more than a factor of 100 (the methods play very different
// numbers; points at 0 games are then left out), each curve in its colour
// and dash pattern, with a legend above.
func PerformancePlot(title string, curves ...Curve) (*gplot.Plot, error) {
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
	p := plot.New(title, "games played during evolution", "performance (share of points)")
	logx := hi > 100*lo
	if logx {
		plot.LogAxis(&p.X)
	}
	for k, c := range curves {
		var x, y []float64
		for i := range c.X {
			if !logx || c.X[i] > 0 {
				x, y = append(x, c.X[i]), append(y, c.Y[i])
			}
		}
		if len(x) == 0 {
			continue
		}
		if _, err := plot.Series(p, k, x, y, c.Name); err != nil {
			return nil, fmt.Errorf("ciao: curve %s: %w", c.Name, err)
		}
	}
	p.Y.Min, p.Y.Max = 0, 1
	plot.Finish(p)
	return p, nil
}
