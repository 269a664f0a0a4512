package umda

import (
	"math"
	"math/bits"
	"math/rand/v2"
	"runtime"
	"sync/atomic"

	"gonum.org/v1/gonum/stat/distuv"
)

// The fast sampler draws exactly what the naive one does, in distribution,
// at a fraction of the cost.
//
// A tournament reads each strategy only at the positions on its path, so
// it samples x and y there alone. The winner z is then known at the
// positions where it moved; at every other position its choice is a fresh
// draw from p_t, independent of everything seen. The optimality test looks
// at z lazily, drawing each unknown choice from p_t when it first needs it
// and remembering it. At each position u where some winner's choice is
// known, the winners whose choice is still unknown contribute a
// Multinomial(count, p_t(u)) draw to q_{t+1}(u).
//
// Every other position, where no winner's choice is known, takes a step
// of its own Markov chain: its counts are Multinomial(mu, p_t(u)), and
// p_{t+1}(u) = pi_gamma(counts / mu), whatever happens elsewhere. Those
// steps are taken lazily, when the position is next read (by a path, the
// optimality test, a trace, or the end of the run), from a random stream
// of the position's own, so their cost is paid only where it matters. A
// chain whose counts sit on one move s (every winner chose s) stays there
// with probability p(u, s)^mu per generation: the number of generations it
// stays is drawn at once (a geometric variable), and the generation it
// leaves draws its counts conditioned on leaving. With gamma = 0 such a
// chain never leaves.

// mutant is a test hook: a deliberate mistake in the fast sampler, which
// the statistical tests must catch (sampler_test.go); 0 in real runs.
var mutant int

const (
	mutantUniformFresh = 1 + iota // fresh draws ignore p and pick moves uniformly
	mutantNeverLeave              // a chain fixed on one move never leaves it
	mutantStale                   // lazy chain steps are skipped
)

// choice is a known move: follower s at interior position index i.
type choice struct{ i, s int32 }

// winner is what is known of one selected strategy: its moves on its
// tournament's path, then those the optimality test drew.
type winner struct {
	moves []choice
}

// Random streams, each derived from the seed (see fastRun).
const (
	streamTest   = 0x6c62272e07bb0142 // the optimality test, per generation
	streamUpdate = 0x9e3779b97f4a7c15 // the updates, per generation and block of positions
	streamChain  = 0x2545f4914f6cdd1d // a position's own chain, per position and generation
)

// fastRun is the state of the fast sampler over the interior positions
// 0..k-1 (Game.Interior), in flat arrays: position i's moves are
// off[i]..off[i+1]-1.
type fastRun struct {
	G       *Game
	workers int
	mu      int
	gamma   float64
	seed    uint64
	off     []int32
	p       []float64 // p_t, which Run.P views
	// A tournament reads one record per move, in one array, so that a path
	// costs one memory access per move: position i's record at rec[recAt[i]]
	// holds d | i<<32 (d its number of moves), then the d-1 cumulative
	// thresholds of p(i) scaled to 2^64, then the record of each
	// follower (noRecord for a sink).
	rec     []uint64
	recAt   []int
	cnt     []int32 // each position's counts at its last update
	gen     []int32 // position i holds p_{gen[i]+1} (read and written atomically)
	tally   []int32 // this generation's known winners' moves
	known   []int32 // known winners per position
	touch   []int32 // positions with a known winner's move, in order met
	root    int32
	bin     *binomials
	winners []winner
	src     rand.PCG        // generation t's stream for the optimality test
	done    <-chan struct{} // closed: the generation being played is abandoned
	// scratch of the optimality test
	seen, drawn marks
	move        []int32
}

func newFastRun(G *Game, p [][]float64, flat []float64, mu int, gamma float64, seed uint64, workers int) *fastRun {
	k := len(G.Interior)
	f := &fastRun{G: G, workers: workers, mu: mu, gamma: gamma, seed: seed, p: flat, winners: make([]winner, mu), move: make([]int32, k)}
	f.off = make([]int32, k+1)
	for i := range p {
		f.off[i+1] = f.off[i] + int32(len(p[i]))
	}
	E := f.off[k]
	f.recAt = make([]int, k)
	for i, v := range G.Interior {
		f.recAt[i] = len(f.rec)
		f.rec = append(f.rec, uint64(len(G.Followers(v)))|uint64(i)<<32)
		f.rec = append(f.rec, make([]uint64, 2*len(G.Followers(v))-1)...)
	}
	for i, v := range G.Interior {
		fs := G.Followers(v)
		for s, w := range fs {
			r := uint64(noRecord)
			if j := G.index[w]; j >= 0 {
				r = uint64(f.recAt[j])
			}
			f.rec[f.recAt[i]+len(fs)+s] = r
		}
	}
	f.root = G.index[G.root]
	f.cnt = make([]int32, E)
	f.tally = make([]int32, E)
	f.gen = make([]int32, k)
	f.known = make([]int32, k)
	for i := range f.gen {
		f.gen[i] = -1
		f.setCut(int32(i))
	}
	f.bin = newBinomials(mu)
	return f
}

const noRecord = math.MaxUint64

// setCut recomputes position i's draw thresholds from p.
func (f *fastRun) setCut(i int32) {
	acc := 0.0
	p := f.p[f.off[i]:f.off[i+1]]
	cut := f.rec[f.recAt[i]+1 : f.recAt[i]+len(p)]
	for s := range cut {
		acc += p[s]
		cut[s] = scale(acc)
	}
}

// scale maps a probability to a threshold on uniform 64-bit words.
func scale(x float64) uint64 {
	if x >= 1 {
		return math.MaxUint64
	}
	return uint64(x * 0x1p64)
}

// draw picks a move at the position of record o: follower s with
// probability p(i, s).
func (f *fastRun) draw(o int, src *rand.PCG) int {
	d := int(uint32(f.rec[o]))
	if d == 1 {
		return 0
	}
	return pick(f.rec[o+1:o+d], src.Uint64())
}

// pick returns the number of thresholds at most u. Few thresholds are
// counted without branches (a draw's comparisons are unpredictable by
// nature, and a mispredicted branch costs more than a few comparisons);
// many are searched by bisection.
func pick(cut []uint64, u uint64) int {
	if len(cut) > 8 {
		return bisect(cut, u)
	}
	s := uint64(len(cut))
	for _, c := range cut {
		_, borrow := bits.Sub64(u, c, 0)
		s -= borrow
	}
	return int(s)
}

// bisect is pick by bisection, without branches on the comparisons.
func bisect(cut []uint64, u uint64) int {
	base, n := 0, len(cut)
	for n > 1 {
		half := n >> 1
		_, above := bits.Sub64(u, cut[base+half], 0) // 1 if cut > u
		base += half & (int(above) - 1)
		n -= half
	}
	_, above := bits.Sub64(u, cut[base], 0)
	return base + 1 - int(above)
}

// readyAt makes p_t(i) current: it takes the lazy steps of position i's
// chain for the generations since its last update. Tournaments call it
// concurrently: one goroutine claims the position, the others wait; the
// result does not depend on which, as the steps draw from the position's
// own stream.
func (f *fastRun) readyAt(i int32, t int) {
	want := int32(t - 1)
	for {
		g := atomic.LoadInt32(&f.gen[i])
		if g == want {
			return
		}
		if g == busy {
			runtime.Gosched() // another goroutine is advancing it
			continue
		}
		if atomic.CompareAndSwapInt32(&f.gen[i], g, busy) {
			atomic.StoreInt32(&f.gen[i], f.advance(i, g, want))
			return
		}
	}
}

const busy = math.MinInt32

// advance runs position i's chain from after generation g's update to
// after generation target's, no winner's choice being known there, and
// returns target. A position unvisited for a million generations takes a
// million steps, so advance also stops once f.done is closed (the run is
// then abandoned), returning the generation it reached.
func (f *fastRun) advance(i, g, target int32) int32 {
	var src rand.PCG
	src.Seed(f.seed^streamChain, uint64(i)<<32|uint64(uint32(g)))
	o, d := f.off[i], f.off[i+1]-f.off[i]
	if d == 1 || mutant == mutantStale {
		return target // a forced move: p(i) = (1) for ever
	}
	p, cnt := f.p[o:o+d], f.cnt[o:o+d]
	for steps := 1; g < target; steps++ {
		if steps&63 == 0 && closed(f.done) {
			return g
		}
		s := int32(-1) // the move every winner chose, if any
		if g >= 0 {
			for r, c := range cnt {
				if int(c) == f.mu {
					s = int32(r)
				}
			}
		}
		if s < 0 {
			clear(cnt)
			f.addFresh(i, f.mu, cnt, &src)
			f.project(p, cnt)
			f.setCut(i)
			g++
			continue
		}
		// Every winner keeps s with probability p(s)^mu per generation:
		// the generations it stays are Geometric, P(stay >= k) = p(s)^(mu k).
		lnStay := float64(f.mu) * math.Log(p[s])
		if lnStay == 0 || mutant == mutantNeverLeave {
			break // gamma = 0: it never leaves
		}
		stay := math.Floor(math.Log(uniform1(&src)) / lnStay)
		if stay >= float64(target-g) {
			break
		}
		g += int32(stay) + 1
		// The generation it leaves: k >= 1 winners choose another move,
		// each among the others in proportion to p.
		k := atLeastOne(f.mu, 1-p[s], &src)
		clear(cnt)
		cnt[s] = int32(f.mu - k)
		for ; k > 0; k-- {
			u := uniform(&src) * (1 - p[s])
			r := -1
			for q := range p {
				if q == int(s) {
					continue
				}
				if r = q; u < p[q] {
					break
				}
				u -= p[q]
			}
			cnt[r]++
		}
		f.project(p, cnt)
		f.setCut(i)
	}
	return target
}

// addFresh adds to cnt the moves of n fresh draws at position i, a
// Multinomial(n, p(i)) variable: by conditional binomials, d-1 of them for
// d moves, or, when that costs more, by n draws like a tournament's.
func (f *fastRun) addFresh(i int32, n int, cnt []int32, src *rand.PCG) {
	p := f.p[f.off[i]:f.off[i+1]]
	d := len(p)
	if mutant == mutantUniformFresh {
		u := make([]float64, d)
		for s := range u {
			u[s] = 1 / float64(d)
		}
		f.bin.multinomial(n, u, cnt, src)
		return
	}
	// A binomial costs some 50 ns, a draw 3 ns and 1.5 ns a bisection step.
	if float64(n)*(3+1.5*float64(bits.Len(uint(d)))) >= 50*float64(d-1) {
		f.bin.multinomial(n, p, cnt, src)
		return
	}
	cut := f.rec[f.recAt[i]+1 : f.recAt[i]+d]
	for range n {
		cnt[pick(cut, src.Uint64())]++
	}
}

// project sets p = pi_gamma(cnt / mu).
func (f *fastRun) project(p []float64, cnt []int32) {
	for s, c := range cnt {
		p[s] = float64(c) / float64(f.mu)
	}
	Project(p, f.gamma, p)
}

// uniform draws from [0, 1); uniform1 from (0, 1].
func uniform(src *rand.PCG) float64  { return float64(src.Uint64()>>11) * 0x1p-53 }
func uniform1(src *rand.PCG) float64 { return float64(src.Uint64()>>11+1) * 0x1p-53 }

// tournaments plays generation t's tournaments along their paths; it
// stops early when done is closed.
func (f *fastRun) tournaments(done <-chan struct{}, t, workers int) {
	parallel(done, len(f.winners), workers, func() func(j int) {
		var path []choice
		return func(j int) {
			var src rand.PCG
			src.Seed(f.seed, uint64(t)<<32|uint64(j))
			path = f.walk(path[:0], t, &src)
			// The player to move at the sink loses: the winner made the
			// last move, and every other one before it.
			w := &f.winners[j]
			w.moves = w.moves[:0]
			for m := (len(path) - 1) % 2; m < len(path); m += 2 {
				w.moves = append(w.moves, path[m])
			}
		}
	})
}

// walk plays one game from the root, both strategies drawn from p_t as
// the path goes, and appends its moves to path.
func (f *fastRun) walk(path []choice, t int, src *rand.PCG) []choice {
	rec, gen, want := f.rec, f.gen, int32(t-1)
	for o := f.recAt[f.root]; ; {
		h := rec[o]
		i, d := int32(h>>32), int(uint32(h))
		if atomic.LoadInt32(&gen[i]) != want {
			f.readyAt(i, t)
		}
		s := 0
		if d > 1 {
			s = pick(rec[o+1:o+d], src.Uint64())
		}
		path = append(path, choice{i, int32(s)})
		next := rec[o+d+s]
		if next == noRecord {
			return path
		}
		o = int(next)
	}
}

// lazyOptimal decides whether winner z is optimal, drawing its unknown
// choices from p_t as the test needs them (and keeping them). See
// Game.soundMoves for the test.
func (f *fastRun) lazyOptimal(z *winner, t int, src *rand.PCG) bool {
	G := f.G
	f.drawn.reset(len(G.Interior))
	for _, c := range z.moves {
		f.drawn.at[c.i] = f.drawn.stamp
		f.move[c.i] = c.s
	}
	return G.soundMoves(func(v int32) int32 {
		i := G.index[v]
		if f.drawn.at[i] != f.drawn.stamp {
			f.readyAt(i, t)
			s := int32(f.draw(f.recAt[i], src))
			f.drawn.at[i] = f.drawn.stamp
			f.move[i] = s
			z.moves = append(z.moves, choice{i, s})
		}
		return G.Followers(v)[f.move[i]]
	}, &f.seen)
}

// selectWinners tests the winners for optimality (all when trace is set, else up
// to the first optimal one, only when check is set) and tallies their
// known moves; it returns how many were found optimal. It stops early,
// the tallies unfinished, when done is closed.
func (f *fastRun) selectWinners(done <-chan struct{}, t int, check, trace bool, src *rand.PCG) int {
	optimal := 0
	f.touch = f.touch[:0]
	for j := range f.winners {
		if closed(done) {
			return optimal
		}
		z := &f.winners[j]
		if (check || trace) && f.lazyOptimal(z, t, src) {
			optimal++
			if !trace {
				return optimal
			}
		}
		for _, c := range z.moves {
			if f.known[c.i] == 0 {
				f.touch = append(f.touch, c.i)
			}
			f.known[c.i]++
			f.tally[f.off[c.i]+c.s]++
		}
	}
	return optimal
}

// update sets p_{t+1} at the positions where a winner's choice is known:
// the known choices plus a multinomial draw for the other winners. The
// other positions' updates are lazy (see readyAt). The positions are
// updated in fixed blocks, in parallel, each block drawing from a stream
// of its own. Once done is closed, the blocks not yet begun are left
// undone and update reports false.
func (f *fastRun) update(done <-chan struct{}, t int) bool {
	const block = 1024
	return parallel(done, (len(f.touch)+block-1)/block, f.workers, func() func(b int) {
		return func(b int) {
			var src rand.PCG
			src.Seed(f.seed^streamUpdate, uint64(t)<<24|uint64(b))
			for _, i := range f.touch[b*block : min(len(f.touch), (b+1)*block)] {
				o, e := f.off[i], f.off[i+1]
				p, cnt, tally := f.p[o:e], f.cnt[o:e], f.tally[o:e]
				copy(cnt, tally)
				clear(tally)
				f.addFresh(i, f.mu-int(f.known[i]), cnt, &src)
				f.known[i] = 0
				f.project(p, cnt)
				f.setCut(i)
				f.gen[i] = int32(t)
			}
		}
	})
}

// sync makes p_t current at every position (at the end of a run).
func (f *fastRun) sync(t int) {
	f.done = nil
	for i := range f.gen {
		f.readyAt(int32(i), t)
	}
}

// marks is a visited set over positions, cleared in O(1) by a new stamp.
type marks struct {
	stamp uint32
	at    []uint32
}

func (m *marks) reset(n int) {
	if len(m.at) < n {
		m.at = make([]uint32, n)
	}
	m.stamp++
	if m.stamp == 0 {
		clear(m.at)
		m.stamp = 1
	}
}

// soundMoves is the exact optimality test when the first player wins from
// the root: a strategy is optimal exactly when, at every position reachable
// with it to move, it moves to a position of value 0 (then the opponent
// always faces value 0 and can never win; and a move to a non-zero value
// lets an optimal opponent win from there). It searches those positions
// depth first and stops at the first wrong move, so a poor strategy is
// refuted after looking at a few positions.
func (G *Game) soundMoves(move func(v int32) int32, seen *marks) bool {
	seen.reset(len(G.sg))
	stack := []int32{G.root}
	seen.at[G.root] = seen.stamp
	for len(stack) > 0 {
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if G.index[v] < 0 {
			return false // to move at a sink: lost
		}
		w := move(v)
		if G.sg[w] != 0 {
			return false
		}
		for _, u := range G.Followers(w) {
			if seen.at[u] != seen.stamp {
				seen.at[u] = seen.stamp
				stack = append(stack, u)
			}
		}
	}
	return true
}

// binomials draws binomial and multinomial variables with tables for
// numbers of trials up to a bound: ln k!, 1/k and, up to 256 trials,
// C(n, k), so that those draws need no logarithm or exponential.
type binomials struct {
	lnFac, inv []float64
	choose     [][]float64
}

func newBinomials(m int) *binomials {
	b := &binomials{lnFac: make([]float64, m+2), inv: make([]float64, m+2), choose: make([][]float64, min(m, 256)+1)}
	for k := 1; k < len(b.lnFac); k++ {
		b.lnFac[k] = b.lnFac[k-1] + math.Log(float64(k))
		b.inv[k] = 1 / float64(k)
	}
	for n := range b.choose {
		b.choose[n] = make([]float64, n+1)
		b.choose[n][0], b.choose[n][n] = 1, 1
		for k := 1; k < n; k++ {
			b.choose[n][k] = b.choose[n-1][k-1] + b.choose[n-1][k]
		}
	}
	return b
}

// recip is 1/k.
func (b *binomials) recip(k int) float64 {
	if k < len(b.inv) {
		return b.inv[k]
	}
	return 1 / float64(k)
}

// pmf is P(k) for Binomial(n, q).
func (b *binomials) pmf(n, k int, q float64) float64 {
	if n < len(b.choose) {
		return b.choose[n][k] * ipow(q, k) * ipow(1-q, n-k)
	}
	var lnC float64
	if n < len(b.lnFac) {
		lnC = b.lnFac[n] - b.lnFac[k] - b.lnFac[n-k]
	} else {
		x, _ := math.Lgamma(float64(n + 1))
		y, _ := math.Lgamma(float64(k + 1))
		z, _ := math.Lgamma(float64(n - k + 1))
		lnC = x - y - z
	}
	return math.Exp(lnC + float64(k)*math.Log(q) + float64(n-k)*math.Log1p(-q))
}

// ipow is x^k, by squaring.
func ipow(x float64, k int) float64 {
	r := 1.0
	for ; k > 0; k >>= 1 {
		if k&1 == 1 {
			r *= x
		}
		x *= x
	}
	return r
}

// binomial draws Binomial(n, q) by inversion: counting up from 0 when the
// mean is small, else outward from the mode; the expected cost is
// O(1 + sqrt(n q (1-q))) steps of a few multiplications. Very large variances go to gonum's rejection sampler,
// O(1), on the same source.
func (b *binomials) binomial(n int, q float64, src *rand.PCG) int {
	switch {
	case n <= 0 || q <= 0:
		return 0
	case q >= 1:
		return n
	case q > 0.5:
		return n - b.binomial(n, 1-q, src)
	}
	mean := float64(n) * q
	if mean*(1-q) > 1e4 {
		return int(distuv.Binomial{N: float64(n), P: q, Src: src}.Rand())
	}
	r := q / (1 - q) // P(k+1) / P(k) = r (n-k) / (k+1)
	u := uniform(src)
	if mean < 12 {
		f := b.pmf(n, 0, q)
		k := 0
		for u >= f && k < n {
			u -= f
			k++
			f *= r * float64(n-k+1) * b.recip(k)
		}
		return k
	}
	m := int(float64(n+1) * q) // a mode
	fm := b.pmf(n, m, q)
	if u < fm {
		return m
	}
	u -= fm
	ir := (1 - q) / q
	lo, hi, flo, fhi := m, m, fm, fm
	for lo > 0 || hi < n {
		if hi < n {
			fhi *= r * float64(n-hi) * b.recip(hi+1)
			hi++
			if u < fhi {
				return hi
			}
			u -= fhi
		}
		if lo > 0 {
			flo *= float64(lo) * ir * b.recip(n-lo+1)
			lo--
			if u < flo {
				return lo
			}
			u -= flo
		}
	}
	return m // u beyond the total mass, by rounding
}

// multinomial adds to counts a Multinomial(n, d) draw, by conditional
// binomials.
func (b *binomials) multinomial(n int, d []float64, counts []int32, src *rand.PCG) {
	rest := 1.0
	for s := 0; s < len(d)-1 && n > 0; s++ {
		q := 0.0
		if rest > 0 {
			q = min(1, d[s]/rest)
		}
		c := b.binomial(n, q, src)
		counts[s] += int32(c)
		n -= c
		rest -= d[s]
	}
	counts[len(d)-1] += int32(n)
}

// atLeastOne draws Binomial(n, q) conditioned on being at least 1, by
// inversion from 1 (q is small here: the chance of leaving a fixed move).
func atLeastOne(n int, q float64, src *rand.PCG) int {
	// P(k) / P(k >= 1), starting at k = 1.
	f := float64(n) * q * math.Exp(float64(n-1)*math.Log1p(-q)) / -math.Expm1(float64(n)*math.Log1p(-q))
	r := q / (1 - q)
	u := uniform(src)
	k := 1
	for u >= f && k < n {
		u -= f
		f *= r * float64(n-k) / float64(k+1)
		k++
	}
	return k
}
