package main

import (
	"bytes"
	"fmt"
	"image/png"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// coevo bt fit X.csv --plot r.png on a 30-player tournament given game by
// game with a numeric score (the shape most own data have) draws the
// ratings sorted, one row a player, in a figure one column wide and as
// tall as the 30 rows need: 3.5 in wide at 300 dpi, taller than the
// standard 2.6 in, its names listed best first in the SVG as in the
// table.
func TestBTPlotOf30Players(t *testing.T) {
	rng := rand.New(rand.NewPCG(30, 1))
	var b strings.Builder
	b.WriteString("first,second,result\n")
	elo := make([]float64, 30)
	for i := range elo {
		elo[i] = 1300 + 600*rng.Float64()
	}
	for i := range 30 {
		for j := range 30 {
			if i == j {
				continue
			}
			for range 6 {
				p := 1 / (1 + math.Pow(10, (elo[j]-elo[i])/400))
				s := "0"
				switch u := rng.Float64(); {
				case u < 0.1:
					s = "0.5"
				case u < 0.1+0.9*p:
					s = "1"
				}
				fmt.Fprintf(&b, "agent%02d,agent%02d,%s\n", i+1, j+1, s)
			}
		}
	}
	dir := t.TempDir()
	f := filepath.Join(dir, "games.csv")
	os.WriteFile(f, []byte(b.String()), 0o644)
	pngPath, svgPath := filepath.Join(dir, "r.png"), filepath.Join(dir, "r.svg")
	out, errs, st := coevo("bt", "fit", f, "--format", "games", "--plot", pngPath)
	if st != 0 {
		t.Fatalf("status %d: %s", st, errs)
	}
	data, err := os.ReadFile(pngPath)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if w, h := img.Bounds().Dx(), img.Bounds().Dy(); w != 1050 || h <= 780 || h > 1500 {
		t.Errorf("r.png is %d x %d pixels: want 1050 wide (3.5 in at 300 dpi), taller than 780 for 30 rows", w, h)
	}
	if _, errs, st := coevo("bt", "fit", f, "--format", "games", "--plot", svgPath); st != 0 {
		t.Fatalf("status %d: %s", st, errs)
	}
	svg, _ := os.ReadFile(svgPath)
	// The table's players, rank by rank, and where each is named in the
	// figure: top to bottom, the same order.
	var ranked []string
	for _, l := range strings.Split(out, "\n") {
		if f := strings.Fields(l); len(f) > 2 && strings.HasPrefix(f[1], "agent") {
			ranked = append(ranked, f[1])
		}
	}
	if len(ranked) != 30 {
		t.Fatalf("the table ranks %d players:\n%s", len(ranked), out)
	}
	last := math.Inf(-1)
	for _, name := range ranked {
		i := bytes.Index(svg, []byte(">"+name+"<"))
		if i < 0 {
			t.Fatalf("%s is not named in the figure", name)
		}
		// gonum's SVG writes a text at y = -(its height above the
		// figure's bottom), under scale(1, -1): further down, larger.
		var x, y float64
		start := bytes.LastIndex(svg[:i], []byte("<text"))
		if _, err := fmt.Sscanf(string(svg[start:i]), `<text x="%g" y="%g"`, &x, &y); err != nil {
			t.Fatalf("%s: %q: %v", name, svg[start:i], err)
		}
		if y <= last {
			t.Fatalf("%s is drawn above the player ranked before it", name)
		}
		last = y
	}
}
