package main

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/coevolab/coevo/engine/games"
	"github.com/coevolab/coevo/engine/heap"
)

func sgHelp(w io.Writer) {
	fmt.Fprint(w, `Usage: coevo sg GAME --upto N [flags]

Prints the nim-sequence g(0), g(1), ..., g(N) of a heap game: the
Sprague-Grundy value of a single heap of every size up to N. GAME is one of
  octal --code C      any octal game, e.g. 0.77 (Kayles), 0.07, 0.137
  kayles              octal 0.77
  grundy              Grundy's game (split a heap into two unequal heaps)
  subtraction --set S subtraction game with set S, e.g. 1,2,3
  nim                 Nim (g(n) = n)
Games that split heaps use the rare/common (sparse space) method, so
N = 1000000 takes seconds.

With --period, the smallest period proved by the Guy-Smith criterion is
reported with its pre-period (the first n from which the values repeat);
in CSV output it is a last line starting with "#".

Examples:
  coevo sg octal --code 0.77 --upto 200 --period
  coevo sg grundy --upto 1000000 --format csv > grundy.csv
  coevo sg subtraction --set 1,3,4 --upto 30 --format json

Flags:
`)
	fs, _ := sgFlags()
	flagDefaults(w, fs)
}

type sgOpts struct {
	upto   int
	format string
	period bool
	code   string
	set    string
}

func sgFlags() (*flag.FlagSet, *sgOpts) {
	o := &sgOpts{}
	fs := flag.NewFlagSet("sg", flag.ContinueOnError)
	fs.IntVar(&o.upto, "upto", 100, "largest heap size `N`")
	fs.StringVar(&o.format, "format", "text", "output format: text, csv (n,sg rows) or json")
	fs.BoolVar(&o.period, "period", false, "report the period and pre-period when the Guy-Smith criterion proves one")
	fs.StringVar(&o.code, "code", "", "octal code, for octal")
	fs.StringVar(&o.set, "set", "", "subtraction set, comma separated, for subtraction")
	return fs, o
}

func cmdSG(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		if len(args) > 0 && (args[0] == "-h" || args[0] == "--help" || args[0] == "-help") {
			sgHelp(stdout)
			return errHelp
		}
		return usagef("no game given (octal, kayles, grundy, subtraction or nim; see coevo sg --help)")
	}
	name := args[0]
	fs, o := sgFlags()
	if err := parseFlags(fs, args[1:], stdout, sgHelp); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("unexpected argument %q", fs.Arg(0))
	}
	if o.format != "text" && o.format != "csv" && o.format != "json" {
		return usagef("--format %q: want text, csv or json", o.format)
	}
	if o.upto < 0 || o.upto >= heap.MaxSequence {
		return usagef("--upto %d: want 0 <= N < %d", o.upto, heap.MaxSequence)
	}
	rule, err := games.HeapRule(name, games.Args{"code": o.code, "set": o.set})
	if err != nil {
		return usagef("%v", err)
	}
	progress, done := progressTo(stderr, "values computed")
	g, err := rule.SequenceContext(ctx, o.upto, progress)
	done()
	if err != nil {
		return err
	}
	var per *heap.Periodicity
	if o.period {
		p := rule.Period(g)
		per = &p
	}
	w := bufio.NewWriter(stdout)
	defer w.Flush()
	switch o.format {
	case "csv":
		w.WriteString("n,sg\n")
		for n, v := range g {
			w.WriteString(strconv.Itoa(n))
			w.WriteByte(',')
			w.WriteString(strconv.Itoa(int(v)))
			w.WriteByte('\n')
		}
		if per != nil {
			fmt.Fprintf(w, "# %s\n", per)
		}
	case "json":
		out := struct {
			Game   string            `json:"game"`
			Values []int32           `json:"values"`
			Period *heap.Periodicity `json:"period,omitempty"`
		}{rule.Name(), g, per}
		return json.NewEncoder(w).Encode(out)
	default:
		fmt.Fprintf(w, "%s: g(0..%d)\n", rule.Name(), o.upto)
		for n := 0; n < len(g); n += 12 {
			fmt.Fprintf(w, "%6d:", n)
			for _, v := range g[n:min(n+12, len(g))] {
				fmt.Fprintf(w, " %3d", v)
			}
			w.WriteByte('\n')
		}
		if per != nil {
			fmt.Fprintln(w, per)
		}
	}
	return nil
}
