package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"

	"github.com/coevolab/coevo/engine/game"
	"github.com/coevolab/coevo/engine/games"
	"github.com/coevolab/coevo/engine/gp"
)

func gpHelp(w io.Writer) {
	fmt.Fprint(w, `Usage: coevo gp [flags]

Searches for a formula of the Sprague-Grundy values of a heap game by
genetic programming (paper 002): integer programs over the paper's
primitives (XOR AND OR NOT MOD LOG2 PLUS1 EQUAL LESS GREATER SUB ADD TIMES
DIVIDE), the inputs n (the number of non-zero heaps) and h1..hk, and small
integer constants, evolved as gplearn does. Training positions are every
tuple of --heaps heaps of --min-heap to --max-heap counters, with values from
the engine; the accuracy is measured on held-out positions with larger
heaps. The run stops at the first program of error 0.

Games: ga1, ga2 (paper 002, played on run lengths), nim, kayles, grundy,
octal (--code), subtraction (--set).

Example:
  coevo gp --game ga2 --heaps 2 --max-heap 10 --population 2000 --generations 20 --seed 1 --json

Flags:
`)
	fs, _ := gpFlags()
	flagDefaults(w, fs)
}

type gpOpts struct {
	game, code, set, fitness  string
	heaps, minHeap, maxHeap   int
	holdOut, holdOutMax       int
	population, generations   int
	tournament, elites, depth int
	workers                   int
	parsimony                 float64
	seed                      uint64
	json                      bool
	graph                     *graphFlags
}

func gpFlags() (*flag.FlagSet, *gpOpts) {
	o := &gpOpts{}
	fs := flag.NewFlagSet("gp", flag.ContinueOnError)
	fs.StringVar(&o.game, "game", "ga2", "the game: ga1, ga2, nim, kayles, grundy, octal, subtraction")
	fs.StringVar(&o.code, "code", "", "octal code, with --game octal (e.g. 0.77)")
	fs.StringVar(&o.set, "set", "", "subtraction set, with --game subtraction (e.g. 1,2,3)")
	fs.IntVar(&o.heaps, "heaps", 1, "number of heaps of every position")
	fs.IntVar(&o.minHeap, "min-heap", 1, "smallest heap size (0 allows empty heaps)")
	fs.IntVar(&o.maxHeap, "max-heap", 10, "largest heap size of the training positions")
	fs.IntVar(&o.holdOut, "holdout", 200, "held-out positions for the accuracy (0: none)")
	fs.IntVar(&o.holdOutMax, "holdout-max", 0, "largest heap of held-out positions (0: max-heap + 5)")
	fs.IntVar(&o.population, "population", 1000, fmt.Sprintf("programs per generation (at most %d: a million take about 1.2 GB)", gp.MaxPopulation))
	fs.IntVar(&o.generations, "generations", 20, "generations, the random first one included")
	fs.IntVar(&o.tournament, "tournament", 20, fmt.Sprintf("programs per selection tournament (at most %d)", gp.MaxPopulation))
	fs.Float64Var(&o.parsimony, "parsimony", 0.001, "fitness penalty per node, for selection (0: none)")
	fs.IntVar(&o.elites, "elites", 0, "best programs copied unchanged to the next generation (0: 1% of the population)")
	fs.IntVar(&o.depth, "max-depth", 17, fmt.Sprintf("largest program depth (6 to %d)", gp.MaxDepthLimit))
	o.graph = addGraphFlags(fs)
	fs.StringVar(&o.fitness, "fitness", "abs", "abs (total absolute error, the paper's), nim (nim-sum distance), or consistency (no values: value = mex of the options' values)")
	fs.IntVar(&o.workers, "workers", 0, "parallel workers (0: all cores); results do not depend on it")
	fs.Uint64Var(&o.seed, "seed", 1, "seed")
	fs.BoolVar(&o.json, "json", false, `print {"formula":..,"prefix":..,"error":..,"accuracy":..} as JSON`)
	return fs, o
}

type gpResult struct {
	Formula  string   `json:"formula"`
	Prefix   string   `json:"prefix"`
	Error    int64    `json:"error"`
	Accuracy *float64 `json:"accuracy"`
}

func cmdGP(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs, o := gpFlags()
	if err := parseFlags(fs, args, stdout, gpHelp); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("unexpected argument %q", fs.Arg(0))
	}
	fitness, err := gp.ParseFitness(o.fitness)
	if err != nil {
		return usagef("--fitness: %v", err)
	}
	for _, c := range []struct {
		name string
		v    int
		ok   bool
	}{
		{"heaps", o.heaps, o.heaps >= 1 && o.heaps <= 8},
		{"min-heap", o.minHeap, o.minHeap >= 0},
		{"max-heap", o.maxHeap, o.maxHeap >= max(o.minHeap, 1) && o.maxHeap <= 1000},
		{"holdout", o.holdOut, o.holdOut >= 0},
		{"holdout-max", o.holdOutMax, o.holdOutMax == 0 || o.holdOutMax > o.maxHeap},
		{"population", o.population, o.population >= 2 && o.population <= gp.MaxPopulation},
		{"generations", o.generations, o.generations >= 1},
		{"tournament", o.tournament, o.tournament >= 1 && o.tournament <= gp.MaxPopulation},
		{"elites", o.elites, o.elites >= 0 && o.elites < o.population},
		{"max-depth", o.depth, o.depth >= 6 && o.depth <= gp.MaxDepthLimit},
	} {
		if !c.ok {
			return usagef("--%s %d: out of range (see coevo gp --help)", c.name, c.v)
		}
	}
	if err := checkWorkers(o.workers); err != nil {
		return err
	}
	// Measured: 1.2 KB a program (a million: 1.15 GB; 300,000: 366 MB).
	if err := checkMemory(fmt.Sprintf("--population %d", o.population), "the programs", 1100*float64(o.population), "lower --population"); err != nil {
		return err
	}
	if o.parsimony < 0 {
		return usagef("--parsimony %g: must not be negative", o.parsimony)
	}
	gargs := games.Args{}
	switch o.game {
	case "octal":
		if o.code == "" {
			return usagef("--game octal needs --code (e.g. 0.77)")
		}
		gargs["code"] = o.code
	case "subtraction":
		if o.set == "" {
			return usagef("--game subtraction needs --set (e.g. 1,2,3)")
		}
		gargs["set"] = o.set
	}
	if o.code != "" && o.game != "octal" || o.set != "" && o.game != "subtraction" {
		return usagef("--code goes with --game octal, --set with --game subtraction")
	}
	limits, err := o.graph.options()
	if err != nil {
		return err
	}
	spec := gp.HeapSpec{Game: o.game, Args: gargs, Heaps: o.heaps, MinHeap: o.minHeap, Empty: o.minHeap == 0,
		MaxHeap: o.maxHeap, HoldOut: o.holdOut, HoldOutMax: o.holdOutMax, Seed: o.seed, Limits: limits}
	if o.holdOut == 0 {
		spec.HoldOut = -1
	}
	build := gp.HeapData
	if fitness == gp.Consistency {
		// Every position reachable from the training positions, with its
		// options; the accuracy is measured on all of them.
		build = gp.GraphData
	}
	data, err := build(ctx, spec)
	if err != nil {
		if errors.Is(err, context.Canceled) {
			return err
		}
		var tl *game.TooLargeError
		if errors.As(err, &tl) {
			return compileError(err)
		}
		return usagef("%v", err)
	}
	parsimony := o.parsimony
	if parsimony == 0 {
		parsimony = -1 // none
	}
	cfg := gp.Config{Population: o.population, Generations: o.generations, Tournament: o.tournament,
		Parsimony: parsimony, Elites: o.elites, MaxDepth: o.depth, Fitness: fitness, Seed: o.seed, Workers: o.workers}
	if f := terminal(stderr); f != nil {
		cfg.Progress = func(g gp.Generation) {
			fmt.Fprintf(f, "\rgeneration %d/%d: best error %d, mean length %.1f   ", g.Generation+1, o.generations, g.BestError, g.MeanLength)
		}
		defer fmt.Fprint(f, "\r\033[K")
	}
	r, err := gp.Run(ctx, data, cfg)
	if err != nil {
		return err
	}
	acc := r.Accuracy
	if fitness == gp.Consistency {
		acc = r.TrainAccuracy
	}
	if o.json {
		out := gpResult{Formula: r.Formula(), Prefix: r.Prefix(), Error: r.Error}
		if !math.IsNaN(acc) {
			out.Accuracy = &acc
		}
		enc := json.NewEncoder(stdout)
		enc.SetEscapeHTML(false)
		return enc.Encode(out)
	}
	fmt.Fprintf(stdout, "game: %s, %d heap(s) of %d to %d, %d training positions\n", o.game, o.heaps, max(o.minHeap, 0), o.maxHeap, data.Train.Rows())
	fmt.Fprintf(stdout, "formula: %s\n", r.Formula())
	fmt.Fprintf(stdout, "prefix:  %s\n", r.Prefix())
	what := map[gp.Fitness]string{gp.AbsError: "total absolute error", gp.NimDistance: "nim-sum distance",
		gp.Consistency: "positions whose value is not the mex of their options'"}[fitness]
	exact := ""
	if r.Exact() {
		exact = " (exact)"
	}
	fmt.Fprintf(stdout, "error:   %d, %s%s\n", r.Error, what, exact)
	switch {
	case fitness == gp.Consistency:
		fmt.Fprintf(stdout, "accuracy: %.4f of %d positions have the engine's value\n", acc, data.Train.Rows())
	case !math.IsNaN(acc):
		fmt.Fprintf(stdout, "accuracy: %.4f on %d held-out positions (training %.4f)\n", acc, data.Test.Rows(), r.TrainAccuracy)
	default:
		fmt.Fprintf(stdout, "accuracy: no held-out positions (training %.4f)\n", r.TrainAccuracy)
	}
	fmt.Fprintf(stdout, "generations: %d of %d programs in %.2fs (seed %d)\n", r.Generations(), r.Config.Population, r.Elapsed.Seconds(), o.seed)
	return nil
}
