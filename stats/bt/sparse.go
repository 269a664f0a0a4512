package bt

import (
	"context"
	"math"
	"runtime"
	"slices"

	"github.com/coevolab/coevo/internal/chunks"
)

// graph is the players' Laplacian block as a symmetric graph on the free
// players (a pair with several terms is one edge): CSR adjacency with the
// weights W_ij (w) and S_ij = W_ij / sqrt(D_i D_j) (s).
type graph struct {
	ls    *lapSolver
	start []int32
	adj   []int32
	w, s  []float64
	c2    []float64 // sum of each player's neighbours' degrees (once asked for)
}

func newGraph(ls *lapSolver) *graph {
	t := ls.p.t
	n := ls.p.n
	g := &graph{ls: ls, start: make([]int32, n+1)}
	keep := func(k int) bool { return ls.free(int(t.I[k])) && ls.free(int(t.J[k])) }
	// The relations (priors on differences) are edges too.
	var rels []relPrior
	for _, r := range ls.p.rels {
		if ls.free(r.a) && ls.free(r.b) {
			rels = append(rels, r)
		}
	}
	for k := range t.I {
		if keep(k) {
			g.start[t.I[k]+1]++
			g.start[t.J[k]+1]++
		}
	}
	for _, r := range rels {
		g.start[r.a+1]++
		g.start[r.b+1]++
	}
	for i := 0; i < n; i++ {
		g.start[i+1] += g.start[i]
	}
	g.adj = make([]int32, g.start[n])
	g.w = make([]float64, g.start[n])
	fill := slices.Clone(g.start[:n])
	for k := range t.I {
		if !keep(k) {
			continue
		}
		i, j := t.I[k], t.J[k]
		g.adj[fill[i]], g.w[fill[i]] = j, ls.p.c[k]
		fill[i]++
		g.adj[fill[j]], g.w[fill[j]] = i, ls.p.c[k]
		fill[j]++
	}
	for _, r := range rels {
		g.adj[fill[r.a]], g.w[fill[r.a]] = int32(r.b), r.w
		fill[r.a]++
		g.adj[fill[r.b]], g.w[fill[r.b]] = int32(r.a), r.w
		fill[r.b]++
	}
	if t.first != nil || rels != nil {
		g.merge()
	}
	g.s = make([]float64, len(g.w))
	for i := 0; i < n; i++ {
		for e := g.start[i]; e < g.start[i+1]; e++ {
			g.s[e] = g.w[e] / math.Sqrt(ls.D[i]*ls.D[g.adj[e]])
		}
	}
	return g
}

// merge adds up the edges between the same two players (several terms of
// one pair, with seats).
func (g *graph) merge() {
	n := len(g.start) - 1
	type edge struct {
		j int32
		w float64
	}
	out := 0
	var row []edge
	newStart := make([]int32, n+1)
	for i := 0; i < n; i++ {
		row = row[:0]
		for e := g.start[i]; e < g.start[i+1]; e++ {
			row = append(row, edge{g.adj[e], g.w[e]})
		}
		slices.SortFunc(row, func(a, b edge) int { return int(a.j - b.j) })
		for k, x := range row {
			if k > 0 && row[k-1].j == x.j {
				g.w[out-1] += x.w
				continue
			}
			g.adj[out], g.w[out] = x.j, x.w
			out++
		}
		newStart[i+1] = int32(out)
	}
	g.start, g.adj, g.w = newStart, g.adj[:out], g.w[:out]
}

func (g *graph) deg(i int32) int32 { return g.start[i+1] - g.start[i] }

// pairs is the number of edges, twice.
func (g *graph) pairs() int { return len(g.adj) }

// squares returns (S^2)_ii = sum_j S_ij^2.
func (g *graph) squares() []float64 {
	n := len(g.start) - 1
	out := make([]float64, n)
	for i := 0; i < n; i++ {
		for e := g.start[i]; e < g.start[i+1]; e++ {
			out[i] += g.s[e] * g.s[e]
		}
	}
	return out
}

// cost is the work of powers for the players to h hops: for h = 2 the sum
// of their neighbours' degrees, for h = 3 (a bound) of their neighbours'
// neighbours'.
func (g *graph) cost(players []int, h int) float64 {
	if g.c2 == nil {
		n := len(g.start) - 1
		g.c2 = make([]float64, n)
		for i := range g.c2 {
			for e := g.start[i]; e < g.start[i+1]; e++ {
				g.c2[i] += float64(g.deg(g.adj[e]))
			}
		}
	}
	c2 := func(i int32) float64 { return g.c2[i] }
	total := 0.0
	for _, i := range players {
		if h == 2 {
			total += c2(int32(i))
			continue
		}
		for e := g.start[i]; e < g.start[i+1]; e++ {
			total += c2(g.adj[e])
		}
	}
	return total
}

// powers sets st[i] = (S^t)_ii for t = 1 .. 2h, for each of the players,
// from y_1 = S e_i, y_2 = S y_1 and (h = 3) y_3 = S y_2, built over
// player i's neighbourhood: (S^2k)_ii = |y_k|^2, (S^2k+1)_ii = y_k . y_k+1.
func (g *graph) powers(ctx context.Context, players []int, h int, st [][]float64, progress func(done, total int)) error {
	n := len(g.start) - 1
	const chunk = 64
	nc := (len(players) + chunk - 1) / chunk
	done := 0
	var err error
	// Scratch vectors, one set per goroutine at work.
	type scratch struct {
		y2, y3 []float64
		t2, t3 []int32
	}
	pool := make(chan *scratch, runtime.GOMAXPROCS(0))
	for range cap(pool) {
		sc := &scratch{y2: make([]float64, n)}
		if h == 3 {
			sc.y3 = make([]float64, n)
		}
		pool <- sc
	}
	// Work in rounds, so that progress and cancellation are seen.
	for lo := 0; lo < nc && err == nil; lo += 64 {
		hi := min(nc, lo+64)
		chunks.Run(hi-lo, hi-lo, func(c, _, _ int) {
			if ctx.Err() != nil {
				return
			}
			a, b := (lo+c)*chunk, min(len(players), (lo+c+1)*chunk)
			sc := <-pool
			defer func() { pool <- sc }()
			y2, y3, t2, t3 := sc.y2, sc.y3, sc.t2[:0], sc.t3[:0]
			defer func() { sc.t2, sc.t3 = t2, t3 }()
			for _, i := range players[a:b] {
				s := make([]float64, 2*h)
				// y1 = S e_i: the row of i.
				for e := g.start[i]; e < g.start[i+1]; e++ {
					s[1] += g.s[e] * g.s[e]
				}
				// y2 = S y1.
				t2 = t2[:0]
				for e := g.start[i]; e < g.start[i+1]; e++ {
					j, sij := g.adj[e], g.s[e]
					for f := g.start[j]; f < g.start[j+1]; f++ {
						l := g.adj[f]
						if y2[l] == 0 {
							t2 = append(t2, l)
						}
						y2[l] += sij * g.s[f]
					}
				}
				for e := g.start[i]; e < g.start[i+1]; e++ {
					s[2] += g.s[e] * y2[g.adj[e]]
				}
				for _, l := range t2 {
					s[3] += y2[l] * y2[l]
				}
				if h == 3 {
					// y3 = S y2.
					t3 = t3[:0]
					for _, l := range t2 {
						yl := y2[l]
						for f := g.start[l]; f < g.start[l+1]; f++ {
							m := g.adj[f]
							if y3[m] == 0 {
								t3 = append(t3, m)
							}
							y3[m] += yl * g.s[f]
						}
					}
					for _, l := range t2 {
						s[4] += y2[l] * y3[l]
					}
					for _, m := range t3 {
						s[5] += y3[m] * y3[m]
						y3[m] = 0
					}
				}
				for _, l := range t2 {
					y2[l] = 0
				}
				st[i] = s
			}
		})
		if err = ctx.Err(); err != nil {
			break
		}
		done = min(len(players), hi*chunk)
		progress(done, len(players))
	}
	return err
}

// maxEnvelope bounds the entries the sparse factorisation may hold (8
// bytes each). (A variable for the tests.)
var maxEnvelope = 1e7

// envelopeDiag computes the diagonal of K exactly by a sparse LDL^T
// factorisation in the envelope of a reverse Cuthill-McKee ordering and
// Takahashi's equations for the inverse's entries inside it, when the
// work (about twice the sum of the squared row widths) is within budget
// and the envelope within maxEnvelope; otherwise it reports false.
// Centred, it factors L without one player r (grounding it there) and
// uses L+ = P G P, G the inverse of that block with a zero row and column
// for r: L+_ii = G_ii - 2 (G 1)_i / n + 1^T G 1 / n^2.
func (ls *lapSolver) envelopeDiag(ctx context.Context, g *graph, budget float64) ([]float64, bool, error) {
	n := ls.p.n
	order := g.rcm()
	if len(order) == 0 {
		return nil, false, nil
	}
	if ls.ground == nil {
		order = order[:len(order)-1] // ground at the last player
	}
	N := len(order)
	pos := make([]int32, n)
	for i := range pos {
		pos[i] = -1
	}
	for k, i := range order {
		pos[i] = int32(k)
	}
	// The envelope, made monotone so that every column's rows are
	// consecutive.
	first := make([]int32, N)
	for k, i := range order {
		first[k] = int32(k)
		for e := g.start[i]; e < g.start[i+1]; e++ {
			if q := pos[g.adj[e]]; q >= 0 && q < first[k] {
				first[k] = q
			}
		}
	}
	for k := N - 2; k >= 0; k-- {
		first[k] = min(first[k], first[k+1])
	}
	size, work := 0.0, 0.0
	for k := range first {
		wk := float64(int32(k) - first[k])
		size += wk + 1
		work += 2 * wk * wk
	}
	if size > maxEnvelope || work > budget {
		return nil, false, nil
	}
	rowStart := make([]int, N+1)
	for k := range first {
		rowStart[k+1] = rowStart[k] + k - int(first[k]) + 1
	}
	env := make([]float64, rowStart[N])
	at := func(i, j int) int { return rowStart[i] + j - int(first[i]) }
	for k, i := range order {
		env[at(k, k)] = ls.D[i]
		for e := g.start[i]; e < g.start[i+1]; e++ {
			if q := int(pos[g.adj[e]]); q >= 0 && q < k {
				env[at(k, q)] -= g.w[e]
			}
		}
	}
	// LDL^T by rows: u_kj = L_kj d_j.
	d := make([]float64, N)
	u := make([]float64, N)
	for k := 0; k < N; k++ {
		if k%4096 == 0 && ctx.Err() != nil {
			return nil, false, ctx.Err()
		}
		fk := int(first[k])
		for j := fk; j < k; j++ {
			s := env[at(k, j)]
			lo := max(fk, int(first[j]))
			rj := env[rowStart[j]+lo-int(first[j]) : rowStart[j]+j-int(first[j])]
			for q, l := range rj {
				s -= u[lo+q] * l
			}
			u[j] = s
		}
		dk := env[at(k, k)]
		for j := fk; j < k; j++ {
			l := u[j] / d[j]
			env[at(k, j)] = l
			dk -= u[j] * l
		}
		if !(dk > 0) {
			return nil, false, nil // not positive definite: leave it to the others
		}
		d[k] = dk
	}
	// Centred: G 1, by the factors, before they are overwritten.
	var g1 []float64
	if ls.ground == nil {
		g1 = make([]float64, N)
		for k := 0; k < N; k++ {
			s := 1.0
			for j := int(first[k]); j < k; j++ {
				s -= env[at(k, j)] * g1[j]
			}
			g1[k] = s
		}
		for k := range g1 {
			g1[k] /= d[k]
		}
		for k := N - 1; k >= 0; k-- {
			for j := int(first[k]); j < k; j++ {
				g1[j] -= env[at(k, j)] * g1[k]
			}
		}
	}
	// Takahashi, by columns from the last: Z_ij = -sum_k Z_ik L_kj and
	// Z_jj = 1/d_j - sum_k L_kj Z_kj over the rows k of column j.
	last := make([]int, N)
	for k := range last {
		last[k] = k
	}
	for k := 0; k < N; k++ {
		for j := int(first[k]); j < k; j++ {
			last[j] = k
		}
	}
	zget := func(i, k int) float64 {
		if i < k {
			i, k = k, i
		}
		return env[at(i, k)]
	}
	col := make([]float64, 0, 64)
	zc := make([]float64, 0, 64)
	for j := N - 1; j >= 0; j-- {
		if j%4096 == 0 && ctx.Err() != nil {
			return nil, false, ctx.Err()
		}
		m := last[j] - j
		col, zc = col[:0], zc[:0]
		for k := j + 1; k <= last[j]; k++ {
			col = append(col, env[at(k, j)])
		}
		for a := 0; a < m; a++ {
			i := j + 1 + a
			s := 0.0
			for b := 0; b < m; b++ {
				s -= zget(i, j+1+b) * col[b]
			}
			zc = append(zc, s)
		}
		zjj := 1 / d[j]
		for a := 0; a < m; a++ {
			zjj -= col[a] * zc[a]
			env[at(j+1+a, j)] = zc[a]
		}
		env[at(j, j)] = zjj
	}
	diag := make([]float64, n)
	for k, i := range order {
		diag[i] = env[at(k, k)]
	}
	if ls.ground == nil {
		// r, the player left out, has G_rr = (G 1)_r = 0.
		sum := 0.0
		for _, x := range g1 {
			sum += x
		}
		fn := float64(n)
		for i := range diag {
			gi := 0.0
			if q := pos[i]; q >= 0 {
				gi = g1[q]
			}
			diag[i] += -2*gi/fn + sum/fn/fn
		}
	}
	return diag, true, nil
}

// rcm returns the free players in reverse Cuthill-McKee order: a
// breadth-first search from a peripheral player of each component,
// neighbours by increasing degree, reversed.
func (g *graph) rcm() []int32 {
	n := len(g.start) - 1
	level := make([]int32, n)
	for i := range level {
		level[i] = -1
	}
	order := make([]int32, 0, n)
	// bfs orders the component of root from root (into order when keep),
	// and returns its last level's player of least degree and the depth.
	var queue []int32
	bfs := func(root int32, mark []int32, keep bool) (far int32, depth int32) {
		queue = append(queue[:0], root)
		mark[root] = 0
		var nb []int32
		for h := 0; h < len(queue); h++ {
			i := queue[h]
			nb = nb[:0]
			for e := g.start[i]; e < g.start[i+1]; e++ {
				if j := g.adj[e]; mark[j] < 0 {
					mark[j] = mark[i] + 1
					nb = append(nb, j)
				}
			}
			slices.SortFunc(nb, func(a, b int32) int { return int(g.deg(a) - g.deg(b)) })
			queue = append(queue, nb...)
		}
		depth = mark[queue[len(queue)-1]]
		far = queue[len(queue)-1]
		for _, i := range queue {
			if mark[i] == depth && g.deg(i) < g.deg(far) {
				far = i
			}
		}
		if keep {
			order = append(order, queue...)
		}
		return far, depth
	}
	probe := make([]int32, n)
	for i := range probe {
		probe[i] = -1
	}
	for r := 0; r < n; r++ {
		if level[r] >= 0 || !g.ls.free(r) {
			continue
		}
		root := int32(r)
		depth := int32(-1)
		for tries := 0; tries < 5; tries++ {
			far, d := bfs(root, probe, false)
			for _, i := range queue {
				probe[i] = -1
			}
			if d <= depth {
				break
			}
			root, depth = far, d
		}
		bfs(root, level, true)
	}
	slices.Reverse(order)
	return order
}

// forward is the graph's triangles' enumeration plan: the players ranked
// by degree (then index), each edge oriented from the lower rank to the
// higher, so that every player has at most sqrt(2m) later neighbours and
// every triangle is met once, from its lowest-ranked player.
type forward struct {
	order []int32 // players by rank
	start []int32 // CSR by rank: the later neighbours of order[r]
	adj   []int32 // as ranks
	s     []float64
	cost  float64 // probes of the enumeration: sum over edges of the later end's later degree
}

func (g *graph) forward() *forward {
	n := len(g.start) - 1
	f := &forward{order: make([]int32, n), start: make([]int32, n+1)}
	for i := range f.order {
		f.order[i] = int32(i)
	}
	slices.SortFunc(f.order, func(a, b int32) int {
		if c := g.deg(a) - g.deg(b); c != 0 {
			return int(c)
		}
		return int(a - b)
	})
	rank := make([]int32, n)
	for r, i := range f.order {
		rank[i] = int32(r)
	}
	for i := 0; i < n; i++ {
		for e := g.start[i]; e < g.start[i+1]; e++ {
			if rank[g.adj[e]] > rank[i] {
				f.start[rank[i]+1]++
			}
		}
	}
	for r := 0; r < n; r++ {
		f.start[r+1] += f.start[r]
	}
	f.adj = make([]int32, f.start[n])
	f.s = make([]float64, f.start[n])
	fill := slices.Clone(f.start[:n])
	for i := 0; i < n; i++ {
		ri := rank[i]
		for e := g.start[i]; e < g.start[i+1]; e++ {
			if rj := rank[g.adj[e]]; rj > ri {
				f.adj[fill[ri]], f.s[fill[ri]] = rj, g.s[e]
				fill[ri]++
			}
		}
	}
	for _, r := range f.adj {
		f.cost += float64(f.start[r+1] - f.start[r])
	}
	return f
}

// cubeScale is the fixed point in which cubes adds up the triangles:
// integer sums come out the same in any order, so the result does not
// depend on the CPUs; each term is off by at most 1/cubeScale.
const cubeScale = 1 << 60

// cubes returns (S^3)_ii = sum_jk S_ij S_jk S_ki for every player: twice
// the weights S_ij S_jk S_ki of the triangles through i, each triangle
// found once by f's enumeration. (S^3)_ii is at most 1, S's spectral
// radius, so the fixed-point sums do not overflow.
func (g *graph) cubes(ctx context.Context, f *forward) ([]float64, error) {
	n := len(g.start) - 1
	workers := runtime.GOMAXPROCS(0)
	type scratch struct {
		acc  []int64
		mark []int32
		val  []float64
	}
	pool := make(chan *scratch, workers)
	all := make([]*scratch, workers)
	for w := range all {
		all[w] = &scratch{acc: make([]int64, n), mark: make([]int32, n), val: make([]float64, n)}
		pool <- all[w]
	}
	const k = 256
	chunks.Run(n, k, func(_, lo, hi int) {
		if ctx.Err() != nil {
			return
		}
		sc := <-pool
		defer func() { pool <- sc }()
		acc, mark, val := sc.acc, sc.mark, sc.val
		for a := lo; a < hi; a++ {
			fa := f.start[a]
			for e := fa; e < f.start[a+1]; e++ {
				mark[f.adj[e]], val[f.adj[e]] = int32(a)+1, f.s[e]
			}
			for e := fa; e < f.start[a+1]; e++ {
				b, sab := f.adj[e], f.s[e]
				for q := f.start[b]; q < f.start[b+1]; q++ {
					c := f.adj[q]
					if mark[c] != int32(a)+1 {
						continue
					}
					t := int64(2 * sab * f.s[q] * val[c] * cubeScale)
					acc[a] += t
					acc[b] += t
					acc[c] += t
				}
			}
		}
	})
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	out := make([]float64, n)
	for r, i := range f.order {
		var s int64
		for _, sc := range all {
			s += sc.acc[r]
		}
		out[i] = float64(s) / cubeScale
	}
	return out, nil
}
