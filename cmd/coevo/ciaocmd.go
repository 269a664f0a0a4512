package main

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/coevolab/coevo/engine/coevolve"
	"github.com/coevolab/coevo/engine/tournament"
	"github.com/coevolab/coevo/internal/input"
	"github.com/coevolab/coevo/stats/ciao"
	"github.com/coevolab/coevo/stats/plot"
)

func ciaoHelp(w io.Writer) {
	fmt.Fprint(w, `Usage: coevo ciao DIR [--games 100] [--epsilon 0.1] [--plot ciao.pdf] [--palette grey] [--csv ciao.csv]
                [--best best.wpc] [--performance fig5.csv]

Plays the league of the permanent archive of a coevo coevolve run (DIR, or
its archive.csv) of any game: every pair --games games, half in each seat,
with forced random moves of probability --epsilon (paper 003: 100 and 0.1).
Prints the transitivity of the league as paper 003 Table V does (tau,
D_KL), its best player and its dominance tournament; --plot draws the CIAO
plot (every player against every earlier one, fig. 4) with its colour bar
(.pdf, .svg, .png at 300 dpi, or .eps; 3.5 in wide), in the paper's greys
or --palette viridis or diverging (white at an even score); --csv writes
the CIAO matrix; --league writes the games for coevo bt fit --format games.
--best writes the league-best player (most league points: how paper 003
picks a run's player for Table VI) as a player file, for file:PATH players
(an Othello WPC file: eight lines of eight weights); --performance plays
every archive player against random:1 ... random:10 and each of the game's
reference players (Othello: the heuristic; connect4: alphabeta),
--performance-games each at --epsilon (fig. 5), and writes
player,generation,games,vs_random,vs_REFERENCE...
The game is the run's (run.json), or the one whose coordinates the
archive's header names. Results do not depend on --workers.

Flags:
`)
	fs, _ := ciaoFlags()
	flagDefaults(w, fs)
}

type ciaoOpts struct {
	games, workers          int
	epsilon                 float64
	seed                    uint64
	plot, csv, league, name string
	palette                 string
	best, performance       string
	perfGames               int
	json                    bool
}

func ciaoFlags() (*flag.FlagSet, *ciaoOpts) {
	o := &ciaoOpts{}
	fs := flag.NewFlagSet("ciao", flag.ContinueOnError)
	fs.IntVar(&o.games, "games", 100, "games between each pair of archive members, half in each seat")
	fs.Float64Var(&o.epsilon, "epsilon", 0.1, "probability of a forced random move")
	fs.Uint64Var(&o.seed, "seed", 1, "seed of the games' random streams")
	fs.StringVar(&o.plot, "plot", "", "draw the CIAO plot to `FILE` (.pdf, .svg, .png, .eps)")
	fs.StringVar(&o.palette, "palette", "grey", "colours of the CIAO plot: grey (paper 003 fig. 4), viridis or diverging")
	fs.StringVar(&o.csv, "csv", "", "write the CIAO matrix to `FILE`")
	fs.StringVar(&o.league, "league", "", "write the league's games to `FILE` (coevo bt fit FILE --format games)")
	fs.StringVar(&o.name, "title", "", "title of the plot (default: the run's method and seed)")
	fs.StringVar(&o.best, "best", "", "write the league-best player's vector to `FILE` (a player file: file:FILE; for Othello a WPC file)")
	fs.StringVar(&o.performance, "performance", "", "write each player's score against random:1-10 and the game's reference players to `FILE` (fig. 5)")
	fs.IntVar(&o.perfGames, "performance-games", 100, "--performance: games against each reference player, half in each seat")
	fs.IntVar(&o.workers, "workers", 0, "games in parallel (0: all cores)")
	fs.BoolVar(&o.json, "json", false, `print {"players":..,"games":..,"tau":..,"dkl":..,"best":..,"dominant":[..]}`)
	return fs, o
}

// ciaoFile is the archive file of a run directory, or path itself.
func ciaoFile(path string) string {
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		return filepath.Join(path, coevolve.ArchiveFile)
	}
	return path
}

// notRunFile refuses an output that is one of the files of the run whose
// archive ciao reads (its history, settings, checkpoint): writing it would
// destroy the run, which could no longer be resumed or extended.
func notRunFile(flag, out, archive string) error {
	if filepath.Base(archive) != coevolve.ArchiveFile {
		return nil
	}
	so, err := os.Stat(out)
	if err != nil {
		return nil
	}
	dir := filepath.Dir(archive)
	for _, name := range coevolve.Files {
		if si, err := os.Stat(filepath.Join(dir, name)); err == nil && os.SameFile(so, si) {
			return usagef("--%s %s: the %s of the run in %s, which coevo ciao reads and never writes: give another file", flag, out, name, dir)
		}
	}
	return nil
}

// ciaoArchive reads the permanent archive of a run directory, or an
// archive file, and names the run and its game.
func ciaoArchive(ctx context.Context, path string) (*coevolve.Archive, string, coevolve.Domain, error) {
	file, title := ciaoFile(path), ""
	var dom coevolve.Domain
	if file != path {
		if _, err := os.Stat(file); errors.Is(err, fs.ErrNotExist) {
			if _, err := os.Stat(filepath.Join(path, "runs.csv")); err == nil {
				return nil, "", dom, usagef("%s holds several runs (runs.csv): give one of them, e.g. %s", path, filepath.Join(path, "seed-1"))
			}
		}
		if run, err := coevolve.LoadRun(path); err == nil {
			title = run.Config.String()
			if run.Domain.Game == nil {
				return nil, "", dom, usagef("%s holds a run of game %q, which is not built into coevo (%s): analyse it with its Domain in Go", path, run.Domain.Name, strings.Join(coevolve.DomainNames(), ", "))
			}
			dom = run.Domain
		}
	}
	f, err := openInput(ctx, file, input.Limits{}) // internal/csvdata caps the archive
	if err != nil {
		return nil, "", dom, err
	}
	defer f.Close()
	a, err := coevolve.ParseArchive(f, file)
	if err != nil {
		return nil, "", dom, inputError(ctx, err, "")
	}
	if dom.Game == nil {
		if dom, err = coevolve.DomainOf(a); err != nil {
			return nil, "", dom, usagef("%s: %v", file, err)
		}
	}
	if title == "" {
		title = file
	}
	return a, title, dom, nil
}

func cmdCIAO(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs, o := ciaoFlags()
	path, err := parseFileFlags(fs, args, stdout, ciaoHelp, "coevo ciao DIR --games 100 --epsilon 0.1 --plot ciao.pdf --csv ciao.csv")
	if err != nil {
		return err
	}
	switch {
	case o.games < 2 || o.games%2 != 0 || o.games > 2*tournament.MaxGames:
		return usagef("--games %d: a pair plays half its games in each seat; want an even number from 2 to %d", o.games, 2*tournament.MaxGames)
	case o.epsilon < 0 || o.epsilon > 1:
		return usagef("--epsilon %v: a probability, want 0 to 1", o.epsilon)
	}
	if err := checkWorkers(o.workers); err != nil {
		return err
	}
	if o.performance != "" && (o.perfGames < 2 || o.perfGames%2 != 0 || o.perfGames > 2*tournament.MaxGames) {
		return usagef("--performance-games %d: half in each seat; want an even number from 2 to %d", o.perfGames, 2*tournament.MaxGames)
	}
	if o.plot != "" {
		if err := checkPlot("plot", o.plot); err != nil {
			return err
		}
	}
	outs := []output{{"plot", o.plot}, {"csv", o.csv}, {"league", o.league}, {"best", o.best}, {"performance", o.performance}}
	for _, out := range outs {
		if out.path == "" {
			continue
		}
		if err := checkOutput(out.flag, out.path); err != nil {
			return err
		}
		if err := notInput(out.flag, out.path, ciaoFile(path)); err != nil {
			return err
		}
		if err := notRunFile(out.flag, out.path, ciaoFile(path)); err != nil {
			return err
		}
	}
	if err := distinctOutputs(outs...); err != nil {
		return err
	}
	switch o.palette {
	case "grey", "viridis", "diverging":
	default:
		return usagef("--palette %s: want grey, viridis or diverging", o.palette)
	}
	arch, title, game, err := ciaoArchive(ctx, path)
	if err != nil {
		return err
	}
	league, err := game.Match(arch, o.epsilon)
	if err != nil {
		return usagef("%s: %v", path, err)
	}
	if arch.Len() < 2 {
		return usagef("%s: %d player in the archive, a CIAO plot needs two", path, arch.Len())
	}
	if o.name != "" {
		title = o.name
	}
	n := arch.Len()
	// A league holds every game's result in memory: sizes are checked
	// in floating point, where they cannot overflow.
	if total := float64(n) * float64(n-1) / 2 * float64(o.games); total > maxLeagueGames {
		return usagef("--games %d: the %d players of %s make %.3g games, more than %d (a league holds its results in memory): fewer --games", o.games, n, path, total, maxLeagueGames)
	}
	if total := float64(n) * 11 * float64(o.perfGames); o.performance != "" && total > maxLeagueGames {
		return usagef("--performance-games %d: the %d players of %s against 11 reference players make %.3g games, more than %d: fewer --performance-games", o.perfGames, n, path, total, maxLeagueGames)
	}
	step, end := countProgress(stderr, "coevo ciao", "games", n*(n-1)/2*o.games)
	m, err := ciao.Play(ctx, league, arch.Names(), arch.Generations(), o.games,
		tournament.Options{Seed: o.seed, Workers: o.workers, Progress: func(done, _ int) { step(done) }})
	end()
	if err != nil {
		return err
	}
	// Fitting and counting the triads of a few thousand players takes
	// seconds without looking at ctx: Ctrl-C does not wait for them.
	var tr ciao.Transitivity
	if err := interruptible(ctx, func() (err error) { tr, err = m.Transitivity(title); return err }); err != nil {
		return err
	}
	dom := m.Dominance()
	best := m.Best()
	if o.plot != "" {
		s := m.Style()
		s.Title = title
		switch o.palette {
		case "viridis":
			s.Palette, s.Missing = plot.Viridis, nil
		case "diverging":
			s.Palette, s.Missing, s.Diverging, s.Center = plot.PurpleOrange, nil, true, 0.5
		}
		p, err := m.PlotStyle(s)
		if err != nil {
			return fmt.Errorf("--plot %s: %w", o.plot, err)
		}
		if err := savePlot(ctx, "plot", o.plot, p); err != nil {
			return err
		}
	}
	if o.csv != "" {
		if err := writeOutput(ctx, "csv", o.csv, m.WriteCSV); err != nil {
			return err
		}
	}
	if o.league != "" {
		if err := writeOutput(ctx, "league", o.league, m.League.WriteCSV); err != nil {
			return err
		}
	}
	if o.best != "" {
		b := arch.Members[best]
		err := writeOutput(ctx, "best", o.best, func(w io.Writer) error {
			fmt.Fprintf(w, "# %s: league-best player %s (generation %d, %.1f%% of its league's points; %d games a pair at epsilon %g)\n",
				title, b.Name, b.Generation, 100*m.Points()[best], o.games, o.epsilon)
			return writeVector(w, b.X)
		})
		if err != nil {
			return err
		}
	}
	if o.performance != "" {
		if err := writePerformance(ctx, o, game, arch, league.Players, stderr); err != nil {
			return err
		}
	}
	if o.json {
		var names []string
		for _, k := range dom.Dominant {
			names = append(names, m.Names[k])
		}
		return json.NewEncoder(stdout).Encode(struct {
			Players  int      `json:"players"`
			Games    int      `json:"games"`
			Tau      *float64 `json:"tau"` // null when undefined (fewer than three players)
			DKL      *float64 `json:"dkl"`
			Best     string   `json:"best"`
			BestGen  int      `json:"best_generation"`
			BestPts  float64  `json:"best_points"`
			Dominant []string `json:"dominant"`
		}{n, n * (n - 1) / 2 * o.games, finite(tr.Tau), finite(tr.DKL), m.Names[best], arch.Members[best].Generation, m.Points()[best], names})
	}
	fmt.Fprintf(stdout, "%s: %d players, %d games a pair at epsilon %g (%d games)\n", title, n, o.games, o.epsilon, n*(n-1)/2*o.games)
	fmt.Fprintf(stdout, "tau = %.4f   D_KL = %.4f (paper 003 Table V: symmetric, smoothing 0.001)\n", tr.Tau, tr.DKL)
	fmt.Fprintf(stdout, "best player: %s (generation %d, %.1f%% of its league points)\n", m.Names[best], arch.Members[best].Generation, 100*m.Points()[best])
	fmt.Fprintln(stdout, "dominance tournament:", dom)
	for _, f := range []string{o.plot, o.csv, o.league, o.best, o.performance} {
		if f != "" {
			fmt.Fprintln(stdout, "wrote", f)
		}
	}
	return nil
}

// writeVector writes a player's vector eight numbers a line, exactly: for
// Othello the eight rows of a WPC, a1 first (othello.ReadWPC reads them
// back); for any game what file:PATH players read.
func writeVector(w io.Writer, x []float64) error {
	for r := 0; r < len(x); r += 8 {
		var row []string
		for _, v := range x[r:min(r+8, len(x))] {
			row = append(row, strconv.FormatFloat(v, 'g', -1, 64))
		}
		if _, err := fmt.Fprintln(w, strings.Join(row, " ")); err != nil {
			return err
		}
	}
	return nil
}

// performancePlayers are the archive's players, then random:1 ...
// random:10 and the game's reference players: the league of fig. 5.
func performancePlayers(dom coevolve.Domain, arch *coevolve.Archive, players []coevolve.Player) (names []string, all []coevolve.Player, randoms, refs []int, err error) {
	names, all = arch.Names(), append([]coevolve.Player(nil), players...)
	for k := 1; k <= 10; k++ {
		p, err := dom.Family.Player(dom.RandomVector(uint64(k)))
		if err != nil {
			return nil, nil, nil, nil, fmt.Errorf("random:%d: %w", k, err)
		}
		names, all = append(names, fmt.Sprintf("random:%d", k)), append(all, p)
		randoms = append(randoms, len(names)-1)
	}
	for _, r := range dom.References() {
		names, all = append(names, r.Name), append(all, r.Player)
		refs = append(refs, len(names)-1)
	}
	return names, all, randoms, refs, nil
}

// writePerformance plays every archive player against random:1-10 and
// each of the game's reference players (paper 003 fig. 5) and writes the
// shares.
func writePerformance(ctx context.Context, o *ciaoOpts, dom coevolve.Domain, arch *coevolve.Archive, players []coevolve.Player, stderr io.Writer) error {
	names, all, randoms, refs, err := performancePlayers(dom, arch, players)
	if err != nil {
		return err
	}
	var mine []int
	for i := range arch.Members {
		mine = append(mine, i)
	}
	g := &coevolve.Match{Game: dom.Game, Players: all, Epsilon: o.epsilon}
	step, end := countProgress(stderr, "coevo ciao --performance", "games", len(mine)*(len(randoms)+len(refs))*o.perfGames)
	done := 0
	opt := tournament.Options{Seed: o.seed, Workers: o.workers, Progress: func(d, _ int) { step(done + d) }}
	vr, err := ciao.Performance(ctx, g, names, mine, randoms, o.perfGames, opt)
	if err != nil {
		end()
		return err
	}
	done = len(mine) * len(randoms) * o.perfGames
	header := []string{"player", "generation", "games", "vs_random"}
	cols := [][]float64{vr}
	for _, r := range refs {
		v, err := ciao.Performance(ctx, g, names, mine, []int{r}, o.perfGames, opt)
		if err != nil {
			end()
			return err
		}
		done += len(mine) * o.perfGames
		header, cols = append(header, "vs_"+names[r]), append(cols, v)
	}
	end()
	return writeOutput(ctx, "performance", o.performance, func(w io.Writer) error {
		cw := csv.NewWriter(w)
		cw.Write(header)
		for i, m := range arch.Members {
			row := []string{m.Name, strconv.Itoa(m.Generation), strconv.FormatInt(m.Games, 10)}
			for _, c := range cols {
				row = append(row, strconv.FormatFloat(c[i], 'g', -1, 64))
			}
			cw.Write(row)
		}
		cw.Flush()
		return cw.Error()
	})
}

// finite is &x, or nil (JSON null) for NaN and infinities.
func finite(x float64) *float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return nil
	}
	return &x
}
