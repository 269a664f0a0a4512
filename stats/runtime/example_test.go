package runtime_test

import (
	"fmt"
	"math"

	"github.com/coevolab/coevo/stats/runtime"
)

func ExampleFit() {
	var pts []runtime.Point
	for _, n := range []float64{10, 20, 40, 80} {
		pts = append(pts, runtime.Point{N: n, T: 7 * math.Pow(n, 3)})
	}
	r, _ := runtime.Fit(pts, runtime.Options{Bootstrap: -1, BoundExponent: 5})
	fmt.Printf("T = %.1f n^%.2f (bound exponent %g)\n", r.C, r.Exponent, r.BoundExponent)
	// Output: T = 7.0 n^3.00 (bound exponent 5)
}
