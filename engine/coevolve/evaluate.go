package coevolve

import (
	"context"
	"fmt"
	"math/rand/v2"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/coevolab/coevo/engine/tournament"
)

// scores are the results of a generation's games: for every candidate c
// and opponent o, the points c scored as black (moving first) and as
// white over its games in that seat (detail), or only c's total.
type scores struct {
	opponents     int
	black, white  []float64 // [c*opponents+o], with detail
	total         []float64 // [c]
	games         int64     // games played
	gamesPerColor int
}

// evaluate plays every candidate against every opponent at game g,
// games games in each seat with forced random moves of probability eps,
// in parallel. Game r of a candidate c moving first against opponent o
// draws from tournament.Stream(seed, c, P+o, r), and moving second from
// tournament.Stream(seed, P+o, c, r), P the number of candidates: the
// generation is a tournament of candidates and opponents, each game with
// its own stream, so the scores do not depend on the number of workers.
// Points are sums of halves, exact in any order.
func evaluate(ctx context.Context, g Game, cands, opps []Player, games int, eps float64, seed uint64, detail bool, workers int) (*scores, error) {
	P, N := len(cands), len(opps)
	sc := &scores{opponents: N, total: make([]float64, P), gamesPerColor: games, games: int64(P) * int64(N) * 2 * int64(games)}
	if detail {
		sc.black, sc.white = make([]float64, P*N), make([]float64, P*N)
	}
	// Work items: a candidate against a block of opponents, some 64 games.
	block := max(1, 32/games)
	type item struct{ c, from, to int }
	var items []item
	for c := 0; c < P; c++ {
		for o := 0; o < N; o += block {
			items = append(items, item{c, o, min(o+block, N)})
		}
	}
	partial := make([]float64, len(items))
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var (
		next     atomic.Int64
		wg       sync.WaitGroup
		mu       sync.Mutex
		firstErr error
	)
	fail := func(err error) {
		mu.Lock()
		if firstErr == nil {
			firstErr = err
		}
		mu.Unlock()
		cancel()
	}
	for w := 0; w < min(workers, len(items)); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// game plays game r of players first and second (numbered in
			// the generation's tournament) and returns first's score.
			game := func(first, second, r int) (float64, error) {
				rng := tournament.Stream(seed, first, second, r)
				if first < P {
					return play(g, cands[first], opps[second-P], eps, rng)
				}
				return play(g, opps[first-P], cands[second], eps, rng)
			}
			for {
				i := int(next.Add(1)) - 1
				if i >= len(items) || ctx.Err() != nil {
					return
				}
				it := items[i]
				sum := 0.0
				for o := it.from; o < it.to; o++ {
					var b, wh float64
					for r := 0; r < games; r++ {
						s, err := game(it.c, P+o, r)
						if err != nil {
							fail(fmt.Errorf("candidate %d (black) against opponent %d, game %d: %w", it.c, o, r, err))
							return
						}
						b += s
						if s, err = game(P+o, it.c, r); err != nil {
							fail(fmt.Errorf("candidate %d (white) against opponent %d, game %d: %w", it.c, o, r, err))
							return
						}
						wh += 1 - s
					}
					if detail {
						sc.black[it.c*N+o], sc.white[it.c*N+o] = b, wh
					}
					sum += b + wh
				}
				partial[i] = sum
			}
		}()
	}
	wg.Wait()
	if firstErr != nil {
		return nil, firstErr
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	for i, it := range items {
		sc.total[it.c] += partial[i]
	}
	return sc, nil
}

// play plays one game, turning a panic of the game's code into an error
// and checking the score.
func play(g Game, first, second Player, eps float64, rng *rand.Rand) (s float64, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	s, err = g.Play(first, second, eps, rng)
	if err == nil && s != 0 && s != 0.5 && s != 1 {
		err = fmt.Errorf("score %v: a game's score must be 1, 0.5 or 0", s)
	}
	return s, err
}
