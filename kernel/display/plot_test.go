package display

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"image"
	"image/png"
	"math"
	"testing"

	gplot "gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"

	"github.com/coevolab/coevo/internal/plottest"
	"github.com/coevolab/coevo/stats/plot"
)

// figure is a plot as the notebooks draw them: stats/plot's style, a
// legend, tick labels on both axes.
func figure(t *testing.T) *gplot.Plot {
	t.Helper()
	p := plot.New("", "games played during evolution", "performance (share of points)")
	x := []float64{0, 40000, 80000, 120000, 160000}
	if _, err := plot.Series(p, 0, x, []float64{0.2, 0.45, 0.5, 0.62, 0.7}, "NashSolve"); err != nil {
		t.Fatal(err)
	}
	if _, err := plot.Series(p, 1, x, []float64{0.3, 0.35, 0.5, 0.55, 0.6}, "ICL"); err != nil {
		t.Fatal(err)
	}
	p.Y.Min, p.Y.Max = 0, 1
	plot.Finish(p)
	return p
}

// A plot goes to the notebook as one PNG, shown at PlotScale times the
// size it is drawn for print, with PixelRatio pixels a CSS pixel; the
// size to show it at is the message's metadata, apart from the data.
func TestPlotBundleSize(t *testing.T) {
	p := figure(t)
	data, md := Split(Of(p))
	if _, ok := data[MetadataKey]; ok || len(data) != 2 || data["text/plain"] != "plot" {
		t.Fatalf("data %v", keys(data))
	}
	img := decodePNG(t, data)
	size, _ := md["image/png"].(map[string]any)
	w, h := size["width"], size["height"]
	if w != 504 || h != 374 {
		t.Fatalf("metadata %v: want 504 x 374 CSS pixels (3.5 x 2.6 in at 96 px/in, times 1.5)", md)
	}
	if b := img.Bounds(); b.Dx() != 1008 || b.Dy() != 749 {
		t.Fatalf("PNG %v: want 1008 x 749 pixels, twice the size shown", b)
	}
	// The metadata survives the trip through JSON that the worker's
	// events take.
	var back Bundle
	raw, _ := json.Marshal(Of(p))
	json.Unmarshal(raw, &back)
	if _, md := Split(back); md["image/png"].(map[string]any)["width"] != 504.0 {
		t.Fatalf("metadata after JSON: %v", md)
	}
	// A bundle without metadata splits into itself and an empty map.
	if d, md := Split(Bundle{"text/plain": "x"}); len(d) != 1 || md == nil || len(md) != 0 {
		t.Fatalf("Split without metadata: %v %v", d, md)
	}
}

// Every text of a notebook plot is at least 10 pt where it is shown:
// read back from the PNG the kernel sends, each tick label, axis label
// and legend entry is as tall as the same text at 10 pt at the pixels per
// inch the notebook shows it at. Exponents (the 5 of 10^5) are typeset at
// 70% of their text, and are held to 70% of 10 pt.
func TestPlotTextAtLeast10pt(t *testing.T) {
	p := figure(t)
	data, md := Split(Of(p))
	img := decodePNG(t, data)
	shown := float64(md["image/png"].(map[string]any)["width"].(int))
	// PNG pixels per CSS pixel, and per point of the figure as drawn.
	pxPerCSS := float64(img.Bounds().Dx()) / shown
	pxPerPt := float64(img.Bounds().Dx()) / plot.Width.Points()
	f := plottest.Render(p, plot.Width, plot.Height)
	checked := 0
	for _, tx := range f.Texts {
		if tx.Turned || tx.S == "" {
			continue
		}
		// The text's box, from its baseline: its ascent above, a quarter
		// of its size below, as wide as it is written.
		face := plot.Sans
		fc := font.DefaultCache.Lookup(face, vg.Points(tx.Size))
		width := fc.Width(tx.S)
		top := (plot.Height.Points() - tx.Y - tx.Size) * pxPerPt
		bottom := (plot.Height.Points() - tx.Y + 0.25*tx.Size) * pxPerPt
		left, right := tx.X*pxPerPt, (tx.X+width.Points())*pxPerPt
		ink := plottest.Ink(img, image.Rect(int(left), int(top), int(math.Ceil(right)), int(math.Ceil(bottom))))
		// 10 pt at the notebook's pixels per inch: 96 CSS pixels an inch.
		least := 10.0
		if tx.Size < 6.9 { // an exponent of a 7 pt tick label
			least = 7
		}
		ref := plottest.TextInk(tx.S, face, vg.Points(least), 96*pxPerCSS)
		if ink.Dy() < ref.Dy() {
			t.Errorf("%q: %d pixels high in the PNG, %g pt shown would be %d (%.1f pt drawn, shown %.2fx)", tx.S, ink.Dy(), least, ref.Dy(), tx.Size, PlotScale)
		}
		checked++
	}
	if checked < 10 {
		t.Fatalf("only %d texts checked", checked)
	}
}

func decodePNG(t *testing.T, b Bundle) image.Image {
	t.Helper()
	raw, err := base64.StdEncoding.DecodeString(b["image/png"].(string))
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// A figure that chose its size (plot.SetSize: a ratings figure of 30
// players is one row a player tall) is shown at that size, PlotScale
// times larger, not squeezed into the standard one.
func TestPlotBundleChosenSize(t *testing.T) {
	p := figure(t)
	plot.SetSize(p, plot.Width, 4*vg.Inch)
	data, md := Split(Of(p))
	size, _ := md["image/png"].(map[string]any)
	if w, h := size["width"], size["height"]; w != 504 || h != 576 {
		t.Fatalf("metadata %v: want 504 x 576 CSS pixels (3.5 x 4 in at 96 px/in, times 1.5)", md)
	}
	if b := decodePNG(t, data).Bounds(); b.Dx() != 1008 || b.Dy() != 1152 {
		t.Fatalf("PNG %v: want 1008 x 1152 pixels", b)
	}
}
