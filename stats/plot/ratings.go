package plot

import (
	"fmt"
	"image/color"
	"math"
	"slices"
	"strconv"

	gplot "gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Ratings draws players' ratings with their 95% confidence intervals (lo,
// hi) as a forest plot: one row per player, the best at the top, the name
// on the y axis, the rating a dot on its interval's bar, and a legend that
// says when the intervals are too narrow to see or were not given.
//
// A figure one column wide holds the rows it can at a readable spacing:
// all players in one panel, or, when they do not fit, in two panels side
// by side (ranks 1-15 and 16-30 of 30), or, for a league too large for
// two, the best and the worst in two panels whose titles give their ranks
// of all (ranks 1-50 and 251-300 of 300). Its natural size (Size: one
// column wide, as tall as 30 players in one panel or 100 in two need) is
// what Save, the kernel and the CLI draw it at; drawn smaller it shows
// fewer rows, never crowded ones. The players are given in any order;
// names, rating, lo and hi are in that order.
func Ratings(names []string, rating, lo, hi []float64) (*gplot.Plot, error) {
	return RatingsLevel(names, rating, lo, hi, 0.95)
}

// RatingsLevel is Ratings for intervals at another confidence level (the
// legend says which).
func RatingsLevel(names []string, rating, lo, hi []float64, level float64) (*gplot.Plot, error) {
	n := len(names)
	if len(rating) != n || len(lo) != n || len(hi) != n {
		return nil, fmt.Errorf("plot: %d names, %d ratings, %d lows, %d highs", n, len(rating), len(lo), len(hi))
	}
	if n == 0 {
		return nil, fmt.Errorf("plot: no ratings")
	}
	finite := func(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	// Best first; a player without a rating last; ties as given.
	slices.SortStableFunc(order, func(a, b int) int {
		fa, fb := finite(rating[a]), finite(rating[b])
		switch {
		case fa && fb && rating[a] != rating[b]:
			if rating[a] > rating[b] {
				return -1
			}
			return 1
		case fa && !fb:
			return -1
		case !fa && fb:
			return 1
		}
		return 0
	})
	f := &forest{xlabel: "Elo rating", xmin: math.Inf(1), xmax: math.Inf(-1)}
	for _, i := range order {
		f.names = append(f.names, names[i])
		f.r, f.lo, f.hi = append(f.r, rating[i]), append(f.lo, lo[i]), append(f.hi, hi[i])
		for _, v := range []float64{rating[i], lo[i], hi[i]} {
			if finite(v) {
				f.xmin, f.xmax = math.Min(f.xmin, v), math.Max(f.xmax, v)
			}
		}
	}
	if math.IsInf(f.xmin, 0) {
		return nil, fmt.Errorf("plot: no finite rating")
	}
	if f.xmax == f.xmin {
		f.xmin, f.xmax = f.xmin-1, f.xmax+1
	}
	pct := strconv.FormatFloat(100*level, 'f', -1, 64) + "%"
	intervals := intervalLabel(rating, lo, hi, pct)
	legend := "Elo with " + intervals
	if intervals != pct+" interval" {
		legend = "Elo; " + intervals
	}
	p := New("", "", "")
	p.HideAxes()
	p.X.Padding, p.Y.Padding = 0, 0
	p.Add(f)
	p.Legend.Add(legend, errorThumb{Color(0)})
	p.Legend.XOffs = vg.Points(2)
	Finish(p)
	SetSize(p, Width, f.height(p))
	return p, nil
}

// Rows of a ratings figure: the spacing that keeps 7 pt names apart (their
// ink is 6.6 points high at most), and the spacing and numbers of rows of
// its natural size.
const (
	rowPitch     = 9   // points, at least
	naturalPitch = 9.5 // points
	onePanel     = 30  // players, at most, in one panel at the natural size
	twoPanels    = 50  // rows of each of two panels, at most
	panelGap     = 10  // points between two panels
)

// forest draws the rows of a ratings figure, sorted, in one or two panels
// that it lays out for the canvas it is given.
type forest struct {
	names      []string
	r, lo, hi  []float64
	xmin, xmax float64
	xlabel     string
}

func (f *forest) DataRange() (xmin, xmax, ymin, ymax float64) { return 0, 1, 0, 1 }

// panel returns the plot of rows from to to (exclusive) in a panel of
// rows rows, top aligned, titled title.
func (f *forest) panel(from, to, rows int, title string) *gplot.Plot {
	p := New(title, f.xlabel, "")
	p.Title.TextStyle.Font.Size = vg.Points(labelSize)
	p.Title.Padding = vg.Points(3)
	p.X.Min, p.X.Max = f.xmin, f.xmax
	if title != "" { // a panel half as wide: fewer labels
		p.X.Tick.Marker = numberTicks{note: noteOf(&p.X), labels: 3}
	}
	// Row k of the panel (k = 0 the best) lies at y = rows-1-k.
	names := make([]string, rows)
	for k := from; k < to; k++ {
		names[rows-1-(k-from)] = f.names[k]
	}
	CategoryAxis(&p.Y, names, rows+1)
	p.Y.Min, p.Y.Max = -0.5, float64(rows)-0.5
	p.Y.Scale = gplot.LinearScale{}
	p.Y.Padding = 0
	grid := plotter.NewGrid()
	grid.Horizontal.Color = nil
	grid.Vertical.Color = color.Gray{Y: 0xe0}
	grid.Vertical.Width = vg.Points(0.4)
	p.Add(grid, &forestRows{f: f, from: from, to: to, rows: rows})
	return p
}

// forestRows draws rows from..to of a forest in a panel of rows rows.
type forestRows struct {
	f              *forest
	from, to, rows int
}

func (r *forestRows) Plot(c draw.Canvas, p *gplot.Plot) {
	tx, ty := p.Transforms(&c)
	bar := draw.LineStyle{Color: Color(0), Width: vg.Points(0.8)}
	dot := draw.GlyphStyle{Color: Color(0), Radius: vg.Points(1.8), Shape: draw.CircleGlyph{}}
	finite := func(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }
	for k := r.from; k < r.to; k++ {
		y := ty(float64(r.rows - 1 - (k - r.from)))
		if lo, hi := r.f.lo[k], r.f.hi[k]; finite(lo) && finite(hi) && hi > lo {
			x0, x1 := tx(lo), tx(hi)
			end := vg.Points(1.5)
			c.StrokeLine2(bar, x0, y, x1, y)
			c.StrokeLine2(bar, x0, y-end, x0, y+end)
			c.StrokeLine2(bar, x1, y-end, x1, y+end)
		}
		if finite(r.f.r[k]) {
			c.DrawGlyph(dot, vg.Point{X: tx(r.f.r[k]), Y: y})
		}
	}
}

// layout returns the panels for canvas c and their canvases.
func (f *forest) layout(c draw.Canvas) (panels []*gplot.Plot, canvases []draw.Canvas) {
	n := len(f.names)
	if h := dataHeight(f.panel(0, n, n, ""), c); h >= vg.Points(rowPitch)*vg.Length(n) {
		return []*gplot.Plot{f.panel(0, n, n, "")}, []draw.Canvas{c}
	}
	left, right := c, c
	half := (c.Max.X - c.Min.X - vg.Points(panelGap)) / 2
	left.Max.X = c.Min.X + half
	right.Min.X = c.Max.X - half
	titled := f.panel(0, n, n, "ranks")
	rows := max(1, int(math.Floor(float64(dataHeight(titled, left)/vg.Points(rowPitch)))))
	ranks := func(a, b int) string { return fmt.Sprintf("ranks %d–%d of %d", a+1, b, n) }
	second := n - rows // the best and the worst rows
	if 2*rows >= n {
		rows = (n + 1) / 2 // halves
		second = rows
	}
	return []*gplot.Plot{f.panel(0, rows, rows, ranks(0, rows)), f.panel(second, n, rows, ranks(second, n))},
		[]draw.Canvas{left, right}
}

// dataHeight returns the height of p's data area drawn on c.
func dataHeight(p *gplot.Plot, c draw.Canvas) vg.Length {
	d := p.DataCanvas(draw.Canvas{Rectangle: c.Rectangle})
	return d.Max.Y - d.Min.Y
}

func (f *forest) Plot(c draw.Canvas, outer *gplot.Plot) {
	panels, canvases := f.layout(c)
	for k, p := range panels {
		p.Draw(canvases[k])
		if r, ok := c.Canvas.(*recorder); ok {
			r.register(fmt.Sprintf("panel %d x axis", k+1), p.X)
			r.register(fmt.Sprintf("panel %d y axis", k+1), p.Y)
		}
	}
}

// height returns the natural height of outer, the figure f is drawn in,
// one column wide: all players in one panel up to onePanel of them, else
// half of them (at most twoPanels) in each of two panels, naturalPitch
// points a row, and no less than Height.
func (f *forest) height(outer *gplot.Plot) vg.Length {
	n := len(f.names)
	c := draw.Canvas{Rectangle: vg.Rectangle{Max: vg.Point{X: Width, Y: Height}}}
	data := outer.DataCanvas(c)
	var rows int
	var h vg.Length
	if n <= onePanel {
		rows, h = n, dataHeight(f.panel(0, n, n, ""), data)
	} else {
		data.Max.X = data.Min.X + (data.Max.X-data.Min.X-vg.Points(panelGap))/2
		rows, h = min((n+1)/2, twoPanels), dataHeight(f.panel(0, n, n, "ranks"), data)
	}
	return Height + max(0, vg.Points(naturalPitch)*vg.Length(rows)-h)
}

// intervalLabel names the intervals in the legend, and says so when they
// cannot be seen: none given (lo = hi = the rating), or all narrower than
// a dot. A dot's radius is 1.8 points, in a data area some 150 points
// wide: half-widths under 2.5% of the range drawn show at most a stub
// beyond it (Table VI's +-2.5 Elo over some 600 hide entirely).
func intervalLabel(rating, lo, hi []float64, pct string) string {
	half, bottom, top := 0.0, math.Inf(1), math.Inf(-1)
	for i := range rating {
		for _, v := range []float64{lo[i], hi[i], rating[i]} {
			if !math.IsNaN(v) && !math.IsInf(v, 0) {
				bottom, top = math.Min(bottom, v), math.Max(top, v)
			}
		}
		for _, d := range []float64{rating[i] - lo[i], hi[i] - rating[i]} {
			if !math.IsNaN(d) && !math.IsInf(d, 0) {
				half = math.Max(half, math.Abs(d))
			}
		}
	}
	switch {
	case half == 0:
		return "no intervals given"
	case top > bottom && half < 0.025*(top-bottom):
		return fmt.Sprintf("%s intervals (±%.2g at most) hidden by the dots", pct, half)
	}
	return pct + " interval"
}

// errorThumb is the legend's picture of a rating on its interval's bar.
type errorThumb struct{ c color.Color }

func (t errorThumb) Thumbnail(c *draw.Canvas) {
	x := (c.Min.X + c.Max.X) / 2
	y := (c.Min.Y + c.Max.Y) / 2
	ls := draw.LineStyle{Color: t.c, Width: vg.Points(0.8)}
	end := vg.Points(1.5)
	c.StrokeLine2(ls, c.Min.X, y, c.Max.X, y)
	c.StrokeLine2(ls, c.Min.X, y-end, c.Min.X, y+end)
	c.StrokeLine2(ls, c.Max.X, y-end, c.Max.X, y+end)
	c.DrawGlyph(draw.GlyphStyle{Color: t.c, Radius: vg.Points(1.8), Shape: draw.CircleGlyph{}}, vg.Point{X: x, Y: y})
}
