// Command othello measures how fast engine/othello plays the games of
// paper 003's experiments: noisy (epsilon 0.1) games between 1-ply WPC
// players, on one core and on all cores, against a baseline measured in
// the same run: package engine/othello/plain, which finds moves square by
// square and values every after-state by the full eq. (8). It plays a
// round robin of the heuristic and seven random WPCs through
// engine/tournament, replays the first games of every pairing with plain
// on the same random streams and reports the ratio of games per second
// and how many results agree (all should: both draw their random numbers
// identically; only float rounding of near-equal after-state values could
// part them). Perft at depth 9 is timed the same way.
//
//	go run ./bench/othello [-games 280000] [-plain 5600]
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"runtime"
	"time"

	"github.com/coevolab/coevo/engine/othello"
	"github.com/coevolab/coevo/engine/othello/plain"
	"github.com/coevolab/coevo/engine/tournament"
)

const target = 50000 // noisy 1-ply games a second on one core (issue 8)

func main() {
	games := flag.Int("games", 280000, "bitboard games in each timed league")
	plainGames := flag.Int("plain", 5600, "games replayed by the plain baseline")
	eps := flag.Float64("epsilon", 0.1, "forced random move probability")
	flag.Parse()

	names := []string{"heuristic"}
	wpcs := []*othello.WPC{othello.Heuristic()}
	for k := 1; k <= 7; k++ {
		names = append(names, fmt.Sprintf("random:%d", k))
		wpcs = append(wpcs, othello.RandomWPC(uint64(k)))
	}
	players := make([]othello.Player, len(wpcs))
	for i, w := range wpcs {
		players[i] = w
	}
	match := &othello.Match{Players: players, Epsilon: *eps}
	pairs := len(names) * (len(names) - 1) / 2
	perPair := max(2, (*games/pairs)/2*2)
	cores := runtime.NumCPU()
	fmt.Printf("Othello, 1-ply WPC players (heuristic and random:1-7), epsilon %g (%s, %d cores)\n", *eps, runtime.Version(), cores)

	var res *tournament.Results
	rate := map[int]float64{}
	for _, w := range []int{1, cores} {
		prev := runtime.GOMAXPROCS(w)
		t0 := time.Now()
		r, err := tournament.RoundRobin(context.Background(), match, names, perPair, tournament.Options{Seed: 1, Workers: w})
		secs := time.Since(t0).Seconds()
		runtime.GOMAXPROCS(prev)
		if err != nil {
			fail(err)
		}
		if res != nil && !equal(res.Scores, r.Scores) {
			fail(fmt.Errorf("the league on %d cores differs from the league on one", w))
		}
		res = r
		n := pairs * perPair
		rate[w] = float64(n) / secs
		fmt.Printf("  bitboard, %d core(s)  %8d games  %7.3fs  %8.0f games/s\n", w, n, secs, rate[w])
	}

	// The baseline replays the first games of every fixture on their streams.
	per := max(1, *plainGames/len(res.Fixtures))
	ws := make([][64]float64, len(wpcs))
	for i, w := range wpcs {
		ws[i] = [64]float64(*w)
	}
	prev := runtime.GOMAXPROCS(1)
	t0 := time.Now()
	agree, n := 0, 0
	for k, f := range res.Fixtures {
		for r := 0; r < per && r < f.Games; r++ {
			s := plain.PlayGame(&ws[f.First], &ws[f.Second], *eps, tournament.Stream(1, f.First, f.Second, r))
			if s == res.Scores[k][r] {
				agree++
			}
			n++
		}
	}
	secs := time.Since(t0).Seconds()
	runtime.GOMAXPROCS(prev)
	plainRate := float64(n) / secs
	fmt.Printf("  plain,    1 core     %8d games  %7.3fs  %8.0f games/s  (same result as the bitboards in %d of %d games)\n", n, secs, plainRate, agree, n)
	fmt.Printf("  ratio bitboard/plain on one core = %.1fx;  %d cores / 1 core = %.2fx\n", rate[1]/plainRate, cores, rate[cores]/rate[1])
	verdict := "met"
	if rate[1] < target {
		verdict = "NOT met"
	}
	fmt.Printf("  target >= %d noisy 1-ply games/s on one core: %s (%.0f)\n", target, verdict, rate[1])

	prev = runtime.GOMAXPROCS(1)
	t0 = time.Now()
	nodes := othello.Perft(othello.Start(), 9)
	bitSecs := time.Since(t0).Seconds()
	t0 = time.Now()
	pnodes := plain.Perft(plain.Start(), 7)
	plainSecs := time.Since(t0).Seconds()
	runtime.GOMAXPROCS(prev)
	fmt.Printf("perft, 1 core: bitboard depth 9 = %d in %.3fs (%.0f leaves/s, the last ply counted by popcount)\n"+
		"               plain depth 7 = %d in %.3fs (%.0f leaves/s); ratio %.0fx\n",
		nodes, bitSecs, float64(nodes)/bitSecs, pnodes, plainSecs, float64(pnodes)/plainSecs, (float64(nodes)/bitSecs)/(float64(pnodes)/plainSecs))
}

func equal(a, b [][]float64) bool {
	for k := range a {
		for r := range a[k] {
			if a[k][r] != b[k][r] {
				return false
			}
		}
	}
	return true
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "bench:", err)
	os.Exit(1)
}
