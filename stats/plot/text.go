package plot

import (
	"math"
	"strings"

	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
)

// richText is a text handler for plain text with exponents and indices:
// ^{...} sets its contents as a superscript and _{...} as a subscript, in
// a smaller size (10^{-3}, D_{KL}). Other text is drawn as text.Plain
// draws it. Liberation Sans lacks several Unicode superscript glyphs
// (⁰, ⁻), and gonum/plot's LaTeX handler has no superscripts, hence this.
type richText struct {
	text.Plain
}

func newRichText() richText { return richText{text.Plain{Fonts: font.DefaultCache}} }

// span is a run of text at one vertical shift (0 normal, +1 up, -1 down).
type span struct {
	s     string
	shift int
}

func spans(txt string) []span {
	var out []span
	for txt != "" {
		k := strings.IndexAny(txt, "^_")
		if k < 0 || k+1 >= len(txt) || txt[k+1] != '{' {
			if k < 0 {
				out = append(out, span{txt, 0})
				break
			}
			out = append(out, span{txt[:k+1], 0})
			txt = txt[k+1:]
			continue
		}
		end := strings.IndexByte(txt[k:], '}')
		if end < 0 {
			out = append(out, span{txt, 0})
			break
		}
		if k > 0 {
			out = append(out, span{txt[:k], 0})
		}
		shift := 1
		if txt[k] == '_' {
			shift = -1
		}
		out = append(out, span{txt[k+2 : k+end], shift})
		txt = txt[k+end+1:]
	}
	return out
}

// scriptScale is the size of exponents and indices, relative to the text.
const scriptScale = 0.7

func (h richText) face(fnt font.Font, shift int) font.Face {
	if shift != 0 {
		fnt.Size *= scriptScale
	}
	return h.Fonts.Lookup(fnt, fnt.Size)
}

// offset is the baseline shift of a span.
func offset(fnt font.Font, shift int) vg.Length {
	switch shift {
	case 1:
		return fnt.Size * 0.38
	case -1:
		return -fnt.Size * 0.18
	}
	return 0
}

func (h richText) width(line string, fnt font.Font) vg.Length {
	var w vg.Length
	for _, s := range spans(line) {
		face := h.face(fnt, s.shift)
		w += face.Width(s.s)
	}
	return w
}

// Box returns the bounding box of a line, exponents included.
func (h richText) Box(txt string, fnt font.Font) (width, height, depth vg.Length) {
	base := h.Fonts.Lookup(fnt, fnt.Size)
	ext := base.Extents()
	height, depth = ext.Ascent, ext.Descent
	for _, s := range spans(txt) {
		face := h.face(fnt, s.shift)
		e := face.Extents()
		height = vg.Length(math.Max(float64(height), float64(e.Ascent+offset(fnt, s.shift))))
		depth = vg.Length(math.Max(float64(depth), float64(e.Descent-offset(fnt, s.shift))))
	}
	return h.width(txt, fnt), height, depth
}

// Draw renders txt like text.Plain, with its spans shifted and scaled.
func (h richText) Draw(c vg.Canvas, txt string, sty text.Style, pt vg.Point) {
	txt = strings.TrimRight(txt, "\n")
	if txt == "" {
		return
	}
	c.SetColor(sty.Color)
	if sty.Rotation != 0 {
		c.Push()
		c.Rotate(sty.Rotation)
	}
	sin64, cos64 := math.Sincos(sty.Rotation)
	cos, sin := vg.Length(cos64), vg.Length(sin64)
	pt.X, pt.Y = pt.Y*sin+pt.X*cos, pt.Y*cos-pt.X*sin
	lines := h.Lines(txt)
	ht := sty.Height(txt)
	base := h.Fonts.Lookup(sty.Font, sty.Font.Size)
	pt.Y += ht*vg.Length(sty.YAlign) - base.Extents().Ascent
	for i, line := range lines {
		x := pt.X + vg.Length(sty.XAlign)*h.width(line, sty.Font)
		y := pt.Y + vg.Length(len(lines)-i)*sty.Font.Size
		for _, s := range spans(line) {
			face := h.face(sty.Font, s.shift)
			c.FillString(face, vg.Point{X: x, Y: y + offset(sty.Font, s.shift)}, s.s)
			x += face.Width(s.s)
		}
	}
	if sty.Rotation != 0 {
		c.Pop()
	}
}

// labelText is richText for axis labels, measured as having no width,
// and naming the power of ten the axis's tick labels are written in
// (scaleNote), if any. gonum/plot (v0.17) reserves room for an axis label
// around the data's arithmetic midpoint, which on a log axis lies near
// the top (or right) end and so shrinks the data area for nothing; the
// label is drawn centred all the same. Measured without width it reserves
// no such room. Its height allows for an exponent, which the note may add
// after gonum/plot has measured the label.
type labelText struct {
	richText
	note *scaleNote
}

func (h labelText) Box(txt string, fnt font.Font) (width, height, depth vg.Length) {
	if strings.TrimSpace(txt) == "" {
		// gonum/plot measures a space in the label's font for the gap
		// between the y axis's tick labels and its ticks.
		return h.richText.Box(txt, fnt)
	}
	_, height, depth = h.richText.Box(h.note.label(txt)+"^{0}", fnt)
	return 0, height, depth
}

func (h labelText) Draw(c vg.Canvas, txt string, sty text.Style, pt vg.Point) {
	h.richText.Draw(c, h.note.label(txt), sty, pt)
}

// tickText is richText for tick labels, measured a little wider than
// drawn (tickRoom each side; a blank, which gonum/plot measures for the
// gap between the y axis's tick labels and its ticks, as it is): gonum/plot fits the outermost labels to the
// edge of the figure exactly, so that the last one touched the edge (and
// lost its exponent's last pixels to it); measured so, it keeps clear.
// Labels are drawn where they were, centred (or aligned) on their ticks.
type tickText struct{ richText }

const tickRoom = 1.5 // points

func (h tickText) Box(txt string, fnt font.Font) (width, height, depth vg.Length) {
	width, height, depth = h.richText.Box(txt, fnt)
	if width > 0 && strings.TrimSpace(txt) != "" {
		width += 2 * vg.Points(tickRoom)
	}
	return width, height, depth
}

// Draw draws a tick label at pt as gonum/plot places it, except a turned
// label of the x axis, which it moves down until the top of its box is
// where an unturned label's top would be: gonum/plot places a turned
// label's anchor at the top of the labels' band, so that a label turned
// about its middle (YCenter) rose above the band into the tick marks and
// the axis line.
func (h tickText) Draw(c vg.Canvas, txt string, sty text.Style, pt vg.Point) {
	if sty.Rotation != 0 {
		r := sty.Rectangle(txt)
		e := sty.FontExtents()
		pt.Y -= r.Max.Y + (e.Height - e.Ascent)
	}
	h.richText.Draw(c, txt, sty, pt)
}
