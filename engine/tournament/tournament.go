package tournament

import (
	"context"
	"fmt"
	"math/rand/v2"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
)

// Game is any two-player game between numbered players. Play plays one
// game in which player first moves first, and returns first's score:
// 1 for a win, 0.5 for a draw, 0 for a loss. It must draw all its
// randomness from rng (the game's own stream) and may be called from
// several goroutines at once.
type Game interface {
	Play(first, second int, rng *rand.Rand) (float64, error)
}

// Fixture is a number of games between two players in fixed seats.
type Fixture struct {
	First, Second int
	Games         int
}

// Options control how games are played; results do not depend on Workers.
type Options struct {
	// Seed derives every game's random stream (see Stream).
	Seed uint64
	// Workers plays games in parallel (0: GOMAXPROCS).
	Workers int
	// Progress, if set, is called now and then with the games played so
	// far and the total (from one goroutine at a time).
	Progress func(done, total int)
}

// Limits of the stream numbering (see Stream).
const (
	MaxFirst  = 1<<22 - 1 // largest index of a first player
	MaxSecond = 1<<21 - 1 // largest index of a second player
	MaxGames  = 1 << 21   // most games of one fixture
)

// Stream returns the random stream of game r (from 0) of player first
// against player second, first moving first: PCG(seed, first<<42 |
// second<<21 | r). A game depends only on the seed, the two players and
// r, not on the rest of the schedule or the number of workers: the games
// of heuristic against random:1 are the same in a league as in a match.
func Stream(seed uint64, first, second, r int) *rand.Rand {
	return rand.New(rand.NewPCG(seed, streamID(first, second, r)))
}

func streamID(first, second, r int) uint64 {
	return uint64(first)<<42 | uint64(second)<<21 | uint64(r)
}

// RoundRobin plays a league: every pair of players plays games games,
// half with each player moving first (games must be even), as in paper
// 003's leagues.
func RoundRobin(ctx context.Context, g Game, players []string, games int, opt Options) (*Results, error) {
	if games < 0 || games%2 != 0 {
		return nil, fmt.Errorf("tournament: %d games a pair: a pair plays half its games in each seat, so the number must be even and >= 0", games)
	}
	var fx []Fixture
	for i := range players {
		for j := i + 1; j < len(players); j++ {
			fx = append(fx, Fixture{i, j, games / 2}, Fixture{j, i, games / 2})
		}
	}
	return Play(ctx, g, players, fx, opt)
}

// Against plays player against each of opponents, games games each, half
// with the player moving first (games must be even): the "performance
// against a set" of paper 003 fig. 5. Results.Rate(player) is then the
// player's score against the set.
func Against(ctx context.Context, g Game, players []string, player int, opponents []int, games int, opt Options) (*Results, error) {
	if games < 0 || games%2 != 0 {
		return nil, fmt.Errorf("tournament: %d games against each opponent: half are played in each seat, so the number must be even and >= 0", games)
	}
	var fx []Fixture
	for _, j := range opponents {
		fx = append(fx, Fixture{player, j, games / 2}, Fixture{j, player, games / 2})
	}
	return Play(ctx, g, players, fx, opt)
}

// chunk is the number of games a worker takes at a time.
const chunk = 64

// Play plays the fixtures in parallel, every game with its own stream
// (Stream), and returns the results. It stops at the first error, or when
// ctx is cancelled (returning ctx.Err()).
func Play(ctx context.Context, g Game, players []string, fixtures []Fixture, opt Options) (*Results, error) {
	if err := check(players, fixtures); err != nil {
		return nil, err
	}
	res := &Results{Players: append([]string(nil), players...), Fixtures: append([]Fixture(nil), fixtures...), Seed: opt.Seed}
	res.Scores = make([][]float64, len(fixtures))
	// Work items: chunks of consecutive games of one fixture.
	type item struct{ k, from, to int }
	var items []item
	total := 0
	for k, f := range fixtures {
		res.Scores[k] = make([]float64, f.Games)
		total += f.Games
		for r := 0; r < f.Games; r += chunk {
			items = append(items, item{k, r, min(r+chunk, f.Games)})
		}
	}
	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var (
		next     atomic.Int64
		mu       sync.Mutex
		done     int
		firstErr error
		errItem  = len(items)
		wg       sync.WaitGroup
	)
	fail := func(i int, err error) {
		mu.Lock()
		if i < errItem {
			errItem, firstErr = i, err
		}
		mu.Unlock()
		cancel()
	}
	for w := 0; w < min(workers, max(len(items), 1)); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// The stream's state is written at every draw: padding keeps
			// two workers' states off a shared cache line.
			st := new(struct {
				pcg rand.PCG
				_   [112]byte
			})
			pcg := &st.pcg
			rng := rand.New(pcg)
			for {
				i := int(next.Add(1)) - 1
				if i >= len(items) || ctx.Err() != nil {
					return
				}
				it := items[i]
				f := fixtures[it.k]
				for r := it.from; r < it.to; r++ {
					pcg.Seed(opt.Seed, streamID(f.First, f.Second, r))
					s, err := playOne(g, f.First, f.Second, rng)
					if err != nil {
						fail(i, fmt.Errorf("tournament: game %d of %s (first) against %s: %w", r, players[f.First], players[f.Second], err))
						return
					}
					res.Scores[it.k][r] = s
				}
				if opt.Progress != nil {
					mu.Lock()
					done += it.to - it.from
					opt.Progress(done, total)
					mu.Unlock()
				}
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
	return res, nil
}

// playOne plays a game, turning a panic of the game's code into an error
// and checking the score.
func playOne(g Game, first, second int, rng *rand.Rand) (s float64, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	s, err = g.Play(first, second, rng)
	if err == nil && s != 0 && s != 0.5 && s != 1 {
		err = fmt.Errorf("score %v: a game's score must be 1, 0.5 or 0", s)
	}
	return s, err
}

func check(players []string, fixtures []Fixture) error {
	seen := map[string]bool{}
	for i, p := range players {
		if strings.TrimSpace(p) == "" {
			return fmt.Errorf("tournament: player %d has an empty name", i)
		}
		if seen[p] {
			return fmt.Errorf("tournament: player %q is listed twice (names must be unique)", p)
		}
		seen[p] = true
	}
	if len(players)-1 > MaxFirst {
		return fmt.Errorf("tournament: %d players, at most %d", len(players), MaxFirst+1)
	}
	type seat struct{ a, b int }
	dup := map[seat]bool{}
	for k, f := range fixtures {
		switch {
		case f.First < 0 || f.First >= len(players) || f.Second < 0 || f.Second >= len(players):
			return fmt.Errorf("tournament: fixture %d: players %d and %d, but there are %d players", k, f.First, f.Second, len(players))
		case f.First == f.Second:
			return fmt.Errorf("tournament: fixture %d: %s cannot play itself", k, players[f.First])
		case f.Second > MaxSecond:
			return fmt.Errorf("tournament: fixture %d: second player %d, at most %d", k, f.Second, MaxSecond)
		case f.Games < 0 || f.Games > MaxGames:
			return fmt.Errorf("tournament: fixture %d: %d games, want 0 to %d", k, f.Games, MaxGames)
		case dup[seat{f.First, f.Second}]:
			return fmt.Errorf("tournament: fixture %d repeats %s (first) against %s; its games would repeat too", k, players[f.First], players[f.Second])
		}
		dup[seat{f.First, f.Second}] = true
	}
	return nil
}
