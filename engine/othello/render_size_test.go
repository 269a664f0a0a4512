package othello

import (
	"bytes"
	"image"
	"image/png"
	"testing"

	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"

	"github.com/coevolab/coevo/internal/plottest"
)

// A notebook shows a board's or a game's PNG at its size in pixels (96
// to the inch): read back from the pixels, the coordinates and every line
// under the board are at least as tall as the same text at 10 pt there.
func TestPictureTextAtLeast10pt(t *testing.T) {
	g, err := Replay("f5 d6 c3 d3 c4 f4 f6 f3 e6 e7 d7 c6")
	if err != nil {
		t.Fatal(err)
	}
	p := g.picture()
	raw, err := g.PNG()
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	w, h := p.size()
	px := float64(img.Bounds().Dx()) / w.Points() // pixels a point
	sans := font.Font{Typeface: "Liberation", Variant: "Sans"}
	row := func(base, size float64) image.Rectangle { // a line of text, baseline at base (points from the bottom)
		return image.Rect(0, int((h.Points()-base-size)*px), img.Bounds().Dx(), int((h.Points()-base+0.3*size)*px))
	}
	top := h.Points() - margin
	check := func(what, s string, ink image.Rectangle) {
		t.Helper()
		ref := plottest.TextInk(s, sans, vg.Points(10), 96)
		if ink.Dy() < ref.Dy() {
			t.Errorf("%s %q: %d pixels high, 10 pt at 96 px/in is %d", what, s, ink.Dy(), ref.Dy())
		}
	}
	// The column letters above the board (centred in the margin).
	check("coordinates", "abcdefgh", plottest.Ink(img, image.Rect(0, 0, img.Bounds().Dx(), int(margin*px)-1)))
	for i, l := range p.lines {
		base := top - 8*cell - float64(i+1)*lineH
		check("line", l, plottest.Ink(img, row(base, 9)))
	}
	if len(p.lines) < 2 {
		t.Fatalf("lines %q", p.lines)
	}
}
