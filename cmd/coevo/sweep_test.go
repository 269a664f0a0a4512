package main

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const sweepCfg = `{"game": "subtraction", "params": {"k": "2"}, "size": "n",
 "sizes": [8, 12, 16], "seeds": 4, "mu": [20], "max_evals": 1000000}`

// A sweep interrupted and resumed writes the same results as one run
// straight through; each run appears once.
func TestSweepResume(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "sweep.json")
	os.WriteFile(cfg, []byte(sweepCfg), 0o644)
	full := filepath.Join(dir, "full.csv")
	if _, errs, st := coevo("umda", "sweep", cfg, "--out", full); st != 0 {
		t.Fatalf("status %d: %s", st, errs)
	}
	want, _ := os.ReadFile(full)
	if n := strings.Count(string(want), "\n"); n != 1+3*4 {
		t.Fatalf("%d lines:\n%s", n, want)
	}
	// An interrupted sweep leaves the runs it finished (the file is
	// rewritten whole after each); resume from the first five of them.
	part := filepath.Join(dir, "part.csv")
	lines := strings.SplitAfter(string(want), "\n")
	os.WriteFile(part, []byte(strings.Join(lines[:1+5], "")), 0o644)
	// A cancelled sweep stops and reports the interruption.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if st := run(ctx, []string{"umda", "sweep", cfg, "--out", filepath.Join(dir, "cancelled.csv")}, io.Discard, io.Discard); st != 130 {
		t.Fatalf("cancelled sweep: status %d", st)
	}
	if _, errs, st := coevo("umda", "sweep", cfg, "--out", part); st != 0 {
		t.Fatalf("resume: status %d: %s", st, errs)
	}
	got, _ := os.ReadFile(part)
	if string(got) != string(want) {
		t.Fatalf("resumed results differ:\n%s\nvs\n%s", got, want)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".*")); len(left) != 0 {
		t.Fatalf("temporary files left: %v", left)
	}
	for _, bad := range []string{`{"game": "chess"}`, `{"game": "nim", "size": "heaps"}`, `{"game": "subtraction", "size": "n", "sizes": [8], "seeds": 1, "mu": [20], "colour": 1}`} {
		os.WriteFile(cfg, []byte(bad), 0o644)
		if _, errs, st := coevo("umda", "sweep", cfg, "--out", filepath.Join(dir, "x.csv")); st != 2 {
			t.Errorf("%s: status %d %q", bad, st, errs)
		}
	}
}
