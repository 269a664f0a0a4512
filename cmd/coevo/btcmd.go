package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"strings"
	"text/tabwriter"

	"github.com/coevolab/coevo/stats/bt"
	"github.com/coevolab/coevo/stats/intrans"
	"github.com/coevolab/coevo/stats/plot"
)

func btHelp(w io.Writer) {
	fmt.Fprint(w, `Usage: coevo bt fit FILE [flags]

Fits a Bradley-Terry model by Hunter's MM algorithm and prints each
player's Elo (paper 003 eq. 3) with its standard error and 95% interval,
games and score, then the transitivity index tau (eq. 4) and the symmetric
KL divergence D_KL between predicted and observed win rates (eq. 6).

FILE formats (CSV; lines starting with # are comments):
  pairs   header a,b,wins_a,wins_b,draws[,first]  (first: a or b moved first)
  matrix  a square table like paper 003 Table VI: header of player names,
          row i column j = points i scored against j; extra columns ignored
  games   header first,second,result  with result 1-0, 0-1, 1/2-1/2

Examples:
  coevo bt fit datasets/003_table6.csv --format matrix
  coevo bt fit results.csv --home --json
  coevo bt fit results.csv --prior 2     (when someone never lost)

Flags:
`)
	fs, _ := btFlags()
	flagDefaults(w, fs)
}

type btOpts struct {
	format    string
	eloMean   float64
	json      bool
	prior     float64
	home      bool
	smoothing float64
	plot      string
}

func btFlags() (*flag.FlagSet, *btOpts) {
	o := &btOpts{}
	fs := flag.NewFlagSet("bt fit", flag.ContinueOnError)
	fs.StringVar(&o.format, "format", "pairs", "input format: pairs, matrix or games")
	fs.Float64Var(&o.eloMean, "elo-mean", 1600, "mean Elo of the pool")
	fs.BoolVar(&o.json, "json", false, `print {"players":[{"name","elo","se",...}],"tau","dkl"} as JSON`)
	fs.Float64Var(&o.prior, "prior", 0, "virtual drawn games between every pair (a regularised fit)")
	fs.BoolVar(&o.home, "home", false, "fit a first-move advantage (needs the seat: pairs' first column, or games)")
	fs.Float64Var(&o.smoothing, "smoothing", intrans.DefaultSmoothing, "constant added to each count of games won in D_KL")
	fs.StringVar(&o.plot, "plot", "", "also save a rating plot with 95% intervals to `FILE` (.pdf, .svg, .png, .eps)")
	return fs, o
}

type btPlayer struct {
	Name   string  `json:"name"`
	Elo    float64 `json:"elo"`
	SE     float64 `json:"se"`
	CILow  float64 `json:"ci_low"`
	CIHigh float64 `json:"ci_high"`
	Games  float64 `json:"games"`
	Score  float64 `json:"score_pct"`
}

func cmdBT(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "-help" {
		if len(args) == 0 {
			return usagef("missing subcommand: coevo bt fit FILE (see coevo bt --help)")
		}
		btHelp(stdout)
		return errHelp
	}
	if args[0] != "fit" {
		return usagef("unknown subcommand %q (want: coevo bt fit FILE)", args[0])
	}
	fs, o := btFlags()
	file, err := parseFileFlags(fs, args[1:], stdout, btHelp, "coevo bt fit FILE")
	if err != nil {
		return err
	}
	res, err := bt.ReadFile(file, o.format)
	if err != nil {
		var de *bt.DataError
		if errors.As(err, &de) || errors.Is(err, os.ErrNotExist) || strings.HasPrefix(err.Error(), "unknown format") {
			return usagef("%v", err)
		}
		return err
	}
	fit, err := bt.Options{Home: o.home, Prior: o.prior, EloMean: o.eloMean}.Fit(res)
	if err != nil {
		var nc *bt.NotConnectedError
		if errors.As(err, &nc) {
			return usagef("%s: %v", file, err)
		}
		return fmt.Errorf("%s: %w", file, err)
	}
	P, _ := res.Points()
	tau := intrans.Tau(P)
	dkl, err := intrans.Divergence(fit, res, o.smoothing, true)
	if err != nil {
		return err
	}
	elo, se, games, score := fit.Elo(), fit.SE(), fit.Games(), fit.Score()
	lo, hi := fit.CI(0.95)
	players := make([]btPlayer, len(elo))
	for i := range elo {
		players[i] = btPlayer{res.Players[i], elo[i], se[i], lo[i], hi[i], games[i], score[i]}
	}
	if o.plot != "" {
		if err := saveRatingPlot(fit, o.plot); err != nil {
			return err
		}
	}
	if o.json {
		out := struct {
			Players    []btPlayer `json:"players"`
			Tau        float64    `json:"tau"`
			DKL        float64    `json:"dkl"`
			Home       float64    `json:"home,omitempty"`
			Iterations int        `json:"iterations"`
		}{players, tau, dkl, 0, fit.Iterations}
		if o.home {
			out.Home = fit.Home
		}
		enc := json.NewEncoder(stdout)
		enc.SetEscapeHTML(false)
		return enc.Encode(out)
	}
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "player\telo\tse\t95% low\t95% high\tgames\tscore%\t")
	for _, p := range players {
		fmt.Fprintf(tw, "%s\t%.1f\t%.1f\t%.1f\t%.1f\t%g\t%.1f\t\n", p.Name, p.Elo, p.SE, p.CILow, p.CIHigh, p.Games, p.Score)
	}
	tw.Flush()
	fmt.Fprintf(stdout, "tau = %.4f   D_KL = %.4f (symmetric, smoothing %g)   MM iterations: %d\n", tau, dkl, o.smoothing, fit.Iterations)
	if o.home {
		fmt.Fprintf(stdout, "first-move advantage: x%.4f (%.1f Elo)\n", fit.Home, 400*log10(fit.Home))
	}
	return nil
}

func saveRatingPlot(fit *bt.Ratings, path string) error {
	lo, hi := fit.CI(0.95)
	p, err := plot.Ratings(fit.Players, fit.Elo(), lo, hi)
	if err != nil {
		return err
	}
	return plot.Save(p, path)
}

func log10(x float64) float64 { return math.Log10(x) }
