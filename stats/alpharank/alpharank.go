package alpharank

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"gonum.org/v1/gonum/mat"

	"github.com/coevolab/coevo/internal/frame"
	"github.com/coevolab/coevo/stats/bt"
)

// Model is the selection model that gives a mutant's fixation
// probability.
type Model int

const (
	// Moran is the paper's single-population model: a mutant's and a
	// resident's fitness are their mean payoffs against the rest of the
	// population of m, so self-play payoffs (the diagonal) count.
	Moran Model = iota
	// Local compares only the pair's payoffs against each other
	// (OpenSpiel's default, use_local_selection_model). For a
	// constant-sum payoff (win rates) it is Moran with alpha multiplied
	// by 2(m-1)/m.
	Local
)

func (m Model) String() string {
	switch m {
	case Moran:
		return "Moran"
	case Local:
		return "local"
	}
	return "Model(" + strconv.Itoa(int(m)) + ")"
}

// Defaults of Options: OpenSpiel's alpharank.compute defaults.
const (
	DefaultAlpha      = 100
	DefaultPopulation = 50
)

// Options set the evolutionary model.
type Options struct {
	// Alpha is the ranking intensity, in the units of the payoff: 0
	// means DefaultAlpha; math.Inf(1) asks for the large-alpha limit
	// (Limit).
	Alpha float64
	// Population is the population size m (0: DefaultPopulation; at
	// least 2).
	Population int
	// Model is the selection model (Moran by default).
	Model Model
}

func (o Options) withDefaults() (Options, error) {
	if o.Alpha == 0 {
		o.Alpha = DefaultAlpha
	}
	if o.Population == 0 {
		o.Population = DefaultPopulation
	}
	if !(o.Alpha > 0) {
		return o, fmt.Errorf("alpharank: alpha %v: want a ranking intensity > 0", o.Alpha)
	}
	if o.Population < 2 {
		return o, fmt.Errorf("alpharank: population %d: want at least 2", o.Population)
	}
	if o.Model != Moran && o.Model != Local {
		return o, fmt.Errorf("alpharank: unknown model %v", o.Model)
	}
	return o, nil
}

// Ranking is alpha-Rank's result: the stationary distribution of the
// Markov chain over the players (pure strategies) that the evolutionary
// model defines, and the chain.
type Ranking struct {
	Players []string
	// Payoff is the payoff ranked: Payoff[i][j] is i's payoff against j.
	Payoff  *mat.Dense
	Options Options
	// Pi is the stationary distribution: the share of time the
	// population spends playing each player (alpha-Rank's score).
	Pi []float64
	// Fixation[s][r] is the probability that a mutant playing r takes
	// over a population playing s (NaN on the diagonal; at the
	// large-alpha limit, the limit of that probability).
	Fixation *mat.Dense
	// Limit reports whether this is the large-alpha limit.
	Limit bool
}

// Rank returns the alpha-Rank of the payoff M (M[i][j] is player i's
// payoff against j; the diagonal is self-play, used by the Moran model)
// with options o. names name the players (nil: "0", "1", ...).
func Rank(names []string, M mat.Matrix, o Options) (*Ranking, error) {
	rows, names, err := check(names, M)
	if err != nil {
		return nil, err
	}
	if math.IsInf(o.Alpha, 1) {
		return limit(names, rows, o)
	}
	o, err = o.withDefaults()
	if err != nil {
		return nil, err
	}
	n := len(rows)
	rk := &Ranking{Players: names, Payoff: denseOf(rows), Options: o, Fixation: mat.NewDense(n, n, nil)}
	if n == 1 {
		rk.Pi = []float64{1}
		rk.Fixation.Set(0, 0, math.NaN())
		return rk, nil
	}
	L := make([][]float64, n)
	eta := math.Log(1 / float64(n-1))
	for s := 0; s < n; s++ {
		L[s] = make([]float64, n)
		for r := 0; r < n; r++ {
			if r == s {
				rk.Fixation.Set(s, s, math.NaN())
				L[s][r] = math.Inf(-1)
				continue
			}
			lr := logFixation(rows, r, s, o.Population, o.Alpha, o.Model)
			rk.Fixation.Set(s, r, math.Exp(lr))
			L[s][r] = eta + lr
		}
	}
	rk.Pi = stationary(L)
	if rk.Pi == nil {
		return nil, fmt.Errorf("alpharank: the Markov chain is reducible (a fixation probability underflowed): use Limit")
	}
	return rk, nil
}

// RankRows is Rank for a payoff given as rows.
func RankRows(names []string, M [][]float64, o Options) (*Ranking, error) {
	m, err := dense(M)
	if err != nil {
		return nil, err
	}
	return Rank(names, m, o)
}

// RankResults returns the alpha-Rank of a league (engine/tournament's
// Results.BT(), stats/bt's readers, a paper 003 Table VI matrix): the
// payoff is each player's share of the points against each other one
// (draws half), 1/2 against itself. Every pair must have played.
func RankResults(r *bt.Results, o Options) (*Ranking, error) {
	W, err := winRates(r)
	if err != nil {
		return nil, err
	}
	return Rank(r.Players, W, o)
}

// Limit returns the large-alpha limit of alpha-Rank (Options.Alpha is
// ignored). As alpha grows, a mutant that does better against the
// resident than the resident does against it takes over with probability
// tending to 1 (to 1/(1 + the number of ties among the partial sums) in
// the Moran model), a neutral one with probability 1/m, and a worse one
// with a probability that vanishes exponentially. The limit chain's
// closed classes are the sink strongly connected components of the
// response graph (Omidshafiei et al.'s Markov-Conley chains); when there
// is one, the stationary distribution converges to the limit chain's on
// it, which Limit returns. For an antisymmetric or constant-sum payoff
// (win rates) there is always one: of two players one beats the other or
// they tie, and a tournament has one top component. With several (a
// general-sum payoff), how the limit divides its mass among them depends
// on the exponentially small escape rates, and Limit says so rather than
// guess.
func Limit(names []string, M mat.Matrix, o Options) (*Ranking, error) {
	rows, names, err := check(names, M)
	if err != nil {
		return nil, err
	}
	return limit(names, rows, o)
}

func limit(names []string, rows [][]float64, o Options) (*Ranking, error) {
	o.Alpha = math.Inf(1)
	if o.Population == 0 {
		o.Population = DefaultPopulation
	}
	if o.Population < 2 {
		return nil, fmt.Errorf("alpharank: population %d: want at least 2", o.Population)
	}
	if o.Model != Moran && o.Model != Local {
		return nil, fmt.Errorf("alpharank: unknown model %v", o.Model)
	}
	n := len(rows)
	rk := &Ranking{Players: names, Payoff: denseOf(rows), Options: o, Fixation: mat.NewDense(n, n, nil), Limit: true}
	rho := make([][]float64, n)
	for s := range rho {
		rho[s] = make([]float64, n)
		for r := range rho[s] {
			if r == s {
				rk.Fixation.Set(s, s, math.NaN())
				continue
			}
			rho[s][r] = limitFixation(rows, r, s, o.Population, o.Model)
			rk.Fixation.Set(s, r, rho[s][r])
		}
	}
	sinks := sinkComponents(rho)
	if len(sinks) != 1 {
		var parts []string
		for _, c := range sinks {
			var who []string
			for _, i := range c {
				who = append(who, names[i])
			}
			parts = append(parts, "{"+strings.Join(who, ", ")+"}")
		}
		return nil, fmt.Errorf("alpharank: the response graph has %d sink components (%s): the large-alpha limit divides its mass among them by their exponentially small escape rates; rank at a finite alpha instead", len(sinks), strings.Join(parts, " "))
	}
	sink := sinks[0]
	rk.Pi = make([]float64, n)
	if len(sink) == 1 {
		rk.Pi[sink[0]] = 1
		return rk, nil
	}
	L := make([][]float64, len(sink))
	for a, s := range sink {
		L[a] = make([]float64, len(sink))
		for b, r := range sink {
			L[a][b] = math.Log(rho[s][r]) // -Inf for 0
		}
	}
	pi := stationary(L)
	if pi == nil {
		return nil, fmt.Errorf("alpharank: the limit chain is reducible on its sink component")
	}
	for a, s := range sink {
		rk.Pi[s] = pi[a]
	}
	return rk, nil
}

// limitFixation is the limit of the fixation probability as alpha grows.
func limitFixation(M [][]float64, r, s, m int, model Model) float64 {
	tol := 1e-12 * scaleOf(M)
	if model == Local {
		d := M[r][s] - M[s][r]
		switch {
		case d > tol:
			return 1
		case d < -tol:
			return 0
		}
		return 1 / float64(m)
	}
	// rho = 1/(1 + sum_l exp(-alpha S_l)): the terms with S_l > 0
	// vanish, those with S_l = 0 stay 1, and one S_l < 0 sends rho to 0.
	S, zeros := 0.0, 0
	mf := float64(m - 1)
	for k := 1; k < m; k++ {
		fr := (float64(k-1)*M[r][r] + float64(m-k)*M[r][s]) / mf
		fs := (float64(m-k-1)*M[s][s] + float64(k)*M[s][r]) / mf
		S += fr - fs
		switch {
		case S < -tol:
			return 0
		case S <= tol:
			zeros++
		}
	}
	return 1 / float64(1+zeros)
}

func scaleOf(M [][]float64) float64 {
	m := 0.0
	for _, row := range M {
		for _, v := range row {
			m = math.Max(m, math.Abs(v))
		}
	}
	return math.Max(m, 1e-300)
}

// sinkComponents returns the strongly connected components of the graph
// s -> r (rho[s][r] > 0) that no edge leaves, each sorted.
func sinkComponents(rho [][]float64) [][]int {
	n := len(rho)
	// reach[i][j]: j reachable from i (Floyd-Warshall closure; n is
	// the number of players).
	reach := make([][]bool, n)
	for i := range reach {
		reach[i] = make([]bool, n)
		reach[i][i] = true
		for j := range reach[i] {
			if i != j && rho[i][j] > 0 {
				reach[i][j] = true
			}
		}
	}
	for k := 0; k < n; k++ {
		for i := 0; i < n; i++ {
			if !reach[i][k] {
				continue
			}
			for j := 0; j < n; j++ {
				if reach[k][j] {
					reach[i][j] = true
				}
			}
		}
	}
	var out [][]int
	seen := make([]bool, n)
	for i := 0; i < n; i++ {
		if seen[i] {
			continue
		}
		var comp []int
		sink := true
		for j := 0; j < n; j++ {
			if reach[i][j] && reach[j][i] {
				comp = append(comp, j)
				seen[j] = true
			}
			if reach[i][j] && !reach[j][i] {
				sink = false
			}
		}
		if sink {
			out = append(out, comp)
		}
	}
	return out
}

// check validates a payoff and names, returning its rows.
func check(names []string, M mat.Matrix) ([][]float64, []string, error) {
	n, c := M.Dims()
	if n != c {
		return nil, nil, fmt.Errorf("alpharank: payoff is %dx%d, want a square matrix", n, c)
	}
	if names == nil {
		names = make([]string, n)
		for i := range names {
			names[i] = strconv.Itoa(i)
		}
	} else {
		if len(names) != n {
			return nil, nil, fmt.Errorf("alpharank: %d names for %d players", len(names), n)
		}
		seen := map[string]bool{}
		for _, s := range names {
			if seen[s] {
				return nil, nil, fmt.Errorf("alpharank: player %q named twice", s)
			}
			seen[s] = true
		}
		names = append([]string(nil), names...)
	}
	rows := make([][]float64, n)
	for i := range rows {
		rows[i] = make([]float64, n)
		for j := range rows[i] {
			v := M.At(i, j)
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return nil, nil, fmt.Errorf("alpharank: payoff of %s against %s is %v, want a finite number", names[i], names[j], v)
			}
			rows[i][j] = v
		}
	}
	return rows, names, nil
}

func dense(rows [][]float64) (*mat.Dense, error) {
	n := len(rows)
	if n == 0 {
		return nil, fmt.Errorf("alpharank: no players")
	}
	m := mat.NewDense(n, n, nil)
	for i, row := range rows {
		if len(row) != n {
			return nil, fmt.Errorf("alpharank: row %d has %d values for %d players: want a square matrix", i, len(row), n)
		}
		m.SetRow(i, row)
	}
	return m, nil
}

func denseOf(rows [][]float64) *mat.Dense {
	m, _ := dense(rows)
	return m
}

// winRates is each player's share of the points against each other one,
// 1/2 on the diagonal.
func winRates(r *bt.Results) (*mat.Dense, error) {
	n := len(r.Players)
	if n == 0 {
		return nil, fmt.Errorf("alpharank: no players")
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
				return nil, fmt.Errorf("alpharank: %s and %s did not play: every pair of players must have played", r.Players[i], r.Players[j])
			}
			W.Set(i, j, P[i][j]/N[i][j])
		}
	}
	return W, nil
}

// order ranks players by stationary mass (ties by their order).
func order(pi []float64) []int {
	idx := make([]int, len(pi))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return pi[idx[a]] > pi[idx[b]]*(1+1e-12)+1e-300 })
	return idx
}

// DataFrame returns one row per player, by decreasing mass: rank (equal
// masses, within 1e-12 relative, share a rank), player, pi (the
// stationary mass, 4 significant digits).
func (r *Ranking) DataFrame() dataframe.DataFrame {
	idx := order(r.Pi)
	n := len(idx)
	rank := make([]int, n)
	names := make([]string, n)
	pi := make([]float64, n)
	for k, i := range idx {
		rank[k] = k + 1
		if k > 0 && math.Abs(r.Pi[i]-r.Pi[idx[k-1]]) <= 1e-12*math.Max(r.Pi[i], 1e-300) {
			rank[k] = rank[k-1]
		}
		names[k], pi[k] = r.Players[i], r.Pi[i]
	}
	return dataframe.New(series.New(rank, series.Int, "rank"), series.New(names, series.String, "player"), frame.Sig("pi", pi, 4))
}

// String prints the players with stationary mass, by decreasing mass.
func (r *Ranking) String() string {
	var b strings.Builder
	if r.Limit {
		fmt.Fprintf(&b, "alpha-Rank (%s, m = %d, alpha -> infinity):", r.Options.Model, r.Options.Population)
	} else {
		fmt.Fprintf(&b, "alpha-Rank (%s, m = %d, alpha = %g):", r.Options.Model, r.Options.Population, r.Options.Alpha)
	}
	shown := 0
	for _, i := range order(r.Pi) {
		if r.Pi[i] < 5e-5 && shown > 0 {
			break
		}
		fmt.Fprintf(&b, " %s %.4f", r.Players[i], r.Pi[i])
		shown++
	}
	if shown < len(r.Pi) {
		fmt.Fprintf(&b, " (%d more below 0.0001)", len(r.Pi)-shown)
	}
	return b.String()
}
