package plot_test

import (
	"fmt"
	"log"
	"math"
	"os"
	"path/filepath"

	"gonum.org/v1/plot/vg"

	"github.com/coevolab/coevo/stats/plot"
)

// A log axis is ticked at the powers of ten, labelled with exponents.
func ExampleLogAxis() {
	p := plot.New("", "size n", "runtime T (evaluations)")
	plot.LogAxis(&p.Y)
	for _, t := range p.Y.Tick.Marker.Ticks(1, 1e4) {
		if t.Label != "" {
			fmt.Print(t.Label, " ")
		}
	}
	fmt.Println()
	// Output: 10^{0} 10^{1} 10^{2} 10^{3} 10^{4}
}

// A CIAO-style heatmap: each generation's champion against every earlier
// generation's, scored on a diverging scale around an even score, with
// a colour bar; cells not played are NaN. Saved for a two-column paper.
func ExampleHeatmapOf() {
	const gens = 20
	m := make([][]float64, gens)
	for y := range m {
		m[y] = make([]float64, gens)
		for x := range m[y] {
			m[y][x] = math.NaN()
			if y < x {
				m[y][x] = 0.5 + 0.4*math.Tanh(float64(x-y)/5)*math.Cos(float64(x)/3)
			}
		}
	}
	p, err := plot.HeatmapOf(m, plot.HeatmapStyle{
		XLabel: "current generation", YLabel: "ancestral generation",
		Scale: "score of current against ancestor", Diverging: true, Center: 0.5, Min: 0, Max: 1,
	})
	if err != nil {
		log.Fatal(err)
	}
	path := filepath.Join(os.TempDir(), "ciao.pdf")
	if err := plot.SaveSize(p, path, plot.DoubleWidth, plot.DoubleHeight); err != nil {
		log.Fatal(err)
	}
}

// Thirty players' ratings with their 95% intervals, given in any order,
// drawn best at the top, one row a player: the figure is one column wide
// and as tall as its rows need, and keeps the figure rules (Check).
func ExampleRatings() {
	var names []string
	var elo, lo, hi []float64
	for i := range 30 {
		r := 1400 + float64((i*37)%30)*10 // 1400 to 1690, shuffled
		names, elo = append(names, fmt.Sprintf("agent%02d", i+1)), append(elo, r)
		lo, hi = append(lo, r-40), append(hi, r+40)
	}
	p, err := plot.Ratings(names, elo, lo, hi)
	if err != nil {
		log.Fatal(err)
	}
	w, h := plot.Size(p)
	fmt.Printf("%.1f x %.1f in; figure rules kept: %v\n", w/vg.Inch, h/vg.Inch, plot.Check(p, w, h) == nil)
	if err := plot.Save(p, filepath.Join(os.TempDir(), "ratings.pdf")); err != nil {
		log.Fatal(err)
	}
	// Output: 3.5 x 4.5 in; figure rules kept: true
}
