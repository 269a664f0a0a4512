package plot

import (
	"bytes"
	"fmt"
	"image/color"
	"io"
	"math"
	"path/filepath"
	"sort"
	"strings"

	"github.com/vdobler/chart"
	"github.com/vdobler/chart/txtg"
	gplot "gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"

	"github.com/coevolab/coevo/internal/atomicfile"
)

// Ratings plots each player's rating with its confidence interval. Up to
// 40 players it marks each with an error bar, named along x in the order
// given; beyond that names are unreadable, so it draws the ratings sorted,
// against rank, inside a shaded band of their intervals.
func Ratings(names []string, rating, lo, hi []float64) (*gplot.Plot, error) {
	n := len(names)
	if len(rating) != n || len(lo) != n || len(hi) != n {
		return nil, fmt.Errorf("plot: %d names, %d ratings, %d lows, %d highs", n, len(rating), len(lo), len(hi))
	}
	if n == 0 {
		return nil, fmt.Errorf("plot: no ratings")
	}
	intervals := intervalLabel(rating, lo, hi)
	if n > 40 {
		idx := make([]int, n)
		for i := range idx {
			idx[i] = i
		}
		sort.SliceStable(idx, func(a, b int) bool { return rating[idx[a]] > rating[idx[b]] })
		x, r, l, h := make([]float64, n), make([]float64, n), make([]float64, n), make([]float64, n)
		for k, i := range idx {
			x[k], r[k], l[k], h[k] = float64(k+1), rating[i], lo[i], hi[i]
		}
		p := New("", "player, ranked by rating", "Elo rating")
		if _, err := Band(p, x, l, h, Color(0), intervals); err != nil {
			return nil, err
		}
		if _, err := Line(p, x, r, Color(0), false, "Elo"); err != nil {
			return nil, err
		}
		p.X.Min, p.X.Max = 1, float64(n)
		CountAxis(&p.X)
		Finish(p)
		return p, nil
	}
	p := New("", "", "Elo rating")
	pts := make(plotter.XYs, n)
	errs := make(plotter.YErrors, n)
	for i := range pts {
		pts[i] = plotter.XY{X: float64(i), Y: rating[i]}
		errs[i].Low, errs[i].High = rating[i]-lo[i], hi[i]-rating[i]
	}
	grid := plotter.NewGrid()
	grid.Vertical.Color = nil
	grid.Horizontal.Color = color.Gray{Y: 0xe0}
	grid.Horizontal.Width = vg.Points(0.4)
	p.Add(grid)
	eb, err := plotter.NewYErrorBars(struct {
		plotter.XYer
		plotter.YErrorer
	}{pts, errs})
	if err != nil {
		return nil, err
	}
	eb.Color = Color(0)
	eb.LineStyle.Width = vg.Points(0.8)
	eb.CapWidth = vg.Points(3)
	sc, err := plotter.NewScatter(pts)
	if err != nil {
		return nil, err
	}
	sc.Color = Color(0)
	sc.GlyphStyle.Radius = vg.Points(1.8)
	sc.GlyphStyle.Shape = draw.CircleGlyph{}
	p.Add(eb, sc)
	legend := "Elo with 95% interval"
	if intervals != legend[len("Elo with "):] {
		legend = "Elo; " + intervals
	}
	p.Legend.Add(legend, errorThumb{Color(0)})
	p.NominalX(names...)
	p.X.Min, p.X.Max = -0.5, float64(n)-0.5
	p.X.Tick.Label.Rotation = math.Pi / 4
	p.X.Tick.Label.XAlign = draw.XRight
	p.X.Tick.Label.YAlign = draw.YCenter
	Finish(p)
	return p, nil
}

// intervalLabel names the intervals in the legend, and says so when they
// cannot be seen: none given (lo = hi = the rating), or all narrower than
// a dot. A dot's radius is 1.8 points, in a data area some 120 points
// high: half-widths under 2.5% of the range drawn show at most a stub
// beyond it (Table VI's +-2.5 Elo over some 600 hide entirely).
func intervalLabel(rating, lo, hi []float64) string {
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
		return fmt.Sprintf("95%% intervals (±%.2g at most) hidden by the dots", half)
	}
	return "95% interval"
}

// errorThumb is the legend's picture of a point with an error bar.
type errorThumb struct{ c color.Color }

func (t errorThumb) Thumbnail(c *draw.Canvas) {
	x := (c.Min.X + c.Max.X) / 2
	y := (c.Min.Y + c.Max.Y) / 2
	ls := draw.LineStyle{Color: t.c, Width: vg.Points(0.8)}
	c.StrokeLine2(ls, x, c.Min.Y, x, c.Max.Y)
	c.StrokeLine2(ls, x-vg.Points(1.5), c.Min.Y, x+vg.Points(1.5), c.Min.Y)
	c.StrokeLine2(ls, x-vg.Points(1.5), c.Max.Y, x+vg.Points(1.5), c.Max.Y)
	c.DrawGlyph(draw.GlyphStyle{Color: t.c, Radius: vg.Points(1.8), Shape: draw.CircleGlyph{}}, vg.Point{X: x, Y: y})
}

// LogLog plots points on log-log axes with an optional fitted curve and an
// optional reference slope (a bound's exponent) through the first point.
func LogLog(title, xlabel, ylabel string, x, y []float64, fit func(float64) float64, fitLabel string, boundExponent float64) (*gplot.Plot, error) {
	if len(x) != len(y) || len(x) == 0 {
		return nil, fmt.Errorf("plot: %d x values and %d y values", len(x), len(y))
	}
	var px, py []float64
	for i := range x {
		if x[i] > 0 && y[i] > 0 {
			px, py = append(px, x[i]), append(py, y[i])
		}
	}
	if len(px) == 0 {
		return nil, fmt.Errorf("plot: no positive points for log-log axes")
	}
	p := New(title, xlabel, ylabel)
	LogAxis(&p.X)
	LogAxis(&p.Y)
	if _, err := Points(p, px, py, Color(0), "measured"); err != nil {
		return nil, err
	}
	xmin, xmax := px[0], px[0]
	for _, v := range px {
		xmin, xmax = math.Min(xmin, v), math.Max(xmax, v)
	}
	if fit != nil {
		cx, cy := Curve(fit, xmin, xmax)
		if len(cx) >= 2 {
			if _, err := Line(p, cx, cy, Color(1), false, fitLabel); err != nil {
				return nil, err
			}
		}
	}
	if boundExponent != 0 {
		x0, y0 := px[0], py[0]
		cx, cy := Curve(func(v float64) float64 { return y0 * math.Pow(v/x0, boundExponent) }, xmin, xmax)
		if len(cx) >= 2 {
			if _, err := Line(p, cx, cy, Gray, true, fmt.Sprintf("slope %g (bound)", boundExponent)); err != nil {
				return nil, err
			}
		}
	}
	Finish(p)
	return p, nil
}

// Curve samples f at 64 points spaced evenly in log x over [xmin, xmax],
// keeping the positive finite values (for log axes).
func Curve(f func(float64) float64, xmin, xmax float64) (x, y []float64) {
	for k := 0; k <= 63; k++ {
		v := xmin * math.Pow(xmax/xmin, float64(k)/63)
		if fv := f(v); fv > 0 && !math.IsInf(fv, 0) && !math.IsNaN(fv) {
			x, y = append(x, v), append(y, fv)
		}
	}
	return x, y
}

// Save writes p one column wide (Width x Height) in the format named by
// the extension of path: .pdf (fonts embedded), .svg, .png (at DPI) or
// .eps, through a temporary file so that no half-written figure is left
// behind. It finishes the plot's layout first (Finish).
func Save(p *gplot.Plot, path string) error { return SaveSize(p, path, Width, Height) }

// SaveSize is Save at a given size, such as DoubleWidth x DoubleHeight for
// a figure across both columns.
func SaveSize(p *gplot.Plot, path string, w, h vg.Length) error {
	ext := strings.ToLower(strings.TrimPrefix(filepath.Ext(path), "."))
	switch ext {
	case "pdf", "svg", "png", "eps":
	default:
		return fmt.Errorf("plot %s: unknown format %q (want .pdf, .svg, .png or .eps)", path, filepath.Ext(path))
	}
	Finish(p)
	out, err := Render(p, w, h, ext)
	if err != nil {
		return err
	}
	return atomicfile.Write(path, func(f io.Writer) error {
		_, err := f.Write(out)
		return err
	})
}

// Render draws p at size w x h in a format: pdf, svg, png (at DPI) or eps.
func Render(p *gplot.Plot, w, h vg.Length, format string) ([]byte, error) {
	var buf bytes.Buffer
	if format == "png" {
		c := vgimg.NewWith(vgimg.UseWH(w, h), vgimg.UseDPI(DPI))
		p.Draw(draw.New(c))
		if _, err := (vgimg.PngCanvas{Canvas: c}).WriteTo(&buf); err != nil {
			return nil, err
		}
		return buf.Bytes(), nil
	}
	wt, err := p.WriterTo(w, h, format)
	if err != nil {
		return nil, err
	}
	if _, err := wt.WriteTo(&buf); err != nil {
		return nil, err
	}
	out := buf.Bytes()
	// gonum/plot v0.17.0 starts EPS files with "%%!PS-Adobe", which is
	// not the PostScript magic "%!PS-Adobe" that readers look for.
	if format == "eps" && bytes.HasPrefix(out, []byte("%%!PS")) {
		out = out[1:]
	}
	return out, nil
}

// Text renders a scatter of (x, y) as a plain-text chart of w x h
// characters, with logarithmic axes on request.
func Text(title string, x, y []float64, logx, logy bool, w, h int) string {
	c := chart.ScatterChart{Title: title}
	c.XRange.Log, c.YRange.Log = logx, logy
	c.AddDataPair("", x, y, chart.PlotStylePoints, chart.Style{Symbol: '*'})
	g := txtg.New(w, h)
	c.Plot(g)
	return g.String()
}
