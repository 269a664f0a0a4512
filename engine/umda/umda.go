package umda

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"sync"
	"sync/atomic"
)

// Project is pi_gamma of paper 000 section 3: it maps a distribution p
// (over |p| outcomes) to one whose entries are all at least gamma, for
// 0 <= gamma < 1/|p|. It writes the result into out (which may be p).
func Project(p []float64, gamma float64, out []float64) {
	plus, minus := 0.0, 0.0
	for _, x := range p {
		plus += max(x-gamma, 0)
		minus += max(gamma-x, 0)
	}
	for i, x := range p {
		if x <= gamma {
			out[i] = gamma
		} else {
			out[i] = gamma + (1-minus/plus)*(x-gamma)
		}
	}
}

// Params are the parameters of Algorithm 1.
type Params struct {
	Mu int // tournaments (and population size) per generation
	// Gamma is the lower bound on every probability; 0 means the value of
	// Theorem 5.2, 1/(20 Delta n).
	Gamma float64
	// MaxEvaluations is the budget of games (f_G queries); 0 means 10^8.
	MaxEvaluations int64
	Seed           uint64
	// Workers plays tournaments in parallel (0: GOMAXPROCS). Results do not
	// depend on it: tournament j of generation t draws from its own stream.
	Workers int
	// Progress, if not nil, is called after each generation.
	Progress func(generation int, evaluations int64)
	// Naive samples whole strategies for every tournament, as Algorithm 1
	// reads; the default fast sampler is exact in distribution and cheaper.
	Naive bool
	// Generations, if positive, plays exactly that many generations without
	// testing for optimality (for measurements of the dynamics).
	Generations int
	// Trace records p_t at the critical positions and the fraction of
	// optimal selected strategies in every generation (testing every
	// winner, which costs more than stopping at the first optimal one).
	Trace bool
}

// Run is the result of a run of Algorithm 1.
type Run struct {
	Evaluations int64 // mu times the generations played
	Generations int
	// Optimal: some selected individual is in Opt(G); the runtime of
	// Definition 5.1 is then Evaluations.
	Optimal bool
	// Censored: the budget ran out first.
	Censored   bool
	Mu         int
	Gamma      float64
	Fictitious bool
	// P is the final distribution p: P[i][s] is the probability of moving
	// from interior position i (Game.Interior[i]) to its follower s.
	P [][]float64
	// Trace is set when Params.Trace is.
	Trace *Trace
}

// AutoGamma is the gamma of Theorem 5.2: 1/(20 Delta n).
func (G *Game) AutoGamma() float64 {
	return 1 / (20 * float64(G.MaxDegree()) * float64(G.NumPositions()))
}

// UMDA runs Algorithm 1, with the fast sampler (exact in distribution; see
// fast.go) unless Params.Naive asks for whole strategies to be drawn for
// every tournament. It stops at the first generation whose winners include
// an optimal strategy, when the budget is spent, after Params.Generations
// generations if set, or when ctx is cancelled (returning ctx.Err()).
func (G *Game) UMDA(ctx context.Context, par Params) (*Run, error) {
	if par.Mu < 1 {
		return nil, fmt.Errorf("umda: mu = %d, must be at least 1", par.Mu)
	}
	if math.IsNaN(par.Gamma) || math.IsInf(par.Gamma, 0) {
		return nil, fmt.Errorf("umda: gamma = %g, must be a number in [0, 1/Delta)", par.Gamma)
	}
	if G.sg[G.root] == 0 {
		return nil, ErrNoOptimum
	}
	gamma := par.Gamma
	if gamma == 0 {
		gamma = G.AutoGamma()
	}
	if gamma < 0 || gamma*float64(G.MaxDegree()) >= 1 {
		return nil, fmt.Errorf("umda: gamma = %g, must be in [0, 1/Delta) = [0, %g)", gamma, 1/float64(G.MaxDegree()))
	}
	budget := par.MaxEvaluations
	if budget <= 0 {
		budget = 100_000_000
	}
	if int64(par.Mu) > budget {
		// Not one generation fits: censored before anything is allocated
		// (mu individuals may not fit in memory either).
		return &Run{Censored: true, Mu: par.Mu, Gamma: gamma, Fictitious: G.Fictitious}, nil
	}
	workers := par.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = min(workers, par.Mu) // one tournament each at most
	k := len(G.Interior)
	p := make([][]float64, k)
	for i, v := range G.Interior {
		d := len(G.Followers(v))
		p[i] = make([]float64, d)
		for s := range p[i] {
			p[i][s] = 1 / float64(d)
		}
	}
	run := &Run{Mu: par.Mu, Gamma: gamma, Fictitious: G.Fictitious, P: p}
	counts := make([][]int, k)
	for i := range counts {
		counts[i] = make([]int, len(p[i]))
	}
	var naive []Strategy
	var fast []winner
	var seen, at marks
	move := make([]int32, k)
	known := make([]int, k) // winners whose move at each position is known
	if par.Naive {
		naive = make([]Strategy, par.Mu)
		for i := range naive {
			naive[i] = make(Strategy, k)
		}
	} else {
		fast = make([]winner, par.Mu)
	}
	if par.Trace {
		run.Trace = &Trace{Critical: G.Critical()}
		for _, v := range run.Trace.Critical {
			run.Trace.names = append(run.Trace.names, G.Graph.Format(v))
		}
	}
	q := make([]float64, 0, G.MaxDegree())
	for t := 0; ; t++ {
		if err := ctx.Err(); err != nil {
			return run, err
		}
		if par.Generations > 0 && t == par.Generations {
			return run, nil
		}
		if run.Evaluations+int64(par.Mu) > budget {
			run.Censored = true
			return run, nil
		}
		for i := range counts {
			clear(counts[i])
		}
		if run.Trace != nil {
			run.Trace.P = append(run.Trace.P, G.correctMass(p, run.Trace.Critical))
		}
		if par.Naive {
			G.tournaments(ctx.Done(), p, naive, par.Seed, t, workers)
		} else {
			G.fastTournaments(ctx.Done(), p, par.Seed, t, fast, workers)
		}
		if err := ctx.Err(); err != nil {
			return run, err // generation t is left unfinished
		}
		run.Generations++
		run.Evaluations += int64(par.Mu)
		if par.Progress != nil {
			par.Progress(run.Generations, run.Evaluations)
		}
		check := par.Generations <= 0
		optimal := 0 // winners found optimal (all are tested when tracing)
		if par.Naive {
			for _, w := range naive {
				if (check || run.Trace != nil) && G.Optimal(w) {
					optimal++
					if run.Trace == nil {
						break
					}
				}
				for i, s := range w {
					counts[i][s]++
				}
			}
		} else {
			// The lazy test and the counts draw from streams of their own.
			src := rand.NewPCG(par.Seed^0x6c62272e07bb0142, uint64(t))
			rng := rand.New(src)
			clear(known)
			for j := range fast {
				if (check || run.Trace != nil) && G.lazyOptimal(&fast[j], p, rng, &seen, &at, move) {
					optimal++
					if run.Trace == nil {
						break
					}
				}
				for _, c := range fast[j].moves {
					counts[c.i][c.s]++
					known[c.i]++
				}
			}
			if optimal == 0 || run.Trace != nil {
				for i := range counts {
					multinomial(par.Mu-known[i], p[i], counts[i], rng, src)
				}
			}
		}
		if run.Trace != nil {
			run.Trace.Optimal = append(run.Trace.Optimal, float64(optimal)/float64(par.Mu))
		}
		if check && optimal > 0 {
			run.Optimal = true
			return run, nil
		}
		for i := range p {
			q = q[:len(p[i])]
			for s, c := range counts[i] {
				q[s] = float64(c) / float64(par.Mu)
			}
			Project(q, gamma, p[i])
		}
	}
}

// tournaments fills winners[j] with the winner of tournament j of
// generation t, in parallel, each tournament with its own random stream;
// it stops early when done is closed.
func (G *Game) tournaments(done <-chan struct{}, p [][]float64, winners []Strategy, seed uint64, t, workers int) {
	parallel(done, len(winners), workers, func() func(j int) {
		x := make(Strategy, len(p))
		y := make(Strategy, len(p))
		return func(j int) {
			rng := rand.New(rand.NewPCG(seed, uint64(t)<<32|uint64(j)))
			sample(p, x, rng)
			sample(p, y, rng)
			if G.Play(x, y, nil) {
				copy(winners[j], x)
			} else {
				copy(winners[j], y)
			}
		}
	})
}

// parallel runs task(j) for j in [0, n) on workers goroutines, or stops
// early (leaving tasks undone) once done is closed; each worker gets its
// own task function (and so its own scratch space) from newTask.
func parallel(done <-chan struct{}, n, workers int, newTask func() func(j int)) {
	var (
		wg   sync.WaitGroup
		next atomic.Int64
	)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			task := newTask()
			for j := int(next.Add(1) - 1); j < n; j = int(next.Add(1) - 1) {
				select {
				case <-done:
					return
				default:
				}
				task(j)
			}
		}()
	}
	wg.Wait()
}

// Sample draws a strategy from Univ(X_G, p) into x.
func (G *Game) Sample(p [][]float64, x Strategy, rng *rand.Rand) { sample(p, x, rng) }

// sample draws a strategy from Univ(X_G, p).
func sample(p [][]float64, x Strategy, rng *rand.Rand) {
	for i, d := range p {
		u := rng.Float64()
		s := 0
		for s < len(d)-1 && u >= d[s] {
			u -= d[s]
			s++
		}
		x[i] = int32(s)
	}
}

// ErrNoOptimum reports a game whose first player cannot win and whose
// fictitious root was turned off.
var ErrNoOptimum = errors.New("umda: the second player wins this game; no first-player strategy is optimal (keep the fictitious root)")
