package bt

import (
	"errors"
	"fmt"
	"math"
	"sort"
	"strings"

	"gonum.org/v1/gonum/mat"
)

// Options control a fit. The zero value is the plain model with defaults.
type Options struct {
	// Home adds a first-move advantage parameter, estimated from matchups
	// whose Seat is recorded.
	Home bool
	// Prior adds this many virtual drawn games between every pair of
	// players (a regularised fit; 0 for the maximum likelihood estimate).
	Prior float64
	// Tol: convergence when no mean-centred log-strength (nor the log home
	// advantage) changes by more than Tol in an iteration. Default 1e-10.
	Tol float64
	// MaxIter bounds the MM iterations. Default 100000.
	MaxIter int
	// EloMean is the mean Elo of the pool. Default 1600.
	EloMean float64
}

func (o Options) withDefaults() Options {
	if o.Tol <= 0 {
		o.Tol = 1e-10
	}
	if o.MaxIter <= 0 {
		o.MaxIter = 100000
	}
	if o.EloMean == 0 {
		o.EloMean = 1600
	}
	return o
}

// Ratings is a fitted Bradley-Terry model.
type Ratings struct {
	Players []string
	// Gamma are the strengths, scaled to geometric mean 1.
	Gamma []float64
	// Home is the first-move advantage factor (1 when not modelled).
	Home       float64
	Iterations int
	Options    Options

	games  []float64 // games played by each player (prior excluded)
	points []float64 // points scored (prior excluded)
	terms  []term
	cov    *mat.SymDense
}

// term is a group of n games: between neutral players i and j, or with i
// moving first against j when home is true.
type term struct {
	i, j int
	n    float64
	home bool
}

// ConvergenceError reports that MM stopped at MaxIter.
type ConvergenceError struct {
	Iterations int
	Change     float64
}

func (e *ConvergenceError) Error() string {
	return fmt.Sprintf("Bradley-Terry fit did not converge in %d iterations (last change %.3g); raise MaxIter or Tol", e.Iterations, e.Change)
}

// NotConnectedError reports that Hunter's condition fails, so the maximum
// likelihood estimate does not exist.
type NotConnectedError struct {
	NeverLost []string   // players who never lost a point
	NeverWon  []string   // players who never scored
	Groups    [][]string // strongly connected groups of the "scored against" graph
}

func (e *NotConnectedError) Error() string {
	var why []string
	if len(e.NeverLost) > 0 {
		why = append(why, "never lost: "+names(e.NeverLost))
	}
	if len(e.NeverWon) > 0 {
		why = append(why, "never won: "+names(e.NeverWon))
	}
	if len(why) == 0 {
		var g []string
		for _, grp := range e.Groups {
			g = append(g, "{"+names(grp)+"}")
		}
		why = append(why, "groups that never beat each other both ways: "+strings.Join(g, " "))
	}
	return "Bradley-Terry maximum likelihood does not exist (Hunter's condition: every split of the players needs a win across it in each direction); " +
		strings.Join(why, "; ") + "; fit with a prior of virtual draws (Options.Prior, CLI --prior 2)"
}

func names(s []string) string {
	const show = 6
	if len(s) > show {
		return strings.Join(s[:show], ", ") + fmt.Sprintf(" and %d more", len(s)-show)
	}
	return strings.Join(s, ", ")
}

// Fit fits the plain model with default options.
func Fit(r *Results) (*Ratings, error) { return Options{}.Fit(r) }

// Fit fits the model to r by Hunter's MM algorithm.
func (o Options) Fit(r *Results) (*Ratings, error) {
	o = o.withDefaults()
	n := len(r.Players)
	if n < 2 {
		return nil, fmt.Errorf("Bradley-Terry needs at least two players, have %d", n)
	}
	if o.Prior < 0 {
		return nil, fmt.Errorf("prior %v: must be non-negative", o.Prior)
	}
	fit := &Ratings{Players: r.Players, Home: 1, Options: o,
		games: make([]float64, n), points: make([]float64, n)}
	W := make([]float64, n) // points including the prior
	homePts, homeGames := 0.0, 0.0
	pair := map[[2]int]float64{}
	for _, m := range r.Matchups {
		ga := m.Games()
		fit.games[m.A] += ga
		fit.games[m.B] += ga
		pa, pb := m.WinsA+m.Draw/2, m.WinsB+m.Draw/2
		fit.points[m.A] += pa
		fit.points[m.B] += pb
		if o.Home && m.Seat != NoSeat {
			h, a, ph := m.A, m.B, pa
			if m.Seat == BFirst {
				h, a, ph = m.B, m.A, pb
			}
			fit.terms = append(fit.terms, term{h, a, ga, true})
			homePts += ph
			homeGames += ga
			continue
		}
		i, j := min(m.A, m.B), max(m.A, m.B)
		pair[[2]int{i, j}] += ga
	}
	copy(W, fit.points)
	if o.Prior > 0 {
		for i := 0; i < n; i++ {
			W[i] += o.Prior / 2 * float64(n-1)
			for j := i + 1; j < n; j++ {
				pair[[2]int{i, j}] += o.Prior
			}
		}
	}
	keys := make([][2]int, 0, len(pair))
	for k := range pair {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(a, b int) bool {
		if keys[a][0] != keys[b][0] {
			return keys[a][0] < keys[b][0]
		}
		return keys[a][1] < keys[b][1]
	})
	for _, k := range keys {
		fit.terms = append(fit.terms, term{k[0], k[1], pair[k], false})
	}
	if o.Prior == 0 {
		if err := hunterCondition(r); err != nil {
			return nil, err
		}
	}
	if o.Home && (homeGames == 0 || homePts == 0 || homePts == homeGames) {
		return nil, errors.New("first-move advantage cannot be estimated: need seated games won and lost by the first mover (give seat columns, or fit without --home)")
	}

	g := make([]float64, n)
	for i := range g {
		g[i] = 1
	}
	next := make([]float64, n)
	den := make([]float64, n)
	theta := 1.0
	for it := 1; ; it++ {
		clear(den)
		thetaDen := 0.0
		for _, t := range fit.terms {
			if t.home {
				d := theta*g[t.i] + g[t.j]
				den[t.i] += t.n * theta / d
				den[t.j] += t.n / d
				thetaDen += t.n * g[t.i] / d
			} else {
				d := g[t.i] + g[t.j]
				den[t.i] += t.n / d
				den[t.j] += t.n / d
			}
		}
		for i := range next {
			next[i] = W[i] / den[i]
		}
		normalise(next)
		change := 0.0
		for i := range g {
			change = math.Max(change, math.Abs(math.Log(next[i]/g[i])))
		}
		if o.Home {
			nt := homePts / thetaDen
			change = math.Max(change, math.Abs(math.Log(nt/theta)))
			theta = nt
		}
		g, next = next, g
		if change < o.Tol {
			fit.Gamma, fit.Home, fit.Iterations = g, theta, it
			return fit, nil
		}
		if it >= o.MaxIter || math.IsNaN(change) {
			return nil, &ConvergenceError{it, change}
		}
	}
}

// normalise scales g to geometric mean 1.
func normalise(g []float64) {
	s := 0.0
	for _, x := range g {
		s += math.Log(x)
	}
	f := math.Exp(-s / float64(len(g)))
	for i := range g {
		g[i] *= f
	}
}

// hunterCondition checks that the graph "i scored against j" is strongly
// connected.
func hunterCondition(r *Results) error {
	n := len(r.Players)
	out := make([][]int, n)
	in := make([][]int, n)
	for _, m := range r.Matchups {
		if m.WinsA+m.Draw/2 > 0 {
			out[m.A] = append(out[m.A], m.B)
			in[m.B] = append(in[m.B], m.A)
		}
		if m.WinsB+m.Draw/2 > 0 {
			out[m.B] = append(out[m.B], m.A)
			in[m.A] = append(in[m.A], m.B)
		}
	}
	comp := scc(out, in)
	ncomp := 0
	for _, c := range comp {
		ncomp = max(ncomp, c+1)
	}
	if ncomp == 1 {
		return nil
	}
	e := &NotConnectedError{Groups: make([][]string, ncomp)}
	for i, c := range comp {
		e.Groups[c] = append(e.Groups[c], r.Players[i])
		if len(in[i]) == 0 {
			e.NeverLost = append(e.NeverLost, r.Players[i])
		}
		if len(out[i]) == 0 {
			e.NeverWon = append(e.NeverWon, r.Players[i])
		}
	}
	return e
}

// scc labels strongly connected components (Kosaraju, iterative).
func scc(out, in [][]int) []int {
	n := len(out)
	seen := make([]bool, n)
	order := make([]int, 0, n)
	type fr struct{ v, k int }
	for s := 0; s < n; s++ {
		if seen[s] {
			continue
		}
		seen[s] = true
		st := []fr{{s, 0}}
		for len(st) > 0 {
			top := &st[len(st)-1]
			if top.k < len(out[top.v]) {
				w := out[top.v][top.k]
				top.k++
				if !seen[w] {
					seen[w] = true
					st = append(st, fr{w, 0})
				}
				continue
			}
			order = append(order, top.v)
			st = st[:len(st)-1]
		}
	}
	comp := make([]int, n)
	for i := range comp {
		comp[i] = -1
	}
	c := 0
	for k := n - 1; k >= 0; k-- {
		s := order[k]
		if comp[s] >= 0 {
			continue
		}
		comp[s] = c
		q := []int{s}
		for len(q) > 0 {
			v := q[len(q)-1]
			q = q[:len(q)-1]
			for _, w := range in[v] {
				if comp[w] < 0 {
					comp[w] = c
					q = append(q, w)
				}
			}
		}
		c++
	}
	return comp
}
