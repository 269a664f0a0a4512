package coevolve

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"slices"
)

// This file holds the methods paper 003 compares itself with (sections
// IV and V): MaxSolve, IPCA and the Nash memory, which keep archives of
// players, and straight round-robin coevolution. docs/coevolve.md says
// for each what its source describes and how we read it.
//
// A player offered to an archive is the generation's best candidate (as
// NashSolve offers its best); in a symmetric game it is offered both as a
// solution (a learner) and as a test. Results between archive members
// are kept (Run.outcomes) so that no pair plays twice.

// An outcome is what player A scored against B over Games games in each
// seat: 0 to 2*Games points (B scored the rest).
type outcome struct {
	A, B   string
	Points float64
}

// points returns what a scored against b (a == b: half the points, as a
// player against itself scores).
func (r *Run) points(a, b string) float64 {
	if a == b {
		return float64(r.Config.Games)
	}
	if p, ok := r.outcomes[[2]string{a, b}]; ok {
		return p
	}
	panic(fmt.Sprintf("coevolve: no result of %s against %s", a, b))
}

// setPoints records that a scored p against b (and b the rest).
func (r *Run) setPoints(a, b string, p float64) {
	if r.outcomes == nil {
		r.outcomes = map[[2]string]float64{}
	}
	r.outcomes[[2]string{a, b}] = p
	r.outcomes[[2]string{b, a}] = 2*float64(r.Config.Games) - p
}

// outcomeList returns the results between members of the current
// archives, sorted (for the checkpoint), each pair once.
func (r *Run) outcomeList() []outcome {
	keep := map[string]bool{}
	for _, set := range r.Sets {
		for _, n := range set {
			keep[n] = true
		}
	}
	var out []outcome
	for k, p := range r.outcomes {
		if k[0] < k[1] && keep[k[0]] && keep[k[1]] {
			out = append(out, outcome{k[0], k[1], p})
		}
	}
	slices.SortFunc(out, func(x, y outcome) int { return cmp.Or(cmp.Compare(x.A, y.A), cmp.Compare(x.B, y.B)) })
	return out
}

// prune forgets the results of players no longer in any archive.
func (r *Run) prune() {
	keep := map[string]bool{}
	for _, set := range r.Sets {
		for _, n := range set {
			keep[n] = true
		}
	}
	for k := range r.outcomes {
		if !keep[k[0]] || !keep[k[1]] {
			delete(r.outcomes, k)
		}
	}
}

// member returns the admitted player named name.
func (r *Run) member(name string) Member {
	if m := r.Admitted.Find(name); m != nil {
		return *m
	}
	panic("coevolve: no admitted player " + name)
}

// members returns the admitted players named.
func (r *Run) members(names []string) []Member {
	out := make([]Member, len(names))
	for i, n := range names {
		out[i] = r.member(n)
	}
	return out
}

// Tests returns MaxSolve's and IPCA's test archive after the last
// generation (nil for the other methods).
func (r *Run) Tests() []Member {
	if (r.Config.Method != MaxSolve && r.Config.Method != IPCA) || len(r.Sets) < 2 {
		return nil
	}
	return r.members(r.Sets[1])
}

// Memory returns the Nash memory's M, the players that were in the
// support of its equilibrium and are kept in case they are needed again
// (nil for the other methods).
func (r *Run) Memory() []Member {
	if r.Config.Method != NashMemory || len(r.Sets) < 2 {
		return nil
	}
	return r.members(r.Sets[1])
}

// playersOf returns the players of members, made once per run.
func (e *evolution) playersOf(ms []Member) ([]Player, error) {
	if e.cache == nil {
		e.cache = map[string]Player{}
	}
	p := make([]Player, len(ms))
	for i, m := range ms {
		if q, ok := e.cache[m.Name]; ok {
			p[i] = q
			continue
		}
		q, err := e.dom.player(m.X)
		if err != nil {
			return nil, fmt.Errorf("coevolve: archive member %s: %w", m.Name, err)
		}
		e.cache[m.Name], p[i] = q, q
	}
	return p, nil
}

// playMembers plays every member of as against every member of bs (both
// seats, Games each, the run's epsilon) for generation g's archive
// update, and records the results.
func (e *evolution) playMembers(ctx context.Context, g int, as, bs []Member) error {
	if len(as) == 0 || len(bs) == 0 {
		return nil
	}
	pa, err := e.playersOf(as)
	if err != nil {
		return err
	}
	pb, err := e.playersOf(bs)
	if err != nil {
		return err
	}
	sc, err := evaluate(ctx, e.dom.Game, pa, pb, e.cfg.Games, e.cfg.Epsilon, gameSeed(e.cfg.Seed^streamUpdate, g), true, e.opts.Workers)
	if err != nil {
		return err
	}
	for i, a := range as {
		for j, b := range bs {
			e.run.setPoints(a.Name, b.Name, sc.black[i*len(bs)+j]+sc.white[i*len(bs)+j])
		}
	}
	e.run.Games += sc.games
	return nil
}

// streamUpdate makes the seed of the games of an archive update.
const streamUpdate = 0x7570646174 // "updat"

// admit adds candidate c of generation g, vector x, to the admitted
// players (NashSolve names them a1, a2, ...; the other methods gG.C, C the
// candidate's index in the generation), and returns it.
func (e *evolution) admit(g, c int, x []float64, fitness float64) Member {
	name := fmt.Sprintf("a%d", e.run.Admitted.Len())
	if e.cfg.Method != NashSolve {
		name = fmt.Sprintf("g%d.%d", g, c)
	}
	m := Member{Name: name, Generation: g, Games: e.run.Games, Fitness: fitness, X: slices.Clone(x)}
	e.run.Admitted.Members = append(e.run.Admitted.Members, m)
	return m
}

// dropUnkept takes back the players admitted in generation g that no
// archive kept.
func (e *evolution) dropUnkept(g int) {
	keep := map[string]bool{}
	for _, set := range e.run.Sets {
		for _, n := range set {
			keep[n] = true
		}
	}
	a := e.run.Admitted
	a.Members = slices.DeleteFunc(a.Members, func(m Member) bool { return m.Generation == g && !keep[m.Name] })
}

// rowPoints returns candidate c's points against each opponent of sc.
func rowPoints(sc *scores, c int) []float64 {
	n := sc.opponents
	p := make([]float64, n)
	for o := range p {
		p[o] = sc.black[c*n+o] + sc.white[c*n+o]
	}
	return p
}

// share is the share of the points over a row of results.
func share(row []float64, games int) float64 {
	if len(row) == 0 {
		return 0
	}
	s := 0.0
	for _, p := range row {
		s += p
	}
	return s / (2 * float64(games) * float64(len(row)))
}

// solves reports whether a player who scored p of 2*games points solved
// the test: it scored more than half.
func solves(p float64, games int) bool { return p > float64(games) }

// archiveEval plays every candidate against the members of two archives
// (solutions or learners, and tests; a player in both is played once) and
// returns, for each candidate, its points against each test and each
// solution.
func (e *evolution) archiveEval(ctx context.Context, g int, cands []Player, sols, tests []string) (vsT, vsS [][]float64, err error) {
	run := e.run
	opp := slices.Clone(tests)
	for _, n := range sols {
		if !slices.Contains(opp, n) {
			opp = append(opp, n)
		}
	}
	op, err := e.playersOf(run.members(opp))
	if err != nil {
		return nil, nil, err
	}
	sc, err := evaluate(ctx, e.dom.Game, cands, op, e.cfg.Games, e.cfg.Epsilon, gameSeed(e.cfg.Seed, g), true, e.opts.Workers)
	if err != nil {
		return nil, nil, err
	}
	run.Games += sc.games
	vsT, vsS = make([][]float64, len(cands)), make([][]float64, len(cands))
	for c := range cands {
		row := rowPoints(sc, c)
		vsT[c] = row[:len(tests)]
		for _, n := range sols {
			vsS[c] = append(vsS[c], row[slices.Index(opp, n)])
		}
	}
	return vsT, vsS, nil
}

// hardest returns the k candidates that the most archive solutions fail
// to solve (score no more than half the points against), ties broken by
// their share of the points against them: the tests offered to MaxSolve
// and IPCA, drawn from the same population as the solutions.
func hardest(vsS [][]float64, games, k int) []int {
	type ranked struct {
		c, fail int
		share   float64
	}
	var rs []ranked
	for c, row := range vsS {
		fail := 0
		for _, p := range row {
			// the solution scored 2*games - p against the candidate
			if !solves(2*float64(games)-p, games) {
				fail++
			}
		}
		rs = append(rs, ranked{c, fail, share(row, games)})
	}
	slices.SortStableFunc(rs, func(a, b ranked) int { return cmp.Or(cmp.Compare(b.fail, a.fail), cmp.Compare(b.share, a.share)) })
	var out []int
	for _, r := range rs[:min(k, len(rs))] {
		out = append(out, r.c)
	}
	return out
}

// best returns the k candidates of highest fitness (the first of equals
// first).
func bestOf(fit []float64, k int) []int {
	idx := make([]int, len(fit))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(fit[b], fit[a]) })
	return idx[:min(k, len(idx))]
}

// offer admits the generation's offered solution and test candidates (a
// candidate in both once) and records their results against the
// archives' members and one another. It returns them in the order given.
func (e *evolution) offer(ctx context.Context, g int, xs [][]float64, fit []float64, solC, testC []int, sols, tests []string, vsT, vsS [][]float64) (ms, mt []Member, err error) {
	run := e.run
	admitted := map[int]Member{}
	get := func(c int) Member {
		if m, ok := admitted[c]; ok {
			return m
		}
		m := e.admit(g, c, xs[c], fit[c])
		admitted[c] = m
		for i, p := range vsT[c] {
			run.setPoints(m.Name, tests[i], p)
		}
		for i, p := range vsS[c] {
			run.setPoints(m.Name, sols[i], p)
		}
		return m
	}
	for _, c := range solC {
		ms = append(ms, get(c))
	}
	for _, c := range testC {
		mt = append(mt, get(c))
	}
	// The new solutions against the new tests (each pair once).
	var as, bs []Member
	for _, s := range ms {
		for _, t := range mt {
			if s.Name != t.Name {
				if _, ok := run.outcomes[[2]string{s.Name, t.Name}]; !ok {
					as, bs = appendOnce(as, s), appendOnce(bs, t)
				}
			}
		}
	}
	if len(as) > 0 {
		// Plays a few pairs twice (both as a and b) when a player is both: harmless.
		err = e.playMembers(ctx, g, as, bs)
	}
	return ms, mt, err
}

// appendOnce appends m unless it is there.
func appendOnce(ms []Member, m Member) []Member {
	for _, o := range ms {
		if o.Name == m.Name {
			return ms
		}
	}
	return append(ms, m)
}

// names returns the members' names.
func names(ms []Member) []string {
	var n []string
	for _, m := range ms {
		n = append(n, m.Name)
	}
	return n
}

// maxSolve is a generation of MaxSolve (de Jong 2005): every candidate
// is scored by the number of archive tests it solves (scores more than
// half the points against), ties broken by its share of the points; the
// Offered best are offered as solutions, and the Offered candidates the
// archive's solutions fail most often as tests. Solutions whose results
// against the tests repeat an older solution's are dropped, and the
// Archive solutions that solve the most tests are kept (ties: the longer
// kept first, so an incumbent is not displaced by an equal); a test is
// dropped when its results against the solutions kept repeat those of an
// older test (it tells the solutions apart no differently).
func (e *evolution) maxSolve(ctx context.Context, g int, xs [][]float64, cands []Player) ([]float64, int, bool, error) {
	run, games := e.run, e.cfg.Games
	sols, tests := run.Sets[0], run.Sets[1]
	vsT, vsS, err := e.archiveEval(ctx, g, cands, sols, tests)
	if err != nil {
		return nil, 0, false, err
	}
	fit := make([]float64, len(cands))
	for c := range cands {
		solved := 0
		for _, p := range vsT[c] {
			if solves(p, games) {
				solved++
			}
		}
		fit[c] = float64(solved) + 0.5*share(vsT[c], games)
	}
	k := e.cfg.offered()
	ms, mt, err := e.offer(ctx, g, xs, fit, bestOf(fit, k), hardest(vsS, games, k), sols, tests, vsT, vsS)
	if err != nil {
		return nil, 0, false, err
	}
	newTests := slices.Clone(tests)
	for _, t := range mt {
		if !slices.Contains(newTests, t.Name) {
			newTests = append(newTests, t.Name)
		}
	}
	keepS, keepT := maxSolveArchive(append(slices.Clone(sols), names(ms)...), newTests, e.cfg.Archive, func(a, b string) bool {
		return a != b && solves(run.points(a, b), games)
	}, run.points)
	admitted := !slices.Equal(keepS, sols) || !slices.Equal(keepT, tests)
	run.Sets = [][]string{keepS, keepT}
	e.dropUnkept(g)
	run.prune()
	return fit, argmax(fit), admitted, nil
}

// maxSolveArchive returns the solutions and tests MaxSolve keeps of
// solutions sols (the archive's, then the new ones) and tests: solutions
// whose results against the tests repeat an older one's are dropped; the
// n that solve the most tests are kept, most first (ties: the higher
// points against the tests, then the older); a test is dropped when its
// results against the solutions kept repeat an older test's.
func maxSolveArchive(sols, tests []string, n int, solved func(s, t string) bool, points func(s, t string) float64) (keepS, keepT []string) {
	key := func(s string, ts []string) string {
		k := make([]byte, len(ts))
		for i, t := range ts {
			k[i] = '0'
			if solved(s, t) {
				k[i] = '1'
			}
		}
		return string(k)
	}
	type ranked struct {
		name  string
		n     int
		mean  float64
		order int
	}
	var rs []ranked
	seen := map[string]bool{}
	for i, s := range sols {
		k := key(s, tests)
		if seen[k] {
			continue // the same results as an older solution
		}
		seen[k] = true
		r := ranked{name: s, order: i}
		for _, t := range tests {
			if solved(s, t) {
				r.n++
			}
			r.mean += points(s, t)
		}
		rs = append(rs, r)
	}
	slices.SortStableFunc(rs, func(a, b ranked) int {
		return cmp.Or(cmp.Compare(b.n, a.n), cmp.Compare(b.mean, a.mean), cmp.Compare(a.order, b.order))
	})
	for _, r := range rs[:min(len(rs), n)] {
		keepS = append(keepS, r.name)
	}
	seen = map[string]bool{}
	for _, t := range tests {
		k := ""
		for _, s := range keepS {
			k += key(s, []string{t})
		}
		if !seen[k] {
			seen[k] = true
			keepT = append(keepT, t)
		}
	}
	return keepS, keepT
}

// dominates reports whether results a Pareto-dominate results b: at least
// as good against every test and better against one.
func dominates(a, b []float64) bool {
	better := false
	for i := range a {
		if a[i] < b[i] {
			return false
		}
		if a[i] > b[i] {
			better = true
		}
	}
	return better
}

// ipca is a generation of IPCA (de Jong 2004): every candidate is scored
// by the number of archive learners that neither dominate nor equal it
// over the test archive (its results against the tests), ties broken by
// its share of the points; the Offered best are offered as learners, and
// the Offered candidates the archive's learners fail most often as tests.
// Each learner in turn enters if no learner dominates or equals it over
// the tests, or, failing that, over the tests and one of the new tests
// (the first that shows it), which then joins the test archive; the
// learners it dominates leave. New tests that no learner needed are not
// kept.
func (e *evolution) ipca(ctx context.Context, g int, xs [][]float64, cands []Player) ([]float64, int, bool, error) {
	run, games := e.run, e.cfg.Games
	learners, tests := run.Sets[0], run.Sets[1]
	vsT, vsS, err := e.archiveEval(ctx, g, cands, learners, tests)
	if err != nil {
		return nil, 0, false, err
	}
	vector := func(l string, ts []string) []float64 {
		v := make([]float64, len(ts))
		for i, t := range ts {
			v[i] = run.points(l, t)
		}
		return v
	}
	lv := make([][]float64, len(learners))
	for i, l := range learners {
		lv[i] = vector(l, tests)
	}
	fit := make([]float64, len(cands))
	for c := range cands {
		free := 0
		for _, v := range lv {
			if !dominates(v, vsT[c]) && !slices.Equal(v, vsT[c]) {
				free++
			}
		}
		fit[c] = float64(free) + 0.5*share(vsT[c], games)
	}
	k := e.cfg.offered()
	ml, mt, err := e.offer(ctx, g, xs, fit, bestOf(fit, k), hardest(vsS, games, k), learners, tests, vsT, vsS)
	if err != nil {
		return nil, 0, false, err
	}
	L, T := slices.Clone(learners), slices.Clone(tests)
	// undominated reports whether no learner dominates or equals l over ts.
	undominated := func(l string, ts []string) bool {
		v := vector(l, ts)
		for _, o := range L {
			w := vector(o, ts)
			if dominates(w, v) || slices.Equal(w, v) {
				return false
			}
		}
		return true
	}
	admitted := false
	for _, l := range ml {
		if slices.Contains(L, l.Name) {
			continue
		}
		ok := undominated(l.Name, T)
		for _, t := range mt {
			if ok {
				break
			}
			if !slices.Contains(T, t.Name) && undominated(l.Name, append(slices.Clone(T), t.Name)) {
				T, ok = append(T, t.Name), true
			}
		}
		if !ok {
			continue
		}
		v := vector(l.Name, T)
		L = slices.DeleteFunc(L, func(o string) bool { return dominates(v, vector(o, T)) })
		L = append(L, l.Name)
		admitted = true
	}
	run.Sets = [][]string{L, T}
	e.dropUnkept(g)
	run.prune()
	return fit, argmax(fit), admitted, nil
}

// nashMemory is a generation of the Nash memory (Ficici and Pollack
// 2003), resource-limited (Manning 2010): every candidate is scored by
// its expected share of the points against the mixture of the support N
// (the memory's current answer); the Offered best that beat the mixture
// (more than half the points) are offered, the winners W. The
// equilibrium of the game among N, the memory M and W is solved again:
// its support is the new N; members of N that left it join M, winners
// not in the support are dropped. The memory holds Archive players in all: the
// support's least likely members leave first (and the game is solved
// again on the rest), then M's oldest.
func (e *evolution) nashMemory(ctx context.Context, g int, xs [][]float64, cands []Player) ([]float64, int, bool, error) {
	run, games := e.run, e.cfg.Games
	support, memory := run.Sets[0], run.Sets[1]
	sp, err := e.playersOf(run.members(support))
	if err != nil {
		return nil, 0, false, err
	}
	sc, err := evaluate(ctx, e.dom.Game, cands, sp, games, e.cfg.Epsilon, gameSeed(e.cfg.Seed, g), true, e.opts.Workers)
	if err != nil {
		return nil, 0, false, err
	}
	run.Games += sc.games
	fit := make([]float64, len(cands))
	for c := range cands {
		for j, p := range rowPoints(sc, c) {
			fit[c] += run.Mixture[j] * p / (2 * float64(games))
		}
	}
	best := argmax(fit)
	var winners []Member
	for _, c := range bestOf(fit, e.cfg.offered()) {
		if fit[c] <= 0.5+1e-9 {
			break
		}
		m := e.admit(g, c, xs[c], fit[c])
		for j, p := range rowPoints(sc, c) {
			run.setPoints(m.Name, support[j], p)
		}
		winners = append(winners, m)
	}
	if len(winners) == 0 {
		return fit, best, false, nil
	}
	if err := e.playMembers(ctx, g, winners, run.members(memory)); err != nil {
		return nil, 0, false, err
	}
	for i := range winners {
		if err := e.playMembers(ctx, g, winners[i:i+1], winners[i+1:]); err != nil {
			return nil, 0, false, err
		}
	}
	pool := append(append(slices.Clone(support), memory...), names(winners)...)
	order := map[string]int{}
	for _, n := range run.Admitted.Names() {
		order[n] = len(order)
	}
	slices.SortFunc(pool, func(a, b string) int { return cmp.Compare(order[a], order[b]) })
	newSupport, mixture, err := e.equilibrium(pool)
	if err != nil {
		return nil, 0, false, err
	}
	for len(newSupport) > e.cfg.Archive {
		// Drop the least likely (the oldest of equals) and solve again.
		low := 0
		for i := range mixture {
			if mixture[i] < mixture[low] {
				low = i
			}
		}
		rest := slices.Delete(slices.Clone(newSupport), low, low+1)
		if newSupport, mixture, err = e.equilibrium(rest); err != nil {
			return nil, 0, false, err
		}
	}
	var newMemory []string
	for _, n := range append(slices.Clone(support), memory...) {
		if !slices.Contains(newSupport, n) {
			newMemory = append(newMemory, n)
		}
	}
	slices.SortFunc(newMemory, func(a, b string) int { return cmp.Compare(order[a], order[b]) })
	if extra := len(newSupport) + len(newMemory) - e.cfg.Archive; extra > 0 {
		newMemory = newMemory[extra:]
	}
	run.Sets, run.Mixture = [][]string{newSupport, newMemory}, mixture
	admitted := false
	for _, w := range winners {
		admitted = admitted || slices.Contains(newSupport, w.Name)
	}
	e.dropUnkept(g)
	run.prune()
	return fit, best, admitted, nil
}

// equilibrium solves the symmetric zero-sum game among the named players
// (payoff: points minus half, over both seats) and returns the support of
// a maximin mixture and its probabilities, in the players' order.
func (e *evolution) equilibrium(names []string) ([]string, []float64, error) {
	games := float64(e.cfg.Games)
	a := make([][]float64, len(names))
	for i, x := range names {
		a[i] = make([]float64, len(names))
		for j, y := range names {
			a[i][j] = (e.run.points(x, y) - games) / games
		}
	}
	p, err := maximin(a)
	if err != nil {
		return nil, nil, fmt.Errorf("coevolve: the Nash memory's equilibrium among %d players: %w", len(names), err)
	}
	var sup []string
	var mix []float64
	for i, q := range p {
		if q > supportTolerance {
			sup, mix = append(sup, names[i]), append(mix, q)
		}
	}
	total := 0.0
	for _, q := range mix {
		total += q
	}
	for i := range mix {
		mix[i] /= total
	}
	return sup, mix, nil
}

// supportTolerance is the least probability of a support member.
const supportTolerance = 1e-9

// argmax returns the index of the largest value (the first of equals).
func argmax(v []float64) int {
	best := 0
	for i, x := range v {
		if x > v[best] {
			best = i
		}
	}
	return best
}

// answer is the archive member a method would answer with now, for the
// permanent archive: MaxSolve's first solution (most tests solved), the
// IPCA learner with the highest share of the points against the tests
// (the older of equals), the most likely member of the Nash memory's
// support (the newer of equals).
func (r *Run) answer() Member {
	switch r.Config.Method {
	case MaxSolve:
		return r.member(r.Sets[0][0])
	case IPCA:
		best, score := "", math.Inf(-1)
		for _, l := range r.Sets[0] {
			s := 0.0
			for _, t := range r.Sets[1] {
				s += r.points(l, t)
			}
			if s > score {
				best, score = l, s
			}
		}
		return r.member(best)
	case NashMemory:
		best := 0
		for i, q := range r.Mixture {
			if q >= r.Mixture[best] {
				best = i
			}
		}
		return r.member(r.Sets[0][best])
	}
	panic("coevolve: no archive answer for " + string(r.Config.Method))
}
