package coevolve

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// copyDir copies the files of src into a new temporary directory.
func copyDir(t *testing.T, src string) string {
	t.Helper()
	dir := t.TempDir()
	ents, err := os.ReadDir(src)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		b, err := os.ReadFile(filepath.Join(src, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, e.Name()), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// firstColumns keeps the first k columns of a CSV text.
func firstColumns(text string, k int) string {
	var out []string
	for _, line := range strings.Split(strings.TrimSpace(text), "\n") {
		f := strings.Split(line, ",")
		out = append(out, strings.Join(f[:min(k, len(f))], ","))
	}
	return strings.Join(out, "\n")
}

// A checkpoint written by coevo before the optimizer existed (format 1,
// testdata/format1/resume: NashSolve |A| = 2, population 16, seed 3, six
// generations) is a run of gonum's CMA-ES: resumed with Optimizer Gonum it
// ends with exactly the players that coevo's uninterrupted 12-generation
// run had (testdata/format1/want, written by that coevo); with the default
// optimizer it is refused, naming the setting, and left as it was.
func TestFormat1CheckpointResumesAsGonum(t *testing.T) {
	cfg := small(NashSolve, 2, 12)
	dir := copyDir(t, "testdata/format1/resume")
	before := files(t, dir)
	var se *SettingsError
	if _, err := Evolve(context.Background(), cfg, dir, Options{}); !errors.As(err, &se) || se.Field != "optimizer" || se.Had != "gonum" {
		t.Fatalf("format-1 checkpoint resumed with the textbook CMA-ES: %v", err)
	}
	if files(t, dir)[checkpointName] != before[checkpointName] {
		t.Fatal("a refused resume changed the checkpoint")
	}
	cfg.Optimizer = Gonum
	var resumed int
	if _, err := Evolve(context.Background(), cfg, dir, Options{Progress: func(p Progress) { resumed = p.Resumed }}); err != nil {
		t.Fatal(err)
	}
	if resumed != 6 {
		t.Fatalf("resumed after %d generations, want 6", resumed)
	}
	got, want := files(t, dir), files(t, "testdata/format1/want")
	for _, name := range []string{ArchiveFile, AdmittedFile} {
		if got[name] != want[name] {
			t.Errorf("%s differs from the format-1 coevo's uninterrupted run", name)
		}
	}
	// history.csv gained two columns (spread, norm).
	if firstColumns(got[HistoryFile], 6) != firstColumns(want[HistoryFile], 6) {
		t.Errorf("history differs from the format-1 coevo's:\n%s\nwant\n%s", firstColumns(got[HistoryFile], 6), firstColumns(want[HistoryFile], 6))
	}
}

// From mean 0 the initial step size only scales every candidate (CMA-ES
// is scale invariant), and a WPC plays the same moves when all its
// weights are scaled by a power of two (exactly, in floating point): runs
// with σ0 = 0.5 and σ0 = 2 have the same history, and the second's players
// are the first's times 4. So σ0 does not matter, and we state 0.5.
// (gonum's CmaEsChol is not exactly scale invariant: its runs part in the
// second generation.)
func TestStepSizeOnlyScales(t *testing.T) {
	for _, opt := range []Optimizer{CMA} {
		a, b := small(NashSolve, 2, 30), small(NashSolve, 2, 30)
		a.Optimizer, b.Optimizer = opt, opt
		b.StepSize = 2
		ra, err := Evolve(context.Background(), a, "", Options{})
		if err != nil {
			t.Fatal(err)
		}
		rb, err := Evolve(context.Background(), b, "", Options{})
		if err != nil {
			t.Fatal(err)
		}
		for g := range ra.History {
			ha, hb := ra.History[g], rb.History[g]
			if ha.Best != hb.Best || ha.Mean != hb.Mean || ha.Admitted != hb.Admitted || hb.Spread != 4*ha.Spread {
				t.Fatalf("%s: generation %d: %+v with step 0.5, %+v with step 2", opt, g+1, ha, hb)
			}
		}
		for i, m := range ra.Admitted.Members[1:] {
			for k, w := range m.X {
				if rb.Admitted.Members[i+1].X[k] != 4*w {
					t.Fatalf("%s: admitted player %d, weight %d: %v, want 4 x %v", opt, i+1, k, rb.Admitted.Members[i+1].X[k], w)
				}
			}
		}
	}
}

// The two optimizers are different runs (their first generations are the
// same, N(0, σ0² I) from the same stream), and an unknown one is refused.
func TestOptimizerSetting(t *testing.T) {
	a := small(NashSolve, 1, 5)
	g := a
	g.Optimizer = Gonum
	ra, _ := Evolve(context.Background(), a, "", Options{})
	rg, _ := Evolve(context.Background(), g, "", Options{})
	if slices.Equal(ra.Admitted.Last().X, rg.Admitted.Last().X) {
		t.Error("gonum's and the textbook CMA-ES admitted the same last player")
	}
	if !strings.Contains(rg.String(), "gonum") || strings.Contains(ra.String(), "gonum") {
		t.Errorf("names: %q, %q", ra, rg)
	}
	bad := a
	bad.Optimizer = "hansen"
	if _, err := Evolve(context.Background(), bad, "", Options{}); err == nil || !strings.Contains(err.Error(), `optimizer "hansen"`) {
		t.Errorf("unknown optimizer: %v", err)
	}
	// The zero value is the textbook CMA-ES.
	zero := a
	zero.Optimizer = ""
	rz, err := Evolve(context.Background(), zero, "", Options{})
	if err != nil || !slices.Equal(rz.Admitted.Last().X, ra.Admitted.Last().X) {
		t.Errorf("zero optimizer: %v", err)
	}
}
