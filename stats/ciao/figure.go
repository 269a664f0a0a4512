package ciao

import (
	"bytes"
	"fmt"
	"image/color"
	"io"
	"path/filepath"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/palette"
	"gonum.org/v1/plot/palette/moreland"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgeps"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgpdf"
	"gonum.org/v1/plot/vg/vgsvg"

	"github.com/coevolab/coevo/internal/atomicfile"
)

// A Figure is a heatmap beside its colour scale: two gonum plots drawn on
// one canvas, the scale as tall as the heatmap's data area. It saves as
// PDF, SVG, PNG or EPS, and shows itself in a notebook (PNG, SVG).
type Figure struct {
	Heat, Scale   *plot.Plot
	Width, Height vg.Length
	// ScaleWidth is the room the colour scale takes at the right.
	ScaleWidth vg.Length
}

// grey is CIAO's palette in the paper's style (fig. 4): white for 0 (the
// player scores nothing against that ancestor), black for 1 (it wins every
// game), linear in luminance.
func grey() palette.ColorMap {
	cm, err := moreland.NewLuminance([]color.Color{color.Black, color.White})
	if err != nil {
		panic(err) // black is darker than white
	}
	return palette.Reverse(cm)
}

// grid adapts a matrix to plotter.GridXYZ: column c at x = c, row r at
// y = r.
type grid [][]float64

func (g grid) Dims() (c, r int)   { return len(g[0]), len(g) }
func (g grid) Z(c, r int) float64 { return g[r][c] }
func (g grid) X(c int) float64    { return float64(c) }
func (g grid) Y(r int) float64    { return float64(r) }

// labelTicks marks about six of the n cells with their labels.
type labelTicks []float64

func (l labelTicks) Ticks(_, _ float64) []plot.Tick {
	n := len(l)
	step := max(1, n/6)
	var t []plot.Tick
	for i := 0; i < n; i += step {
		t = append(t, plot.Tick{Value: float64(i), Label: strconv.FormatFloat(l[i], 'g', -1, 64)})
	}
	return t
}

// Plot draws the CIAO matrix as a heatmap in the style of paper 003 fig.
// 4: the current player along x, the ancestral opponent along y, darker
// where the current player scores more (0 white, 1 black); cells from the
// diagonal on are left empty. Axes are labelled with the players' labels
// (generations).
func (m *Matrix) Plot() (*plot.Plot, error) {
	c := m.CIAO()
	// Transpose: x is the current player (row i of C), y the ancestor.
	z := make([][]float64, len(c))
	for j := range z {
		z[j] = make([]float64, len(c))
		for i := range c {
			z[j][i] = c[i][j]
		}
	}
	cm := grey()
	cm.SetMin(0)
	cm.SetMax(1)
	h := plotter.NewHeatMap(grid(z), cm.Palette(256))
	h.Min, h.Max = 0, 1
	h.NaN = color.Transparent
	p := plot.New()
	p.Title.Text = "CIAO"
	p.X.Label.Text = "current player (generation)"
	p.Y.Label.Text = "ancestral opponent (generation)"
	p.X.Tick.Marker, p.Y.Tick.Marker = labelTicks(m.Labels), labelTicks(m.Labels)
	p.Add(h)
	p.X.Min, p.X.Max = -0.5, float64(len(c))-0.5
	p.Y.Min, p.Y.Max = -0.5, float64(len(c))-0.5
	return p, nil
}

// Figure returns the CIAO heatmap (Plot) with its colour scale, titled.
func (m *Matrix) Figure(title string) (*Figure, error) {
	p, err := m.Plot()
	if err != nil {
		return nil, err
	}
	if title != "" {
		p.Title.Text = title
	}
	return NewFigure(p, grey(), 0, 1, "score against the ancestor")
}

// NewFigure puts heat beside a vertical colour scale of cm from min to
// max, labelled label.
func NewFigure(heat *plot.Plot, cm palette.ColorMap, min, max float64, label string) (*Figure, error) {
	if !(min < max) {
		return nil, fmt.Errorf("ciao: colour scale from %v to %v", min, max)
	}
	cm.SetMin(min)
	cm.SetMax(max)
	s := plot.New()
	s.HideX()
	s.Add(scaleBar{cm: cm, min: min, max: max})
	s.Y.Min, s.Y.Max = min, max
	s.Y.Padding = 0
	s.Y.Label.Text = label
	return &Figure{Heat: heat, Scale: s, Width: 5.5 * vg.Inch, Height: 4.5 * vg.Inch, ScaleWidth: 0.9 * vg.Inch}, nil
}

// scaleBar draws a colour map as a column of filled bands, in vector form
// (gonum's ColorBar draws an image, which EPS cannot hold).
type scaleBar struct {
	cm       palette.ColorMap
	min, max float64
}

func (b scaleBar) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	const bands = 128
	for k := 0; k < bands; k++ {
		lo := b.min + (b.max-b.min)*float64(k)/bands
		hi := b.min + (b.max-b.min)*float64(k+1)/bands
		col, err := b.cm.At((lo + hi) / 2)
		if err != nil {
			continue
		}
		x0, x1 := trX(0), trX(1)
		// Overlap the next band by a hair so no seam shows.
		y0, y1 := trY(lo), min(trY(hi)+0.3, trY(b.max))
		c.FillPolygon(col, []vg.Point{{X: x0, Y: y0}, {X: x1, Y: y0}, {X: x1, Y: y1}, {X: x0, Y: y1}})
	}
}

func (b scaleBar) DataRange() (xmin, xmax, ymin, ymax float64) { return 0, 1, b.min, b.max }

// Draw draws the figure on c.
func (f *Figure) Draw(c draw.Canvas) {
	left := draw.Crop(c, 0, -f.ScaleWidth, 0, 0)
	f.Heat.Draw(left)
	data := f.Heat.DataCanvas(left)
	right := draw.Crop(c, c.Max.X-c.Min.X-f.ScaleWidth+vg.Points(8), 0, data.Min.Y-c.Min.Y, data.Max.Y-c.Max.Y)
	f.Scale.Draw(right)
}

// WriterTo renders the figure in a format: "pdf", "svg", "png" or "eps".
func (f *Figure) WriterTo(format string) (io.WriterTo, error) {
	var c interface {
		vg.CanvasSizer
		io.WriterTo
	}
	w, h := f.Width, f.Height
	switch strings.ToLower(format) {
	case "pdf":
		c = vgpdf.New(w, h)
	case "svg":
		c = vgsvg.New(w, h)
	case "png":
		c = vgimg.PngCanvas{Canvas: vgimg.New(w, h)}
	case "eps":
		c = vgeps.New(w, h)
	default:
		return nil, fmt.Errorf("figure format %q: want pdf, svg, png or eps", format)
	}
	f.Draw(draw.New(c))
	return c, nil
}

// Save writes the figure in the format its extension names (.pdf, .svg,
// .png, .eps), atomically: no half-written file is ever left.
func (f *Figure) Save(path string) error {
	ext := strings.TrimPrefix(filepath.Ext(path), ".")
	wt, err := f.WriterTo(ext)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	var buf bytes.Buffer
	if _, err := wt.WriteTo(&buf); err != nil {
		return err
	}
	out := buf.Bytes()
	// gonum/plot v0.17.0 starts EPS files with "%%!PS-Adobe" (see
	// stats/plot.Save).
	if strings.EqualFold(ext, "eps") && bytes.HasPrefix(out, []byte("%%!PS")) {
		out = out[1:]
	}
	return atomicfile.Write(path, func(w io.Writer) error {
		_, err := w.Write(out)
		return err
	})
}

// PNG renders the figure as PNG (how a notebook shows it).
func (f *Figure) PNG() ([]byte, error) { return f.render("png") }

// SVG renders the figure as SVG.
func (f *Figure) SVG() string {
	b, err := f.render("svg")
	if err != nil {
		return ""
	}
	return string(b)
}

func (f *Figure) render(format string) ([]byte, error) {
	wt, err := f.WriterTo(format)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	_, err = wt.WriteTo(&buf)
	return buf.Bytes(), err
}
