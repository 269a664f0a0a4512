package plot

import (
	"cmp"
	"fmt"
	"image/color"
	"math"
	"strconv"
	"strings"

	gplot "gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Figure sizes for a two-column paper: one column (Save) and the full
// width of the page (SaveSize with DoubleWidth, DoubleHeight).
var (
	Width        = 3.5 * vg.Inch
	Height       = 2.6 * vg.Inch
	DoubleWidth  = 7 * vg.Inch
	DoubleHeight = 3.2 * vg.Inch
)

// DPI is the resolution of PNG files.
var DPI = 300

// Font sizes, in points, for a figure printed at its size.
const (
	titleSize  = 9
	labelSize  = 8
	tickSize   = 7
	legendSize = 7
)

// Sans is the figures' typeface: Liberation Sans, metrically compatible
// with Arial and Helvetica, which gonum/plot ships and PDF files embed.
var Sans = font.Font{Typeface: "Liberation", Variant: "Sans"}

// Colors is the palette series take in turn: Okabe and Ito's, which
// readers with any common colour-vision deficiency tell apart (blue,
// vermillion, bluish green, orange, reddish purple, sky blue, yellow,
// black).
var Colors = []color.Color{
	color.RGBA{0x00, 0x72, 0xB2, 0xff},
	color.RGBA{0xD5, 0x5E, 0x00, 0xff},
	color.RGBA{0x00, 0x9E, 0x73, 0xff},
	color.RGBA{0xE6, 0x9F, 0x00, 0xff},
	color.RGBA{0xCC, 0x79, 0xA7, 0xff},
	color.RGBA{0x56, 0xB4, 0xE9, 0xff},
	color.RGBA{0xF0, 0xE4, 0x42, 0xff},
	color.RGBA{0x00, 0x00, 0x00, 0xff},
}

// Color returns the i-th colour of the palette, cycling.
func Color(i int) color.Color { return Colors[i%len(Colors)] }

// Gray is for secondary marks: reference lines, individual runs.
var Gray = color.Gray{Y: 0x80}

// New returns an empty plot in the figure style: Liberation Sans at sizes
// for print, thin axes with outward ticks, and text that takes exponents
// and indices (10^{3}, D_{KL}). Give axis labels with their units, as in
// "runtime T (evaluations)".
//
// Each axis leaves a margin of Margin of its length beyond its range at
// both ends, so that no point, line or band touches the frame or the
// legend, whether the range is the data's or one set (p.Y.Min = 0); set
// an axis's Scale to gplot.LinearScale{} for none (heatmaps do).
func New(title, xlabel, ylabel string) *gplot.Plot {
	p := gplot.New()
	rich := newRichText()
	style := func(s *text.Style, size float64) {
		s.Font = font.From(Sans, vg.Points(size))
		s.Handler = rich
	}
	p.Title.Text = title
	style(&p.Title.TextStyle, titleSize)
	p.Title.Padding = vg.Points(4)
	for _, a := range []*gplot.Axis{&p.X, &p.Y} {
		note := &scaleNote{}
		style(&a.Label.TextStyle, labelSize)
		a.Label.TextStyle.Handler = labelText{rich, note}
		style(&a.Tick.Label, tickSize)
		a.Tick.Label.Handler = tickText{rich}
		a.LineStyle.Width = vg.Points(0.6)
		a.Tick.LineStyle.Width = vg.Points(0.6)
		a.Tick.Length = vg.Points(3)
		a.Padding = vg.Points(2)
		a.Scale = margined{gplot.LinearScale{}}
		a.Tick.Marker = numberTicks{note: note}
	}
	p.X.Label.Text, p.Y.Label.Text = xlabel, ylabel
	style(&p.Legend.TextStyle, legendSize)
	p.Legend.ThumbnailWidth = vg.Points(14)
	p.Legend.Padding = vg.Points(1.5) // between entries: their glyphs do not touch
	p.Legend.Top, p.Legend.Left = true, true
	return p
}

// LogAxis makes a an axis in powers of ten: a log scale, with its margin,
// ticked at 10^k labelled as such and unlabelled at the multiples between.
// An axis spanning fewer than three powers of ten labels at least three
// ticks all the same: the multiples 1, 2 and 5 of the powers (20, 50,
// 100, 200), or every multiple, or, on a very short range, round numbers.
func LogAxis(a *gplot.Axis) {
	a.Scale = margined{gplot.LogScale{}}
	a.Tick.Marker = powerTicks{note: noteOf(a)}
}

// CategoryAxis makes a an axis of names, one at each of the positions 0,
// 1, ..., n-1 (every k-th when there are more than most fit): labels and
// no tick marks, which would run through turned labels and carry no
// quantity to read off. It leaves the axis's range as it is.
func CategoryAxis(a *gplot.Axis, names []string, most int) {
	a.Tick.Marker = nameTicks(names, most)
	a.Tick.Length = 0
}

// scaleNote carries the power of ten in which a linear axis writes its
// tick labels from the axis's ticker, which picks it for the axis's range
// when the numbers are long (150000 is written 150 with "(×10^{3})" in
// the axis label), to its label, which names it. New makes one per axis.
type scaleNote struct{ k int }

// noteOf returns the note of an axis made by New, or nil.
func noteOf(a *gplot.Axis) *scaleNote {
	if h, ok := a.Label.TextStyle.Handler.(labelText); ok {
		return h.note
	}
	return nil
}

func (n *scaleNote) set(k int) {
	if n != nil {
		n.k = k
	}
}

// label returns an axis label with the power of ten its tick labels are
// written in: "runtime T (evaluations)" becomes "runtime T (10^{3}
// evaluations)", "games played" "games played (×10^{3})".
func (n *scaleNote) label(txt string) string {
	if n == nil || n.k == 0 {
		return txt
	}
	p := powerLabel(n.k)
	if i := strings.LastIndexByte(txt, '('); i >= 0 && strings.HasSuffix(txt, ")") {
		return txt[:i+1] + p + " " + txt[i+1:]
	}
	if strings.TrimSpace(txt) == "" {
		return "×" + p
	}
	return txt + " (×" + p + ")"
}

// Margin is the share of an axis's length left free beyond its range at
// each end (matplotlib leaves 5%).
const Margin = 0.04

// margined is a scale that maps an axis's range to [Margin, 1-Margin].
type margined struct{ gplot.Normalizer }

func (m margined) Normalize(min, max, x float64) float64 {
	return Margin + (1-2*Margin)*m.Normalizer.Normalize(min, max, x)
}

// widen returns the values at the ends of an axis from min to max with
// its margins: its tickers mark the margins too.
func widen(min, max float64) (lo, hi float64) {
	w := (max - min) * Margin / (1 - 2*Margin)
	return min - w, max + w
}

// powerTicks marks 10^k, labelled, and 2..9 x 10^k, not, over an axis of
// LogAxis's (margins included); over many powers it labels every second
// or third. An axis with fewer than three powers of ten labels the
// multiples 1, 2 and 5 of the powers, or failing three of those every
// multiple, or failing three of those the round numbers of a linear axis.
type powerTicks struct{ note *scaleNote }

func (t powerTicks) Ticks(min, max float64) []gplot.Tick {
	t.note.set(0)
	if !(min > 0) || !(max >= min) {
		return nil
	}
	l, h := widen(math.Log10(min), math.Log10(max))
	min, max = math.Pow(10, l), math.Pow(10, h)
	lo, hi := int(math.Floor(l)), int(math.Ceil(h))
	in := func(v float64) bool { return v >= min*(1-1e-9) && v <= max*(1+1e-9) }
	// multiples returns the ticks at m x 10^k for the m in 1..9 kept,
	// labelled by label ("" for none).
	multiples := func(keep func(m int) bool, label func(m, k int) string) []gplot.Tick {
		var ticks []gplot.Tick
		for k := lo; k <= hi; k++ {
			for m := 1; m <= 9; m++ {
				if v := float64(m) * math.Pow10(k); in(v) && keep(m) {
					ticks = append(ticks, gplot.Tick{Value: v, Label: label(m, k)})
				}
			}
		}
		return ticks
	}
	every := func(int) bool { return true }
	majors := 0
	for k := lo; k <= hi; k++ {
		if in(math.Pow10(k)) {
			majors++
		}
	}
	if majors >= 3 {
		step := 1
		if majors > 6 {
			step = (majors + 5) / 6
		}
		keep := every
		if majors > 5 { // the multiples would crowd the powers
			keep = func(m int) bool { return m == 1 }
		}
		return multiples(keep, func(m, k int) string {
			if m == 1 && k%step == 0 {
				return powerLabel(k)
			}
			return ""
		})
	}
	oneTwoFive := multiples(every, func(m, k int) string {
		if m == 1 || m == 2 || m == 5 {
			return number(float64(m) * math.Pow10(k))
		}
		return ""
	})
	if labelled(oneTwoFive) >= 3 {
		return oneStyle(oneTwoFive)
	}
	all := multiples(every, func(m, k int) string { return number(float64(m) * math.Pow10(k)) })
	if labelled(all) >= 3 {
		return oneStyle(all)
	}
	ticks, k := roundTicks(min, max, false, t.note != nil)
	t.note.set(k)
	return ticks
}

// oneStyle writes the labels of a log axis in one style: plain numbers
// (1500, 0.25) when number writes them all so, else every one but 0 as
// m×10^k with m from 1 to 9, each with its own exponent (5×10^4, 10^5,
// 2×10^5; never 50000 beside 10^5 and 1.5×10^5).
func oneStyle(ticks []gplot.Tick) []gplot.Tick {
	sci := false
	for _, t := range ticks {
		if a := math.Abs(t.Value); t.Label != "" && t.Value != 0 {
			sci = sci || a >= 1e5 || a < 1e-3
		}
	}
	if !sci {
		return ticks
	}
	for i, t := range ticks {
		if t.Label == "" || t.Value == 0 {
			continue
		}
		k := exponent(t.Value)
		m := strings.Replace(strconv.FormatFloat(t.Value/math.Pow10(k), 'g', 3, 64), "-", "−", 1)
		switch m {
		case "1":
			ticks[i].Label = powerLabel(k)
		case "−1":
			ticks[i].Label = "−" + powerLabel(k)
		default:
			ticks[i].Label = m + "×" + powerLabel(k)
		}
	}
	return ticks
}

// exponent is the power of ten of |v|'s leading digit.
func exponent(v float64) int { return int(math.Floor(math.Log10(math.Abs(v)) + 1e-9)) }

// decimal writes the labels of a linear axis as plain numbers, all with
// the decimals their step needs (0.0, 0.5, 1.0; 1619.4304, 1619.4306 on
// a narrow range), never m×10^k. When scale allows and the numbers are
// long (the largest 10^5 or more, or below 10^-3) they are written in
// units of 10^k, k a multiple of three that puts the largest between 1
// and 1000 (0, 50, 100, 150 for 0 to 1.5×10^5, k = 3), and decimal
// returns k for the axis label to name (scaleNote); else it returns 0.
func decimal(ticks []gplot.Tick, scale bool) int {
	top, gap, prev, n := 0.0, math.Inf(1), 0.0, 0
	for _, t := range ticks {
		if t.Label == "" {
			continue
		}
		if n > 0 {
			gap = math.Min(gap, t.Value-prev)
		}
		prev, n = t.Value, n+1
		top = math.Max(top, math.Abs(t.Value))
	}
	k := 0
	if scale && top > 0 && (top >= 1e5 || top < 1e-3) {
		k = 3 * int(math.Floor(float64(exponent(top))/3))
	}
	d := 0
	if gap > 0 && !math.IsInf(gap, 0) {
		d = max(0, k-exponent(gap))
	}
	for i, t := range ticks {
		if t.Label == "" {
			continue
		}
		v := math.Round(t.Value/math.Pow10(k-d)) / math.Pow10(d)
		if v == 0 {
			v = 0 // no −0
		}
		ticks[i].Label = strings.Replace(strconv.FormatFloat(v, 'f', d, 64), "-", "−", 1)
	}
	return k
}

// labelled counts the labelled ticks.
func labelled(ticks []gplot.Tick) int {
	n := 0
	for _, t := range ticks {
		if t.Label != "" {
			n++
		}
	}
	return n
}

// powerLabel is 10^{k}, with a true minus sign.
func powerLabel(k int) string {
	return "10^{" + strings.Replace(fmt.Sprint(k), "-", "−", 1) + "}"
}

// numberTicks are roundTicks over an axis of New's, margins included,
// with the power of ten the labels are written in (if any) noted for the
// axis label.
type numberTicks struct {
	whole bool
	note  *scaleNote
	// labels is the number of labels wanted: 5 when 0, fewer on a
	// narrow axis.
	labels int
}

func (t numberTicks) Ticks(min, max float64) []gplot.Tick {
	lo, hi := widen(min, max)
	ticks, k := roundTicksN(lo, hi, t.whole, t.note != nil, cmp.Or(t.labels, 5))
	t.note.set(k)
	return ticks
}

// CountAxis ticks a, a linear axis of New's, at whole numbers only: for
// counts, generations, ranks.
func CountAxis(a *gplot.Axis) { a.Tick.Marker = numberTicks{whole: true, note: noteOf(a)} }

// roundTicks marks min..max at a round step, 1, 2 or 5 x 10^k (whole
// numbers only when whole), the one that labels closest to five ticks and
// at least three where it can; unlabelled ticks divide the step in five
// (or in four for a step of 2 x 10^k, in whole numbers when whole).
// Labels are plain numbers with the same decimals (decimal), in units of
// 10^k when scale allows and they are long; it returns k (0 if none).
func roundTicks(lo, hi float64, whole, scale bool) ([]gplot.Tick, int) {
	return roundTicksN(lo, hi, whole, scale, 5)
}

// roundTicksN is roundTicks labelling closest to want ticks: at least
// three where it can, or two when want is less than five (a narrow axis).
func roundTicksN(lo, hi float64, whole, scale bool, want int) ([]gplot.Tick, int) {
	if !(hi > lo) {
		return nil, 0
	}
	count := func(s float64) int { return int(math.Floor(hi/s+1e-9)-math.Ceil(lo/s-1e-9)) + 1 }
	least := 3
	if want < 5 {
		least = 2
	}
	cost := func(n int) int {
		if n < least {
			return 100 - n
		}
		return max(n-want, want-n)
	}
	var step float64
	k0 := int(math.Floor(math.Log10(hi-lo))) - 2
	for k := k0; k <= k0+4; k++ {
		for _, m := range []float64{1, 2, 5} {
			s := m * math.Pow10(k)
			if whole && s < 1 {
				continue
			}
			// Ties go to the longer step, met later.
			if step == 0 || cost(count(s)) <= cost(count(step)) {
				step = s
			}
		}
	}
	sub := 5.0
	if m := math.Round(step / math.Pow10(int(math.Floor(math.Log10(step)+1e-9)))); m == 2 {
		sub = 4
	}
	if whole && step/sub != math.Round(step/sub) {
		sub = step // step is 1 or 2: its whole numbers
	}
	minor := step / sub
	var ticks []gplot.Tick
	for i := math.Ceil(lo/minor - 1e-9); i*minor <= hi+1e-9*minor; i++ {
		t := gplot.Tick{Value: i * minor}
		if math.Mod(i, sub) == 0 {
			t.Label = number(t.Value)
		}
		ticks = append(ticks, t)
	}
	return ticks, decimal(ticks, scale)
}

// number formats a tick value: 0.25, 1500, 2×10^{6}.
func number(v float64) string {
	if v == 0 {
		return "0"
	}
	if a := math.Abs(v); a >= 1e5 || a < 1e-3 {
		k := int(math.Floor(math.Log10(a)))
		m := v / math.Pow10(k)
		if math.Abs(m-math.Round(m)) < 1e-9 {
			if math.Round(m) == 1 {
				return powerLabel(k)
			}
			return strings.Replace(fmt.Sprintf("%g×", math.Round(m)), "-", "−", 1) + powerLabel(k)
		}
		return strings.Replace(fmt.Sprintf("%.3g×", m), "-", "−", 1) + powerLabel(k)
	}
	return strings.Replace(fmt.Sprintf("%.6g", v), "-", "−", 1)
}

// legendGap separates the legend from the title and from the data.
const legendGap = 3

// Finish places the legend, if any, in a band of its own between the
// title and the data, so that it never covers data whatever the data are.
// It must be called after the last legend entry is added; it can be called
// again. The constructors of this package call it, and so does Save.
func Finish(p *gplot.Plot) {
	r := p.Legend.Rectangle(draw.Canvas{})
	h := r.Max.Y - r.Min.Y
	if h <= 0 {
		p.Legend.YOffs = 0
		p.Title.Padding = vg.Points(4)
		return
	}
	if strings.TrimSpace(p.Title.Text) == "" {
		// gonum/plot reserves the band under the title only when there
		// is one: make a blank title as small as it can be.
		p.Title.Text = " "
		p.Title.TextStyle.Font.Size = vg.Points(1)
	}
	p.Legend.Top = true
	p.Legend.YOffs = h + vg.Points(legendGap)
	p.Title.Padding = h + 2*vg.Points(legendGap)
}

// Line adds a line through (x[i], y[i]) in colour c, dashed or not, with
// a legend entry when label is not empty, and returns it.
func Line(p *gplot.Plot, x, y []float64, c color.Color, dashed bool, label string) (*plotter.Line, error) {
	l, err := plotter.NewLine(xys(x, y))
	if err != nil {
		return nil, err
	}
	l.Color = c
	l.Width = vg.Points(1.2)
	if dashed {
		l.Dashes = []vg.Length{vg.Points(3), vg.Points(2)}
	}
	p.Add(l)
	if label != "" {
		p.Legend.Add(label, l)
	}
	return l, nil
}

// Points adds a marker at each (x[i], y[i]) in colour c, and returns them.
func Points(p *gplot.Plot, x, y []float64, c color.Color, label string) (*plotter.Scatter, error) {
	s, err := plotter.NewScatter(xys(x, y))
	if err != nil {
		return nil, err
	}
	s.Color = c
	s.GlyphStyle.Radius = vg.Points(1.6)
	s.GlyphStyle.Shape = draw.CircleGlyph{}
	p.Add(s)
	if label != "" {
		p.Legend.Add(label, s)
	}
	return s, nil
}

// Band shades the region between lo[i] and hi[i] over x[i] (a confidence
// band) in a light tint of colour c, with a legend entry when label is not
// empty; it returns the band. Add it before the lines it surrounds so
// that it lies under them.
func Band(p *gplot.Plot, x, lo, hi []float64, c color.Color, label string) (*plotter.Polygon, error) {
	if len(lo) != len(x) || len(hi) != len(x) || len(x) < 2 {
		return nil, fmt.Errorf("plot: band of %d x, %d low and %d high values", len(x), len(lo), len(hi))
	}
	pts := make(plotter.XYs, 0, 2*len(x))
	for i := range x {
		pts = append(pts, plotter.XY{X: x[i], Y: lo[i]})
	}
	for i := len(x) - 1; i >= 0; i-- {
		pts = append(pts, plotter.XY{X: x[i], Y: hi[i]})
	}
	poly, err := plotter.NewPolygon(pts)
	if err != nil {
		return nil, err
	}
	poly.Color = tint(c, 0.3)
	poly.LineStyle.Width = 0
	p.Add(poly)
	if label != "" {
		p.Legend.Add(label, poly)
	}
	return poly, nil
}

// tint mixes c with white: a share of c.
func tint(c color.Color, share float64) color.Color {
	r, g, b, _ := c.RGBA()
	mix := func(v uint32) uint8 { return uint8(255 - share*(255-float64(v>>8))) }
	return color.RGBA{mix(r), mix(g), mix(b), 0xff}
}

func xys(x, y []float64) plotter.XYs {
	pts := make(plotter.XYs, min(len(x), len(y)))
	for i := range pts {
		pts[i] = plotter.XY{X: x[i], Y: y[i]}
	}
	return pts
}
