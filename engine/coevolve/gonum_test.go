package coevolve

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/optimize"
)

func rosenbrock(x []float64) float64 {
	s := 0.0
	for i := 0; i+1 < len(x); i++ {
		s += 100*math.Pow(x[i+1]-x[i]*x[i], 2) + math.Pow(1-x[i], 2)
	}
	return s
}

// The ask/tell driver asks exactly the candidates gonum's own driver,
// optimize.Minimize, evaluates with the same seed: same method, same
// samples, same updates; and it minimises.
func TestCMAESMatchesMinimize(t *testing.T) {
	const dim, pop, gens = 8, 12, 40
	mean := make([]float64, dim)
	for i := range mean {
		mean[i] = -1
	}
	var theirs [][]float64
	prob := optimize.Problem{Func: func(x []float64) float64 {
		theirs = append(theirs, append([]float64(nil), x...))
		return rosenbrock(x)
	}}
	method := cmaesMethod(dim, pop, 0.3, rand.NewPCG(7, streamCMA))
	res, err := optimize.Minimize(prob, mean, &optimize.Settings{MajorIterations: gens, Converger: optimize.NeverTerminate{}}, method)
	if err != nil {
		t.Fatal(err)
	}
	if len(theirs) != gens*pop {
		t.Fatalf("Minimize evaluated %d points, want %d", len(theirs), gens*pop)
	}

	c := newGonumCMA(dim, pop, mean, 0.3, rand.NewPCG(7, streamCMA))
	defer c.Close()
	best := math.Inf(1)
	for g := 0; g < gens; g++ {
		xs, err := c.Ask()
		if err != nil {
			t.Fatal(err)
		}
		f := make([]float64, pop)
		for i, x := range xs {
			want := theirs[g*pop+i]
			for k := range x {
				if x[k] != want[k] {
					t.Fatalf("generation %d, candidate %d: asked %v, Minimize evaluated %v", g, i, x, want)
				}
			}
			f[i] = rosenbrock(x)
			best = math.Min(best, f[i])
		}
		if err := c.Tell(f); err != nil {
			t.Fatal(err)
		}
	}
	if best != res.F {
		t.Errorf("best %v, Minimize %v", best, res.F)
	}
	// The first generation's spread is the step size.
	var sd float64
	for _, x := range theirs[:pop] {
		for k := range x {
			sd += (x[k] - mean[k]) * (x[k] - mean[k])
		}
	}
	if sd = math.Sqrt(sd / (pop * dim)); sd < 0.2 || sd > 0.4 {
		t.Errorf("first generation's standard deviation %v, want about the step size 0.3", sd)
	}
	if first := rosenbrock(theirs[0]); !(best < first/10) {
		t.Errorf("CMA-ES did not minimise: first value %v, best after %d generations %v", first, gens, best)
	}
	if _, err := c.Ask(); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Ask(); err == nil {
		t.Error("asked twice without Tell")
	}
}

// Closing at any point stops the method's goroutine (a leak would hang
// the drain in Close).
func TestCMAESClose(t *testing.T) {
	for stop := 0; stop < 4; stop++ {
		c := newGonumCMA(3, 6, make([]float64, 3), 0.5, rand.NewPCG(1, 2))
		for g := 0; g < stop; g++ {
			xs, _ := c.Ask()
			if g == 2 {
				break // asked, not told
			}
			f := make([]float64, len(xs))
			c.Tell(f)
		}
		c.Close()
		c.Close()
		if _, err := c.Ask(); err == nil {
			t.Error("Ask after Close")
		}
	}
}
