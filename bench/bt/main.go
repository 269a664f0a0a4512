// Command bt benchmarks the Bradley-Terry fit of stats/bt against R's
// BradleyTerry2 in the same run.
//
// It draws players with known strengths (Elo uniform on [1000, 2200]) and
// games between random pairs, fits them, and reports time, MM iterations
// and the correlation of the recovered Elo with the truth. BradleyTerry2
// fits a glm with one column per player, whose dense model matrix for
// 2,000 players and ~2 million pairs would need about 30 GB, so the
// comparison with R runs on a subsample: the games among the first -rplayers
// players, fitted by both programs, timed, and checked to agree.
//
//	go run ./bench/bt [-players 2000] [-games 2000000] [-rplayers 300]
package main

import (
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"gonum.org/v1/gonum/stat"

	"github.com/coevolab/coevo/stats/bt"
)

func main() {
	players := flag.Int("players", 2000, "players")
	games := flag.Int("games", 2_000_000, "games")
	rplayers := flag.Int("rplayers", 300, "players in the subsample fitted by R too (0: skip R)")
	seed := flag.Uint64("seed", 1, "seed")
	flag.Parse()

	rng := rand.New(rand.NewPCG(*seed, 7))
	elo := make([]float64, *players)
	for i := range elo {
		elo[i] = 1000 + 1200*rng.Float64()
	}
	type pair struct{ a, b int }
	wins := map[pair][2]float64{}
	for g := 0; g < *games; g++ {
		a, b := rng.IntN(*players), rng.IntN(*players-1)
		if b >= a {
			b++
		}
		if a > b {
			a, b = b, a
		}
		w := wins[pair{a, b}]
		if rng.Float64() < 1/(1+math.Pow(10, (elo[b]-elo[a])/400)) {
			w[0]++
		} else {
			w[1]++
		}
		wins[pair{a, b}] = w
	}
	build := func(limit int) *bt.Results {
		r := bt.NewResults()
		for i := 0; i < limit; i++ {
			r.Player(fmt.Sprint("p", i))
		}
		for p, w := range wins {
			if p.a < limit && p.b < limit {
				r.Add(fmt.Sprint("p", p.a), fmt.Sprint("p", p.b), w[0], w[1], 0, bt.NoSeat)
			}
		}
		return r
	}
	full := build(*players)
	t0 := time.Now()
	fit, err := bt.Fit(full)
	if err != nil {
		fail(err)
	}
	dt := time.Since(t0)
	got := fit.Elo()
	fmt.Printf("stats/bt: %d players, %d games (%d pairs): fit in %.2fs, %d MM iterations\n", *players, *games, len(full.Matchups), dt.Seconds(), fit.Iterations)
	fmt.Printf("  correlation of recovered Elo with the truth: %.5f\n", stat.Correlation(got, elo, nil))
	t0 = time.Now()
	fit.SE()
	fmt.Printf("  standard errors (%dx%d information, Cholesky): %.2fs\n", *players, *players, time.Since(t0).Seconds())

	if *rplayers <= 0 {
		return
	}
	if _, err := exec.LookPath("Rscript"); err != nil {
		fmt.Println("R comparison skipped: Rscript not found (apt-get install r-base-core r-cran-bradleyterry2)")
		return
	}
	sub := build(*rplayers)
	ngames := 0.0
	for _, m := range sub.Matchups {
		ngames += m.Games()
	}
	t0 = time.Now()
	sfit, err := bt.Options{Tol: 1e-12}.Fit(sub)
	if err != nil {
		fail(err)
	}
	ours := time.Since(t0)
	dir, _ := os.MkdirTemp("", "btbench")
	defer os.RemoveAll(dir)
	csv := filepath.Join(dir, "pairs.csv")
	var b strings.Builder
	b.WriteString("a,b,wins_a,wins_b\n")
	for _, m := range sub.Matchups {
		fmt.Fprintf(&b, "%s,%s,%g,%g\n", sub.Players[m.A], sub.Players[m.B], m.WinsA, m.WinsB)
	}
	os.WriteFile(csv, []byte(b.String()), 0o644)
	lev := make([]string, *rplayers)
	for i := range lev {
		lev[i] = strconv.Quote(sub.Players[i])
	}
	script := fmt.Sprintf(`suppressMessages(library(BradleyTerry2))
d <- read.csv(%q)
lev <- c(%s)
d$a <- factor(d$a, levels = lev); d$b <- factor(d$b, levels = lev)
t <- system.time(fit <- BTm(cbind(wins_a, wins_b), a, b, data = d))[["elapsed"]]
ab <- BTabilities(fit)[, 1]
cat(t, "\n"); cat(ab, sep = "\n")`, csv, strings.Join(lev, ","))
	out, err := exec.Command("Rscript", "-e", script).CombinedOutput()
	if err != nil {
		fmt.Printf("R comparison failed: %v\n%s\n", err, out)
		return
	}
	lines := strings.Fields(string(out))
	rtime, _ := strconv.ParseFloat(lines[0], 64)
	maxDiff := 0.0
	for i, s := range lines[1:] {
		v, _ := strconv.ParseFloat(s, 64)
		maxDiff = math.Max(maxDiff, math.Abs(v-math.Log(sfit.Gamma[i]/sfit.Gamma[0])))
	}
	fmt.Printf("subsample fitted by both: %d players, %.0f games, %d pairs\n", *rplayers, ngames, len(sub.Matchups))
	fmt.Printf("  stats/bt %.3fs, BradleyTerry2::BTm %.3fs (its own timing of the fit): R/ours = %.0fx\n", ours.Seconds(), rtime, rtime/ours.Seconds())
	fmt.Printf("  largest difference in abilities (log-strength relative to p0): %.2e\n", maxDiff)
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "bench:", err)
	os.Exit(1)
}
