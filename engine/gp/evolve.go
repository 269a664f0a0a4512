package gp

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"
)

// Bounds on a run's sizes, so that a mistyped value fails at once instead
// of exhausting memory: a million programs took 520 MB (coevo gp
// --population 1000000), and a depth beyond Koza's 17 is only bloat.
const (
	MaxPopulation = 1_000_000
	MaxDepthLimit = 100
)

// Config sets a run. A zero field takes the default named with it: gplearn's
// (SymbolicRegressor) where gplearn has one, else the one given.
type Config struct {
	Population  int // programs per generation (1000; at most MaxPopulation)
	Generations int // generations, the random first one included (20)
	Tournament  int // programs per selection tournament (20)
	// Probabilities of the genetic operations (0.9, 0.01, 0.01, 0.01 when
	// all four are zero); the rest of 1 is reproduction (a plain copy).
	PCrossover, PSubtree, PHoist, PPoint float64
	// PPointReplace is the probability that point mutation replaces each
	// node (0.05).
	PPointReplace float64
	// Parsimony is added to the fitness per node for selection, against
	// bloat (0.001; negative for none). The best program is chosen by raw
	// fitness, then size.
	Parsimony float64
	// Elites programs with the best raw fitness are copied unchanged into
	// the next generation, as paper 002 did (default 1% of the population,
	// at least 1; negative for none). gplearn keeps none.
	Elites int
	// Initial trees have depth InitDepthMin to InitDepthMax (2 and 6),
	// ramped half-and-half: half grown, half full.
	InitDepthMin, InitDepthMax int
	// MaxDepth bounds the depth of every program (17, Koza's limit): an
	// offspring deeper than that is replaced by a copy of its parent.
	MaxDepth int
	// Constants are integers drawn uniformly from [ConstMin, ConstMax]
	// (-1 to 1 when both are zero: gplearn's constant range (-1, 1)).
	ConstMin, ConstMax int64
	// Functions is the function set (nil: all fourteen primitives).
	Functions []Op
	Fitness   Fitness
	// Seed: program i of generation g is bred from its own random stream,
	// seeded by (Seed, g, i), so a run is the same for any Workers.
	Seed    uint64
	Workers int // parallel breeding and evaluation (0: GOMAXPROCS)
	// Progress, if not nil, is called after each generation. A result
	// saved as JSON does not keep it.
	Progress func(Generation) `json:"-"`
}

func (c *Config) defaults() error {
	def := func(x *int, v int) {
		if *x == 0 {
			*x = v
		}
	}
	def(&c.Population, 1000)
	def(&c.Generations, 20)
	def(&c.Tournament, 20)
	def(&c.InitDepthMin, 2)
	def(&c.InitDepthMax, 6)
	def(&c.MaxDepth, 17)
	if c.PCrossover == 0 && c.PSubtree == 0 && c.PHoist == 0 && c.PPoint == 0 {
		c.PCrossover, c.PSubtree, c.PHoist, c.PPoint = 0.9, 0.01, 0.01, 0.01
	}
	if c.PPointReplace == 0 {
		c.PPointReplace = 0.05
	}
	switch {
	case c.Parsimony == 0:
		c.Parsimony = 0.001
	case c.Parsimony < 0:
		c.Parsimony = 0
	}
	switch {
	case c.Elites == 0:
		c.Elites = max(1, c.Population/100)
	case c.Elites < 0:
		c.Elites = 0
	}
	if c.ConstMin == 0 && c.ConstMax == 0 {
		c.ConstMin, c.ConstMax = -1, 1
	}
	if c.Functions == nil {
		c.Functions = Functions()
	}
	if c.Workers <= 0 {
		c.Workers = runtime.GOMAXPROCS(0)
	}
	sum := c.PCrossover + c.PSubtree + c.PHoist + c.PPoint
	switch {
	case c.Population < 2 || c.Population > MaxPopulation:
		return fmt.Errorf("gp: population %d: want 2 to %d (a million programs take some 500 MB)", c.Population, MaxPopulation)
	case c.Generations < 1:
		return fmt.Errorf("gp: generations %d: want at least 1", c.Generations)
	case c.Tournament < 1 || c.Tournament > MaxPopulation:
		// Each of a generation's children runs up to two tournaments:
		// 10^11 draws each would never end a generation.
		return fmt.Errorf("gp: tournament %d: want 1 to %d", c.Tournament, MaxPopulation)
	case c.MaxDepth > MaxDepthLimit:
		return fmt.Errorf("gp: maximum depth %d: want at most %d", c.MaxDepth, MaxDepthLimit)
	case c.PCrossover < 0 || c.PSubtree < 0 || c.PHoist < 0 || c.PPoint < 0 || sum > 1+1e-9 || math.IsNaN(sum):
		return fmt.Errorf("gp: operator probabilities %g, %g, %g, %g: want non-negative with sum at most 1",
			c.PCrossover, c.PSubtree, c.PHoist, c.PPoint)
	case c.PPointReplace < 0 || c.PPointReplace > 1 || math.IsNaN(c.PPointReplace):
		return fmt.Errorf("gp: point replacement probability %g: want 0 to 1", c.PPointReplace)
	case math.IsNaN(c.Parsimony) || math.IsInf(c.Parsimony, 0):
		return fmt.Errorf("gp: parsimony %g: want a finite number", c.Parsimony)
	case c.Elites >= c.Population:
		return fmt.Errorf("gp: %d elites in a population of %d", c.Elites, c.Population)
	case c.InitDepthMin < 1 || c.InitDepthMax < c.InitDepthMin:
		return fmt.Errorf("gp: initial depths %d to %d: want 1 <= min <= max", c.InitDepthMin, c.InitDepthMax)
	case c.MaxDepth < c.InitDepthMax:
		return fmt.Errorf("gp: maximum depth %d below the initial depth %d", c.MaxDepth, c.InitDepthMax)
	case c.ConstMax < c.ConstMin:
		return fmt.Errorf("gp: constant range [%d, %d] is empty", c.ConstMin, c.ConstMax)
	case len(c.Functions) == 0:
		return fmt.Errorf("gp: empty function set")
	}
	for _, op := range c.Functions {
		if op == 0 || op >= numOps {
			return fmt.Errorf("gp: unknown function %d in the function set", op)
		}
	}
	return nil
}

// individual is a program with its fitness.
type individual struct {
	prog Program
	raw  int64   // raw fitness (error)
	fit  float64 // raw + parsimony * length, for selection
}

// better orders by raw fitness, then length.
func better(a, b *individual) bool {
	if a.raw != b.raw {
		return a.raw < b.raw
	}
	return len(a.prog) < len(b.prog)
}

// breeder holds what breeding needs.
type breeder struct {
	cfg    Config
	nvars  int
	funcs  []Op
	unary  []Op
	binary []Op
}

func (b *breeder) terminal(rng *rand.Rand) Node {
	t := rng.IntN(b.nvars + 1)
	if t == b.nvars {
		return Const(b.cfg.ConstMin + rng.Int64N(b.cfg.ConstMax-b.cfg.ConstMin+1))
	}
	return Var(t)
}

// random builds a program as gplearn's build_program: a function at the
// root, then, below the drawn depth, functions ("full") or functions and
// terminals in proportion to their numbers ("grow").
func (b *breeder) random(rng *rand.Rand) Program {
	full := rng.IntN(2) == 0
	maxDepth := b.cfg.InitDepthMin + rng.IntN(b.cfg.InitDepthMax-b.cfg.InitDepthMin+1)
	op := b.funcs[rng.IntN(len(b.funcs))]
	p := Program{Fn(op)}
	stack := []int{op.Arity()}
	for len(stack) > 0 {
		choice := rng.IntN(b.nvars + len(b.funcs))
		if len(stack) < maxDepth && (full || choice < len(b.funcs)) {
			op := b.funcs[rng.IntN(len(b.funcs))]
			p = append(p, Fn(op))
			stack = append(stack, op.Arity())
			continue
		}
		p = append(p, b.terminal(rng))
		for len(stack) > 0 {
			stack[len(stack)-1]--
			if stack[len(stack)-1] > 0 {
				break
			}
			stack = stack[:len(stack)-1]
		}
	}
	return p
}

// subtree picks a subtree of p as gplearn does (Koza's rule: a function
// node nine times as likely as a terminal) and returns its bounds.
func subtree(p Program, rng *rand.Rand) (start, end int) {
	weight := func(n Node) float64 {
		if n.IsFunc() {
			return 0.9
		}
		return 0.1
	}
	total := 0.0
	for _, n := range p {
		total += weight(n)
	}
	u := rng.Float64() * total
	start = len(p) - 1
	for i, n := range p {
		if u -= weight(n); u < 0 {
			start = i
			break
		}
	}
	return start, p.subtreeEnd(start)
}

func splice(p Program, start, end int, donor Program) Program {
	out := make(Program, 0, len(p)-(end-start)+len(donor))
	out = append(out, p[:start]...)
	out = append(out, donor...)
	return append(out, p[end:]...)
}

// crossover replaces a random subtree of p with a random subtree of donor.
func crossover(p, donor Program, rng *rand.Rand) Program {
	s, e := subtree(p, rng)
	ds, de := subtree(donor, rng)
	return splice(p, s, e, donor[ds:de])
}

// hoist replaces a random subtree of p with a random subtree of itself.
func hoist(p Program, rng *rand.Rand) Program {
	s, e := subtree(p, rng)
	sub := p[s:e]
	hs, he := subtree(sub, rng)
	return splice(p, s, e, sub[hs:he])
}

// point replaces each node with probability PPointReplace: a function by
// one of the same arity, a terminal by a random terminal.
func (b *breeder) point(p Program, rng *rand.Rand) Program {
	out := p.Clone()
	for i, n := range out {
		if rng.Float64() >= b.cfg.PPointReplace {
			continue
		}
		if n.IsFunc() {
			same := b.binary
			if n.arity() == 1 {
				same = b.unary
			}
			out[i] = Fn(same[rng.IntN(len(same))])
		} else {
			out[i] = b.terminal(rng)
		}
	}
	return out
}

// tournament returns the program of pop with the best penalized fitness
// among Tournament drawn uniformly with replacement (the first drawn wins
// ties).
func (b *breeder) tournament(pop []individual, rng *rand.Rand) Program {
	best := rng.IntN(len(pop))
	for range b.cfg.Tournament - 1 {
		if c := rng.IntN(len(pop)); pop[c].fit < pop[best].fit {
			best = c
		}
	}
	return pop[best].prog
}

// child breeds one program from pop.
func (b *breeder) child(pop []individual, rng *rand.Rand) Program {
	c := b.cfg
	parent := b.tournament(pop, rng)
	var kid Program
	switch u := rng.Float64(); {
	case u < c.PCrossover:
		kid = crossover(parent, b.tournament(pop, rng), rng)
	case u < c.PCrossover+c.PSubtree:
		kid = crossover(parent, b.random(rng), rng) // gplearn's "headless chicken"
	case u < c.PCrossover+c.PSubtree+c.PHoist:
		kid = hoist(parent, rng)
	case u < c.PCrossover+c.PSubtree+c.PHoist+c.PPoint:
		kid = b.point(parent, rng)
	default:
		return parent.Clone()
	}
	if kid.Depth() > c.MaxDepth {
		return parent.Clone()
	}
	return kid
}

// Run evolves programs that fit d.Train with cfg and returns the best
// found. It stops at the first generation with a program of error 0, after
// cfg.Generations generations, or when ctx is cancelled (returning the
// result so far and ctx.Err()).
func Run(ctx context.Context, d *Data, cfg Config) (*Result, error) {
	if d == nil {
		return nil, fmt.Errorf("gp: no data")
	}
	if err := cfg.defaults(); err != nil {
		return nil, err
	}
	if err := cfg.Fitness.check(d.Train); err != nil {
		return nil, err
	}
	train := d.Train
	b := &breeder{cfg: cfg, nvars: len(train.X), funcs: cfg.Functions}
	for _, op := range b.funcs {
		if op.Arity() == 1 {
			b.unary = append(b.unary, op)
		} else {
			b.binary = append(b.binary, op)
		}
	}
	maxOpts := 0
	for _, o := range train.Options {
		maxOpts = max(maxOpts, len(o))
	}
	start := time.Now()
	res := &Result{Names: train.Names, Fitness: cfg.Fitness, Config: cfg, Data: d}
	res.Config.Progress = nil
	var pop, next []individual
	pop = make([]individual, cfg.Population)
	next = make([]individual, cfg.Population)
	for g := 0; g < cfg.Generations; g++ {
		var elite []int
		if g > 0 {
			elite = eliteOf(pop, cfg.Elites)
		}
		err := parallel(ctx, cfg.Population, cfg.Workers, func() func(i int) {
			ev := newEvaluator(train.X, train.Rows())
			marks := make([]bool, maxOpts+1)
			return func(i int) {
				if i < len(elite) {
					next[i] = pop[elite[i]]
					return
				}
				rng := rand.New(rand.NewPCG(cfg.Seed, uint64(g)<<32|uint64(i)))
				var p Program
				if g == 0 {
					p = b.random(rng)
				} else {
					p = b.child(pop, rng)
				}
				raw := cfg.Fitness.errorOf(ev.run(p), train, marks)
				next[i] = individual{prog: p, raw: raw, fit: float64(raw) + cfg.Parsimony*float64(len(p))}
			}
		})
		if err != nil {
			res.finish(start)
			return res, err
		}
		pop, next = next, pop
		gen := summarize(pop, g, time.Since(start), train.Names)
		res.History = append(res.History, gen)
		if best := bestOf(pop); res.Best == nil || better(best, &individual{prog: res.Best, raw: res.Error}) {
			res.Best, res.Error = best.prog.Clone(), best.raw
		}
		if cfg.Progress != nil {
			cfg.Progress(gen)
		}
		if res.Error == 0 {
			break
		}
	}
	res.finish(start)
	return res, nil
}

func bestOf(pop []individual) *individual {
	best := &pop[0]
	for i := range pop {
		if better(&pop[i], best) {
			best = &pop[i]
		}
	}
	return best
}

// eliteOf returns the indices of the k best programs.
func eliteOf(pop []individual, k int) []int {
	if k == 0 {
		return nil
	}
	idx := make([]int, len(pop))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		switch {
		case better(&pop[a], &pop[b]):
			return -1
		case better(&pop[b], &pop[a]):
			return 1
		}
		return 0
	})
	return idx[:k]
}

// parallel runs task(i) for i in [0, n) on workers goroutines, each with
// its own task function (and scratch space) from newTask, and stops early
// when ctx is cancelled.
func parallel(ctx context.Context, n, workers int, newTask func() func(i int)) error {
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(workers, n) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			task := newTask()
			for {
				i := int(next.Add(1) - 1)
				if i >= n || (i%64 == 0 && ctx.Err() != nil) {
					return
				}
				task(i)
			}
		}()
	}
	wg.Wait()
	return ctx.Err()
}
