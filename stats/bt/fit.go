package bt

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"

	"gonum.org/v1/gonum/mat"
)

// Method is the algorithm a fit uses; both find the same maximum.
type Method int

const (
	// Newton is Newton's method on the log-likelihood, each step solved
	// by conjugate gradients on the sparse Hessian (the default; any
	// draw model).
	Newton Method = iota
	// MM is Hunter's MM algorithm, the one paper 003 uses (half-point
	// draws only).
	MM
)

func (m Method) String() string {
	if m == MM {
		return "mm"
	}
	return "newton"
}

// Options control a fit. The zero value is the plain model with defaults.
type Options struct {
	// Method: Newton (default) or MM.
	Method Method
	// Draws: how draws are modelled (default HalfPoint).
	Draws DrawModel
	// Home adds a first-move advantage parameter, estimated from matchups
	// whose Seat is recorded.
	Home bool
	// Prior adds this many virtual drawn games between every pair of
	// players (a regularised fit; 0 for the maximum likelihood estimate).
	// It makes the fit take time and memory in the square of the players.
	Prior float64
	// Tol: convergence when no centred log-strength (nor a model
	// parameter) changes by more than Tol in an iteration (an MM sweep or
	// a Newton step). Default 1e-10.
	Tol float64
	// MaxIter bounds the iterations. Default 100000 for MM, 200 for Newton.
	MaxIter int
	// EloMean is the mean Elo of the pool. Default 1600.
	EloMean float64
	// Anchor names a player whose Elo is fixed at AnchorElo; the others
	// are rated relative to it, and their standard errors are those of
	// the difference to it (as BradleyTerry2's reference player and
	// Ordo's anchor). Empty: no anchor, the pool's mean is EloMean.
	Anchor    string
	AnchorElo float64
	// SETol is the relative accuracy of the standard errors when they are
	// computed without the dense covariance (many players). Default 1e-3.
	SETol float64
}

func (o Options) withDefaults() Options {
	if o.Tol <= 0 {
		o.Tol = 1e-10
	}
	if o.MaxIter <= 0 {
		o.MaxIter = 200
		if o.Method == MM {
			o.MaxIter = 100000
		}
	}
	if o.EloMean == 0 {
		o.EloMean = 1600
	}
	if o.SETol <= 0 {
		o.SETol = 1e-3
	}
	return o
}

// Ratings is a fitted Bradley-Terry model.
type Ratings struct {
	Players []string
	// Gamma are the strengths, scaled to geometric mean 1.
	Gamma []float64
	// Home is the first-move advantage factor (1 when not modelled).
	Home float64
	// Draw is the draw parameter: Davidson's nu or Rao-Kupper's theta (0
	// when draws count as half a point).
	Draw       float64
	Iterations int
	Options    Options

	anchor int       // index of Options.Anchor, or -1
	games  []float64 // games played by each player (prior excluded)
	points []float64 // points scored (prior excluded)
	prob   *problem  // the likelihood, evaluated at the estimate
	cov    *mat.SymDense
	vars   *variances
}

// ConvergenceError reports that a fit stopped at MaxIter iterations.
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

// Fit fits the model to r.
func (o Options) Fit(r *Results) (*Ratings, error) { return o.FitContext(context.Background(), r) }

// FitContext fits the model to r; cancelling ctx stops it.
func (o Options) FitContext(ctx context.Context, r *Results) (*Ratings, error) {
	if !o.Home {
		return o.FitPairs(ctx, r.Players, r.Pairs())
	}
	var seatedGames, seatedPts float64
	for _, m := range r.Matchups {
		switch m.Seat {
		case AFirst:
			seatedGames += m.Games()
			seatedPts += m.WinsA + m.Draw/2
		case BFirst:
			seatedGames += m.Games()
			seatedPts += m.WinsB + m.Draw/2
		}
	}
	if seatedGames == 0 || seatedPts == 0 || seatedPts == seatedGames {
		return nil, errors.New("first-move advantage cannot be estimated: need seated games won and lost by the first mover (give seat columns, or fit without --home)")
	}
	return o.fit(ctx, r.Players, aggregate(r, true))
}

// FitPairs fits the model to results already aggregated by pair (which
// carry no seats, so Home must be false): a large tournament's results
// need then be held only in this compact form.
func (o Options) FitPairs(ctx context.Context, players []string, p *Pairs) (*Ratings, error) {
	if o.Home {
		return nil, errors.New("the first-move advantage needs the seats: fit the Results, not their Pairs")
	}
	if len(players) != p.Players {
		return nil, fmt.Errorf("%d player names for pairs of %d players", len(players), p.Players)
	}
	return o.fit(ctx, players, &table{Pairs: *p})
}

func (o Options) fit(ctx context.Context, players []string, t *table) (*Ratings, error) {
	o = o.withDefaults()
	n := len(players)
	if n < 2 {
		return nil, fmt.Errorf("Bradley-Terry needs at least two players, have %d", n)
	}
	if o.Prior < 0 || math.IsNaN(o.Prior) || math.IsInf(o.Prior, 0) {
		return nil, fmt.Errorf("prior %v: must be finite and non-negative", o.Prior)
	}
	if o.Draws < HalfPoint || o.Draws > RaoKupper {
		return nil, fmt.Errorf("unknown draw model %v", o.Draws)
	}
	if o.Method == MM && o.Draws != HalfPoint {
		return nil, fmt.Errorf("the MM algorithm fits half-point draws only; use Newton for the %v model", o.Draws)
	}
	fit := &Ratings{Players: players, Home: 1, Options: o, anchor: -1,
		games: make([]float64, n), points: make([]float64, n)}
	if o.Anchor != "" {
		fit.anchor = slices.Index(players, o.Anchor)
		if fit.anchor < 0 {
			return nil, fmt.Errorf("anchor %q is not a player", o.Anchor)
		}
	}
	var draws, decisive float64
	for k := range t.I {
		g := t.Games(k)
		pi, pj := t.Points(k)
		fit.games[t.I[k]] += g
		fit.games[t.J[k]] += g
		fit.points[t.I[k]] += pi
		fit.points[t.J[k]] += pj
		draws += t.Draws[k]
		decisive += t.WinsI[k] + t.WinsJ[k]
	}
	if o.Draws != HalfPoint && (draws == 0 || decisive == 0) {
		return nil, fmt.Errorf("the %v draw model needs both drawn and decided games (have %g draws, %g decided)", o.Draws, draws, decisive)
	}
	if o.Prior == 0 {
		if g := groupsOf(players, &t.Pairs); !g.Connected() {
			return nil, notConnected(g, &t.Pairs)
		}
	} else {
		t = t.withPrior(o.Prior)
	}
	p := newProblem(t, o.Draws, o.Home)
	x := make([]float64, p.dim)
	var err error
	if o.Method == MM {
		fit.Iterations, err = mm(ctx, t, o.Home, x, o.Tol, o.MaxIter)
		if err == nil {
			center(x[:n])
			p.evaluate(x)
		}
	} else {
		if p.id >= 0 {
			x[p.id] = o.Draws.drawStart(draws / (draws + decisive))
		}
		fit.Iterations, err = p.newton(ctx, x, o.Tol, o.MaxIter)
	}
	if err != nil {
		if errors.Is(err, errNoProgress) {
			return nil, fmt.Errorf("Bradley-Terry fit made no progress after %d steps (please report the data)", fit.Iterations)
		}
		return nil, err
	}
	fit.prob = p
	fit.Gamma = make([]float64, n)
	for i := range fit.Gamma {
		fit.Gamma[i] = math.Exp(x[i])
	}
	if p.ih >= 0 {
		fit.Home = math.Exp(x[p.ih])
	}
	if p.id >= 0 {
		fit.Draw = math.Exp(x[p.id])
	}
	return fit, nil
}

func notConnected(g *Groups, p *Pairs) *NotConnectedError {
	e := &NotConnectedError{}
	for _, m := range g.Members {
		var names []string
		for _, i := range m {
			names = append(names, g.Players[i])
		}
		e.Groups = append(e.Groups, names)
	}
	lost, won := make([]bool, p.Players), make([]bool, p.Players)
	for k := range p.I {
		pi, pj := p.Points(k)
		if pi > 0 {
			won[p.I[k]], lost[p.J[k]] = true, true
		}
		if pj > 0 {
			won[p.J[k]], lost[p.I[k]] = true, true
		}
	}
	for i, name := range g.Players {
		if !lost[i] {
			e.NeverLost = append(e.NeverLost, name)
		}
		if !won[i] {
			e.NeverWon = append(e.NeverWon, name)
		}
	}
	return e
}
