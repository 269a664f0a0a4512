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
		slices.SortFunc(es, func(a, b entry) int { return cmp.Compare(a.key, b.key) })
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

// withPrior returns t with prior virtual drawn games added between every
// pair of players (to the unseated term of the pair, made if need be):
// n(n-1)/2 terms at least.
func (t *table) withPrior(prior float64) *table {
	n := t.Players
	out := newTable(n, t.Len()+n*(n-1)/2, t.first != nil)
	k := 0
	for i := 0; i < n; i++ {
		next := uint32(i+1) << 1 // the next unseated pair to cover
		for ; k < t.Len() && int(t.I[k]) == i; k++ {
			key := uint32(t.J[k]) << 1
			if t.seated(k) {
				key |= 1
			}
			for ; next < key; next += 2 {
				out.add(i, next, 0, 0, prior)
			}
			d := t.Draws[k]
			if key&1 == 0 && key == next {
				d += prior
				next += 2
			}
			out.add(i, key, t.WinsI[k], t.WinsJ[k], d)
		}
		for ; next < uint32(n)<<1; next += 2 {
			out.add(i, next, 0, 0, prior)
		}
	}
	return out
}
