// Command umda measures the fast sampler of engine/umda against the naive
// one (whole strategies sampled for every tournament) on the same game,
// parameters and number of generations, in one run, and prints the ratio
// and games per second: on SUBTRACTIONNIM_n^k (games last about n/2
// moves, so sampling the path is a large share of sampling a whole
// strategy) and on TURNINGTURTLES_m (2^m positions, games of at most m
// moves). Each generation includes Algorithm 1's test of
// whether the selected population holds an optimal strategy (a run is
// given a budget of exactly -gens generations; none finds the optimum
// that fast at this size, so all run to the budget).
//
// Then it measures the fast sampler's time per generation over -cost-gens
// generations (and a fifth of them), with one worker and with all, against
// two lower bounds measured in the same run: one pass over all positions'
// marginals, and mu times the mean path length in moves (see
// generationCost).
//
//	go run ./bench/umda [-n 10000] [-k 3] [-mu 100] [-gens 20] [-cost-gens 1000]
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"runtime"
	"time"

	"github.com/coevolab/coevo/engine/game"
	"github.com/coevolab/coevo/engine/games"
	"github.com/coevolab/coevo/engine/umda"
)

func main() {
	n := flag.Int("n", 10000, "SUBTRACTIONNIM_n^k: n")
	k := flag.Int("k", 3, "SUBTRACTIONNIM_n^k: k")
	mu := flag.Int("mu", 100, "tournaments per generation")
	gens := flag.Int("gens", 20, "generations")
	m := flag.Int("m", 14, "TURNINGTURTLES_m: m")
	costGens := flag.Int("cost-gens", 1000, "generations for the per-generation cost")
	flag.Parse()
	sub, err := games.SubtractionNim(*n, *k)
	if err != nil {
		fail(err)
	}
	tt, err := games.NewTurningTurtles(*m)
	if err != nil {
		fail(err)
	}
	compare(fmt.Sprintf("SUBTRACTIONNIM_%d^%d", *n, *k), sub, *mu, *gens)
	compare(fmt.Sprintf("TURNINGTURTLES_%d", *m), tt, *mu, *gens)
	fmt.Println()
	generationCost(fmt.Sprintf("SUBTRACTIONNIM_%d^%d", *n, *k), sub, *mu, *costGens)
	generationCost(fmt.Sprintf("TURNINGTURTLES_%d", *m), tt, *mu, *costGens)
}

// prepare compiles g and prepares it for UMDA.
func prepare(g game.Game) *umda.Game {
	gr, err := game.Compile(g)
	if err != nil {
		fail(err)
	}
	G, err := umda.Prepare(gr, umda.Options{})
	if err != nil {
		fail(err)
	}
	return G
}

func compare(name string, g game.Game, mu, gens int) {
	G := prepare(g)
	fmt.Printf("UMDA on %s (%d positions): mu %d, %d generations, %d workers (%s)\n", name, G.NumPositions(), mu, gens, runtime.GOMAXPROCS(0), runtime.Version())
	budget := int64(mu * gens)
	var secs [2]float64
	for m, naive := range []bool{true, false} {
		t0 := time.Now()
		r, err := G.UMDA(context.Background(), umda.Params{Mu: mu, Seed: 1, MaxEvaluations: budget, Naive: naive})
		if err != nil {
			fail(err)
		}
		secs[m] = time.Since(t0).Seconds()
		name := map[bool]string{true: "naive", false: "fast "}[naive]
		fmt.Printf("  %s %8.3fs  %10.0f games/s  (generations %d, optimal %v)\n", name, secs[m], float64(r.Evaluations)/secs[m], r.Generations, r.Optimal)
	}
	fmt.Printf("  ratio naive/fast = %.1fx\n", secs[0]/secs[1])
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "bench:", err)
	os.Exit(1)
}
