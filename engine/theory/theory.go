// Package theory computes the quantities of paper 000's runtime analysis
// for a game prepared by package umda: n, Delta, the critical positions
// W_G, the switchability s(v) of Definitions 4.1-4.3 (exactly, on small
// graphs; else the bound of Proposition 4.4), s-hat and s-bar, the bounds
// of Theorem 5.2 and Corollary 5.5 with their constant C a parameter, and
// exact probabilities for Lemma 3.2 and Lemma 4.5.
package theory

import (
	"context"
	"math"
	"math/rand/v2"

	"github.com/coevolab/coevo/engine/umda"
)

// DefaultMaxSearch bounds the partial strategies Switchability examines
// for one vertex before it settles for Proposition 4.4's bound.
const DefaultMaxSearch = 2_000_000

// Distances returns the length of a shortest directed path from the root
// to every position (-1 if unreachable): Proposition 4.4 bounds s(v) by it.
func Distances(G *umda.Game) []int {
	n := G.NumPositions()
	d := make([]int, n)
	for i := range d {
		d[i] = -1
	}
	d[G.Root()] = 0
	q := []int32{G.Root()}
	for len(q) > 0 {
		v := q[0]
		q = q[1:]
		for _, w := range G.Followers(v) {
			if d[w] < 0 {
				d[w] = d[v] + 1
				q = append(q, w)
			}
		}
	}
	return d
}

// Switchability returns s(v) exactly when it is 0 or 1 (checked
// directly) or when the search over partial strategies on v's ancestors
// stays within maxSearch candidates, and Proposition 4.4's bound (the
// distance from the root) otherwise
// (maxSearch <= 0 means DefaultMaxSearch).
//
// A v-switcher needs at most one edge out of each vertex (a second edge
// only lets more paths be A-compatible, and cannot lower the depth), and
// edges out of vertices that cannot reach v never help; so s(v) is the
// least depth of a partial choice of one follower at ancestors of v under
// which every compatible path from the root to a sink meets v.
func Switchability(G *umda.Game, v int32, maxSearch int) (s int, exact bool) {
	s, exact, _ = switchability(context.Background(), G, v, maxSearch, Distances(G), topo(G))
	return s, exact
}

// switchability is Switchability with the graph's distances from the root
// and topological order given, and a context checked during the search
// (its error is returned when it is cancelled).
func switchability(ctx context.Context, G *umda.Game, v int32, maxSearch int, dist []int, order []int32) (s int, exact bool, err error) {
	if maxSearch <= 0 {
		maxSearch = DefaultMaxSearch
	}
	bound := dist[v]
	if v == G.Root() {
		return 0, true, nil
	}
	n := G.NumPositions()
	none := make([]int, n)
	for i := range none {
		none[i] = -1
	}
	// s(v) = 0 exactly when the empty set is a v-switcher.
	if switches(G, v, none) {
		return 0, true, nil
	}
	// Forcing every predecessor of v onto v is a switcher of depth 1 (a
	// path enters v at most once); if it works, s(v) = 1.
	force := append([]int(nil), none...)
	for u := 0; u < n; u++ {
		for c, w := range G.Followers(int32(u)) {
			if w == v {
				force[u] = c
			}
		}
	}
	if switches(G, v, force) {
		return 1, true, nil
	}
	// Ancestors of v (excluding v) in reverse: reach[u] = u can reach v.
	reach := make([]bool, n)
	reach[v] = true
	for k := len(order) - 1; k >= 0; k-- { // sinks first
		u := order[k]
		for _, w := range G.Followers(u) {
			if reach[w] {
				reach[u] = true
				break
			}
		}
	}
	var anc []int32
	for _, u := range order { // root first
		if reach[u] && u != v {
			anc = append(anc, u)
		}
	}
	combos := 1.0
	for _, u := range anc {
		combos *= float64(len(G.Followers(u)) + 1)
	}
	if combos > float64(maxSearch) {
		return bound, false, nil
	}
	choice := make([]int, n) // -1: no A edge at u; else follower number
	for i := range choice {
		choice[i] = -1
	}
	best, tried := bound, 0
	var rec func(k int)
	rec = func(k int) {
		if err != nil {
			return
		}
		if k == len(anc) {
			// Each candidate costs passes over the graph: look at ctx often.
			if tried++; tried%64 == 0 {
				err = ctx.Err()
			}
			if d := depth(G, order, choice); d < best && switches(G, v, choice) {
				best = d
			}
			return
		}
		u := anc[k]
		for c := -1; c < len(G.Followers(u)); c++ {
			choice[u] = c
			rec(k + 1)
		}
		choice[u] = -1
	}
	rec(0)
	if err != nil {
		return 0, false, err
	}
	return best, true, nil
}

// topo returns the positions root first, each before its followers.
func topo(G *umda.Game) []int32 {
	n := G.NumPositions()
	indeg := make([]int, n)
	for u := 0; u < n; u++ {
		for _, w := range G.Followers(int32(u)) {
			indeg[w]++
		}
	}
	var order, q []int32
	for u := 0; u < n; u++ {
		if indeg[u] == 0 {
			q = append(q, int32(u))
		}
	}
	for len(q) > 0 {
		u := q[0]
		q = q[1:]
		order = append(order, u)
		for _, w := range G.Followers(u) {
			if indeg[w]--; indeg[w] == 0 {
				q = append(q, w)
			}
		}
	}
	return order
}

// depth is Depth(A): the most A edges on one directed path.
func depth(G *umda.Game, order []int32, choice []int) int {
	best := make([]int, G.NumPositions())
	m := 0
	for k := len(order) - 1; k >= 0; k-- {
		u := order[k]
		for c, w := range G.Followers(u) {
			b := best[w]
			if choice[u] == c {
				b++
			}
			best[u] = max(best[u], b)
		}
		m = max(m, best[u])
	}
	return m
}

// switches reports whether every A-compatible path from the root to a
// sink meets v (Definition 4.2): no sink other than v is reachable from
// the root avoiding v, following A where it is defined.
func switches(G *umda.Game, v int32, choice []int) bool {
	seen := make([]bool, G.NumPositions())
	stack := []int32{G.Root()}
	seen[G.Root()] = true
	for len(stack) > 0 {
		u := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if u == v {
			continue
		}
		fs := G.Followers(u)
		if len(fs) == 0 {
			return false
		}
		if c := choice[u]; c >= 0 {
			fs = fs[c : c+1]
		}
		for _, w := range fs {
			if !seen[w] {
				seen[w] = true
				stack = append(stack, w)
			}
		}
	}
	return true
}

// Report summarises a game for the runtime analysis.
type Report struct {
	N        int `json:"n"`
	Delta    int `json:"delta"`
	Interior int `json:"interior"`
	Critical int `json:"critical"` // |W_G|
	// SBar = max s(v) over V, SHat = max over W_G; exact, or upper bounds
	// from Proposition 4.4 when SBarExact is false.
	SBar      int  `json:"sbar"`
	SHat      int  `json:"shat"`
	SBarExact bool `json:"sbar_exact"`
	// BoundExponent is 2 + 3 s-bar, the exponent of (20 Delta n) in the
	// runtime bound of Corollary 5.5.
	BoundExponent float64 `json:"bound_exponent"`
	Fictitious    bool    `json:"fictitious_root"`
	// S[v] is s(v) (or its bound).
	S []int `json:"-"`
}

// Analyze computes the report, searching at most maxSearch partial
// strategies per vertex for exact switchabilities (0: DefaultMaxSearch).
func Analyze(G *umda.Game, maxSearch int) Report {
	r, _ := AnalyzeContext(context.Background(), G, maxSearch, nil)
	return r
}

// AnalyzeContext is Analyze with a context, checked at every position and
// within the search of each switchability (the search costs up to
// maxSearch passes over the graph per position, so it can take long): when
// ctx is cancelled it returns ctx.Err(). progress, if not nil, is called
// after each position with the number done and n.
func AnalyzeContext(ctx context.Context, G *umda.Game, maxSearch int, progress func(done, n int)) (Report, error) {
	r := Report{N: G.NumPositions(), Delta: G.MaxDegree(), Interior: len(G.Interior), SBarExact: true, Fictitious: G.Fictitious}
	crit := map[int32]bool{}
	for _, v := range G.Critical() {
		crit[v] = true
	}
	r.Critical = len(crit)
	r.S = make([]int, r.N)
	dist, order := Distances(G), topo(G)
	for v := int32(0); v < int32(r.N); v++ {
		if err := ctx.Err(); err != nil {
			return r, err
		}
		s, exact, err := switchability(ctx, G, v, maxSearch, dist, order)
		if err != nil {
			return r, err
		}
		if progress != nil {
			progress(int(v)+1, r.N)
		}
		r.S[v] = s
		r.SBarExact = r.SBarExact && exact
		r.SBar = max(r.SBar, s)
		if crit[v] {
			r.SHat = max(r.SHat, s)
		}
	}
	r.BoundExponent = 2 + 3*float64(r.SBar)
	return r, nil
}

// Corollary55 returns the population size mu = C (K + sbar + 1)
// (20 Delta n)^(1+2 sbar) log n and the runtime bound
// C^2 (K + sbar + 1) (20 Delta n)^(2+3 sbar) log^2 n of Corollary 5.5,
// for a constant C (the paper leaves it unspecified).
func Corollary55(C, K float64, sbar, delta, n int) (mu, bound float64) {
	base := 20 * float64(delta) * float64(n)
	ln := math.Log(float64(n))
	s := float64(sbar)
	mu = C * (K + s + 1) * math.Pow(base, 1+2*s) * ln
	bound = C * C * (K + s + 1) * math.Pow(base, 2+3*s) * ln * ln
	return mu, bound
}

// Theorem52 returns the runtime bound C mu sum_{v in W_G} (20 Delta n)^s(v)
// log n of Theorem 5.2, for a report's switchabilities.
func Theorem52(C, mu float64, G *umda.Game, r Report) float64 {
	base := 20 * float64(r.Delta) * float64(r.N)
	sum := 0.0
	for _, v := range G.Critical() {
		sum += math.Pow(base, float64(r.S[v]))
	}
	return C * mu * sum * math.Log(float64(r.N))
}

// PathProbabilities returns P(v in Path_G(x, y)) for x, y ~ Univ(X_G, p):
// the path is a Markov chain from the root that moves from u to w with
// probability p(u, w) (proof of Lemma 4.5), so the probabilities follow
// in one pass root first. p is indexed like Game.Interior.
func PathProbabilities(G *umda.Game, p [][]float64) []float64 {
	pr := make([]float64, G.NumPositions())
	pr[G.Root()] = 1
	for _, u := range topo(G) {
		i := G.Index(u)
		if i < 0 {
			continue
		}
		for s, w := range G.Followers(u) {
			pr[w] += pr[u] * p[i][s]
		}
	}
	return pr
}

// WinProbabilities returns P(f_G^v(x, y) = 1) for every position v, with
// x, y ~ Univ(X_G, p) independent: no position repeats on a path, so each
// move is a fresh draw from p and the mover at v wins with probability
// sum_w p(v, w) (1 - P(the mover at w wins)).
func WinProbabilities(G *umda.Game, p [][]float64) []float64 {
	win := make([]float64, G.NumPositions())
	order := topo(G)
	for k := len(order) - 1; k >= 0; k-- {
		u := order[k]
		i := G.Index(u)
		if i < 0 {
			continue // the mover at a sink loses
		}
		for s, w := range G.Followers(u) {
			win[u] += p[i][s] * (1 - win[w])
		}
	}
	return win
}

// Lemma32 returns the probability that the winner z of a tournament
// between x, y ~ Univ(X_G, p) has z(u) = v, for every interior u
// (indexed like Game.Interior) and follower v, by paper 000 Lemma 3.2:
// p(u,v) [1 + P(u in Path)(1 - P(f^v = 1) - P(f^u = 1))].
func Lemma32(G *umda.Game, p [][]float64) [][]float64 {
	path := PathProbabilities(G, p)
	win := WinProbabilities(G, p)
	out := make([][]float64, len(G.Interior))
	for i, u := range G.Interior {
		out[i] = make([]float64, len(p[i]))
		for s, v := range G.Followers(u) {
			out[i][s] = p[i][s] * (1 + path[u]*(1-win[v]-win[u]))
		}
	}
	return out
}

// SimulateSelection estimates the same probabilities as Lemma32 by playing
// samples tournaments between strategies drawn from p (seeded).
func SimulateSelection(G *umda.Game, p [][]float64, samples int, seed uint64) [][]float64 {
	rng := rand.New(rand.NewPCG(seed, 32))
	count := make([][]float64, len(G.Interior))
	for i := range count {
		count[i] = make([]float64, len(p[i]))
	}
	x := make(umda.Strategy, len(G.Interior))
	y := make(umda.Strategy, len(G.Interior))
	for k := 0; k < samples; k++ {
		G.Sample(p, x, rng)
		G.Sample(p, y, rng)
		z := y
		if G.Play(x, y, nil) {
			z = x
		}
		for i, s := range z {
			count[i][s]++
		}
	}
	for i := range count {
		for s := range count[i] {
			count[i][s] /= float64(samples)
		}
	}
	return count
}
