package coevolve

import (
	"bytes"
	"encoding/gob"
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/coevolab/coevo/engine/cmaes"
)

// Optimizer names the evolutionary algorithm of a run.
type Optimizer string

// The optimizers.
const (
	// CMA is the CMA-ES of Hansen's tutorial (engine/cmaes): σ scales the
	// samples, cumulative step-size adaptation, rank-one and rank-μ
	// updates, the tutorial's default weights and learning rates. The
	// default.
	CMA Optimizer = "cma"
	// Gonum is gonum's optimize.CmaEsChol (v0.17), kept as an ablation: it
	// samples with its Cholesky factor alone, its step size only weighs
	// the updates, and its search freezes on Othello (docs/coevolve.md).
	Gonum Optimizer = "gonum"
	// ES is the evolution strategy of Lucas and Runarsson's coevolution
	// (paper 003 ref. [8], as docs/coevolve.md reads it): a parent and
	// Population-1 children, each the parent plus Gaussian noise of fixed
	// step StepSize in every coordinate; the parent then moves the
	// fraction Beta of the way to the generation's best candidate
	// (parent-child weighted averaging), staying put when it is the best.
	ES Optimizer = "es"
)

// Optimizers lists the optimizers, for messages.
var Optimizers = []Optimizer{CMA, Gonum, ES}

// optimizer is an ask/tell evolutionary algorithm over a whole
// generation; it minimises.
type optimizer interface {
	Ask() ([][]float64, error)
	Tell(f []float64) error
	Close()
}

// scripted, when set (by tests), makes every run's optimizer: the
// methods' tests offer them chosen players.
var scripted func(cfg Config, dim int) optimizer

// errStopped wraps the reason an optimizer cannot go on (its distribution
// collapsed or degenerated): the run stops there and says why.
var errStopped = errors.New("the optimizer stopped")

// textbook adapts engine/cmaes to optimizer.
type textbook struct{ *cmaes.CMA }

func (t textbook) Tell(f []float64) error {
	err := t.CMA.Tell(f)
	if errors.Is(err, cmaes.ErrDegenerate) {
		return fmt.Errorf("%w: %v", errStopped, err)
	}
	return err
}

func (textbook) Close() {}

// newOptimizer starts cfg's optimizer in dim dimensions (64 for an
// Othello WPC) at mean 0 with cfg's step size and population, seeded by
// cfg.Seed.
func newOptimizer(cfg Config, dim int) (optimizer, error) {
	if scripted != nil {
		return scripted(cfg, dim), nil
	}
	mean := make([]float64, dim)
	switch cfg.optimizer() {
	case Gonum:
		return newGonumCMA(dim, cfg.Population, mean, cfg.StepSize, rand.NewPCG(cfg.Seed, streamCMA)), nil
	case CMA:
		c, err := cmaes.New(mean, cfg.StepSize, cmaes.Options{Population: cfg.Population, Seed: cfg.Seed, Stream: streamCMA})
		if err != nil {
			return nil, err
		}
		return textbook{c}, nil
	case ES:
		return newAveragingES(mean, cfg.Population, cfg.StepSize, cfg.Beta, cfg.Seed), nil
	}
	return nil, fmt.Errorf("optimizer %q: want %s or %s", cfg.Optimizer, CMA, Gonum)
}

// averagingES is the evolution strategy of optimizer ES: Ask returns the
// parent (candidate 0) and Population-1 children, the parent plus
// σ·N(0, I); Tell moves the parent the fraction β of the way to the best
// candidate (the first of the lowest values: the parent itself on a tie,
// which leaves it where it is).
type averagingES struct {
	parent      []float64
	pop         int
	sigma, beta float64
	pcg         *rand.PCG
	rng         *rand.Rand
	asked       [][]float64 // the generation asked, until told
	before      []byte      // the generator's state before that Ask
	generation  int
}

func newAveragingES(mean []float64, pop int, sigma, beta float64, seed uint64) *averagingES {
	pcg := rand.NewPCG(seed, streamES)
	return &averagingES{parent: append([]float64(nil), mean...), pop: pop, sigma: sigma, beta: beta, pcg: pcg, rng: rand.New(pcg)}
}

// streamES is the ES's stream of the run's seed.
const streamES = 0x65732d6c72 // "es-lr"

func (e *averagingES) Ask() ([][]float64, error) {
	if e.asked != nil {
		return nil, errors.New("coevolve: ES asked twice without Tell")
	}
	e.before, _ = e.pcg.MarshalBinary()
	xs := make([][]float64, e.pop)
	xs[0] = append([]float64(nil), e.parent...)
	for i := 1; i < e.pop; i++ {
		x := make([]float64, len(e.parent))
		for k := range x {
			x[k] = e.parent[k] + e.sigma*e.rng.NormFloat64()
		}
		xs[i] = x
	}
	e.asked = xs
	return xs, nil
}

func (e *averagingES) Tell(f []float64) error {
	if e.asked == nil || len(f) != e.pop {
		return fmt.Errorf("coevolve: ES told %d values for %d candidates asked", len(f), len(e.asked))
	}
	best := 0
	for i, v := range f {
		if v < f[best] {
			best = i
		}
	}
	for k, c := range e.asked[best] {
		e.parent[k] += e.beta * (c - e.parent[k])
	}
	e.asked, e.before = nil, nil
	e.generation++
	return nil
}

func (*averagingES) Close() {}

// Parent is the current parent: the ES's answer.
func (e *averagingES) Parent() []float64 { return e.parent }

// esState is the ES's saved state: the parent, the generations told, and
// the generator's state before any generation asked but not told (so
// that a resumed run asks it again).
type esState struct {
	Parent     []float64
	Generation int
	PCG        []byte
}

func (e *averagingES) MarshalBinary() ([]byte, error) {
	st := esState{Parent: e.parent, Generation: e.generation, PCG: e.before}
	if st.PCG == nil {
		var err error
		if st.PCG, err = e.pcg.MarshalBinary(); err != nil {
			return nil, err
		}
	}
	var b bytes.Buffer
	if err := gob.NewEncoder(&b).Encode(st); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

func (e *averagingES) UnmarshalBinary(data []byte) error {
	var st esState
	if err := gob.NewDecoder(bytes.NewReader(data)).Decode(&st); err != nil {
		return fmt.Errorf("the ES's state: %w", err)
	}
	if len(st.Parent) != len(e.parent) {
		return fmt.Errorf("the ES's state has %d coordinates, the run %d", len(st.Parent), len(e.parent))
	}
	if err := e.pcg.UnmarshalBinary(st.PCG); err != nil {
		return fmt.Errorf("the ES's state: %w", err)
	}
	e.parent, e.generation, e.asked, e.before = st.Parent, st.Generation, nil, nil
	return nil
}
