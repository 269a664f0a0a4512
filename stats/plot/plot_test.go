package plot_test

import (
	"bytes"
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

// The legend names the intervals' level: bars for few players, a band for
// many.
func TestRatingsLevelLegend(t *testing.T) {
	for _, n := range []int{3, 60} {
		names := make([]string, n)
		elo, lo, hi := make([]float64, n), make([]float64, n), make([]float64, n)
		for i := range names {
			names[i] = string(rune('a'+i%26)) + strings.Repeat("x", i/26)
			elo[i], lo[i], hi[i] = float64(1500+i), float64(1490+i), float64(1510+i)
		}
		p, err := plot.RatingsLevel(names, elo, lo, hi, 0.5)
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(t.TempDir(), "r.svg")
		if err := plot.Save(p, path); err != nil {
			t.Fatal(err)
		}
		b, _ := os.ReadFile(path)
		if !bytes.Contains(b, []byte("50% interval")) || bytes.Contains(b, []byte("95%")) {
			t.Errorf("%d players: legend does not say 50%%", n)
		}
	}
}

// A ratings plot that names 95% intervals says why there are none to
// see when there are none: none given, or all narrower than the dots
// (paper 003 Table VI: about ±2.5 Elo over 600).
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
	}
}
