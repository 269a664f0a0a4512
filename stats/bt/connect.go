package bt

import (
	"fmt"
	"strings"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
)

// Groups is the connectivity report of a tournament: the players split
// into groups, the strongly connected components of the graph "i scored a
// point (or half of one) against j". Maximum likelihood ratings exist
// exactly when there is one group (Hunter 2004, assumption 1); otherwise
// the ratings of different groups are not comparable (every split needs
// points scored across it in both directions), and the report says which
// games link the groups.
type Groups struct {
	Players []string
	// Of is the group of each player; Members lists each group's players.
	// Groups are numbered from the top: no player of a later group scored
	// against an earlier group.
	Of      []int
	Members [][]int
	// Pools is the number of sets of players that never played each
	// other at all (weakly connected components); PoolOf is the pool of
	// each group, numbered in order of the groups.
	Pools  int
	PoolOf []int
	// Links are the games between groups, one entry per pair of groups
	// that played, From < To: From scored PointsFrom, To scored PointsTo
	// (always 0 between different groups, or they would be one group).
	Links []Link
}

// Link is the games between two groups.
type Link struct {
	From, To             int
	Games                float64
	PointsFrom, PointsTo float64
}

// Connectivity returns the groups of r.
func Connectivity(r *Results) *Groups {
	p := r.Pairs()
	return groupsOf(r.Players, p)
}

func groupsOf(players []string, p *Pairs) *Groups {
	n := p.Players
	// Adjacency of "scored against" and its reverse, in CSR form.
	outStart, inStart := make([]int32, n+1), make([]int32, n+1)
	edge := func(k int, f func(from, to int32)) {
		pi, pj := p.Points(k)
		if pi > 0 {
			f(p.I[k], p.J[k])
		}
		if pj > 0 {
			f(p.J[k], p.I[k])
		}
	}
	for k := range p.I {
		edge(k, func(a, b int32) { outStart[a+1]++; inStart[b+1]++ })
	}
	for i := 0; i < n; i++ {
		outStart[i+1] += outStart[i]
		inStart[i+1] += inStart[i]
	}
	out, in := make([]int32, outStart[n]), make([]int32, inStart[n])
	of, ii := append([]int32(nil), outStart[:n]...), append([]int32(nil), inStart[:n]...)
	for k := range p.I {
		edge(k, func(a, b int32) {
			out[of[a]] = b
			of[a]++
			in[ii[b]] = a
			ii[b]++
		})
	}
	comp := scc(outStart, out, inStart, in)
	g := &Groups{Players: players, Of: comp}
	for i, c := range comp {
		for len(g.Members) <= c {
			g.Members = append(g.Members, nil)
		}
		g.Members[c] = append(g.Members[c], i)
	}
	// Pools: union-find over pairs that played.
	parent := make([]int32, n)
	for i := range parent {
		parent[i] = int32(i)
	}
	var find func(int32) int32
	find = func(x int32) int32 {
		for parent[x] != x {
			parent[x] = parent[parent[x]]
			x = parent[x]
		}
		return x
	}
	for k := range p.I {
		a, b := find(p.I[k]), find(p.J[k])
		if a != b {
			parent[a] = b
		}
	}
	pool := map[int32]int{}
	g.PoolOf = make([]int, len(g.Members))
	for c, m := range g.Members {
		root := find(int32(m[0]))
		k, ok := pool[root]
		if !ok {
			k = len(pool)
			pool[root] = k
		}
		g.PoolOf[c] = k
	}
	g.Pools = len(pool)
	if len(g.Members) > 1 {
		links := map[[2]int]*Link{}
		for k := range p.I {
			a, b := comp[p.I[k]], comp[p.J[k]]
			if a == b {
				continue
			}
			pa, pb := p.Points(k)
			if a > b {
				a, b, pa, pb = b, a, pb, pa
			}
			l := links[[2]int{a, b}]
			if l == nil {
				l = &Link{From: a, To: b}
				links[[2]int{a, b}] = l
			}
			l.Games += p.Games(k)
			l.PointsFrom += pa
			l.PointsTo += pb
		}
		for a := range g.Members {
			for b := a + 1; b < len(g.Members); b++ {
				if l := links[[2]int{a, b}]; l != nil {
					g.Links = append(g.Links, *l)
				}
			}
		}
	}
	return g
}

// Connected reports whether the maximum likelihood ratings exist.
func (g *Groups) Connected() bool { return len(g.Members) <= 1 }

// String renders the report: each group with its players (the first few
// named), and the games linking groups.
func (g *Groups) String() string {
	var b strings.Builder
	if g.Connected() {
		fmt.Fprintf(&b, "one group of %d players: every split of the players has points scored across it both ways, so the ratings are comparable\n", len(g.Players))
		return b.String()
	}
	fmt.Fprintf(&b, "%d groups in %d pool(s) of players that played each other; ratings are comparable only within a group\n", len(g.Members), g.Pools)
	for c, m := range g.Members {
		names := make([]string, len(m))
		for k, i := range m {
			names[k] = g.Players[i]
		}
		fmt.Fprintf(&b, "group %d (%d players): %s\n", c+1, len(m), namesLimit(names, 10))
	}
	for _, l := range g.Links {
		fmt.Fprintf(&b, "  group %d vs group %d: %g games, %g-%g\n", l.From+1, l.To+1, l.Games, l.PointsFrom, l.PointsTo)
	}
	return b.String()
}

// DataFrame has one row per player: player, group (from 1).
func (g *Groups) DataFrame() dataframe.DataFrame {
	grp := make([]int, len(g.Of))
	for i, c := range g.Of {
		grp[i] = c + 1
	}
	return dataframe.New(
		series.New(g.Players, series.String, "player"),
		series.New(grp, series.Int, "group"),
	)
}

// scc labels the strongly connected components of a graph in CSR form
// (Kosaraju, iterative), numbered in topological order of the
// condensation: component 0 has no edge into it from another.
func scc(outStart, out, inStart, in []int32) []int {
	n := len(outStart) - 1
	seen := make([]bool, n)
	order := make([]int32, 0, n)
	type frame struct{ v, k int32 }
	var st []frame
	for s := 0; s < n; s++ {
		if seen[s] {
			continue
		}
		seen[s] = true
		st = append(st[:0], frame{int32(s), outStart[s]})
		for len(st) > 0 {
			top := &st[len(st)-1]
			if top.k < outStart[top.v+1] {
				w := out[top.k]
				top.k++
				if !seen[w] {
					seen[w] = true
					st = append(st, frame{w, outStart[w]})
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
	var q []int32
	for k := n - 1; k >= 0; k-- {
		s := order[k]
		if comp[s] >= 0 {
			continue
		}
		comp[s] = c
		q = append(q[:0], s)
		for len(q) > 0 {
			v := q[len(q)-1]
			q = q[:len(q)-1]
			for _, w := range in[inStart[v]:inStart[v+1]] {
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

func namesLimit(s []string, show int) string {
	if len(s) > show {
		return strings.Join(s[:show], ", ") + fmt.Sprintf(" and %d more", len(s)-show)
	}
	return strings.Join(s, ", ")
}
