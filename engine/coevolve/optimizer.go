package coevolve

import (
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/coevolab/coevo/engine/cmaes"
)

// Optimizer names the evolutionary algorithm of a run: which CMA-ES.
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
)

// Optimizers lists the optimizers, for messages.
var Optimizers = []Optimizer{CMA, Gonum}

// optimizer is an ask/tell evolutionary algorithm over a whole
// generation; it minimises.
type optimizer interface {
	Ask() ([][]float64, error)
	Tell(f []float64) error
	Close()
}

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
	}
	return nil, fmt.Errorf("optimizer %q: want %s or %s", cfg.Optimizer, CMA, Gonum)
}
