package plot_test

import (
	"fmt"
	"log"
	"math"
	"os"
	"path/filepath"

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
