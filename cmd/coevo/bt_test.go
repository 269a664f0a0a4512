package main

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// writePGN writes a league of n players with a first-move advantage and
// draws to a PGN file: a ring so that everyone is linked, and random
// pairs.
func writePGN(t *testing.T, n, games int) string {
	t.Helper()
	rng := rand.New(rand.NewPCG(4, 4))
	var b strings.Builder
	game := func(w, k int) {
		p := 1 / (1 + math.Pow(10, float64(k-w)*30/400))
		res := "0-1"
		switch u := rng.Float64(); {
		case u < 0.25:
			res = "1/2-1/2"
		case u < 0.25+0.75*p:
			res = "1-0"
		}
		fmt.Fprintf(&b, "[White \"P %d\"]\n[Black \"P %d\"]\n[Result \"%s\"]\n\n%s\n\n", w, k, res, res)
	}
	for i := 0; i < n; i++ {
		game(i, (i+1)%n)
		game((i+1)%n, i)
	}
	for g := 0; g < games; g++ {
		a, c := rng.IntN(n), rng.IntN(n-1)
		if c >= a {
			c++
		}
		game(a, c)
	}
	f := filepath.Join(t.TempDir(), "league.pgn")
	if err := os.WriteFile(f, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return f
}

// bt fit reads PGN (by the file's extension), fits each draw model, and
// reports tau over the played triads and D_KL with the caveat for few
// games a pair.
func TestBTFitPGN(t *testing.T) {
	f := writePGN(t, 40, 3000)
	for _, draws := range []string{"half", "davidson", "rao-kupper"} {
		out, errs, st := coevo("bt", "fit", f, "--draws", draws, "--json")
		if st != 0 {
			t.Fatalf("%s: status %d: %s", draws, st, errs)
		}
		var r struct {
			Players []struct {
				Name  string
				Elo   float64
				Games float64
			}
			Tau        *float64
			Triads     int64  `json:"triads_played"`
			DrawModel  string `json:"draw_model"`
			Draw       float64
			SEMethod   string `json:"se_method"`
			Iterations int
		}
		if err := json.Unmarshal([]byte(out), &r); err != nil {
			t.Fatal(err)
		}
		if len(r.Players) != 40 || r.Tau == nil || r.Triads == 0 || r.DrawModel != draws || r.SEMethod != "dense" {
			t.Fatalf("%s: %s", draws, out)
		}
		// Player i is stronger than i-1 (30 Elo before a quarter of the
		// games are drawn, which flattens the half-point ratings).
		if r.Players[39].Elo < r.Players[0].Elo+300 {
			t.Errorf("%s: P 39 at %.0f, P 0 at %.0f", draws, r.Players[39].Elo, r.Players[0].Elo)
		}
		if draws != "half" && !(r.Draw > 0) {
			t.Errorf("%s: draw parameter %v", draws, r.Draw)
		}
	}
	out, errs, st := coevo("bt", "fit", f, "--timings")
	if st != 0 || !strings.Contains(errs, "fit") || !strings.Contains(errs, "total") {
		t.Fatalf("timings: status %d: %s", st, errs)
	}
	if !strings.Contains(out, "tau = ") || !strings.Contains(out, "triads played") {
		t.Fatalf("%s", out)
	}
}

// --anchor NAME=ELO fixes that player's Elo and makes its SE 0; --exclude
// drops players; --los writes the likelihood of superiority of the top K.
func TestBTFitAnchorExcludeLOS(t *testing.T) {
	f := writePGN(t, 12, 600)
	los := filepath.Join(t.TempDir(), "los.csv")
	out, errs, st := coevo("bt", "fit", f, "--anchor", "P 3=2500", "--exclude", "P 7", "--exclude", "P 8",
		"--los", los, "--los-top", "4", "--json")
	if st != 0 {
		t.Fatalf("status %d: %s", st, errs)
	}
	var r struct {
		Players []struct {
			Name    string
			Elo, SE float64
		}
	}
	json.Unmarshal([]byte(out), &r)
	if len(r.Players) != 10 {
		t.Fatalf("%d players", len(r.Players))
	}
	for _, p := range r.Players {
		if p.Name == "P 7" || p.Name == "P 8" {
			t.Errorf("%s not excluded", p.Name)
		}
		if p.Name == "P 3" && (p.Elo != 2500 || p.SE != 0) {
			t.Errorf("anchor: %+v", p)
		}
	}
	rows, err := csv.NewReader(mustOpen(t, los)).ReadAll()
	if err != nil || len(rows) != 5 || len(rows[0]) != 5 {
		t.Fatalf("LOS: %v %v", rows, err)
	}
	for a := 1; a <= 4; a++ {
		for b := 1; b <= 4; b++ {
			if a == b {
				continue
			}
			x, _ := strconv.ParseFloat(rows[a][b], 64)
			y, _ := strconv.ParseFloat(rows[b][a], 64)
			if math.Abs(x+y-1) > 2e-4 || (a < b && x < 0.5) {
				t.Errorf("LOS[%d][%d] %v, [%d][%d] %v", a, b, x, b, a, y)
			}
		}
	}
	for _, bad := range [][]string{
		{"--anchor", "nobody"}, {"--anchor", "P 3=x"}, {"--exclude", "nobody"},
		{"--draws", "chess"}, {"--method", "mm", "--draws", "davidson"}, {"--se-tol", "2"},
	} {
		_, errs, st := coevo(append([]string{"bt", "fit", f}, bad...)...)
		if st != 2 || strings.Count(strings.TrimSpace(errs), "\n") != 0 {
			t.Errorf("%v: status %d %q", bad, st, errs)
		}
	}
}

// bt groups names the groups of disconnected data; bt fit's error points
// to it.
func TestBTGroups(t *testing.T) {
	f := filepath.Join(t.TempDir(), "two.csv")
	os.WriteFile(f, []byte("a,b,wins_a,wins_b\nx,y,2,1\nz,w,1,1\nx,z,3,0\n"), 0o644)
	out, errs, st := coevo("bt", "groups", f)
	if st != 0 || !strings.Contains(out, "2 groups") || !strings.Contains(out, "group 1 (2 players): x, y") || !strings.Contains(out, "3 games, 3-0") {
		t.Fatalf("status %d: %s %s", st, out, errs)
	}
	// The same error on the paths that keep the matchups (first-move
	// model, exclusions).
	for _, extra := range [][]string{nil, {"--exclude", "w"}, {"--home"}} {
		_, errs, st = coevo(append([]string{"bt", "fit", f}, extra...)...)
		if st != 2 || strings.Count(strings.TrimSpace(errs), "\n") != 0 {
			t.Errorf("%v: status %d: %q", extra, st, errs)
		}
		if extra == nil && !strings.Contains(errs, "coevo bt groups") {
			t.Errorf("no pointer to bt groups: %q", errs)
		}
	}
}

func mustOpen(t *testing.T, path string) *os.File {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return f
}
