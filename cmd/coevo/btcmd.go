package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"text/tabwriter"
	"time"

	"github.com/coevolab/coevo/internal/csvdata"
	"github.com/coevolab/coevo/internal/ctxio"
	"github.com/coevolab/coevo/internal/input"
	"github.com/coevolab/coevo/stats/bt"
	"github.com/coevolab/coevo/stats/intrans"
)

func btHelp(w io.Writer) {
	fmt.Fprint(w, `Usage: coevo bt fit FILE... [flags]
       coevo bt groups FILE... [--format F]

fit: fits a Bradley-Terry model (maximum likelihood, by Newton's method on
the sparse likelihood, or Hunter's MM with --method mm) and prints each
player's Elo (paper 003 eq. 3) with its standard error and confidence
interval, games and score; then the transitivity index tau (eq. 4) over the
triads of players who all played each other, and the symmetric KL divergence
D_KL between predicted and observed win rates (eq. 6) over the pairs that
played.

--model bayeselo fits BayesElo's model instead (Remi Coulom's bayeselo, as
its mm command): Rao-Kupper draws with drawelo 97.3 and a first-move
advantage of 32.8 Elo, both fixed (--drawelo fit, --advantage fit estimate
them, as mm 1 1), a prior of 2 virtual draws per player (--prior), and Elo
differences on BayesElo's scale. A matrix of points records no draws: its
half points are then read as one draw each (the fewest the points allow).

--ratings-only prints the ratings, games and scores alone, as ordo -p does
without -s: no standard errors, intervals, tau or D_KL (the fit is the same).

Standard errors: by default each rating's error is measured against the
pool, under the constraint that the log-strengths sum to zero (the pool's
mean is --elo-mean): what Ordo reports without an anchor (or with -V). R's
BradleyTerry2 (BTabilities) and Ordo with -A report instead the error of the
difference to a reference player (BradleyTerry2's is the first level of the
player factor), which is larger, as it adds the reference's own
uncertainty: --anchor NAME gives that convention (its SE is then 0). The
ratings are the same either way, up to a shift.

--nash and --alpharank ALPHA add evaluations that intransitivity cannot
fool, for complete leagues (every pair played; coevo ciao --league writes
one): Nash averaging (Balduzzi et al., "Re-evaluating evaluation", 2018)
finds the maximum-entropy Nash equilibrium of the league's log-odds
(--nash-scale margin: win rate - 1/2) and rates each player by its payoff
against it (columns nash, the player's share of the equilibrium, and nash
avg, 0 for the players it plays, below 0 for the others); adding copies of
a player changes no rating. alpha-Rank (Omidshafiei et al., 2019) ranks by
where an evolving population of the league's players spends its time, at
ranking intensity ALPHA on the win rates (inf: the large-alpha limit;
column alpha pi). docs/stats.md says what each measures.

groups: the connectivity report: which groups of players can be rated
against each other, and the games that link the groups.

The table lists the players by rating, with their wins, draws and losses,
draw rate and the mean rating of their opponents (weighted by games);
--csv writes it as CSV, --json as JSON (in the file's order).

FILE formats (CSV; lines starting with # are comments; - reads stdin):
  games   one game a line: header player_a,player_b,score_a (or a,b,score)
          with the first player's score 1, 0 or 0.5, or first,second,result
          (or white,black,result: the first moved first) with 1-0, 0-1,
          1/2-1/2 (win, loss, draw also read); other columns are ignored
  pairs   header a,b,wins_a,wins_b,draws[,first]  (first: a or b moved first)
  matrix  a square table like paper 003 Table VI: header of player names,
          row i column j = points i scored against j; columns after an
          empty header cell (such as "% won") are ignored
  pgn     Portable Game Notation (White moves first; "*" games skipped)
Each FILE's format is told from its first lines (a .pgn file is PGN), for
stdin too; --format names it for every FILE. Several FILEs (or FILE... after
--, as ordo -- a.pgn b.pgn) are rated together, in any mix of formats:
players of the same name are one.

Ordo's input options: --synonyms FILE (Ordo -Y), --include-list FILE (-i),
--exclude-list FILE (-x), --exclude NAME, --min-games N (-t: the others are
rated but not listed). Its priors: --loose-anchors FILE (-y), --relations
FILE (-r); its reports: --los-next (-J), --head-to-head FILE (-j), --elostat
DIR (-E). docs/stats.md lists each Ordo and BayesElo flag beside coevo's.

Examples:
  coevo bt fit datasets/003_table6.csv --format matrix
  coevo bt fit datasets/003_table6.csv --format matrix --model bayeselo
  coevo bt fit datasets/003_table6.csv --format matrix --nash --alpharank inf
  coevo bt fit engines.pgn --draws rao-kupper --anchor "Stockfish=3500"
  coevo bt fit results.csv --home --json --ci 0.9
  coevo bt fit results.csv --prior 2     (when someone never lost)
  coevo bt fit engines.pgn --los - --los-top 10
  coevo bt fit engines.pgn --anchor "A=2800" --anchor "B=2750" --csv ratings.csv
  coevo bt fit my-tournament.csv         (player_a,player_b,score_a per game)
  coevo bt fit round1.pgn round2.pgn extra-games.csv --synonyms names.csv
  cat engines.pgn | coevo bt fit - --ratings-only
  coevo bt groups results.csv

Flags:
`)
	fs, _ := btFlags()
	flagDefaults(w, fs)
}

// names is a repeatable string flag.
type names []string

func (n *names) String() string { return strings.Join(*n, ",") }
func (n *names) Set(s string) error {
	if strings.TrimSpace(s) == "" {
		return errors.New("empty value")
	}
	*n = append(*n, s)
	return nil
}

type btOpts struct {
	format    string
	eloMean   float64
	json      bool
	model     string
	prior     float64
	pairPrior float64
	drawElo   string
	advantage string
	home      bool
	ci        float64
	smoothing float64
	plot      string
	draws     string
	method    string
	anchor    names
	exclude   names
	csv       string
	los       string
	losTop    int
	cov       string
	seTol     float64
	timings   bool
	eval      btEvalOpts
	// ratingsOnly: no standard errors, intervals, tau or D_KL.
	ratingsOnly bool
	excludeList string
	includeList string
	synonyms    string
	minGames    float64
	looseFile   string
	relFile     string
	losNext     bool
	h2h         string
	elostat     string
}

func btFlags() (*flag.FlagSet, *btOpts) {
	o := &btOpts{}
	fs := flag.NewFlagSet("bt fit", flag.ContinueOnError)
	fs.StringVar(&o.format, "format", "", "input format of every FILE: pairs, matrix, games or pgn (default: pgn for .pgn files, else told from each file's first lines)")
	fs.Float64Var(&o.eloMean, "elo-mean", 1600, "mean Elo of the pool (the anchor's Elo with --anchor NAME)")
	fs.BoolVar(&o.json, "json", false, `print {"players":[{"name","elo","se",...}],"tau","dkl",...} as JSON`)
	fs.StringVar(&o.model, "model", "bt", "bt (Bradley-Terry), or bayeselo (BayesElo's model: drawelo, first-move advantage, prior, its Elo scale)")
	fs.Float64Var(&o.prior, "prior", 0, "BayesElo's prior: virtual draws per player, spread over the opponents it met (default 2 with --model bayeselo)")
	fs.Float64Var(&o.pairPrior, "pair-prior", 0, "virtual draws between every pair of players, met or not (links pools that never met; shrinks ratings much more)")
	fs.StringVar(&o.drawElo, "drawelo", "", "with --model bayeselo: BayesElo's draw parameter in `ELO`, or fit to estimate it (default 97.3)")
	fs.StringVar(&o.advantage, "advantage", "", "with --model bayeselo: first-move advantage in `ELO`, or fit to estimate it (default 32.8)")
	fs.BoolVar(&o.home, "home", false, "fit a first-move advantage (needs the seat: pairs' first column, games, pgn)")
	fs.Float64Var(&o.ci, "ci", 0.95, "confidence `LEVEL` of the intervals, in (0, 1)")
	fs.Float64Var(&o.smoothing, "smoothing", intrans.DefaultSmoothing, "constant added to each count of games won in D_KL")
	fs.StringVar(&o.plot, "plot", "", "also save the ratings as a figure to `FILE` (.pdf, .svg, .png, .eps): a row a player, best at the top, intervals as bars; one column wide, as tall as the players need")
	fs.StringVar(&o.draws, "draws", "half", "draw model: half (a draw is half a win each), davidson or rao-kupper (BayesElo's)")
	fs.StringVar(&o.method, "method", "newton", "algorithm: newton, or mm (Hunter's MM, as paper 003; half-point draws)")
	fs.Var(&o.anchor, "anchor", "fix this player's Elo (`NAME` or NAME=ELO; default ELO: --elo-mean); SEs become those of the difference to it; repeat the flag for several anchors, each NAME=ELO (the others are then fitted given them, as Ordo's -m)")
	fs.StringVar(&o.csv, "csv", "", "also write the table as CSV to `FILE` (ranked: rank,player,elo,se,...), or - to print it instead of the table")
	fs.Var(&o.exclude, "exclude", "leave out this player and its games (`NAME`; repeat the flag for several)")
	fs.StringVar(&o.excludeList, "exclude-list", "", "leave out the players named in `FILE` (one a line, or a CSV file's first column) and their games (Ordo's -x)")
	fs.StringVar(&o.includeList, "include-list", "", "rate only the games between players named in `FILE` (one a line, or a CSV file's first column; Ordo's -i)")
	fs.StringVar(&o.synonyms, "synonyms", "", "name synonyms: each line of `FILE` is main,syn1,syn2,... (CSV), and every syn is read as main (Ordo's -Y)")
	fs.Float64Var(&o.minGames, "min-games", 0, "list only the players with at least `N` games (all are rated together; Ordo's -t)")
	fs.StringVar(&o.looseFile, "loose-anchors", "", "normal priors on ratings: each line of `FILE` is \"Player\",Elo,SD (Ordo's -y); they set the ratings' level, and the SEs are the posterior's")
	fs.StringVar(&o.relFile, "relations", "", "normal priors on rating differences: each line of `FILE` is \"A\",\"B\",Diff,SD, Elo(A) - Elo(B) about Diff (Ordo's -r: a new version within SD of the old)")
	fs.StringVar(&o.los, "los", "", "write the likelihood-of-superiority matrix P(row stronger than column) to `FILE` (CSV), or - to print it")
	fs.IntVar(&o.losTop, "los-top", 0, "with --los: only the K best-rated players (needed above 3000 players)")
	fs.StringVar(&o.cov, "cov", "", "write the full covariance of the log-strengths to `FILE` (CSV; dense: players^2 numbers)")
	fs.BoolVar(&o.losNext, "los-next", false, "add a column: the likelihood that each player is stronger than the next in the table (Ordo's -J)")
	fs.StringVar(&o.h2h, "head-to-head", "", "write each player's games against each opponent with the Elo difference, its SE and the likelihood of superiority to `FILE` (Ordo's -j; CSV when FILE ends in .csv)")
	fs.StringVar(&o.elostat, "elostat", "", "write Elostat's rating.dat, programs.dat and general.dat into folder `DIR` (Ordo's -E)")
	fs.Float64Var(&o.seTol, "se-tol", 1e-3, "relative accuracy of the standard errors computed without the dense covariance")
	fs.BoolVar(&o.timings, "timings", false, "print the time each phase took to standard error")
	btEvalFlags(fs, &o.eval)
	fs.BoolVar(&o.ratingsOnly, "ratings-only", false, "ratings, games and scores only: no standard errors, intervals, tau or D_KL (as ordo -p without -s; the fit is the same)")
	return fs, o
}

type btPlayer struct {
	Name     string  `json:"name"`
	Rank     int     `json:"rank"`
	Elo      num     `json:"elo"`
	SE       num     `json:"se"`
	CILow    num     `json:"ci_low"`
	CIHigh   num     `json:"ci_high"`
	Games    num     `json:"games"`
	Score    num     `json:"score_pct"`
	Wins     float64 `json:"wins"`
	Draws    float64 `json:"draws"`
	Losses   float64 `json:"losses"`
	DrawRate num     `json:"draw_pct"`
	Opponent num     `json:"opponent_elo"`
	// --nash and --alpharank
	Nash      *num `json:"nash,omitempty"`
	NashAvg   *num `json:"nash_avg,omitempty"`
	AlphaRank *num `json:"alpharank_pi,omitempty"`
	// LOSNext (--los-next) is the likelihood that the player is stronger
	// than the next in the table (null for the last).
	LOSNext *num `json:"los_next,omitempty"`
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
		return btGroups(ctx, args[1:], stdout)
	}
	return usagef("unknown subcommand %q (want: coevo bt fit FILE, or coevo bt groups FILE)", args[0])
}

// btFormat is the format of FILE: the one given, or pgn for a .pgn file,
// or "" to tell it from the file's first bytes.
func btFormat(file, format string) string {
	if format != "" {
		return format
	}
	if strings.EqualFold(filepath.Ext(file), ".pgn") {
		return "pgn"
	}
	return ""
}

// readBT reads FILE as results. Every failure to read it is bad input
// (exit 2): a missing file, a directory, bad data; Ctrl-C ends the read.
func readBT(ctx context.Context, file, format string) (*bt.Results, error) {
	var res *bt.Results
	err := readResults(ctx, file, format, func(r io.Reader, name, format string) (err error) {
		res, err = bt.Read(r, name, format)
		return err
	})
	return res, err
}

// readResults opens FILE for a reader of results in format (FILE's own
// when format is ""): a PGN file may be long, but no line of one is
// longer than a megabyte; CSV formats have the caps of internal/csvdata.
//
// - is stdin. The readers bound lines themselves (a PGN file may be long,
// but no line of one is longer than a megabyte; CSV formats have the caps
// of internal/csvdata); they are told the file's size, to size what they
// build.
//
// Without a format (and for a file not named .pgn) the format is told
// from the first bytes (bt.Detect), for stdin as for a file; when they
// fit no format, the error says what they were and names --format.
func readResults(ctx context.Context, file, format string, read func(r io.Reader, name, format string) error) error {
	format = btFormat(file, format)
	var r io.Reader
	name := file
	size := int64(-1)
	if file == "-" {
		// Read on a goroutine of its own: a pipe whose writer writes
		// nothing (sleep 30 | coevo bt fit -) still ends on Ctrl-C.
		r, name = ctxio.NewReader(ctx, os.Stdin), "stdin"
	} else {
		f, err := openInput(ctx, file, input.Limits{})
		if err != nil {
			return err
		}
		defer f.Close()
		r = f
		if st, err := os.Stat(file); err == nil && st.Mode().IsRegular() {
			size = st.Size()
		}
	}
	if format == "" {
		br := bufio.NewReaderSize(r, bt.DetectSize)
		head, err := br.Peek(bt.DetectSize)
		if err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, bufio.ErrBufferFull) {
			return inputError(ctx, err, "file")
		}
		if msg := csvdata.EncodingError(head); msg != "" {
			return usagef("%s: %s", name, msg)
		}
		if format, err = bt.Detect(head); err != nil {
			return usagef("%s: cannot tell its format: %v; give --format pairs, games, matrix or pgn", name, err)
		}
		r = br
	}
	if size >= 0 {
		r = sized{r, size}
	}
	if err := read(r, name, format); err != nil {
		return inputError(ctx, err, format+" file")
	}
	return nil
}

// sized is a reader that says how long it is (bt's readers size their
// tables by it).
type sized struct {
	io.Reader
	n int64
}

func (s sized) Size() int64 { return s.n }

func btGroups(ctx context.Context, args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("bt groups", flag.ContinueOnError)
	format := fs.String("format", "", "input format: pairs, matrix, games or pgn (default: pgn for .pgn files, else told from the first lines)")
	files, err := parseFilesFlags(fs, args, stdout, btHelp, "coevo bt groups FILE...")
	if err != nil {
		return err
	}
	var rs []*bt.Results
	for _, file := range files {
		res, err := readBT(ctx, file, *format)
		if err != nil {
			return err
		}
		rs = append(rs, res)
	}
	fmt.Fprint(stdout, bt.Connectivity(bt.Combine(rs...)))
	return nil
}

// phases times the phases of a command for --timings.
type phases struct {
	w       io.Writer
	on      bool
	start   time.Time
	last    time.Time
	lastCPU time.Duration
}

func (p *phases) done(name string) {
	if !p.on {
		return
	}
	now, cpu := time.Now(), processCPU()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	fmt.Fprintf(p.w, "  %-8s %7.3fs   cpu %7.3fs   heap %5d MB%s\n", name, now.Sub(p.last).Seconds(), (cpu - p.lastCPU).Seconds(), m.HeapAlloc>>20, peakRSS())
	p.last, p.lastCPU = now, cpu
}

// processCPU is the CPU time (user and system) of this process so far.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
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
		fmt.Fprintf(p.w, "  %-8s %7.3fs   cpu %7.3fs\n", "total", time.Since(p.start).Seconds(), processCPU().Seconds())
	}
}

// btOptions turns the flags into fit options.
func btOptions(fs *flag.FlagSet, o *btOpts) (bt.Options, error) {
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	draws, err := bt.ParseDrawModel(o.draws)
	if err != nil {
		return bt.Options{}, usagef("--draws: %v", err)
	}
	opt := bt.Options{Draws: draws, Home: o.home}
	switch o.model {
	case "bt":
		for _, f := range []string{"drawelo", "advantage"} {
			if set[f] {
				return opt, usagef("--%s is a parameter of --model bayeselo (with --model bt: --draws rao-kupper, --home)", f)
			}
		}
	case "bayeselo":
		if set["home"] {
			return opt, usagef("--home: with --model bayeselo the first-move advantage is --advantage ELO, or --advantage fit to estimate it")
		}
		if set["draws"] && draws != bt.RaoKupper {
			return opt, usagef("--draws %s: BayesElo's model has Rao-Kupper draws", o.draws)
		}
		opt = bt.BayesElo()
		if set["drawelo"] {
			if opt.FixDraw, opt.DrawElo, err = fixedOrFit("drawelo", o.drawElo); err != nil {
				return opt, err
			}
		}
		if set["advantage"] {
			if opt.FixHome, opt.HomeElo, err = fixedOrFit("advantage", o.advantage); err != nil {
				return opt, err
			}
		}
		if !set["prior"] {
			o.prior = bt.BayesEloPrior
		}
	default:
		return opt, usagef("--model %q: want bt or bayeselo", o.model)
	}
	opt.Prior, opt.PairPrior, opt.EloMean, opt.SETol = o.prior, o.pairPrior, o.eloMean, o.seTol
	switch o.method {
	case "newton":
	case "mm":
		opt.Method = bt.MM
	default:
		return opt, usagef("--method %q: want newton or mm", o.method)
	}
	switch {
	case o.prior < 0 || o.prior > maxPrior:
		return opt, usagef("--prior %v: want 0 to %g virtual draws per player (more leaves the standard errors without precision)", o.prior, float64(maxPrior))
	case o.pairPrior < 0 || o.pairPrior > maxPrior:
		return opt, usagef("--pair-prior %v: want 0 to %g virtual draws per pair (more leaves the standard errors without precision)", o.pairPrior, float64(maxPrior))
	case math.Abs(o.eloMean) > maxElo:
		return opt, usagef("--elo-mean %v: want a mean Elo within ±%g (beyond, the ratings lose their decimals, and their intervals overflow)", o.eloMean, float64(maxElo))
	case o.smoothing < 0 || o.smoothing > maxSmoothing:
		return opt, usagef("--smoothing %v: want 0 to %g (a constant added to counts of games won)", o.smoothing, float64(maxSmoothing))
	case o.prior > 0 && o.pairPrior > 0:
		return opt, usagef("--prior and --pair-prior: choose one")
	case o.seTol <= 0 || o.seTol >= 1:
		return opt, usagef("--se-tol %v: want a relative accuracy in (0, 1)", o.seTol)
	case o.ci <= 0 || o.ci >= 1:
		return opt, usagef("--ci %v: want a confidence level in (0, 1), such as 0.95", o.ci)
	case o.losTop < 0:
		return opt, usagef("--los-top %d: must be positive", o.losTop)
	case opt.Method == bt.MM && opt.Draws != bt.HalfPoint:
		return opt, usagef("--method mm fits half-point draws only; use --method newton with --draws %s", opt.Draws)
	}
	if o.ratingsOnly {
		for _, f := range []string{"los", "los-top", "cov", "plot", "ci", "se-tol", "smoothing", "los-next", "head-to-head"} {
			if set[f] {
				return opt, usagef("--ratings-only computes no standard errors, intervals, tau or D_KL: --%s needs them", f)
			}
		}
	}
	seen := map[string]bool{}
	for _, a := range o.anchor {
		name, elo := a, o.eloMean
		k := strings.LastIndex(a, "=")
		if k >= 0 {
			var err error
			name = a[:k]
			elo, err = strconv.ParseFloat(a[k+1:], 64)
			if err != nil || math.IsNaN(elo) || math.Abs(elo) > maxElo {
				return opt, usagef("--anchor %q: want NAME or NAME=ELO with an ELO within ±%g", a, float64(maxElo))
			}
			elo += 0 // -0 is 0
		}
		switch {
		case k < 0 && len(o.anchor) > 1:
			return opt, usagef("--anchor %q: with several anchors, give each its Elo (NAME=ELO)", a)
		case seen[name]:
			return opt, usagef("--anchor %q: %q is anchored twice", a, name)
		}
		seen[name] = true
		opt.Anchors = append(opt.Anchors, bt.Anchor{Name: name, Elo: elo})
	}
	if len(opt.Anchors) == 1 {
		opt.Anchor, opt.AnchorElo, opt.Anchors = opt.Anchors[0].Name, opt.Anchors[0].Elo, nil
	}
	if len(opt.Anchors) > 1 && o.model == "bayeselo" && set["drawelo"] && !opt.FixDraw {
		return opt, usagef("several --anchor with --drawelo fit: BayesElo's Elo scale then depends on the draw parameter; hold it (--drawelo ELO)")
	}
	return opt, nil
}

// Bounds of the numbers of bt fit, beyond which its results would be
// infinite, NaN or without precision (measured: standard errors of a
// --pair-prior of 1e8 virtual draws are 3% off, of 1e9 zero, of 1e100
// NaN; an --elo-mean of 1e308 gives infinite intervals).
const (
	maxPrior     = 1e6
	maxElo       = 1e9
	maxSmoothing = 1e6
)

// anchorNames lists the players anchored.
func anchorNames(opt bt.Options) []string {
	var a []string
	if opt.Anchor != "" {
		a = append(a, opt.Anchor)
	}
	for _, x := range opt.Anchors {
		a = append(a, x.Name)
	}
	return a
}

// fixedOrFit reads a BayesElo parameter flag: an Elo value to hold it at,
// or "fit" to estimate it.
func fixedOrFit(flagName, v string) (fixed bool, elo float64, err error) {
	if strings.EqualFold(v, "fit") {
		return false, 0, nil
	}
	elo, err = strconv.ParseFloat(v, 64)
	if err != nil || math.IsNaN(elo) || math.IsInf(elo, 0) {
		return false, 0, usagef("--%s %q: want a finite number of Elo, or fit", flagName, v)
	}
	if flagName == "drawelo" && elo <= 0 {
		return false, 0, usagef("--drawelo %v: must be positive (0 makes every draw impossible)", elo)
	}
	return true, elo, nil
}

// btFitError turns a fit's error into the command's: bad data or options
// exit 2, an interrupted fit 130, a fit that failed to converge 1.
func btFitError(ctx context.Context, file, groupsCmd string, err error) error {
	var (
		nc *bt.NotConnectedError
		ce *bt.ConvergenceError
	)
	switch {
	case ctx.Err() != nil:
		return ctx.Err()
	case errors.As(err, &nc):
		return usagef("%s: %v (%s shows the groups)", file, err, groupsCmd)
	case errors.As(err, &ce) && ce.Stalled:
		return fmt.Errorf("%s: %w", file, err)
	case errors.As(err, &ce):
		return fmt.Errorf("%s: Bradley-Terry fit did not converge in %d iterations (last change %.3g; please report the data)", file, ce.Iterations, ce.Change)
	}
	return usagef("%s: %v", file, err)
}

// btData is what bt fit reads: the players, their games by pair, and
// what the reading did that the output must say.
type btData struct {
	label   string // the files, in messages
	players []string
	pairs   *bt.Pairs
	res     *bt.Results // nil when read straight into pairs
	noGames []string    // players named without games, left out
	halves  float64     // pairs of half points read as draws
	seated  bool        // some game records who moved first
	// What --synonyms, --include-list, --exclude-list and --exclude did.
	selfGames  float64  // games between two names of one player, dropped
	unlisted   []string // names in the lists that are no player
	leftAlone  int      // players kept but left without games by the selection
	merged     int      // players merged by synonyms
	excludedBy string   // the flags that selected
}

// readForFit reads the files for bt fit, each in its format (--format, or
// its own), and combines them. Games, PGN and pairs files go straight into
// pairs when the fit needs no seats, so that a large tournament is held
// once, compactly; with --home the matchups are kept. Then synonyms,
// include and exclude lists apply.
func readForFit(ctx context.Context, files []string, o *btOpts, opt bt.Options) (*btData, error) {
	d := &btData{label: filesLabel(files)}
	asResults := opt.Home || o.elostat != "" // the seats
	var rs []*bt.Results
	var names [][]string
	var ps []*bt.Pairs
	for _, file := range files {
		err := readResults(ctx, file, o.format, func(r io.Reader, name, format string) error {
			if !asResults && format != "matrix" {
				players, pairs, err := bt.ReadPairs(r, name, format)
				names, ps = append(names, players), append(ps, pairs)
				return err
			}
			res, err := bt.Read(r, name, format)
			if err != nil {
				return err
			}
			if format == "matrix" && opt.Draws != bt.HalfPoint {
				var h float64
				res, h = res.HalfPointsAsDraws()
				d.halves += h
			}
			if asResults {
				rs = append(rs, res)
			} else {
				names, ps = append(names, res.Players), append(ps, res.Pairs())
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	var alias map[string]string
	if o.synonyms != "" {
		var err error
		if alias, err = readSynonyms(ctx, o.synonyms); err != nil {
			return nil, err
		}
	}
	keep, listed, err := btSelection(ctx, o, d)
	if err != nil {
		return nil, err
	}
	if !asResults {
		d.players, d.pairs = bt.CombinePairs(names, ps)
		if alias != nil {
			n := len(d.players)
			d.players, d.pairs, d.selfGames = bt.RenamePairs(d.players, d.pairs, alias)
			d.merged = n - len(d.players)
		}
		d.players, d.pairs, d.noGames = bt.DropNoGames(d.players, d.pairs)
		if keep != nil {
			if err := checkExcluded(o.exclude, d.players); err != nil {
				return nil, err
			}
			d.unlisted = unknownNames(listed, d.players)
			kept := countKept(d.players, keep, true)
			d.players, d.pairs = bt.SelectPairs(d.players, d.pairs, keep)
			d.leftAlone = kept - len(d.players)
		}
		return d, nil
	}
	res := rs[0]
	if len(rs) > 1 {
		res = bt.Combine(rs...)
	}
	if alias != nil {
		n := len(res.Players)
		res, d.selfGames = res.Renamed(alias)
		d.merged = n - len(res.Players)
	}
	if d.noGames = res.NoGames(); len(d.noGames) > 0 {
		if res, err = res.Without(d.noGames...); err != nil {
			return nil, err
		}
	}
	if keep != nil {
		if err := checkExcluded(o.exclude, res.Players); err != nil {
			return nil, err
		}
		d.unlisted = unknownNames(listed, res.Players)
		kept := countKept(res.Players, keep, true)
		res = res.Select(keep)
		d.leftAlone = kept - len(res.Players)
	}
	for _, m := range res.Matchups {
		d.seated = d.seated || m.Seat != bt.NoSeat
	}
	d.players, d.pairs, d.res = res.Players, res.Pairs(), res
	return d, nil
}

// btSelection reads --include-list, --exclude-list and --exclude into a
// test of the players to keep (nil: every one), and returns the names the
// lists give.
func btSelection(ctx context.Context, o *btOpts, d *btData) (keep func(string) bool, listed []string, err error) {
	if o.includeList == "" && o.excludeList == "" && len(o.exclude) == 0 {
		return nil, nil, nil
	}
	if o.includeList != "" && o.excludeList != "" {
		return nil, nil, usagef("--include-list and --exclude-list: choose one (as Ordo's -i and -x)")
	}
	var flags []string
	in, out := map[string]bool{}, map[string]bool{}
	for _, l := range []struct {
		flag, path string
		set        map[string]bool
	}{{"include-list", o.includeList, in}, {"exclude-list", o.excludeList, out}} {
		if l.path == "" {
			continue
		}
		names, err := readNameList(ctx, l.flag, l.path)
		if err != nil {
			return nil, nil, err
		}
		for _, n := range names {
			l.set[n] = true
		}
		listed = append(listed, names...)
		flags = append(flags, "--"+l.flag)
	}
	for _, n := range o.exclude {
		out[n] = true
	}
	if len(o.exclude) > 0 {
		flags = append(flags, "--exclude")
	}
	d.excludedBy = strings.Join(flags, ", ")
	if o.includeList != "" {
		return func(p string) bool { return in[p] && !out[p] }, listed, nil
	}
	return func(p string) bool { return !out[p] }, listed, nil
}

// unknownNames returns the names that are no player, sorted, once each.
func unknownNames(names, players []string) []string {
	known := map[string]bool{}
	for _, p := range players {
		known[p] = true
	}
	var out []string
	for _, n := range names {
		if !known[n] {
			known[n] = true
			out = append(out, n)
		}
	}
	slices.Sort(out)
	return out
}

// checkExcluded checks that every --exclude NAME is a player.
func checkExcluded(exclude []string, players []string) error {
	if unknown := unknownNames(exclude, players); len(unknown) > 0 {
		return usagef("--exclude: cannot exclude %s: no such player", strings.Join(quoted(unknown), ", "))
	}
	return nil
}

func quoted(s []string) []string {
	q := make([]string, len(s))
	for i, x := range s {
		q[i] = strconv.Quote(x)
	}
	return q
}

// countKept counts the players keep says want (true) or not (false).
func countKept(players []string, keep func(string) bool, want bool) int {
	c := 0
	for _, p := range players {
		if keep(p) == want {
			c++
		}
	}
	return c
}

func btFit(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs, o := btFlags()
	files, err := parseFilesFlags(fs, args, stdout, btHelp, "coevo bt fit FILE...")
	if err != nil {
		return err
	}
	// The table goes out in large writes (a row a write is a system call
	// a player).
	out := bufio.NewWriterSize(stdout, 64<<10)
	err = btFitTo(ctx, files, fs, o, out, stderr)
	if ferr := out.Flush(); err == nil {
		err = ferr
	}
	return err
}

func btFitTo(ctx context.Context, files []string, fs *flag.FlagSet, o *btOpts, stdout, stderr io.Writer) error {
	opt, err := btOptions(fs, o)
	if err != nil {
		return err
	}
	if err := readPriors(ctx, o, &opt); err != nil {
		return err
	}
	eloMeanSet := false
	fs.Visit(func(f *flag.Flag) { eloMeanSet = eloMeanSet || f.Name == "elo-mean" })
	if len(opt.LooseAnchors) > 0 && eloMeanSet {
		return usagef("--elo-mean with --loose-anchors: the loose anchors set the ratings' level (as Ordo's -a with -y)")
	}
	if len(opt.LooseAnchors)+len(opt.Relations) > 0 && opt.Method == bt.MM {
		return usagef("--loose-anchors and --relations are priors that --method mm does not take: use --method newton")
	}
	if err := btCheckOutputs(o, files...); err != nil {
		return err
	}
	if _, _, err := o.eval.check(); err != nil {
		return err
	}
	ph := &phases{w: stderr, on: o.timings, start: time.Now(), last: time.Now()}
	d, err := readForFit(ctx, files, o, opt)
	if err != nil {
		return err
	}
	file := d.label
	players, pairs := d.players, d.pairs
	if pairs.Len() == 0 {
		if d.excludedBy != "" {
			if d.leftAlone == 0 {
				return usagef("%s: every player of %s left out: no games left to rate", d.excludedBy, file)
			}
			return usagef("%s: no games to rate once %s applied: the %d players left played no game among themselves", file, d.excludedBy, d.leftAlone)
		}
		return usagef("%s: no games to rate", file)
	}
	// What reading built and dropped (a log of the games, columns it
	// sorted) goes back to the system before the fit needs memory.
	debug.FreeOSMemory()
	for _, a := range anchorNames(opt) {
		if err := checkAnchor(a, players, file); err != nil {
			return err
		}
	}
	if o.cov != "" && len(players) > maxCovPlayers {
		return usagef("--cov: the covariance of %d players is %d numbers (%.1f GB to hold, more as text); coevo writes it up to %d players (--los FILE --los-top K gives the likelihood of superiority of the top K)",
			len(players), len(players)*len(players), 8*float64(len(players))*float64(len(players))/1e9, maxCovPlayers)
	}
	ph.done("read")
	var fit *bt.Ratings
	if d.res != nil && opt.Home {
		fit, err = opt.FitContext(ctx, d.res)
	} else {
		fit, err = opt.FitPairs(ctx, players, pairs)
	}
	if err != nil {
		return btFitError(ctx, file, groupsCommand(files, o.format), err)
	}
	// Options read an EloMean of 0 as the default 1600; --elo-mean 0
	// means 0.
	fit.Options.EloMean = o.eloMean
	// Warnings, once the fit stands.
	if len(d.noGames) > 0 {
		fmt.Fprintf(stderr, "coevo bt: %s: %d player(s) with no games, not rated: %s\n", file, len(d.noGames), namesList(d.noGames))
	}
	if d.merged > 0 || d.selfGames > 0 {
		fmt.Fprintf(stderr, "coevo bt: --synonyms: %d name(s) merged into others", d.merged)
		if d.selfGames > 0 {
			fmt.Fprintf(stderr, "; %s game(s) between two names of one player left out", gameCount(d.selfGames))
		}
		fmt.Fprintln(stderr)
	}
	if len(d.unlisted) > 0 {
		fmt.Fprintf(stderr, "coevo bt: warning: %d name(s) in the list(s) are no player of %s: %s\n", len(d.unlisted), file, namesList(d.unlisted))
	}
	if d.leftAlone > 0 {
		fmt.Fprintf(stderr, "coevo bt: %s: %d player(s) had games only against players left out, not rated\n", d.excludedBy, d.leftAlone)
	}
	if g := fit.Groups(); !g.Connected() {
		fmt.Fprintf(stderr, "coevo bt: %s: warning: the games split the players into %d groups, from the top %s (%s); their relative level comes from the prior's virtual draws alone\n", file, len(g.Members), groupsList(g), groupsCommand(files, o.format))
	}
	ph.done("fit")
	if tty := terminal(stderr); tty != nil {
		// At most ten lines a second, cleared at the end.
		var last time.Time
		fit.Options.Progress = func(done, total int) {
			if now := time.Now(); now.Sub(last) >= 100*time.Millisecond || done == total {
				last = now
				fmt.Fprintf(tty, "\rcoevo bt: standard errors: %d/%d", done, total)
			}
		}
		defer func() {
			if !last.IsZero() {
				fmt.Fprint(tty, "\r\033[K")
			}
		}()
	}
	n := len(players)
	se, lo, hi := nans(n), nans(n), nans(n)
	seMethod, seBound := "", math.NaN()
	var tr intrans.Transitivity
	dkl, medianGames := math.NaN(), median(pairs)
	if !o.ratingsOnly {
		if se, err = fit.StdErrors(ctx); err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			return err
		}
		seMethod, seBound = fit.SEAccuracy()
		debug.FreeOSMemory() // the standard errors' graph and vectors
		ph.done("se")
		tr = intrans.PlayedTriads(pairs)
		ph.done("tau")
		if dkl, err = intrans.PairDivergence(fit, pairs, o.smoothing, true); err != nil {
			return usagef("%s: %v", file, err)
		}
		ph.done("dkl")
		lo, hi = fit.CI(o.ci)
	}
	ev, err := btEvaluate(ctx, &o.eval, file, players, pairs)
	if err != nil {
		return err
	}
	ev.timings(ph)

	elo, games, score := fit.Elo(), fit.Games(), fit.Score()
	rows := make([]btPlayer, len(elo))
	for i := range elo {
		rows[i] = btPlayer{Name: players[i], Elo: num(elo[i]), SE: num(se[i]), CILow: num(lo[i]), CIHigh: num(hi[i]), Games: num(games[i]), Score: num(score[i])}
	}
	record(rows, pairs, elo)
	ev.fill(rows)
	ranked := rankOrder(elo)
	// --min-games lists the players with enough games, ranked among
	// themselves (as Ordo's -t); all were rated together.
	hidden := 0
	if o.minGames > 0 {
		listed := ranked[:0:0]
		for _, i := range ranked {
			if games[i] >= o.minGames {
				listed = append(listed, i)
			}
		}
		hidden, ranked = len(ranked)-len(listed), listed
	}
	for r, i := range ranked {
		rows[i].Rank = r + 1
	}
	if o.losNext {
		if err := losNext(ctx, fit, rows, ranked); err != nil {
			return err
		}
	}
	if o.plot != "" {
		if err := saveRatingPlot(ctx, fit, o.plot, o.ci); err != nil {
			return err
		}
	}
	var los *losTable
	if o.los != "" {
		// The dense covariance of a few thousand players takes seconds
		// without looking at ctx: Ctrl-C must not wait for it.
		if err := interruptible(ctx, func() (err error) { los, err = superiority(ctx, fit, o.losTop); return err }); err != nil {
			return err
		}
		if o.los != "-" {
			if err := writeLOS(ctx, los, o.los); err != nil {
				return err
			}
		}
	}
	if o.cov != "" {
		if err := writeCov(ctx, fit, o.cov); err != nil {
			return err
		}
	}
	if o.h2h != "" {
		if err := writeHeadToHead(ctx, o.h2h, fit, pairs, rows, ranked); err != nil {
			return err
		}
	}
	if o.elostat != "" {
		if err := writeElostat(ctx, o.elostat, rows, ranked, pairs, d.res); err != nil {
			return err
		}
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	if o.csv != "" {
		if err := writeRatingsCSV(ctx, rows, ranked, ev, o.csv, stdout); err != nil {
			return err
		}
		if o.csv == "-" {
			ph.done("output")
			ph.total()
			return nil
		}
	}
	model := btModel(fit, opt, o.model, d)
	if o.json {
		type jsonOut struct {
			Players     []btPlayer `json:"players"`
			NoGames     []string   `json:"no_games,omitempty"`
			CILevel     num        `json:"ci_level"`
			Tau         num        `json:"tau"`
			Triads      int64      `json:"triads_played"`
			Cyclic      int64      `json:"triads_cyclic"`
			DKL         num        `json:"dkl"`
			Pairs       int        `json:"pairs"`
			Groups      int        `json:"groups"`
			MedianGames float64    `json:"median_games_per_pair"`
			btModelJSON
			Iterations int    `json:"iterations"`
			Method     string `json:"method"`
			SEMethod   string `json:"se_method"`
			SEBound    num    `json:"se_bound"`
			btEvalJSON
			LOS *losTable `json:"los,omitempty"`
		}
		shown := rows
		if hidden > 0 {
			shown = nil
			for _, p := range rows {
				if p.Rank > 0 {
					shown = append(shown, p)
				}
			}
		}
		out := jsonOut{Players: shown, NoGames: d.noGames, CILevel: num(o.ci), Tau: num(tr.Tau()), Triads: tr.Played, Cyclic: tr.Cyclic,
			DKL: num(dkl), Pairs: pairs.Len(), Groups: len(fit.Groups().Members), MedianGames: medianGames, btModelJSON: model,
			Iterations: fit.Iterations, Method: opt.Method.String(), SEMethod: seMethod, SEBound: num(seBound), btEvalJSON: ev.json()}
		if o.ratingsOnly {
			out.CILevel, out.SEMethod = num(math.NaN()), "none"
		}
		// The matrix is streamed into LOS, the last field (left nil):
		// millions of cells are not encoded whole before the first byte.
		var streamed *losTable
		if o.los == "-" {
			streamed = los
		}
		err := encodeLOS(ctx, stdout, out, streamed)
		ph.done("output")
		ph.total()
		return err
	}
	level := strconv.FormatFloat(100*o.ci, 'f', -1, 64) + "%"
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	losCol := ""
	if o.losNext {
		losCol = "los>next%\t"
	}
	if o.ratingsOnly {
		fmt.Fprintf(tw, "rank\tplayer\telo\tgames\tscore%%\tW\tD\tL\tdraw%%\topp elo\t%s\n", ev.header())
	} else {
		fmt.Fprintf(tw, "rank\tplayer\telo\tse\t%s low\t%s high\tgames\tscore%%\tW\tD\tL\tdraw%%\topp elo\t%s%s\n", level, level, losCol, ev.header())
	}
	for _, i := range ranked {
		p := rows[i]
		if o.ratingsOnly {
			fmt.Fprintf(tw, "%d\t%s\t%.1f\t%s\t%.1f\t%s\t%s\t%s\t%.1f\t%.1f\t%s\n", p.Rank, p.Name, p.Elo,
				gameCount(float64(p.Games)), p.Score, gameCount(p.Wins), gameCount(p.Draws), gameCount(p.Losses), p.DrawRate, p.Opponent, ev.cells(p))
			continue
		}
		los := ""
		if p.LOSNext != nil {
			los = "-\t"
			if x := float64(*p.LOSNext); !math.IsNaN(x) {
				los = fmt.Sprintf("%.1f\t", 100*x)
			}
		}
		fmt.Fprintf(tw, "%d\t%s\t%.1f\t%.1f\t%.1f\t%.1f\t%s\t%.1f\t%s\t%s\t%s\t%.1f\t%.1f\t%s\n", p.Rank, p.Name, p.Elo, p.SE, p.CILow, p.CIHigh,
			gameCount(float64(p.Games)), p.Score, gameCount(p.Wins), gameCount(p.Draws), gameCount(p.Losses), p.DrawRate, p.Opponent, los+ev.cells(p))
	}
	tw.Flush()
	if hidden > 0 {
		fmt.Fprintf(stdout, "%d player(s) with fewer than %g games rated with the others but not listed (--min-games)\n", hidden, o.minGames)
	}
	if !o.ratingsOnly {
		fmt.Fprintln(stdout, tr)
		fmt.Fprintf(stdout, "D_KL = %.4f (symmetric, smoothing %g) over %d pairs that played", dkl, o.smoothing, pairs.Len())
		if medianGames < 10 {
			fmt.Fprintf(stdout, "; a median of %g games a pair, too few for observed win rates: D_KL mostly measures the smoothing", medianGames)
		}
		fmt.Fprintln(stdout)
	}
	ev.summary(stdout)
	fmt.Fprintf(stdout, "%s: %d iterations", map[bt.Method]string{bt.Newton: "Newton", bt.MM: "MM"}[opt.Method], fit.Iterations)
	if fit.Method != opt.Method {
		fmt.Fprint(stdout, " (finished by MM: Newton's steps no longer raised the likelihood within rounding)")
	}
	switch seMethod {
	case "exact":
		fmt.Fprint(stdout, "; standard errors exact (sparse factorisation)")
	case "series":
		fmt.Fprintf(stdout, "; standard errors by the deflated series, within %.2g%%", 100*seBound)
		if seBound > opt.SETol {
			fmt.Fprintf(stdout, " (asked %.2g%%: more would take more work than the fit; a smaller --se-tol buys more)", 100*opt.SETol)
		}
	case "solves":
		fmt.Fprint(stdout, "; standard errors by one solve per player")
	case "":
		fmt.Fprint(stdout, "; no standard errors, tau or D_KL (--ratings-only)")
	}
	switch {
	case len(opt.Anchors) > 1 || opt.Anchor != "" && len(opt.LooseAnchors) > 0:
		var a []string
		for _, x := range append([]bt.Anchor{{Name: opt.Anchor, Elo: opt.AnchorElo}}, opt.Anchors...) {
			if x.Name != "" {
				a = append(a, fmt.Sprintf("%s at %g", x.Name, x.Elo))
			}
		}
		fmt.Fprintf(stdout, "; anchors %s (the others fitted and their SEs given them)", strings.Join(a, ", "))
	case opt.Anchor != "":
		fmt.Fprintf(stdout, "; anchor %s at %g (SEs are of the difference to it)", opt.Anchor, opt.AnchorElo)
	}
	fmt.Fprintln(stdout)
	if n := len(opt.LooseAnchors); n > 0 {
		fmt.Fprintf(stdout, "loose anchors: %d player(s) with a normal prior on their Elo, which sets the level (--loose-anchors); ratings are the maximum a posteriori", n)
		if !o.ratingsOnly {
			fmt.Fprint(stdout, ", SEs the posterior's")
		}
		fmt.Fprintln(stdout)
	}
	if n := len(opt.Relations); n > 0 {
		fmt.Fprintf(stdout, "relations: %d normal prior(s) on rating differences (--relations)\n", n)
	}
	if q := drawShare(pairs); opt.Draws == bt.HalfPoint && q >= 0.1 && !o.ratingsOnly {
		fmt.Fprintf(stdout, "draws: %.0f%% of the games; the half-point model's standard errors count a draw as half a win and half a loss, which makes them about %.2fx wider than a draw model's (--draws davidson models draws)\n",
			100*q, 1/math.Sqrt(1-q))
	}
	model.print(stdout, fit, !o.ratingsOnly)
	if o.los == "-" {
		if err := los.print(ctx, stdout); err != nil {
			return err
		}
	}
	ph.done("output")
	ph.total()
	return nil
}

// btModelJSON is the model's description in --json.
type btModelJSON struct {
	Model           string  `json:"model"`
	Draws           string  `json:"draw_model"`
	Draw            num     `json:"draw,omitempty"`
	DrawElo         num     `json:"drawelo,omitempty"`
	DrawEloFitted   *bool   `json:"drawelo_fitted,omitempty"`
	Home            num     `json:"home,omitempty"`
	Advantage       num     `json:"advantage,omitempty"`
	AdvantageFitted *bool   `json:"advantage_fitted,omitempty"`
	Seated          *bool   `json:"seated_games,omitempty"`
	Prior           float64 `json:"prior"`
	PairPrior       float64 `json:"pair_prior"`
	Scale           num     `json:"scale"`
	HalfPointDraws  float64 `json:"half_points_read_as_draws,omitempty"`
}

// btModel describes the model fitted.
func btModel(fit *bt.Ratings, opt bt.Options, model string, d *btData) btModelJSON {
	m := btModelJSON{Model: model, Draws: opt.Draws.String(), Prior: opt.Prior, PairPrior: opt.PairPrior,
		Scale: num(fit.Scale), HalfPointDraws: d.halves}
	yes, no := true, false
	fitted := func(fixed bool) *bool {
		if fixed {
			return &no
		}
		return &yes
	}
	if opt.Draws != bt.HalfPoint {
		m.Draw = num(fit.Draw)
	}
	if opt.Draws == bt.RaoKupper {
		m.DrawElo, m.DrawEloFitted = num(400*math.Log10(fit.Draw)), fitted(opt.FixDraw)
		if opt.FixDraw {
			m.DrawElo = num(opt.DrawElo)
		}
	}
	if opt.Home {
		m.Home, m.Advantage, m.AdvantageFitted = num(fit.Home), num(400*math.Log10(fit.Home)), fitted(opt.FixHome)
		if opt.FixHome {
			m.Advantage = num(opt.HomeElo)
		}
		m.Seated = &d.seated
		if d.res == nil {
			m.Seated = &no
		}
	}
	return m
}

// print writes the model's parameters below the ratings (with their
// standard errors when withSE).
func (m btModelJSON) print(w io.Writer, fit *bt.Ratings, withSE bool) {
	hse, dse := math.NaN(), math.NaN()
	if withSE {
		hse, dse = fit.ParamSE()
	}
	state := func(fitted *bool, se float64, unit string) string {
		if !*fitted {
			return "fixed"
		}
		if !withSE {
			return "fitted"
		}
		return fmt.Sprintf("± %.1f%s", se, unit)
	}
	pm := func(se float64, format string) string {
		if !withSE {
			return ""
		}
		return fmt.Sprintf(" ± "+format, se)
	}
	if m.Model == "bayeselo" {
		fmt.Fprintf(w, "BayesElo's model: drawelo %.1f (%s), first-move advantage %.1f Elo (%s)", float64(m.DrawElo),
			state(m.DrawEloFitted, 400/math.Ln10*dse, ""), float64(m.Advantage), state(m.AdvantageFitted, 400/math.Ln10*hse, ""))
		if !*m.Seated {
			fmt.Fprint(w, " entering no game (none records who moved first)")
		}
		fmt.Fprintf(w, ", prior %g virtual draws per player, Elo scale %.4f\n", m.Prior, float64(m.Scale))
	} else {
		if m.Home != 0 {
			fmt.Fprintf(w, "first-move advantage: x%.4f (%.1f%s Elo)\n", float64(m.Home), float64(m.Advantage), pm(400/math.Ln10*hse, "%.1f"))
		}
		switch m.Draws {
		case "davidson":
			fmt.Fprintf(w, "draw parameter (Davidson nu): %.4f (log nu %.4f%s)\n", float64(m.Draw), math.Log(float64(m.Draw)), pm(dse, "%.4f"))
		case "rao-kupper":
			fmt.Fprintf(w, "draw parameter (Rao-Kupper theta): %.4f, drawelo %.1f%s\n", float64(m.Draw), float64(m.DrawElo), pm(400/math.Ln10*dse, "%.1f"))
		}
		switch {
		case m.Prior > 0:
			fmt.Fprintf(w, "prior: %g virtual draws per player (BayesElo's)\n", m.Prior)
		case m.PairPrior > 0:
			fmt.Fprintf(w, "prior: %g virtual draws between every pair of players\n", m.PairPrior)
		}
	}
	if m.HalfPointDraws > 0 {
		fmt.Fprintf(w, "draws: the matrix gives points; each of the %g pairs with half points is read as one draw (the fewest the points allow)\n", m.HalfPointDraws)
	}
}

// namesList quotes a few names.
func namesList(s []string) string {
	const show = 8
	q := make([]string, 0, show)
	for i, n := range s {
		if i == show {
			return strings.Join(q, ", ") + fmt.Sprintf(" and %d more", len(s)-show)
		}
		q = append(q, strconv.Quote(n))
	}
	return strings.Join(q, ", ")
}

// groupsList names the first groups, each by its first players:
// {"a", "b"} > {"c"} > ...
func groupsList(g *bt.Groups) string {
	const show = 3
	var q []string
	for c, m := range g.Members {
		if c == show {
			return strings.Join(q, " > ") + fmt.Sprintf(" and %d more groups", len(g.Members)-show)
		}
		names := make([]string, len(m))
		for k, i := range m {
			names[k] = g.Players[i]
		}
		q = append(q, "{"+namesList(names)+"}")
	}
	return strings.Join(q, " > ")
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

func saveRatingPlot(ctx context.Context, fit *bt.Ratings, path string, level float64) error {
	p, err := fit.PlotLevel(level)
	if err != nil {
		return err
	}
	return savePlot(ctx, "plot", path, p)
}

// groupsCommand is the command that shows the groups of the files.
func groupsCommand(files []string, format string) string {
	c := "coevo bt groups"
	for _, f := range files {
		if strings.ContainsAny(f, " '\"\\$") {
			f = strconv.Quote(f)
		}
		c += " " + f
	}
	if format != "" {
		c += " --format " + format
	}
	return c
}

// btCheckOutputs checks the files bt fit writes before it reads anything.
func btCheckOutputs(o *btOpts, files ...string) error {
	if o.plot != "" {
		if err := checkPlot("plot", o.plot); err != nil {
			return err
		}
	}
	if o.elostat != "" {
		if st, err := os.Stat(o.elostat); err != nil || !st.IsDir() {
			return usagef("--elostat %s: not a folder (give an existing folder for rating.dat, programs.dat and general.dat)", o.elostat)
		}
		for _, f := range []string{"rating.dat", "programs.dat", "general.dat"} {
			if err := checkOutput("elostat", filepath.Join(o.elostat, f)); err != nil {
				return err
			}
		}
	}
	outs := []output{{"plot", o.plot}, {"los", o.los}, {"cov", o.cov}, {"csv", o.csv}, {"head-to-head", o.h2h}}
	for _, out := range outs {
		if out.path == "" || out.path == "-" && (out.flag == "los" || out.flag == "csv") {
			continue
		}
		if err := checkOutput(out.flag, out.path); err != nil {
			return err
		}
		if err := notInput(out.flag, out.path, files...); err != nil {
			return err
		}
	}
	return distinctOutputs(outs...)
}

// losTable is the likelihood of superiority of the top players by Elo.
type losTable struct {
	Players []string `json:"players"`
	P       [][]num  `json:"p"` // P[a][b] = P(player a stronger than b); null on the diagonal
}

// superiority computes the likelihood-of-superiority matrix of the top
// players by Elo (all when top is 0).
func superiority(ctx context.Context, fit *bt.Ratings, top int) (*losTable, error) {
	n := len(fit.Players)
	if top == 0 || top > n {
		if n > 3000 && top == 0 {
			return nil, usagef("--los: a matrix of %d players has %d cells; give --los-top K", n, n*n)
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
		return nil, err
	}
	t := &losTable{P: make([][]num, top)}
	for a, i := range idx {
		t.Players = append(t.Players, fit.Players[i])
		t.P[a] = make([]num, top)
		for b := range idx {
			t.P[a][b] = num(los[a][b])
			if a == b {
				t.P[a][b] = num(math.NaN())
			}
		}
	}
	return t, nil
}

// writeLOS writes the matrix as CSV.
func writeLOS(ctx context.Context, t *losTable, path string) error {
	return writeOutput(ctx, "los", path, func(w io.Writer) error {
		head := []string{"player"}
		for _, p := range t.Players {
			head = append(head, csvQuote(p))
		}
		fmt.Fprintln(w, strings.Join(head, ","))
		for a, p := range t.Players {
			if err := ctx.Err(); err != nil {
				return err
			}
			row := []string{csvQuote(p)}
			for b := range t.Players {
				if a == b {
					row = append(row, "")
					continue
				}
				row = append(row, strconv.FormatFloat(float64(t.P[a][b]), 'f', 4, 64))
			}
			if _, err := fmt.Fprintln(w, strings.Join(row, ",")); err != nil {
				return err
			}
		}
		return nil
	})
}

// writeCov writes the covariance of the log-strengths as CSV.
func writeCov(ctx context.Context, fit *bt.Ratings, path string) error {
	var c interface{ At(i, j int) float64 }
	if err := interruptible(ctx, func() error { c = fit.Cov(); return nil }); err != nil {
		return err
	}
	n := len(fit.Players)
	return writeOutput(ctx, "cov", path, func(w io.Writer) error {
		head := []string{"player"}
		for _, p := range fit.Players {
			head = append(head, csvQuote(p))
		}
		fmt.Fprintln(w, strings.Join(head, ","))
		for i := 0; i < n; i++ {
			if err := ctx.Err(); err != nil {
				return err
			}
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

// maxCovPlayers is the most players whose covariance --cov writes.
const maxCovPlayers = 5000

// record fills in each player's wins, draws and losses, draw rate and
// the mean Elo of its opponents (weighted by games), from the pairs.
func record(rows []btPlayer, p *bt.Pairs, elo []float64) {
	opp := make([]float64, len(rows))
	for k := range p.I {
		i, j := p.I[k], p.J[k]
		wi, wj, d := p.WinsI[k], p.WinsJ[k], p.Draws[k]
		rows[i].Wins += wi
		rows[i].Losses += wj
		rows[i].Draws += d
		rows[j].Wins += wj
		rows[j].Losses += wi
		rows[j].Draws += d
		g := wi + wj + d
		opp[i] += g * elo[j]
		opp[j] += g * elo[i]
	}
	for i := range rows {
		g := rows[i].Wins + rows[i].Draws + rows[i].Losses
		rows[i].DrawRate, rows[i].Opponent = num(100*rows[i].Draws/g), num(opp[i]/g)
	}
}

// rankOrder returns the players by Elo, best first (ties in the file's
// order).
func rankOrder(elo []float64) []int {
	idx := make([]int, len(elo))
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
	return idx
}

// gameCount writes a count of games in full (100000000, not 1e+08; counts
// are at most 2^53), and a fractional one (a weighted count) as it is.
func gameCount(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }

// writeRatingsCSV writes the table, ranked, to path (- for w).
func writeRatingsCSV(ctx context.Context, rows []btPlayer, ranked []int, ev *btEval, path string, w io.Writer) error {
	write := func(w io.Writer) error {
		los := len(ranked) > 0 && rows[ranked[0]].LOSNext != nil
		head := "rank,player,elo,se,ci_low,ci_high,games,score_pct,wins,draws,losses,draw_pct,opponent_elo"
		if los {
			head += ",los_next"
		}
		fmt.Fprintln(w, head+ev.csvHeader())
		f := func(x num) string {
			if math.IsNaN(float64(x)) {
				return "" // --ratings-only
			}
			return strconv.FormatFloat(float64(x), 'f', 2, 64)
		}
		for _, i := range ranked {
			p := rows[i]
			extra := ""
			if los {
				extra = ","
				if x := float64(*p.LOSNext); !math.IsNaN(x) {
					extra += strconv.FormatFloat(x, 'f', 4, 64)
				}
			}
			_, err := fmt.Fprintf(w, "%d,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s%s\n", p.Rank, csvQuote(p.Name), f(p.Elo), f(p.SE), f(p.CILow), f(p.CIHigh),
				gameCount(float64(p.Games)), f(p.Score), gameCount(p.Wins), gameCount(p.Draws), gameCount(p.Losses), f(p.DrawRate), f(p.Opponent), extra+ev.csvCells(p))
			if err != nil {
				return err
			}
		}
		return nil
	}
	if path == "-" {
		return write(w)
	}
	return writeOutput(ctx, "csv", path, write)
}

// drawShare is the share of the games drawn.
func drawShare(p *bt.Pairs) float64 {
	d, g := 0.0, 0.0
	for k := range p.I {
		d += p.Draws[k]
		g += p.Games(k)
	}
	return d / g
}

// nans returns n NaNs.
func nans(n int) []float64 {
	v := make([]float64, n)
	for i := range v {
		v[i] = math.NaN()
	}
	return v
}
