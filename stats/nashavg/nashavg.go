package nashavg

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"gonum.org/v1/gonum/mat"
	gplot "gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/coevolab/coevo/internal/frame"
	"github.com/coevolab/coevo/stats/bt"
	"github.com/coevolab/coevo/stats/plot"
)

// Scale says how win probabilities become the antisymmetric payoff.
type Scale int

const (
	// LogOdds: A_ij = log(P_ij / P_ji), the logit of i's win rate
	// against j (Balduzzi et al.; the scale on which Elo is additive:
	// Elo difference = 400/ln 10 A_ij when the league is transitive).
	LogOdds Scale = iota
	// Margin: A_ij = P_ij - 1/2, the win rate's margin over an even
	// score, bounded by 1/2 (an ordinary zero-sum game).
	Margin
)

func (s Scale) String() string {
	switch s {
	case LogOdds:
		return "log-odds"
	case Margin:
		return "margin"
	}
	return "Scale(" + strconv.Itoa(int(s)) + ")"
}

// Ratings are the Nash averaging of a league: its maximum-entropy Nash
// equilibrium and each player's payoff against it.
type Ratings struct {
	// Players names the players, in the order of the payoff's rows.
	Players []string
	// Payoff is the antisymmetric payoff matrix rated: Payoff[i][j] is
	// what i gains against j, Payoff[j][i] the opposite.
	Payoff *mat.Dense
	// Scale, when the payoff came from win rates, is how; WinRate then
	// holds them (nil for a payoff given directly).
	Scale   Scale
	WinRate *mat.Dense
	// Nash is the maximum-entropy Nash equilibrium: the share of each
	// player in the mixture (0 off the support).
	Nash []float64
	// Rating is each player's expected payoff against Nash, (A p*)_i:
	// 0 for every player Nash plays, and below 0 for a player that loses
	// against the mixture (some players off the support also earn 0).
	Rating []float64
	// InSupport reports whether some equilibrium plays the player (exactly
	// the players the maximum-entropy one plays).
	InSupport []bool
	// Gap is the largest payoff any player earns against Nash: 0 for an
	// exact equilibrium, a few units of rounding (relative to the largest
	// payoff) here.
	Gap float64
}

// Fit returns the Nash averaging of the antisymmetric payoff A: A[i][j]
// is what player i gains against j, and A[j][i] = -A[i][j] (within
// 1e-9 of the largest payoff; the mean of the two is used). names name
// the players (nil: "0", "1", ...).
func Fit(names []string, A mat.Matrix) (*Ratings, error) {
	n, c := A.Dims()
	if n != c {
		return nil, fmt.Errorf("nashavg: payoff is %dx%d, want a square matrix", n, c)
	}
	names, err := playerNames(names, n)
	if err != nil {
		return nil, err
	}
	B, err := antisymmetric(names, A)
	if err != nil {
		return nil, err
	}
	return fit(names, B)
}

// FitRows is Fit for a payoff given as rows.
func FitRows(names []string, A [][]float64) (*Ratings, error) {
	m, err := dense(A)
	if err != nil {
		return nil, err
	}
	return Fit(names, m)
}

// FitWinRates returns the Nash averaging of win rates: P[i][j] is the
// share of the points i scored against j (draws half), P[i][j] + P[j][i]
// = 1 for every pair (the diagonal is ignored), on the scale s.
func FitWinRates(names []string, P mat.Matrix, s Scale) (*Ratings, error) {
	n, c := P.Dims()
	if n != c {
		return nil, fmt.Errorf("nashavg: win rates are %dx%d, want a square matrix", n, c)
	}
	names, err := playerNames(names, n)
	if err != nil {
		return nil, err
	}
	A, err := payoffOf(names, P, s)
	if err != nil {
		return nil, err
	}
	r, err := fit(names, A)
	if err != nil {
		return nil, err
	}
	r.Scale = s
	r.WinRate = mat.DenseCopyOf(P)
	for i := 0; i < n; i++ {
		r.WinRate.Set(i, i, 0.5)
	}
	return r, nil
}

// Options say how a league's results become win rates and payoffs.
type Options struct {
	// Scale of the payoff (LogOdds by default).
	Scale Scale
	// Prior is a number of virtual drawn games added to every pair:
	// the win rate is (points_ij + Prior/2) / (games_ij + Prior). A pair
	// that one side swept has an infinite log-odds without one.
	Prior float64
}

// DefaultOptions are those of FitResults: log-odds, with one virtual
// drawn game a pair (the win rate is then the posterior mean under
// Jeffreys' prior, Beta(1/2, 1/2), and a sweep of n games has log-odds
// log(2n+1), not infinity). With paper 003's 20,000 games a pair the
// prior moves no rating by more than 1e-4.
func DefaultOptions() Options { return Options{Scale: LogOdds, Prior: 1} }

// FitResults returns the Nash averaging of a league (engine/tournament's
// Results.BT(), stats/bt's readers, a paper 003 Table VI matrix) with
// DefaultOptions. Every pair must have played.
func FitResults(r *bt.Results) (*Ratings, error) { return DefaultOptions().FitResults(r) }

// FitResults returns the Nash averaging of a league with options o.
func (o Options) FitResults(r *bt.Results) (*Ratings, error) {
	if !(o.Prior >= 0) || math.IsInf(o.Prior, 0) {
		return nil, fmt.Errorf("nashavg: prior %v: want a finite number of virtual games >= 0", o.Prior)
	}
	P, err := WinRates(r, o.Prior)
	if err != nil {
		return nil, err
	}
	return FitWinRates(r.Players, P, o.Scale)
}

// WinRates returns the win-rate matrix of a league: (points_ij +
// prior/2) / (games_ij + prior), 1/2 on the diagonal. A pair that did not
// play is an error naming it (Nash averaging needs every pair).
func WinRates(r *bt.Results, prior float64) (*mat.Dense, error) {
	n := len(r.Players)
	if n == 0 {
		return nil, fmt.Errorf("nashavg: no players")
	}
	P, N := r.Points()
	W := mat.NewDense(n, n, nil)
	for i := 0; i < n; i++ {
		W.Set(i, i, 0.5)
		for j := 0; j < n; j++ {
			if i == j {
				continue
			}
			if N[i][j] == 0 {
				return nil, fmt.Errorf("nashavg: %s and %s did not play: every pair of players must have played", r.Players[i], r.Players[j])
			}
			W.Set(i, j, (P[i][j]+prior/2)/(N[i][j]+prior))
		}
	}
	return W, nil
}

// payoffOf turns win rates into the antisymmetric payoff on scale s.
func payoffOf(names []string, P mat.Matrix, s Scale) (*mat.Dense, error) {
	n, _ := P.Dims()
	A := mat.NewDense(n, n, nil)
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			pij, pji := P.At(i, j), P.At(j, i)
			if !(pij >= 0 && pij <= 1 && pji >= 0 && pji <= 1) {
				return nil, fmt.Errorf("nashavg: win rates of %s against %s (%v) and back (%v) must lie in [0, 1]", names[i], names[j], pij, pji)
			}
			if math.Abs(pij+pji-1) > 1e-9 {
				return nil, fmt.Errorf("nashavg: win rates of %s against %s (%v) and back (%v) add up to %v, want 1", names[i], names[j], pij, pji, pij+pji)
			}
			var a float64
			switch s {
			case LogOdds:
				if pij == 0 || pji == 0 {
					return nil, fmt.Errorf("nashavg: %s against %s: a win rate of %v has infinite log-odds: add virtual drawn games (a prior) or use the margin scale", names[i], names[j], pij)
				}
				a = (math.Log(pij) - math.Log(pji))
			case Margin:
				a = (pij - pji) / 2
			default:
				return nil, fmt.Errorf("nashavg: unknown scale %v", s)
			}
			A.Set(i, j, a)
			A.Set(j, i, -a)
		}
	}
	return A, nil
}

// antisymmetric checks A and returns (A - A')/2, exactly antisymmetric.
func antisymmetric(names []string, A mat.Matrix) (*mat.Dense, error) {
	n, _ := A.Dims()
	big := 0.0
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			v := A.At(i, j)
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return nil, fmt.Errorf("nashavg: payoff of %s against %s is %v, want a finite number", names[i], names[j], v)
			}
			big = math.Max(big, math.Abs(v))
		}
	}
	tol := 1e-9 * math.Max(big, 1e-300)
	B := mat.NewDense(n, n, nil)
	for i := 0; i < n; i++ {
		if v := A.At(i, i); math.Abs(v) > tol {
			return nil, fmt.Errorf("nashavg: payoff of %s against itself is %v: an antisymmetric payoff has 0 on its diagonal (for win rates use FitWinRates)", names[i], v)
		}
		for j := i + 1; j < n; j++ {
			a, b := A.At(i, j), A.At(j, i)
			if math.Abs(a+b) > tol {
				return nil, fmt.Errorf("nashavg: payoff of %s against %s is %v but of %s against %s %v: want opposite numbers (an antisymmetric payoff; for win rates use FitWinRates)", names[i], names[j], a, names[j], names[i], b)
			}
			v := (a - b) / 2
			B.Set(i, j, v)
			B.Set(j, i, -v)
		}
	}
	return B, nil
}

// fit computes the maximum-entropy equilibrium of the antisymmetric B.
func fit(names []string, B *mat.Dense) (*Ratings, error) {
	n, _ := B.Dims()
	r := &Ratings{Players: names, Payoff: B, Nash: make([]float64, n), Rating: make([]float64, n), InSupport: make([]bool, n)}
	maxAbs := 0.0
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			maxAbs = math.Max(maxAbs, math.Abs(B.At(i, j)))
		}
	}
	if maxAbs == 0 {
		// Every mixture is an equilibrium: the uniform one has most
		// entropy.
		for i := range r.Nash {
			r.Nash[i], r.InSupport[i] = 1/float64(n), true
		}
		return r, nil
	}
	// The equilibria do not change when the payoff is scaled: solve
	// with the largest payoff 1.
	U := mat.NewDense(n, n, nil)
	U.Scale(1/maxAbs, B)
	in, x, err := support(U)
	if err != nil {
		return nil, err
	}
	p, err := maxEntropy(U, in, x)
	if err != nil {
		return nil, err
	}
	k := 0
	for i := 0; i < n; i++ {
		r.InSupport[i] = in[i]
		if in[i] {
			r.Nash[i] = p[k]
			k++
		}
	}
	rating := mat.NewVecDense(n, nil)
	rating.MulVec(B, mat.NewVecDense(n, r.Nash))
	r.Gap = math.Inf(-1)
	for i := 0; i < n; i++ {
		r.Rating[i] = rating.AtVec(i)
		r.Gap = math.Max(r.Gap, r.Rating[i])
	}
	// An equilibrium of a symmetric zero-sum game leaves no player a
	// positive payoff: check what was computed.
	if r.Gap > 1e-9*maxAbs {
		return nil, fmt.Errorf("nashavg: the mixture found is not an equilibrium within rounding (a player earns %g against it, payoffs up to %g)", r.Gap, maxAbs)
	}
	return r, nil
}

// playerNames returns names, or "0", "1", ... when nil, checking their
// number and that they are distinct.
func playerNames(names []string, n int) ([]string, error) {
	if names == nil {
		names = make([]string, n)
		for i := range names {
			names[i] = strconv.Itoa(i)
		}
		return names, nil
	}
	if len(names) != n {
		return nil, fmt.Errorf("nashavg: %d names for %d players", len(names), n)
	}
	seen := make(map[string]bool, n)
	for _, s := range names {
		if seen[s] {
			return nil, fmt.Errorf("nashavg: player %q named twice", s)
		}
		seen[s] = true
	}
	return append([]string(nil), names...), nil
}

// dense makes a matrix of rows, checking that it is square.
func dense(rows [][]float64) (*mat.Dense, error) {
	n := len(rows)
	if n == 0 {
		return nil, fmt.Errorf("nashavg: no players")
	}
	m := mat.NewDense(n, n, nil)
	for i, row := range rows {
		if len(row) != n {
			return nil, fmt.Errorf("nashavg: row %d has %d values for %d players: want a square matrix", i, len(row), n)
		}
		m.SetRow(i, row)
	}
	return m, nil
}

// Support returns the names of the players the equilibrium plays, by
// decreasing share.
func (r *Ratings) Support() []string {
	var out []string
	for _, i := range r.order() {
		if r.InSupport[i] {
			out = append(out, r.Players[i])
		}
	}
	return out
}

// order ranks the players: by rating, then by share of the mixture, then
// by their order in the payoff.
func (r *Ratings) order() []int {
	idx := make([]int, len(r.Players))
	for i := range idx {
		idx[i] = i
	}
	tol := 1e-12 * r.scale()
	sort.SliceStable(idx, func(a, b int) bool {
		i, j := idx[a], idx[b]
		if d := r.Rating[i] - r.Rating[j]; math.Abs(d) > tol {
			return d > 0
		}
		return r.Nash[i] > r.Nash[j]+1e-12
	})
	return idx
}

// scale is the largest payoff in absolute value.
func (r *Ratings) scale() float64 {
	n, _ := r.Payoff.Dims()
	m := 0.0
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			m = math.Max(m, math.Abs(r.Payoff.At(i, j)))
		}
	}
	return m
}

// Score returns, for win rates, each player's expected score against the
// equilibrium mixture, sum_j Nash_j P_ij (nil for a payoff given
// directly). On the Margin scale it is 1/2 + Rating; on the log-odds
// scale a player of the support need not score exactly 1/2.
func (r *Ratings) Score() []float64 {
	if r.WinRate == nil {
		return nil
	}
	n := len(r.Players)
	s := make([]float64, n)
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			s[i] += r.Nash[j] * r.WinRate.At(i, j)
		}
	}
	return s
}

// clean rounds away the rounding noise of a rating that is 0 in exact
// arithmetic: values within 1e-12 of the largest payoff print as 0.
func (r *Ratings) clean(v float64) float64 {
	if math.Abs(v) <= 1e-12*r.scale() {
		return 0
	}
	return v
}

// DataFrame returns one row per player, ranked by rating: rank, player,
// nash (the player's share of the maximum-entropy equilibrium, 4
// significant digits), rating (its payoff against it, 4 significant
// digits; 0 within rounding prints 0), support (whether the equilibrium
// plays it), and for win rates score% (its expected score against the
// mixture, to a tenth of a percent).
func (r *Ratings) DataFrame() dataframe.DataFrame {
	idx := r.order()
	n := len(idx)
	rank := make([]int, n)
	names := make([]string, n)
	nash, rating := make([]float64, n), make([]float64, n)
	sup := make([]bool, n)
	score := r.Score()
	var sc []float64
	for k, i := range idx {
		rank[k] = k + 1
		if k > 0 && math.Abs(r.Rating[i]-r.Rating[idx[k-1]]) <= 1e-12*r.scale() && math.Abs(r.Nash[i]-r.Nash[idx[k-1]]) <= 1e-12 {
			rank[k] = rank[k-1]
		}
		names[k], nash[k], rating[k], sup[k] = r.Players[i], r.clean(r.Nash[i]), r.clean(r.Rating[i]), r.InSupport[i]
		if score != nil {
			sc = append(sc, 100*score[i])
		}
	}
	cols := []series.Series{
		series.New(rank, series.Int, "rank"),
		series.New(names, series.String, "player"),
		frame.Sig("nash", nash, 4),
		frame.Sig("rating", rating, 4),
		series.New(sup, series.Bool, "support"),
	}
	if score != nil {
		cols = append(cols, frame.Round("score%", sc, 1))
	}
	return dataframe.New(cols...)
}

// String prints the equilibrium's support with the players' shares, and
// the players off it with their ratings.
func (r *Ratings) String() string {
	var b strings.Builder
	unit := "payoff"
	if r.WinRate != nil {
		unit = r.Scale.String()
	}
	fmt.Fprintf(&b, "Nash averaging (%s): maximum-entropy Nash plays", unit)
	for _, i := range r.order() {
		if r.InSupport[i] {
			fmt.Fprintf(&b, " %s %.4f", r.Players[i], r.Nash[i])
		}
	}
	fmt.Fprint(&b, "; off it:")
	off := 0
	for _, i := range r.order() {
		if !r.InSupport[i] {
			fmt.Fprintf(&b, " %s %.4g", r.Players[i], r.clean(r.Rating[i]))
			off++
		}
	}
	if off == 0 {
		fmt.Fprint(&b, " none")
	}
	return b.String()
}

// Plot draws each player's Nash average (its payoff against the
// maximum-entropy equilibrium), ranked, as a dot: filled for the players
// the equilibrium plays, with their share of it printed above, hollow
// for the others. At most 40 players (the best) are drawn; beyond that
// names are unreadable.
func (r *Ratings) Plot() (*gplot.Plot, error) {
	idx := r.order()
	if len(idx) > 40 {
		idx = idx[:40]
	}
	unit := "payoff"
	if r.WinRate != nil {
		unit = r.Scale.String()
	}
	p := plot.New("", "", "Nash average ("+unit+")")
	var in, out plotter.XYs
	var labels []string
	var shares plotter.XYLabels
	for k, i := range idx {
		pt := plotter.XY{X: float64(k), Y: r.clean(r.Rating[i])}
		labels = append(labels, r.Players[i])
		if r.InSupport[i] {
			in = append(in, pt)
			shares.XYs = append(shares.XYs, pt)
			shares.Labels = append(shares.Labels, strconv.FormatFloat(r.Nash[i], 'f', 2, 64))
		} else {
			out = append(out, pt)
		}
	}
	if len(in) > 0 {
		s, err := plotter.NewScatter(in)
		if err != nil {
			return nil, err
		}
		s.GlyphStyle = draw.GlyphStyle{Color: plot.Color(0), Radius: vg.Points(2.2), Shape: draw.CircleGlyph{}}
		p.Add(s)
		p.Legend.Add("in the equilibrium (its share above)", s)
		l, err := plotter.NewLabels(shares)
		if err != nil {
			return nil, err
		}
		// In the figure style's face, a size below the tick labels'.
		for k := range l.TextStyle {
			l.TextStyle[k] = p.Y.Tick.Label
			l.TextStyle[k].Font.Size = vg.Points(6)
			l.TextStyle[k].XAlign = draw.XCenter
			l.TextStyle[k].YAlign = draw.YBottom
		}
		l.Offset = vg.Point{Y: vg.Points(4)}
		p.Add(l)
	}
	if len(out) > 0 {
		s, err := plotter.NewScatter(out)
		if err != nil {
			return nil, err
		}
		s.GlyphStyle = draw.GlyphStyle{Color: plot.Color(0), Radius: vg.Points(2.2), Shape: draw.RingGlyph{}}
		p.Add(s)
		p.Legend.Add("not in it", s)
	}
	p.NominalX(labels...)
	p.X.Min, p.X.Max = -0.5, float64(len(idx))-0.5
	p.X.Tick.Label.Rotation = math.Pi / 4
	p.X.Tick.Label.XAlign = draw.XRight
	p.X.Tick.Label.YAlign = draw.YCenter
	p.Y.Max = math.Max(p.Y.Max, 0)
	plot.Finish(p)
	return p, nil
}
