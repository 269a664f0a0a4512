// Command coevo is the command line of the coevo toolkit: solve impartial
// games, compute nim-sequences, and list the game catalogue.
//
//	coevo solve nim --heaps 1,3,5,7
//	coevo solve chomp --rows 4 --cols 5 --json
//	coevo solve --rules game.rules
//	coevo sg octal --code 0.77 --upto 200 --period
//	coevo games
//
// Run "coevo COMMAND --help" for each command's flags. Bad usage exits
// with status 2 and one line on standard error naming what is wrong.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
)

// version is set at build time with -ldflags "-X main.version=...".
var version = "dev"

// usageError is bad input from the user: exit status 2.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usagef(format string, a ...any) error { return &usageError{fmt.Sprintf(format, a...)} }

type command struct {
	name    string
	summary string
	run     func(ctx context.Context, args []string, stdout, stderr io.Writer) error
}

var commands []command

func init() {
	commands = []command{
		{"solve", "solve a game: SG value of the start, the winner, an optimal line", cmdSolve},
		{"sg", "nim-sequence of a heap game (octal, grundy, subtraction, ...), with periodicity", cmdSG},
		{"games", "list the game catalogue with each game's flags and source", cmdGames},
		{"bt", "Bradley-Terry ratings (Elo, SEs), transitivity index and KL divergence of a tournament", cmdBT},
		{"regress", "fit runtime against size (power law, power-log) with bootstrap intervals and a bound", cmdRegress},
		{"umda", "run the coevolutionary UMDA of paper 000 on a game until it selects an optimal strategy", cmdUMDA},
		{"gp", "genetic programming for a formula of a heap game's Grundy values (paper 002)", cmdGP},
		{"theory", "n, Delta, critical positions, switchability and the runtime bound of paper 000 for a game", cmdTheory},
		{"othello", "Othello on bitboards: perft, games, leagues and pictures of WPC players (paper 003)", cmdOthello},
		{"coevolve", "evolve Othello WPC players: NashSolve, anti-heuristic, ICL (CMA-ES); matching sides (paper 003)", cmdCoevolve},
		{"ciao", "CIAO plot, Table V transitivity and dominance tournament of a coevolve run's archive", cmdCIAO},
		{"kernel", "install or run the Jupyter kernel (Go cells, engine and stats pre-bound)", cmdKernel},
		{"version", "print the version", func(_ context.Context, args []string, w, _ io.Writer) error {
			if len(args) > 0 {
				return usagef("unexpected argument %q (coevo version takes none)", args[0])
			}
			fmt.Fprintln(w, "coevo", version)
			return nil
		}},
	}
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "coevo: a toolkit for coevolutionary algorithms on combinatorial games")
	fmt.Fprintln(w, "\nUsage: coevo COMMAND [flags]\n\nCommands:")
	for _, c := range commands {
		fmt.Fprintf(w, "  %-8s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w, "\nRun \"coevo COMMAND --help\" for a command's flags.")
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) (status int) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "coevo: internal error: %v (please report it)\n", r)
			status = 1
		}
	}()
	if len(args) == 0 {
		fmt.Fprintf(stderr, "coevo: no command given (commands: %s; coevo --help says more)\n", commandNames())
		return 2
	}
	name := args[0]
	out := newStdout(ctx, stdout)
	if name == "-h" || name == "--help" || name == "help" {
		usage(out)
		return out.status(stderr, "coevo", nil)
	}
	for _, c := range commands {
		if c.name != name {
			continue
		}
		err := c.run(ctx, args[1:], out, stderr)
		if errors.Is(err, errHelp) {
			err = nil
		}
		return out.status(stderr, "coevo "+name, err)
	}
	fmt.Fprintf(stderr, "coevo: unknown command %q (commands: %s)\n", name, commandNames())
	return 2
}

func commandNames() string {
	var n []string
	for _, c := range commands {
		n = append(n, c.name)
	}
	return strings.Join(n, ", ")
}

func oneLine(s string) string { return strings.ReplaceAll(s, "\n", "; ") }

func main() {
	ctx, stop := notifySignals()
	defer stop()
	os.Exit(run(ctx, os.Args[1:], os.Stdout, os.Stderr))
}
