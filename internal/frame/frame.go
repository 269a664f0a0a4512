// Package frame builds gota DataFrame columns the way researchers expect
// to read them: counts and sizes that are whole numbers print as integers
// (11, not 11.000000).
package frame

import (
	"math"

	"github.com/go-gota/gota/series"
)

// Number returns v as an Int column when every value is a whole number
// that fits an int, and as a Float column otherwise.
func Number(name string, v []float64) series.Series {
	ints := make([]int, len(v))
	for i, x := range v {
		if x != math.Trunc(x) || math.Abs(x) > 1<<53 {
			return series.New(v, series.Float, name)
		}
		ints[i] = int(x)
	}
	return series.New(ints, series.Int, name)
}
