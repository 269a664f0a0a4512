package othello

import (
	"bytes"
	"fmt"
	"image/color"
	"math"

	_ "gonum.org/v1/plot" // registers the Liberation fonts in font.DefaultCache
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"
)

// Pictures are drawn once on a vg.Canvas and written as SVG or PNG, so
// both formats show the same thing. Sizes are in points.
const (
	cell   = 36.0 // side of a square
	margin = 18.0 // room for the coordinates
	lineH  = 12.0 // height of a line of the move list
)

var (
	felt     = color.RGBA{0x1b, 0x7a, 0x43, 0xff}
	discDark = color.RGBA{0x11, 0x11, 0x11, 0xff}
	discLite = color.RGBA{0xf4, 0xf4, 0xf4, 0xff}
)

// picture is what a drawing shows: a board, optionally the move number
// of each square, and lines of text under the board.
type picture struct {
	b       Board
	numbers [64]int // 0: no number
	lines   []string
}

func (p *picture) size() (w, h vg.Length) {
	side := margin + 8*cell + margin/2
	return vg.Length(side), vg.Length(side + float64(len(p.lines))*lineH + 4)
}

func (p *picture) draw(c vg.Canvas) {
	w, h := p.size()
	top := float64(h) - margin // y of the board's top edge
	sans := func(size float64) font.Face {
		return font.DefaultCache.Lookup(font.Font{Typeface: "Liberation", Variant: "Sans"}, vg.Length(size))
	}
	rect := func(x0, y0, x1, y1 float64) vg.Path {
		var q vg.Path
		q.Move(vg.Point{X: vg.Length(x0), Y: vg.Length(y0)})
		q.Line(vg.Point{X: vg.Length(x1), Y: vg.Length(y0)})
		q.Line(vg.Point{X: vg.Length(x1), Y: vg.Length(y1)})
		q.Line(vg.Point{X: vg.Length(x0), Y: vg.Length(y1)})
		q.Close()
		return q
	}
	text := func(f font.Face, cx, cy float64, s string) { // centred on (cx, cy)
		e := f.Extents()
		c.FillString(f, vg.Point{X: vg.Length(cx) - f.Width(s)/2, Y: vg.Length(cy) - (e.Ascent-e.Descent)/2}, s)
	}
	c.SetColor(color.White)
	c.Fill(rect(0, 0, float64(w), float64(h)))
	c.SetColor(felt)
	c.Fill(rect(margin, top-8*cell, margin+8*cell, top))
	c.SetColor(color.Black)
	c.SetLineWidth(0.8)
	for i := 0; i <= 8; i++ {
		var q vg.Path
		q.Move(vg.Point{X: vg.Length(margin + float64(i)*cell), Y: vg.Length(top)})
		q.Line(vg.Point{X: vg.Length(margin + float64(i)*cell), Y: vg.Length(top - 8*cell)})
		q.Move(vg.Point{X: vg.Length(margin), Y: vg.Length(top - float64(i)*cell)})
		q.Line(vg.Point{X: vg.Length(margin + 8*cell), Y: vg.Length(top - float64(i)*cell)})
		c.Stroke(q)
	}
	label := sans(10)
	for i := 0; i < 8; i++ {
		text(label, margin+(float64(i)+0.5)*cell, top+margin/2, string(rune('a'+i)))
		text(label, margin/2, top-(float64(i)+0.5)*cell, string(rune('1'+i)))
	}
	num := sans(11)
	for s := 0; s < 64; s++ {
		col := p.b.At(Square(s))
		if col == Empty {
			continue
		}
		cx, cy := margin+(float64(s%8)+0.5)*cell, top-(float64(s/8)+0.5)*cell
		var q vg.Path
		q.Move(vg.Point{X: vg.Length(cx + 0.42*cell), Y: vg.Length(cy)})
		q.Arc(vg.Point{X: vg.Length(cx), Y: vg.Length(cy)}, vg.Length(0.42*cell), 0, 2*math.Pi)
		q.Close()
		fill, ink := discDark, discLite
		if col == White {
			fill, ink = discLite, discDark
		}
		c.SetColor(fill)
		c.Fill(q)
		c.SetColor(color.Black)
		c.SetLineWidth(0.6)
		c.Stroke(q)
		if n := p.numbers[s]; n > 0 {
			c.SetColor(ink)
			text(num, cx, cy, fmt.Sprint(n))
		}
	}
	c.SetColor(color.Black)
	small := sans(9)
	for i, l := range p.lines {
		c.FillString(small, vg.Point{X: vg.Length(margin / 2), Y: vg.Length(top - 8*cell - float64(i+1)*lineH)}, l)
	}
}

func (p *picture) svg() string {
	w, h := p.size()
	c := vgsvg.New(w, h)
	p.draw(c)
	var buf bytes.Buffer
	if _, err := c.WriteTo(&buf); err != nil {
		return ""
	}
	return buf.String()
}

func (p *picture) png() ([]byte, error) {
	w, h := p.size()
	c := vgimg.NewWith(vgimg.UseWH(w, h), vgimg.UseDPI(144))
	p.draw(c)
	var buf bytes.Buffer
	if _, err := (vgimg.PngCanvas{Canvas: c}).WriteTo(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func (b Board) picture() *picture {
	nb, nw := b.Count()
	status := fmt.Sprintf("%v to move", b.Turn)
	if b.Over() {
		status = "game over"
	}
	return &picture{b: b, lines: []string{fmt.Sprintf("black %d, white %d; %s", nb, nw, status)}}
}

// SVG draws the board as an SVG image (a notebook shows it).
func (b Board) SVG() string { return b.picture().svg() }

// PNG draws the board as a PNG image.
func (b Board) PNG() ([]byte, error) { return b.picture().png() }

func (g *Game) picture() *picture {
	p := &picture{b: g.Final}
	line := ""
	for i, s := range g.Moves {
		if s != Pass {
			p.numbers[s] = i + 1
		}
		mark := ""
		if g.Forced != nil && g.Forced[i] {
			mark = "*"
		}
		line += fmt.Sprintf("%d.%v%s ", i+1, s, mark)
		if (i+1)%10 == 0 || i == len(g.Moves)-1 {
			p.lines = append(p.lines, line)
			line = ""
		}
	}
	res := g.Result()
	if g.Forced != nil {
		res += " (* forced random move)"
	}
	p.lines = append(p.lines, res)
	return p
}

// SVG draws the final board, each disc numbered with the move that placed
// it, above the move list and the result.
func (g *Game) SVG() string { return g.picture().svg() }

// PNG draws what SVG draws, as a PNG image.
func (g *Game) PNG() ([]byte, error) { return g.picture().png() }
