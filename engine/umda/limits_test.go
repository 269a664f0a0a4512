package umda

import (
	"context"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/coevolab/coevo/engine/games"
)

// Parameters that would loop forever or exhaust memory are refused or
// answered at once: a NaN or infinite gamma (it made the binomial sampler
// loop), and a population larger than the budget (nothing is allocated:
// not one generation fits, so the run is censored after 0 generations).
func TestParamsBounded(t *testing.T) {
	g, _ := games.SubtractionNim(30, 3)
	G := prepare(t, g, Options{})
	for _, gamma := range []float64{math.NaN(), math.Inf(1), math.Inf(-1), -0.1, 1} {
		if _, err := G.UMDA(context.Background(), Params{Mu: 10, Gamma: gamma}); err == nil || !strings.Contains(err.Error(), "gamma") {
			t.Errorf("gamma %v: got %v", gamma, err)
		}
	}
	run, err := G.UMDA(context.Background(), Params{Mu: 1 << 40, MaxEvaluations: 1000})
	if err != nil || !run.Censored || run.Generations != 0 || run.Evaluations != 0 {
		t.Fatalf("mu 2^40 with a budget of 1000: %+v %v", run, err)
	}
	// More workers than tournaments: as many as there are tournaments,
	// with the same result as one worker.
	a, _ := G.UMDA(context.Background(), Params{Mu: 20, Seed: 3, Workers: 1 << 20})
	b, _ := G.UMDA(context.Background(), Params{Mu: 20, Seed: 3, Workers: 1})
	if a.Evaluations != b.Evaluations || a.Optimal != b.Optimal {
		t.Fatalf("workers 2^20: %d evaluations, 1 worker: %d", a.Evaluations, b.Evaluations)
	}
}

// Cancelling the context stops a generation in the middle: a generation
// of 10^5 tournaments on SUBTRACTIONNIM_1000^3 (paths of some 500 moves)
// takes about a second on one core, more under load, and the run returns
// within a bound of 5 s after the cancel, 50 ms in, with the unfinished
// generation not counted. Both samplers (the naive one with 2 x 10^4
// tournaments of whole strategies).
func TestCancelInsideGeneration(t *testing.T) {
	g, _ := games.SubtractionNim(1000, 3)
	G := prepare(t, g, Options{})
	for _, naive := range []bool{false, true} {
		mu := 100_000
		if naive {
			mu = 20_000
		}
		ctx, cancel := context.WithCancel(context.Background())
		var cancelled time.Time
		time.AfterFunc(50*time.Millisecond, func() { cancelled = time.Now(); cancel() })
		run, err := G.UMDA(ctx, Params{Mu: mu, Seed: 1, Workers: 1, Naive: naive})
		took := time.Since(cancelled)
		if err != context.Canceled || run.Generations != 0 {
			t.Fatalf("naive %v: %d generations, %v", naive, run.Generations, err)
		}
		if took > 5*time.Second {
			t.Errorf("naive %v: returned %v after the cancel", naive, took)
		}
	}
}

// The fast sampler's update of p stops between its blocks of positions
// once done is closed, and says so; left to run, it updates every position
// a winner passed through.
func TestUpdateStopsOnCancel(t *testing.T) {
	g, _ := games.SubtractionNim(5000, 3)
	G := prepare(t, g, Options{})
	newRun := func() *fastRun {
		f := newUniformRun(G, 2000)
		f.play(nil, 0, 1, 2, false, false)
		if len(f.touch) <= 1024 {
			t.Fatalf("%d positions touched: want more than one block", len(f.touch))
		}
		return f
	}
	f := newRun()
	closedDone := make(chan struct{})
	close(closedDone)
	if f.update(closedDone, 0) {
		t.Fatal("update with done closed reported every block updated")
	}
	for _, i := range f.touch {
		if f.gen[i] != -1 {
			t.Fatalf("position %d updated after the cancel", i)
		}
	}
	f = newRun()
	if !f.update(nil, 0) {
		t.Fatal("update without a cancel stopped early")
	}
	for _, i := range f.touch {
		if f.gen[i] != 0 {
			t.Fatalf("position %d not updated", i)
		}
	}
}

// newUniformRun is the fast sampler's state at the start of a run: p
// uniform at every position.
func newUniformRun(G *Game, mu int) *fastRun {
	E := 0
	for _, v := range G.Interior {
		E += len(G.Followers(v))
	}
	flat, p := make([]float64, E), make([][]float64, len(G.Interior))
	rest := flat
	for i, v := range G.Interior {
		d := len(G.Followers(v))
		p[i], rest = rest[:d:d], rest[d:]
		for s := range p[i] {
			p[i][s] = 1 / float64(d)
		}
	}
	return newFastRun(G, p, flat, mu, G.AutoGamma(), 1, 2)
}

// A position no tournament passed for many generations catches up on all
// of them when one does (a million steps for a million generations), and
// a run cancelled then must not wait for that: the catch-up stops once
// done is closed. And a cancelled run reports no distribution instead of
// bringing every position up to date first.
func TestCatchUpStopsOnCancel(t *testing.T) {
	g, _ := games.SubtractionNim(50, 3)
	G := prepare(t, g, Options{})
	f := newUniformRun(G, 2)
	const gens = 1_000_000
	f.readyAt(0, 1000)
	if f.gen[0] != 999 {
		t.Fatalf("caught up to generation %d, want 999", f.gen[0])
	}
	closedDone := make(chan struct{})
	close(closedDone)
	f.done = closedDone
	f.readyAt(1, gens)
	if g := f.gen[1]; g < -1 || g >= gens/2 {
		t.Fatalf("catch-up with done closed reached generation %d of %d", g, gens-1)
	}
	f.sync(gens / 100) // sync is never cancelled: the end of a run needs p current
	for i, g := range f.gen {
		if g != gens/100-1 {
			t.Fatalf("position %d at generation %d after sync", i, g)
		}
	}

	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(100*time.Millisecond, cancel)
	run, err := G.UMDA(ctx, Params{Mu: 2, Seed: 1, MaxEvaluations: 1 << 50})
	if err != context.Canceled || run.P != nil || run.Generations == 0 {
		t.Fatalf("cancelled run: %v, P %v after %d generations", err, run.P != nil, run.Generations)
	}
}
