package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// bt fit --nash --alpharank on paper 003 Table VI: SP |A|=4 scores more
// than half the points against every other player, so the equilibrium
// plays it alone and the large-alpha limit puts all the mass on it; the
// Nash average of |A|=4 is its log-odds against SP with one virtual
// draw, log(9481.5/10519.5) = -0.1039 (Table VI: 9,481 of 20,000).
func TestBTFitNashAlphaRank(t *testing.T) {
	out, errs, st := coevo("bt", "fit", "../../datasets/003_table6.csv", "--format", "matrix", "--nash", "--alpharank", "inf")
	if st != 0 {
		t.Fatalf("status %d: %s", st, errs)
	}
	for _, want := range []string{"nash  nash avg  alpha pi", "the maximum-entropy Nash equilibrium plays SP |A|=4 1.0000", "-0.1039", "alpha-Rank (Moran model, m = 50, the large-alpha limit on the win rates)"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
	out, errs, st = coevo("bt", "fit", "../../datasets/003_table6.csv", "--format", "matrix", "--nash", "--alpharank", "0.1", "--json")
	if st != 0 {
		t.Fatalf("status %d: %s", st, errs)
	}
	var r struct {
		Players []struct {
			Name      string
			Nash      *float64 `json:"nash"`
			NashAvg   *float64 `json:"nash_avg"`
			AlphaRank *float64 `json:"alpharank_pi"`
		}
		Nash struct {
			Scale   string
			Prior   float64
			Support []string
		}
		AlphaRank struct {
			Alpha      string
			Population int
			Model      string
		}
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	sum := 0.0
	for _, p := range r.Players {
		if p.Nash == nil || p.NashAvg == nil || p.AlphaRank == nil {
			t.Fatalf("%s: missing fields in %s", p.Name, out)
		}
		sum += *p.AlphaRank
	}
	if r.Nash.Scale != "log-odds" || r.Nash.Prior != 1 || len(r.Nash.Support) != 1 || r.Nash.Support[0] != "SP |A|=4" ||
		r.AlphaRank.Alpha != "0.1" || r.AlphaRank.Population != 50 || r.AlphaRank.Model != "Moran" || sum < 1-1e-9 || sum > 1+1e-9 {
		t.Fatalf("%+v (alpha-Rank masses add up to %v)", r, sum)
	}
	// Without the flags, nothing changes: no columns, no JSON fields.
	out, _, _ = coevo("bt", "fit", "../../datasets/003_table6.csv", "--format", "matrix", "--csv", "-")
	if strings.Contains(out, "nash") {
		t.Errorf("nash columns without --nash:\n%s", out)
	}
	out, _, _ = coevo("bt", "fit", "../../datasets/003_table6.csv", "--format", "matrix", "--nash", "--csv", "-")
	if !strings.HasPrefix(out, "rank,player,elo,se,ci_low,ci_high,games,score_pct,wins,draws,losses,draw_pct,opponent_elo,nash,nash_avg\n1,SP |A|=4,") {
		t.Errorf("CSV with --nash:\n%s", out)
	}
}

func TestBTFitNashBadInput(t *testing.T) {
	dir := t.TempDir()
	file := func(name, content string) string {
		f := filepath.Join(dir, name)
		os.WriteFile(f, []byte(content), 0o644)
		return f
	}
	incomplete := file("inc.csv", "a,b,wins_a,wins_b,draws\nx,y,3,1,1\ny,z,2,2,1\n")
	sweep := file("sweep.csv", "a,b,wins_a,wins_b,draws\nx,y,3,0,0\ny,z,2,2,1\nx,z,1,1,0\n")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{incomplete, "--nash"}, "x and z did not"},
		{[]string{incomplete, "--alpharank", "1"}, "need every pair of players to have played"},
		{[]string{sweep, "--nash", "--nash-prior", "0"}, "--nash-prior N adds N virtual drawn games"},
		{[]string{sweep, "--nash-scale", "logit"}, `--nash-scale "logit"`},
		{[]string{sweep, "--nash-prior", "-1"}, "--nash-prior -1"},
		{[]string{sweep, "--alpharank", "-2"}, `--alpharank "-2"`},
		{[]string{sweep, "--alpharank", "1", "--alpharank-m", "1"}, "--alpharank-m 1"},
		{[]string{sweep, "--alpharank", "1", "--alpharank-model", "fermi"}, `--alpharank-model "fermi"`},
	} {
		_, errs, st := coevo(append([]string{"bt", "fit"}, c.args...)...)
		if st != 2 || strings.Count(strings.TrimSpace(errs), "\n") != 0 || !strings.Contains(errs, c.want) {
			t.Errorf("%v: status %d, stderr %q; want 2 and one line with %q", c.args, st, errs, c.want)
		}
	}
	// With the default prior a sweep is fine, and margin needs none.
	for _, args := range [][]string{{sweep, "--nash"}, {sweep, "--nash", "--nash-scale", "margin", "--nash-prior", "0"}} {
		if _, errs, st := coevo(append([]string{"bt", "fit"}, args...)...); st != 0 {
			t.Errorf("%v: status %d: %s", args, st, errs)
		}
	}
}
