package bt

import (
	"cmp"
	"slices"
)

// table is results aggregated into the terms a fit sums over: term k is
// the games between I[k] and J[k] (I's wins, J's wins, draws). With seats
// (the first-move model), first[k] says that I[k] moved first in all of
// term k's games; otherwise I[k] < J[k] and seats are ignored. Terms are
// sorted by (I, J, first).
type table struct {
	Pairs
	first []bool
}

// seated reports whether term k has a first mover.
func (t *table) seated(k int) bool { return t.first != nil && t.first[k] }

// aggregate builds the terms of r: seated matchups by (first mover,
// second) when bySeat, every other matchup by unordered pair. It works by
// counting sort on the first player and a sort within each row, so it
// takes time O(m log d) and memory O(m) for m matchups.
func aggregate(r *Results, bySeat bool) *table {
	n := len(r.Players)
	type entry struct {
		key uint32 // j << 1 | seated
		src int32  // matchup index
	}
	row := func(m *Matchup) (i, j int, seated bool) {
		if bySeat && m.Seat != NoSeat {
			if m.Seat == AFirst {
				return m.A, m.B, true
			}
			return m.B, m.A, true
		}
		return min(m.A, m.B), max(m.A, m.B), false
	}
	start := make([]int32, n+1)
	for k := range r.Matchups {
		i, _, _ := row(&r.Matchups[k])
		start[i+1]++
	}
	for i := 0; i < n; i++ {
		start[i+1] += start[i]
	}
	entries := make([]entry, len(r.Matchups))
	fill := slices.Clone(start[:n])
	distinct := 0
	for k := range r.Matchups {
		i, j, s := row(&r.Matchups[k])
		key := uint32(j) << 1
		if s {
			key |= 1
		}
		entries[fill[i]] = entry{key, int32(k)}
		fill[i]++
	}
	for i := 0; i < n; i++ {
		es := entries[start[i]:start[i+1]]
		// Ties in the order of the matchups, so that sums of counts
		// come out the same however the matchups were read.
		slices.SortFunc(es, func(a, b entry) int {
			if c := cmp.Compare(a.key, b.key); c != 0 {
				return c
			}
			return cmp.Compare(a.src, b.src)
		})
		for a := range es {
			if a == 0 || es[a].key != es[a-1].key {
				distinct++
			}
		}
	}
	t := newTable(n, distinct, bySeat)
	for i := 0; i < n; i++ {
		es := entries[start[i]:start[i+1]]
		for a := 0; a < len(es); {
			key := es[a].key
			var wi, wj, d float64
			for ; a < len(es) && es[a].key == key; a++ {
				m := &r.Matchups[es[a].src]
				d += m.Draw
				if ri, _, _ := row(m); ri == m.A {
					wi, wj = wi+m.WinsA, wj+m.WinsB
				} else {
					wi, wj = wi+m.WinsB, wj+m.WinsA
				}
			}
			t.add(i, key, wi, wj, d)
		}
	}
	return t
}

func newTable(n, size int, seats bool) *table {
	t := &table{Pairs: Pairs{Players: n}}
	t.I = make([]int32, 0, size)
	t.J = make([]int32, 0, size)
	t.WinsI = make([]float64, 0, size)
	t.WinsJ = make([]float64, 0, size)
	t.Draws = make([]float64, 0, size)
	if seats {
		t.first = make([]bool, 0, size)
	}
	return t
}

// add appends a term; key is j << 1 | seated.
func (t *table) add(i int, key uint32, wi, wj, d float64) {
	t.I = append(t.I, int32(i))
	t.J = append(t.J, int32(key>>1))
	t.WinsI = append(t.WinsI, wi)
	t.WinsJ = append(t.WinsJ, wj)
	t.Draws = append(t.Draws, d)
	if t.first != nil {
		t.first = append(t.first, key&1 == 1)
	}
}

// term is one term of a table, for merging: player I, key J<<1|seated.
type term struct {
	i             int32
	key           uint32
	wi, wj, draws float64
}

// merged returns t with the extra terms added: an extra term whose
// (I, key) t already holds adds to it, any other is inserted in order.
func (t *table) merged(extra []term) *table {
	slices.SortFunc(extra, func(a, b term) int {
		if c := cmp.Compare(a.i, b.i); c != 0 {
			return c
		}
		return cmp.Compare(a.key, b.key)
	})
	out := newTable(t.Players, t.Len()+len(extra), t.first != nil)
	keyOf := func(k int) uint32 {
		key := uint32(t.J[k]) << 1
		if t.seated(k) {
			key |= 1
		}
		return key
	}
	k, e := 0, 0
	for k < t.Len() || e < len(extra) {
		switch {
		case e == len(extra) || k < t.Len() && (t.I[k] < extra[e].i || t.I[k] == extra[e].i && keyOf(k) < extra[e].key):
			out.add(int(t.I[k]), keyOf(k), t.WinsI[k], t.WinsJ[k], t.Draws[k])
			k++
		case k == t.Len() || t.I[k] != extra[e].i || keyOf(k) != extra[e].key:
			x := extra[e]
			out.add(int(x.i), x.key, x.wi, x.wj, x.draws)
			e++
		default:
			x := extra[e]
			out.add(int(x.i), x.key, t.WinsI[k]+x.wi, t.WinsJ[k]+x.wj, t.Draws[k]+x.draws)
			k++
			e++
		}
	}
	return out
}

// withPairPrior returns t with prior virtual drawn games added between
// every pair of players (to the unseated term of the pair, made if need
// be): n(n-1)/2 terms at least.
func (t *table) withPairPrior(prior float64) *table {
	n := t.Players
	extra := make([]term, 0, n*(n-1)/2)
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			extra = append(extra, term{i: int32(i), key: uint32(j) << 1, draws: prior})
		}
	}
	return t.merged(extra)
}

// withPrior returns t with BayesElo's prior (CCondensedResults::AddPrior in
// Rémi Coulom's source): each player i spreads prior/2 virtual drawn games
// over the opponents it met, in proportion to the games it played with
// each, so that pair {i, j} gets prior/2 * n_ij * (1/N_i + 1/N_j) virtual
// draws (N_i: i's games). In a balanced round robin every player thus
// takes part in prior virtual draws. When the pair's games record who
// moved first and the model has a first-move advantage, half the virtual
// draws are played with each player first, as in BayesElo; otherwise they
// are unseated. Pairs that never played get none, so the prior links no
// pools of players that never met.
func (t *table) withPrior(prior float64, home bool) *table {
	pairs := t.unordered()
	games := make([]float64, t.Players)
	for _, p := range pairs {
		games[p.i] += p.games
		games[p.j] += p.games
	}
	extra := make([]term, 0, 2*len(pairs))
	for _, p := range pairs {
		v := prior / 2 * p.games * (1/games[p.i] + 1/games[p.j])
		if home && p.seated {
			extra = append(extra, term{i: p.i, key: uint32(p.j)<<1 | 1, draws: v / 2},
				term{i: p.j, key: uint32(p.i)<<1 | 1, draws: v / 2})
			continue
		}
		extra = append(extra, term{i: p.i, key: uint32(p.j) << 1, draws: v})
	}
	return t.merged(extra)
}

// pairGames is the games between players i < j, and whether any of them
// is seated.
type pairGames struct {
	i, j   int32
	games  float64
	seated bool
}

// unordered returns the games of t by unordered pair of players, sorted.
func (t *table) unordered() []pairGames {
	all := make([]pairGames, t.Len())
	for k := range t.I {
		i, j := t.I[k], t.J[k]
		all[k] = pairGames{min(i, j), max(i, j), t.Games(k), t.seated(k)}
	}
	if t.first == nil {
		return all // already one term per pair, sorted
	}
	slices.SortFunc(all, func(a, b pairGames) int {
		if c := cmp.Compare(a.i, b.i); c != 0 {
			return c
		}
		return cmp.Compare(a.j, b.j)
	})
	out := all[:0]
	for _, p := range all {
		if n := len(out); n > 0 && out[n-1].i == p.i && out[n-1].j == p.j {
			out[n-1].games += p.games
			out[n-1].seated = out[n-1].seated || p.seated
			continue
		}
		out = append(out, p)
	}
	return out
}
