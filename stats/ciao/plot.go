package ciao

import (
	"image/color"
	"strconv"

	gplot "gonum.org/v1/plot"

	"github.com/coevolab/coevo/stats/plot"
)

// Style is the CIAO plot's heatmap style (stats/plot): the current player
// along x and the ancestral opponent along y, both by generation (the
// players' labels: numeric axes ticked at round generations when they
// increase, else the labels as names); the current player's score against the ancestor on a
// fixed scale from 0 to 1, labelled on the colour bar; the cells from the
// diagonal on, where no ancestor is, left white.
//
// The palette is the paper's (003 fig. 4): grey, darker where the current
// player scores more, from the lightest grey (plot.Greys leaves out white)
// for a score of 0 to black for 1, so that
// progress reads as the paper describes it ("light colors in early
// generations and darker colours as we progress on the x axis") and the
// figure prints in black and white. For colour, change the style:
// s.Palette = plot.Viridis (dark to light, colour-blind safe), or
// plot.PurpleOrange with s.Diverging and s.Center = 0.5 (white at an even
// score, orange where the current player beats its ancestor, purple where
// it loses); with either, set s.Missing = nil so that the cells without
// an ancestor show grey (PurpleOrange is white at an even score).
func (m *Matrix) Style() plot.HeatmapStyle {
	labels := make([]string, len(m.Labels))
	for i, l := range m.Labels {
		labels[i] = strconv.FormatFloat(l, 'g', -1, 64)
	}
	s := plot.HeatmapStyle{
		XLabel: "current player (generation)", YLabel: "ancestor (generation)",
		Scale: "score of current vs ancestor", Min: 0, Max: 1,
		Palette: plot.Greys, Missing: color.White,
		XTicks: labels, YTicks: labels,
	}
	// Generations that increase make numeric axes, ticked at round
	// generations (2000, 4000) rather than at every k-th player's.
	if increasing(m.Labels) {
		s.XValues, s.YValues = m.Labels, m.Labels
	}
	return s
}

// increasing reports whether v increases strictly (NaN does not).
func increasing(v []float64) bool {
	for i := 1; i < len(v); i++ {
		if !(v[i] > v[i-1]) {
			return false
		}
	}
	return true
}

// PlotStyle draws the CIAO plot in style s: Style, changed as wanted (a
// title, another palette).
func (m *Matrix) PlotStyle(s plot.HeatmapStyle) (*gplot.Plot, error) {
	c := m.CIAO()
	// The heatmap's rows lie along y: row j holds the scores of every
	// player i (along x) against the ancestor j.
	z := make([][]float64, len(c))
	for j := range z {
		z[j] = make([]float64, len(c))
		for i := range c {
			z[j][i] = c[i][j]
		}
	}
	return plot.HeatmapOf(z, s)
}

// Plot draws the CIAO plot in its Style, untitled (set p.Title.Text).
func (m *Matrix) Plot() (*gplot.Plot, error) { return m.PlotStyle(m.Style()) }
