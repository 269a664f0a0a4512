package main

import (
	"context"
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
	"runtime"
	"time"

	"github.com/coevolab/coevo/engine/game"
	"github.com/coevolab/coevo/engine/umda"
	"github.com/coevolab/coevo/internal/measure"
)

// generationCost measures the fast sampler's time per generation on g
// (mu tournaments, the optimality test, the update) over runs of gens/5
// and gens generations with one worker, and gens with all, against two
// lower bounds measured here on the final p:
//
//   - A, one pass over every position's marginals: reading each p(u, v)
//     once and writing a cumulative threshold for it;
//   - B, mu times the mean path length in moves: mu games walked with
//     nothing but one random draw, one comparison per threshold and one
//     array lookup per move.
//
// Times are wall clock and, since other work may share the machine, CPU
// time of this process (for the bounds, of the thread running them). A
// position no game visits costs nothing once its chain has settled on one
// move, so the cost per generation of a longer run is lower.
func generationCost(name string, g game.Game, mu, gens int) {
	G := prepare(g)
	fmt.Printf("Fast sampler per generation on %s (%d positions), mu %d (load average %s)\n",
		name, G.NumPositions(), mu, measure.LoadAverage())
	var (
		r           *umda.Run
		err         error
		perGen, cpu float64
	)
	cpus := runtime.GOMAXPROCS(0)
	for _, c := range []struct{ workers, gens int }{{1, gens / 5}, {1, gens}, {cpus, gens}} {
		t0, c0 := time.Now(), measure.CPUTime()
		r, err = G.UMDA(context.Background(), umda.Params{Mu: mu, Seed: 1, MaxEvaluations: int64(mu * c.gens), Workers: c.workers})
		if err != nil {
			fail(err)
		}
		n := float64(r.Generations)
		wall, used := time.Since(t0).Seconds()/n, (measure.CPUTime()-c0)/n
		if c.workers == 1 && c.gens == gens {
			perGen, cpu = wall, used
		}
		fmt.Printf("  %d worker(s), %5d generations %8.3f ms/generation (CPU %.3f ms); optimal %v\n",
			c.workers, r.Generations, 1e3*wall, 1e3*used, r.Optimal)
	}
	w := newBareWalk(G, r.P)
	a, aCPU := w.marginalsPass()
	b, bCPU, moves := w.games(mu)
	fmt.Printf("  bound A: one pass over all %d marginals        %8.3f ms (CPU %.3f ms)\n", len(w.rec)/2, 1e3*a, 1e3*aCPU)
	fmt.Printf("  bound B: mu x %.0f moves (mean path length)    %8.3f ms (CPU %.3f ms)\n", float64(moves)/float64(mu), 1e3*b, 1e3*bCPU)
	fmt.Printf("  ratio fast/(A+B), 1 worker, %d generations: %.1fx (CPU time %.1fx)\n\n", gens, perGen/(a+b), cpu/(aCPU+bCPU))
}

// bareWalk is the least a tournament can do: each position one record in
// one array (its number of moves d, d-1 thresholds scaled to 64-bit
// words, the records of its followers), so a move reads one record.
type bareWalk struct {
	p    [][]float64
	rec  []uint64
	at   []int // position i's record
	root int
}

const sink = math.MaxUint64

func newBareWalk(G *umda.Game, p [][]float64) *bareWalk {
	w := &bareWalk{p: p, at: make([]int, len(p))}
	for i, v := range G.Interior {
		d := len(G.Followers(v))
		w.at[i] = len(w.rec)
		w.rec = append(w.rec, uint64(d))
		w.rec = append(w.rec, make([]uint64, 2*d-1)...)
	}
	for i, v := range G.Interior {
		fs := G.Followers(v)
		for s, u := range fs {
			r := uint64(sink)
			if j := G.Index(u); j >= 0 {
				r = uint64(w.at[j])
			}
			w.rec[w.at[i]+len(fs)+s] = r
		}
	}
	w.root = w.at[G.Index(G.Root())]
	w.marginalsPass()
	return w
}

// marginalsPass reads every marginal once and writes its thresholds;
// it returns the wall and CPU seconds one pass takes (the least of
// several).
func (w *bareWalk) marginalsPass() (secs, cpu float64) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	secs, cpu = math.Inf(1), math.Inf(1)
	for range 20 {
		t0, c0 := time.Now(), measure.ThreadCPUTime()
		for i, d := range w.p {
			acc, cut := 0.0, w.rec[w.at[i]+1:w.at[i]+len(d)]
			for s := range cut {
				acc += d[s]
				cut[s] = uint64(min(acc, 0x1p-53*(0x1p53-1)) * 0x1p64)
			}
		}
		secs, cpu = min(secs, time.Since(t0).Seconds()), min(cpu, measure.ThreadCPUTime()-c0)
	}
	return secs, cpu
}

// games walks mu games from the root and returns the wall and CPU
// seconds taken (the least of several repetitions) and the moves played.
func (w *bareWalk) games(mu int) (secs, cpu float64, moves int) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	secs, cpu = math.Inf(1), math.Inf(1)
	var src rand.PCG
	for rep := range 5 {
		moves = 0
		t0, c0 := time.Now(), measure.ThreadCPUTime()
		for j := range mu {
			src.Seed(uint64(rep), uint64(j))
			for o := uint64(w.root); o != sink; moves++ {
				d := w.rec[o]
				s := d - 1
				if d > 1 {
					u := src.Uint64()
					for _, c := range w.rec[o+1 : o+d] {
						_, borrow := bits.Sub64(u, c, 0)
						s -= borrow
					}
				}
				o = w.rec[o+d+s]
			}
		}
		secs, cpu = min(secs, time.Since(t0).Seconds()), min(cpu, measure.ThreadCPUTime()-c0)
	}
	return secs, cpu, moves
}
