package main

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/coevolab/coevo/engine/gp"
)

func jsonKeys(t *testing.T, out string) map[string]json.RawMessage {
	t.Helper()
	var m map[string]json.RawMessage
	if err := json.Unmarshal([]byte(out), &m); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	return m
}

func sortedKeys(m map[string]json.RawMessage) []string {
	var k []string
	for key := range m {
		k = append(k, key)
	}
	slices.Sort(k)
	return k
}

// The contract of issue 10: exactly the keys formula, prefix, error,
// accuracy; the prefix, read back and scored on the engine's positions,
// has the error printed.
func TestGPContract(t *testing.T) {
	out, errs, st := coevo("gp", "--game", "ga2", "--heaps", "2", "--max-heap", "10", "--population", "2000", "--generations", "20", "--seed", "1", "--json")
	if st != 0 {
		t.Fatalf("status %d: %s", st, errs)
	}
	m := jsonKeys(t, out)
	if k := sortedKeys(m); !slices.Equal(k, []string{"accuracy", "error", "formula", "prefix"}) {
		t.Fatalf("keys %v", k)
	}
	var r struct {
		Formula, Prefix string
		Error           int64
		Accuracy        float64
	}
	json.Unmarshal([]byte(out), &r)
	d, err := gp.HeapData(context.Background(), gp.HeapSpec{Game: "ga2", Heaps: 2, MaxHeap: 10, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	p, err := gp.Parse(r.Prefix, d.Train.Names)
	if err != nil {
		t.Fatal(err)
	}
	var e int64
	for i, v := range d.Train.Eval(p) {
		e += max(v-d.Train.Y[i], d.Train.Y[i]-v)
	}
	if e != r.Error || r.Formula == "" || r.Accuracy != d.Test.Accuracy(p) {
		t.Fatalf("%+v: the prefix scores error %d, accuracy %g", r, e, d.Test.Accuracy(p))
	}
	// One heap: (h - 1) mod 3 in some form, right on held-out heaps.
	out, _, _ = coevo("gp", "--game", "ga2", "--heaps", "1", "--seed", "1", "--json")
	json.Unmarshal([]byte(out), &r)
	if r.Error != 0 || r.Accuracy != 1 {
		t.Fatalf("one heap: %s", out)
	}
	text, _, st := coevo("gp", "--game", "nim", "--heaps", "2", "--min-heap", "0", "--max-heap", "7", "--fitness", "consistency", "--population", "500")
	if st != 0 || !strings.Contains(text, "error:   0") || !strings.Contains(text, "1.0000 of 64 positions") {
		t.Fatalf("consistency on nim: %s", text)
	}
}

func TestGPBadUsage(t *testing.T) {
	for _, c := range [][]string{
		{"gp", "--heaps", "0"},
		{"gp", "--game", "chess"},
		{"gp", "--game", "octal"},
		{"gp", "--game", "ga2", "--code", "0.77"},
		{"gp", "--fitness", "rmse"},
		{"gp", "--population", "1"},
		{"gp", "--max-heap", "0"},
		{"gp", "--parsimony", "NaN"},
		{"gp", "--elites", "5000"},
		{"gp", "--population", "10000000000"},  // fatal out of memory before it was bounded
		{"gp", "--tournament", "100000000000"}, // a generation that never ended, deaf to Ctrl-C
		{"gp", "--max-depth", "100000"},
		{"gp", "--max-positions", "0"},
		{"gp", "extra"},
		{"solve", "luckynim", "--m", "3", "--n", "3"},
		{"solve", "luckynim", "--heaps", "7,x"},
		{"solve", "luckynim", "--heaps", "1000,1000,1000"},
		{"solve", "luckynim", "--k", "2"},
		{"umda", "--game", "luckynim"},
	} {
		_, errs, st := coevo(c...)
		if st != 2 || strings.Count(strings.TrimSpace(errs), "\n") != 0 {
			t.Errorf("%v: status %d, stderr %q; want 2 and one line", c, st, errs)
		}
	}
	// GA2's graph is compiled within --max-positions (it grew past 12 GB
	// with --max-heap 100 before it was bounded); the error names the flag.
	for _, fit := range []string{"abs", "consistency"} {
		_, errs, st := coevo("gp", "--game", "ga2", "--max-heap", "30", "--fitness", fit, "--max-positions", "1000", "--generations", "1")
		if st != 2 || !strings.Contains(errs, "--max-positions") {
			t.Errorf("gp --fitness %s beyond --max-positions: status %d, stderr %q; want 2 naming --max-positions", fit, st, errs)
		}
	}
	for _, c := range [][]string{{"gp", "--help"}, {"solve", "luckynim", "--help"}} {
		out, _, st := coevo(c...)
		if st != 0 || !strings.Contains(out, "Usage: coevo "+strings.Join(c[:len(c)-1], " ")) {
			t.Errorf("%v: status %d: %s", c, st, out)
		}
	}
}

// The contract of issue 10 for Lucky Nim. With [2, 4], Omega(7) = 0 and
// Omega(13) = 1 (blocks of 6): a win for the mover, who plays heap 13
// (Omega 1) into 7..12 whatever the other shows; 13 is the first size of
// its block, so the only number that works is 2 (2 + 4 = 6 leaves 7,
// 2 + 2 leaves 9; 3 + 4 would leave 6).
func TestSolveLuckyNimContract(t *testing.T) {
	out, errs, st := coevo("solve", "luckynim", "--heaps", "7,13", "--m", "2", "--n", "4", "--json")
	if st != 0 {
		t.Fatalf("status %d: %s", st, errs)
	}
	if k := sortedKeys(jsonKeys(t, out)); !slices.Equal(k, []string{"forcing_move", "verdict"}) {
		t.Fatalf("keys %v", k)
	}
	var r luckyResult
	json.Unmarshal([]byte(out), &r)
	if r.Verdict != "win" || r.ForcingMove == nil || *r.ForcingMove != (luckyMoveJSON{Heap: 2, Size: 13, Number: 2}) {
		t.Fatalf("%s", out)
	}
	out, _, _ = coevo("solve", "luckynim", "--heaps", "7,7", "--m", "2", "--n", "4", "--json")
	if strings.TrimSpace(out) != `{"verdict":"loss","forcing_move":null}` {
		t.Fatalf("7 7: %s", out)
	}
	// m = 0: a heap beyond n is nobody's to force.
	out, _, _ = coevo("solve", "luckynim", "--heaps", "7", "--m", "0", "--n", "2", "--json")
	if strings.TrimSpace(out) != `{"verdict":"undetermined","forcing_move":null}` {
		t.Fatalf("m = 0: %s", out)
	}
	text, _, _ := coevo("solve", "luckynim", "--heaps", "7,7")
	if !strings.Contains(text, "verdict: loss") || !strings.Contains(text, "the other forces a win by showing 2") {
		t.Fatalf("text: %s", text)
	}
	games, _, _ := coevo("games")
	if !strings.Contains(games, "luckynim") {
		t.Fatal("coevo games does not list luckynim")
	}
}
