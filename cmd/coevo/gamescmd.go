package main

import (
	"context"
	"flag"
	"fmt"
	"io"

	"github.com/coevolab/coevo/engine/games"
)

func cmdGames(_ context.Context, args []string, stdout, _ io.Writer) error {
	fs := flag.NewFlagSet("games", flag.ContinueOnError)
	help := func(w io.Writer) {
		fmt.Fprintln(w, "Usage: coevo games\n\nLists every registered game with its flags (for coevo solve) and its source.")
	}
	if err := parseFlags(fs, args, stdout, help); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("unexpected argument %q", fs.Arg(0))
	}
	for _, s := range games.Specs() {
		fmt.Fprintf(stdout, "%s\n    %s\n", s.Name, s.Summary)
		for _, p := range s.Params {
			def := ""
			switch {
			case p.Default != "":
				def = " (default " + p.Default + ")"
			case !p.Optional:
				def = " (required)"
			}
			fmt.Fprintf(stdout, "    --%-8s %s%s\n", p.Name, p.Usage, def)
		}
		fmt.Fprintf(stdout, "    source: %s\n", s.Source)
	}
	return nil
}
