//go:build unix

// Command bt benchmarks the whole of `coevo bt fit` (read, fit, standard
// errors, tau, D_KL, print) against Ordo and BayesElo on the same
// synthetic tournaments, in the same run, and checks that they agree.
//
// For each size and each shape of data (with draws: Davidson's model, 23%
// draws between equals; without: every game decided; -shapes) it writes a
// tournament (internal/synthleague: Elo uniform on [1000, 2200], random
// pairs) in the three formats coevo reads: a pairs CSV, a games CSV and
// PGN (the format all three programs read). coevo rates each file, and
// the PGN again with --ratings-only (what Ordo computes: like for like),
// Ordo and BayesElo the PGN, -reps times, interleaved so that load from
// elsewhere falls on all alike; the table gives the median wall time, CPU
// time (user + system: what a shared machine can compare fairly) and peak
// memory (maximum resident set size, from wait4), and the ratios of
// coevo's CPU time, for each input format, to Ordo's, against the target
// of issue 35 (the whole command at most 0.4 of Ordo's CPU).
//
// Then the tournaments on which coevo's standard errors used to fall off
// a cliff (issue 26): 50,000 players with about 20 games each, in a dozen
// groups joined only by the prior (Elo spread 550; coevo --prior 2, Ordo
// -G, which it needs there; target 0.4), and a dense league of 40,000
// players and 2 million games, 100 a player, in each shape (target 0.5).
// -cliff=false leaves them out. At the end, every ratio in one table, with
// the load average around each league.
//
// The peers are found through environment variables, built from their
// public sources (never part of this repository):
//
//	ORDO=/path/to/ordo          (github.com/michiguel/Ordo, built by `make all`: -O3; run as ordo -p FILE)
//	BAYESELO=/path/to/bayeselo  (Rémi Coulom's; readpgn, elo, mm, ratings)
//
// The benchmark says which build of Ordo it ran (its version, and whether
// object files beside it show the plain `make`, which compiles them
// without -O3 and is about twice as slow). A peer whose variable is unset
// or wrong is skipped with a message. BayesElo runs on leagues of up to
// -bayeselo-max players (it takes minutes beyond); Ordo runs once on a
// league where its first run took more than -ordo-slow CPU seconds (it
// needs many passes on some leagues without draws), and a peer's run is
// stopped after -peer-cap of wall time (15 minutes: Ordo 1.2.6 ran for
// more than half an hour of CPU on the 100,000-player league without
// draws, where coevo takes 12 s), coevo's ratios to it then printed as
// upper bounds (<). With the first
// league it also fits the data in-process by Newton's method and by
// Hunter's MM (the abilities must agree to 1e-6), and on a subsample
// compares with R's BradleyTerry2 when Rscript is installed.
//
// First, unless -read=false, it runs BenchmarkRead of stats/bt (go test,
// from the module's root): the readers of each format against the readers
// before issue 26 (kept in stats/bt/oldread_test.go) on the 2,000-player
// league, in the same run, interleaved; it prints MB/s of wall time and of
// CPU time for both, and the pairs CSV reader against its target of
// 200 MB/s.
//
//	go run ./bench/bt [-sizes 2000x2000000,20000x4000000,100000x4000000] [-shapes draws,nodraws] [-reps 3] [-cliff=false] [-read=false] [-peer-cap 15m]
package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"gonum.org/v1/gonum/stat"

	"github.com/coevolab/coevo/internal/measure"
	"github.com/coevolab/coevo/internal/synthleague"
	"github.com/coevolab/coevo/stats/bt"
)

func main() {
	sizes := flag.String("sizes", "2000x2000000,20000x4000000,100000x4000000", "tournaments: PLAYERSxGAMES, comma separated")
	shapes := flag.String("shapes", "draws,nodraws", "shapes of data: draws (23% between equals, Davidson's model), nodraws (every game decided), or both")
	reps := flag.Int("reps", 3, "runs of each program per league (the median is reported)")
	bayesReps := flag.Int("bayeselo-reps", 1, "runs of BayesElo per league (it is several times slower than the others)")
	bayesMax := flag.Int("bayeselo-max", 20000, "run BayesElo on leagues of at most this many players")
	ordoSlow := flag.Float64("ordo-slow", 60, "after a first Ordo run of more CPU seconds than this, run it once only on that league")
	peerCap := flag.Duration("peer-cap", 15*time.Minute, "stop a peer's run after this much wall time; coevo's ratios to it are then upper bounds, printed with <")
	seed := flag.Uint64("seed", 1, "seed of the synthetic tournaments")
	coevoBin := flag.String("coevo", "", "coevo binary (default: build ./cmd/coevo)")
	rplayers := flag.Int("rplayers", 300, "players in the subsample also fitted by R's BradleyTerry2 (0: skip)")
	keep := flag.String("keep", "", "keep the generated files in this folder")
	cliff := flag.Bool("cliff", true, "also time the standard errors' former cliffs: 50,000 sparse players with a prior, 40,000 dense (each shape)")
	read := flag.Bool("read", true, "first run BenchmarkRead of stats/bt: the readers against the readers before issue 26")
	flag.Parse()

	dir, err := os.MkdirTemp("", "btbench")
	check(err)
	tmpDir = dir
	defer os.RemoveAll(dir)
	if *coevoBin == "" {
		*coevoBin = filepath.Join(dir, "coevo")
		out, err := exec.Command("go", "build", "-o", *coevoBin, "./cmd/coevo").CombinedOutput()
		if err != nil {
			fail(fmt.Errorf("building coevo: %v\n%s", err, out))
		}
	}
	folder := dir
	if *keep != "" {
		folder = *keep
		check(os.MkdirAll(folder, 0o755))
	}
	var noDraws []bool
	for _, sh := range strings.Split(*shapes, ",") {
		switch sh {
		case "draws":
			noDraws = append(noDraws, false)
		case "nodraws":
			noDraws = append(noDraws, true)
		default:
			fail(fmt.Errorf("-shapes: %q is not draws or nodraws", sh))
		}
	}
	ordo := peer("Ordo", "ORDO", "ordo built from https://github.com/michiguel/Ordo (make all)")
	bayes := peer("BayesElo", "BAYESELO", "bayeselo built from Rémi Coulom's sources (e.g. github.com/MichaelB7/bayeselo)")
	fmt.Printf("bench/bt: coevo bt fit on pairs CSV, games CSV and PGN (and PGN with --ratings-only) vs Ordo and BayesElo on PGN, median of %d runs (BayesElo: %d)\n", *reps, min(*reps, *bayesReps))
	fmt.Printf("load average at start: %s; CPU time is user + system\n", loadAvg())
	fmt.Println(ordoBuild(ordo))
	if *read {
		readers()
	}
	b := &bench{coevo: *coevoBin, ordo: ordo, bayes: bayes, dir: dir, folder: folder, reps: *reps, bayesReps: *bayesReps,
		bayesMax: *bayesMax, ordoSlow: *ordoSlow, remove: *keep == ""}
	peerLimit = *peerCap
	first := true
	for _, size := range strings.Split(*sizes, ",") {
		var n, games int
		if _, err := fmt.Sscanf(size, "%dx%d", &n, &games); err != nil || n < 2 || games < 1 {
			fail(fmt.Errorf("-sizes: %q is not PLAYERSxGAMES", size))
		}
		for _, nd := range noDraws {
			l := synthleague.League{Players: n, Games: games, Seed: *seed, NoDraws: nd}
			files := b.league(l, fmt.Sprintf("%d players, %d games, %s", n, games, shape(nd)), nil, nil, 0.4, true)
			if first && files.PGN != "" {
				newtonVsMM(files.PGN)
				if *rplayers > 0 {
					againstR(files.PGN, *rplayers, dir)
				}
				first = false
			}
			b.done(files)
		}
	}
	if *cliff {
		// The two tournaments on which the standard errors used to take
		// hours (issue 26): coevo with its defaults against Ordo.
		l := synthleague.League{Players: 50000, Games: 500000, Seed: *seed, Spread: 550}
		b.done(b.league(l, "standard errors' former cliff: 50,000 players, 20 games each, a dozen groups joined only by the prior (coevo --prior 2, Ordo -G, which it needs there)",
			[]string{"--prior", "2"}, []string{"-G"}, 0.4, false))
		for _, nd := range noDraws {
			l := synthleague.League{Players: 40000, Games: 2000000, Seed: *seed, NoDraws: nd}
			b.done(b.league(l, "standard errors' former cliff: a dense league of 40,000 players and 2,000,000 games, 100 each, "+shape(nd), nil, nil, 0.5, false))
		}
	}
	b.summary()
	fmt.Printf("\nload average at end: %s\n", loadAvg())
}

func shape(noDraws bool) string {
	if noDraws {
		return "no draws"
	}
	return "with draws"
}

// bench holds what every league's run needs, and the ratios measured.
type bench struct {
	coevo           string
	ordo, bayes     *program
	dir, folder     string
	reps, bayesReps int
	bayesMax        int
	ordoSlow        float64
	remove          bool
	ratios          []ratio
}

// ratio is one line of the summary: coevo's CPU time over Ordo's.
type ratio struct {
	league, program string
	r, target       float64 // target 0: none
	load            string
	bound           bool // r is an upper bound: Ordo was stopped at -peer-cap
}

// league writes l, times coevo on it (every format when allFormats, else
// PGN; and PGN with --ratings-only) and the peers, prints the table and
// records the ratios against target. It returns the files written.
func (b *bench) league(l synthleague.League, what string, coevoArgs, ordoArgs []string, target float64, allFormats bool) synthleague.Files {
	files, truth, err := l.Write(b.folder)
	check(err)
	fmt.Printf("\n== %s: pairs CSV %s, games CSV %s, PGN %s ==\n", what,
		humanBytes(fileSize(files.Pairs)), humanBytes(fileSize(files.Games)), humanBytes(fileSize(files.PGN)))
	if fileSize(files.Pairs) < 10e6 {
		fmt.Println("(files this small measure start-up more than work)")
	}
	fit := func(name, file string, extra ...string) *program {
		return &program{name: name, path: b.coevo, args: append(append([]string{"bt", "fit", file}, extra...), coevoArgs...)}
	}
	var progs []*program
	if allFormats {
		progs = append(progs, fit("coevo pairs", files.Pairs), fit("coevo games", files.Games, "--format", "games"))
	}
	progs = append(progs, fit("coevo pgn", files.PGN), fit("coevo ratings", files.PGN, "--ratings-only"),
		b.ordo.with("Ordo", files.PGN, append([]string{"-q", "-p", files.PGN}, ordoArgs...)...))
	if l.Players <= b.bayesMax && coevoArgs == nil {
		progs = append(progs, b.bayes.with("BayesElo", files.PGN))
	}
	load := load1()
	ordoOnce := false
	for r := 0; r < b.reps; r++ {
		for _, p := range progs {
			switch {
			case p.path == "":
			case p.name == "BayesElo" && r >= b.bayesReps:
			case p.name == "Ordo" && ordoOnce:
			default:
				p.run(b.dir)
				if p.name == "Ordo" && p.capped {
					ordoOnce = true
				} else if p.name == "Ordo" && r == 0 && len(p.results) > 0 && p.results[0].cpu.Seconds() > b.ordoSlow {
					ordoOnce = true
					fmt.Printf("(Ordo took %.0f s of CPU: run once on this league)\n", p.results[0].cpu.Seconds())
				}
			}
		}
	}
	for _, r := range report(progs, truth, target) {
		r.league, r.load = what, load+" -> "+load1()
		b.ratios = append(b.ratios, r)
	}
	if len(progs[0].results) > 0 {
		if !allFormats {
			fmt.Printf("(coevo's standard errors: %s)\n", seLine(progs[0].text))
		}
		phases(b.coevo, files.Pairs, coevoArgs...)
	}
	return files
}

// done removes a league's files unless they are kept.
func (b *bench) done(files synthleague.Files) {
	if b.remove {
		os.Remove(files.PGN)
		os.Remove(files.Games)
		os.Remove(files.Pairs)
	}
}

// summary prints every ratio measured, with its target.
func (b *bench) summary() {
	fmt.Printf("\n== every ratio: coevo's CPU time (user + system) over Ordo's (ordo -p FILE, ratings only), medians ==\n")
	if len(b.ratios) == 0 {
		fmt.Println("none: Ordo was not run (set ORDO)")
		return
	}
	fmt.Printf("%-6s %-14s %-15s %s\n", "ratio", "coevo", "target", "league (1-minute load average before -> after)")
	for _, r := range b.ratios {
		t := "-"
		if r.target > 0 {
			t = fmt.Sprintf("<= %g %s", r.target, metBound(r.r, r.target, r.bound))
		}
		v := fmt.Sprintf("%.2f", r.r)
		if r.bound {
			v = fmt.Sprintf("<%.3f", r.r)
		}
		fmt.Printf("%-6s %-14s %-15s %s (%s)\n", v, r.program, t, r.league, r.load)
	}
}

// readers runs BenchmarkRead of stats/bt and prints its rates: today's
// readers against those before issue 26, in the same process, interleaved.
func readers() {
	args := []string{"test", "-run", "XXX", "-bench", "^BenchmarkRead$", "-benchtime", "3x", "./stats/bt"}
	fmt.Printf("\n== readers: go %s (the 2,000 x 2,000,000 league, 3 reads a format, each followed by one with the reader before issue 26) ==\n", strings.Join(args, " "))
	l0 := loadAvg()
	out, err := exec.Command("go", args...).CombinedOutput()
	if err != nil {
		fmt.Printf("BenchmarkRead failed: %v\n%s\n", err, tail(string(out)))
		return
	}
	fmt.Printf("%-7s %12s %12s %14s %14s %10s\n", "format", "MB/s", "before", "MB/CPU-s", "before", "CPU ratio")
	var pairsWall, pairsCPU float64
	for _, line := range strings.Split(string(out), "\n") {
		f := strings.Fields(line)
		if len(f) < 3 || !strings.HasPrefix(f[0], "BenchmarkRead/") {
			continue
		}
		format := strings.TrimPrefix(f[0], "BenchmarkRead/")
		if k := strings.LastIndexByte(format, '-'); k > 0 {
			format = format[:k]
		}
		m := map[string]float64{}
		for k := 2; k+1 < len(f); k += 2 {
			if v, err := strconv.ParseFloat(f[k], 64); err == nil {
				m[f[k+1]] = v
			}
		}
		fmt.Printf("%-7s %12.1f %12.1f %14.1f %14.1f %9.2fx\n", format, m["MB/s"], m["MB/s-before"], m["MB/cpu-s"], m["MB/cpu-s-before"], m["x-cpu"])
		if format == "pairs" {
			pairsWall, pairsCPU = m["MB/s"], m["MB/cpu-s"]
		}
	}
	fmt.Printf("target pairs CSV >= 200 MB/s: %.1f MB/s of wall time (%s), %.1f MB per CPU-second (%s); load average %s before, %s after\n",
		pairsWall, met(pairsWall >= 200), pairsCPU, met(pairsCPU >= 200), l0, loadAvg())
}

// seLine finds what coevo said about its standard errors.
func seLine(text string) string {
	for _, line := range strings.Split(text, "\n") {
		if k := strings.Index(line, "standard errors"); k >= 0 && strings.Contains(line, "iterations") {
			return line[k:]
		}
	}
	return "?"
}

// program is one rating program and its measurements.
type program struct {
	name, path, skip string
	file             string // the file it rates
	args             []string
	results          []usage
	ratings          map[string]float64 // from the last run
	text             string             // its report, from the last run
	// capped: a peer's run was stopped at -peer-cap; its times are lower
	// bounds.
	capped bool
}

// peerLimit is -peer-cap: how long a peer's run may take (wall time).
var peerLimit time.Duration

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

// with returns a copy of the peer to run on a file with these arguments.
func (p *program) with(name, file string, args ...string) *program {
	return &program{name: name, path: p.path, skip: p.skip, file: file, args: args}
}

// ordoBuild says which Ordo the benchmark runs: its version, and the
// build its folder shows. Ordo's Makefile has two ways: "make" compiles
// object files with its CFLAGS alone (no -O3: about half the speed) and
// links them; "make all" compiles the sources in one command with -O3
// and leaves no object files.
func ordoBuild(ordo *program) string {
	if ordo.path == "" {
		return ordo.skip
	}
	version := "?"
	if out, err := exec.Command(ordo.path, "-v").Output(); err == nil {
		version = strings.TrimSpace(string(out))
	}
	dir := filepath.Dir(ordo.path)
	objs, _ := filepath.Glob(filepath.Join(dir, "*.o"))
	build := "no object files beside it: built by make all, with -O3"
	if mk, err := os.ReadFile(filepath.Join(dir, "Makefile")); err != nil || !bytes.Contains(mk, []byte("OPT = -O3")) {
		build = "its Makefile was not found or does not set -O3: build unknown"
	} else if len(objs) > 0 {
		build = fmt.Sprintf("%d object files beside it: built by plain make, objects without -O3 (rebuild with make all)", len(objs))
	}
	return fmt.Sprintf("Ordo: %s (%s; %s)", ordo.path, version, build)
}

// run rates the file once and records time, memory and ratings.
func (p *program) run(dir string) {
	out := filepath.Join(dir, strings.ReplaceAll(p.name, " ", "-")+".out")
	var cmd *exec.Cmd
	switch p.name {
	case "Ordo":
		cmd = exec.Command(p.path, append(slices.Clone(p.args), "-o", out)...)
	case "BayesElo":
		cmd = exec.Command(p.path)
		cmd.Stdin = strings.NewReader(fmt.Sprintf("readpgn %s\nelo\nmm\nratings >%s\nx\nx\n", p.file, out))
	default:
		cmd = exec.Command(p.path, p.args...)
	}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	// A child started by Go (vfork, then exec) reports this process's peak
	// resident memory as its own when that is larger: return our free
	// memory and reset our peak first, so the figure is the child's.
	measure.ResetPeakRSS()
	start := time.Now()
	var stopped atomic.Bool
	err := cmd.Start()
	if err == nil {
		if (p.name == "Ordo" || p.name == "BayesElo") && peerLimit > 0 {
			t := time.AfterFunc(peerLimit, func() { stopped.Store(true); cmd.Process.Kill() })
			err = cmd.Wait()
			t.Stop()
		} else {
			err = cmd.Wait()
		}
	}
	wall := time.Since(start)
	if stopped.Load() {
		// Stopped at the cap: what it had spent is a lower bound on its
		// time, and it gave no ratings.
		ru := cmd.ProcessState.SysUsage().(*syscall.Rusage)
		cpu := time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
		p.results = append(p.results, usage{wall, cpu, ru.Maxrss})
		p.capped, p.text, p.ratings = true, "", nil
		fmt.Printf("(%s stopped after %v of wall time, %.0f s of CPU (-peer-cap): coevo's ratios to it are upper bounds)\n", p.name, peerLimit, cpu.Seconds())
		return
	}
	if err != nil {
		p.skip = fmt.Sprintf("%s failed: %v\n%s", p.name, err, tail(stderr.String()))
		p.path = ""
		return
	}
	ru := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	cpu := time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	p.results = append(p.results, usage{wall, cpu, ru.Maxrss})
	p.text = stdout.String()
	if p.name == "Ordo" || p.name == "BayesElo" {
		b, _ := os.ReadFile(out)
		p.text = string(b)
	}
	p.ratings = parseRatings(p.name, p.text)
}

// parseRatings reads player -> rating from each program's report.
func parseRatings(name, text string) map[string]float64 {
	r := map[string]float64{}
	for _, line := range strings.Split(text, "\n") {
		f := strings.Fields(line)
		var player, rating string
		switch name {
		case "Ordo", "BayesElo":
		default: // coevo: rank player elo [se ci ci] games ...
			if len(f) >= 10 && isInt(f[0]) {
				player, rating = f[1], f[2]
			}
		}
		switch name {
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

// report prints the table, the ratios to Ordo, and the agreement of the
// ratings with coevo's (on the first format) and with the truth.
func report(progs []*program, truth map[string]float64, target float64) []ratio {
	base := progs[0]
	if len(base.results) == 0 {
		fail(fmt.Errorf("%s", base.skip))
	}
	var ordo *program
	for _, p := range progs {
		if p.name == "Ordo" && len(p.results) > 0 {
			ordo = p
		}
	}
	fmt.Printf("%-12s %9s %9s %10s   %-22s %s\n", "program", "wall", "cpu", "peak RSS", "cpu vs Ordo's", "ratings: correlation with coevo's (first row), with the true Elo")
	for _, p := range progs {
		if len(p.results) == 0 {
			fmt.Println(p.skip)
			continue
		}
		m := p.median()
		vs := "-"
		if ordo != nil && p != ordo {
			o := ordo.median()
			vs = fmt.Sprintf("%.2fx (wall %.2fx)", m.cpu.Seconds()/o.cpu.Seconds(), m.wall.Seconds()/o.wall.Seconds())
			if ordo.capped {
				vs = fmt.Sprintf("<%.3fx (wall <%.3fx)", m.cpu.Seconds()/o.cpu.Seconds(), m.wall.Seconds()/o.wall.Seconds())
			}
		}
		fmt.Printf("%-12s %8.2fs %8.2fs %7d MB   %-22s %s\n", p.name, m.wall.Seconds(), m.cpu.Seconds(), m.rssKB/1024, vs,
			agreement(p.ratings, base.ratings, truth))
	}
	var pgnRSS int64
	for _, p := range progs {
		if p.name == "coevo pgn" && len(p.results) > 0 {
			pgnRSS = p.median().rssKB
		}
	}
	var out []ratio
	for _, p := range progs {
		if !strings.HasPrefix(p.name, "coevo") || len(p.results) == 0 || ordo == nil {
			continue
		}
		m, o := p.median(), ordo.median()
		r := m.cpu.Seconds() / o.cpu.Seconds()
		lt := ""
		if ordo.capped {
			lt = "<" // Ordo was stopped: its time is a lower bound
		}
		if p.name == "coevo ratings" {
			// Like for like: ratings alone on both sides.
			fmt.Printf("coevo --ratings-only: CPU %s%.3f of Ordo's\n", lt, r)
			out = append(out, ratio{program: "ratings only", r: r, bound: ordo.capped})
			continue
		}
		fmt.Printf("target %s: CPU %s%.2f of Ordo's (want <= %g: %s)", p.name, lt, r, target, metBound(r, target, ordo.capped))
		if p.name == "coevo pairs" && pgnRSS > 0 {
			fmt.Printf(", peak memory %.2f of coevo pgn's (want <= 1: %s)", float64(m.rssKB)/float64(pgnRSS), met(m.rssKB <= pgnRSS))
		}
		fmt.Println()
		out = append(out, ratio{program: strings.TrimPrefix(p.name, "coevo ") + " (all)", r: r, target: target, bound: ordo.capped})
	}
	return out
}

// metBound says whether r meets target; when r is only an upper bound
// above the target, that is not known.
func metBound(r, target float64, bound bool) string {
	if bound && r > target {
		return "unknown"
	}
	return met(r <= target)
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
	if truth == nil {
		return fmt.Sprintf("%.6f, -", corr(r, base))
	}
	return fmt.Sprintf("%.6f, %.6f", corr(r, base), corr(r, truth))
}

// phases runs coevo once with --timings and prints its phase times.
func phases(coevo, file string, args ...string) {
	var stderr bytes.Buffer
	cmd := exec.Command(coevo, append([]string{"bt", "fit", file, "--timings"}, args...)...)
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		fmt.Println("coevo --timings failed:", err)
		return
	}
	var lines []string
	for _, l := range strings.Split(stderr.String(), "\n") {
		if strings.HasPrefix(l, "  ") {
			lines = append(lines, l)
		}
	}
	fmt.Printf("coevo bt fit %s, phase by phase (one run):\n%s\n", filepath.Base(file), strings.Join(lines, "\n"))
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

func fileSize(path string) int64 {
	st, err := os.Stat(path)
	if err != nil {
		return 0
	}
	return st.Size()
}

func humanBytes(b int64) string { return fmt.Sprintf("%.1f MB", float64(b)/1e6) }

// load1 is the 1-minute load average.
func load1() string {
	f := strings.Fields(loadAvg())
	if len(f) == 0 {
		return "?"
	}
	return f[0]
}

func loadAvg() string {
	b, _ := os.ReadFile("/proc/loadavg")
	return strings.TrimSpace(string(b))
}

func tail(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return strings.Join(lines[max(0, len(lines)-5):], "\n")
}

func check(err error) {
	if err != nil {
		fail(err)
	}
}

// tmpDir is the benchmark's scratch folder, removed on failure too.
var tmpDir string

func fail(err error) {
	fmt.Fprintln(os.Stderr, "bench:", err)
	if tmpDir != "" {
		os.RemoveAll(tmpDir)
	}
	os.Exit(1)
}

func isInt(s string) bool {
	_, err := strconv.Atoi(s)
	return err == nil
}
