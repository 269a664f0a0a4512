package umda

import (
	"math"
	"math/rand/v2"

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
// and remembering it. Finally, at each position u, the winners whose choice
// at u is still unknown contribute a Multinomial(count, p_t(u)) draw to
// q_{t+1}(u), which is the sum of their independent choices.

// choice is a winner's known move at interior position index i.
type choice struct{ i, s int32 }

// winner is what is known of one selected strategy: its moves on its
// tournament's path, then those the optimality test drew.
type winner struct {
	moves []choice
}

// fastTournaments plays generation t's tournaments along their paths; it
// stops early when done is closed.
func (G *Game) fastTournaments(done <-chan struct{}, p [][]float64, seed uint64, t int, winners []winner, workers int) {
	parallel(done, len(winners), workers, func() func(j int) {
		var moves [2][]choice
		return func(j int) {
			rng := rand.New(rand.NewPCG(seed, uint64(t)<<32|uint64(j)))
			moves[0], moves[1] = moves[0][:0], moves[1][:0]
			v := G.root
			mover := 0
			for G.index[v] >= 0 {
				i := G.index[v]
				s := drawOne(p[i], rng)
				moves[mover] = append(moves[mover], choice{i, s})
				v = G.Followers(v)[s]
				mover ^= 1
			}
			// The player to move at the sink loses.
			won := mover ^ 1
			winners[j].moves = append(winners[j].moves[:0], moves[won]...)
		}
	})
}

// drawOne samples a follower number from the distribution d.
func drawOne(d []float64, rng *rand.Rand) int32 {
	u := rng.Float64()
	s := 0
	for s < len(d)-1 && u >= d[s] {
		u -= d[s]
		s++
	}
	return int32(s)
}

// lazyOptimal decides whether winner z is optimal, drawing its unknown
// choices from p as the test needs them (and keeping them). See
// Game.soundMoves for the test. at is scratch space: at.at[i] holds
// 1 + z's move at interior index i when at.stamp marks it known.
func (G *Game) lazyOptimal(z *winner, p [][]float64, rng *rand.Rand, seen, at *marks, move []int32) bool {
	at.reset(len(G.Interior))
	for _, c := range z.moves {
		at.at[c.i] = at.stamp
		move[c.i] = c.s
	}
	return G.soundMoves(func(v int32) int32 {
		i := G.index[v]
		if at.at[i] != at.stamp {
			s := drawOne(p[i], rng)
			at.at[i] = at.stamp
			move[i] = s
			z.moves = append(z.moves, choice{i, s})
		}
		return G.Followers(v)[move[i]]
	}, seen)
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

// binomial draws Binomial(n, q). When n min(q, 1-q) is small it counts
// geometric gaps between successes (expected time O(1 + nq)); otherwise it
// uses gonum's rejection sampler (Numerical Recipes 7.3), O(1) expected,
// on the same random source.
func binomial(n int, q float64, rng *rand.Rand, src rand.Source) int {
	switch {
	case n <= 0 || q <= 0:
		return 0
	case q >= 1:
		return n
	case q > 0.5:
		return n - binomial(n, 1-q, rng, src)
	case float64(n)*q > 8 && n >= 25:
		return int(distuv.Binomial{N: float64(n), P: q, Src: src}.Rand())
	}
	lq := math.Log1p(-q)
	count, pos := 0, 0
	for {
		// Failures before the next success are Geometric(q); the success
		// is trial pos+failures+1, and counts if it is within n.
		failures := math.Floor(math.Log(1-rng.Float64()) / lq)
		if failures >= float64(n-pos) {
			return count
		}
		pos += int(failures) + 1
		count++
	}
}

// multinomial adds to counts a Multinomial(n, d) draw, by conditional
// binomials.
func multinomial(n int, d []float64, counts []int, rng *rand.Rand, src rand.Source) {
	rest := 1.0
	for s := 0; s < len(d)-1 && n > 0; s++ {
		q := 0.0
		if rest > 0 {
			q = min(1, d[s]/rest)
		}
		c := binomial(n, q, rng, src)
		counts[s] += c
		n -= c
		rest -= d[s]
	}
	counts[len(d)-1] += n
}
