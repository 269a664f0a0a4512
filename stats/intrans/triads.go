package intrans

import (
	"cmp"
	"fmt"
	"math"
	"math/bits"
	"slices"

	"github.com/coevolab/coevo/internal/chunks"
	"github.com/coevolab/coevo/stats/bt"
)

// Transitivity counts, among the triads of players who all played each
// other, the cyclic ones: A beat B, B beat C and C beat A, where a pair is
// decided by who scored more points against the other (a tied pair is no
// edge, so a triad holding one is never cyclic).
//
// For a complete tournament (every pair played) the played triads are all
// C(n,3) of them and Tau is paper 003's eq. (4). For an incomplete one, Tau
// is the same share over the triads that were played: triads with an
// unplayed pair say nothing about transitivity and are left out, rather
// than counted as transitive. When no triad was played Tau is undefined
// (NaN), and when few were it rests on few: Played and Possible say how
// many.
type Transitivity struct {
	Players  int
	Pairs    int   // pairs that played
	Possible int64 // C(n,3)
	Played   int64 // triads whose three pairs all played
	Cyclic   int64
	// Kendall: a complete tournament without tied pairs, counted by
	// Kendall and Babington Smith's formula C(n,3) - sum_i C(s_i, 2)
	// in time O(n + pairs); otherwise the played triads are enumerated.
	Kendall bool
}

// Tau is 1 - Cyclic/Played: 1 when every played triad is transitive, 0
// when every one is a cycle, NaN when no triad was played.
func (t Transitivity) Tau() float64 {
	if t.Played == 0 {
		return math.NaN()
	}
	return 1 - float64(t.Cyclic)/float64(t.Played)
}

// Defined reports whether Tau is defined (some triad was played).
func (t Transitivity) Defined() bool { return t.Played > 0 }

func (t Transitivity) String() string {
	if !t.Defined() {
		return fmt.Sprintf("tau undefined: no three of the %d players all played each other (%d pairs played)", t.Players, t.Pairs)
	}
	s := fmt.Sprintf("tau = %.4f: %d cyclic of %d %s played", t.Tau(), t.Cyclic, t.Played, plural(t.Played, "triad"))
	if t.Played < t.Possible {
		s += fmt.Sprintf(" (%.3g%% of the C(%d,3) = %d possible)", 100*float64(t.Played)/float64(t.Possible), t.Players, t.Possible)
	}
	return s
}

func plural(n int64, s string) string {
	if n == 1 {
		return s
	}
	return s + "s"
}

// PlayedTriads counts the played and the cyclic triads of p. A complete
// tournament without ties takes Kendall's formula. Otherwise the played
// triads are the triangles of the graph of played pairs, found by the
// forward algorithm with players ordered by degree: time
// O(sum over pairs (a,b) of b's later neighbours), at most O(m^1.5) for m
// pairs, and memory O(n + m), independent of C(n,3).
func PlayedTriads(p *bt.Pairs) Transitivity {
	n := p.Players
	t := Transitivity{Players: n, Pairs: p.Len()}
	t.Possible = int64(n) * int64(n-1) * int64(n-2) / 6
	dir := make([]int8, p.Len()) // +1: I scored more, -1: J did, 0: tie
	ties := false
	for k := range dir {
		pi, pj := p.Points(k)
		switch {
		case pi > pj:
			dir[k] = 1
		case pj > pi:
			dir[k] = -1
		default:
			ties = true
		}
	}
	if int64(p.Len()) == int64(n)*int64(n-1)/2 && !ties && distinctPairs(p) {
		s := make([]int64, n) // pairs won
		for k, d := range dir {
			if d > 0 {
				s[p.I[k]]++
			} else {
				s[p.J[k]]++
			}
		}
		t.Played, t.Kendall = t.Possible, true
		t.Cyclic = t.Possible
		for _, x := range s {
			t.Cyclic -= x * (x - 1) / 2
		}
		return t
	}
	if n <= bitsetMax && bitsetCost(p) < markCost(p) {
		t.Played, t.Cyclic = trianglesBitset(p, dir)
	} else {
		t.Played, t.Cyclic = triangles(p, dir)
	}
	return t
}

// bitsetMax: up to this many players, the bit matrices (3 n^2 / 8 bytes,
// 32 MB at 9,000) are an option.
const bitsetMax = 9000

// bitsetCost estimates the word operations of trianglesBitset.
func bitsetCost(p *bt.Pairs) float64 {
	c := 0.0
	for _, j := range p.J {
		c += float64(p.Players-int(j)) / 32
	}
	return c
}

// markCost estimates the probes of triangles: the pairs times the later
// neighbours of their later end, in index order (degree order does
// better, so this overestimates it a little).
func markCost(p *bt.Pairs) float64 {
	later := make([]float64, p.Players)
	for _, i := range p.I {
		later[i]++
	}
	c := 0.0
	for _, j := range p.J {
		c += later[j]
	}
	return c / 4 // a probe is cheaper than a word operation
}

// trianglesBitset counts with bit matrices: for each pair (a, b), a < b,
// the later players c that both played, and those closing a cycle, are a
// word-wise AND and a population count over c > b.
func trianglesBitset(p *bt.Pairs, dir []int8) (played, cyclic int64) {
	n := p.Players
	w := (n + 63) / 64
	P := make([]uint64, n*w) // played
	W := make([]uint64, n*w) // row beat column
	L := make([]uint64, n*w) // column beat row
	set := func(m []uint64, r, c int32) { m[int(r)*w+int(c)>>6] |= 1 << (uint(c) & 63) }
	for k := range p.I {
		a, b := p.I[k], p.J[k]
		set(P, a, b)
		set(P, b, a)
		switch dir[k] {
		case 1:
			set(W, a, b)
			set(L, b, a)
		case -1:
			set(W, b, a)
			set(L, a, b)
		}
	}
	// count returns |x & y| over the bits after b.
	count := func(x, y []uint64, b int) int64 {
		first := (b + 1) >> 6
		if first >= w {
			return 0
		}
		c := bits.OnesCount64(x[first] & y[first] &^ (1<<(uint(b+1)&63) - 1))
		for k := first + 1; k < w; k++ {
			c += bits.OnesCount64(x[k] & y[k])
		}
		return int64(c)
	}
	for k := range p.I {
		a, b := int(p.I[k]), int(p.J[k])
		ra, rb := a*w, b*w
		played += count(P[ra:ra+w], P[rb:rb+w], b)
		switch dir[k] {
		case 1: // a beat b: b beat c and c beat a
			cyclic += count(W[rb:rb+w], L[ra:ra+w], b)
		case -1: // b beat a: c beat b and a beat c
			cyclic += count(L[rb:rb+w], W[ra:ra+w], b)
		}
	}
	return played, cyclic
}

// distinctPairs reports whether no pair appears twice (Pairs from
// Results.Pairs never repeat, but a hand-built value might).
func distinctPairs(p *bt.Pairs) bool {
	for k := 1; k < p.Len(); k++ {
		if p.I[k] == p.I[k-1] && p.J[k] == p.J[k-1] {
			return false
		}
	}
	return true
}

// triangles enumerates the triangles of the played graph.
func triangles(p *bt.Pairs, dir []int8) (played, cyclic int64) {
	n := p.Players
	// Rank players by degree, and orient each pair from lower to higher
	// rank: every player then has at most sqrt(2m) later neighbours.
	deg := make([]int32, n)
	for k := range p.I {
		deg[p.I[k]]++
		deg[p.J[k]]++
	}
	order := make([]int32, n)
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortFunc(order, func(a, b int32) int {
		if c := cmp.Compare(deg[a], deg[b]); c != 0 {
			return c
		}
		return cmp.Compare(a, b)
	})
	rank := make([]int32, n)
	for r, v := range order {
		rank[v] = int32(r)
	}
	// Forward adjacency in CSR, by rank; each edge is packed in a word,
	// to << 2 | code, where the code says who won, seen from the
	// lower-ranked end: 1 it won, 2 it lost, 3 a tie. (Four bytes an
	// edge: the enumeration reads each list many times, so it goes at
	// the speed of memory.)
	start := make([]int32, n+1)
	for k := range p.I {
		a := min(rank[p.I[k]], rank[p.J[k]])
		start[a+1]++
	}
	for i := 0; i < n; i++ {
		start[i+1] += start[i]
	}
	adj := make([]uint32, start[n])
	fill := slices.Clone(start[:n])
	for k := range p.I {
		a, b := rank[p.I[k]], rank[p.J[k]]
		d := dir[k]
		if a > b {
			a, b, d = b, a, -d
		}
		code := uint32(3)
		switch d {
		case 1:
			code = 1
		case -1:
			code = 2
		}
		adj[fill[a]] = uint32(b)<<2 | code
		fill[a]++
	}
	for a := 0; a < n; a++ {
		slices.Sort(adj[start[a]:start[a+1]])
	}
	// For each a: mark a's later neighbours with a's code against them,
	// then for each later neighbour b, look at b's later neighbours c.
	// The triad a < b < c is cyclic when a beats b, b beats c and c beats
	// a, or the reverse: codes (a,b), (b,c) equal and (a,c) opposite.
	// probe[0][b<<2|c] is 1 when c != 0 (a played c); probe[ab][b<<2|c]
	// is 1 when the codes close a cycle: ab == b in {1, 2}, c == 3 - ab.
	var probe [4][16]int8
	for b := 1; b <= 3; b++ {
		for c := 1; c <= 3; c++ {
			probe[0][b<<2|c] = 1
		}
	}
	probe[1][1<<2|2] = 1
	probe[2][2<<2|1] = 1
	const k = 64
	pl, cy := make([]int64, k), make([]int64, k)
	chunks.Run(n, k, func(c, lo, hi int) {
		mark := make([]uint8, n)
		var chunkPlayed, chunkCyclic int64
		for a := lo; a < hi; a++ {
			fa := adj[start[a]:start[a+1]]
			for _, e := range fa {
				mark[e>>2] = uint8(e & 3)
			}
			for _, ab := range fa {
				// Branch-free: tables indexed by (code b-c, code a-c).
				tp, tc := &probe[0], &probe[ab&3]
				b := ab >> 2
				for _, bc := range adj[start[b]:start[b+1]] {
					x := (bc&3)<<2 | uint32(mark[bc>>2])
					chunkPlayed += int64(tp[x&15])
					chunkCyclic += int64(tc[x&15])
				}
			}
			for _, e := range fa {
				mark[e>>2] = 0
			}
		}
		pl[c], cy[c] = chunkPlayed, chunkCyclic
	})
	for c := range pl {
		played += pl[c]
		cyclic += cy[c]
	}
	return played, cyclic
}
