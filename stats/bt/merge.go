package bt

// Results and pairs from several files, renamed or filtered: every one of
// these maps the players to new numbers (or drops them) and adds up the
// games of the pairs that become one.

// Combine returns the games of several results as one: players of the
// same name are one player, numbered in the order they first appear.
// Ordo reads a list of PGN files this way, BayesElo repeated readpgn.
func Combine(rs ...*Results) *Results {
	out := NewResults()
	for _, r := range rs {
		out.Unfinished += r.Unfinished
		to := make([]int, len(r.Players))
		for i, p := range r.Players {
			to[i] = out.Player(p)
		}
		for _, m := range r.Matchups {
			m.A, m.B = to[m.A], to[m.B]
			out.Matchups = append(out.Matchups, m)
		}
	}
	return out
}

// CombinePairs is Combine for results aggregated by pair: players[k]
// names the players of pairs[k].
func CombinePairs(players [][]string, pairs []*Pairs) ([]string, *Pairs) {
	index := map[string]int{}
	var all []string
	log := newPairLog(0)
	for k, p := range pairs {
		to := make([]int, len(players[k]))
		for i, name := range players[k] {
			j, ok := index[name]
			if !ok {
				j = len(all)
				index[name] = j
				all = append(all, name)
			}
			to[i] = j
		}
		for q := range p.I {
			log.add(to[p.I[q]], to[p.J[q]], p.WinsI[q], p.WinsJ[q], p.Draws[q])
		}
	}
	if len(pairs) == 1 {
		return all, pairs[0]
	}
	return all, log.finish(len(all))
}

// Renamed returns r with players renamed by alias (a synonym to the name
// it stands for, as Ordo's -Y file gives them): players who become one
// are merged, their games added up. Games between two names of one player
// are dropped; dropped counts them.
func (r *Results) Renamed(alias map[string]string) (out *Results, dropped float64) {
	out = NewResults()
	out.Unfinished = r.Unfinished
	to := make([]int, len(r.Players))
	for i, p := range r.Players {
		if a, ok := alias[p]; ok {
			p = a
		}
		to[i] = out.Player(p)
	}
	for _, m := range r.Matchups {
		m.A, m.B = to[m.A], to[m.B]
		if m.A == m.B {
			dropped += m.Games()
			continue
		}
		out.Matchups = append(out.Matchups, m)
	}
	return out, dropped
}

// RenamePairs is Renamed for results aggregated by pair.
func RenamePairs(players []string, p *Pairs, alias map[string]string) (names []string, out *Pairs, dropped float64) {
	index := map[string]int{}
	to := make([]int, len(players))
	for i, name := range players {
		if a, ok := alias[name]; ok {
			name = a
		}
		j, ok := index[name]
		if !ok {
			j = len(names)
			index[name] = j
			names = append(names, name)
		}
		to[i] = j
	}
	log := newPairLog(p.Len())
	for q := range p.I {
		a, b := to[p.I[q]], to[p.J[q]]
		if a == b {
			dropped += p.Games(q)
			continue
		}
		log.add(a, b, p.WinsI[q], p.WinsJ[q], p.Draws[q])
	}
	return names, log.finish(len(names)), dropped
}

// Select returns r with the games whose two players keep accepts, and
// the players named in them; Ordo's -i (include only those listed) and
// -x (exclude those listed) are Select with keep a test of the list.
func (r *Results) Select(keep func(player string) bool) *Results {
	out := NewResults()
	out.Unfinished = r.Unfinished
	ok := make([]bool, len(r.Players))
	to := make([]int, len(r.Players))
	for i, p := range r.Players {
		ok[i] = keep(p)
		to[i] = -1
	}
	for _, m := range r.Matchups {
		if !ok[m.A] || !ok[m.B] {
			continue
		}
		for _, i := range []int{m.A, m.B} {
			if to[i] < 0 {
				to[i] = out.Player(r.Players[i])
			}
		}
		m.A, m.B = to[m.A], to[m.B]
		out.Matchups = append(out.Matchups, m)
	}
	return out
}

// SelectPairs is Select for results aggregated by pair.
func SelectPairs(players []string, p *Pairs, keep func(player string) bool) (names []string, out *Pairs) {
	ok := make([]bool, len(players))
	to := make([]int, len(players))
	for i, name := range players {
		ok[i] = keep(name)
		to[i] = -1
	}
	log := newPairLog(p.Len())
	for q := range p.I {
		a, b := p.I[q], p.J[q]
		if !ok[a] || !ok[b] {
			continue
		}
		for _, i := range []int32{a, b} {
			if to[i] < 0 {
				to[i] = len(names)
				names = append(names, players[i])
			}
		}
		log.add(to[a], to[b], p.WinsI[q], p.WinsJ[q], p.Draws[q])
	}
	return names, log.finish(len(names))
}
