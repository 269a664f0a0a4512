package plot

import (
	"bytes"
	"image/color"
	"image/png"
	"math"
	"strings"
	"testing"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
)

// PNG files are 300 dpi: a single-column figure is 3.5 x 2.6 inches, so
// 1050 x 780 pixels; a double-column one 2100 x 960.
func TestPNGResolution(t *testing.T) {
	p, err := LogLog("", "size n", "runtime T", []float64{1, 10, 100}, []float64{2, 20, 200}, nil, "", 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		w, h vg.Length
		x, y int
	}{{Width, Height, 1050, 780}, {DoubleWidth, DoubleHeight, 2100, 960}} {
		b, err := Render(p, c.w, c.h, "png")
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		if s := img.Bounds().Size(); s.X != c.x || s.Y != c.y {
			t.Errorf("%v x %v: %v pixels, want %d x %d", c.w, c.h, s, c.x, c.y)
		}
	}
}

// Every text of a figure is Liberation Sans, and PDF files embed it.
func TestSansSerif(t *testing.T) {
	p, err := Ratings([]string{"a", "b"}, []float64{1500, 1600}, []float64{1450, 1560}, []float64{1550, 1640})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []struct {
		what string
		typ  string
		vari string
	}{
		{"x label", string(p.X.Label.TextStyle.Font.Typeface), string(p.X.Label.TextStyle.Font.Variant)},
		{"y ticks", string(p.Y.Tick.Label.Font.Typeface), string(p.Y.Tick.Label.Font.Variant)},
		{"legend", string(p.Legend.TextStyle.Font.Typeface), string(p.Legend.TextStyle.Font.Variant)},
		{"title", string(p.Title.TextStyle.Font.Typeface), string(p.Title.TextStyle.Font.Variant)},
	} {
		if f.typ != "Liberation" || f.vari != "Sans" {
			t.Errorf("%s in %s %s", f.what, f.typ, f.vari)
		}
	}
	pdf, err := Render(p, Width, Height, "pdf")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(pdf, []byte("LiberationSans")) || !bytes.Contains(pdf, []byte("/FontFile2")) {
		t.Error("the PDF does not embed Liberation Sans")
	}
}

// Log axes mark powers of ten, labelled 10^{k}, with the multiples in
// between unlabelled; over less than two decades the multiples 2 and 5
// are labelled too, in plain numbers; over many, every few powers are.
func TestPowerTicks(t *testing.T) {
	labels := func(min, max float64) (major []string, minor int) {
		for _, tk := range (powerTicks{}).Ticks(min, max) {
			if tk.Label != "" {
				major = append(major, tk.Label)
			} else {
				minor++
			}
		}
		return major, minor
	}
	if m, n := labels(3, 2e5); strings.Join(m, " ") != "10^{1} 10^{2} 10^{3} 10^{4} 10^{5}" || n != 7+8*4+1 {
		t.Errorf("3..2e5: %v, %d minor", m, n)
	}
	if m, _ := labels(0.002, 0.05); strings.Join(m, " ") != "0.002 0.005 0.01 0.02 0.05" {
		t.Errorf("0.002..0.05: %v", m)
	}
	if m, _ := labels(20, 80); strings.Join(m, " ") != "20 50" {
		t.Errorf("20..80: %v", m)
	}
	if m, n := labels(1e-3, 1e12); len(m) != 6 || n != 10 || m[0] != "10^{−3}" {
		t.Errorf("1e-3..1e12: %v, %d minor", m, n)
	}
}

func TestNumberLabels(t *testing.T) {
	for v, want := range map[float64]string{0: "0", -0.5: "−0.5", 1500: "1500", 2e6: "2×10^{6}", 1e6: "10^{6}", 2.5e-5: "2.5×10^{−5}"} {
		if got := number(v); got != want {
			t.Errorf("number(%v) = %q, want %q", v, got, want)
		}
	}
}

// The legend sits in a band of its own above the data area as gonum/plot
// lays it out, whatever the data: here a point in each corner.
func TestLegendNeverCoversData(t *testing.T) {
	x := []float64{0, 1, 0, 1}
	y := []float64{0, 0, 1, 1}
	p := New("corners", "x (m)", "y (m)")
	if _, err := Points(p, x, y, Color(0), "corner points"); err != nil {
		t.Fatal(err)
	}
	if _, err := Line(p, x, y, Color(1), true, "a second entry"); err != nil {
		t.Fatal(err)
	}
	Finish(p)
	Finish(p) // idempotent
	for _, size := range [][2]vg.Length{{Width, Height}, {DoubleWidth, DoubleHeight}} {
		c := draw.New(vgimg.New(size[0], size[1]))
		data := p.DataCanvas(c)
		// Where gonum/plot draws the legend: below the title, shifted up
		// by YOffs, as tall as its rectangle.
		top := c.Max.Y - p.Title.TextStyle.Rectangle(p.Title.Text).Size().Y - p.Title.Padding + p.Legend.YOffs
		r := p.Legend.Rectangle(draw.Canvas{})
		bottom := top - (r.Max.Y - r.Min.Y)
		if bottom < data.Max.Y || top > c.Max.Y {
			t.Errorf("%v: legend from %v to %v, data up to %v, canvas to %v", size, bottom, top, data.Max.Y, c.Max.Y)
		}
	}
}

// A heatmap colours NaN cells Missing and the largest value with the
// palette's end, and leaves room right of the data for its colour bar.
func TestHeatmap(t *testing.T) {
	m := [][]float64{{0, 1}, {math.NaN(), 0.5}}
	p, err := HeatmapOf(m, HeatmapStyle{XLabel: "column", YLabel: "row", Scale: "value"})
	if err != nil {
		t.Fatal(err)
	}
	c := vgimg.NewWith(vgimg.UseWH(Width, Height), vgimg.UseDPI(72))
	dc := draw.New(c)
	p.Draw(dc)
	data := p.DataCanvas(dc)
	if room := dc.Max.X - data.Max.X; room < vg.Points(barGap+barWidth+10) {
		t.Errorf("%v points right of the data for the colour bar", room)
	}
	img := c.Image()
	at := func(col, row float64) color.Color {
		x := data.Min.X + (data.Max.X-data.Min.X)*vg.Length((col+0.5)/2)
		y := data.Min.Y + (data.Max.Y-data.Min.Y)*vg.Length((row+0.5)/2)
		return img.At(int(x.Points()), img.Bounds().Max.Y-int(y.Points()))
	}
	same := func(a, b color.Color) bool {
		r1, g1, b1, _ := a.RGBA()
		r2, g2, b2, _ := b.RGBA()
		return r1>>8 == r2>>8 && g1>>8 == g2>>8 && b1>>8 == b2>>8
	}
	if c := at(0, 1); !same(c, Missing) {
		t.Errorf("NaN cell %v, want %v", c, Missing)
	}
	if c := at(1, 0); !same(c, viridis[len(viridis)-1]) {
		t.Errorf("largest cell %v, want viridis's end %v", c, viridis[len(viridis)-1])
	}
	if c := at(0, 0); !same(c, viridis[0]) {
		t.Errorf("smallest cell %v, want viridis's start %v", c, viridis[0])
	}
	for _, bad := range [][][]float64{nil, {{1, 2}, {3}}, {{math.NaN()}}} {
		if _, err := HeatmapOf(bad, HeatmapStyle{}); err == nil {
			t.Errorf("%v accepted", bad)
		}
	}
}

func TestSpans(t *testing.T) {
	got := spans("10^{−3} and D_{KL}, a^b")
	want := []span{{"10", 0}, {"−3", 1}, {" and D", 0}, {"KL", -1}, {", a^", 0}, {"b", 0}}
	if len(got) != len(want) {
		t.Fatalf("%+v", got)
	}
	for i := range got {
		if got[i] != want[i] {
			t.Fatalf("%+v, want %+v", got, want)
		}
	}
}

// Cell indices are labelled at round steps: every one up to 8 cells, then
// 2, 5, 10, 20, ...
func TestIndexTicks(t *testing.T) {
	for n, want := range map[int]string{5: "0 1 2 3 4", 20: "0 5 10 15", 16: "0 2 4 6 8 10 12 14", 300: "0 50 100 150 200 250"} {
		var got []string
		for _, tk := range indexTicks(n).Ticks(-0.5, float64(n)-0.5) {
			got = append(got, tk.Label)
		}
		if strings.Join(got, " ") != want {
			t.Errorf("%d cells: %v, want %s", n, got, want)
		}
	}
}
