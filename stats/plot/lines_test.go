package plot

import (
	"path/filepath"
	"testing"
)

func TestLines(t *testing.T) {
	x := []float64{0, 1, 2, 3}
	p, err := Lines("history", "generation", "error", true, x, []string{"best", "mean"},
		[][]float64{{8, 4, 2, 0.5}, {9, 7, 6, 5}})
	if err != nil {
		t.Fatal(err)
	}
	if p.Legend.Top != true || p.Y.Min > 0.5 || p.Y.Max < 9 {
		t.Fatalf("axes %g..%g", p.Y.Min, p.Y.Max)
	}
	if err := Save(p, filepath.Join(t.TempDir(), "h.svg")); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		names []string
		ys    [][]float64
	}{
		{[]string{"a"}, [][]float64{{1, 2, 3}}},         // too short
		{[]string{"a", "b"}, [][]float64{{1, 2, 3, 4}}}, // names and series differ
		{[]string{"a"}, [][]float64{{1, 0, 3, 4}}},      // 0 on a log axis
	} {
		if _, err := Lines("", "", "", true, x, c.names, c.ys); err == nil {
			t.Errorf("%v %v: no error", c.names, c.ys)
		}
	}
	if _, err := Lines("", "", "", false, x, []string{"a"}, [][]float64{{1, 0, -3, 4}}); err != nil {
		t.Errorf("linear axis: %v", err)
	}
}
