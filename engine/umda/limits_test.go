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
