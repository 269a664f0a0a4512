package main

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
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

// --model bayeselo on paper 003 Table VI: BayesElo's defaults, the
// matrix's half points read as one draw each, and no game seated, give
// the printed BayesElo column (Heuristic sits at 1652.50, which the
// paper's BayesElo printed as 1653: stats/bt's TestTableVIBayesElo), and
// --json names the model's parameters.
func TestBTFitBayesElo(t *testing.T) {
	out, errs, st := coevo("bt", "fit", "../../datasets/003_table6.csv", "--format", "matrix", "--model", "bayeselo", "--json")
	if st != 0 {
		t.Fatalf("status %d: %s", st, errs)
	}
	var r struct {
		Players []struct {
			Name string
			Elo  float64
		}
		Model                            string
		DrawModel                        string `json:"draw_model"`
		DrawElo, Advantage, Prior, Scale float64
		DrawEloFitted                    *bool   `json:"drawelo_fitted"`
		AdvantageFitted                  *bool   `json:"advantage_fitted"`
		Seated                           *bool   `json:"seated_games"`
		Halves                           float64 `json:"half_points_read_as_draws"`
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	printed := []float64{1756, 1731, 1731, 1652.5, 1622, 1616, 1527, 1481, 1282}
	for i, p := range r.Players {
		if got := math.Round(2*p.Elo) / 2; (i == 3 && got != printed[i]) || (i != 3 && math.Round(p.Elo) != printed[i]) {
			t.Errorf("%s: %.3f, printed %v", p.Name, p.Elo, printed[i])
		}
	}
	if r.Model != "bayeselo" || r.DrawModel != "rao-kupper" || r.DrawElo != 97.3 || r.Advantage != 32.8 || r.Prior != 2 ||
		r.DrawEloFitted == nil || *r.DrawEloFitted || r.AdvantageFitted == nil || *r.AdvantageFitted || r.Seated == nil || *r.Seated ||
		r.Halves != 22 || math.Abs(r.Scale-0.925497) > 1e-6 {
		t.Fatalf("%s", out)
	}
	// Both parameters estimated, as BayesElo's mm 1 1, on a PGN league
	// (BayesElo itself gives advantage 23.44, drawelo 128.35:
	// stats/bt/testdata/bayeselo/league.csv).
	out, errs, st = coevo("bt", "fit", "../../stats/bt/testdata/bayeselo/league.pgn", "--model", "bayeselo", "--drawelo", "fit", "--advantage", "fit")
	if st != 0 || !strings.Contains(out, "drawelo 128.3 (± ") || !strings.Contains(out, "first-move advantage 23.4 Elo (± ") {
		t.Fatalf("status %d: %s%s", st, out, errs)
	}
}

// Every bad input to bt fit exits 2 with one line naming the file or flag.
func TestBTFitBadInput(t *testing.T) {
	dir := t.TempDir()
	file := func(name, content string) string {
		f := filepath.Join(dir, name)
		os.WriteFile(f, []byte(content), 0o644)
		return f
	}
	good := file("good.csv", "a,b,wins_a,wins_b,draws\nx,y,3,1,1\ny,z,2,2,1\nx,z,1,2,0\n")
	matrix := file("m.csv", "p,x,y\nx,,3\ny,1,\n")
	cases := []struct {
		args []string
		want string
	}{
		{[]string{file("dup.csv", ",,\n,,0\n,,0"), "--format", "matrix"}, "header names 0 players"},
		{[]string{file("dup2.csv", "p,x,x\nx,,1\nx,1,\n"), "--format", "matrix"}, `player "x" names columns 1 and 2`},
		{[]string{file("few.csv", "p,x,y,z\nx,,3,1\ny,1,,2\n"), "--format", "matrix"}, `no row for "z"`},
		{[]string{file("extra.csv", "a,b,wins_a,wins_b\nx,y,3,1,7\n")}, `field 5 ("7") has no column`},
		{[]string{file("big.csv", "a,b,wins_a,wins_b\nx,y,1e308,1e308\n")}, "too large"},
		{[]string{file("head.csv", "a,b,wins_a,wins_b\n")}, "no games to rate"},
		{[]string{file("zero.csv", "a,b,wins_a,wins_b\nx,y,0,0\n")}, "no games to rate"},
		{[]string{file("latin1.csv", "a,b,wins_a,wins_b\nx\xe9,y,1,1\n")}, "not valid UTF-8"},
		{[]string{dir}, dir + ": a directory, not a file"},
		{[]string{filepath.Join(dir, "none.csv")}, "no such file"},
		{[]string{good, "--prior", "-5"}, "--prior -5"},
		{[]string{good, "--pair-prior", "-1"}, "--pair-prior -1"},
		{[]string{good, "--prior", "1", "--pair-prior", "1"}, "choose one"},
		{[]string{matrix, "--format", "matrix", "--home"}, "first-move advantage cannot be estimated"},
		{[]string{good, "--ci", "1"}, "--ci 1"},
		{[]string{good, "--ci", "0"}, "--ci 0"},
		{[]string{good, "--ci", "NaN"}, "--ci NaN: not a finite number"},
		{[]string{good, "--model", "elo"}, `--model "elo"`},
		{[]string{good, "--drawelo", "50"}, "--drawelo is a parameter of --model bayeselo"},
		{[]string{good, "--model", "bayeselo", "--drawelo", "0"}, "--drawelo 0: must be positive"},
		{[]string{good, "--model", "bayeselo", "--advantage", "lots"}, `--advantage "lots"`},
		{[]string{good, "--model", "bayeselo", "--home"}, "--advantage fit"},
		{[]string{good, "--model", "bayeselo", "--draws", "davidson"}, "Rao-Kupper draws"},
		{[]string{good, "--model", "bayeselo", "--method", "mm"}, "--method mm fits half-point draws only"},
		{[]string{file("pools.csv", "a,b,wins_a,wins_b\na,b,2,1\nc,d,1,1\n"), "--prior", "2"}, "2 pools of players never played each other"},
	}
	for _, c := range cases {
		_, errs, st := coevo(append([]string{"bt", "fit"}, c.args...)...)
		if st != 2 || strings.Count(strings.TrimSpace(errs), "\n") != 0 || !strings.Contains(errs, c.want) {
			t.Errorf("%v: status %d, stderr %q; want 2 and one line with %q", c.args, st, errs, c.want)
		}
	}
	// Groups with a prior: rated, with a warning naming the groups from
	// the top ({a, b} scored against {c, d}, never the other way).
	out, errs, st := coevo("bt", "fit", file("groups.csv", "a,b,wins_a,wins_b\na,b,2,1\nc,d,1,1\na,c,3,0\n"), "--prior", "2")
	if st != 0 || !strings.Contains(errs, `warning: the games split the players into 2 groups, from the top {"a", "b"} > {"c", "d"}`) ||
		!strings.Contains(errs, "relative level comes from the prior's virtual draws alone") {
		t.Errorf("groups with a prior: status %d, stderr %q\n%s", st, errs, out)
	}
	// Awkward but fine: a byte-order mark; a player with no games, named
	// on stderr and in the JSON; two players in JSON (tau undefined is
	// null).
	out, errs, st = coevo("bt", "fit", file("bom.csv", "\uFEFFa,b,wins_a,wins_b\nx,y,3,1\nx,w,0,0\n"), "--json")
	var r struct {
		Players []struct{ Name string }
		NoGames []string `json:"no_games"`
		Tau     *float64
	}
	if err := json.Unmarshal([]byte(out), &r); st != 0 || err != nil || len(r.Players) != 2 || len(r.NoGames) != 1 || r.NoGames[0] != "w" || r.Tau != nil ||
		!strings.Contains(errs, `1 player(s) with no games, not rated: "w"`) {
		t.Fatalf("status %d: %s %s", st, out, errs)
	}
}

// --ci sets the level of the intervals (the header and the JSON follow);
// --los - prints the likelihood of superiority, and puts it in the JSON.
func TestBTFitCIAndLOS(t *testing.T) {
	data := "../../datasets/003_table3b.csv"
	out, _, st := coevo("bt", "fit", data, "--format", "matrix", "--ci", "0.9", "--los", "-")
	if st != 0 || !strings.Contains(out, "90% low  90% high") || !strings.Contains(out, "likelihood of superiority") || !strings.Contains(out, " 1 1  - 61 98") {
		t.Fatalf("status %d:\n%s", st, out)
	}
	out, _, st = coevo("bt", "fit", data, "--format", "matrix", "--ci", "0.9", "--los", "-", "--json")
	var r struct {
		Players []struct {
			Elo, SE float64
			CIHigh  float64 `json:"ci_high"`
		}
		CILevel float64 `json:"ci_level"`
		LOS     struct {
			Players []string
			P       [][]*float64
		}
	}
	if err := json.Unmarshal([]byte(out), &r); st != 0 || err != nil || r.CILevel != 0.9 {
		t.Fatalf("status %d, %v: %s", st, err, out)
	}
	for _, p := range r.Players {
		if z := (p.CIHigh - p.Elo) / p.SE; math.Abs(z-1.6448536) > 1e-6 {
			t.Errorf("90%% interval is %.6f standard errors wide", z)
		}
	}
	if len(r.LOS.P) != 3 || r.LOS.P[0][0] != nil || r.LOS.P[0][1] == nil || math.Abs(*r.LOS.P[0][1]+*r.LOS.P[1][0]-1) > 1e-12 {
		t.Fatalf("los %+v", r.LOS)
	}
}

// --elo-mean 0 is a mean of 0 (bt.Options reads 0 as its default 1600).
func TestBTFitEloMeanZero(t *testing.T) {
	out, errs, st := coevo("bt", "fit", "../../datasets/003_table3b.csv", "--format", "matrix", "--elo-mean", "0", "--json")
	var r struct{ Players []struct{ Elo float64 } }
	if err := json.Unmarshal([]byte(out), &r); st != 0 || err != nil || len(r.Players) != 3 {
		t.Fatalf("status %d, %v: %s%s", st, err, out, errs)
	}
	// Table IIIb: 1676.35, 1651.04, 1472.61 about a mean of 1600.
	want := []float64{76.35, 51.04, -127.39}
	for i, p := range r.Players {
		if math.Abs(p.Elo-want[i]) > 0.01 {
			t.Errorf("player %d: %.2f, want %.2f", i+1, p.Elo, want[i])
		}
	}
}

// What an Ordo user expects: the table ranked by rating with wins, draws,
// losses, draw rate and the mean rating of the opponents; the same as CSV
// (--csv FILE, or - for stdout alone); stdin as -; several anchors, each
// with its Elo, the others fitted given them; --ci's level in the plot.
func TestBTFitOrdoTable(t *testing.T) {
	dir := t.TempDir()
	data := "a,b,wins_a,wins_b,draws\nweak,strong,1,6,3\nmid,weak,5,2,1\nstrong,mid,4,2,2\n"
	f := filepath.Join(dir, "r.csv")
	os.WriteFile(f, []byte(data), 0o644)
	type player struct {
		Name                string
		Rank                int
		Elo, SE             float64
		Games               float64
		Wins, Draws, Losses float64
		DrawPct             float64 `json:"draw_pct"`
		OpponentElo         float64 `json:"opponent_elo"`
	}
	var r struct{ Players []player }
	out, errs, st := coevo("bt", "fit", f, "--json")
	if err := json.Unmarshal([]byte(out), &r); st != 0 || err != nil {
		t.Fatalf("status %d, %v: %s", st, err, errs)
	}
	by := map[string]player{}
	for _, p := range r.Players {
		by[p.Name] = p
	}
	// From the data: strong won 6+4, drew 3+2, lost 1+2 of its 18 games.
	s, m, w := by["strong"], by["mid"], by["weak"]
	if s.Rank != 1 || m.Rank != 2 || w.Rank != 3 || s.Wins != 10 || s.Draws != 5 || s.Losses != 3 || math.Abs(s.DrawPct-500.0/18) > 1e-9 {
		t.Fatalf("%+v", r.Players)
	}
	if want := (10*w.Elo + 8*m.Elo) / 18; math.Abs(s.OpponentElo-want) > 1e-9 {
		t.Fatalf("strong's opponents' mean %v, want %v", s.OpponentElo, want)
	}
	// The table, ranked.
	out, _, _ = coevo("bt", "fit", f)
	lines := strings.Split(out, "\n")
	for k, name := range []string{"strong", "mid", "weak"} {
		if fields := strings.Fields(lines[k+1]); len(fields) < 13 || fields[0] != strconv.Itoa(k+1) || fields[1] != name {
			t.Fatalf("table row %d: %q", k+1, lines[k+1])
		}
	}
	if !strings.Contains(lines[0], "W") || !strings.Contains(lines[0], "draw%") || !strings.Contains(lines[0], "opp elo") {
		t.Fatalf("header %q", lines[0])
	}
	// CSV, to a file and alone on stdout.
	csvPath := filepath.Join(dir, "ratings.csv")
	if _, errs, st := coevo("bt", "fit", f, "--csv", csvPath); st != 0 {
		t.Fatalf("--csv: %s", errs)
	}
	rows, err := csv.NewReader(mustOpen(t, csvPath)).ReadAll()
	if err != nil || len(rows) != 4 || rows[0][0] != "rank" || rows[1][1] != "strong" || rows[3][1] != "weak" || rows[1][8] != "10" {
		t.Fatalf("CSV %v %v", rows, err)
	}
	out, _, _ = coevo("bt", "fit", f, "--csv", "-")
	if !strings.HasPrefix(out, "rank,player,elo") || strings.Count(out, "\n") != 4 {
		t.Fatalf("--csv -: %q", out)
	}
	// Stdin.
	exe, _ := os.Executable()
	cmd := exec.Command(exe, "bt", "fit", "-", "--csv", "-")
	cmd.Env = append(os.Environ(), "COEVO_MAIN=1")
	cmd.Stdin = strings.NewReader(data)
	piped, err := cmd.Output()
	if err != nil || string(piped) != out {
		t.Fatalf("stdin: %v\n%s\nwant\n%s", err, piped, out)
	}
	// Several anchors: held, the other player at its maximum likelihood
	// given them (its expected score equals its score).
	out, errs, st = coevo("bt", "fit", f, "--anchor", "strong=2000", "--anchor", "weak=1500", "--json")
	r.Players = nil
	if err := json.Unmarshal([]byte(out), &r); st != 0 || err != nil {
		t.Fatalf("status %d, %v: %s", st, err, errs)
	}
	by = map[string]player{}
	for _, p := range r.Players {
		by[p.Name] = p
	}
	if by["strong"].Elo != 2000 || by["weak"].Elo != 1500 || by["strong"].SE != 0 || by["weak"].SE != 0 || !(by["mid"].SE > 0) {
		t.Fatalf("%+v", r.Players)
	}
	e := func(a, b float64) float64 { return 1 / (1 + math.Pow(10, (b-a)/400)) }
	mid := by["mid"].Elo
	if exp := 8*e(mid, 1500) + 8*e(mid, 2000); math.Abs(exp-(5.5+3)) > 1e-6 {
		t.Fatalf("mid's expected score %v, scored 8.5", exp)
	}
	for _, bad := range [][]string{{"--anchor", "strong", "--anchor", "weak=1"}, {"--anchor", "strong=1", "--anchor", "strong=2"}} {
		if _, errs, st := coevo(append([]string{"bt", "fit", f}, bad...)...); st != 2 || strings.Count(strings.TrimSpace(errs), "\n") != 0 {
			t.Errorf("%v: status %d %q", bad, st, errs)
		}
	}
	// --ci 0.5 --plot: the legend says 50%.
	svg := filepath.Join(dir, "r.svg")
	if _, errs, st := coevo("bt", "fit", f, "--ci", "0.5", "--plot", svg); st != 0 {
		t.Fatalf("--plot: %s", errs)
	}
	if b, _ := os.ReadFile(svg); !strings.Contains(string(b), "50% interval") || strings.Contains(string(b), "95%") {
		t.Fatalf("the plot's legend does not say 50%%")
	}
}

// Counts in the millions are written in full, in the table and the CSV:
// the wins, draws, losses and games of a player are the file's sums.
func TestBTFitLargeCounts(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "big.csv")
	writeFile(t, f, "a,b,wins_a,wins_b,draws\np1,p2,100000000,1000,5\np2,p3,5,4,1\np3,p1,3,3,2\n")
	out, errs, st := coevo("bt", "fit", f, "--csv", "-")
	rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if st != 0 || err != nil || len(rows) != 4 {
		t.Fatalf("status %d, %v: %s %s", st, err, out, errs)
	}
	// p1: 100000000+3 wins, 5+2 draws, 1000+3 losses.
	if p1 := rows[1]; p1[1] != "p1" || p1[6] != "100001013" || p1[8] != "100000003" || p1[9] != "7" || p1[10] != "1003" {
		t.Fatalf("p1's row %v", p1)
	}
	out, _, _ = coevo("bt", "fit", f)
	if !strings.Contains(out, " 100001013 ") || strings.Contains(out, "e+") {
		t.Fatalf("table:\n%s", out)
	}
}

// --cov refuses a covariance too large to write before fitting.
func TestBTFitCovGuard(t *testing.T) {
	var b strings.Builder
	b.WriteString("a,b,wins_a,wins_b,draws\n")
	for i := 0; i < 5001; i++ {
		fmt.Fprintf(&b, "p%d,p%d,1,1,1\n", i, (i+1)%5001)
	}
	f := filepath.Join(t.TempDir(), "ring.csv")
	os.WriteFile(f, []byte(b.String()), 0o644)
	_, errs, st := coevo("bt", "fit", f, "--cov", filepath.Join(t.TempDir(), "cov.csv"))
	if st != 2 || !strings.Contains(errs, "--cov: the covariance of 5001 players") || strings.Count(strings.TrimSpace(errs), "\n") != 0 {
		t.Fatalf("status %d: %q", st, errs)
	}
}

// --ratings-only prints the same ratings as the full command, without
// standard errors, intervals, tau or D_KL, and refuses the flags that
// need them.
func TestBTFitRatingsOnly(t *testing.T) {
	f := writePGN(t, 30, 2000)
	type out struct {
		Players []struct {
			Name string
			Elo  float64
			SE   *float64
		}
		Tau      *float64
		DKL      *float64
		SEMethod string `json:"se_method"`
	}
	var full, only out
	for _, c := range []struct {
		args []string
		into *out
	}{{nil, &full}, {[]string{"--ratings-only"}, &only}} {
		o, errs, st := coevo(append([]string{"bt", "fit", f, "--json"}, c.args...)...)
		if st != 0 {
			t.Fatalf("%v: status %d: %s", c.args, st, errs)
		}
		if err := json.Unmarshal([]byte(o), c.into); err != nil {
			t.Fatal(err)
		}
	}
	if only.Tau != nil || only.DKL != nil || only.SEMethod != "none" || full.Tau == nil || full.SEMethod == "none" {
		t.Fatalf("ratings only: tau %v, D_KL %v, SEs %q; full: tau %v, SEs %q", only.Tau, only.DKL, only.SEMethod, full.Tau, full.SEMethod)
	}
	for i, p := range only.Players {
		if p.SE != nil || full.Players[i].SE == nil || p.Name != full.Players[i].Name || p.Elo != full.Players[i].Elo {
			t.Fatalf("player %d: %+v, full %+v", i, p, full.Players[i])
		}
	}
	text, _, st := coevo("bt", "fit", f, "--ratings-only")
	if st != 0 || strings.Contains(text, "tau =") || strings.Contains(text, "D_KL =") || strings.Contains(text, " se ") || !strings.Contains(text, "--ratings-only") {
		t.Fatalf("status %d:\n%s", st, text)
	}
	for _, bad := range [][]string{{"--los", "-"}, {"--plot", filepath.Join(t.TempDir(), "r.png")}, {"--ci", "0.9"}} {
		_, errs, st := coevo(append([]string{"bt", "fit", f, "--ratings-only"}, bad...)...)
		if st != 2 || !strings.Contains(errs, "--"+strings.TrimPrefix(bad[0], "--")) {
			t.Fatalf("%v: status %d: %s", bad, st, errs)
		}
	}
}

// --exclude that leaves players who played no game among themselves says
// so, and how many; excluding every player says that.
func TestBTExcludeLeavesNoGames(t *testing.T) {
	f := filepath.Join(t.TempDir(), "p.csv")
	os.WriteFile(f, []byte("a,b,wins_a,wins_b,draws\nA,B,3,2,1\nB,C,2,2,0\n"), 0o644)
	for _, c := range []struct {
		exclude []string
		want    string
	}{
		{[]string{"--exclude", "B"}, "the 2 players left played no game among themselves"},
		{[]string{"--exclude", "A", "--exclude", "B", "--exclude", "C"}, "every player of " + f + " left out"},
	} {
		_, errs, st := coevo(append([]string{"bt", "fit", f}, c.exclude...)...)
		if st != 2 || !strings.Contains(errs, c.want) {
			t.Errorf("%v: status %d %q, want %q", c.exclude, st, errs, c.want)
		}
	}
}
