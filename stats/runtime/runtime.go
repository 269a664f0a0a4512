package runtime

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sort"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/stat"
	gplot "gonum.org/v1/plot"

	"github.com/coevolab/coevo/internal/frame"
	"github.com/coevolab/coevo/stats/plot"
)

// Point is one run: size N, measured runtime T, and whether the run was
// censored (stopped at its budget T without success).
type Point struct {
	N, T     float64
	Censored bool
}

// Options control Fit.
type Options struct {
	// Bootstrap resamples for the intervals (default 1000; negative: none).
	Bootstrap int
	// Level of the intervals (default 0.95).
	Level float64
	// Seed of the bootstrap.
	Seed uint64
	// BoundExponent, if not 0, is the exponent of a theoretical bound n^e
	// to compare the measured exponent with.
	BoundExponent float64
}

// Result is a fitted runtime model.
type Result struct {
	// Power law T = C n^Exponent.
	Exponent, C float64
	ExponentCI  [2]float64
	R2          float64
	// Power-log law T = LogC n^LogExponent (log n)^LogPower.
	LogExponent, LogPower, LogC float64
	LogExponentCI, LogPowerCI   [2]float64
	// Residuals of the power law, one per uncensored point, in input order.
	Residuals     []float64
	Points        []Point
	Used          int // uncensored points fitted
	Censored      int
	BoundExponent float64
	Sizes         []SizeStats
	// XLabel and YLabel label the plot's axes, with units; empty: "size n"
	// and "runtime T (evaluations)".
	XLabel, YLabel string
	// Level is the confidence level of the intervals.
	Level float64
}

// SizeStats summarises the runs at one size.
type SizeStats struct {
	N                 float64
	Runs, Successes   int
	SuccessRate       float64
	Mean, Median, ERT float64 // Mean and Median of successful runs
	Evaluations       float64 // all runs, censored at their budget
}

// Fit fits both models to the points.
func Fit(points []Point, opt Options) (*Result, error) {
	return FitContext(context.Background(), points, opt)
}

// FitContext is Fit with a context, checked between bootstrap resamples:
// when it is cancelled, FitContext returns ctx.Err().
func FitContext(ctx context.Context, points []Point, opt Options) (*Result, error) {
	if opt.Bootstrap == 0 {
		opt.Bootstrap = 1000
	}
	if opt.Level == 0 {
		opt.Level = 0.95
	}
	if opt.Level <= 0 || opt.Level >= 1 {
		return nil, fmt.Errorf("confidence level %v: must be in (0, 1)", opt.Level)
	}
	res := &Result{Points: points, BoundExponent: opt.BoundExponent, Level: opt.Level}
	var x, y []float64
	for i, p := range points {
		if !(p.N > 1) || !(p.T > 0) || math.IsInf(p.N, 0) || math.IsInf(p.T, 0) {
			return nil, fmt.Errorf("point %d: size %v and runtime %v must be finite, size > 1 and runtime > 0", i+1, p.N, p.T)
		}
		if p.Censored {
			res.Censored++
			continue
		}
		x, y = append(x, p.N), append(y, p.T)
	}
	res.Used = len(x)
	res.Sizes = sizeStats(points)
	distinct := map[float64]bool{}
	for _, v := range x {
		distinct[v] = true
	}
	if len(distinct) < 2 {
		return nil, errors.New("need successful runs at two or more sizes to fit an exponent")
	}
	a, c, r2, resid := powerLaw(x, y)
	res.Exponent, res.C, res.R2, res.Residuals = a, c, r2, resid
	if len(distinct) >= 3 {
		res.LogExponent, res.LogPower, res.LogC = powerLog(x, y)
	} else {
		res.LogExponent, res.LogPower, res.LogC = math.NaN(), math.NaN(), math.NaN()
	}
	res.ExponentCI = [2]float64{math.NaN(), math.NaN()}
	res.LogExponentCI, res.LogPowerCI = res.ExponentCI, res.ExponentCI
	if opt.Bootstrap > 0 {
		if err := res.bootstrap(ctx, x, y, len(distinct) >= 3, opt); err != nil {
			return nil, err
		}
	}
	return res, nil
}

func logs(x, y []float64) (lx, ly []float64) {
	lx, ly = make([]float64, len(x)), make([]float64, len(y))
	for i := range x {
		lx[i], ly[i] = math.Log(x[i]), math.Log(y[i])
	}
	return lx, ly
}

func powerLaw(x, y []float64) (a, c, r2 float64, resid []float64) {
	lx, ly := logs(x, y)
	alpha, beta := stat.LinearRegression(lx, ly, nil, false)
	r2 = stat.RSquared(lx, ly, nil, alpha, beta)
	resid = make([]float64, len(lx))
	for i := range lx {
		resid[i] = ly[i] - (alpha + beta*lx[i])
	}
	return beta, math.Exp(alpha), r2, resid
}

// powerLog solves the least squares fit of log T on 1, log n, log log n.
func powerLog(x, y []float64) (a, b, c float64) {
	n := len(x)
	X := mat.NewDense(n, 3, nil)
	Y := mat.NewVecDense(n, nil)
	for i := range x {
		l := math.Log(x[i])
		X.Set(i, 0, 1)
		X.Set(i, 1, l)
		X.Set(i, 2, math.Log(l))
		Y.SetVec(i, math.Log(y[i]))
	}
	var beta mat.VecDense
	if err := beta.SolveVec(X, Y); err != nil {
		return math.NaN(), math.NaN(), math.NaN()
	}
	return beta.AtVec(1), beta.AtVec(2), math.Exp(beta.AtVec(0))
}

// bootstrap resamples the runs within each size.
func (r *Result) bootstrap(ctx context.Context, x, y []float64, withLog bool, opt Options) error {
	bySize := map[float64][]float64{}
	var sizes []float64
	for i := range x {
		if _, ok := bySize[x[i]]; !ok {
			sizes = append(sizes, x[i])
		}
		bySize[x[i]] = append(bySize[x[i]], y[i])
	}
	sort.Float64s(sizes)
	rng := rand.New(rand.NewPCG(opt.Seed, 0x5eed))
	var as, las, lbs []float64
	bx, by := make([]float64, 0, len(x)), make([]float64, 0, len(y))
	for k := 0; k < opt.Bootstrap; k++ {
		if k%64 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		bx, by = bx[:0], by[:0]
		for _, s := range sizes {
			runs := bySize[s]
			for range runs {
				bx = append(bx, s)
				by = append(by, runs[rng.IntN(len(runs))])
			}
		}
		a, _, _, _ := powerLaw(bx, by)
		as = append(as, a)
		if withLog {
			la, lb, _ := powerLog(bx, by)
			las, lbs = append(las, la), append(lbs, lb)
		}
	}
	q := (1 - opt.Level) / 2
	r.ExponentCI = quantiles(as, q)
	if withLog {
		r.LogExponentCI, r.LogPowerCI = quantiles(las, q), quantiles(lbs, q)
	}
	return nil
}

func quantiles(v []float64, q float64) [2]float64 {
	sort.Float64s(v)
	return [2]float64{stat.Quantile(q, stat.Empirical, v, nil), stat.Quantile(1-q, stat.Empirical, v, nil)}
}

func sizeStats(points []Point) []SizeStats {
	m := map[float64]*SizeStats{}
	succ := map[float64][]float64{}
	var sizes []float64
	for _, p := range points {
		s, ok := m[p.N]
		if !ok {
			s = &SizeStats{N: p.N}
			m[p.N] = s
			sizes = append(sizes, p.N)
		}
		s.Runs++
		s.Evaluations += p.T
		if !p.Censored {
			s.Successes++
			succ[p.N] = append(succ[p.N], p.T)
		}
	}
	sort.Float64s(sizes)
	out := make([]SizeStats, len(sizes))
	for i, n := range sizes {
		s := *m[n]
		s.SuccessRate = float64(s.Successes) / float64(s.Runs)
		s.Mean, s.Median, s.ERT = math.NaN(), math.NaN(), math.Inf(1)
		if t := succ[n]; len(t) > 0 {
			sort.Float64s(t)
			s.Mean = stat.Mean(t, nil)
			s.Median = stat.Quantile(0.5, stat.Empirical, t, nil)
			s.ERT = s.Evaluations / float64(s.Successes)
		}
		out[i] = s
	}
	return out
}

// DataFrame returns the per-size summary: n, runs, successes,
// success_rate (3 significant digits), mean, median, ert (4).
func (r *Result) DataFrame() dataframe.DataFrame {
	k := len(r.Sizes)
	n, mean, med, ert, rate := make([]float64, k), make([]float64, k), make([]float64, k), make([]float64, k), make([]float64, k)
	runs, succ := make([]int, k), make([]int, k)
	for i, s := range r.Sizes {
		n[i], runs[i], succ[i], rate[i], mean[i], med[i], ert[i] = s.N, s.Runs, s.Successes, s.SuccessRate, s.Mean, s.Median, s.ERT
	}
	return dataframe.New(
		frame.Number("n", n),
		series.New(runs, series.Int, "runs"),
		series.New(succ, series.Int, "successes"),
		frame.Sig("success_rate", rate, 3),
		frame.Sig("mean", mean, 4),
		frame.Sig("median", med, 4),
		frame.Sig("ert", ert, 4),
	)
}

// Plot draws the runs on log-log axes in the figure style of stats/plot:
// successful runs, censored ones apart (they are not fitted), the power
// law fitted with the band its exponent's confidence interval spans
// (pivoting on the centre of the data, where the fit is surest), and the
// bound's slope when set.
func (r *Result) Plot() (*gplot.Plot, error) {
	var x, y, cx, cy []float64
	for _, p := range r.Points {
		if p.Censored {
			cx, cy = append(cx, p.N), append(cy, p.T)
		} else {
			x, y = append(x, p.N), append(y, p.T)
		}
	}
	if len(x) == 0 {
		return nil, errors.New("runtime: no successful run to plot")
	}
	xl, yl := r.XLabel, r.YLabel
	if xl == "" {
		xl = "size n"
	}
	if yl == "" {
		yl = "runtime T (evaluations)"
	}
	p := plot.New("", xl, yl)
	plot.LogAxis(&p.X)
	plot.LogAxis(&p.Y)
	xmin, xmax := math.Inf(1), math.Inf(-1)
	for _, v := range append(append([]float64{}, x...), cx...) {
		xmin, xmax = math.Min(xmin, v), math.Max(xmax, v)
	}
	// The fitted line passes through the centre of the logs.
	lx, ly := logs(x, y)
	mx, my := stat.Mean(lx, nil), stat.Mean(ly, nil)
	line := func(a float64) func(float64) float64 {
		return func(v float64) float64 { return math.Exp(my + a*(math.Log(v)-mx)) }
	}
	label := fmt.Sprintf("fit: T = c·n^{%.2f}", r.Exponent)
	var band gplot.Thumbnailer
	if lo, hi := r.ExponentCI[0], r.ExponentCI[1]; !math.IsNaN(lo) && !math.IsNaN(hi) {
		bx, blo := plot.Curve(line(lo), xmin, xmax)
		_, bhi := plot.Curve(line(hi), xmin, xmax)
		if len(bx) == len(blo) && len(blo) == len(bhi) && len(bx) >= 2 {
			for i := range blo {
				blo[i], bhi[i] = math.Min(blo[i], bhi[i]), math.Max(blo[i], bhi[i])
			}
			poly, err := plot.Band(p, bx, blo, bhi, plot.Color(1), "")
			if err != nil {
				return nil, err
			}
			band = poly
			label += fmt.Sprintf(", exponent's %.0f%% interval", 100*r.Level)
		}
	}
	if _, err := plot.Points(p, x, y, plot.Color(0), "runs"); err != nil {
		return nil, err
	}
	if len(cx) > 0 {
		if _, err := plot.Points(p, cx, cy, plot.Color(3), "censored (not fitted)"); err != nil {
			return nil, err
		}
	}
	fx, fy := plot.Curve(line(r.Exponent), xmin, xmax)
	fit, err := plot.Line(p, fx, fy, plot.Color(1), false, "")
	if err != nil {
		return nil, err
	}
	if band != nil {
		p.Legend.Add(label, band, fit)
	} else {
		p.Legend.Add(label, fit)
	}
	if r.BoundExponent != 0 {
		// The bound's slope through the first run, up to a decade above
		// the slowest run: its slope is what matters, not its height.
		top := 10 * slices.Max(append(append([]float64{}, y...), cy...))
		bx, by := plot.Curve(func(v float64) float64 { return y[0] * math.Pow(v/x[0], r.BoundExponent) }, xmin, xmax)
		for len(by) > 2 && by[len(by)-1] > top {
			bx, by = bx[:len(bx)-1], by[:len(by)-1]
		}
		if _, err := plot.Line(p, bx, by, plot.Gray, true, fmt.Sprintf("slope %g (bound)", r.BoundExponent)); err != nil {
			return nil, err
		}
	}
	plot.Finish(p)
	return p, nil
}
