package ciao

import (
	"fmt"
	"strings"

	gplot "gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"

	"github.com/coevolab/coevo/stats/plot"
)

// Dominance is the dominance tournament of Stanley and Miikkulainen
// ("Competitive coevolution through evolutionary complexification", JAIR
// 21, 2004) over an archive, a view of progress that paper 003 does not
// use: the first player is the first dominant strategy, and a later player
// becomes the next dominant strategy when it beats every dominant strategy
// before it (scores more than half the points against each in the
// league). A run that makes progress keeps adding dominant strategies; a
// run that cycles stops.
type Dominance struct {
	Names  []string
	Labels []float64
	// Dominant lists the players that became dominant, in order.
	Dominant []int
}

// Dominance runs the dominance tournament over the archive in order,
// from the league's scores.
func (m *Matrix) Dominance() *Dominance {
	d := &Dominance{Names: m.Names, Labels: m.Labels, Dominant: []int{0}}
	for i := 1; i < len(m.Names); i++ {
		beats := true
		for _, k := range d.Dominant {
			if !(m.Score[i][k] > 0.5) {
				beats = false
				break
			}
		}
		if beats {
			d.Dominant = append(d.Dominant, i)
		}
	}
	return d
}

// String lists the dominant strategies with their labels.
func (d *Dominance) String() string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "%d dominant strategies:", len(d.Dominant))
	for _, k := range d.Dominant {
		fmt.Fprintf(&sb, " %s", d.Names[k])
	}
	return sb.String()
}

// Plot draws the dominance level (the number of dominant strategies so
// far) against the players' labels, as steps up at the players that became
// dominant.
func (d *Dominance) Plot() (*gplot.Plot, error) {
	x, y := make([]float64, len(d.Names)), make([]float64, len(d.Names))
	level := 0
	for i := range d.Names {
		if level < len(d.Dominant) && d.Dominant[level] == i {
			level++
		}
		x[i], y[i] = d.Labels[i], float64(level)
	}
	p := plot.New("dominance tournament", "generation", "dominant strategies so far")
	l, err := plot.Line(p, x, y, plot.Color(0), false, "")
	if err != nil {
		return nil, err
	}
	l.StepStyle = plotter.PostStep // level y[i] holds from x[i] to x[i+1]
	p.Y.Min = 0
	plot.CountAxis(&p.X)
	plot.CountAxis(&p.Y)
	plot.Finish(p)
	return p, nil
}
