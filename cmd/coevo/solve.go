package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/coevolab/coevo/engine/game"
	"github.com/coevolab/coevo/engine/games"
	"github.com/coevolab/coevo/engine/grundy"
	"github.com/coevolab/coevo/engine/rules"
	"github.com/coevolab/coevo/internal/input"
)

func solveHelp(w io.Writer) {
	fmt.Fprint(w, `Usage: coevo solve GAME [game flags] [flags]
       coevo solve --rules FILE [flags]

Solves the game: prints the Sprague-Grundy value of the start position,
which player wins with optimal play, the winning moves, and an optimal line
of play (paper 001 fig. 1: the winner moves to value 0, the loser moves at
random, seeded). Heap games (nim, subtraction, kayles, octal, grundy) are
solved heap by heap and combined by nim-sum.

Examples:
  coevo solve nim --heaps 1,3,5,7
  coevo solve subtraction --n 30 --k 3 --json
  coevo solve chomp --rows 4 --cols 5
  coevo solve --rules docs/rules/nim1357.rules

Flags:
`)
	fs, _ := solveFlags(nil)
	flagDefaults(w, fs)
	fmt.Fprintln(w, "\nGames and their flags (coevo games for details):")
	for _, s := range games.Specs() {
		var p []string
		for _, a := range s.Params {
			p = append(p, "--"+a.Name)
		}
		fmt.Fprintf(w, "  %-19s %s\n", s.Name, strings.Join(p, " "))
	}
}

type solveOpts struct {
	json    bool
	seed    uint64
	rules   string
	noLine  bool
	noSplit bool
	maxLine int
	graph   *graphFlags
}

// solveFlags returns the flag set for solve, with the parameters of spec
// (if any) registered as string flags into args.
func solveFlags(spec *games.Spec) (*flag.FlagSet, *solveOpts) {
	o := &solveOpts{}
	fs := flag.NewFlagSet("solve", flag.ContinueOnError)
	fs.BoolVar(&o.json, "json", false, `print {"sg": N, "winner": 1|2, "line": [...]} as JSON`)
	fs.Uint64Var(&o.seed, "seed", 1, "seed for the losing player's moves on the line")
	fs.StringVar(&o.rules, "rules", "", "solve the game defined by a rule `FILE` (see docs/rules.md)")
	fs.BoolVar(&o.noLine, "no-line", false, "do not print the line of play")
	fs.IntVar(&o.maxLine, "max-line", 1000, "stop the line of play after `N` steps (0: play to the end)")
	fs.BoolVar(&o.noSplit, "no-split", false, "compile a rule game's whole graph even when it is a sum of components")
	o.graph = addGraphFlags(fs)
	addGameFlags(fs, spec)
	return fs, o
}

type solveResult struct {
	Game         string        `json:"game"`
	SG           int           `json:"sg"`
	Winner       int           `json:"winner"`
	Positions    int           `json:"positions,omitempty"`
	Method       string        `json:"method"`
	WinningMoves []string      `json:"winning_moves"`
	Line         []grundy.Step `json:"line,omitempty"`
	Truncated    bool          `json:"truncated,omitempty"`
}

func cmdSolve(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) > 0 && args[0] == "luckynim" {
		return cmdSolveLuckyNim(ctx, args[1:], stdout) // simultaneous choices: its own solver
	}
	var spec *games.Spec
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		s, err := games.Lookup(args[0])
		if err != nil {
			return usagef("%v", err)
		}
		spec, args = s, args[1:]
	}
	fs, o := solveFlags(spec)
	if err := parseFlags(fs, args, stdout, solveHelp); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("unexpected argument %q (flags come after the game name)", fs.Arg(0))
	}
	if o.maxLine < 0 {
		return usagef("--max-line %d: want 0 (play to the end) or more", o.maxLine)
	}
	opt, err := o.graph.options()
	if err != nil {
		return err
	}
	var (
		g     game.Game
		label string
	)
	switch {
	case spec != nil && o.rules != "":
		return usagef("give a game name or --rules FILE, not both")
	case spec != nil:
		var err error
		if g, err = spec.Build(gameArgs(fs, spec)); err != nil {
			return usagef("%v", err)
		}
		label = spec.Name
		for _, p := range spec.Params {
			if v := fs.Lookup(p.Name).Value.String(); v != "" {
				label += fmt.Sprintf(" --%s %s", p.Name, v)
			}
		}
	case o.rules != "":
		f, err := openInput(ctx, o.rules, input.Limits{}) // rules.Read caps a rule file
		if err != nil {
			return err
		}
		rg, err := rules.Read(f, o.rules)
		f.Close()
		if err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			if !errors.As(err, new(*rules.Error)) {
				return inputError(ctx, err, "rule file")
			}
			return ruleError("", err)
		}
		g, label = rg, "rules "+o.rules
		if rg.Name != "" {
			label += " (" + rg.Name + ")"
		}
	default:
		return usagef("no game given (coevo solve GAME ..., or --rules FILE; coevo games lists the games)")
	}

	res := solveResult{Game: label}
	steps := o.maxLine
	if o.noLine {
		steps = 1
	}
	var sol grundy.Solution
	if h, ok := g.(*games.Heaps); ok {
		sum, err := h.SumContext(ctx)
		if err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			return usagef("%v", err)
		}
		sol = sum.Solution(o.seed, steps)
		plural := "s"
		if len(h.Sizes) == 1 {
			plural = ""
		}
		res.Method = fmt.Sprintf("nim-sum of %d heap%s of %s", len(h.Sizes), plural, h.Rule.Name())
		if mv, ok := sum.WinningMove(); ok {
			res.WinningMoves = []string{mv.String()}
		}
	} else if parts, ok := decompose(g); ok && !o.noSplit {
		st, err := grundy.SolveSum(ctx, parts, opt)
		if err == nil {
			err = g.(*rules.Game).Err() // the components report to the whole game
		}
		if err != nil {
			return ruleError(o.rules, compileError(err))
		}
		st.Sep = " "
		sol = st.Solution(o.seed, steps)
		res.Method = fmt.Sprintf("nim-sum of %d independent components (each move touches one; paper 001 section 3.2.2)", len(parts))
		res.WinningMoves = st.WinningMoves()
	} else if tab, err := solveByIndex(ctx, g, opt.MaxPositions, stderr); tab != nil || err != nil {
		if err != nil {
			return compileError(err)
		}
		sol = tab.Solution(o.seed, steps)
		res.Positions = len(tab.SG)
		res.Method = fmt.Sprintf("index of %d positions, solved in index order (every move lowers the index; no graph built)", len(tab.SG))
		for _, w := range tab.WinningMoves(tab.Start()) {
			res.WinningMoves = append(res.WinningMoves, tab.Format(w))
		}
	} else {
		progress, done := progressTo(stderr, "positions explored")
		opt.Progress = progress
		gr, err := compile(ctx, g, opt)
		done()
		if err != nil {
			return ruleError(o.rules, compileError(err))
		}
		tab := grundy.Solve(gr)
		sol = tab.Solution(o.seed, steps)
		res.Positions = gr.NumVertices()
		res.Method = fmt.Sprintf("graph of %d positions and %d moves", gr.NumVertices(), gr.NumEdges())
		for _, w := range tab.WinningMoves(game.Start) {
			res.WinningMoves = append(res.WinningMoves, gr.Format(w))
		}
	}
	res.SG, res.Winner, res.Line, res.Truncated = sol.SG, sol.Winner, sol.Line, sol.Truncated
	if res.WinningMoves == nil {
		res.WinningMoves = []string{}
	}
	if o.noLine {
		res.Line, res.Truncated = nil, false
	}
	if o.json {
		enc := json.NewEncoder(stdout)
		enc.SetEscapeHTML(false)
		return enc.Encode(res)
	}
	fmt.Fprintf(stdout, "game: %s\n", res.Game)
	fmt.Fprintf(stdout, "solved as: %s\n", res.Method)
	fmt.Fprintf(stdout, "SG value of the start: %d\n", res.SG)
	if res.Winner == 1 {
		fmt.Fprintln(stdout, "winner: player 1 (the first player wins with optimal play)")
		fmt.Fprintf(stdout, "winning moves: %s\n", strings.Join(res.WinningMoves, " | "))
	} else {
		fmt.Fprintln(stdout, "winner: player 2 (the second player wins with optimal play)")
	}
	if !o.noLine {
		fmt.Fprintf(stdout, "optimal line (seed %d):\n", o.seed)
		for _, st := range res.Line {
			fmt.Fprintf(stdout, "  SG = %d | %s\n", st.SG, st.Position)
		}
		if res.Truncated {
			fmt.Fprintf(stdout, "  ... (stopped after %d steps; --max-line N to change)\n", len(res.Line))
		}
	}
	return nil
}

// ruleError makes an error in a rule file (file, or "" when err names it
// already) a usage error naming the file and line; a rule game over a
// budget is named by its file too.
func ruleError(file string, err error) error {
	var re *rules.Error
	var ue *usageError
	switch {
	case file != "" && errors.As(err, &ue) && !errors.As(err, &re):
		return usagef("%s: %v", file, err)
	case !errors.As(err, &re):
		return err
	case file == "":
		return usagef("%v", err)
	}
	return usagef("%s: %v", file, err)
}

// solveByIndex solves g by its index when it has one whose every move
// lowers the index (grundy.SolveIndexed); it returns nil, nil when g must
// be compiled instead (also when the index space is larger than
// --max-positions: the compile then counts only reachable positions, or
// refuses at once a game that counts its own). --max-moves does not apply:
// solving by index keeps no moves.
func solveByIndex(ctx context.Context, g game.Game, maxPositions int, stderr io.Writer) (*grundy.IndexTable, error) {
	ig, ok := g.(game.Indexed)
	if !ok || ig.Size() <= 0 || ig.Size() > int64(maxPositions) {
		return nil, nil
	}
	progress, done := progressTo(stderr, "positions solved")
	tab, err := grundy.SolveIndexed(ctx, ig, grundy.IndexOptions{MaxPositions: maxPositions, Progress: progress})
	done()
	var nd *grundy.NotDescendingError
	if errors.As(err, &nd) {
		return nil, nil
	}
	return tab, err
}

// decompose splits rule games that are sums of one-component games.
func decompose(g game.Game) ([]game.Game, bool) {
	if rg, ok := g.(*rules.Game); ok {
		return rg.Components()
	}
	return nil, false
}

func compile(ctx context.Context, g game.Game, opt game.Options) (*game.Graph, error) {
	if rg, ok := g.(*rules.Game); ok {
		return rg.Compile(ctx, opt)
	}
	return game.CompileContext(ctx, g, opt)
}
