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
	// Home models a first-move advantage, estimated from the matchups
	// whose Seat is recorded (or held fixed: FixHome). Games without a
	// recorded seat are fitted without it.
	Home bool
	// FixHome holds the first-move advantage at HomeElo Elo instead of
	// estimating it (BayesElo's "advantage"; it needs Home).
	FixHome bool
	HomeElo float64
	// FixDraw holds the Rao-Kupper draw parameter at DrawElo instead of
	// estimating it: theta = 10^(DrawElo/400), BayesElo's "drawelo".
	FixDraw bool
	DrawElo float64
	// Prior is BayesElo's prior, in virtual drawn games per player: each
	// player spreads Prior/2 virtual draws over the opponents it met, in
	// proportion to the games it played with each, so that in a balanced
	// round robin every player takes part in Prior virtual draws (half
	// its own, half its opponents'). It keeps the ratings finite when
	// someone never lost or never won, and moves the ratings of players
	// with many games very little. Players who never met get no virtual
	// games, so the prior cannot compare pools of players that never
	// played each other (Fit then fails, naming them). 0: the maximum
	// likelihood estimate.
	Prior float64
	// PairPrior adds this many virtual drawn games between every pair of
	// players, whether they met or not: a stronger regularisation, which
	// shrinks the ratings towards each other in proportion to the number
	// of players and sets the relative level of pools that never met. It
	// takes time and memory in the square of the players.
	PairPrior float64
	// ScoreScale reports Elo differences rescaled so that between nearly
	// equal players the expected score (wins plus half the draws) changes
	// with the Elo difference as on the Elo curve: by the draw model's
	// slope of the expected score at equal strength over the logistic's,
	// 4x/(1+x)^2 with x = 1/theta for Rao-Kupper (BayesElo's scale),
	// 2/(2+nu) for Davidson, 1 for half points. See Ratings.Scale.
	ScoreScale bool
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
	// Anchors fix the Elo of several players, as Ordo's multiple anchors
	// (ordo -m): the others are fitted with these held (the maximum
	// likelihood given them), and their standard errors are given the
	// anchors (0 for an anchor). Anchor, when set, is one more. One
	// anchor in all only sets the level, as Anchor does.
	Anchors []Anchor
	// LooseAnchors give players a prior on their Elo, as Ordo's loose
	// anchors (ordo -y): a normal distribution with mean Elo and standard
	// deviation SD. The fit is then the maximum of the likelihood times
	// these priors (MAP, by Newton's method), the ratings' level is the
	// one the priors set (EloMean does not apply), and the standard errors
	// are those of the posterior, the inverse of the information plus the
	// priors' (what Ordo's simulations give, which draw the priors too).
	LooseAnchors []LooseAnchor
	// Relations give pairs of players a prior on the difference of their
	// Elo, as Ordo's relative anchors (ordo -r): Elo(A) - Elo(B) normal
	// with mean Diff and standard deviation SD (a new version of an
	// engine within SD of the one before). As LooseAnchors, by Newton's
	// method, and in the standard errors.
	Relations []Relation
	// Progress, when set, is called now and then during the slower steps
	// of the standard errors, with the work done of the total. A fit saved
	// as JSON does not keep it.
	Progress func(done, total int) `json:"-"`
	// SETol is the relative accuracy of the standard errors when they are
	// computed without the dense covariance (many players). Default 1e-3.
	SETol float64
}

// Anchor is a player whose Elo is held (Options.Anchors).
type Anchor struct {
	Name string
	Elo  float64
}

// LooseAnchor is a prior on a player's Elo (Options.LooseAnchors): normal
// with mean Elo and standard deviation SD.
type LooseAnchor struct {
	Name    string
	Elo, SD float64
}

// Relation is a prior on the difference of two players' Elo
// (Options.Relations): Elo(A) - Elo(B) normal with mean Diff and
// standard deviation SD.
type Relation struct {
	A, B     string
	Diff, SD float64
}

// anchors returns every anchor: Anchor, then Anchors.
func (o Options) anchors() []Anchor {
	if o.Anchor == "" {
		return o.Anchors
	}
	return append([]Anchor{{o.Anchor, o.AnchorElo}}, o.Anchors...)
}

// BayesElo's defaults (Rémi Coulom's bayeselo, CBradleyTerry and
// CEloRatingCUI): drawelo, first-move advantage and prior.
const (
	BayesEloDrawElo   = 97.3
	BayesEloAdvantage = 32.8
	BayesEloPrior     = 2
)

// BayesElo returns the options of BayesElo's default fit (its "mm"
// command): Rao-Kupper draws with drawelo 97.3 and a first-move advantage
// of 32.8 Elo, both held fixed, a prior of 2 virtual draws per player, and
// Elo differences scaled as BayesElo prints them. To estimate drawelo and
// the advantage, as "mm 1 1" does, clear FixDraw and FixHome.
func BayesElo() Options {
	return Options{Draws: RaoKupper, Home: true, FixHome: true, HomeElo: BayesEloAdvantage,
		FixDraw: true, DrawElo: BayesEloDrawElo, Prior: BayesEloPrior, ScoreScale: true}
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
	// Home is the first-move advantage factor (1 when not modelled),
	// estimated or held fixed.
	Home float64
	// Draw is the draw parameter: Davidson's nu or Rao-Kupper's theta (0
	// when draws count as half a point), estimated or held fixed.
	Draw float64
	// Scale is the Elo per unit of 400 log10 strength ratio: 1, or with
	// Options.ScoreScale the draw model's expected-score slope ratio.
	Scale      float64
	Iterations int
	// Method is the algorithm that found the estimate: Options.Method,
	// or MM when Newton's method stalled (its steps no longer raising
	// the likelihood within rounding, as with counts of very different
	// sizes) and the model allows MM; Iterations then counts both.
	Method  Method
	Options Options

	anchor int    // index of the first anchor, or -1
	fixed  []bool // players held at their anchor's Elo (two anchors or more; all false with loose anchors only), else nil
	// absolute: loose anchors set the ratings' level, Elo = Scale *
	// eloPerNat * log-strength; meanX is the mean log-strength (Gamma
	// are scaled to geometric mean 1).
	absolute bool
	meanX    float64
	games    []float64 // games played by each player (prior excluded)
	points   []float64 // points scored (prior excluded)
	groups   *Groups   // connectivity of the games (prior excluded)
	data     *table    // the games fitted (prior excluded), for MarshalJSON
	prob     *problem  // the likelihood, evaluated at the estimate
	cov      *mat.SymDense
	vars     *variances
}

// ConvergenceError reports that a fit stopped at MaxIter iterations, or
// (Stalled) that it could not improve the likelihood any more, which does
// not happen on data that has a maximum: please report the data.
type ConvergenceError struct {
	Iterations int
	Change     float64
	Stalled    bool
}

func (e *ConvergenceError) Error() string {
	if e.Stalled {
		return fmt.Sprintf("Bradley-Terry fit made no progress after %d steps (please report the data)", e.Iterations)
	}
	return fmt.Sprintf("Bradley-Terry fit did not converge in %d iterations (last change %.3g); raise MaxIter or Tol", e.Iterations, e.Change)
}

// NotConnectedError reports that Hunter's condition fails, so the maximum
// likelihood estimate does not exist; or, with a prior (Options.Prior),
// that some players never met, so nothing compares them.
type NotConnectedError struct {
	NeverLost []string   // players who never lost a point
	NeverWon  []string   // players who never scored
	Groups    [][]string // strongly connected groups of the "scored against" graph
	// Pools are the sets of players that never played each other, when
	// there are several; WithPrior: the fit had a prior, which cannot
	// link them.
	Pools     [][]string
	WithPrior bool
}

func (e *NotConnectedError) Error() string {
	if e.WithPrior {
		var p []string
		for _, pool := range e.Pools {
			p = append(p, "{"+names(pool)+"}")
		}
		return fmt.Sprintf("%d pools of players never played each other: %s; the prior adds virtual games only between players who met, so nothing compares the pools: rate each pool on its own, or give virtual games between every pair (Options.PairPrior, CLI --pair-prior), which alone then sets their relative level",
			len(e.Pools), strings.Join(p, " "))
	}
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
	fix := "; fit with a prior of virtual draws (Options.Prior, CLI --prior 2)"
	if len(e.Pools) > 1 {
		fix = fmt.Sprintf("; %d pools of players never met, which only virtual games between every pair can link (Options.PairPrior, CLI --pair-prior)", len(e.Pools))
	}
	return "Bradley-Terry maximum likelihood does not exist (Hunter's condition: every split of the players needs a win across it in each direction); " +
		strings.Join(why, "; ") + fix
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
	if !o.FixHome {
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
			return nil, &InputError{"first-move advantage cannot be estimated: need seated games won and lost by the first mover (give seat columns, or fit without --home)"}
		}
	}
	return o.fit(ctx, r.Players, aggregate(r, true))
}

// FitPairs fits the model to results already aggregated by pair (which
// carry no seats, so a first-move advantage enters no game): a large
// tournament's results need then be held only in this compact form.
func (o Options) FitPairs(ctx context.Context, players []string, p *Pairs) (*Ratings, error) {
	if o.Home && !o.FixHome {
		return nil, &InputError{"the first-move advantage needs the seats: fit the Results, not their Pairs"}
	}
	if len(players) != p.Players {
		return nil, &InputError{fmt.Sprintf("%d player names for pairs of %d players", len(players), p.Players)}
	}
	if err := p.check(); err != nil {
		return nil, err
	}
	return o.fit(ctx, players, &table{Pairs: *p})
}

// InputError reports data or options a fit cannot use.
type InputError struct{ Msg string }

func (e *InputError) Error() string { return e.Msg }

func inputErrorf(format string, a ...any) error { return &InputError{fmt.Sprintf(format, a...)} }

// check validates the options.
func (o Options) check() error {
	finite := func(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }
	switch {
	case o.Prior < 0 || !finite(o.Prior):
		return inputErrorf("prior %v: must be finite and non-negative", o.Prior)
	case o.PairPrior < 0 || !finite(o.PairPrior):
		return inputErrorf("pair prior %v: must be finite and non-negative", o.PairPrior)
	case o.Prior > 0 && o.PairPrior > 0:
		return inputErrorf("a prior per player (%v) and between every pair (%v): choose one", o.Prior, o.PairPrior)
	case o.Draws < HalfPoint || o.Draws > RaoKupper:
		return inputErrorf("unknown draw model %v", o.Draws)
	case o.Method == MM && o.Draws != HalfPoint:
		return inputErrorf("the MM algorithm fits half-point draws only; use Newton for the %v model", o.Draws)
	case o.FixHome && !o.Home:
		return inputErrorf("FixHome holds a first-move advantage: set Home too")
	case o.FixHome && !finite(o.HomeElo):
		return inputErrorf("first-move advantage %v Elo: must be finite", o.HomeElo)
	case o.FixDraw && o.Draws != RaoKupper:
		return inputErrorf("a fixed drawelo is a Rao-Kupper draw parameter; the %v model has none", o.Draws)
	case o.FixDraw && !(o.DrawElo > 0 && finite(o.DrawElo)):
		return inputErrorf("drawelo %v: must be positive and finite (0 would make every draw impossible)", o.DrawElo)
	}
	seen := map[string]bool{}
	for _, a := range o.anchors() {
		switch {
		case seen[a.Name]:
			return inputErrorf("anchor %q is given twice", a.Name)
		case !finite(a.Elo):
			return inputErrorf("anchor %q at %v Elo: must be finite", a.Name, a.Elo)
		}
		seen[a.Name] = true
	}
	if len(seen) > 1 && o.ScoreScale && o.Draws != HalfPoint && !o.FixDraw {
		return inputErrorf("several anchors need a known Elo scale: hold the draw parameter (FixDraw) or leave ScoreScale off")
	}
	loose := map[string]bool{}
	for _, a := range o.LooseAnchors {
		switch {
		case loose[a.Name]:
			return inputErrorf("loose anchor %q is given twice", a.Name)
		case seen[a.Name]:
			return inputErrorf("%q is an anchor and a loose anchor: choose one", a.Name)
		case !finite(a.Elo):
			return inputErrorf("loose anchor %q at %v Elo: must be finite", a.Name, a.Elo)
		case !(a.SD > 0) || !finite(a.SD):
			return inputErrorf("loose anchor %q: uncertainty %v Elo must be positive and finite", a.Name, a.SD)
		}
		loose[a.Name] = true
	}
	for _, r := range o.Relations {
		switch {
		case r.A == r.B:
			return inputErrorf("relation of %q to itself", r.A)
		case !finite(r.Diff):
			return inputErrorf("relation %q - %q of %v Elo: must be finite", r.A, r.B, r.Diff)
		case !(r.SD > 0) || !finite(r.SD):
			return inputErrorf("relation %q - %q: uncertainty %v Elo must be positive and finite", r.A, r.B, r.SD)
		}
	}
	if len(o.LooseAnchors)+len(o.Relations) > 0 {
		switch {
		case o.Method == MM:
			return inputErrorf("loose anchors and relations are priors that Hunter's MM does not take: use Newton's method")
		case o.ScoreScale && o.Draws != HalfPoint && !o.FixDraw:
			return inputErrorf("loose anchors and relations need a known Elo scale: hold the draw parameter (FixDraw) or leave ScoreScale off")
		}
	}
	return nil
}

func (o Options) fit(ctx context.Context, players []string, t *table) (*Ratings, error) {
	o = o.withDefaults()
	n := len(players)
	if n < 2 {
		return nil, inputErrorf("Bradley-Terry needs at least two players, have %d", n)
	}
	if err := o.check(); err != nil {
		return nil, err
	}
	fit := &Ratings{Players: players, Home: 1, Scale: 1, Options: o, Method: o.Method, anchor: -1,
		games: make([]float64, n), points: make([]float64, n)}
	anchors := o.anchors()
	held := make([]float64, n) // log-strengths of the anchors held
	for k, a := range anchors {
		i := slices.Index(players, a.Name)
		if i < 0 {
			return nil, inputErrorf("anchor %q is not a player", a.Name)
		}
		if k == 0 {
			fit.anchor = i
		}
		// With loose anchors, which set the level, even one anchor is
		// held in the fit.
		if len(anchors) > 1 || len(o.LooseAnchors) > 0 {
			if fit.fixed == nil {
				fit.fixed = make([]bool, n)
			}
			fit.fixed[i] = true
		}
	}
	if o.ScoreScale && (o.Draws == HalfPoint || o.FixDraw) {
		fit.Scale = o.Draws.scoreSlope(o.DrawElo / eloPerNat)
	}
	if len(o.LooseAnchors) > 0 {
		// The priors set the level: no centring, no gauge.
		fit.absolute = true
		if fit.fixed == nil {
			fit.fixed = make([]bool, n)
		}
	}
	if fit.fixed != nil {
		for _, a := range anchors {
			held[slices.Index(players, a.Name)] = a.Elo / (fit.Scale * eloPerNat)
		}
	}
	for k := range t.I {
		g := t.Games(k)
		pi, pj := t.Points(k)
		fit.games[t.I[k]] += g
		fit.games[t.J[k]] += g
		fit.points[t.I[k]] += pi
		fit.points[t.J[k]] += pj
	}
	for i, g := range fit.games {
		if g == 0 {
			return nil, inputErrorf("player %q has no games: leave it out (Results.Without)", players[i])
		}
	}
	g := groupsOf(players, &t.Pairs)
	fit.groups, fit.data = g, t
	switch {
	case o.Prior > 0:
		if g.Pools > 1 {
			e := notConnected(g, &t.Pairs)
			e.WithPrior = true
			return nil, e
		}
		t = t.withPrior(o.Prior, o.Home)
	case o.PairPrior > 0:
		t = t.withPairPrior(o.PairPrior)
	case !g.Connected():
		return nil, notConnected(g, &t.Pairs)
	}
	fitDraw := o.Draws != HalfPoint && !o.FixDraw
	if fitDraw {
		var draws, decisive float64
		for k := range t.I {
			draws += t.Draws[k]
			decisive += t.WinsI[k] + t.WinsJ[k]
		}
		if draws == 0 || decisive == 0 {
			return nil, inputErrorf("the %v draw model needs both drawn and decided games (have %g draws, %g decided)", o.Draws, draws, decisive)
		}
	}
	var eta, phi float64
	if o.FixHome {
		eta = o.HomeElo / eloPerNat
	}
	if o.FixDraw {
		phi = o.DrawElo / eloPerNat
	}
	p := newProblem(t, o.Draws, o.Home && !o.FixHome, fitDraw, eta, phi)
	if err := p.setPriors(players, o, fit.Scale*eloPerNat); err != nil {
		return nil, err
	}
	x := make([]float64, p.dim)
	if fit.fixed != nil {
		// Start the others at the anchors' mean (or the loose anchors').
		p.fixed = fit.fixed
		mean, k := 0.0, 0
		for _, a := range anchors {
			if len(anchors) > 1 {
				mean += held[slices.Index(players, a.Name)]
				k++
			}
		}
		if k == 0 {
			for _, a := range o.LooseAnchors {
				mean += a.Elo / (fit.Scale * eloPerNat)
				k++
			}
		}
		mean /= float64(max(k, 1))
		for i := range x[:n] {
			x[i] = mean
			if fit.fixed[i] {
				x[i] = held[i]
			}
		}
	}
	var err error
	if o.Method == MM {
		fit.Iterations, err = mm(ctx, t, o.Home, o.FixHome, math.Exp(eta), fit.fixed, x, o.Tol, o.MaxIter)
		if err == nil {
			if fit.fixed == nil {
				center(x[:n])
			}
			p.evaluate(x)
		}
	} else {
		if p.id >= 0 {
			var draws, all float64
			for k := range t.I {
				draws += t.Draws[k]
				all += t.Games(k)
			}
			x[p.id] = o.Draws.drawStart(draws / all)
		}
		if fit.fixed == nil {
			scoreStart(t, x[:n])
		}
		fit.Iterations, err = p.newton(ctx, x, o.Tol, o.MaxIter)
		if errors.Is(err, errNoProgress) && o.Draws == HalfPoint && !(o.Home && !o.FixHome) && !p.priored() {
			// Finish by MM from where Newton stopped: its sweeps need no
			// line search on the likelihood.
			var more int
			more, err = mm(ctx, t, o.Home, o.FixHome, math.Exp(eta), fit.fixed, x, o.Tol, 100000)
			fit.Iterations += more
			fit.Method = MM
			if err == nil {
				if fit.fixed == nil {
					center(x[:n])
				}
				p.evaluate(x)
			}
		}
	}
	if err != nil {
		if errors.Is(err, errNoProgress) {
			return nil, &ConvergenceError{Iterations: fit.Iterations, Stalled: true}
		}
		return nil, err
	}
	fit.prob = p
	fit.Gamma = make([]float64, n)
	mean := 0.0
	for i := range fit.Gamma {
		mean += x[i] / float64(n)
	}
	fit.meanX = mean
	for i := range fit.Gamma {
		fit.Gamma[i] = math.Exp(x[i] - mean)
	}
	if o.Home {
		fit.Home = math.Exp(eta)
		if p.ih >= 0 {
			fit.Home = math.Exp(x[p.ih])
		}
	}
	if o.Draws != HalfPoint {
		fit.Draw = math.Exp(phi)
		if p.id >= 0 {
			fit.Draw = math.Exp(x[p.id])
		}
	}
	if o.ScoreScale {
		fit.Scale = o.Draws.scoreSlope(math.Log(fit.Draw))
	}
	return fit, nil
}

func notConnected(g *Groups, p *Pairs) *NotConnectedError {
	e := &NotConnectedError{}
	named := func(m []int) []string {
		var s []string
		for _, i := range m {
			s = append(s, g.Players[i])
		}
		return s
	}
	for _, m := range g.Members {
		e.Groups = append(e.Groups, named(m))
	}
	if g.Pools > 1 {
		// Pools in the order of their first player.
		at := map[int]int{}
		var pools [][]int
		for i, c := range g.Of {
			k, ok := at[g.PoolOf[c]]
			if !ok {
				k = len(pools)
				at[g.PoolOf[c]] = k
				pools = append(pools, nil)
			}
			pools[k] = append(pools[k], i)
		}
		for _, m := range pools {
			e.Pools = append(e.Pools, named(m))
		}
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

// scoreStart sets x, the log-strengths Newton's method starts from, to
// each player's performance: the log-odds of its score (half a point
// added each way, so that no one is infinite) plus the mean log-strength
// of the opponents it met, weighted by games, in two rounds from 0;
// centred. Near the estimate, Newton's steps converge quadratically: a
// start there saves the first, long steps from 0 (each a pass of
// logarithms over the pairs).
func scoreStart(t *table, x []float64) {
	n := len(x)
	games, points := make([]float64, n), make([]float64, n)
	for k := range t.I {
		g := t.Games(k)
		pi, pj := t.Points(k)
		games[t.I[k]] += g
		games[t.J[k]] += g
		points[t.I[k]] += pi
		points[t.J[k]] += pj
	}
	logit := make([]float64, n)
	for i := range logit {
		logit[i] = math.Log((points[i] + 0.5) / (games[i] - points[i] + 0.5))
	}
	opp := make([]float64, n)
	clear(x)
	for round := 0; round < 2; round++ {
		clear(opp)
		for k := range t.I {
			g := t.Games(k)
			opp[t.I[k]] += g * x[t.J[k]]
			opp[t.J[k]] += g * x[t.I[k]]
		}
		for i := range x {
			x[i] = logit[i] + opp[i]/games[i]
		}
	}
	center(x)
}
