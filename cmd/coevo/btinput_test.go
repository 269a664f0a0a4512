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
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/coevolab/coevo/stats/bt"
)

// ordoPath returns Ordo's binary from $ORDO, or skips the test saying how
// to run it.
func ordoPath(t *testing.T) string {
	t.Helper()
	p := os.Getenv("ORDO")
	if p == "" {
		t.Skip("Ordo's output not compared: set ORDO to an ordo binary (github.com/michiguel/Ordo, make all)")
	}
	if st, err := os.Stat(p); err != nil || st.IsDir() {
		t.Skipf("Ordo's output not compared: ORDO=%s is not a file", p)
	}
	return p
}

// ordoScale is the rating difference of a 76% expectation on the Elo
// scale coevo uses (400 log10(76/24)); Ordo's -z sets its own (202 by
// default), so that with -z ordoScale the two scales are the same.
var ordoScale = 400 * math.Log10(0.76/0.24)

// ordoRatings runs Ordo with args and reads player -> rating from its text
// output ("rank name : rating ...").
func ordoRatings(t *testing.T, args ...string) map[string]float64 {
	t.Helper()
	out := filepath.Join(t.TempDir(), "ordo.txt")
	args = append([]string{"-q", "-N", "5", "-z", strconv.FormatFloat(ordoScale, 'f', 6, 64), "-o", out}, args...)
	if b, err := exec.Command(ordoPath(t), args...).CombinedOutput(); err != nil {
		t.Fatalf("ordo %v: %v\n%s", args, err, b)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	r := map[string]float64{}
	for _, line := range strings.Split(string(b), "\n") {
		left, right, ok := strings.Cut(line, ":")
		f, g := strings.Fields(left), strings.Fields(right)
		if !ok || len(f) < 2 || len(g) < 1 {
			continue
		}
		if _, err := strconv.Atoi(f[0]); err != nil {
			continue
		}
		x, err := strconv.ParseFloat(g[0], 64)
		if err != nil {
			continue
		}
		r[strings.Join(f[1:], " ")] = x
	}
	if len(r) == 0 {
		t.Fatalf("no ratings in Ordo's output:\n%s", b)
	}
	return r
}

// btRatings runs coevo bt fit with args and returns player -> Elo.
func btRatings(t *testing.T, args ...string) map[string]float64 {
	t.Helper()
	out, errs, st := coevo(append([]string{"bt", "fit", "--json"}, args...)...)
	if st != 0 {
		t.Fatalf("coevo bt fit %v: status %d: %s", args, st, errs)
	}
	var r struct {
		Players []struct {
			Name string
			Elo  float64
		}
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	m := map[string]float64{}
	for _, p := range r.Players {
		m[p.Name] = p.Elo
	}
	return m
}

// sameRatings checks that two sets of ratings have the same players and,
// centred on their means, agree within tol Elo.
func sameRatings(t *testing.T, what string, got, want map[string]float64, tol float64) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %d players, want %d (%v vs %v)", what, len(got), len(want), got, want)
	}
	mean := func(m map[string]float64) float64 {
		s := 0.0
		for _, x := range m {
			s += x
		}
		return s / float64(len(m))
	}
	mg, mw := mean(got), mean(want)
	worst := 0.0
	for p, x := range want {
		y, ok := got[p]
		if !ok {
			t.Fatalf("%s: no player %q", what, p)
		}
		worst = math.Max(worst, math.Abs((y-mg)-(x-mw)))
	}
	if worst > tol {
		t.Fatalf("%s: ratings differ by up to %.3g Elo (tolerance %g)", what, worst, tol)
	}
	t.Logf("%s: %d players agree within %.2g Elo", what, len(want), worst)
}

// splitPGN splits a PGN file's games into two files, alternately.
func splitPGN(t *testing.T, path string) (string, string) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	games := strings.SplitAfter(string(b), "\n\n")
	var x, y strings.Builder
	for k := 0; k+1 < len(games); k += 2 {
		// A game is its tags and its movetext: two blocks.
		if (k/2)%2 == 0 {
			x.WriteString(games[k] + games[k+1])
		} else {
			y.WriteString(games[k] + games[k+1])
		}
	}
	dir := t.TempDir()
	a, c := filepath.Join(dir, "a.pgn"), filepath.Join(dir, "b.pgn")
	writeFile(t, a, x.String())
	writeFile(t, c, y.String())
	return a, c
}

// Several files in one fit, in any mix of formats, give the ratings of
// one file with all the games, as Ordo's list of files does.
func TestBTFitSeveralFiles(t *testing.T) {
	f := writePGN(t, 20, 1500)
	a, b := splitPGN(t, f)
	whole := btRatings(t, f)
	sameRatings(t, "a.pgn b.pgn", btRatings(t, a, b), whole, 1e-6)
	sameRatings(t, "a.pgn -- b.pgn", btRatings(t, a, "--", b), whole, 1e-6)
	// b.pgn as a games CSV and as a pairs CSV.
	res, err := readBTFile(b)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	var games, pairs strings.Builder
	games.WriteString("player_a,player_b,score_a\n")
	pairs.WriteString("a,b,wins_a,wins_b,draws,first\n")
	for _, m := range res.Matchups {
		for k := 0; k < int(m.WinsA); k++ {
			games.WriteString(res.Players[m.A] + "," + res.Players[m.B] + ",1\n")
		}
		for k := 0; k < int(m.WinsB); k++ {
			games.WriteString(res.Players[m.A] + "," + res.Players[m.B] + ",0\n")
		}
		for k := 0; k < int(m.Draw); k++ {
			games.WriteString(res.Players[m.A] + "," + res.Players[m.B] + ",0.5\n")
		}
		// In PGN, A (White) moved first.
		pairs.WriteString(res.Players[m.A] + "," + res.Players[m.B] + "," + gameCount(m.WinsA) + "," + gameCount(m.WinsB) + "," + gameCount(m.Draw) + ",a\n")
	}
	g, p := filepath.Join(dir, "b-games.csv"), filepath.Join(dir, "b-pairs.csv")
	writeFile(t, g, games.String())
	writeFile(t, p, pairs.String())
	sameRatings(t, "a.pgn b-games.csv", btRatings(t, a, g), whole, 1e-6)
	sameRatings(t, "a.pgn b-pairs.csv", btRatings(t, a, p, "--home"), btRatings(t, f, "--home"), 1e-6)
	if _, errs, st := coevo("bt", "fit", a, "-", "-"); st != 2 || !strings.Contains(errs, "stdin") {
		t.Fatalf("stdin twice: status %d: %s", st, errs)
	}
	sameRatings(t, "Ordo on the whole file", whole, ordoRatings(t, "-p", f), 0.01)
	sameRatings(t, "Ordo on a.pgn b.pgn", btRatings(t, a, b), ordoRatings(t, "--", a, b), 0.01)
}

// Stdin's format is told from its first lines; when it fits no format the
// message names --format.
func TestBTFitStdinFormat(t *testing.T) {
	f := writePGN(t, 10, 300)
	data, err := os.ReadFile(f)
	if err != nil {
		t.Fatal(err)
	}
	exe, _ := os.Executable()
	run := func(in string) (string, string, int) {
		cmd := exec.Command(exe, "bt", "fit", "-", "--csv", "-")
		cmd.Env = append(os.Environ(), "COEVO_MAIN=1")
		cmd.Stdin = strings.NewReader(in)
		var o, e strings.Builder
		cmd.Stdout, cmd.Stderr = &o, &e
		err := cmd.Run()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		}
		return o.String(), e.String(), code
	}
	want, _, _ := coevo("bt", "fit", f, "--csv", "-")
	if out, errs, st := run(string(data)); st != 0 || out != want {
		t.Fatalf("PGN on stdin: status %d: %s\n%s\nwant\n%s", st, errs, out, want)
	}
	if _, errs, st := run("name,score\nx,1\n"); st != 2 || !strings.Contains(errs, "stdin: cannot tell its format") || !strings.Contains(errs, "--format") {
		t.Fatalf("status %d: %s", st, errs)
	}
}

// Synonyms, include and exclude lists and a minimum of games, as Ordo's
// -Y, -i, -x and -t: the same players rated alike.
func TestBTFitSynonymsListsMinGames(t *testing.T) {
	f := writePGN(t, 16, 800)
	data, err := os.ReadFile(f)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	// P 3 is also "P three" and "p3" in some games.
	renamed := filepath.Join(dir, "renamed.pgn")
	s := string(data)
	n := 0
	s = replaceSome(s, `"P 3"`, func() string {
		n++
		return []string{`"P 3"`, `"P three"`, `"p3"`}[n%3]
	})
	writeFile(t, renamed, s)
	syn := filepath.Join(dir, "synonyms.csv")
	writeFile(t, syn, "\"P 3\",\"P three\",p3\n")
	whole := btRatings(t, f)
	got := btRatings(t, renamed, "--synonyms", syn)
	sameRatings(t, "--synonyms", got, whole, 1e-6)
	if _, errs, st := coevo("bt", "fit", renamed, "--synonyms", syn); st != 0 || !strings.Contains(errs, "2 name(s) merged") {
		t.Fatalf("status %d: %s", st, errs)
	}
	bad := filepath.Join(dir, "bad.csv")
	writeFile(t, bad, "a,b\nc,b\n")
	if _, errs, st := coevo("bt", "fit", renamed, "--synonyms", bad); st != 2 || !strings.Contains(errs, `"b" is a synonym of "a" and of "c"`) {
		t.Fatalf("status %d: %s", st, errs)
	}
	// Include a list (quoted or not), exclude one. (Ordo's manual says
	// that of a CSV file only the first column is read, as coevo does;
	// Ordo 1.2.6 skips a line of two fields, so the list compared with
	// Ordo's has one.)
	in := filepath.Join(dir, "in.csv")
	writeFile(t, in, "\"P 1\"\nP 2\nP 3\nP 5\nP 8\nP 9\nP 11\nP 12\nNobody\n")
	inCSV := filepath.Join(dir, "in2.csv")
	writeFile(t, inCSV, "name,club\n\"P 1\",x\nP 2,y\nP 3,y\n# a comment\nP 5\nP 8,\nP 9\nP 11\nP 12,z\nNobody\n")
	out := filepath.Join(dir, "out.txt")
	writeFile(t, out, "P 0\n\"P 7\"\n")
	incl, errs, st := coevo("bt", "fit", f, "--include-list", in, "--json")
	if st != 0 || !strings.Contains(errs, `1 name(s) in the list(s) are no player`) || !strings.Contains(errs, `"Nobody"`) {
		t.Fatalf("status %d: %s", st, errs)
	}
	_ = incl
	inc := btRatings(t, f, "--include-list", in)
	sameRatings(t, "a CSV's first column", btRatings(t, f, "--include-list", inCSV), inc, 1e-9)
	exc := btRatings(t, f, "--exclude-list", out)
	if len(inc) != 8 || len(exc) != 14 {
		t.Fatalf("%d included, %d left after exclusion", len(inc), len(exc))
	}
	if _, errs, st := coevo("bt", "fit", f, "--include-list", in, "--exclude-list", out); st != 2 || !strings.Contains(errs, "choose one") {
		t.Fatalf("status %d: %s", st, errs)
	}
	// --min-games lists only the players with that many games, ranked
	// among themselves, rated as without it.
	all := btRatings(t, f)
	counts := map[string]float64{}
	o, _, _ := coevo("bt", "fit", f, "--json")
	var r struct {
		Players []struct {
			Name  string
			Games float64
		}
	}
	json.Unmarshal([]byte(o), &r)
	for _, p := range r.Players {
		counts[p.Name] = p.Games
	}
	min := 100.0
	listed := btRatings(t, f, "--min-games", strconv.FormatFloat(min, 'f', -1, 64))
	for p, x := range all {
		y, ok := listed[p]
		if ok != (counts[p] >= min) || ok && y != x {
			t.Fatalf("%s: %v games, listed %v at %v (all: %v)", p, counts[p], ok, y, x)
		}
	}
	if len(listed) == 0 || len(listed) == len(all) {
		t.Fatalf("%d of %d listed with %g games: pick another threshold", len(listed), len(all), min)
	}

	// Ordo on the same files.
	sameRatings(t, "Ordo -Y", got, ordoRatings(t, "-p", renamed, "-Y", syn), 0.01)
	sameRatings(t, "Ordo -i", inc, ordoRatings(t, "-p", f, "-i", in, "--no-warnings"), 0.01)
	sameRatings(t, "Ordo -x", exc, ordoRatings(t, "-p", f, "-x", out), 0.01)
	// Ordo's -t rates everyone too: the players it lists, at the ratings
	// it gives them.
	sameRatings(t, "Ordo -t", listed, ordoRatings(t, "-p", f, "-t", strconv.FormatFloat(min, 'f', -1, 64)), 0.01)
}

// replaceSome replaces each occurrence of old by what next returns.
func replaceSome(s, old string, next func() string) string {
	var b strings.Builder
	for {
		k := strings.Index(s, old)
		if k < 0 {
			b.WriteString(s)
			return b.String()
		}
		b.WriteString(s[:k] + next())
		s = s[k+len(old):]
	}
}

// readBTFile reads a results file in its own format.
func readBTFile(path string) (*bt.Results, error) { return bt.ReadFile(path, "") }

// writeNoDrawPGN writes a league without draws and without a first-move
// advantage (player i 25 Elo above i-1): a ring so that everyone is
// linked, and random pairs. Ordo's model with priors (-y, -r) is then the
// Bradley-Terry model (with -d 0).
func writeNoDrawPGN(t *testing.T, n, games int, seed uint64) string {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 5))
	var b strings.Builder
	game := func(w, k int) {
		res := "0-1"
		if rng.Float64() < 1/(1+math.Pow(10, float64(k-w)*25/400)) {
			res = "1-0"
		}
		fmt.Fprintf(&b, "[White \"Q %d\"]\n[Black \"Q %d\"]\n[Result \"%s\"]\n\n%s\n\n", w, k, res, res)
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
	f := filepath.Join(t.TempDir(), "nodraw.pgn")
	writeFile(t, f, b.String())
	return f
}

// btFit runs coevo bt fit --json with args and returns player -> Elo and
// SE.
func btFitSE(t *testing.T, args ...string) (elo, se map[string]float64) {
	t.Helper()
	out, errs, st := coevo(append([]string{"bt", "fit", "--json"}, args...)...)
	if st != 0 {
		t.Fatalf("coevo bt fit %v: status %d: %s", args, st, errs)
	}
	var r struct {
		Players []struct {
			Name    string
			Elo, SE float64
		}
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	elo, se = map[string]float64{}, map[string]float64{}
	for _, p := range r.Players {
		elo[p.Name], se[p.Name] = p.Elo, p.SE
	}
	return elo, se
}

// ordoErrors runs Ordo with args and reads player -> (rating, standard
// error): Ordo prints the error as the margin of a 95% interval, the
// standard deviation of its simulations (-s) times 1.96 (NaN without -s).
func ordoErrors(t *testing.T, args ...string) (elo, se map[string]float64) {
	t.Helper()
	out := filepath.Join(t.TempDir(), "ordo.csv")
	args = append([]string{"-q", "-N", "5", "-z", strconv.FormatFloat(ordoScale, 'f', 6, 64), "-c", out}, args...)
	if b, err := exec.Command(ordoPath(t), args...).CombinedOutput(); err != nil {
		t.Fatalf("ordo %v: %v\n%s", args, err, b)
	}
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	elo, se = map[string]float64{}, map[string]float64{}
	for _, r := range rows[1:] { // "#","PLAYER","RATING","ERROR",...
		e, err := strconv.ParseFloat(r[2], 64)
		if err != nil {
			t.Fatalf("Ordo's CSV row %v", r)
		}
		s := math.NaN()
		if r[3] != "-" {
			if s, err = strconv.ParseFloat(r[3], 64); err != nil {
				t.Fatalf("Ordo's CSV row %v", r)
			}
		}
		elo[r[1]], se[r[1]] = e, s/1.959963984540054
	}
	return elo, se
}

// Loose anchors (Ordo -y) and relations (-r): the same ratings as Ordo's,
// on the same level for loose anchors, and standard errors that Ordo's
// simulations (which draw the priors too) estimate.
func TestBTFitLooseAnchorsRelations(t *testing.T) {
	f := writeNoDrawPGN(t, 14, 700, 3)
	dir := t.TempDir()
	loose := filepath.Join(dir, "loose.csv")
	writeFile(t, loose, "\"Q 0\",1500,30\n\"Q 13\",1900,60\nQ 6,1700,20\n")
	rel := filepath.Join(dir, "rel.csv")
	writeFile(t, rel, "\"Q 4\",\"Q 5\",0,10\n\"Q 9\",\"Q 2\",100,30\n")
	elo, se := btFitSE(t, f, "--loose-anchors", loose)
	eloR, seR := btFitSE(t, f, "--relations", rel)
	eloB, _ := btFitSE(t, f, "--loose-anchors", loose, "--relations", rel)
	plain, _ := btFitSE(t, f)
	// The priors pull: Q 4 and Q 5 closer than without the relation.
	if d, d0 := math.Abs(eloR["Q 4"]-eloR["Q 5"]), math.Abs(plain["Q 4"]-plain["Q 5"]); !(d < d0) {
		t.Fatalf("relation Q 4 ~ Q 5: %v apart, %v without", d, d0)
	}
	text, errs, st := coevo("bt", "fit", f, "--loose-anchors", loose)
	if st != 0 || !strings.Contains(text, "loose anchors: 3 player(s)") {
		t.Fatalf("status %d: %s\n%s", st, errs, text)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--loose-anchors", loose, "--elo-mean", "2000"}, "the loose anchors set the ratings' level"},
		{[]string{"--loose-anchors", rel}, "line 1: 4 fields"},
		{[]string{"--relations", loose}, "line 1: 3 fields"},
		{[]string{"--loose-anchors", loose, "--method", "mm"}, "--method newton"},
	} {
		if _, errs, st := coevo(append([]string{"bt", "fit", f}, c.args...)...); st != 2 || !strings.Contains(errs, c.want) {
			t.Fatalf("%v: status %d: %s", c.args, st, errs)
		}
	}
	bad := filepath.Join(dir, "bad.csv")
	writeFile(t, bad, "\"Q 0\",1500,0\n")
	if _, errs, st := coevo("bt", "fit", f, "--loose-anchors", bad); st != 2 || !strings.Contains(errs, "SD 0: must be positive") {
		t.Fatalf("status %d: %s", st, errs)
	}

	// Ordo: -d 0 makes its model with priors the Bradley-Terry model.
	oElo, oSE := ordoErrors(t, "-p", f, "-d", "0", "-y", loose, "-s", "2000")
	worst := 0.0
	for p, x := range oElo {
		worst = math.Max(worst, math.Abs(oSE[p]/se[p]-1))
		if math.Abs(x-elo[p]) > 0.01 {
			t.Fatalf("%s: Ordo -y %v, coevo --loose-anchors %v", p, x, elo[p])
		}
		// 2000 simulations estimate an SD to about 1.6%.
		if math.Abs(oSE[p]/se[p]-1) > 0.08 {
			t.Errorf("%s: Ordo's error %v, coevo's SE %v", p, oSE[p], se[p])
		}
	}
	t.Logf("Ordo -y: ratings within 0.01 Elo, errors (2000 simulations) within %.1f%% of coevo's SEs", 100*worst)
	oElo, oSE = ordoErrors(t, "-p", f, "-d", "0", "-r", rel, "-s", "2000")
	sameRatings(t, "Ordo -r", eloR, oElo, 0.01)
	worst = 0
	for p := range oSE {
		worst = math.Max(worst, math.Abs(oSE[p]/seR[p]-1))
		if math.Abs(oSE[p]/seR[p]-1) > 0.08 {
			t.Errorf("%s: Ordo -r error %v, coevo's SE %v", p, oSE[p], seR[p])
		}
	}
	t.Logf("Ordo -r: errors (2000 simulations) within %.1f%% of coevo's SEs", 100*worst)
	oElo, _ = ordoErrors(t, "-p", f, "-d", "0", "-y", loose, "-r", rel)
	for p, x := range oElo {
		if math.Abs(x-eloB[p]) > 0.01 {
			t.Fatalf("%s: Ordo -y -r %v, coevo %v", p, x, eloB[p])
		}
	}
}

// h2hLine is one line of a head-to-head table.
type h2hLine struct {
	games, wins, draws, losses float64
	diff, sd, cfs              float64
}

// parseH2H reads a head-to-head table in Ordo's -j layout (coevo's
// text is the same): player -> opponent -> line.
func parseH2H(t *testing.T, text string) map[string]map[string]h2hLine {
	t.Helper()
	out := map[string]map[string]h2hLine{}
	var cur string
	nums := func(s string) []float64 {
		var v []float64
		for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == '(' || r == ')' || r == ' ' || r == '+' || r == '=' }) {
			x, err := strconv.ParseFloat(strings.TrimPrefix(f, "-"), 64)
			if err != nil {
				continue
			}
			if strings.HasPrefix(f, "-") && !strings.HasPrefix(f, "--") {
				x = -x
			}
			v = append(v, x)
		}
		return v
	}
	for _, line := range strings.Split(text, "\n") {
		parts := strings.Split(line, " : ")
		switch {
		case len(parts) == 2 && strings.Contains(parts[0], ") "):
			name := strings.TrimSpace(parts[0][strings.Index(parts[0], ") ")+2:])
			cur = name[:strings.LastIndex(name, " ")] // drop the rating
			out[cur] = map[string]h2hLine{}
		case len(parts) == 3 && cur != "" && !strings.Contains(parts[0], "vs."):
			a, b := nums(parts[1]), nums(parts[2])
			// games (w, d, l), pct : diff, sd, cfs; the losses field
			// reads as negative: "-l" in Ordo's header only.
			if len(a) < 5 || len(b) < 3 {
				t.Fatalf("head-to-head line %q", line)
			}
			out[cur][strings.TrimSpace(parts[0])] = h2hLine{a[0], math.Abs(a[1]), math.Abs(a[2]), math.Abs(a[3]), b[0], b[1], b[2]}
		}
	}
	return out
}

// --los-next, --head-to-head and --elostat against Ordo's -J, -j and -E on
// the same file (without draws, and Ordo with -d 0, so that its
// simulations follow the model coevo fits): the same games, the same
// differences, SDs and likelihoods of superiority within the simulations'
// noise, and Elostat files with the same numbers.
func TestBTFitOrdoReports(t *testing.T) {
	f := writeNoDrawPGN(t, 10, 600, 8)
	dir := t.TempDir()
	h2hText, h2hCSV, es := filepath.Join(dir, "h2h.txt"), filepath.Join(dir, "h2h.csv"), filepath.Join(dir, "es")
	os.Mkdir(es, 0o755)
	out, errs, st := coevo("bt", "fit", f, "--los-next", "--head-to-head", h2hText, "--elostat", es, "--csv", "-")
	if st != 0 {
		t.Fatalf("status %d: %s", st, errs)
	}
	if _, errs, st := coevo("bt", "fit", f, "--head-to-head", h2hCSV); st != 0 {
		t.Fatalf("status %d: %s", st, errs)
	}
	rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil || rows[0][13] != "los_next" || rows[len(rows)-1][13] != "" {
		t.Fatalf("%v: %v", err, rows)
	}
	b, _ := os.ReadFile(h2hText)
	mine := parseH2H(t, string(b))
	csvRows, err := csv.NewReader(mustOpen(t, h2hCSV)).ReadAll()
	if err != nil || len(csvRows) != 1+2*pairsPlayed(mine) {
		t.Fatalf("head-to-head CSV: %v, %d rows", err, len(csvRows))
	}
	// Each pair's two lines mirror each other.
	for a, opps := range mine {
		for o, x := range opps {
			y := mine[o][a]
			if x.games != y.games || x.wins != y.losses || x.draws != y.draws || math.Abs(x.diff+y.diff) > 0.11 || x.sd != y.sd {
				t.Fatalf("%s vs %s: %+v; %s vs %s: %+v", a, o, x, o, a, y)
			}
		}
	}
	for _, bad := range [][]string{{"--ratings-only", "--los-next"}, {"--elostat", filepath.Join(dir, "none")}} {
		if _, errs, st := coevo(append([]string{"bt", "fit", f}, bad...)...); st != 2 {
			t.Fatalf("%v: status %d: %s", bad, st, errs)
		}
	}

	ordo := ordoPath(t)
	od := t.TempDir()
	cmd := exec.Command(ordo, "-q", "-N", "3", "-z", strconv.FormatFloat(ordoScale, 'f', 6, 64), "-d", "0", "-a", "1600", "-s", "3000", "-p", f,
		"-J", "-c", "ordo.csv", "-j", "h2h.txt", "-E")
	cmd.Dir = od
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("ordo: %v\n%s", err, b)
	}
	b, _ = os.ReadFile(filepath.Join(od, "h2h.txt"))
	theirs := parseH2H(t, string(b))
	worstSD, worstCFS := 0.0, 0.0
	for a, opps := range theirs {
		for o, x := range opps {
			y, ok := mine[a][o]
			if !ok || x.games != y.games || x.wins != y.wins || x.draws != y.draws || x.losses != y.losses {
				t.Fatalf("%s vs %s: Ordo %+v, coevo %+v", a, o, x, y)
			}
			if math.Abs(x.diff-y.diff) > 0.15 {
				t.Fatalf("%s vs %s: Ordo's difference %v, coevo's %v", a, o, x.diff, y.diff)
			}
			worstSD = math.Max(worstSD, math.Abs(x.sd/y.sd-1))
			worstCFS = math.Max(worstCFS, math.Abs(x.cfs-y.cfs))
		}
	}
	// 3,000 simulations estimate an SD to about 1.3% (Ordo prints it to a
	// tenth of an Elo) and a likelihood to about a point.
	if worstSD > 0.07 || worstCFS > 6 {
		t.Fatalf("Ordo's SDs within %.1f%% of coevo's, its CFS within %.1f points", 100*worstSD, worstCFS)
	}
	t.Logf("head-to-head: games equal, differences within 0.15 Elo, SDs within %.1f%%, CFS within %.1f points", 100*worstSD, worstCFS)
	// -J: Ordo's CFS(%) column (an integer) beside --los-next.
	oc, err := csv.NewReader(mustOpen(t, filepath.Join(od, "ordo.csv"))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	for k := 1; k+1 < len(oc); k++ {
		o, _ := strconv.ParseFloat(oc[k][7], 64)
		m, _ := strconv.ParseFloat(rows[k][13], 64)
		if oc[k][1] != rows[k][1] || math.Abs(o-100*m) > 6 {
			t.Fatalf("row %d: Ordo %s %v%%, coevo %s %v", k, oc[k][1], o, rows[k][1], m)
		}
	}
	// Elostat's files: the same numbers, rating.dat's + and - the 95%
	// margins (Ordo's from its simulations).
	for _, name := range []string{"general.dat", "programs.dat", "rating.dat"} {
		x, _ := os.ReadFile(filepath.Join(od, name))
		y, _ := os.ReadFile(filepath.Join(es, name))
		xs, ys := elostatFields(string(x), name), elostatFields(string(y), name)
		if strings.Join(xs, " ") != strings.Join(ys, " ") {
			t.Fatalf("%s: Ordo's\n%s\ncoevo's\n%s", name, x, y)
		}
		if name != "rating.dat" {
			continue
		}
		// The ratings (Ordo's -a 1600 is coevo's mean; coevo prints tenths), the 95% margins
		// (Ordo's from 3,000 simulations) and the opponents' mean rating.
		xr, yr := elostatRatings(t, string(x)), elostatRatings(t, string(y))
		worst := 0.0
		for p, a := range xr {
			b := yr[p]
			if math.Abs(a[0]-b[0]) > 0.051 || math.Abs(a[2]-b[2]) > 1 {
				t.Fatalf("rating.dat, %s: Ordo's Elo %v, Av.Op. %v; coevo's %v, %v", p, a[0], a[2], b[0], b[2])
			}
			worst = math.Max(worst, math.Abs(a[1]/b[1]-1))
		}
		if len(xr) != 10 || len(yr) != 10 || worst > 0.07 {
			t.Fatalf("rating.dat: %d and %d players, margins within %.1f%%", len(xr), len(yr), 100*worst)
		}
		t.Logf("Elostat's rating.dat: ratings within coevo's rounding to 0.1 Elo, 95%% margins within %.1f%% of Ordo's", 100*worst)
	}
}

// elostatRatings reads rating.dat's lines "rank name : elo + - games score
// % av.op draws %" into name -> (elo, + margin, av.op).
func elostatRatings(t *testing.T, s string) map[string][3]float64 {
	t.Helper()
	out := map[string][3]float64{}
	for _, line := range strings.Split(s, "\n") {
		name, rest, ok := strings.Cut(line, ":")
		f := strings.Fields(rest)
		if !ok || len(f) < 7 {
			continue
		}
		nf := strings.Fields(name)
		var v [3]float64
		for k, c := range []int{0, 1, 6} {
			x, err := strconv.ParseFloat(f[c], 64)
			if err != nil {
				t.Fatalf("rating.dat line %q: %v", line, err)
			}
			v[k] = x
		}
		out[strings.Join(nf[1:], " ")] = v
	}
	return out
}

// elostatFields keeps what two Elostat files must share: every field of
// general.dat and programs.dat but ratings, and rating.dat's ranks, names,
// games, scores and draw rates, in order.
func elostatFields(s, name string) []string {
	var out []string
	for _, line := range strings.Split(s, "\n") {
		f := strings.Fields(strings.NewReplacer(",", " ", "(", " ", ")", " ", "+", " ", "=", " ", "-", " ", ":", " ", "%", " ").Replace(line))
		if len(f) == 0 {
			continue
		}
		switch name {
		case "rating.dat":
			if len(f) < 9 || !isDigits(f[0]) {
				continue
			}
			// rank name [mark] elo + - games score av.op draws
			n := len(f)
			out = append(out, f[0], f[1], f[n-4], f[n-3], f[n-1])
		case "programs.dat":
			// A player's line holds its rating: drop numbers with a dot
			// but the score. The lines in any order (Ordo lists the
			// opponents in the order it met them).
			var keep []string
			for k, x := range f {
				if strings.Contains(x, ".") && k != len(f)-1 {
					continue
				}
				keep = append(keep, x)
			}
			out = append(out, strings.Join(keep, " "))
		default:
			out = append(out, f...)
		}
	}
	if name == "programs.dat" {
		slices.Sort(out)
	}
	return out
}

func isDigits(s string) bool {
	_, err := strconv.Atoi(s)
	return err == nil
}

func pairsPlayed(h map[string]map[string]h2hLine) int {
	n := 0
	for _, o := range h {
		n += len(o)
	}
	return n / 2
}

// Several files against BayesElo, which reads them by repeated readpgn:
// coevo --model bayeselo on a.pgn b.pgn gives BayesElo's ratings (which
// it prints in whole Elo).
func TestBTFitSeveralFilesBayesElo(t *testing.T) {
	bayes := os.Getenv("BAYESELO")
	if bayes == "" {
		t.Skip("BayesElo's output not compared: set BAYESELO to a bayeselo binary (Rémi Coulom's source, e.g. github.com/MichaelB7/bayeselo)")
	}
	f := writePGN(t, 12, 900)
	b, _ := os.ReadFile(f)
	writeFile(t, f, strings.ReplaceAll(string(b), `"P `, `"P`)) // names without spaces, for BayesElo's table
	a, c := splitPGN(t, f)
	cmd := exec.Command(bayes)
	cmd.Stdin = strings.NewReader(fmt.Sprintf("readpgn %s\nreadpgn %s\nelo\nmm\nratings\nx\nx\n", a, c))
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("bayeselo: %v\n%s", err, out)
	}
	theirs := map[string]float64{}
	for _, line := range strings.Split(string(out), "\n") {
		fl := strings.Fields(line)
		if len(fl) >= 3 && isDigits(fl[0]) && strings.HasPrefix(fl[1], "P") {
			x, err := strconv.ParseFloat(fl[2], 64)
			if err == nil {
				theirs[fl[1]] = x
			}
		}
	}
	if len(theirs) != 12 {
		t.Fatalf("BayesElo's output:\n%s", out)
	}
	sameRatings(t, "BayesElo readpgn a; readpgn b", btRatings(t, a, c, "--model", "bayeselo"), theirs, 1)
}

// The sh blocks of docs/stats.md's opening run as pasted, each in a
// folder of its own with coevo on the PATH, and print what the text says
// they print: the first R's BradleyTerry2 ratings, the second (Ordo's
// habits) Ordo's ratings of round1.pgn (ordo -a 1600 -z 200.24 -p
// round1.pgn) and the files and columns its options write.
func TestStatsDocExample(t *testing.T) {
	b, err := os.ReadFile("../../docs/stats.md")
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	s = s[:strings.Index(s, "## Definitions we use")]
	var blocks []string
	for {
		i := strings.Index(s, "```sh\n")
		if i < 0 {
			break
		}
		s = s[i+len("```sh\n"):]
		blocks = append(blocks, s[:strings.Index(s, "```\n")])
	}
	if len(blocks) != 2 || !strings.Contains(string(b[:strings.Index(string(b), "## What the standard errors mean")]), blocks[0]) {
		t.Fatalf("docs/stats.md's opening has %d sh blocks, want 2 (the first before the standard errors)", len(blocks))
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(t.TempDir(), "bin")
	os.Mkdir(bin, 0o755)
	if err := os.WriteFile(filepath.Join(bin, "coevo"), []byte("#!/bin/sh\nCOEVO_MAIN=1 exec "+strconv.Quote(exe)+" \"$@\"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	want := [][]string{
		{"bob  1659.4", "ann  1592.5", "cat  1548.1", "tau = ", "D_KL = "},
		{"1 player(s) with fewer than 3 games rated with the others but not listed", "los>next%", "ann  1650.0",
			"cat  1808.0", "ann  1735.7", "bob  1464.3", "dan  1392.0"},
	}
	for k, script := range blocks {
		dir := t.TempDir()
		cmd := exec.Command("sh", "-e", "-c", script)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"))
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("block %d: %v\n%s", k+1, err, out)
		}
		for _, w := range want[k] {
			if !strings.Contains(string(out), w) {
				t.Fatalf("block %d: output lacks %q:\n%s", k+1, w, out)
			}
		}
		if k == 1 {
			for _, f := range []string{"h2h.txt", "elostat/rating.dat", "elostat/programs.dat", "elostat/general.dat"} {
				if st, err := os.Stat(filepath.Join(dir, f)); err != nil || st.Size() == 0 {
					t.Fatalf("block 2 wrote no %s: %v", f, err)
				}
			}
		}
	}
}
