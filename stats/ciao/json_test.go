package ciao_test

import (
	"bytes"
	"context"
	"encoding/json"
	"math"
	"strings"
	"testing"

	"github.com/coevolab/coevo/engine/coevolve"
	"github.com/coevolab/coevo/engine/tournament"
	. "github.com/coevolab/coevo/stats/ciao"
)

// A CIAO matrix saves as JSON (NaN as null) and reads back with its
// league, so that Best, Transitivity and the plot work on what was read;
// one read from CSV (no league) saves and reads back too; a file that is
// not a matrix is refused with the reason.
func TestMatrixJSON(t *testing.T) {
	names := []string{"L:LL", "L:RR", "R:RR", "R:LL"}
	m, err := Play(context.Background(), sides(coevolve.Cycle7), names, []float64{10, 20, 30, 40}, 4, tournament.Options{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	var back Matrix
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	same := func(a, b [][]float64) bool {
		for i := range a {
			for j := range a[i] {
				if a[i][j] != b[i][j] && !(math.IsNaN(a[i][j]) && math.IsNaN(b[i][j])) {
					return false
				}
			}
		}
		return len(a) == len(b)
	}
	if !same(back.CIAO(), m.CIAO()) || back.Best() != m.Best() || back.League == nil {
		t.Errorf("read back: CIAO %v, best %d; saved %v, %d", back.CIAO(), back.Best(), m.CIAO(), m.Best())
	}
	t1, err1 := m.Transitivity("x")
	t2, err2 := back.Transitivity("x")
	if err1 != nil || err2 != nil || t1 != t2 {
		t.Errorf("transitivity %v %v, read back %v %v", t1, err1, t2, err2)
	}
	var csv bytes.Buffer
	m.WriteCSV(&csv)
	fromCSV, err := ReadCSV(&csv)
	if err != nil {
		t.Fatal(err)
	}
	b, _ = json.Marshal(fromCSV)
	var back2 Matrix
	if err := json.Unmarshal(b, &back2); err != nil || !same(back2.CIAO(), m.CIAO()) {
		t.Errorf("from CSV and back: %v %v", back2.CIAO(), err)
	}
	good, _ := json.Marshal(m)
	for _, c := range []struct{ what, from, to, want string }{
		{"a score above 1", `"score":[[null,1,`, `"score":[[null,2,`, "share of points"},
		{"a missing label", `"labels":[10,`, `"labels":[`, "labels"},
		{"another score", `"score":[[null,1,`, `"score":[[null,0.25,`, "add up"},
		{"scores its league does not give", `"score":[[null,1,0.5,0],[0,`, `"score":[[null,0.75,0.5,0],[0.25,`, "its league"},
		{"a league's bad fixture", `"First":0`, `"First":9`, "fixture"},
	} {
		bad := strings.Replace(string(good), c.from, c.to, 1)
		if bad == string(good) {
			t.Fatalf("%s: %q not in %s", c.what, c.from, good)
		}
		var r Matrix
		if err := json.Unmarshal([]byte(bad), &r); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v", c.what, err)
		}
	}
}
