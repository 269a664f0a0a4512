package plot

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"math"
	"regexp"
	"strings"

	xfont "golang.org/x/image/font"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
	gplot "gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Check draws p at w x h and reports the breaches of the figure rules
// that can be read off the drawing itself, from what is drawn where and
// the fonts' metrics (no image is made):
//
//   - a line drawn through a text: a tick mark through a tick label, an
//     axis line through a turned label, a data line through the legend;
//   - two texts drawn over each other (crowded tick labels or names);
//   - a text cut by the edge of the figure;
//   - an axis whose tick labels mix notations: plain numbers beside
//     m×10^k, m×10^k with m outside 1..9 (0.5×10^5), m×10^k on a linear
//     axis (its numbers are written plain, with the power of ten in the
//     axis label), or plain numbers with different decimals on a linear
//     axis (0, 0.5, 1 beside 1.0);
//   - an axis of names (a category axis) with tick marks.
//
// A text's box is as wide as its advance and as high as its glyphs' ink
// reaches above and below its baseline. It returns nil when p
// keeps every rule, else an error listing each breach.
func Check(p *gplot.Plot, w, h vg.Length) error {
	r := newRecorder(w, h)
	p.Draw(draw.New(r))
	var errs []error
	r.axes = append([]axisCheck{{"x axis", p.X}, {"y axis", p.Y}}, r.axes...)
	for _, a := range r.axes {
		if err := checkTicks(a.name, a.axis); err != nil {
			errs = append(errs, err)
		}
	}
	const tol = 0.05 // points: touching is not crossing
	for i, t := range r.texts {
		for _, c := range t.corners {
			if c.X < -tol || c.Y < -tol || c.X > w+tol || c.Y > h+tol {
				errs = append(errs, fmt.Errorf("%q is cut by the edge of the figure", t.s))
				break
			}
		}
		for _, u := range r.texts[:i] {
			if overlap(t.corners, u.corners, tol) {
				errs = append(errs, fmt.Errorf("%q and %q are drawn over each other", u.s, t.s))
			}
		}
		for _, l := range r.lines {
			if t.crossedBy(l, tol) {
				errs = append(errs, fmt.Errorf("a line from (%.1f, %.1f) to (%.1f, %.1f) points crosses %q", l.a.X, l.a.Y, l.b.X, l.b.Y, t.s))
				break
			}
		}
	}
	return errors.Join(errs...)
}

// axisCheck is an axis whose tick labels Check reads: the plot's own, and
// those of panels a figure draws inside it (Ratings), which register
// themselves with the recorder as they are drawn.
type axisCheck struct {
	name string
	axis gplot.Axis
}

var (
	plainNumber = regexp.MustCompile(`^−?[0-9]+(\.[0-9]+)?$`)
	powerNumber = regexp.MustCompile(`^(−?[1-9](\.[0-9]+)?×|−)?10\^\{−?[0-9]+\}$`)
	anyNumber   = regexp.MustCompile(`^[−0-9.×^{}]+$`)
)

// checkTicks checks the notation of an axis's tick labels.
func checkTicks(name string, a gplot.Axis) error {
	if a.Tick.Marker == nil || !(a.Max > a.Min) {
		return nil
	}
	var labels []string
	plain, power, names := 0, 0, 0
	decimals := map[int]bool{}
	for _, t := range a.Tick.Marker.Ticks(a.Min, a.Max) {
		if t.Label == "" {
			continue
		}
		labels = append(labels, t.Label)
		switch {
		case plainNumber.MatchString(t.Label):
			plain++
			_, frac, _ := strings.Cut(t.Label, ".")
			decimals[len(frac)] = true
		case powerNumber.MatchString(t.Label):
			power++
		case anyNumber.MatchString(t.Label):
			return fmt.Errorf("%s: tick label %q is no plain number and no m×10^k with m in 1..9", name, t.Label)
		default:
			names++
		}
	}
	_, log := a.Scale.(gplot.LogScale)
	if m, ok := a.Scale.(margined); ok {
		_, log = m.Normalizer.(gplot.LogScale)
	}
	switch {
	case names > 0 && plain+power > 0:
		return fmt.Errorf("%s: tick labels %q mix names and numbers", name, labels)
	case names > 0 && a.Tick.Length > 0 && a.Tick.LineStyle.Width > 0:
		return fmt.Errorf("%s: an axis of names (%s, ...) has tick marks", name, labels[0])
	case plain > 0 && power > 0:
		return fmt.Errorf("%s: tick labels %q mix plain numbers and powers of ten", name, labels)
	case power > 0 && !log:
		return fmt.Errorf("%s: tick labels %q: a linear axis writes plain numbers (a power of ten goes in its label)", name, labels)
	case !log && len(decimals) > 1:
		return fmt.Errorf("%s: tick labels %q have different decimals", name, labels)
	}
	return nil
}

// A recorder is a vg.Canvas that keeps where texts and lines are drawn,
// in points from the lower left corner of the figure.
type recorder struct {
	w, h  vg.Length
	m     affine
	width vg.Length
	stack []recorderState
	texts []textBox
	lines []segment
	axes  []axisCheck
}

type recorderState struct {
	m     affine
	width vg.Length
}

func newRecorder(w, h vg.Length) *recorder {
	return &recorder{w: w, h: h, m: affine{1, 0, 0, 1, 0, 0}, width: 1}
}

// affine maps (x, y) to (a x + c y + e, b x + d y + f).
type affine struct{ a, b, c, d, e, f float64 }

func (m affine) apply(p vg.Point) vg.Point {
	x, y := float64(p.X), float64(p.Y)
	return vg.Point{X: vg.Length(m.a*x + m.c*y + m.e), Y: vg.Length(m.b*x + m.d*y + m.f)}
}

// times returns m applied after n: m(n(p)).
func (m affine) times(n affine) affine {
	return affine{
		a: m.a*n.a + m.c*n.b, b: m.b*n.a + m.d*n.b,
		c: m.a*n.c + m.c*n.d, d: m.b*n.c + m.d*n.d,
		e: m.a*n.e + m.c*n.f + m.e, f: m.b*n.e + m.d*n.f + m.f,
	}
}

// A segment is a straight piece of a stroked line.
type segment struct{ a, b vg.Point }

// A textBox is a text's box, its four corners counter-clockwise from the
// start of its descent line.
type textBox struct {
	s       string
	corners [4]vg.Point
}

func (r *recorder) SetLineWidth(w vg.Length)            { r.width = w }
func (r *recorder) SetLineDash([]vg.Length, vg.Length)  {}
func (r *recorder) SetColor(color.Color)                {}
func (r *recorder) Fill(vg.Path)                        {}
func (r *recorder) DrawImage(vg.Rectangle, image.Image) {}
func (r *recorder) Push()                               { r.stack = append(r.stack, recorderState{r.m, r.width}) }
func (r *recorder) Translate(pt vg.Point) {
	r.m = r.m.times(affine{1, 0, 0, 1, float64(pt.X), float64(pt.Y)})
}
func (r *recorder) Scale(x, y float64) { r.m = r.m.times(affine{x, 0, 0, y, 0, 0}) }
func (r *recorder) Rotate(rad float64) {
	s, c := math.Sincos(rad)
	r.m = r.m.times(affine{c, s, -s, c, 0, 0})
}
func (r *recorder) Size() (w, h vg.Length)                { return r.w, r.h }
func (r *recorder) register(name string, a gplot.Axis)    { r.axes = append(r.axes, axisCheck{name, a}) }
func (r *recorder) recordLine(a, b vg.Point, w vg.Length) { r.lines = append(r.lines, segment{a, b}) }

func (r *recorder) Pop() {
	if n := len(r.stack); n > 0 {
		r.m, r.width = r.stack[n-1].m, r.stack[n-1].width
		r.stack = r.stack[:n-1]
	}
}

func (r *recorder) Stroke(p vg.Path) {
	if r.width <= 0 {
		return
	}
	var start, at vg.Point
	for _, c := range p {
		switch c.Type {
		case vg.MoveComp:
			start, at = c.Pos, c.Pos
		case vg.LineComp:
			r.recordLine(r.m.apply(at), r.m.apply(c.Pos), r.width)
			at = c.Pos
		case vg.ArcComp:
			const steps = 16
			for k := 0; k <= steps; k++ {
				s, co := math.Sincos(c.Start + c.Angle*float64(k)/steps)
				q := vg.Point{X: c.Pos.X + c.Radius*vg.Length(co), Y: c.Pos.Y + c.Radius*vg.Length(s)}
				if k > 0 {
					r.recordLine(r.m.apply(at), r.m.apply(q), r.width)
				}
				at = q
			}
		case vg.CurveComp:
			for _, q := range append(append([]vg.Point{}, c.Control...), c.Pos) {
				r.recordLine(r.m.apply(at), r.m.apply(q), r.width)
				at = q
			}
		case vg.CloseComp:
			r.recordLine(r.m.apply(at), r.m.apply(start), r.width)
			at = start
		}
	}
}

func (r *recorder) FillString(f font.Face, pt vg.Point, s string) {
	if strings.TrimSpace(s) == "" || f.Font.Size <= 0 {
		return
	}
	top, bottom := ink(f, s)
	x0, x1 := pt.X, pt.X+f.Width(s)
	y0, y1 := pt.Y-bottom, pt.Y+top
	r.texts = append(r.texts, textBox{s: s, corners: [4]vg.Point{
		r.m.apply(vg.Point{X: x0, Y: y0}), r.m.apply(vg.Point{X: x1, Y: y0}),
		r.m.apply(vg.Point{X: x1, Y: y1}), r.m.apply(vg.Point{X: x0, Y: y1}),
	}})
}

// crossedBy reports whether segment l passes through the box, shrunk by
// tol all round.
func (t textBox) crossedBy(l segment, tol vg.Length) bool {
	// In the box's own frame: origin at corner 0, u along its baseline,
	// v up its height.
	o := t.corners[0]
	ux, uy := float64(t.corners[1].X-o.X), float64(t.corners[1].Y-o.Y)
	vx, vy := float64(t.corners[3].X-o.X), float64(t.corners[3].Y-o.Y)
	lu, lv := math.Hypot(ux, uy), math.Hypot(vx, vy)
	if lu == 0 || lv == 0 {
		return false
	}
	local := func(p vg.Point) (float64, float64) {
		dx, dy := float64(p.X-o.X), float64(p.Y-o.Y)
		return (dx*ux + dy*uy) / lu, (dx*vx + dy*vy) / lv
	}
	ax, ay := local(l.a)
	bx, by := local(l.b)
	// Liang and Barsky's clipping of the segment to [t, lu-t] x [t, lv-t].
	d := float64(tol)
	lo, hi := 0.0, 1.0
	for _, c := range [][2]float64{{-(bx - ax), ax - d}, {bx - ax, lu - d - ax}, {-(by - ay), ay - d}, {by - ay, lv - d - ay}} {
		p, q := c[0], c[1]
		if p == 0 {
			if q < 0 {
				return false
			}
			continue
		}
		r := q / p
		if p < 0 {
			lo = math.Max(lo, r)
		} else {
			hi = math.Min(hi, r)
		}
		if lo > hi {
			return false
		}
	}
	return true
}

// overlap reports whether two convex quadrilaterals, each shrunk by tol,
// overlap: no edge's normal separates them.
func overlap(a, b [4]vg.Point, tol vg.Length) bool {
	for _, poly := range [][4]vg.Point{a, b} {
		for i := range poly {
			p, q := poly[i], poly[(i+1)%4]
			nx, ny := float64(q.Y-p.Y), float64(p.X-q.X)
			l := math.Hypot(nx, ny)
			if l == 0 {
				continue
			}
			nx, ny = nx/l, ny/l
			span := func(s [4]vg.Point) (lo, hi float64) {
				lo, hi = math.Inf(1), math.Inf(-1)
				for _, c := range s {
					v := float64(c.X)*nx + float64(c.Y)*ny
					lo, hi = math.Min(lo, v), math.Max(hi, v)
				}
				return lo + float64(tol), hi - float64(tol)
			}
			alo, ahi := span(a)
			blo, bhi := span(b)
			if ahi <= blo || bhi <= alo {
				return false
			}
		}
	}
	return true
}

// ink returns how far the glyphs of s reach above and below its baseline.
func ink(f font.Face, s string) (top, bottom vg.Length) {
	var buf sfnt.Buffer
	upem := fixed.Int26_6(f.Face.UnitsPerEm())
	scale := f.Font.Size / vg.Length(upem)
	hi, lo := fixed.Int26_6(0), fixed.Int26_6(0)
	for _, r := range s {
		i, err := f.Face.GlyphIndex(&buf, r)
		if err != nil || i == 0 {
			continue
		}
		b, _, err := f.Face.GlyphBounds(&buf, i, upem, xfont.HintingNone)
		if err != nil || b.Empty() {
			continue
		}
		// Font units run downwards: Min.Y is the top.
		hi, lo = max(hi, -b.Min.Y), max(lo, b.Max.Y)
	}
	return vg.Length(hi) * scale, vg.Length(lo) * scale
}
