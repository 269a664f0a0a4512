package plot

import (
	"bytes"
	"fmt"
	"image/color"
	"io"
	"math"
	"path/filepath"
	"strings"

	"github.com/coevolab/coevo/internal/atomicfile"
	"github.com/vdobler/chart"
	"github.com/vdobler/chart/txtg"
	gplot "gonum.org/v1/plot"
	"gonum.org/v1/plot/palette/moreland"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Column size of a two-column paper.
var (
	Width  = 3.5 * vg.Inch
	Height = 2.6 * vg.Inch
)

func styled(title, xlabel, ylabel string) *gplot.Plot {
	p := gplot.New()
	p.Title.Text = title
	p.Title.TextStyle.Font.Size = vg.Points(9)
	p.X.Label.Text, p.Y.Label.Text = xlabel, ylabel
	for _, a := range []*gplot.Axis{&p.X, &p.Y} {
		a.Label.TextStyle.Font.Size = vg.Points(8)
		a.Tick.Label.Font.Size = vg.Points(7)
	}
	p.Legend.TextStyle.Font.Size = vg.Points(7)
	p.Legend.Top = true
	return p
}

// Ratings plots each player's rating with its confidence interval, players
// in the given order along x.
func Ratings(names []string, rating, lo, hi []float64) (*gplot.Plot, error) {
	n := len(names)
	if len(rating) != n || len(lo) != n || len(hi) != n {
		return nil, fmt.Errorf("plot: %d names, %d ratings, %d lows, %d highs", n, len(rating), len(lo), len(hi))
	}
	p := styled("", "", "Elo")
	pts := make(plotter.XYs, n)
	errs := make(plotter.YErrors, n)
	for i := range pts {
		pts[i] = plotter.XY{X: float64(i), Y: rating[i]}
		errs[i].Low, errs[i].High = rating[i]-lo[i], hi[i]-rating[i]
	}
	sc, err := plotter.NewScatter(pts)
	if err != nil {
		return nil, err
	}
	sc.GlyphStyle.Radius = vg.Points(2)
	eb, err := plotter.NewYErrorBars(struct {
		plotter.XYer
		plotter.YErrorer
	}{pts, errs})
	if err != nil {
		return nil, err
	}
	p.Add(sc, eb, plotter.NewGrid())
	p.NominalX(names...)
	p.X.Tick.Label.Rotation = math.Pi / 4
	p.X.Tick.Label.XAlign = draw.XRight
	p.X.Tick.Label.YAlign = draw.YCenter
	return p, nil
}

// LogLog plots points on log-log axes with an optional fitted curve and an
// optional reference slope (a bound's exponent) through the first point.
func LogLog(title, xlabel, ylabel string, x, y []float64, fit func(float64) float64, fitLabel string, boundExponent float64) (*gplot.Plot, error) {
	if len(x) != len(y) || len(x) == 0 {
		return nil, fmt.Errorf("plot: %d x values and %d y values", len(x), len(y))
	}
	p := styled(title, xlabel, ylabel)
	p.X.Scale, p.Y.Scale = gplot.LogScale{}, gplot.LogScale{}
	p.X.Tick.Marker, p.Y.Tick.Marker = gplot.LogTicks{Prec: -1}, gplot.LogTicks{Prec: -1}
	pts := make(plotter.XYs, 0, len(x))
	xmin, xmax := math.Inf(1), math.Inf(-1)
	for i := range x {
		if x[i] > 0 && y[i] > 0 {
			pts = append(pts, plotter.XY{X: x[i], Y: y[i]})
			xmin, xmax = math.Min(xmin, x[i]), math.Max(xmax, x[i])
		}
	}
	if len(pts) == 0 {
		return nil, fmt.Errorf("plot: no positive points for log-log axes")
	}
	sc, err := plotter.NewScatter(pts)
	if err != nil {
		return nil, err
	}
	sc.GlyphStyle.Radius = vg.Points(1.5)
	p.Add(sc)
	p.Legend.Add("measured", sc)
	curve := func(f func(float64) float64, label string, dashed bool, c color.Color) error {
		var xs plotter.XYs
		for k := 0; k <= 50; k++ {
			v := xmin * math.Pow(xmax/xmin, float64(k)/50)
			if fv := f(v); fv > 0 && !math.IsInf(fv, 0) {
				xs = append(xs, plotter.XY{X: v, Y: fv})
			}
		}
		if len(xs) < 2 {
			return nil
		}
		l, err := plotter.NewLine(xs)
		if err != nil {
			return err
		}
		l.Color = c
		if dashed {
			l.Dashes = []vg.Length{vg.Points(3), vg.Points(2)}
		}
		p.Add(l)
		p.Legend.Add(label, l)
		return nil
	}
	if fit != nil {
		if err := curve(fit, fitLabel, false, color.RGBA{R: 200, A: 255}); err != nil {
			return nil, err
		}
	}
	if boundExponent != 0 {
		x0, y0 := pts[0].X, pts[0].Y
		ref := func(v float64) float64 { return y0 * math.Pow(v/x0, boundExponent) }
		if err := curve(ref, fmt.Sprintf("slope %g (bound)", boundExponent), true, color.Gray{Y: 90}); err != nil {
			return nil, err
		}
	}
	return p, nil
}

type grid struct {
	m [][]float64
}

func (g grid) Dims() (c, r int)   { return len(g.m[0]), len(g.m) }
func (g grid) Z(c, r int) float64 { return g.m[r][c] }
func (g grid) X(c int) float64    { return float64(c) }
func (g grid) Y(r int) float64    { return float64(r) }

// Heatmap plots a matrix (row r at height r) with a diverging palette.
func Heatmap(title, xlabel, ylabel string, m [][]float64) (*gplot.Plot, error) {
	if len(m) == 0 || len(m[0]) == 0 {
		return nil, fmt.Errorf("plot: empty matrix")
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, row := range m {
		if len(row) != len(m[0]) {
			return nil, fmt.Errorf("plot: ragged matrix")
		}
		for _, v := range row {
			if !math.IsNaN(v) {
				lo, hi = math.Min(lo, v), math.Max(hi, v)
			}
		}
	}
	if lo == hi {
		hi = lo + 1
	}
	pal := moreland.SmoothBlueRed()
	pal.SetMin(lo)
	pal.SetMax(hi)
	p := styled(title, xlabel, ylabel)
	p.Add(plotter.NewHeatMap(grid{m}, pal.Palette(64)))
	return p, nil
}

// Save writes p in the format named by the extension of path (.pdf, .svg,
// .png, .eps), sized Width x Height, through a temporary file so that no
// half-written figure is left behind.
func Save(p *gplot.Plot, path string) error {
	ext := strings.ToLower(strings.TrimPrefix(filepath.Ext(path), "."))
	switch ext {
	case "pdf", "svg", "png", "eps":
	default:
		return fmt.Errorf("plot %s: unknown format %q (want .pdf, .svg, .png or .eps)", path, filepath.Ext(path))
	}
	w, err := p.WriterTo(Width, Height, ext)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	if _, err := w.WriteTo(&buf); err != nil {
		return err
	}
	out := buf.Bytes()
	// gonum/plot v0.17.0 starts EPS files with "%%!PS-Adobe", which is
	// not the PostScript magic "%!PS-Adobe" that readers look for.
	if ext == "eps" && bytes.HasPrefix(out, []byte("%%!PS")) {
		out = out[1:]
	}
	return atomicfile.Write(path, func(f io.Writer) error {
		_, err := f.Write(out)
		return err
	})
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
