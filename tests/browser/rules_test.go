package browsertest

import (
	"fmt"
	"path/filepath"
	"testing"
)

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

// With BROWSER_WIDGET_NOTEBOOKS naming a front end it runs the notebooks
// that bind figures to widgets: 03's dropdown table, 04's archive
// explorer, 09's dashboard; the others run everything.
func TestNotebooksWithWidgets(t *testing.T) {
	t.Setenv("BROWSER_NOTEBOOKS", "")
	t.Setenv("BROWSER_WIDGET_NOTEBOOKS", "notebook7,classic")
	var names []string
	for _, nb := range notebooksFor(t, "../..", "notebook7") {
		names = append(names, filepath.Base(nb))
	}
	if fmt.Sprint(names) != "[03-ratings.ipynb 04-coevolution-othello.ipynb 09-dashboard.ipynb]" {
		t.Errorf("notebook7 runs %v", names)
	}
	all, _ := filepath.Glob("../../notebooks/*.ipynb")
	if got := notebooksFor(t, "../..", "lab"); len(got) != len(all) || len(all) < 7 {
		t.Errorf("lab runs %d notebooks of %d", len(got), len(all))
	}
}
