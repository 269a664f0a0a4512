package cmaes_test

import (
	"fmt"
	"math"

	"github.com/coevolab/coevo/engine/cmaes"
)

// Minimise Rosenbrock's function in 10 dimensions, a whole generation at
// a time.
func Example() {
	rosenbrock := func(x []float64) float64 {
		s := 0.0
		for i := 0; i+1 < len(x); i++ {
			s += 100*math.Pow(x[i+1]-x[i]*x[i], 2) + math.Pow(1-x[i], 2)
		}
		return s
	}
	start := make([]float64, 10)
	cma, err := cmaes.New(start, 0.3, cmaes.Options{Seed: 1})
	if err != nil {
		panic(err)
	}
	best := math.Inf(1)
	var xbest []float64
	for best > 1e-10 {
		xs, _ := cma.Ask()
		f := make([]float64, len(xs))
		for i, x := range xs {
			if f[i] = rosenbrock(x); f[i] < best {
				best, xbest = f[i], x
			}
		}
		if err := cma.Tell(f); err != nil {
			panic(err)
		}
	}
	fmt.Printf("population %d, f < 1e-10 at x = %.4f\n", cma.Population(), xbest)
	// Output:
	// population 10, f < 1e-10 at x = [1.0000 1.0000 1.0000 1.0000 1.0000 1.0000 1.0000 1.0000 1.0000 1.0000]
}
