// Package frame builds gota DataFrame columns the way researchers expect
// to read them: counts and sizes that are whole numbers print as integers
// (11, not 11.000000), a value that is not there is missing (the kernel
// shows it blank) rather than NaN, and measured numbers are rounded to
// what they mean: Elo and scores to a tenth, probabilities and statistics
// to a few significant digits. The typed results (a fit's Elo(), a run's
// History) keep full precision; a DataFrame is for reading.
package frame

import (
	"math"
	"strconv"

	"github.com/go-gota/gota/series"
)

// Number returns v as an Int column when every value is a whole number
// that fits an int or NaN (missing), and as a Float column otherwise.
func Number(name string, v []float64) series.Series {
	vals := make([]any, len(v))
	for i, x := range v {
		switch {
		case math.IsNaN(x):
			vals[i] = nil
		case x != math.Trunc(x) || math.Abs(x) > 1<<53:
			return series.New(v, series.Float, name)
		default:
			vals[i] = int(x)
		}
	}
	return series.New(vals, series.Int, name)
}

// Round returns v rounded to decimals places (Elo to 1, a percentage to
// 1), as a Float column; NaN stays missing.
func Round(name string, v []float64, decimals int) series.Series {
	out := make([]float64, len(v))
	for i, x := range v {
		out[i] = RoundTo(x, decimals)
	}
	return series.New(out, series.Float, name)
}

// Sig returns v rounded to digits significant digits (a probability or a
// statistic to 3 or 4), as a Float column; NaN stays missing.
func Sig(name string, v []float64, digits int) series.Series {
	out := make([]float64, len(v))
	for i, x := range v {
		out[i] = SigTo(x, digits)
	}
	return series.New(out, series.Float, name)
}

// RoundTo rounds x to decimals places, exactly as a decimal would print.
func RoundTo(x float64, decimals int) float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return x
	}
	r, err := strconv.ParseFloat(strconv.FormatFloat(x, 'f', decimals, 64), 64)
	if err != nil {
		return x
	}
	return r
}

// SigTo rounds x to digits significant digits.
func SigTo(x float64, digits int) float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) || x == 0 {
		return x
	}
	r, err := strconv.ParseFloat(strconv.FormatFloat(x, 'g', digits, 64), 64)
	if err != nil {
		return x
	}
	return r
}
