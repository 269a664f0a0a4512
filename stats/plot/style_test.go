package plot

import (
	"bytes"
	"fmt"
	"image/color"
	"image/png"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	gplot "gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"

	"github.com/coevolab/coevo/internal/plottest"
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
// between unlabelled; over fewer than three powers the multiples 1, 2 and
// 5 are labelled, in plain numbers, or every multiple; over many powers,
// every few powers are. The ticker marks the axis's margins too: 3..2e5
// widens to 1.85..3.24e5 (4% of the axis at each end).
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
	if m, n := labels(3, 2e5); strings.Join(m, " ") != "10^{1} 10^{2} 10^{3} 10^{4} 10^{5}" || n != 8+8*4+2 {
		t.Errorf("3..2e5: %v, %d minor", m, n)
	}
	if m, _ := labels(0.002, 0.05); strings.Join(m, " ") != "0.002 0.005 0.01 0.02 0.05" {
		t.Errorf("0.002..0.05: %v", m)
	}
	if m, _ := labels(11, 161); strings.Join(m, " ") != "10 20 50 100" {
		t.Errorf("11..161: %v", m)
	}
	if m, _ := labels(20, 80); strings.Join(m, " ") != "20 30 40 50 60 70 80" {
		t.Errorf("20..80: %v", m)
	}
	if m, n := labels(1e-3, 1e12); len(m) != 6 || n != 10 || m[0] != "10^{−3}" {
		t.Errorf("1e-3..1e12: %v, %d minor", m, n)
	}
}

// Whatever its range, a log axis shows at least three labels, in order,
// within the axis and its margins.
func TestPowerTicksShortRanges(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 2000; i++ {
		min := math.Pow(10, -6+12*rng.Float64())
		max := min * math.Pow(10, 1.5*rng.Float64()) // up to 1.5 decades
		lo, hi := widen(math.Log10(min), math.Log10(max))
		var got []float64
		for _, tk := range (powerTicks{}).Ticks(min, max) {
			if tk.Label == "" {
				continue
			}
			if l := math.Log10(tk.Value); l < lo-1e-9 || l > hi+1e-9 {
				t.Fatalf("%g..%g: label %s outside the axis", min, max, tk.Label)
			}
			if len(got) > 0 && !(tk.Value > got[len(got)-1]) {
				t.Fatalf("%g..%g: labels out of order", min, max)
			}
			got = append(got, tk.Value)
		}
		if len(got) < 3 {
			t.Fatalf("%g..%g: %d labels %v", min, max, len(got), got)
		}
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

// A heatmap colours NaN cells Missing (or the style's colour for them),
// the smallest and the largest values with its palette's ends, read back
// from the rendered image at the cells' centres; and it leaves room right
// of the data for its colour bar. The expected colours are the published
// palettes' end points (matplotlib's viridis; ColorBrewer's PuOr and
// Greys, less its white).
func TestHeatmap(t *testing.T) {
	m := [][]float64{{0, 1}, {math.NaN(), 0.5}}
	rgb := func(h string) color.RGBA {
		var c color.RGBA
		fmt.Sscanf(h, "#%02x%02x%02x", &c.R, &c.G, &c.B)
		return c
	}
	for _, c := range []struct {
		style               HeatmapStyle
		nan, low, mid, high color.Color
	}{
		{HeatmapStyle{}, Missing, rgb("#440154"), rgb("#21918c"), rgb("#fde725")},
		{HeatmapStyle{Diverging: true, Center: 0.5}, Missing, rgb("#2d004b"), rgb("#f7f7f7"), rgb("#7f3b08")},
		{HeatmapStyle{Palette: Greys, Missing: color.White}, color.White, rgb("#f0f0f0"), nil, rgb("#000000")},
		// A fixed range: 0 on a scale of -0.75..1 lies 3/7 along it, at
		// Greys' fourth colour of eight.
		{HeatmapStyle{Palette: Greys, Min: -0.75, Max: 1}, Missing, rgb("#969696"), nil, rgb("#000000")},
	} {
		s := c.style
		s.XLabel, s.YLabel, s.Scale = "column", "row", "value"
		p, err := HeatmapOf(m, s)
		if err != nil {
			t.Fatal(err)
		}
		f := plottest.Render(p, Width, Height)
		if room := f.Canvas.Max.X - f.Data.Max.X; room < vg.Points(barGap+barWidth+10) {
			t.Errorf("%+v: %v points right of the data for the colour bar", s, room)
		}
		for _, cell := range []struct {
			what     string
			col, row int
			want     color.Color
		}{{"NaN", 0, 1, c.nan}, {"smallest", 0, 0, c.low}, {"middle", 1, 1, c.mid}, {"largest", 1, 0, c.high}} {
			if got := f.Cell(cell.col, cell.row, 2, 2); cell.want != nil && !plottest.Near(got, cell.want, 0) {
				t.Errorf("%+v: %s cell %v, want %v", s, cell.what, got, cell.want)
			}
		}
	}
	for _, bad := range [][][]float64{nil, {{1, 2}, {3}}, {{math.NaN()}}} {
		if _, err := HeatmapOf(bad, HeatmapStyle{}); err == nil {
			t.Errorf("%v accepted", bad)
		}
	}
	if _, err := HeatmapOf(m, HeatmapStyle{Palette: Palette{{0, 0, 0, 0xff}}}); err == nil {
		t.Error("a palette of one colour accepted")
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

// Data at the ends of an axis's range stay clear of the frame: points in
// the four corners of the range leave the 1.5% of the data area next to
// the frame empty,
// on linear and on log axes, for the data's range and for one set.
func TestMargins(t *testing.T) {
	for _, c := range []struct {
		what     string
		log      bool
		x, y     []float64
		set      bool
		min, max float64
	}{
		{"linear", false, []float64{0, 1, 0, 1}, []float64{1500, 1500, 1700, 1700}, false, 0, 0},
		{"log", true, []float64{10, 1e4, 10, 1e4}, []float64{3, 3, 40, 40}, false, 0, 0},
		{"set 0..1", false, []float64{0, 1, 0, 1}, []float64{0, 0, 1, 1}, true, 0, 1},
	} {
		p := New("", "x (units)", "y (units)")
		if c.log {
			LogAxis(&p.X)
			LogAxis(&p.Y)
		}
		if _, err := Points(p, c.x, c.y, Color(0), "corners"); err != nil {
			t.Fatal(err)
		}
		if c.set {
			p.Y.Min, p.Y.Max = c.min, c.max
		}
		Finish(p)
		clearOfFrame(t, c.what, p)
	}
	// Notebook 03's ratings: the dots and interval bars of the strongest
	// and the weakest players, and the band of a large pool.
	names := []string{"a", "b", "c", "d"}
	p, err := Ratings(names, []float64{1700, 1650, 1500, 1300}, []float64{1690, 1620, 1480, 1250}, []float64{1710, 1680, 1520, 1350})
	if err != nil {
		t.Fatal(err)
	}
	clearOfFrame(t, "ratings", p)
	n := 60
	names, elo, lo, hi := make([]string, n), make([]float64, n), make([]float64, n), make([]float64, n)
	for i := range names {
		names[i], elo[i] = fmt.Sprint("p", i), 1000+10*float64(i)
		lo[i], hi[i] = elo[i]-30, elo[i]+30
	}
	if p, err = Ratings(names, elo, lo, hi); err != nil {
		t.Fatal(err)
	}
	clearOfFrame(t, "ratings of a pool", p)
}

// clearOfFrame fails unless p's marks, in the first colour of the
// palette, leave the 1.5% of its data area next to the frame empty.
func clearOfFrame(t *testing.T, what string, p *gplot.Plot) {
	t.Helper()
	f := plottest.Render(p, Width, Height)
	data := f.Data
	w, h := data.Max.X-data.Min.X, data.Max.Y-data.Min.Y
	blue := func(x, y vg.Length) bool {
		r, g, b, _ := f.At(x, y).RGBA()
		return b>>8 > 0x80 && r>>8 < 0x60 && g>>8 < 0xa0
	}
	const edge = 0.015 // of the data area: a mark sits on the frame when closer
	found := false
	for x := data.Min.X; x <= data.Max.X; x++ {
		for y := data.Min.Y; y <= data.Max.Y; y++ {
			if !blue(x, y) {
				continue
			}
			found = true
			if x < data.Min.X+edge*w || x > data.Max.X-edge*w || y < data.Min.Y+edge*h || y > data.Max.Y-edge*h {
				t.Errorf("%s: a mark drawn at (%v, %v), within 1.5%% of the frame of %v..%v x %v..%v", what, x, y, data.Min.X, data.Max.X, data.Min.Y, data.Max.Y)
				return
			}
		}
	}
	if !found {
		t.Errorf("%s: nothing drawn", what)
	}
}

// Linear axes are labelled at a round step, 1, 2 or 5 x 10^k, three to
// seven labels, evenly spaced, within the range; count axes at whole
// numbers only.
func TestRoundTicks(t *testing.T) {
	labels := func(lo, hi float64, whole bool) (vals []float64, s string) {
		ticks, k := roundTicks(lo, hi, whole, true)
		if k != 0 {
			s = fmt.Sprintf("(10^%d) ", k)
		}
		for _, tk := range ticks {
			if tk.Label != "" {
				vals = append(vals, tk.Value)
				s += tk.Label + " "
			}
		}
		return vals, strings.TrimSpace(s)
	}
	for _, c := range []struct {
		lo, hi float64
		whole  bool
		want   string
	}{
		{0, 1, false, "0.0 0.2 0.4 0.6 0.8 1.0"},
		{-0.78, 18.78, true, "0 5 10 15"},
		{-0.78, 18.78, false, "0 5 10 15"},
		{-0.1, 2.1, true, "0 1 2"},
		{-0.1, 2.1, false, "0.0 0.5 1.0 1.5 2.0"},
		{1320, 1745, false, "1400 1500 1600 1700"},
		{1619.43035, 1619.43065, false, "1619.4304 1619.4305 1619.4306"},
		{-6000, 166000, false, "(10^3) 0 50 100 150"},
		{-2e6, 9e6, false, "(10^6) −2 0 2 4 6 8"},
		{0, 0.0004, false, "(10^-6) 0 100 200 300 400"},
	} {
		if _, got := labels(c.lo, c.hi, c.whole); got != c.want {
			t.Errorf("%g..%g whole %v: %s, want %s", c.lo, c.hi, c.whole, got, c.want)
		}
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 2000; i++ {
		lo := (rng.Float64() - 0.5) * math.Pow(10, -4+8*rng.Float64())
		hi := lo + math.Pow(10, -4+8*rng.Float64())
		whole := rng.IntN(2) == 0
		if whole && hi-lo < 3 { // three whole numbers at least
			hi = lo + 3
		}
		v, s := labels(lo, hi, whole)
		if len(v) < 3 || len(v) > 7 {
			t.Fatalf("%g..%g whole %v: %d labels %s", lo, hi, whole, len(v), s)
		}
		step := v[1] - v[0]
		for k := range v {
			if v[k] < lo || v[k] > hi || math.Abs(v[k]-v[0]-float64(k)*step) > 1e-6*step || whole && v[k] != math.Round(v[k]) {
				t.Fatalf("%g..%g whole %v: labels %s", lo, hi, whole, s)
			}
		}
	}
}

// Read back from the rendered figure: a log axis over less than a decade
// (notebook 02's runtimes) carries at least three numeric labels, each
// beside the tick of its value; several series drawn with Series each
// have their legend entry, in order, above the data.
func TestRenderedSubDecadeLogAxisAndLegend(t *testing.T) {
	for _, span := range [][2]float64{{20, 80}, {3.1, 9.7}, {1200, 4500}, {0.011, 0.04}} {
		p := New("", "size n", "runtime T (evaluations)")
		LogAxis(&p.Y)
		x := []float64{1, 2, 3}
		if _, err := Series(p, 0, x, []float64{span[0], span[1], math.Sqrt(span[0] * span[1])}, "SUBTRACTIONNIM k = 2"); err != nil {
			t.Fatal(err)
		}
		if _, err := Series(p, 1, x, []float64{span[1], span[0], span[0]}, "SUBTRACTIONNIM k = 3"); err != nil {
			t.Fatal(err)
		}
		Finish(p)
		f := plottest.Render(p, Width, Height)
		h := float64(f.Data.Max.Y - f.Data.Min.Y)
		var labels []float64
		for _, tx := range f.Left() {
			v, err := strconv.ParseFloat(strings.Replace(tx.S, "−", "-", 1), 64)
			if err != nil {
				t.Errorf("%v: y label %q is not a number", span, tx.S)
				continue
			}
			// A tick label is centred on its tick: its middle, a third
			// of its size above its baseline, within 1.5 points of it.
			tick := float64(f.Data.Min.Y) + h*p.Y.Norm(v)
			if mid := tx.Y + tx.Size/3; math.Abs(mid-tick) > 1.5 {
				t.Errorf("%v: label %s centred at %.1f, its tick at %.1f", span, tx.S, mid, tick)
			}
			labels = append(labels, v)
		}
		if len(labels) < 3 || !slices.IsSorted(labels) {
			t.Errorf("%v: y labels %v, want three or more, bottom to top", span, labels)
		}
		var above []string
		for _, tx := range f.Above() {
			above = append(above, tx.S)
		}
		if want := []string{"SUBTRACTIONNIM k = 2", "SUBTRACTIONNIM k = 3"}; !slices.Equal(above, want) {
			t.Errorf("%v: above the data %q, want the legend %q", span, above, want)
		}
	}
}

// Every axis writes its labels in one notation, never a mix such as
// paper 003 fig. 5's x axis once had ("50000", "10^5", "1.5×10^5"): a
// log axis plain numbers or powers of ten (m×10^k, m from 1 to 9), a
// linear axis plain numbers with the same decimals, in units of 10^k
// named in the axis label when they are long (not 0.5×10^5, 1×10^5); and
// each label is its tick's value.
func TestOneLabelStylePerAxis(t *testing.T) {
	check := func(kind string, lo, hi float64, ticks []gplot.Tick, k int, linear bool) {
		t.Helper()
		a := gplot.Axis{Min: lo, Max: hi, Scale: gplot.LinearScale{}}
		a.Tick.Marker = gplot.ConstantTicks(ticks)
		if !linear {
			a.Scale = gplot.LogScale{}
		}
		if err := checkTicks(kind, a); err != nil {
			t.Fatalf("%g..%g: %v", lo, hi, err)
		}
		for _, tk := range ticks {
			if tk.Label == "" {
				continue
			}
			v := strings.NewReplacer("−", "-", "×10^{", "e", "10^{", "1e", "}", "").Replace(tk.Label)
			x, err := strconv.ParseFloat(v, 64)
			if x *= math.Pow10(k); err != nil || math.Abs(x-tk.Value) > 1e-9*math.Abs(tk.Value)+1e-12*(hi-lo) {
				t.Fatalf("%s %g..%g: label %q (10^%d) is not %g", kind, lo, hi, tk.Label, k, tk.Value)
			}
		}
	}
	rng := rand.New(rand.NewPCG(22, 5))
	for i := 0; i < 4000; i++ {
		lo := math.Pow(10, -7+14*rng.Float64())
		hi := lo * math.Pow(10, 4*rng.Float64())
		note := &scaleNote{}
		check("log", lo, hi, (powerTicks{note}).Ticks(lo, hi), note.k, false)
		a := (rng.Float64() - 0.3) * math.Pow(10, -7+14*rng.Float64())
		b := a + math.Pow(10, -7+14*rng.Float64())
		ticks, k := roundTicks(a, b, false, true)
		check("linear", a, b, ticks, k, true)
	}
	// What checkTicks refuses.
	for _, bad := range [][]string{{"0", "0.5×10^{5}", "1×10^{5}"}, {"0", "0.5", "1.0"}, {"50000", "10^{5}"}} {
		var ticks []gplot.Tick
		for i, l := range bad {
			ticks = append(ticks, gplot.Tick{Value: float64(i), Label: l})
		}
		a := gplot.Axis{Min: 0, Max: 2, Scale: gplot.LinearScale{}}
		a.Tick.Marker = gplot.ConstantTicks(ticks)
		if checkTicks("x", a) == nil {
			t.Errorf("%q passed", bad)
		}
	}
}

// The power of ten of a linear axis's labels goes into its label, inside
// the unit's parentheses when there is a unit.
func TestScaleNote(t *testing.T) {
	for txt, want := range map[string]string{
		"runtime T (evaluations)": "runtime T (10^{3} evaluations)",
		"games played":            "games played (×10^{3})",
		"":                        "×10^{3}",
	} {
		if got := (&scaleNote{3}).label(txt); got != want {
			t.Errorf("%q: %q, want %q", txt, got, want)
		}
	}
	if got := (*scaleNote)(nil).label("x"); got != "x" {
		t.Errorf("no note: %q", got)
	}
}

// No text reaches the edge of the figure: the outermost tick labels, long
// ones with exponents among them (fig. 5's 2×10^5 lost its exponent's
// last pixels to the edge), keep a point and more clear of it.
func TestTextsKeepClearOfTheEdges(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 22))
	for i := 0; i < 200; i++ {
		lo := math.Pow(10, 8*rng.Float64()-2)
		hi := lo * (1 + 300*rng.Float64())
		p := New("", "games played during evolution", "performance (share of points)")
		if i%2 == 1 {
			LogAxis(&p.X)
		}
		if _, err := Series(p, 0, []float64{lo, (lo + hi) / 2, hi}, []float64{0.1, 0.5, 0.3}, "a run"); err != nil {
			t.Fatal(err)
		}
		p.Y.Min, p.Y.Max = 0, 1
		Finish(p)
		f := plottest.Render(p, Width, Height)
		for _, tx := range f.Texts {
			if tx.Turned {
				continue
			}
			face := font.DefaultCache.Lookup(Sans, vg.Points(tx.Size))
			right := tx.X + face.Width(tx.S).Points()
			if tx.X < 1 || right > Width.Points()-1 {
				t.Fatalf("x %g..%g (log %v): %q spans %.1f..%.1f of %.0f points", lo, hi, i%2 == 1, tx.S, tx.X, right, Width.Points())
			}
		}
	}
}
