// Package plottest reads figures back from their pixels, for the tests of
// the packages that draw them: where the data area lies, what colour a
// heatmap's cell, a point of the data or any point was painted, and what
// text was written where (tick labels, legend entries).
//
//	f := plottest.Render(p, plot.Width, plot.Height)
//	c := f.Cell(2, 0, 5, 5) // column 2, row 0 of a 5 x 5 heatmap
//	if !plottest.Near(c, want, 1) { ... }
//	for _, t := range f.Texts { ... } // t.S, t.X, t.Y
package plottest

import (
	"bytes"
	"cmp"
	"html"
	"image"
	"image/color"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"

	gplot "gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"
)

// A Figure is a plot drawn as an image at 72 dpi, one pixel a point.
type Figure struct {
	Image image.Image
	// Canvas is the whole figure, Data the plot's data area in it, in
	// points from the lower left corner.
	Canvas, Data vg.Rectangle
	// Texts are the pieces of text drawn, in the order drawn, blanks left
	// out.
	Texts []Text
}

// A Text is a piece of text drawn at (X, Y), the start of its baseline in
// points from the lower left corner, Size points high. Rich text (10^{3})
// comes in pieces, one per size and position.
type Text struct {
	S          string
	X, Y, Size float64
	// Turned texts (the y axis's label) are drawn turned about the
	// origin: their X and Y are not where they show.
	Turned bool
}

// Render draws p at size w x h, as an image and as SVG for its texts.
func Render(p *gplot.Plot, w, h vg.Length) *Figure {
	c := vgimg.NewWith(vgimg.UseWH(w, h), vgimg.UseDPI(72))
	dc := draw.New(c)
	p.Draw(dc)
	f := &Figure{Image: c.Image(), Canvas: dc.Rectangle, Data: p.DataCanvas(dc).Rectangle}
	svg := vgsvg.New(w, h)
	p.Draw(draw.New(svg))
	var buf bytes.Buffer
	if _, err := svg.WriteTo(&buf); err != nil {
		panic(err) // a bytes.Buffer does not fail
	}
	var turned []bool // the open groups: turned or not
	for _, m := range svgTag.FindAllStringSubmatch(buf.String(), -1) {
		switch {
		case m[1] != "": // <g ...>
			turned = append(turned, strings.Contains(m[1], "rotate("))
		case m[0] == "</g>":
			if len(turned) > 0 {
				turned = turned[:len(turned)-1]
			}
		case strings.TrimSpace(m[5]) == "":
			// A blank (stats/plot's stand-in title): nothing shows.
		default:
			num := func(s string) float64 { v, _ := strconv.ParseFloat(s, 64); return v }
			// gonum's SVG flips y: its texts are drawn at -y under
			// scale(1, -1).
			f.Texts = append(f.Texts, Text{S: html.UnescapeString(m[5]), X: num(m[2]), Y: -num(m[3]), Size: num(m[4]), Turned: slices.Contains(turned, true)})
		}
	}
	return f
}

var svgTag = regexp.MustCompile(`<g( [^>]*)>|</g>|<text x="([-0-9.e]+)" y="([-0-9.e]+)" transform="scale\(1, -1\)"\s+style="[^"]*font-size:([0-9.]+)px[^"]*">([^<]*)</text>`)

// Text reports whether s was drawn as one piece of text.
func (f *Figure) Text(s string) bool {
	for _, t := range f.Texts {
		if t.S == s {
			return true
		}
	}
	return false
}

// Left returns the texts drawn unturned left of the data area, bottom to
// top: the y axis's tick labels.
func (f *Figure) Left() []Text {
	return f.texts(func(t Text) bool { return t.X < float64(f.Data.Min.X) && t.Y > float64(f.Data.Min.Y)-t.Size },
		func(a, b Text) int { return cmp.Compare(a.Y, b.Y) })
}

// Above returns the texts drawn above the data area, top to bottom: the
// title and the legend's entries.
func (f *Figure) Above() []Text {
	return f.texts(func(t Text) bool { return t.Y > float64(f.Data.Max.Y) },
		func(a, b Text) int { return cmp.Compare(b.Y, a.Y) })
}

// Below returns the texts drawn below the data area, left to right: the x
// axis's tick labels and its label.
func (f *Figure) Below() []Text {
	// The lowest y tick label hangs a third of its size below the data
	// area; the x tick labels lie their size or more below it.
	return f.texts(func(t Text) bool { return t.Y < float64(f.Data.Min.Y)-0.6*t.Size },
		func(a, b Text) int { return cmp.Compare(a.X, b.X) })
}

// texts returns the unturned texts that keep says to, in order.
func (f *Figure) texts(keep func(Text) bool, order func(a, b Text) int) []Text {
	var out []Text
	for _, t := range f.Texts {
		if !t.Turned && keep(t) {
			out = append(out, t)
		}
	}
	slices.SortStableFunc(out, order)
	return out
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

// Ink returns the smallest rectangle of img, within r, that holds every
// pixel darker than mid grey (text, lines, marks): its height is the
// height of the text drawn there. It is empty when r holds no ink.
func Ink(img image.Image, r image.Rectangle) image.Rectangle {
	var box image.Rectangle
	r = r.Intersect(img.Bounds())
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			cr, cg, cb, _ := img.At(x, y).RGBA()
			if (cr+cg+cb)/3 < 0x8000 {
				box = box.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	return box
}

// TextInk is the ink of s written in fnt at size on a canvas of dpi dots
// per inch: what Ink measures of text of that size, to compare a figure's
// text with (text at least 10 pt where it is shown is as tall as TextInk
// of 10 pt at the pixels per inch it is shown at).
func TextInk(s string, fnt font.Font, size vg.Length, dpi float64) image.Rectangle {
	face := font.DefaultCache.Lookup(fnt, size)
	w, h := face.Width(s)+2*size, 3*size
	c := vgimg.NewWith(vgimg.UseWH(w, h), vgimg.UseDPI(int(math.Round(dpi))), vgimg.UseBackgroundColor(color.White))
	c.SetColor(color.Black)
	c.FillString(face, vg.Point{X: size, Y: size}, s)
	return Ink(c.Image(), c.Image().Bounds())
}
