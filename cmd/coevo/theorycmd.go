package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/coevolab/coevo/engine/game"
	"github.com/coevolab/coevo/engine/games"
	"github.com/coevolab/coevo/engine/theory"
	"github.com/coevolab/coevo/engine/umda"
)

func theoryHelp(w io.Writer) {
	fmt.Fprint(w, `Usage: coevo theory --game GAME [game flags] [--json]

Prints the quantities of paper 000's runtime analysis: n, Delta, the number
of critical positions |W_G|, s-hat and s-bar (switchability, Definitions
4.1-4.3: exact when the search is small enough, else the bound of
Proposition 4.4), and the exponent 2 + 3 s-bar of (20 Delta n) in the
runtime bound of Corollary 5.5. A fictitious root is added when the second
player wins, as for coevo umda.

Example:
  coevo theory --game subtraction --n 30 --k 3 --json

Flags:
`)
	fs, _ := theoryFlags(nil)
	flagDefaults(w, fs)
}

type theoryOpts struct {
	game      string
	json      bool
	maxSearch int
	graph     *graphFlags
}

func theoryFlags(spec *games.Spec) (*flag.FlagSet, *theoryOpts) {
	o := &theoryOpts{}
	fs := flag.NewFlagSet("theory", flag.ContinueOnError)
	fs.StringVar(&o.game, "game", "", "the game (coevo games lists them)")
	fs.BoolVar(&o.json, "json", false, `print {"n":..,"delta":..,"critical":..,"sbar":..,"sbar_exact":..,"bound_exponent":..}`)
	fs.IntVar(&o.maxSearch, "max-search", theory.DefaultMaxSearch, "partial strategies searched per position for exact switchability")
	o.graph = addGraphFlags(fs)
	addGameFlags(fs, spec)
	return fs, o
}

// prepareGame builds the game of a command's --game and game flags (parsed
// into fs), compiles it within the budgets of limits and prepares it for
// UMDA.
func prepareGame(ctx context.Context, fs *flag.FlagSet, spec *games.Spec, limits *graphFlags, opt umda.Options) (*umda.Game, error) {
	if spec == nil {
		return nil, usagef("missing --game (coevo games lists them)")
	}
	if fs.NArg() > 0 {
		return nil, usagef("unexpected argument %q", fs.Arg(0))
	}
	budget, err := limits.options()
	if err != nil {
		return nil, err
	}
	g, err := spec.Build(gameArgs(fs, spec))
	if err != nil {
		return nil, usagef("%v", err)
	}
	gr, err := game.CompileContext(ctx, g, budget)
	if err != nil {
		return nil, compileError(err)
	}
	G, err := umda.Prepare(gr, opt)
	if err != nil {
		return nil, usagef("%v", err)
	}
	return G, nil
}

// specFromArgs finds --game NAME in args (before flags are parsed, so
// that the game's own flags can be registered).
func specFromArgs(args []string) (*games.Spec, error) {
	for i, a := range args {
		name := ""
		switch {
		case (a == "--game" || a == "-game") && i+1 < len(args):
			name = args[i+1]
		case strings.HasPrefix(a, "--game="), strings.HasPrefix(a, "-game="):
			name = a[strings.Index(a, "=")+1:]
		}
		if name != "" {
			s, err := games.Lookup(name)
			if err != nil {
				return nil, usagef("%v", err)
			}
			return s, nil
		}
	}
	return nil, nil
}

func cmdTheory(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	spec, err := specFromArgs(args)
	if err != nil {
		return err
	}
	fs, o := theoryFlags(spec)
	if err := parseFlags(fs, args, stdout, theoryHelp); err != nil {
		return err
	}
	if o.maxSearch < 1 {
		return usagef("--max-search %d: want at least 1", o.maxSearch)
	}
	G, err := prepareGame(ctx, fs, spec, o.graph, umda.Options{})
	if err != nil {
		return err
	}
	var progress func(done, n int)
	end := func() {}
	if terminal(stderr) != nil { // the search can take minutes: show where it is
		var step func(int)
		step, end = countProgress(stderr, "coevo theory", "positions analysed", G.NumPositions())
		progress = func(done, _ int) { step(done) }
	}
	r, err := theory.AnalyzeContext(ctx, G, o.maxSearch, progress)
	end()
	if err != nil {
		return err
	}
	if o.json {
		return json.NewEncoder(stdout).Encode(r)
	}
	how := "exact"
	if !r.SBarExact {
		how = "upper bound (Proposition 4.4)"
	}
	fmt.Fprintf(stdout, "game: %s\nn = %d positions, Delta = %d, interior %d, critical |W_G| = %d\n", spec.Name, r.N, r.Delta, r.Interior, r.Critical)
	fmt.Fprintf(stdout, "s-hat = %d, s-bar = %d (%s)\n", r.SHat, r.SBar, how)
	fmt.Fprintf(stdout, "Corollary 5.5: runtime <= C^2 (K + s-bar + 1) (20 Delta n)^%g log^2 n\n", r.BoundExponent)
	return nil
}
