package main

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Contract: coevo bt fit FILE --format matrix --json prints players with
// name, elo, se, and tau, dkl. Paper 003 Table IIIc: Elo 1703, 1626, 1471.
func TestBTFitJSON(t *testing.T) {
	out, errs, st := coevo("bt", "fit", "../../datasets/003_table3c.csv", "--format", "matrix", "--json")
	if st != 0 {
		t.Fatalf("status %d: %s", st, errs)
	}
	var r struct {
		Players []struct {
			Name    string
			Elo, SE float64
		}
		Tau, DKL float64
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	want := []float64{1703, 1626, 1471}
	for i, p := range r.Players {
		if math.Round(p.Elo) != want[i] || p.SE <= 0 {
			t.Errorf("%s: elo %.2f se %.2f", p.Name, p.Elo, p.SE)
		}
	}
	if r.Tau != 1 || math.Round(r.DKL*100) != 3 {
		t.Fatalf("tau %v dkl %v", r.Tau, r.DKL)
	}
	out, _, st = coevo("bt", "fit", "../../datasets/003_table3b.csv", "--format", "matrix", "--elo-mean", "2000", "--plot", filepath.Join(t.TempDir(), "r.pdf"))
	if st != 0 || !strings.Contains(out, "2076.3") || !strings.Contains(out, "tau = 1.0000") {
		t.Fatalf("status %d:\n%s", st, out)
	}
}

func TestBTErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.csv")
	os.WriteFile(bad, []byte("a,b,wins_a,wins_b\nx,y,1,oops\n"), 0o644)
	_, errs, st := coevo("bt", "fit", bad)
	if st != 2 || !strings.Contains(errs, "bad.csv:2:7") {
		t.Fatalf("status %d: %q", st, errs)
	}
	lost := filepath.Join(dir, "lost.csv")
	os.WriteFile(lost, []byte("a,b,wins_a,wins_b\nx,y,3,0\ny,z,1,1\n"), 0o644)
	_, errs, st = coevo("bt", "fit", lost)
	if st != 2 || !strings.Contains(errs, "never lost: x") || !strings.Contains(errs, "--prior") {
		t.Fatalf("status %d: %q", st, errs)
	}
	if _, _, st = coevo("bt", "fit", lost, "--prior", "2"); st != 0 {
		t.Fatalf("prior fit: status %d", st)
	}
	for _, args := range [][]string{{"bt"}, {"bt", "rate"}, {"bt", "fit"}, {"bt", "fit", lost, "--format", "xml"}, {"bt", "fit", "/nonexistent.csv"}} {
		if _, errs, st := coevo(args...); st != 2 || strings.Count(strings.TrimSpace(errs), "\n") != 0 {
			t.Errorf("%v: status %d %q", args, st, errs)
		}
	}
}

// Contract: coevo regress FILE --x n --y T --json gives the exponent and
// its interval; T = 2 n^3 with noise is fitted near 3.
func TestRegressJSON(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	var b strings.Builder
	b.WriteString("n,rep,T\n")
	for _, n := range []float64{8, 16, 32, 64, 128} {
		for rep := 0; rep < 8; rep++ {
			fmt.Fprintf(&b, "%g,%d,%g\n", n, rep, 2*math.Pow(n, 3)*math.Exp(0.1*rng.NormFloat64()))
		}
	}
	f := filepath.Join(t.TempDir(), "runs.csv")
	os.WriteFile(f, []byte(b.String()), 0o644)
	out, errs, st := coevo("regress", f, "--x", "n", "--y", "T", "--bound-exponent", "5", "--json", "--plot", filepath.Join(t.TempDir(), "fit.svg"))
	if st != 0 {
		t.Fatalf("status %d: %s", st, errs)
	}
	var r struct {
		Exponent float64
		CI       [2]float64
	}
	json.Unmarshal([]byte(out), &r)
	if !(r.CI[0] < 3 && 3 < r.CI[1]) || math.Abs(r.Exponent-3) > 0.05 {
		t.Fatalf("%s", out)
	}
	_, errs, st = coevo("regress", f, "--x", "size")
	if st != 2 || !strings.Contains(errs, `lacks column "size"`) {
		t.Fatalf("status %d: %q", st, errs)
	}
}
