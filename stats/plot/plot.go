package plot

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"strings"

	"github.com/vdobler/chart"
	"github.com/vdobler/chart/txtg"
	gplot "gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"

	"github.com/coevolab/coevo/internal/atomicfile"
)

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

// Save writes p at its size (Size: one column wide, Width x Height unless
// the figure chose another, as a ratings figure of many players does) in
// the format named by the extension of path: .pdf (fonts embedded), .svg,
// .png (at DPI) or .eps, through a temporary file so that no half-written
// figure is left behind. It finishes the plot's layout first (Finish).
func Save(p *gplot.Plot, path string) error {
	w, h := Size(p)
	return SaveSize(p, path, w, h)
}

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
