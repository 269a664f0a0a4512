package bt

import (
	"cmp"
	"context"
	"math"
	"slices"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"gonum.org/v1/gonum/stat/distuv"
	gplot "gonum.org/v1/plot"

	"github.com/coevolab/coevo/internal/frame"
	"github.com/coevolab/coevo/stats/plot"
)

// eloPerNat converts a log-strength difference (natural log) to Elo points.
var eloPerNat = 400 / math.Ln10

// Elo returns the ratings on the Elo scale of paper 003 eq. (3):
// mu + 400 log10 gamma_i, with mean mu = Options.EloMean over the pool, or
// with the anchor at Options.AnchorElo, or at the level the loose anchors
// set (Options.LooseAnchors); with Options.ScoreScale the differences are
// multiplied by Scale.
func (f *Ratings) Elo() []float64 {
	e := make([]float64, len(f.Gamma))
	for i, g := range f.Gamma {
		e[i] = f.Options.EloMean + f.Scale*400*math.Log10(g)
		if f.absolute {
			e[i] = f.Scale * eloPerNat * (math.Log(g) + f.meanX)
		}
	}
	if f.anchor >= 0 && !f.absolute {
		shift := f.Options.anchors()[0].Elo - e[f.anchor]
		for i := range e {
			e[i] += shift
		}
	}
	return e
}

// Prob returns the predicted probability that i beats j on neutral seats
// (for a draw model, the probability that i scores: P(win) + P(draw)/2).
func (f *Ratings) Prob(i, j int) float64 {
	x := math.Log(f.Gamma[i] / f.Gamma[j])
	switch f.Options.Draws {
	case Davidson, RaoKupper:
		te := f.Options.Draws.eval(x, math.Log(f.Draw), 1, 0, 0)
		pw := math.Exp(te.l)
		te = f.Options.Draws.eval(x, math.Log(f.Draw), 0, 1, 0)
		pl := math.Exp(te.l)
		return pw + (1-pw-pl)/2
	}
	return f.Gamma[i] / (f.Gamma[i] + f.Gamma[j])
}

// SE returns the standard error of each Elo rating (on the scale of Elo):
// without an anchor, against the pool (under the constraint that the
// log-strengths sum to zero: Ordo's errors without -A); with one, of the
// difference to the anchor (0 for the anchor itself: R's BradleyTerry2
// and Ordo -A, whose reference player is the anchor); given the anchors
// when there are several. For many players it is computed without the
// dense covariance, to the relative accuracy Options.SETol (see
// SEAccuracy).
func (f *Ratings) SE() []float64 {
	se, err := f.StdErrors(context.Background())
	if err != nil {
		se = make([]float64, len(f.Gamma))
		for i := range se {
			se[i] = math.NaN()
		}
	}
	return se
}

// StdErrors is SE with a context: for very many players with poorly
// mixed pairings the exact fallback can take long.
func (f *Ratings) StdErrors(ctx context.Context) ([]float64, error) {
	v, err := f.variancesCtx(ctx)
	if err != nil {
		return nil, err
	}
	se := make([]float64, len(f.Gamma))
	for i := range se {
		se[i] = f.Scale * eloPerNat * math.Sqrt(math.Max(v.theta[i], 0))
	}
	return se, nil
}

// SEAccuracy says how the standard errors were computed: "dense" (the
// dense covariance), "exact" (a sparse factorisation), "series" (the
// deflated series, exact solves for the players it could not bound well
// enough, with bound the largest relative error left) or "solves" (one
// solve per player), and the bound (0 when exact to solver precision).
func (f *Ratings) SEAccuracy() (method string, bound float64) {
	v, err := f.variancesCtx(context.Background())
	if err != nil {
		return "failed", math.NaN()
	}
	return v.method, v.bound
}

// ParamSE returns the standard errors of the log first-move advantage and
// of the log draw parameter, NaN when not modelled.
func (f *Ratings) ParamSE() (home, draw float64) {
	home, draw = math.NaN(), math.NaN()
	v, err := f.variancesCtx(context.Background())
	if err != nil {
		return
	}
	k := 0
	if f.prob.ih >= 0 {
		home = math.Sqrt(v.params[k])
		k++
	}
	if f.prob.id >= 0 {
		draw = math.Sqrt(v.params[k])
	}
	return
}

// CI returns confidence intervals of the Elo ratings at the given level
// (e.g. 0.95), from the normal approximation.
func (f *Ratings) CI(level float64) (lo, hi []float64) {
	z := distuv.UnitNormal.Quantile(0.5 + level/2)
	e, se := f.Elo(), f.SE()
	lo, hi = make([]float64, len(e)), make([]float64, len(e))
	for i := range e {
		lo[i], hi[i] = e[i]-z*se[i], e[i]+z*se[i]
	}
	return lo, hi
}

// Superiority returns the likelihood-of-superiority matrix of all players:
// L[i][j] = P(strength_i > strength_j) under the normal approximation. It
// uses the dense covariance; SuperiorityOf takes a subset.
func (f *Ratings) Superiority() [][]float64 {
	all := make([]int, len(f.Gamma))
	for i := range all {
		all[i] = i
	}
	los, _ := f.SuperiorityOf(context.Background(), all)
	return los
}

// SuperiorityOf returns the likelihood-of-superiority matrix of the given
// players (indices), in that order. For many players it takes one
// conjugate-gradient solve per player asked for.
func (f *Ratings) SuperiorityOf(ctx context.Context, players []int) ([][]float64, error) {
	n := len(f.Gamma)
	cols := make([][]float64, len(players))
	if n <= denseFallback {
		c := f.Cov()
		for a, i := range players {
			cols[a] = make([]float64, n)
			for j := range cols[a] {
				cols[a][j] = c.At(j, i)
			}
		}
	} else {
		for a, i := range players {
			var err error
			if cols[a], err = f.covColumn(ctx, i); err != nil {
				return nil, err
			}
		}
	}
	L := square(len(players))
	for a, i := range players {
		for b, j := range players {
			if i == j {
				continue
			}
			d := math.Log(f.Gamma[i] / f.Gamma[j])
			v := cols[a][i] + cols[b][j] - 2*cols[a][j]
			L[a][b] = distuv.UnitNormal.CDF(d / math.Sqrt(v))
		}
	}
	return L, nil
}

// covColumn returns column i of the strengths' covariance: L+ e_i plus
// the model parameters' rank-g correction Z F^-1 Z^T e_i.
func (f *Ratings) covColumn(ctx context.Context, i int) ([]float64, error) {
	v, err := f.variancesCtx(ctx)
	if err != nil {
		return nil, err
	}
	if v.method == "dense" {
		c := f.Cov()
		col := make([]float64, len(f.Gamma))
		for j := range col {
			col[j] = c.At(j, i)
		}
		return col, nil
	}
	ls := v.ls
	if ls == nil {
		ls = newLapSolver(f.prob, f.grounded())
	}
	col, err := ls.solveK(ctx, unit(f.prob.n, i))
	if err != nil {
		return nil, err
	}
	for j := range col {
		col[j] += v.lowRank(j, i)
	}
	return col, nil
}

// Groups returns the connectivity of the games fitted (virtual games of a
// prior excluded). With a prior the fit exists even when there are
// several groups, but then the groups' relative level comes from the
// prior's virtual draws alone.
func (f *Ratings) Groups() *Groups { return f.groups }

// Games returns the number of games each player played (prior excluded).
func (f *Ratings) Games() []float64 { return f.games }

// Score returns each player's points as a percentage of its games.
func (f *Ratings) Score() []float64 {
	s := make([]float64, len(f.games))
	for i := range s {
		s[i] = 100 * f.points[i] / f.games[i]
	}
	return s
}

// Order is the order of the rows of a fit's DataFrame.
type Order int

const (
	// ByRating puts the best player first (ties in the order given).
	ByRating Order = iota
	// AsGiven keeps the players' order in the results (Ratings.Players).
	AsGiven
)

// Ranking returns the players' indices, best first: by rating, ties in
// the order given.
func (f *Ratings) Ranking() []int {
	idx := make([]int, len(f.Gamma))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(f.Gamma[b], f.Gamma[a]) })
	return idx
}

// DataFrame returns one row per player, best first (DataFrameIn(AsGiven)
// keeps the order given): player, strength (4 significant digits), elo,
// se, ci_low, ci_high (95%) and score% (to a tenth), games. The fit's
// methods (Elo, SE, CI) give the values unrounded, in the order given.
func (f *Ratings) DataFrame() dataframe.DataFrame { return f.DataFrameIn(ByRating) }

// DataFrameIn is DataFrame with its rows in order o.
func (f *Ratings) DataFrameIn(o Order) dataframe.DataFrame {
	lo, hi := f.CI(0.95)
	idx := f.Ranking()
	if o == AsGiven {
		slices.Sort(idx)
	}
	pick := func(v []float64) []float64 {
		out := make([]float64, len(idx))
		for k, i := range idx {
			out[k] = v[i]
		}
		return out
	}
	names := make([]string, len(idx))
	for k, i := range idx {
		names[k] = f.Players[i]
	}
	return dataframe.New(
		series.New(names, series.String, "player"),
		frame.Sig("strength", pick(f.Gamma), 4),
		frame.Round("elo", pick(f.Elo()), 1),
		frame.Round("se", pick(f.SE()), 1),
		frame.Round("ci_low", pick(lo), 1),
		frame.Round("ci_high", pick(hi), 1),
		frame.Number("games", pick(f.games)),
		frame.Round("score%", pick(f.Score()), 1),
	)
}

// Plot draws the ratings with their 95% intervals, sorted, best at the
// top, one row per player (stats/plot's Ratings): the figure coevo bt fit
// --plot draws.
func (f *Ratings) Plot() (*gplot.Plot, error) { return f.PlotLevel(0.95) }

// PlotLevel is Plot with intervals at another confidence level.
func (f *Ratings) PlotLevel(level float64) (*gplot.Plot, error) {
	lo, hi := f.CI(level)
	return plot.RatingsLevel(f.Players, f.Elo(), lo, hi, level)
}

// DiffSE returns the standard error (on the scale of Elo) of the
// difference Elo(a) - Elo(b) for each pair {a, b} of players (indices),
// from their covariance: with the dense covariance up to a few thousand
// players; beyond, from exact solves for the column of each distinct
// first player of a pair (four at a time, reporting progress through
// Options.Progress), with the second's variance from SE (to the accuracy
// SEAccuracy states). Ordo's head-to-head table (-j) and its superiority
// column (-J) give the difference's SD from its simulations.
func (f *Ratings) DiffSE(ctx context.Context, pairs [][2]int) ([]float64, error) {
	v, err := f.variancesCtx(ctx)
	if err != nil {
		return nil, err
	}
	n := len(f.Gamma)
	unit := f.Scale * eloPerNat
	out := make([]float64, len(pairs))
	if n <= denseFallback || v.method == "dense" {
		c := f.Cov()
		for k, pr := range pairs {
			a, b := pr[0], pr[1]
			out[k] = unit * math.Sqrt(math.Max(c.At(a, a)+c.At(b, b)-2*c.At(a, b), 0))
		}
		return out, nil
	}
	// The columns of the distinct first players, in blocks; each block's
	// pairs take their differences, and the columns go.
	var firsts []int
	of := map[int][]int{} // the pairs of each first player
	for k, pr := range pairs {
		if of[pr[0]] == nil {
			firsts = append(firsts, pr[0])
		}
		of[pr[0]] = append(of[pr[0]], k)
	}
	ls := v.ls
	if ls == nil {
		ls = newLapSolver(f.prob, f.grounded())
	}
	g := newGraph(ls)
	progress := f.Options.Progress
	if progress == nil {
		progress = func(int, int) {}
	}
	for lo := 0; lo < len(firsts); lo += blockWidth {
		block := firsts[lo:min(len(firsts), lo+blockWidth)]
		var rhs [][]float64
		for _, a := range block {
			b := make([]float64, n)
			b[a] = 1
			ls.project(b)
			rhs = append(rhs, b)
		}
		xs, err := ls.solveMBlock(ctx, g, rhs, 1e-10)
		if err != nil {
			return nil, err
		}
		for c, a := range block {
			col := xs[c]
			ls.project(col)
			at := func(j int) float64 { return col[j] + v.lowRank(j, a) }
			for _, k := range of[a] {
				b := pairs[k][1]
				out[k] = unit * math.Sqrt(math.Max(at(a)+v.theta[b]-2*at(b), 0))
			}
		}
		progress(min(len(firsts), lo+blockWidth), len(firsts))
	}
	return out, nil
}
