package coevolve

import (
	"errors"
	"fmt"
	"math/rand/v2"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/optimize"
)

// gonumCMA drives gonum's CMA-ES (optimize.CmaEsChol) through its
// optimize.Method interface as an ask/tell loop: Ask returns a whole
// generation of candidates, Tell hands back all their values at once, so
// a generation's fitness is computed together, in parallel, and the
// archive changes only between generations.
//
// CmaEsChol.Run sends a generation's FuncEvaluation tasks (sampling each
// candidate from Src, in ID order, as it sends it), collects all their
// results, updates the distribution and sends one MajorIteration (or
// MethodDone when the covariance has collapsed); handing the
// MajorIteration back starts the next generation. Its randomness comes
// from Src alone and its update depends only on the values told, so the
// same seed and the same values give the same candidates: a run resumes
// by replaying its recorded values (see checkpoint.go). gonum's own
// driver, optimize.Minimize, gives the same sequence (tested).
type gonumCMA struct {
	method *optimize.CmaEsChol
	pop    int
	ops    chan optimize.Task
	res    chan optimize.Task
	asked  []optimize.Task // the generation being evaluated, by ID
	major  *optimize.Task  // to hand back before the next Ask
	done   bool            // the method reported MethodDone
	closed bool
}

// errConverged says CMA-ES stopped: its sampling distribution collapsed.
var errConverged = errors.New("CMA-ES stopped: the covariance of its sampling distribution collapsed (log-determinant below gonum's StopLogDet)")

// newGonumCMA starts CMA-ES in dim dimensions with population pop, the
// sampling distribution centred on mean with step size step, drawing its
// random numbers from src.
//
// CmaEsChol samples N(mean, A Aᵀ) with A its Cholesky factor, which starts
// as InitCholesky; its step size (InitStepSize) enters only the
// adaptation of A (the evolution paths). So the first generation has
// step as its standard deviation in every coordinate, as in CMA-ES's
// usual x = m + σ A z with σ = step and A = I, only when InitCholesky is
// step·I too, which cmaesMethod sets.
func newGonumCMA(dim, pop int, mean []float64, step float64, src rand.Source) *gonumCMA {
	m := cmaesMethod(dim, pop, step, src)
	n := m.Init(dim, pop)
	c := &gonumCMA{method: m, pop: n, ops: make(chan optimize.Task, n+1), res: make(chan optimize.Task, n+1)}
	tasks := make([]optimize.Task, n)
	for i := range tasks {
		tasks[i].Location = &optimize.Location{X: make([]float64, dim)}
	}
	copy(tasks[0].X, mean)
	go m.Run(c.ops, c.res, tasks)
	return c
}

// cmaesMethod is gonum's CMA-ES with population pop, initial step size
// step (and initial covariance step²·I), sampling from src.
func cmaesMethod(dim, pop int, step float64, src rand.Source) *optimize.CmaEsChol {
	d := make([]float64, dim)
	for i := range d {
		d[i] = step * step
	}
	var chol mat.Cholesky
	chol.Factorize(mat.NewDiagDense(dim, d)) // positive definite: cannot fail
	return &optimize.CmaEsChol{Population: pop, InitStepSize: step, InitCholesky: &chol, Src: src}
}

// Ask returns the next generation's candidates, in ID order (copies).
func (c *gonumCMA) Ask() ([][]float64, error) {
	switch {
	case c.closed:
		return nil, errors.New("coevolve: CMA-ES asked after Close")
	case c.done:
		return nil, fmt.Errorf("%w: %v", errStopped, errConverged)
	case c.asked != nil:
		return nil, errors.New("coevolve: CMA-ES asked twice without Tell")
	}
	if c.major != nil {
		c.res <- *c.major
		c.major = nil
	}
	c.asked = make([]optimize.Task, c.pop)
	xs := make([][]float64, c.pop)
	for range c.pop {
		t := <-c.ops
		if t.Op != optimize.FuncEvaluation || t.ID < 0 || t.ID >= c.pop || xs[t.ID] != nil {
			return nil, fmt.Errorf("coevolve: CMA-ES sent %v for task %d, want a function evaluation of a new candidate", t.Op, t.ID)
		}
		c.asked[t.ID] = t
		xs[t.ID] = append([]float64(nil), t.X...)
	}
	return xs, nil
}

// Tell hands back the values of the candidates of the last Ask (CMA-ES
// minimises), and waits for the method's update.
func (c *gonumCMA) Tell(f []float64) error {
	if c.asked == nil || len(f) != c.pop {
		return fmt.Errorf("coevolve: CMA-ES told %d values for %d candidates asked", len(f), len(c.asked))
	}
	for i, t := range c.asked {
		t.F = f[i]
		c.res <- t
	}
	c.asked = nil
	t := <-c.ops
	switch t.Op {
	case optimize.MajorIteration:
		c.major = &t
	case optimize.MethodDone:
		c.done = true
	default:
		return fmt.Errorf("coevolve: CMA-ES sent %v after a generation, want MajorIteration or MethodDone", t.Op)
	}
	return nil
}

// Close stops the method's goroutine.
func (c *gonumCMA) Close() {
	if c.closed {
		return
	}
	c.closed = true
	c.res <- optimize.Task{Op: optimize.PostIteration}
	close(c.res)
	for range c.ops {
	}
}
