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

// Stream numbers the way a seeded run draws its random numbers: runs with
// the same Stream, game, settings and seed give the same result, for any
// number of workers. It grows whenever a change to the sampler changes
// seeded results (2: the exact sampler of issue 14, which skips the
// positions no game visits), so that a results file records which draws
// it holds and a resume by a newer coevo refuses rows of an older one.
const Stream = 2

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
	// from interior position i (Game.Interior[i]) to its follower s. A
	// run stopped by ctx has P nil: the fast sampler updates p lazily,
	// and bringing every position up to date can take as long as the
	// generations played (seconds, where Ctrl-C must end the run at once).
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
	// p[i] views one flat array: position i's moves, then i+1's.
	E := 0
	for _, v := range G.Interior {
		E += len(G.Followers(v))
	}
	flat := make([]float64, E)
	p := make([][]float64, k)
	rest := flat
	for i, v := range G.Interior {
		d := len(G.Followers(v))
		p[i], rest = rest[:d:d], rest[d:]
		for s := range p[i] {
			p[i][s] = 1 / float64(d)
		}
	}
	run := &Run{Mu: par.Mu, Gamma: gamma, Fictitious: G.Fictitious, P: p}
	var gen generations
	if par.Naive {
		gen = newNaiveRun(G, p, par.Mu, gamma)
	} else {
		gen = newFastRun(G, p, flat, par.Mu, gamma, par.Seed, workers)
	}
	if par.Trace {
		run.Trace = &Trace{Critical: G.Critical()}
		for _, v := range run.Trace.Critical {
			run.Trace.names = append(run.Trace.names, G.Graph.Format(v))
		}
	}
	done := ctx.Done()
	for t := 0; ; t++ {
		if err := ctx.Err(); err != nil {
			run.P = nil
			return run, err
		}
		if par.Generations > 0 && t == par.Generations {
			gen.sync(t)
			return run, nil
		}
		if run.Evaluations+int64(par.Mu) > budget {
			run.Censored = true
			gen.sync(t)
			return run, nil
		}
		if run.Trace != nil {
			gen.ready(t, run.Trace.Critical)
			run.Trace.P = append(run.Trace.P, G.correctMass(p, run.Trace.Critical))
		}
		check := par.Generations <= 0
		optimal := gen.play(done, t, par.Seed, workers, check, run.Trace != nil)
		if err := ctx.Err(); err != nil {
			run.P = nil // generation t is left unfinished
			return run, err
		}
		run.Generations++
		run.Evaluations += int64(par.Mu)
		if par.Progress != nil {
			par.Progress(run.Generations, run.Evaluations)
		}
		if run.Trace != nil {
			run.Trace.Optimal = append(run.Trace.Optimal, float64(optimal)/float64(par.Mu))
		}
		if check && optimal > 0 {
			run.Optimal = true
			gen.sync(t)
			return run, nil
		}
		if !gen.update(done, t) {
			run.P = nil // p is part p_t, part p_{t+1}
			return run, ctx.Err()
		}
	}
}

// closed reports whether done (nil: never) is closed.
func closed(done <-chan struct{}) bool {
	select {
	case <-done:
		return true
	default:
		return false
	}
}

// generations is one of the two samplers of Algorithm 1, playing
// generation after generation on p.
type generations interface {
	// play plays generation t: mu tournaments, then the optimality test
	// (every winner when trace is set; else, when check is set, up to the
	// first optimal one). It returns the number of optimal winners found,
	// or stops early, leaving p as it was, once done is closed.
	play(done <-chan struct{}, t int, seed uint64, workers int, check, trace bool) int
	// update sets p to p_{t+1} from generation t's winners, reporting
	// false when it stopped early (done closed) with p partly updated.
	update(done <-chan struct{}, t int) bool
	// ready makes p_t current at the given vertices; sync everywhere.
	ready(t int, vertices []int32)
	sync(t int)
}

// naiveRun samples whole strategies for every tournament (Algorithm 1 as
// printed).
type naiveRun struct {
	G       *Game
	p       [][]float64
	mu      int
	gamma   float64
	winners []Strategy
	counts  [][]int
	q       []float64
}

func newNaiveRun(G *Game, p [][]float64, mu int, gamma float64) *naiveRun {
	n := &naiveRun{G: G, p: p, mu: mu, gamma: gamma, winners: make([]Strategy, mu), counts: make([][]int, len(p))}
	for i := range n.winners {
		n.winners[i] = make(Strategy, len(p))
	}
	for i := range n.counts {
		n.counts[i] = make([]int, len(p[i]))
	}
	return n
}

func (n *naiveRun) play(done <-chan struct{}, t int, seed uint64, workers int, check, trace bool) int {
	n.G.tournaments(done, n.p, n.winners, seed, t, workers)
	optimal := 0
	for i := range n.counts {
		clear(n.counts[i])
	}
	for _, w := range n.winners {
		if closed(done) {
			return optimal
		}
		if (check || trace) && n.G.Optimal(w) {
			optimal++
			if !trace {
				return optimal
			}
		}
		for i, s := range w {
			n.counts[i][s]++
		}
	}
	return optimal
}

func (n *naiveRun) update(_ <-chan struct{}, _ int) bool {
	// One pass over the counts, as short as one tournament's sampling.
	for i := range n.p {
		n.q = n.q[:0]
		for _, c := range n.counts[i] {
			n.q = append(n.q, float64(c)/float64(n.mu))
		}
		Project(n.q, n.gamma, n.p[i])
	}
	return true
}

func (n *naiveRun) ready(int, []int32) {}
func (n *naiveRun) sync(int)           {}

func (f *fastRun) play(done <-chan struct{}, t int, seed uint64, workers int, check, trace bool) int {
	f.done = done
	f.tournaments(done, t, workers)
	if closed(done) {
		return 0
	}
	// The optimality test and the updates draw from a stream of their own.
	f.src.Seed(seed^streamTest, uint64(t))
	return f.selectWinners(done, t, check, trace, &f.src)
}

func (f *fastRun) ready(t int, vertices []int32) {
	f.done = nil
	for _, v := range vertices {
		if i := f.G.index[v]; i >= 0 {
			f.readyAt(i, t)
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
// early (leaving tasks undone) once done is closed; it reports whether
// every task ran. Each worker gets its own task function (and so its own
// scratch space) from newTask.
func parallel(done <-chan struct{}, n, workers int, newTask func() func(j int)) bool {
	if workers <= 1 || n <= 1 {
		if n > 0 {
			task := newTask()
			for j := 0; j < n; j++ {
				if closed(done) {
					return false
				}
				task(j)
			}
		}
		return true
	}
	var (
		wg        sync.WaitGroup
		next, ran atomic.Int64
	)
	for w := 0; w < min(workers, n); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			task := newTask()
			for j := int(next.Add(1) - 1); j < n && !closed(done); j = int(next.Add(1) - 1) {
				task(j)
				ran.Add(1)
			}
		}()
	}
	wg.Wait()
	return ran.Load() == int64(n)
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
