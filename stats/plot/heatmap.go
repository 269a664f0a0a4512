package plot

import (
	"fmt"
	"image/color"
	"math"
	"slices"

	gplot "gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// HeatmapStyle describes a heatmap: a matrix drawn as coloured cells,
// column c along x and row r along y (row 0 at the bottom), such as a CIAO
// plot (Cliff and Miller: current individual against ancestral opponents)
// or a likelihood-of-superiority matrix.
type HeatmapStyle struct {
	Title, XLabel, YLabel string
	// Scale labels the colour bar, with units ("win rate", "P(row > column)").
	Scale string
	// Min and Max fix the colour range; when both are 0 it is the data's
	// range (made symmetric about Center when Diverging).
	Min, Max float64
	// Diverging colours values by how far they lie above or below Center
	// (by default purple below, orange above, white at Center), for
	// quantities with a reference value such as a win rate of 0.5.
	Diverging bool
	Center    float64
	// Palette is the colour scale from Min to Max; nil is Viridis, or
	// PurpleOrange when Diverging. Greys prints in black and white (paper
	// 003 fig. 4 draws its CIAO plots so).
	Palette Palette
	// Missing colours NaN cells (not played, not defined); nil is the
	// package's Missing, a mid grey that Greys would confuse with a
	// value: give color.White with it.
	Missing color.Color
	// XTicks and YTicks name the columns and rows (every k-th when there
	// are many), without tick marks; nil numbers them from 0.
	XTicks, YTicks []string
	// XValues and YValues, when given, place the columns and rows on a
	// numeric axis instead: the quantity each stands for, increasing (the
	// generation of each player of a CIAO plot). The axis is then ticked
	// at round values of it (1000, 2000, ...; not at every k-th column's
	// value, 75, 825, 1575), between cells where they fall between, and
	// the names are not shown.
	XValues, YValues []float64
}

// A Palette is a colour scale: colours at evenly spaced points from its
// low end to its high end, blended linearly between them.
type Palette []color.RGBA

// Missing is the colour of NaN cells (not played, not defined) unless a
// HeatmapStyle names another.
var Missing = color.Gray{Y: 0xc4}

// Heatmap plots a matrix with the sequential palette and a colour bar.
func Heatmap(title, xlabel, ylabel string, m [][]float64) (*gplot.Plot, error) {
	return HeatmapOf(m, HeatmapStyle{Title: title, XLabel: xlabel, YLabel: ylabel})
}

// HeatmapOf plots a matrix as s describes, with a colour bar on the right.
func HeatmapOf(m [][]float64, s HeatmapStyle) (*gplot.Plot, error) {
	if len(m) == 0 || len(m[0]) == 0 {
		return nil, fmt.Errorf("plot: empty matrix")
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, row := range m {
		if len(row) != len(m[0]) {
			return nil, fmt.Errorf("plot: ragged matrix")
		}
		for _, v := range row {
			if !math.IsNaN(v) && !math.IsInf(v, 0) {
				lo, hi = math.Min(lo, v), math.Max(hi, v)
			}
		}
	}
	if math.IsInf(lo, 1) {
		return nil, fmt.Errorf("plot: no finite value in the matrix")
	}
	if s.Min != 0 || s.Max != 0 {
		lo, hi = s.Min, s.Max
	} else if s.Diverging {
		d := math.Max(math.Abs(lo-s.Center), math.Abs(hi-s.Center))
		lo, hi = s.Center-d, s.Center+d
	}
	if !(hi > lo) {
		hi = lo + 1
	}
	anchors := s.Palette
	switch {
	case len(anchors) == 1:
		return nil, fmt.Errorf("plot: a palette of one colour")
	case anchors == nil && s.Diverging:
		anchors = PurpleOrange
	case anchors == nil:
		anchors = Viridis
	}
	// An odd number of colours, so that Center has its own.
	cols := make([]color.Color, 257)
	for i := range cols {
		cols[i] = interpolate(anchors, float64(i)/256)
	}
	missing := s.Missing
	if missing == nil {
		missing = Missing
	}
	p := New(s.Title, s.XLabel, s.YLabel)
	p.Add(&cells{m: m, colors: cols, missing: missing, min: lo, max: hi})
	p.Add(&colorBar{colors: cols, min: lo, max: hi, label: s.Scale})
	for _, ax := range []struct {
		a      *gplot.Axis
		names  []string
		values []float64
		n      int
	}{{&p.X, s.XTicks, s.XValues, len(m[0])}, {&p.Y, s.YTicks, s.YValues, len(m)}} {
		switch {
		case ax.values != nil:
			if len(ax.values) != ax.n {
				return nil, fmt.Errorf("plot: %d values for %d cells along an axis", len(ax.values), ax.n)
			}
			for i := 1; i < ax.n; i++ {
				if !(ax.values[i] > ax.values[i-1]) {
					return nil, fmt.Errorf("plot: cell values %g, %g do not increase", ax.values[i-1], ax.values[i])
				}
			}
			ax.a.Tick.Marker = valueTicks{ax.values, noteOf(ax.a)}
		case ax.names == nil:
			ax.a.Tick.Marker = indexTicks(ax.n)
		case ax.a == &p.Y:
			CategoryAxis(ax.a, ax.names, 16)
		case longest(ax.names) > 3:
			// Turned, long names take less room along the axis.
			CategoryAxis(ax.a, ax.names, 12)
			p.X.Tick.Label.Rotation = math.Pi / 4
			p.X.Tick.Label.XAlign = draw.XRight
			p.X.Tick.Label.YAlign = draw.YCenter
		default:
			CategoryAxis(ax.a, ax.names, 10)
		}
		// The cells fill the axes: no margin, no padding.
		ax.a.Scale = gplot.LinearScale{}
		ax.a.Padding = 0
	}
	Finish(p)
	return p, nil
}

// cells draws matrix m, cell (c, r) the square [c-1/2, c+1/2] x
// [r-1/2, r+1/2], each filled a hair beyond its edges so that no seams
// show between neighbours (gonum/plot's HeatMap leaves them).
type cells struct {
	m        [][]float64
	colors   []color.Color
	missing  color.Color
	min, max float64
}

func (h *cells) DataRange() (xmin, xmax, ymin, ymax float64) {
	return -0.5, float64(len(h.m[0])) - 0.5, -0.5, float64(len(h.m)) - 0.5
}

func (h *cells) color(v float64) color.Color {
	if math.IsNaN(v) {
		return h.missing
	}
	t := (v - h.min) / (h.max - h.min)
	k := int(math.Round(t * float64(len(h.colors)-1)))
	return h.colors[max(0, min(len(h.colors)-1, k))]
}

func (h *cells) Plot(c draw.Canvas, p *gplot.Plot) {
	tx, ty := p.Transforms(&c)
	const hair = 0.25
	for r, row := range h.m {
		for k, v := range row {
			x0, x1 := tx(float64(k)-0.5), tx(float64(k)+0.5)
			y0, y1 := ty(float64(r)-0.5), ty(float64(r)+0.5)
			var pa vg.Path
			pa.Move(vg.Point{X: x0 - hair, Y: y0 - hair})
			pa.Line(vg.Point{X: x1 + hair, Y: y0 - hair})
			pa.Line(vg.Point{X: x1 + hair, Y: y1 + hair})
			pa.Line(vg.Point{X: x0 - hair, Y: y1 + hair})
			pa.Close()
			c.SetColor(h.color(v))
			c.Fill(pa)
		}
	}
}

// nameTicks labels positions 0, 1, ... with names, every k-th (k = 1, 2,
// 5, 10, 20, ...) when there are more than most.
func nameTicks(names []string, most int) gplot.Ticker {
	return gplot.TickerFunc(func(min, max float64) []gplot.Tick {
		var t []gplot.Tick
		for i := 0; i < len(names); i += roundStep(len(names), most) {
			t = append(t, gplot.Tick{Value: float64(i), Label: names[i]})
		}
		return t
	})
}

// valueTicks ticks an axis of cells 0, 1, ..., n-1 that stand for
// increasing values at round values (roundTicks over the values the
// axis's ends stand for), each placed between the cells whose values
// enclose it, in proportion; beyond the first and the last cell the
// values go on at the step between the first two and the last two.
type valueTicks struct {
	v    []float64
	note *scaleNote
}

// at returns the value position x (in cells) stands for.
func (t valueTicks) at(x float64) float64 {
	n := len(t.v)
	if n == 1 {
		return t.v[0] + x
	}
	i := min(max(int(math.Floor(x)), 0), n-2)
	return t.v[i] + (x-float64(i))*(t.v[i+1]-t.v[i])
}

// position returns the position (in cells) of value v.
func (t valueTicks) position(v float64) float64 {
	n := len(t.v)
	if n == 1 {
		return v - t.v[0]
	}
	i, _ := slices.BinarySearch(t.v, v)
	i = min(max(i-1, 0), n-2)
	return float64(i) + (v-t.v[i])/(t.v[i+1]-t.v[i])
}

func (t valueTicks) Ticks(min, max float64) []gplot.Tick {
	whole := true
	for _, v := range t.v {
		whole = whole && v == math.Trunc(v)
	}
	ticks, k := roundTicks(t.at(min), t.at(max), whole, t.note != nil)
	t.note.set(k)
	for i := range ticks {
		ticks[i].Value = t.position(ticks[i].Value)
	}
	return ticks
}

// indexTicks labels cell indices 0 .. n-1 at a round step giving at most
// eight labels.
func indexTicks(n int) gplot.Ticker {
	return gplot.TickerFunc(func(min, max float64) []gplot.Tick {
		var t []gplot.Tick
		for i := 0; i < n; i += roundStep(n, 8) {
			t = append(t, gplot.Tick{Value: float64(i), Label: fmt.Sprint(i)})
		}
		return t
	})
}

// roundStep is the least step of 1, 2, 5, 10, 20, 50, ... that marks at
// most most of n positions 0, step, 2 step, ...
func roundStep(n, most int) int {
	step := 1
	for k := 0; (n-1)/step >= most; k++ {
		step = []int{2, 5, 10}[k%3] * int(math.Pow10(k/3))
	}
	return step
}

func longest(s []string) int {
	n := 0
	for _, x := range s {
		n = max(n, len([]rune(x)))
	}
	return n
}

// Palettes for heatmaps: each reads in order of value for the common
// colour-vision deficiencies and in grey.
var (
	// Viridis is matplotlib's default colour map (van der Walt and
	// Smith), dark blue to yellow, in eleven evenly spaced samples.
	Viridis = hexes("#440154", "#482475", "#414487", "#355f8d", "#2a788e", "#21918c", "#22a884", "#44bf70", "#7ad151", "#bddf26", "#fde725")
	// PurpleOrange is ColorBrewer's diverging PuOr (Brewer,
	// colorbrewer2.org; marked colour-blind safe), purple for low values
	// through white to orange.
	PurpleOrange = hexes("#2d004b", "#542788", "#8073ac", "#b2abd2", "#d8daeb", "#f7f7f7", "#fee0b6", "#fdb863", "#e08214", "#b35806", "#7f3b08")
	// Greys is ColorBrewer's sequential Greys, light to black, without
	// its white end, so that the lowest value still shows as a cell
	// against white paper (and white missing cells).
	Greys = hexes("#f0f0f0", "#d9d9d9", "#bdbdbd", "#969696", "#737373", "#525252", "#252525", "#000000")
)

func hexes(h ...string) Palette {
	out := make(Palette, len(h))
	for i, s := range h {
		fmt.Sscanf(s, "#%02x%02x%02x", &out[i].R, &out[i].G, &out[i].B)
		out[i].A = 0xff
	}
	return out
}

// interpolate returns the colour at t in [0, 1] along evenly spaced anchors.
func interpolate(anchors Palette, t float64) color.Color {
	t = math.Max(0, math.Min(1, t)) * float64(len(anchors)-1)
	k := min(int(t), len(anchors)-2)
	f := t - float64(k)
	a, b := anchors[k], anchors[k+1]
	mix := func(x, y uint8) uint8 { return uint8(math.Round(float64(x) + f*(float64(y)-float64(x)))) }
	return color.RGBA{mix(a.R, b.R), mix(a.G, b.G), mix(a.B, b.B), 0xff}
}

// colorBar draws the colour scale right of the data, in the margin its
// glyph box makes gonum/plot leave there: the bar, its ticks and labels,
// and its title turned along it.
type colorBar struct {
	colors   []color.Color
	min, max float64
	label    string
}

const (
	barGap   = 6 // points between the data and the bar
	barWidth = 7
)

func (b *colorBar) style(size float64) text.Style {
	return text.Style{Font: font.From(Sans, vg.Points(size)), Handler: newRichText(), Color: color.Black}
}

// ticks returns the bar's labelled ticks, and its label with the power of
// ten they are written in, if any.
func (b *colorBar) ticks() ([]gplot.Tick, string) {
	var out []gplot.Tick
	ticks, k := roundTicks(b.min, b.max, false, true)
	for _, t := range ticks {
		if t.Label != "" {
			out = append(out, t)
		}
	}
	return out, (&scaleNote{k}).label(b.label)
}

// width is the margin the bar needs.
func (b *colorBar) width() vg.Length {
	tick := b.style(tickSize)
	w := vg.Length(0)
	ticks, label := b.ticks()
	for _, t := range ticks {
		w = vg.Length(math.Max(float64(w), float64(tick.Width(t.Label))))
	}
	total := vg.Points(barGap+barWidth+2) + w
	if label != "" {
		total += vg.Points(4) + b.style(labelSize).Height(label)
	}
	return total
}

// GlyphBoxes reserves the margin right of the data, and room above and
// below for the end ticks' labels.
func (b *colorBar) GlyphBoxes(*gplot.Plot) []gplot.GlyphBox {
	half := b.style(tickSize).Height("0") / 2
	boxes := []gplot.GlyphBox{{X: 1, Y: 0.5, Rectangle: vg.Rectangle{Max: vg.Point{X: b.width()}}}}
	ticks, _ := b.ticks()
	for _, t := range ticks {
		y := (t.Value - b.min) / (b.max - b.min)
		boxes = append(boxes, gplot.GlyphBox{X: 1, Y: y, Rectangle: vg.Rectangle{
			Min: vg.Point{X: 0, Y: -half}, Max: vg.Point{X: 1, Y: half}}})
	}
	return boxes
}

// Plot draws the bar in the margin right of the data canvas c.
func (b *colorBar) Plot(c draw.Canvas, _ *gplot.Plot) {
	x0 := c.Max.X + vg.Points(barGap)
	x1 := x0 + vg.Points(barWidth)
	h := c.Max.Y - c.Min.Y
	n := len(b.colors)
	for i, col := range b.colors {
		y0 := c.Min.Y + h*vg.Length(i)/vg.Length(n)
		y1 := c.Min.Y + h*vg.Length(i+1)/vg.Length(n)
		var pa vg.Path
		pa.Move(vg.Point{X: x0, Y: y0})
		pa.Line(vg.Point{X: x1, Y: y0})
		pa.Line(vg.Point{X: x1, Y: y1 + 0.2}) // overlap: no hairlines between
		pa.Line(vg.Point{X: x0, Y: y1 + 0.2})
		pa.Close()
		c.SetColor(col)
		c.Fill(pa)
	}
	line := draw.LineStyle{Color: color.Black, Width: vg.Points(0.5)}
	c.StrokeLines(line, []vg.Point{{X: x0, Y: c.Min.Y}, {X: x1, Y: c.Min.Y}, {X: x1, Y: c.Max.Y}, {X: x0, Y: c.Max.Y}, {X: x0, Y: c.Min.Y}})
	tick := b.style(tickSize)
	tick.YAlign = draw.YCenter
	w := vg.Length(0)
	ticks, label := b.ticks()
	for _, t := range ticks {
		y := c.Min.Y + h*vg.Length((t.Value-b.min)/(b.max-b.min))
		c.StrokeLine2(line, x1, y, x1+vg.Points(2), y)
		c.FillText(tick, vg.Point{X: x1 + vg.Points(3), Y: y}, t.Label)
		w = vg.Length(math.Max(float64(w), float64(tick.Width(t.Label))))
	}
	if label != "" {
		ls := b.style(labelSize)
		ls.Rotation = math.Pi / 2 // reads upwards, as the y-axis label
		ls.XAlign = draw.XCenter
		ls.YAlign = draw.YTop
		c.FillText(ls, vg.Point{X: x1 + vg.Points(5) + w, Y: c.Min.Y + h/2}, label)
	}
}
