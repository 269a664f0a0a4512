package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/coevolab/coevo/engine/coevolve"
	"github.com/coevolab/coevo/engine/tournament"
	"github.com/coevolab/coevo/internal/input"
	"github.com/coevolab/coevo/stats/ciao"
	"github.com/coevolab/coevo/stats/plot"
)

func ciaoHelp(w io.Writer) {
	fmt.Fprint(w, `Usage: coevo ciao DIR [--games 100] [--epsilon 0.1] [--plot ciao.pdf] [--palette grey] [--csv ciao.csv]

Plays the league of the permanent archive of a coevo coevolve run (DIR, or
its archive.csv): every pair --games games, half in each seat, with forced
random moves of probability --epsilon (paper 003: 100 and 0.1). Prints the
transitivity of the league as paper 003 Table V does (tau, D_KL), its best
player and its dominance tournament; --plot draws the CIAO plot (every
player against every earlier one, fig. 4) with its colour bar (.pdf,
.svg, .png at 300 dpi, or .eps; 3.5 in wide), in the paper's greys or
--palette viridis or diverging (white at an even score); --csv writes the
CIAO matrix; --league writes the games for coevo bt fit --format games.
Results do not depend on --workers.

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

// ciaoArchive reads the permanent archive of a run directory, or an
// archive file, and names the run.
func ciaoArchive(ctx context.Context, path string) (*coevolve.Archive, string, error) {
	file, title := ciaoFile(path), ""
	if file != path {
		if _, err := os.Stat(file); errors.Is(err, fs.ErrNotExist) {
			if _, err := os.Stat(filepath.Join(path, "runs.csv")); err == nil {
				return nil, "", usagef("%s holds several runs (runs.csv): give one of them, e.g. %s", path, filepath.Join(path, "seed-1"))
			}
		}
		if run, err := coevolve.LoadRun(path); err == nil {
			title = run.Config.String()
		}
	}
	f, err := openInput(ctx, file, input.Limits{}) // internal/csvdata caps the archive
	if err != nil {
		return nil, "", err
	}
	defer f.Close()
	a, err := coevolve.ParseArchive(f, file)
	if err != nil {
		return nil, "", inputError(ctx, err, "")
	}
	if title == "" {
		title = file
	}
	return a, title, nil
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
	if o.plot != "" {
		if err := checkPlot("plot", o.plot); err != nil {
			return err
		}
	}
	for _, out := range []struct{ flag, path string }{{"plot", o.plot}, {"csv", o.csv}, {"league", o.league}} {
		if out.path == "" {
			continue
		}
		if err := checkOutput(out.flag, out.path); err != nil {
			return err
		}
		if err := notInput(out.flag, out.path, ciaoFile(path)); err != nil {
			return err
		}
	}
	switch o.palette {
	case "grey", "viridis", "diverging":
	default:
		return usagef("--palette %s: want grey, viridis or diverging", o.palette)
	}
	arch, title, err := ciaoArchive(ctx, path)
	if err != nil {
		return err
	}
	if arch.Len() < 2 {
		return usagef("%s: %d player in the archive, a CIAO plot needs two", path, arch.Len())
	}
	if o.name != "" {
		title = o.name
	}
	n := arch.Len()
	step, end := countProgress(stderr, "coevo ciao", "games", n*(n-1)/2*o.games)
	m, err := ciao.Play(ctx, arch.Match(o.epsilon), arch.Names(), arch.Generations(), o.games,
		tournament.Options{Seed: o.seed, Workers: o.workers, Progress: func(done, _ int) { step(done) }})
	end()
	if err != nil {
		return err
	}
	tr, err := m.Transitivity(title)
	if err != nil {
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
	if o.json {
		var names []string
		for _, k := range dom.Dominant {
			names = append(names, m.Names[k])
		}
		return json.NewEncoder(stdout).Encode(struct {
			Players  int      `json:"players"`
			Games    int      `json:"games"`
			Tau      float64  `json:"tau"`
			DKL      float64  `json:"dkl"`
			Best     string   `json:"best"`
			Dominant []string `json:"dominant"`
		}{n, n * (n - 1) / 2 * o.games, tr.Tau, tr.DKL, m.Names[best], names})
	}
	fmt.Fprintf(stdout, "%s: %d players, %d games a pair at epsilon %g (%d games)\n", title, n, o.games, o.epsilon, n*(n-1)/2*o.games)
	fmt.Fprintf(stdout, "tau = %.4f   D_KL = %.4f (paper 003 Table V: symmetric, smoothing 0.001)\n", tr.Tau, tr.DKL)
	fmt.Fprintf(stdout, "best player: %s (generation %d, %.1f%% of its league points)\n", m.Names[best], arch.Members[best].Generation, 100*m.Points()[best])
	fmt.Fprintln(stdout, "dominance tournament:", dom)
	for _, f := range []string{o.plot, o.csv, o.league} {
		if f != "" {
			fmt.Fprintln(stdout, "wrote", f)
		}
	}
	return nil
}
