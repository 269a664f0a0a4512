// Package plottest reads figures back from their pixels, for the tests of
// the packages that draw them: where the data area lies, and what colour a
// heatmap's cell, a point of the data or any point was painted.
//
//	f := plottest.Render(p, plot.Width, plot.Height)
//	c := f.Cell(2, 0, 5, 5) // column 2, row 0 of a 5 x 5 heatmap
//	if !plottest.Near(c, want, 1) { ... }
package plottest

import (
	"image"
	"image/color"

	gplot "gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
)

// A Figure is a plot drawn as an image at 72 dpi, one pixel a point.
type Figure struct {
	Image image.Image
	// Canvas is the whole figure, Data the plot's data area in it, in
	// points from the lower left corner.
	Canvas, Data vg.Rectangle
}

// Render draws p at size w x h.
func Render(p *gplot.Plot, w, h vg.Length) *Figure {
	c := vgimg.NewWith(vgimg.UseWH(w, h), vgimg.UseDPI(72))
	dc := draw.New(c)
	p.Draw(dc)
	return &Figure{Image: c.Image(), Canvas: dc.Rectangle, Data: p.DataCanvas(dc).Rectangle}
}

// At is the colour at (x, y), in points from the lower left corner.
func (f *Figure) At(x, y vg.Length) color.Color {
	return f.Image.At(int(x.Points()), int((f.Canvas.Max.Y - y).Points()))
}

// Point is the colour at (x, y) in the data coordinates of p, the plot
// f shows.
func (f *Figure) Point(p *gplot.Plot, x, y float64) color.Color {
	d := f.Data
	return f.At(d.Min.X+(d.Max.X-d.Min.X)*vg.Length(p.X.Norm(x)), d.Min.Y+(d.Max.Y-d.Min.Y)*vg.Length(p.Y.Norm(y)))
}

// Cell is the colour at the centre of the cell in column col and row row
// (row 0 at the bottom) of a heatmap of cols x rows cells that fills the
// data area.
func (f *Figure) Cell(col, row, cols, rows int) color.Color {
	d := f.Data
	x := d.Min.X + (d.Max.X-d.Min.X)*vg.Length((float64(col)+0.5)/float64(cols))
	y := d.Min.Y + (d.Max.Y-d.Min.Y)*vg.Length((float64(row)+0.5)/float64(rows))
	return f.At(x, y)
}

// Near reports whether a and b differ by at most tol in each of red,
// green and blue (of 255).
func Near(a, b color.Color, tol int) bool {
	r1, g1, b1, _ := a.RGBA()
	r2, g2, b2, _ := b.RGBA()
	near := func(u, v uint32) bool { d := int(u>>8) - int(v>>8); return d <= tol && -d <= tol }
	return near(r1, r2) && near(g1, g2) && near(b1, b2)
}
