package plot_test

import (
	"bytes"
	"fmt"
	"image/color"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/coevolab/coevo/internal/plottest"
	"github.com/coevolab/coevo/stats/plot"
)

func TestSaveFormats(t *testing.T) {
	p, err := plot.Ratings([]string{"a", "b", "c"}, []float64{1500, 1600, 1700}, []float64{1450, 1560, 1640}, []float64{1550, 1640, 1760})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	magic := map[string][]byte{
		"pdf": []byte("%PDF"),
		"png": []byte("\x89PNG"),
		"svg": []byte("<?xml"),
		"eps": []byte("%!PS-Adobe-3.0 EPSF"),
	}
	for ext, m := range magic {
		path := filepath.Join(dir, "r."+ext)
		if err := plot.Save(p, path); err != nil {
			t.Fatal(err)
		}
		b, _ := os.ReadFile(path)
		if !bytes.HasPrefix(b, m) {
			t.Errorf("%s starts %q", ext, b[:min(8, len(b))])
		}
	}
	if err := plot.Save(p, filepath.Join(dir, "r.doc")); err == nil || !strings.Contains(err.Error(), ".doc") {
		t.Fatalf("got %v", err)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".*")); len(left) != 0 {
		t.Fatalf("temporary files left: %v", left)
	}
}

func TestLogLogAndHeatmap(t *testing.T) {
	x := []float64{10, 20, 40, 80}
	y := []float64{100, 400, 1600, 6400}
	p, err := plot.LogLog("runtime", "n", "T", x, y, func(v float64) float64 { return v * v }, "fit", 5)
	if err != nil {
		t.Fatal(err)
	}
	if err := plot.Save(p, filepath.Join(t.TempDir(), "l.svg")); err != nil {
		t.Fatal(err)
	}
	if _, err := plot.LogLog("", "", "", []float64{0}, []float64{-1}, nil, "", 0); err == nil {
		t.Fatal("no positive points accepted")
	}
	h, err := plot.Heatmap("ciao", "x", "y", [][]float64{{0, 1}, {1, 0.5}})
	if err != nil {
		t.Fatal(err)
	}
	if err := plot.Save(h, filepath.Join(t.TempDir(), "h.png")); err != nil {
		t.Fatal(err)
	}
}

func TestText(t *testing.T) {
	s := plot.Text("squares", []float64{1, 2, 3, 4}, []float64{1, 4, 9, 16}, false, false, 60, 15)
	if strings.Count(s, "*") < 4 || !strings.Contains(s, "squares") {
		t.Fatalf("text chart:\n%s", s)
	}
}

// A ratings plot that names 95% intervals draws them where they can be
// seen, and otherwise says why there are none to see: none given, or all
// narrower than the dots (paper 003 Table VI: about ±2.5 Elo over 600).
func TestRatingsIntervalsShownOrExplained(t *testing.T) {
	names := []string{"a", "b", "c", "d"}
	elo := []float64{1300, 1500, 1700, 1900}
	with := func(half float64) (lo, hi []float64) {
		for _, r := range elo {
			lo, hi = append(lo, r-half), append(hi, r+half)
		}
		return lo, hi
	}
	for _, c := range []struct {
		half   float64
		legend string
	}{
		{60, "Elo with 95% interval"},
		{2.5, "Elo; 95% intervals (±2.5 at most) hidden by the dots"},
		{0, "Elo; no intervals given"},
	} {
		lo, hi := with(c.half)
		p, err := plot.Ratings(names, elo, lo, hi)
		if err != nil {
			t.Fatal(err)
		}
		f := plottest.Render(p, plot.Width, plot.Height)
		var above []string
		for _, tx := range f.Above() {
			above = append(above, tx.S)
		}
		if len(above) != 1 || above[0] != c.legend {
			t.Errorf("half-width %g: legend %q, want %q", c.half, above, c.legend)
		}
		if c.half == 60 {
			// The bars show well beyond the dots: painted at 80% of the
			// half-width above and below each rating.
			for i, r := range elo {
				for _, y := range []float64{r + 0.8*c.half, r - 0.8*c.half} {
					if col := f.Point(p, float64(i), y); plottest.Near(col, color.White, 40) {
						t.Errorf("no interval drawn at player %d, Elo %g", i, y)
					}
				}
			}
		}
	}
	// Beyond 40 players, the band.
	var many []string
	var r, l, h []float64
	for i := 0; i < 60; i++ {
		many = append(many, fmt.Sprint(i))
		r, l, h = append(r, float64(10*i)), append(l, float64(10*i)), append(h, float64(10*i))
	}
	p, err := plot.Ratings(many, r, l, h)
	if err != nil {
		t.Fatal(err)
	}
	if f := plottest.Render(p, plot.Width, plot.Height); !f.Text("no intervals given") {
		t.Errorf("a pool without intervals: legend %v", f.Above())
	}
}
