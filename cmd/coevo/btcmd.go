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
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/coevolab/coevo/internal/atomicfile"
	"github.com/coevolab/coevo/stats/bt"
	"github.com/coevolab/coevo/stats/intrans"
	"github.com/coevolab/coevo/stats/plot"
)

func btHelp(w io.Writer) {
	fmt.Fprint(w, `Usage: coevo bt fit FILE [flags]
       coevo bt groups FILE [--format F]

fit: fits a Bradley-Terry model (maximum likelihood, by Newton's method on
the sparse likelihood, or Hunter's MM with --method mm) and prints each
player's Elo (paper 003 eq. 3) with its standard error and 95% interval,
games and score; then the transitivity index tau (eq. 4) over the triads of
players who all played each other, and the symmetric KL divergence D_KL
between predicted and observed win rates (eq. 6) over the pairs that played.

groups: the connectivity report: which groups of players can be rated
against each other, and the games that link the groups.

FILE formats (CSV; lines starting with # are comments):
  pairs   header a,b,wins_a,wins_b,draws[,first]  (first: a or b moved first)
  matrix  a square table like paper 003 Table VI: header of player names,
          row i column j = points i scored against j; extra columns ignored
  games   header first,second,result  with result 1-0, 0-1, 1/2-1/2
  pgn     Portable Game Notation (White moves first; "*" games skipped)
The default is pgn for a .pgn file and pairs otherwise.

Examples:
  coevo bt fit datasets/003_table6.csv --format matrix
  coevo bt fit engines.pgn --draws rao-kupper --anchor "Stockfish=3500"
  coevo bt fit results.csv --home --json
  coevo bt fit results.csv --prior 2     (when someone never lost)
  coevo bt fit engines.pgn --los los.csv --los-top 20
  coevo bt groups results.csv

Flags:
`)
	fs, _ := btFlags()
	flagDefaults(w, fs)
}

// names is a repeatable string flag.
type names []string

func (n *names) String() string     { return strings.Join(*n, ",") }
func (n *names) Set(s string) error { *n = append(*n, s); return nil }

type btOpts struct {
	format    string
	eloMean   float64
	json      bool
	prior     float64
	home      bool
	smoothing float64
	plot      string
	draws     string
	method    string
	anchor    string
	exclude   names
	los       string
	losTop    int
	cov       string
	seTol     float64
	timings   bool
}

func btFlags() (*flag.FlagSet, *btOpts) {
	o := &btOpts{}
	fs := flag.NewFlagSet("bt fit", flag.ContinueOnError)
	fs.StringVar(&o.format, "format", "", "input format: pairs, matrix, games or pgn (default: pgn for .pgn files, else pairs)")
	fs.Float64Var(&o.eloMean, "elo-mean", 1600, "mean Elo of the pool (the anchor's Elo with --anchor NAME)")
	fs.BoolVar(&o.json, "json", false, `print {"players":[{"name","elo","se",...}],"tau","dkl",...} as JSON`)
	fs.Float64Var(&o.prior, "prior", 0, "virtual drawn games between every pair (a regularised fit)")
	fs.BoolVar(&o.home, "home", false, "fit a first-move advantage (needs the seat: pairs' first column, games, pgn)")
	fs.Float64Var(&o.smoothing, "smoothing", intrans.DefaultSmoothing, "constant added to each count of games won in D_KL")
	fs.StringVar(&o.plot, "plot", "", "also save a rating plot with 95% intervals to `FILE` (.pdf, .svg, .png, .eps)")
	fs.StringVar(&o.draws, "draws", "half", "draw model: half (a draw is half a win each), davidson or rao-kupper (BayesElo's)")
	fs.StringVar(&o.method, "method", "newton", "algorithm: newton, or mm (Hunter's MM, as paper 003; half-point draws)")
	fs.StringVar(&o.anchor, "anchor", "", "fix this player's Elo (`NAME` or NAME=ELO; default ELO: --elo-mean); SEs become those of the difference to it")
	fs.Var(&o.exclude, "exclude", "leave out this player and its games (`NAME`; repeat the flag for several)")
	fs.StringVar(&o.los, "los", "", "write the likelihood-of-superiority matrix P(row stronger than column) to `FILE` (CSV)")
	fs.IntVar(&o.losTop, "los-top", 0, "with --los: only the K best-rated players (needed above 3000 players)")
	fs.StringVar(&o.cov, "cov", "", "write the full covariance of the log-strengths to `FILE` (CSV; dense: players^2 numbers)")
	fs.Float64Var(&o.seTol, "se-tol", 1e-3, "relative accuracy of the standard errors computed without the dense covariance")
	fs.BoolVar(&o.timings, "timings", false, "print the time each phase took to standard error")
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
			return usagef("missing subcommand: coevo bt fit FILE, or coevo bt groups FILE (see coevo bt --help)")
		}
		btHelp(stdout)
		return errHelp
	}
	switch args[0] {
	case "fit":
		return btFit(ctx, args[1:], stdout, stderr)
	case "groups":
		return btGroups(args[1:], stdout)
	}
	return usagef("unknown subcommand %q (want: coevo bt fit FILE, or coevo bt groups FILE)", args[0])
}

// btFormat is the format of FILE: the one given, or pgn for a .pgn file
// and pairs otherwise.
func btFormat(file, format string) string {
	if format != "" {
		return format
	}
	if strings.EqualFold(filepath.Ext(file), ".pgn") {
		return "pgn"
	}
	return "pairs"
}

// btReadError turns bad input into a usage error.
func btReadError(err error) error {
	var de *bt.DataError
	if errors.As(err, &de) || errors.Is(err, os.ErrNotExist) || strings.HasPrefix(err.Error(), "unknown format") {
		return usagef("%v", err)
	}
	return err
}

// readBT reads FILE as results.
func readBT(file, format string) (*bt.Results, error) {
	res, err := bt.ReadFile(file, btFormat(file, format))
	if err != nil {
		return nil, btReadError(err)
	}
	return res, nil
}

func btGroups(args []string, stdout io.Writer) error {
	fs, o := btFlags()
	file, err := parseFileFlags(fs, args, stdout, btHelp, "coevo bt groups FILE")
	if err != nil {
		return err
	}
	res, err := readBT(file, o.format)
	if err != nil {
		return err
	}
	fmt.Fprint(stdout, bt.Connectivity(res))
	return nil
}

// phases times the phases of a command for --timings.
type phases struct {
	w     io.Writer
	on    bool
	start time.Time
	last  time.Time
}

func (p *phases) done(name string) {
	if !p.on {
		return
	}
	now := time.Now()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	fmt.Fprintf(p.w, "  %-8s %7.3fs   heap %5d MB%s\n", name, now.Sub(p.last).Seconds(), m.HeapAlloc>>20, peakRSS())
	p.last = now
}

// peakRSS reads the peak resident set size from /proc (Linux), or "".
func peakRSS() string {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return ""
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			return "   peak RSS " + strings.TrimSpace(v)
		}
	}
	return ""
}

func (p *phases) total() {
	if p.on {
		fmt.Fprintf(p.w, "  %-8s %7.3fs\n", "total", time.Since(p.start).Seconds())
	}
}

func btFit(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs, o := btFlags()
	file, err := parseFileFlags(fs, args, stdout, btHelp, "coevo bt fit FILE")
	if err != nil {
		return err
	}
	draws, err := bt.ParseDrawModel(o.draws)
	if err != nil {
		return usagef("--draws: %v", err)
	}
	opt := bt.Options{Draws: draws, Home: o.home, Prior: o.prior, EloMean: o.eloMean, SETol: o.seTol}
	switch o.method {
	case "newton":
	case "mm":
		opt.Method = bt.MM
	default:
		return usagef("--method %q: want newton or mm", o.method)
	}
	if o.prior < 0 {
		return usagef("--prior %v: must be non-negative", o.prior)
	}
	if o.seTol <= 0 || o.seTol >= 1 {
		return usagef("--se-tol %v: want a relative accuracy in (0, 1)", o.seTol)
	}
	if o.losTop < 0 {
		return usagef("--los-top %d: must be positive", o.losTop)
	}
	if o.anchor != "" {
		opt.Anchor, opt.AnchorElo = o.anchor, o.eloMean
		if k := strings.LastIndex(o.anchor, "="); k >= 0 {
			elo, err := strconv.ParseFloat(o.anchor[k+1:], 64)
			if err != nil || math.IsNaN(elo) || math.IsInf(elo, 0) {
				return usagef("--anchor %q: want NAME or NAME=ELO with a finite ELO", o.anchor)
			}
			opt.Anchor, opt.AnchorElo = o.anchor[:k], elo
		}
	}
	if opt.Method == bt.MM && draws != bt.HalfPoint {
		return usagef("--method mm fits half-point draws only; use --method newton with --draws %s", o.draws)
	}
	ph := &phases{w: stderr, on: o.timings, start: time.Now(), last: time.Now()}
	// Everything but the first-move model and exclusions works on results
	// aggregated by pair: read only those, so that a large tournament is
	// held once, compactly.
	var (
		players []string
		pairs   *bt.Pairs
		fit     *bt.Ratings
	)
	if o.home || len(o.exclude) > 0 {
		var res *bt.Results
		if res, err = readBT(file, o.format); err != nil {
			return err
		}
		if len(o.exclude) > 0 {
			if res, err = res.Without(o.exclude...); err != nil {
				return usagef("--exclude: %v", err)
			}
		}
		players, pairs = res.Players, res.Pairs()
		if err := checkAnchor(opt.Anchor, players, file); err != nil {
			return err
		}
		ph.done("read")
		if o.home {
			fit, err = opt.FitContext(ctx, res)
		} else {
			res.Matchups = nil
			fit, err = opt.FitPairs(ctx, players, pairs)
		}
	} else {
		players, pairs, err = bt.ReadPairsFile(file, btFormat(file, o.format))
		if err != nil {
			return btReadError(err)
		}
		if err := checkAnchor(opt.Anchor, players, file); err != nil {
			return err
		}
		ph.done("read")
		fit, err = opt.FitPairs(ctx, players, pairs)
	}
	if err != nil {
		var nc *bt.NotConnectedError
		if errors.As(err, &nc) {
			return usagef("%s: %v (coevo bt groups %s shows the groups)", file, err, file)
		}
		if strings.Contains(err.Error(), "draw model needs") || strings.Contains(err.Error(), "first-move advantage cannot") {
			return usagef("%s: %v", file, err)
		}
		return fmt.Errorf("%s: %w", file, err)
	}
	ph.done("fit")
	se, err := fit.StdErrors(ctx)
	if err != nil {
		return err
	}
	seMethod, seBound := fit.SEAccuracy()
	ph.done("se")
	tr := intrans.PlayedTriads(pairs)
	ph.done("tau")
	dkl, err := intrans.PairDivergence(fit, pairs, o.smoothing, true)
	if err != nil {
		return usagef("%s: %v", file, err)
	}
	medianGames := median(pairs)
	ph.done("dkl")

	elo, games, score := fit.Elo(), fit.Games(), fit.Score()
	lo, hi := fit.CI(0.95)
	rows := make([]btPlayer, len(elo))
	for i := range elo {
		rows[i] = btPlayer{players[i], elo[i], se[i], lo[i], hi[i], games[i], score[i]}
	}
	if o.plot != "" {
		if err := saveRatingPlot(fit, o.plot); err != nil {
			return err
		}
	}
	if o.los != "" {
		if err := writeLOS(ctx, fit, o.los, o.losTop); err != nil {
			return err
		}
	}
	if o.cov != "" {
		if err := writeCov(fit, o.cov); err != nil {
			return err
		}
	}
	if o.json {
		type jsonOut struct {
			Players     []btPlayer `json:"players"`
			Tau         num        `json:"tau"`
			Triads      int64      `json:"triads_played"`
			Cyclic      int64      `json:"triads_cyclic"`
			DKL         float64    `json:"dkl"`
			Pairs       int        `json:"pairs"`
			MedianGames float64    `json:"median_games_per_pair"`
			Home        float64    `json:"home,omitempty"`
			Draws       string     `json:"draw_model"`
			Draw        float64    `json:"draw,omitempty"`
			Iterations  int        `json:"iterations"`
			Method      string     `json:"method"`
			SEMethod    string     `json:"se_method"`
			SEBound     float64    `json:"se_bound"`
		}
		out := jsonOut{rows, num(tr.Tau()), tr.Played, tr.Cyclic, dkl, pairs.Len(), medianGames, 0,
			draws.String(), fit.Draw, fit.Iterations, opt.Method.String(), seMethod, seBound}
		if o.home {
			out.Home = fit.Home
		}
		enc := json.NewEncoder(stdout)
		enc.SetEscapeHTML(false)
		err := enc.Encode(out)
		ph.done("output")
		ph.total()
		return err
	}
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "player\telo\tse\t95% low\t95% high\tgames\tscore%\t")
	for _, p := range rows {
		fmt.Fprintf(tw, "%s\t%.1f\t%.1f\t%.1f\t%.1f\t%g\t%.1f\t\n", p.Name, p.Elo, p.SE, p.CILow, p.CIHigh, p.Games, p.Score)
	}
	tw.Flush()
	fmt.Fprintln(stdout, tr)
	fmt.Fprintf(stdout, "D_KL = %.4f (symmetric, smoothing %g) over %d pairs that played", dkl, o.smoothing, pairs.Len())
	if medianGames < 10 {
		fmt.Fprintf(stdout, "; a median of %g games a pair, too few for observed win rates: D_KL mostly measures the smoothing", medianGames)
	}
	fmt.Fprintln(stdout)
	fmt.Fprintf(stdout, "%s: %d iterations", map[bt.Method]string{bt.Newton: "Newton", bt.MM: "MM"}[opt.Method], fit.Iterations)
	switch seMethod {
	case "series":
		fmt.Fprintf(stdout, "; standard errors by the deflated series, within %.2g%%", 100*seBound)
	case "solves":
		fmt.Fprint(stdout, "; standard errors by one solve per player")
	}
	if opt.Anchor != "" {
		fmt.Fprintf(stdout, "; anchor %s at %g (SEs are of the difference to it)", opt.Anchor, opt.AnchorElo)
	}
	fmt.Fprintln(stdout)
	hse, dse := fit.ParamSE()
	if o.home {
		fmt.Fprintf(stdout, "first-move advantage: x%.4f (%.1f ± %.1f Elo)\n", fit.Home, 400*math.Log10(fit.Home), 400/math.Ln10*hse)
	}
	switch draws {
	case bt.Davidson:
		fmt.Fprintf(stdout, "draw parameter (Davidson nu): %.4f (log nu %.4f ± %.4f)\n", fit.Draw, math.Log(fit.Draw), dse)
	case bt.RaoKupper:
		fmt.Fprintf(stdout, "draw parameter (Rao-Kupper theta): %.4f, drawelo %.1f ± %.1f\n", fit.Draw, 400*math.Log10(fit.Draw), 400/math.Ln10*dse)
	}
	ph.done("output")
	ph.total()
	return nil
}

// checkAnchor checks that the anchor, if any, is a player.
func checkAnchor(anchor string, players []string, file string) error {
	if anchor != "" && !slices.Contains(players, anchor) {
		return usagef("--anchor: %q is not a player of %s", anchor, file)
	}
	return nil
}

// median returns the median number of games over the pairs that played.
func median(p *bt.Pairs) float64 {
	if p.Len() == 0 {
		return 0
	}
	g := make([]float64, p.Len())
	for k := range g {
		g[k] = p.Games(k)
	}
	sort.Float64s(g)
	return g[len(g)/2]
}

func saveRatingPlot(fit *bt.Ratings, path string) error {
	lo, hi := fit.CI(0.95)
	p, err := plot.Ratings(fit.Players, fit.Elo(), lo, hi)
	if err != nil {
		return err
	}
	return plot.Save(p, path)
}

// writeLOS writes the likelihood-of-superiority matrix of the top players
// by Elo (all when top is 0) as CSV.
func writeLOS(ctx context.Context, fit *bt.Ratings, path string, top int) error {
	n := len(fit.Players)
	if top == 0 || top > n {
		if n > 3000 && top == 0 {
			return usagef("--los: a matrix of %d players has %d cells; give --los-top K", n, n*n)
		}
		top = n
	}
	elo := fit.Elo()
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		switch {
		case elo[a] > elo[b]:
			return -1
		case elo[a] < elo[b]:
			return 1
		}
		return 0
	})
	idx = idx[:top]
	los, err := fit.SuperiorityOf(ctx, idx)
	if err != nil {
		return err
	}
	return atomicfile.Write(path, func(w io.Writer) error {
		head := []string{"player"}
		for _, i := range idx {
			head = append(head, csvQuote(fit.Players[i]))
		}
		fmt.Fprintln(w, strings.Join(head, ","))
		for a, i := range idx {
			row := []string{csvQuote(fit.Players[i])}
			for b := range idx {
				if a == b {
					row = append(row, "")
					continue
				}
				row = append(row, strconv.FormatFloat(los[a][b], 'f', 4, 64))
			}
			if _, err := fmt.Fprintln(w, strings.Join(row, ",")); err != nil {
				return err
			}
		}
		return nil
	})
}

// writeCov writes the covariance of the log-strengths as CSV.
func writeCov(fit *bt.Ratings, path string) error {
	c := fit.Cov()
	n := len(fit.Players)
	return atomicfile.Write(path, func(w io.Writer) error {
		head := []string{"player"}
		for _, p := range fit.Players {
			head = append(head, csvQuote(p))
		}
		fmt.Fprintln(w, strings.Join(head, ","))
		for i := 0; i < n; i++ {
			row := []string{csvQuote(fit.Players[i])}
			for j := 0; j < n; j++ {
				row = append(row, strconv.FormatFloat(c.At(i, j), 'g', 8, 64))
			}
			if _, err := fmt.Fprintln(w, strings.Join(row, ",")); err != nil {
				return err
			}
		}
		return nil
	})
}

func csvQuote(s string) string {
	if strings.ContainsAny(s, ",\"\n") {
		return `"` + strings.ReplaceAll(s, `"`, `""`) + `"`
	}
	return s
}
