package browsertest

import "testing"

// The source rules that decide where a notebook must show a table or a
// plot, on cells of the notebooks and on cells they must leave alone.
func TestSourceRules(t *testing.T) {
	for _, c := range []struct {
		src          string
		table, image bool
	}{
		{"table.DataFrame()", true, false},
		{"kg[:24].DataFrame()", true, false},
		{"run.Trace.DataFrame().Subset([]int{0, 1, 2, run.Generations / 2, run.Generations - 1})", true, false},
		{"fmt.Printf(\"x\\n\")\nfitSD.DataFrame()\n", true, false},
		{"fake{}.DataFrame()", true, false},
		{"fmt.Println(t.DataFrame())", false, false},
		{"df := t.DataFrame()", false, false},
		{"t.DataFrame()\nx := 1", false, false},
		{"tracePlot, _ := run.Trace.Plot()\ntracePlot", false, true},
		{"lo, hi := fit6.CI(0.95)\np, _ := plot.Ratings(fit6.Players, fit6.Elo(), lo, hi)\np", false, true},
		{"p3, err := r3.Plot()\nif err != nil {\n\tpanic(err)\n}\np3", false, true},
		{"p, _ := r.Plot()\nq", false, false},
		{"p, _ := r.Plot()\nfmt.Println(p)", false, false},
		{"p := 3\np", false, false},
	} {
		if got := wantsTable(c.src); got != c.table {
			t.Errorf("wantsTable(%q) = %v, want %v", c.src, got, c.table)
		}
		if got := wantsPlot(c.src); got != c.image {
			t.Errorf("wantsPlot(%q) = %v, want %v", c.src, got, c.image)
		}
	}
}
