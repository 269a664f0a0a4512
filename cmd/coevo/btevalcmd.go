package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"time"

	"gonum.org/v1/gonum/mat"

	"github.com/coevolab/coevo/stats/alpharank"
	"github.com/coevolab/coevo/stats/bt"
	"github.com/coevolab/coevo/stats/nashavg"
)

// Limits of the dense evaluations of bt fit (--nash, --alpharank): the
// simplex behind Nash averaging takes about 1 s for 100 players and 20 s
// for 200 on one core, growing as the cube per pivot; alpha-Rank is
// O(n^2 m + n^3).
const (
	maxNashPlayers  = 250
	maxAlphaPlayers = 3000
)

// btEvalOpts are bt fit's flags for the evaluations honest about
// intransitivity.
type btEvalOpts struct {
	nash       bool
	nashScale  string
	nashPrior  float64
	alpha      string
	alphaM     int
	alphaModel string
}

func btEvalFlags(fs *flag.FlagSet, o *btEvalOpts) {
	fs.BoolVar(&o.nash, "nash", false, "also rate by Nash averaging (Balduzzi et al. 2018): the league's maximum-entropy Nash equilibrium and each player's payoff against it (needs every pair to have played; at most 250 players)")
	fs.StringVar(&o.nashScale, "nash-scale", "logodds", "--nash: payoff from win rates, logodds (log(P_ij/P_ji)) or margin (P_ij - 1/2)")
	fs.Float64Var(&o.nashPrior, "nash-prior", 1, "--nash: virtual drawn games added to every pair, so that a sweep has finite log-odds")
	fs.StringVar(&o.alpha, "alpharank", "", "also rank by alpha-Rank (Omidshafiei et al. 2019) at ranking intensity `ALPHA` on the win rates, or inf for the large-alpha limit (needs every pair to have played)")
	fs.IntVar(&o.alphaM, "alpharank-m", alpharank.DefaultPopulation, "--alpharank: population size m")
	fs.StringVar(&o.alphaModel, "alpharank-model", "moran", "--alpharank: selection model, moran (the paper's) or local (OpenSpiel's default)")
}

// check validates the flags before any work.
func (o *btEvalOpts) check() (nashavg.Options, alpharank.Options, error) {
	var no nashavg.Options
	var ao alpharank.Options
	switch o.nashScale {
	case "logodds":
		no.Scale = nashavg.LogOdds
	case "margin":
		no.Scale = nashavg.Margin
	default:
		return no, ao, usagef("--nash-scale %q: want logodds or margin", o.nashScale)
	}
	if !(o.nashPrior >= 0) || math.IsInf(o.nashPrior, 0) {
		return no, ao, usagef("--nash-prior %v: want a finite number of virtual games >= 0", o.nashPrior)
	}
	no.Prior = o.nashPrior
	if o.alpha != "" {
		if strings.EqualFold(o.alpha, "inf") {
			ao.Alpha = math.Inf(1)
		} else {
			a, err := strconv.ParseFloat(o.alpha, 64)
			if err != nil || !(a > 0) || math.IsInf(a, 0) {
				return no, ao, usagef("--alpharank %q: want a ranking intensity > 0, or inf", o.alpha)
			}
			ao.Alpha = a
		}
	}
	if o.alphaM < 2 {
		return no, ao, usagef("--alpharank-m %d: want a population of at least 2", o.alphaM)
	}
	ao.Population = o.alphaM
	switch o.alphaModel {
	case "moran":
		ao.Model = alpharank.Moran
	case "local":
		ao.Model = alpharank.Local
	default:
		return no, ao, usagef("--alpharank-model %q: want moran or local", o.alphaModel)
	}
	return no, ao, nil
}

// btEval holds the evaluations of a league.
type btEval struct {
	nash      *nashavg.Ratings
	nashOpt   nashavg.Options
	alpha     *alpharank.Ranking
	nashTime  time.Duration
	alphaTime time.Duration
}

// btEvaluate computes the evaluations asked for on the league of pairs.
func btEvaluate(ctx context.Context, o *btEvalOpts, file string, players []string, pairs *bt.Pairs) (*btEval, error) {
	no, ao, err := o.check()
	if err != nil {
		return nil, err
	}
	if !o.nash && o.alpha == "" {
		return nil, nil
	}
	n := len(players)
	switch {
	case o.nash && n > maxNashPlayers:
		return nil, usagef("%s: --nash: %d players; Nash averaging solves a dense linear program, coevo does it for up to %d (100 players take about 1 s, 200 about 20 s)", file, n, maxNashPlayers)
	case n > maxAlphaPlayers:
		return nil, usagef("%s: --alpharank: %d players; coevo ranks up to %d (the chain is dense)", file, n, maxAlphaPlayers)
	}
	// Every pair must have played: the pairs are sorted and distinct.
	if want := n * (n - 1) / 2; pairs.Len() != want {
		played := make(map[[2]int32]bool, pairs.Len())
		for k := range pairs.I {
			played[[2]int32{pairs.I[k], pairs.J[k]}] = true
		}
		for i := 0; i < n; i++ {
			for j := i + 1; j < n; j++ {
				if !played[[2]int32{int32(i), int32(j)}] {
					return nil, usagef("%s: --nash and --alpharank need every pair of players to have played: %s and %s did not (%d of %d pairs played)", file, players[i], players[j], pairs.Len(), want)
				}
			}
		}
	}
	// Win rates, with and without the virtual draws.
	rates := func(prior float64) *mat.Dense {
		W := mat.NewDense(n, n, nil)
		for i := 0; i < n; i++ {
			W.Set(i, i, 0.5)
		}
		for k := range pairs.I {
			i, j := int(pairs.I[k]), int(pairs.J[k])
			pi, pj := pairs.Points(k)
			g := pairs.Games(k) + prior
			W.Set(i, j, (pi+prior/2)/g)
			W.Set(j, i, (pj+prior/2)/g)
		}
		return W
	}
	e := &btEval{nashOpt: no}
	if o.nash {
		start := time.Now()
		if err := interruptible(ctx, func() (err error) {
			e.nash, err = nashavg.FitWinRates(players, rates(no.Prior), no.Scale)
			return err
		}); err != nil {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			if strings.Contains(err.Error(), "infinite log-odds") {
				return nil, usagef("%s: --nash: %v (here: --nash-prior N adds N virtual drawn games a pair; --nash-scale margin needs none)", file, err)
			}
			return nil, usagef("%s: --nash: %v", file, err)
		}
		e.nashTime = time.Since(start)
	}
	if o.alpha != "" {
		start := time.Now()
		if err := interruptible(ctx, func() (err error) {
			e.alpha, err = alpharank.Rank(players, rates(0), ao)
			return err
		}); err != nil {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			return nil, usagef("%s: --alpharank: %v", file, err)
		}
		e.alphaTime = time.Since(start)
	}
	return e, nil
}

// fill sets the players' evaluation fields.
func (e *btEval) fill(rows []btPlayer) {
	if e == nil {
		return
	}
	for i := range rows {
		if e.nash != nil {
			m, r := num(e.nash.Nash[i]), num(cleanZero(e.nash.Rating[i], e.nash.Payoff))
			rows[i].Nash, rows[i].NashAvg = &m, &r
		}
		if e.alpha != nil {
			a := num(e.alpha.Pi[i])
			rows[i].AlphaRank = &a
		}
	}
}

// cleanZero prints a rating that is 0 within rounding of the payoff as 0.
func cleanZero(v float64, A *mat.Dense) float64 {
	n, _ := A.Dims()
	big := 0.0
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			big = math.Max(big, math.Abs(A.At(i, j)))
		}
	}
	if math.Abs(v) <= 1e-12*big {
		return 0
	}
	return v
}

// header is the table's extra columns.
func (e *btEval) header() string {
	if e == nil {
		return ""
	}
	s := ""
	if e.nash != nil {
		s += "nash\tnash avg\t"
	}
	if e.alpha != nil {
		s += "alpha pi\t"
	}
	return s
}

// cells is a player's extra columns in the table.
func (e *btEval) cells(p btPlayer) string {
	if e == nil {
		return ""
	}
	s := ""
	if p.Nash != nil {
		s += fmt.Sprintf("%.4f\t%.4f\t", float64(*p.Nash), float64(*p.NashAvg))
	}
	if p.AlphaRank != nil {
		s += fmt.Sprintf("%.4f\t", float64(*p.AlphaRank))
	}
	return s
}

// csvHeader and csvCells are the CSV's extra columns.
func (e *btEval) csvHeader() string {
	if e == nil {
		return ""
	}
	s := ""
	if e.nash != nil {
		s += ",nash,nash_avg"
	}
	if e.alpha != nil {
		s += ",alpharank_pi"
	}
	return s
}

func (e *btEval) csvCells(p btPlayer) string {
	if e == nil {
		return ""
	}
	g := func(x num) string { return strconv.FormatFloat(float64(x), 'g', 6, 64) }
	s := ""
	if p.Nash != nil {
		s += "," + g(*p.Nash) + "," + g(*p.NashAvg)
	}
	if p.AlphaRank != nil {
		s += "," + g(*p.AlphaRank)
	}
	return s
}

// btEvalJSON is the evaluations' summary in --json.
type btEvalJSON struct {
	Nash      *nashJSON  `json:"nash,omitempty"`
	AlphaRank *alphaJSON `json:"alpharank,omitempty"`
}

type nashJSON struct {
	Scale   string   `json:"scale"`
	Prior   float64  `json:"prior"`
	Support []string `json:"support"`
	Gap     num      `json:"gap"`
}

type alphaJSON struct {
	Alpha      string `json:"alpha"`
	Population int    `json:"population"`
	Model      string `json:"model"`
}

func (e *btEval) json() btEvalJSON {
	var j btEvalJSON
	if e == nil {
		return j
	}
	if e.nash != nil {
		j.Nash = &nashJSON{Scale: e.nash.Scale.String(), Prior: e.nashOpt.Prior, Support: e.nash.Support(), Gap: num(e.nash.Gap)}
	}
	if e.alpha != nil {
		a := strconv.FormatFloat(e.alpha.Options.Alpha, 'g', -1, 64)
		if e.alpha.Limit {
			a = "inf"
		}
		j.AlphaRank = &alphaJSON{Alpha: a, Population: e.alpha.Options.Population, Model: e.alpha.Options.Model.String()}
	}
	return j
}

// summary prints what the columns mean, under the D_KL line.
func (e *btEval) summary(w io.Writer) {
	if e == nil {
		return
	}
	if e.nash != nil {
		var sup []string
		for _, name := range e.nash.Support() {
			for i, p := range e.nash.Players {
				if p == name {
					sup = append(sup, fmt.Sprintf("%s %.4f", name, e.nash.Nash[i]))
				}
			}
		}
		games := "games"
		if e.nashOpt.Prior == 1 {
			games = "game"
		}
		fmt.Fprintf(w, "Nash averaging (%s, prior of %g virtual drawn %s a pair): the maximum-entropy Nash equilibrium plays %s; nash avg is each player's payoff against it\n",
			e.nash.Scale, e.nashOpt.Prior, games, strings.Join(sup, ", "))
	}
	if e.alpha != nil {
		a := fmt.Sprintf("alpha = %g", e.alpha.Options.Alpha)
		if e.alpha.Limit {
			a = "the large-alpha limit"
		}
		fmt.Fprintf(w, "alpha-Rank (%s model, m = %d, %s on the win rates): alpha pi is the stationary distribution\n", e.alpha.Options.Model, e.alpha.Options.Population, a)
	}
}

// timings reports the evaluations' times for --timings.
func (e *btEval) timings(ph *phases) {
	if e == nil || !ph.on {
		return
	}
	if e.nash != nil {
		fmt.Fprintf(ph.w, "  %-8s %7.3fs\n", "nash", e.nashTime.Seconds())
	}
	if e.alpha != nil {
		fmt.Fprintf(ph.w, "  %-8s %7.3fs\n", "alpha", e.alphaTime.Seconds())
	}
}
