//go:build unix

// Command bt benchmarks the whole of `coevo bt fit` (read, fit, standard
// errors, tau, D_KL) against Ordo and BayesElo on the same synthetic
// tournaments, in the same run, and checks that they agree.
//
// For each size it writes a tournament as PGN (the format all three
// read): players with Elo uniform on [1000, 2200], games between random
// pairs, won, lost or drawn by Davidson's model. Each program rates the
// file -reps times, interleaved so that load from elsewhere falls on all
// alike; the table gives the median wall time, CPU time and peak memory
// (maximum resident set size, from wait4), and the ratios to coevo.
//
// The peers are found through environment variables, built from their
// public sources (never part of this repository):
//
//	ORDO=/path/to/ordo          (github.com/michiguel/Ordo; run as ordo -p FILE)
//	BAYESELO=/path/to/bayeselo  (Rémi Coulom's; readpgn, elo, mm, ratings)
//
// A peer whose variable is unset or wrong is skipped with a message. With
// the first size it also fits the data in-process by Newton's method and
// by Hunter's MM (the abilities must agree to 1e-6), and on a subsample
// compares with R's BradleyTerry2 when Rscript is installed.
//
//	go run ./bench/bt [-sizes 2000x2000000,20000x4000000] [-reps 3]
package main

import (
	"bufio"
	"bytes"
	"context"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"gonum.org/v1/gonum/stat"

	"github.com/coevolab/coevo/internal/measure"
	"github.com/coevolab/coevo/stats/bt"
)

func main() {
	sizes := flag.String("sizes", "2000x2000000,5000x3000000,20000x4000000", "tournaments: PLAYERSxGAMES, comma separated")
	reps := flag.Int("reps", 3, "runs of each program per size (the median is reported)")
	bayesReps := flag.Int("bayeselo-reps", 1, "runs of BayesElo per size (it is 10 to 50 times slower than the others)")
	seed := flag.Uint64("seed", 1, "seed of the synthetic tournaments")
	coevoBin := flag.String("coevo", "", "coevo binary (default: build ./cmd/coevo)")
	rplayers := flag.Int("rplayers", 300, "players in the subsample also fitted by R's BradleyTerry2 (0: skip)")
	keep := flag.String("keep", "", "keep the generated PGN files in this folder")
	flag.Parse()

	dir, err := os.MkdirTemp("", "btbench")
	check(err)
	defer os.RemoveAll(dir)
	if *coevoBin == "" {
		*coevoBin = filepath.Join(dir, "coevo")
		out, err := exec.Command("go", "build", "-o", *coevoBin, "./cmd/coevo").CombinedOutput()
		if err != nil {
			fail(fmt.Errorf("building coevo: %v\n%s", err, out))
		}
	}
	progs := []*program{{name: "coevo", path: *coevoBin}}
	progs = append(progs, peer("Ordo", "ORDO", "ordo built from https://github.com/michiguel/Ordo"))
	progs = append(progs, peer("BayesElo", "BAYESELO", "bayeselo built from Rémi Coulom's sources (e.g. github.com/MichaelB7/bayeselo)"))
	load, _ := os.ReadFile("/proc/loadavg")
	fmt.Printf("bench/bt: coevo bt fit vs Ordo and BayesElo, median of %d runs (BayesElo: %d); load average at start: %s\n", *reps, min(*reps, *bayesReps), strings.TrimSpace(string(load)))

	for k, size := range strings.Split(*sizes, ",") {
		var n, games int
		if _, err := fmt.Sscanf(size, "%dx%d", &n, &games); err != nil || n < 2 || games < 1 {
			fail(fmt.Errorf("-sizes: %q is not PLAYERSxGAMES", size))
		}
		folder := dir
		if *keep != "" {
			folder = *keep
			check(os.MkdirAll(folder, 0o755))
		}
		pgn := filepath.Join(folder, fmt.Sprintf("league-%dx%d.pgn", n, games))
		truth := writeLeague(pgn, n, games, *seed)
		fmt.Printf("\n== %d players, %d games (%s) ==\n", n, games, humanBytes(fileSize(pgn)))
		for _, p := range progs {
			p.results = nil
		}
		for r := 0; r < *reps; r++ {
			for _, p := range progs {
				if p.path != "" && (p.name != "BayesElo" || r < *bayesReps) {
					p.run(pgn, dir)
				}
			}
		}
		report(progs, truth)
		phases(*coevoBin, pgn)
		if k == 0 {
			newtonVsMM(pgn)
			if *rplayers > 0 {
				againstR(pgn, *rplayers, dir)
			}
		}
		if *keep == "" {
			os.Remove(pgn)
		}
	}
	load, _ = os.ReadFile("/proc/loadavg")
	fmt.Printf("\nload average at end: %s\n", strings.TrimSpace(string(load)))
}

// program is one rating program and its measurements.
type program struct {
	name, path, skip string
	results          []usage
	ratings          map[string]float64 // from the last run
}

type usage struct {
	wall, cpu time.Duration
	rssKB     int64
}

func peer(name, env, what string) *program {
	p := &program{name: name, path: os.Getenv(env)}
	switch {
	case p.path == "":
		p.skip = fmt.Sprintf("%s skipped: set %s to the path of %s", name, env, what)
	default:
		if st, err := os.Stat(p.path); err != nil || st.IsDir() || st.Mode()&0o111 == 0 {
			p.skip = fmt.Sprintf("%s skipped: %s=%s is not an executable file", name, env, p.path)
			p.path = ""
		}
	}
	return p
}

// run rates the PGN file once and records time, memory and ratings.
func (p *program) run(pgn, dir string) {
	out := filepath.Join(dir, p.name+".out")
	var cmd *exec.Cmd
	switch p.name {
	case "coevo":
		cmd = exec.Command(p.path, "bt", "fit", pgn)
	case "Ordo":
		cmd = exec.Command(p.path, "-q", "-p", pgn, "-o", out)
	case "BayesElo":
		cmd = exec.Command(p.path)
		cmd.Stdin = strings.NewReader(fmt.Sprintf("readpgn %s\nelo\nmm\nratings >%s\nx\nx\n", pgn, out))
	}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	// A child started by Go (vfork, then exec) reports this process's peak
	// resident memory as its own when that is larger: return our free
	// memory and reset our peak first, so the figure is the child's.
	measure.ResetPeakRSS()
	start := time.Now()
	err := cmd.Run()
	wall := time.Since(start)
	if err != nil {
		p.skip = fmt.Sprintf("%s failed: %v\n%s", p.name, err, tail(stderr.String()))
		p.path = ""
		return
	}
	ru := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	cpu := time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	p.results = append(p.results, usage{wall, cpu, ru.Maxrss})
	text := stdout.String()
	if p.name != "coevo" {
		b, _ := os.ReadFile(out)
		text = string(b)
	}
	p.ratings = parseRatings(p.name, text)
}

// parseRatings reads player -> rating from each program's report.
func parseRatings(name, text string) map[string]float64 {
	r := map[string]float64{}
	for _, line := range strings.Split(text, "\n") {
		f := strings.Fields(line)
		var player, rating string
		switch name {
		case "coevo": // player elo se ...
			if len(f) >= 7 {
				player, rating = f[0], f[1]
			}
		case "Ordo": // rank player : rating points played (%)
			if len(f) >= 4 && f[2] == ":" {
				player, rating = f[1], f[3]
			}
		case "BayesElo": // rank name rating ...
			if len(f) >= 3 {
				player, rating = f[1], f[2]
			}
		}
		if x, err := strconv.ParseFloat(rating, 64); err == nil && player != "" {
			r[player] = x
		}
	}
	return r
}

func (p *program) median() usage {
	var w, c, m []float64
	for _, r := range p.results {
		w, c, m = append(w, r.wall.Seconds()), append(c, r.cpu.Seconds()), append(m, float64(r.rssKB))
	}
	med := func(v []float64) float64 {
		slices.Sort(v)
		return v[len(v)/2]
	}
	return usage{time.Duration(med(w) * 1e9), time.Duration(med(c) * 1e9), int64(med(m))}
}

// report prints the table, the ratios to coevo, and the agreement of the
// ratings with coevo's and with the truth.
func report(progs []*program, truth map[string]float64) {
	base := progs[0]
	if len(base.results) == 0 {
		fail(fmt.Errorf("%s", base.skip))
	}
	b := base.median()
	fmt.Printf("%-9s %9s %9s %10s   %-30s %s\n", "program", "wall", "cpu", "peak RSS", "vs coevo", "ratings: correlation with coevo's, with the true Elo")
	for _, p := range progs {
		if len(p.results) == 0 {
			fmt.Println(p.skip)
			continue
		}
		m := p.median()
		vs := "-"
		if p != base {
			vs = fmt.Sprintf("%.2fx the time, %.2fx the memory", m.wall.Seconds()/b.wall.Seconds(), float64(m.rssKB)/float64(b.rssKB))
		}
		fmt.Printf("%-9s %8.2fs %8.2fs %7d MB   %-30s %s\n", p.name, m.wall.Seconds(), m.cpu.Seconds(), m.rssKB/1024, vs,
			agreement(p.ratings, base.ratings, truth))
	}
	for _, p := range progs[1:] {
		if len(p.results) == 0 {
			continue
		}
		m := p.median()
		speed, mem := m.wall.Seconds()/b.wall.Seconds(), float64(b.rssKB)/float64(m.rssKB)
		fmt.Printf("target vs %s: coevo %.2fx faster (want >= 2: %s), peak memory %.2f of %s's (want <= 1: %s)\n",
			p.name, speed, met(speed >= 2), mem, p.name, met(mem <= 1))
	}
}

func met(ok bool) string {
	if ok {
		return "met"
	}
	return "NOT met"
}

// agreement: Pearson correlation of the ratings with coevo's and with the
// truth, over the players both rate.
func agreement(r, base, truth map[string]float64) string {
	corr := func(a, b map[string]float64) float64 {
		var x, y []float64
		for k, v := range a {
			if w, ok := b[k]; ok {
				x, y = append(x, v), append(y, w)
			}
		}
		if len(x) < 3 {
			return math.NaN()
		}
		return stat.Correlation(x, y, nil)
	}
	return fmt.Sprintf("%.6f, %.6f", corr(r, base), corr(r, truth))
}

// phases runs coevo once with --timings and prints its phase times.
func phases(coevo, pgn string) {
	var stderr bytes.Buffer
	cmd := exec.Command(coevo, "bt", "fit", pgn, "--timings")
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		fmt.Println("coevo --timings failed:", err)
		return
	}
	fmt.Print("coevo bt fit phase by phase (one run):\n" + stderr.String())
}

// newtonVsMM fits the tournament in-process both ways and compares the
// abilities (log-strengths relative to the first player).
func newtonVsMM(pgn string) {
	players, pairs, err := bt.ReadPairsFile(pgn, "pgn")
	check(err)
	ctx := context.Background()
	t0 := time.Now()
	nf, err := bt.Options{}.FitPairs(ctx, players, pairs)
	check(err)
	tn := time.Since(t0)
	t0 = time.Now()
	mf, err := bt.Options{Method: bt.MM}.FitPairs(ctx, players, pairs)
	check(err)
	tm := time.Since(t0)
	d := 0.0
	for i := range nf.Gamma {
		d = math.Max(d, math.Abs(math.Log(nf.Gamma[i]/nf.Gamma[0])-math.Log(mf.Gamma[i]/mf.Gamma[0])))
	}
	fmt.Printf("in-process fit: Newton %d steps %.2fs, Hunter's MM %d iterations %.2fs; largest difference in abilities %.1e (want <= 1e-6: %s)\n",
		nf.Iterations, tn.Seconds(), mf.Iterations, tm.Seconds(), d, met(d <= 1e-6))
}

// againstR fits the games among the first k players with stats/bt and R's
// BradleyTerry2 (whose dense model matrix cannot hold the whole league).
func againstR(pgn string, k int, dir string) {
	if _, err := exec.LookPath("Rscript"); err != nil {
		fmt.Println("R comparison skipped: Rscript not found (apt-get install r-base-core r-cran-bradleyterry2)")
		return
	}
	players, pairs, err := bt.ReadPairsFile(pgn, "pgn")
	check(err)
	sub := bt.NewResults()
	var b strings.Builder
	b.WriteString("a,b,wins_a,wins_b\n")
	// Draws as half wins, in whole numbers for glm's binomial: count both.
	for q := 0; q < pairs.Len(); q++ {
		i, j := pairs.I[q], pairs.J[q]
		if int(i) >= k || int(j) >= k {
			continue
		}
		wi, wj := 2*pairs.WinsI[q]+pairs.Draws[q], 2*pairs.WinsJ[q]+pairs.Draws[q]
		sub.Add(players[i], players[j], wi, wj, 0, bt.NoSeat)
		fmt.Fprintf(&b, "%s,%s,%g,%g\n", players[i], players[j], wi, wj)
	}
	csv := filepath.Join(dir, "sub.csv")
	check(os.WriteFile(csv, []byte(b.String()), 0o644))
	lev := make([]string, len(sub.Players))
	for i, p := range sub.Players {
		lev[i] = strconv.Quote(p)
	}
	script := fmt.Sprintf(`suppressMessages(library(BradleyTerry2))
d <- read.csv(%q)
lev <- c(%s)
d$a <- factor(d$a, levels = lev); d$b <- factor(d$b, levels = lev)
t <- system.time(fit <- BTm(cbind(wins_a, wins_b), a, b, data = d))[["elapsed"]]
ab <- BTabilities(fit)[, 1]
cat(t, "\n"); cat(ab, sep = "\n")`, csv, strings.Join(lev, ","))
	t0 := time.Now()
	fit, err := bt.Options{Tol: 1e-12}.Fit(sub)
	ours := time.Since(t0)
	if err != nil {
		fmt.Println("R comparison skipped:", err)
		return
	}
	out, err := exec.Command("Rscript", "-e", script).CombinedOutput()
	if err != nil {
		fmt.Printf("R comparison failed: %v\n%s\n", err, tail(string(out)))
		return
	}
	lines := strings.Fields(string(out))
	rtime, _ := strconv.ParseFloat(lines[0], 64)
	d := 0.0
	for i, s := range lines[1:] {
		v, _ := strconv.ParseFloat(s, 64)
		d = math.Max(d, math.Abs(v-math.Log(fit.Gamma[i]/fit.Gamma[0])))
	}
	fmt.Printf("subsample of %d players (%d pairs) also fitted by R's BradleyTerry2: stats/bt %.3fs, BTm %.3fs (%.0fx); largest difference in abilities %.1e\n",
		len(sub.Players), len(sub.Matchups), ours.Seconds(), rtime, rtime/ours.Seconds(), d)
}

// writeLeague writes the synthetic tournament and returns the true Elo.
func writeLeague(path string, n, games int, seed uint64) map[string]float64 {
	rng := rand.New(rand.NewPCG(seed, 7))
	elo := make([]float64, n)
	truth := map[string]float64{}
	for i := range elo {
		elo[i] = 1000 + 1200*rng.Float64()
		truth[fmt.Sprint("p", i)] = elo[i]
	}
	f, err := os.Create(path)
	check(err)
	w := bufio.NewWriterSize(f, 1<<20)
	const nu = 0.6 // Davidson's draw parameter: 23% draws between equals
	for g := 0; g < games; g++ {
		a, b := rng.IntN(n), rng.IntN(n-1)
		if b >= a {
			b++
		}
		ga, gb := math.Pow(10, elo[a]/400), math.Pow(10, elo[b]/400)
		z := ga + gb + nu*math.Sqrt(ga*gb)
		res := "1/2-1/2"
		switch u := rng.Float64() * z; {
		case u < ga:
			res = "1-0"
		case u < ga+gb:
			res = "0-1"
		}
		fmt.Fprintf(w, "[White \"p%d\"]\n[Black \"p%d\"]\n[Result \"%s\"]\n\n%s\n\n", a, b, res, res)
	}
	check(w.Flush())
	check(f.Close())
	return truth
}

func fileSize(path string) int64 {
	st, err := os.Stat(path)
	if err != nil {
		return 0
	}
	return st.Size()
}

func humanBytes(b int64) string { return fmt.Sprintf("%.0f MB of PGN", float64(b)/1e6) }

func tail(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return strings.Join(lines[max(0, len(lines)-5):], "\n")
}

func check(err error) {
	if err != nil {
		fail(err)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "bench:", err)
	os.Exit(1)
}
