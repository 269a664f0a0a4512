package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/coevolab/coevo/engine/games"
	"github.com/coevolab/coevo/engine/umda"
)

func umdaHelp(w io.Writer) {
	fmt.Fprint(w, `Usage: coevo umda --game GAME [game flags] [flags]

Runs the coevolutionary UMDA of paper 000 (Algorithm 1) on a game until the
selected population holds an optimal strategy, or the evaluation budget
runs out (the run is then censored). The runtime (Definition 5.1) is mu
times the generations played. When the second player wins, a fictitious
root v* -> v0 is added first (paper 000 section 2), as the output says.

Example:
  coevo umda --game subtraction --n 30 --k 3 --mu 200 --seed 1 --json

Many runs (sizes x mu x seeds, resumable, on a SLURM cluster too):
  coevo umda sweep CONFIG --out results.csv (see coevo umda sweep --help)

Flags:
`)
	fs, _ := umdaFlags(nil)
	flagDefaults(w, fs)
	fmt.Fprintln(w, "\nGame flags are those of coevo solve GAME (see coevo games).")
}

type umdaOpts struct {
	game, gamma string
	mu, workers int
	seed        uint64
	maxEvals    int64
	json        bool
	noRoot      bool
	naive       bool
	graph       *graphFlags
}

func umdaFlags(spec *games.Spec) (*flag.FlagSet, *umdaOpts) {
	o := &umdaOpts{}
	fs := flag.NewFlagSet("umda", flag.ContinueOnError)
	fs.StringVar(&o.game, "game", "", "the game (coevo games lists them)")
	fs.IntVar(&o.mu, "mu", 100, fmt.Sprintf("tournaments (and selected individuals) per generation, at most %d", maxMu))
	fs.StringVar(&o.gamma, "gamma", "auto", "lower bound on move probabilities: auto = 1/(20 Delta n) (Theorem 5.2), or a number")
	fs.Uint64Var(&o.seed, "seed", 1, "seed")
	fs.Int64Var(&o.maxEvals, "max-evals", 100_000_000, "budget of games; a run reaching it is censored")
	fs.IntVar(&o.workers, "workers", 0, fmt.Sprintf("parallel tournaments (0: all cores; at most %d); results do not depend on it", maxWorkers))
	fs.BoolVar(&o.noRoot, "no-fictitious-root", false, "do not add v* -> v0 when the second player wins")
	fs.BoolVar(&o.naive, "naive", false, "sample whole strategies (the reference sampler) instead of the fast exact one")
	fs.BoolVar(&o.json, "json", false, `print {"evaluations":..,"generations":..,"optimal":..,"censored":..} as JSON`)
	o.graph = addGraphFlags(fs)
	addGameFlags(fs, spec)
	return fs, o
}

func cmdUMDA(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) > 0 && args[0] == "sweep" {
		return cmdSweep(ctx, args[1:], stdout, stderr)
	}
	// Find the game first, so that its flags can be registered.
	spec, err := specFromArgs(args)
	if err != nil {
		return err
	}
	fs, o := umdaFlags(spec)
	if err := parseFlags(fs, args, stdout, umdaHelp); err != nil {
		return err
	}
	gamma := 0.0
	if o.gamma != "auto" {
		if gamma, err = strconv.ParseFloat(o.gamma, 64); err != nil || !(gamma > 0 && gamma < 1) {
			return usagef("--gamma %q: want auto or a number in (0, 1)", o.gamma)
		}
	}
	if err := checkPopulation(o.mu, o.maxEvals, o.workers); err != nil {
		return err
	}
	// Measured: 230 bytes a tournament of a generation (--mu 10^6: 239
	// MB, 3·10^6: 686 MB).
	if err := checkMemory(fmt.Sprintf("--mu %d", o.mu), "a generation's tournaments", 220*float64(o.mu), "lower --mu"); err != nil {
		return err
	}
	G, err := prepareGame(ctx, fs, spec, o.graph, umda.Options{NoFictitiousRoot: o.noRoot})
	if err != nil {
		return err
	}
	if gamma*float64(G.MaxDegree()) >= 1 {
		return usagef("--gamma %s: must be below 1/Delta = %.3g for this game (Delta %d)", o.gamma, 1/float64(G.MaxDegree()), G.MaxDegree())
	}
	progress, done := progressTo(stderr, "evaluations")
	par := umda.Params{Mu: o.mu, Gamma: gamma, MaxEvaluations: o.maxEvals, Seed: o.seed, Workers: o.workers, Naive: o.naive}
	if progress != nil {
		par.Progress = func(_ int, evals int64) { progress(int(evals)) }
	}
	run, err := G.UMDA(ctx, par)
	done()
	if err != nil {
		if errors.Is(err, umda.ErrNoOptimum) || strings.HasPrefix(err.Error(), "umda: ") && !errors.Is(err, context.Canceled) {
			return usagef("%v", err)
		}
		return err
	}
	if o.json {
		return json.NewEncoder(stdout).Encode(map[string]any{
			"evaluations": run.Evaluations, "generations": run.Generations,
			"optimal": run.Optimal, "censored": run.Censored,
			"mu": run.Mu, "gamma": run.Gamma, "fictitious_root": run.Fictitious,
			"positions": G.NumPositions(), "delta": G.MaxDegree(), "seed": o.seed,
		})
	}
	root := ""
	if run.Fictitious {
		root = ", fictitious root added"
	}
	fmt.Fprintf(stdout, "game: %s (%d positions, Delta %d%s)\n", spec.Name, G.NumPositions(), G.MaxDegree(), root)
	fmt.Fprintf(stdout, "mu %d, gamma %.3g, seed %d\n", run.Mu, run.Gamma, o.seed)
	switch {
	case run.Optimal:
		fmt.Fprintf(stdout, "optimal strategy selected in generation %d: runtime %d evaluations\n", run.Generations, run.Evaluations)
	default:
		fmt.Fprintf(stdout, "censored: no optimal strategy within %d evaluations\n", run.Evaluations)
	}
	return nil
}

// maxMu bounds --mu: a generation keeps its mu winners in memory, at least
// 32 bytes each and 8 more per move on their paths (SUBTRACTIONNIM with
// 1000 positions: 10^6 winners took 2.8 GB).
const maxMu = 10_000_000

// checkPopulation checks --mu, --max-evals and --workers of a UMDA run.
func checkPopulation(mu int, maxEvals int64, workers int) error {
	switch {
	case mu < 1:
		return usagef("--mu %d: want 1 to %d tournaments a generation", mu, maxMu)
	case mu > maxMu:
		return usagef("--mu %d: want 1 to %d (a generation of %d winners would take at least %s)", mu, maxMu, mu, formatBytes(32*float64(mu)))
	case maxEvals < 1:
		return usagef("--max-evals %d: want a positive budget of games", maxEvals)
	case int64(mu) > maxEvals:
		return usagef("--mu %d is more than --max-evals %d: not one generation fits in the budget", mu, maxEvals)
	}
	return checkWorkers(workers)
}
