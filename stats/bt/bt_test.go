package bt_test

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/coevolab/coevo/stats/bt"
)

func read(t *testing.T, file string) *bt.Results {
	t.Helper()
	r, err := bt.ReadFile("../../datasets/"+file, "matrix")
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// Paper 003 Tables IIIa-c print the Elo of each player (pool mean 1600).
func TestPaper003TableIII(t *testing.T) {
	cases := map[string][]float64{
		"003_table3a.csv": {1600, 1600, 1600},
		"003_table3b.csv": {1676, 1651, 1473},
		"003_table3c.csv": {1703, 1626, 1471},
	}
	for file, want := range cases {
		fit, err := bt.Fit(read(t, file))
		if err != nil {
			t.Fatal(err)
		}
		for i, e := range fit.Elo() {
			if math.Round(e) != want[i] {
				t.Errorf("%s player %d: Elo %.2f, paper prints %.0f", file, i+1, e, want[i])
			}
		}
	}
}

// Paper 003 Table I: gamma and Elo with an average player (gamma = 0.5) at
// 1600, and the probability of beating a player with gamma = 0.05.
func TestPaper003TableI(t *testing.T) {
	rows := []struct{ gamma, elo, p float64 }{
		{0.05, 1200, 0.50}, {0.10, 1320, 0.67}, {0.20, 1441, 0.80}, {0.50, 1600, 0.91}, {0.95, 1712, 0.95},
	}
	for _, r := range rows {
		elo := 1600 + 400*math.Log10(r.gamma/0.5)
		p := r.gamma / (r.gamma + 0.05)
		if math.Round(elo) != r.elo || math.Round(p*100)/100 != r.p {
			t.Errorf("gamma %.2f: Elo %.1f p %.3f, paper prints %.0f %.2f", r.gamma, elo, p, r.elo, r.p)
		}
	}
}

// The MLE satisfies the likelihood equations: each player's expected
// score equals its actual score (Zermelo 1929; Hunter 2004 eq. 3).
func TestLikelihoodEquations(t *testing.T) {
	r := synthetic(t, 12, 40, 7, false)
	fit, err := bt.Fit(r)
	if err != nil {
		t.Fatal(err)
	}
	P, N := r.Points()
	for i := range P {
		exp, act := 0.0, 0.0
		for j := range P {
			if i != j {
				exp += N[i][j] * fit.Prob(i, j)
				act += P[i][j]
			}
		}
		if math.Abs(exp-act) > 1e-6 {
			t.Fatalf("player %d: expected score %.8f, actual %.8f", i, exp, act)
		}
	}
}

// synthetic draws results for players with known strengths (Elo spread
// 0..600), optionally with seats and a first-move advantage of 1.5.
func synthetic(t *testing.T, n, games int, seed uint64, seats bool) *bt.Results {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 2))
	r := bt.NewResults()
	gamma := make([]float64, n)
	for i := range gamma {
		gamma[i] = math.Pow(10, float64(i)*600/float64(n-1)/400)
	}
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			for _, seat := range []bt.Seat{bt.AFirst, bt.BFirst} {
				th := 1.0
				if seats {
					th = 1.5
				}
				ga, gb := gamma[i], gamma[j]
				if seat == bt.AFirst {
					ga *= th
				} else {
					gb *= th
				}
				var wa, wb float64
				for g := 0; g < games/2; g++ {
					if rng.Float64() < ga/(ga+gb) {
						wa++
					} else {
						wb++
					}
				}
				s := bt.NoSeat
				if seats {
					s = seat
				}
				r.Add(fmt.Sprint("p", i), fmt.Sprint("p", j), wa, wb, 0, s)
			}
		}
	}
	return r
}

// With seats recorded, the first-move advantage is recovered: 1.5 within
// four standard errors, from 66 pairs x 400 games.
func TestHomeAdvantage(t *testing.T) {
	r := synthetic(t, 12, 400, 3, true)
	fit, err := bt.Options{Home: true}.Fit(r)
	if err != nil {
		t.Fatal(err)
	}
	se := math.Sqrt(fit.Cov().At(12, 12))
	if d := math.Abs(math.Log(fit.Home) - math.Log(1.5)); d > 4*se {
		t.Fatalf("home advantage %.4f, true 1.5 (log off by %.4f, se %.4f)", fit.Home, d, se)
	}
	// Ignoring the seats on the same data gives a valid plain fit too.
	if _, err := bt.Fit(r); err != nil {
		t.Fatal(err)
	}
}

// Hunter's condition: a player who never lost makes the MLE not exist;
// the error names it, and a prior of virtual draws gives a fit.
func TestHunterCondition(t *testing.T) {
	r := bt.NewResults()
	r.Add("alice", "bob", 3, 0, 0, bt.NoSeat)
	r.Add("bob", "carol", 2, 1, 0, bt.NoSeat)
	r.Add("alice", "carol", 4, 0, 0, bt.NoSeat)
	_, err := bt.Fit(r)
	var nc *bt.NotConnectedError
	if !errors.As(err, &nc) || !strings.Contains(err.Error(), "never lost: alice") {
		t.Fatalf("got %v", err)
	}
	fit, err := bt.Options{Prior: 2}.Fit(r)
	if err != nil {
		t.Fatal(err)
	}
	e := fit.Elo()
	if !(e[0] > e[1] && e[1] > e[2]) {
		t.Fatalf("regularised Elo %v not ordered alice > bob > carol", e)
	}
	// Two groups that never met.
	g := bt.NewResults()
	g.Add("a", "b", 2, 1, 0, bt.NoSeat)
	g.Add("c", "d", 2, 1, 0, bt.NoSeat)
	if _, err := bt.Fit(g); !errors.As(err, &nc) || len(nc.Groups) != 2 {
		t.Fatalf("got %v", err)
	}
}

// Standard errors: for two players with n games and score s, the MLE of
// the log-odds d has variance 1/(n p (1-p)); each centred log-strength is
// d/2, so its SE is half that.
func TestStandardErrorTwoPlayers(t *testing.T) {
	r := bt.NewResults()
	r.Add("x", "y", 30, 10, 0, bt.NoSeat)
	fit, _ := bt.Fit(r)
	p := 0.75
	want := 0.5 / math.Sqrt(40*p*(1-p)) * 400 / math.Ln10
	for _, se := range fit.SE() {
		if math.Abs(se-want) > 1e-9 {
			t.Fatalf("SE %.9f, want %.9f", se, want)
		}
	}
	los := fit.Superiority()
	if los[0][1] <= 0.99 || math.Abs(los[0][1]+los[1][0]-1) > 1e-12 {
		t.Fatalf("superiority %v", los)
	}
}

func TestDraws(t *testing.T) {
	// A draw is half a win each: 2 wins + 2 draws = 3 points of 4.
	a := bt.NewResults()
	a.Add("x", "y", 2, 0, 2, bt.NoSeat)
	b := bt.NewResults()
	b.Add("x", "y", 3, 1, 0, bt.NoSeat)
	fa, _ := bt.Fit(a)
	fb, _ := bt.Fit(b)
	if math.Abs(fa.Elo()[0]-fb.Elo()[0]) > 1e-9 {
		t.Fatalf("%v vs %v", fa.Elo(), fb.Elo())
	}
}

// Bad input is an error that names the file, line and (when it can)
// column, and says what is wrong; nothing is dropped or misread silently.
func TestReadErrors(t *testing.T) {
	cases := []struct{ format, src, want string }{
		{"pairs", "a,b,wins_a,wins_b,draws\nx,y,3,z,0\n", `bad.csv:2:7: wins_b "z" is not a non-negative number`},
		{"pairs", "a,b,wins\nx,y,3\n", `bad.csv:1: header lacks column "wins_a"`},
		{"pairs", "a,b,wins_a,wins_b\nx,x,1,2\n", `bad.csv:2:3: players "x" and "x"`},
		{"pairs", "a,b,wins_a,wins_b\nx,,1,2\n", "bad.csv:2:3: empty player b"},
		{"pairs", "a,b,wins_a,wins_b\n\"x,y,1,2\n", "bad.csv:2"},
		{"pairs", "a,b,wins_a,wins_b\nx,y,3,1,7\n", `bad.csv:2:9: 5 fields, the header has 4: field 5 ("7") has no column`},
		{"pairs", "a,b,wins_a,wins_b\nx,y,1e308,1\n", "bad.csv:2:5: wins_a 1e+308 is too large"},
		{"pairs", "a,b,wins_a,wins_b\nx,y,NaN,1\n", `bad.csv:2:5: wins_a "NaN" is not a non-negative number`},
		{"pairs", "a,b,wins_a,wins_b\nx\xe9,y,1,1\n", "bad.csv:2:1: player a \"x\\xe9\" is not valid UTF-8"},
		{"matrix", "p,x,y\nx,,3\ny,-1,\n", `bad.csv:3:3: points against x "-1" is not a non-negative number`},
		{"matrix", "p,x,y\ny,,3\nx,1,\n", `bad.csv:2:1: row 1 is "y" but column 1 is "x"`},
		// The matrix reader crashed on duplicate (here empty) names.
		{"matrix", ",,\n,,0\n,,0", "bad.csv:1: header names 0 players"},
		{"matrix", "p,x,x\nx,,1\nx,1,\n", `bad.csv:1:5: player "x" names columns 1 and 2`},
		// A player named in the header without a row would lose its points.
		{"matrix", "p,x,y,z\nx,,3,1\ny,1,,2\n", `bad.csv:1: header names 3 players but there are 2 rows: no row for "z"`},
		{"matrix", "p,x,y\nx,,3\ny,1,\nz,1,1\n", "bad.csv:4:1: row 3: the header names only 2 players"},
		{"matrix", "p,x,y\nx,,3,9\ny,1,\n", "bad.csv:2:6: 4 fields, the header has 3"},
		{"matrix", "p,x,y\nx,5,3\ny,1,\n", `bad.csv:2:3: x against itself: "5"`},
		{"matrix", "p,x\xe9,y\nx,,3\ny,1,\n", "bad.csv:1:3: player \"x\\xe9\" is not valid UTF-8"},
		{"games", "first,second,result\nx,y,2-0\n", `bad.csv:2:5: result "2-0"`},
		{"games", "", "bad.csv:1: empty file"},
		{"games", "white,black,winner\nx,y,1-0\n", `bad.csv:1: header "white,black,winner": want first,second,result`},
		{"games", "player_a,player_b,score_a\nx,y,0.7\n", `bad.csv:2:5: result "0.7": want 1, 0, 0.5`},
		{"games", "first,second,result\nx,y,1-0,extra\n", "bad.csv:2:9: 4 fields, the header has 3"},
	}
	for _, c := range cases {
		_, err := bt.Read(strings.NewReader(c.src), "bad.csv", c.format)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s %q: got %v, want %q", c.format, c.src, err, c.want)
		}
	}
}

// Awkward input that is fine: a byte-order mark, columns in another
// order, summary columns after an empty header cell, a "-" diagonal, and
// a player with no games (kept, and named by NoGames).
func TestReadAwkward(t *testing.T) {
	cases := []struct {
		format, src string
		players     int
		noGames     []string
	}{
		{"pairs", "\uFEFFa,b,wins_a,wins_b\nx,y,3,1\n", 2, nil},
		{"pairs", "wins_b,b,a,wins_a\n1,y,x,3\n", 2, nil},
		{"pairs", "a,b,wins_a,wins_b\nx,y,3,1\nx,w,0,0\n", 3, []string{"w"}},
		{"matrix", "\uFEFFp,x,y,,% won\nx,-,3,,75\ny,1,-,,25\n", 2, nil},
		{"matrix", "p,x,y,z\nx,,3,\ny,1,,\nz,,,\n", 3, []string{"z"}},
		{"games", "\uFEFFresult,second,first,date\n1-0,y,x,2024\n", 2, nil},
		{"pgn", "\uFEFF[White \"x\"]\n[Black \"y\"]\n[Result \"1-0\"]\n\n1-0\n", 2, nil},
	}
	for _, c := range cases {
		r, err := bt.Read(strings.NewReader(c.src), "ok."+c.format, c.format)
		if err != nil {
			t.Errorf("%s %q: %v", c.format, c.src, err)
			continue
		}
		if len(r.Players) != c.players || strings.Join(r.NoGames(), ",") != strings.Join(c.noGames, ",") || r.Players[0] != "x" {
			t.Errorf("%s %q: players %q, no games %q", c.format, c.src, r.Players, r.NoGames())
		}
	}
	// The games reader takes its columns by name.
	r, _ := bt.Read(strings.NewReader("result,second,first\n1-0,y,x\n"), "g.csv", "games")
	if r.Matchups[0].WinsA != 1 || r.Players[r.Matchups[0].A] != "x" {
		t.Fatalf("%+v %q", r.Matchups, r.Players)
	}
}

func TestReadFormatsAgree(t *testing.T) {
	pairs := "a,b,wins_a,wins_b,draws\nx,y,3,1,0\ny,z,2,2,0\nx,z,1,2,1\n"
	games := "first,second,result\nx,y,1-0\nx,y,1-0\nx,y,1-0\ny,x,1-0\ny,z,1-0\ny,z,1\nz,y,1-0\nz,y,1-0\nx,z,1-0\nz,x,1-0\nz,x,1\nx,z,1/2-1/2\n"
	matrix := "p,x,y,z\nx,,3,1.5\ny,1,,2\nz,2.5,2,\n"
	var elo [][]float64
	for _, in := range []struct{ f, s string }{{"pairs", pairs}, {"games", games}, {"matrix", matrix}} {
		r, err := bt.Read(strings.NewReader(in.s), in.f, in.f)
		if err != nil {
			t.Fatal(err)
		}
		fit, err := bt.Fit(r)
		if err != nil {
			t.Fatal(in.f, err)
		}
		elo = append(elo, fit.Elo())
	}
	for k := 1; k < len(elo); k++ {
		for i := range elo[0] {
			if math.Abs(elo[k][i]-elo[0][i]) > 1e-6 {
				t.Fatalf("format %d: %v vs %v", k, elo[k], elo[0])
			}
		}
	}
}

// Cross-check against R's BradleyTerry2 (Turner and Firth) on tie-free
// data: abilities relative to the first player agree to 1e-6, standard
// errors to 1e-4 relative.
func TestAgainstR(t *testing.T) {
	if _, err := exec.LookPath("Rscript"); err != nil {
		t.Skip("Rscript not found: install r-base-core r-cran-bradleyterry2 (make test does) to cross-check with BradleyTerry2")
	}
	if err := exec.Command("Rscript", "-e", "library(BradleyTerry2)").Run(); err != nil {
		t.Skip("R package BradleyTerry2 not installed: apt-get install r-cran-bradleyterry2")
	}
	r := synthetic(t, 8, 30, 11, false)
	dir := t.TempDir()
	csvPath := filepath.Join(dir, "pairs.csv")
	var b strings.Builder
	b.WriteString("a,b,wins_a,wins_b\n")
	for _, m := range r.Matchups {
		fmt.Fprintf(&b, "%s,%s,%g,%g\n", r.Players[m.A], r.Players[m.B], m.WinsA, m.WinsB)
	}
	os.WriteFile(csvPath, []byte(b.String()), 0o644)
	script := fmt.Sprintf(`suppressMessages(library(BradleyTerry2))
d <- read.csv(%q)
lev <- c(%s)
d$a <- factor(d$a, levels = lev); d$b <- factor(d$b, levels = lev)
fit <- BTm(cbind(wins_a, wins_b), a, b, data = d, control = glm.control(epsilon = 1e-14, maxit = 100))
ab <- BTabilities(fit)
write.csv(ab, stdout())`, csvPath, quoteAll(r.Players))
	out, err := exec.Command("Rscript", "-e", script).CombinedOutput()
	if err != nil {
		t.Fatalf("Rscript: %v\n%s", err, out)
	}
	fit, err := bt.Options{Tol: 1e-13}.Fit(r)
	if err != nil {
		t.Fatal(err)
	}
	cov := fit.Cov()
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")[1:]
	var rSE []float64 // R's standard errors, in Elo
	if len(lines) != len(r.Players) {
		t.Fatalf("R printed %d rows:\n%s", len(lines), out)
	}
	for i, line := range lines {
		f := strings.Split(line, ",")
		ab, _ := strconv.ParseFloat(f[1], 64)
		se, _ := strconv.ParseFloat(f[2], 64)
		mine := math.Log(fit.Gamma[i] / fit.Gamma[0])
		if math.Abs(mine-ab) > 1e-6 {
			t.Errorf("%s: ability %.9f, BradleyTerry2 %.9f", r.Players[i], mine, ab)
		}
		if i > 0 {
			v := cov.At(i, i) + cov.At(0, 0) - 2*cov.At(0, i)
			if math.Abs(math.Sqrt(v)-se) > 1e-4*se {
				t.Errorf("%s: se %.6f, BradleyTerry2 %.6f", r.Players[i], math.Sqrt(v), se)
			}
		}
		rSE = append(rSE, se*400/math.Ln10)
	}
	// What the docs say: anchored at BradleyTerry2's reference player (the
	// first level), the SEs are R's, on the Elo scale; by default (the
	// pool's mean fixed) they are smaller, and not R's.
	anchored, err := bt.Options{Tol: 1e-13, Anchor: r.Players[0]}.Fit(r)
	if err != nil {
		t.Fatal(err)
	}
	seA, seC := anchored.SE(), fit.SE()
	for i := range r.Players {
		if math.Abs(seA[i]-rSE[i]) > 1e-4*rSE[i]+1e-9 {
			t.Errorf("%s: --anchor %s: SE %.4f Elo, BradleyTerry2 %.4f", r.Players[i], r.Players[0], seA[i], rSE[i])
		}
		if i > 0 && !(seC[i] < seA[i]) {
			t.Errorf("%s: SE against the pool %.4f, not below the SE against %s, %.4f", r.Players[i], seC[i], r.Players[0], seA[i])
		}
	}
}

func quoteAll(s []string) string {
	q := make([]string, len(s))
	for i, x := range s {
		q[i] = strconv.Quote(x)
	}
	return strings.Join(q, ", ")
}
