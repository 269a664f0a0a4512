package gp

import (
	"fmt"
	"math"
	"time"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	gplot "gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"

	"github.com/coevolab/coevo/internal/frame"
	"github.com/coevolab/coevo/stats/plot"
)

// Generation summarizes one generation of a run.
type Generation struct {
	Generation int // 0 is the random initial population
	// The best program (least error, then fewest nodes): its error, size,
	// depth and prefix form.
	BestError  int64
	BestLength int
	BestDepth  int
	Best       string
	// Means over the population.
	MeanError, MeanLength float64
	// Seconds since the run started.
	Seconds float64
}

func summarize(pop []individual, g int, elapsed time.Duration, names []string) Generation {
	best := bestOf(pop)
	gen := Generation{Generation: g, BestError: best.raw, BestLength: len(best.prog),
		BestDepth: best.prog.Depth(), Best: best.prog.Format(names), Seconds: elapsed.Seconds()}
	for i := range pop {
		gen.MeanError += float64(pop[i].raw) / float64(len(pop))
		gen.MeanLength += float64(len(pop[i].prog)) / float64(len(pop))
	}
	return gen
}

// Result is the outcome of a run.
type Result struct {
	// Best is the best program of the run (least error on the training
	// set, then fewest nodes) and Error its error under Fitness.
	Best    Program
	Error   int64
	Fitness Fitness
	Names   []string
	// TrainAccuracy and Accuracy are the fractions of training and
	// held-out positions where Best gives the Sprague-Grundy value (NaN
	// when there are none).
	TrainAccuracy, Accuracy float64
	History                 []Generation
	Elapsed                 time.Duration
	Config                  Config // with the defaults filled in
	Data                    *Data
}

func (r *Result) finish(start time.Time) {
	r.Elapsed = time.Since(start)
	r.TrainAccuracy, r.Accuracy = nan(), nan()
	if r.Best == nil {
		return
	}
	if len(r.Data.Train.Y) == r.Data.Train.Rows() {
		r.TrainAccuracy = r.Data.Train.Accuracy(r.Best)
	}
	if r.Data.Test != nil {
		r.Accuracy = r.Data.Test.Accuracy(r.Best)
	}
}

// Exact reports whether the best program has error 0.
func (r *Result) Exact() bool { return r.Best != nil && r.Error == 0 }

// Generations returns the number of generations run.
func (r *Result) Generations() int { return len(r.History) }

// Prefix returns the best program as evolved, in the prefix notation of
// paper 002: MOD(SUB(h, 1), PLUS1(PLUS1(1))).
func (r *Result) Prefix() string { return r.Best.Format(r.Names) }

// Formula returns the best program simplified, in infix: (h - 1) mod 3.
func (r *Result) Formula() string { return Infix(r.Best, r.Names) }

func (r *Result) String() string {
	if r.Best == nil {
		return "gp: no program"
	}
	return fmt.Sprintf("%s   error %d (%s), held-out accuracy %.3f, %d generations, %.2fs",
		r.Formula(), r.Error, r.Fitness, r.Accuracy, r.Generations(), r.Elapsed.Seconds())
}

// DataFrame returns the history, one row per generation: generation,
// best_error, best_length, best_depth, mean_error, mean_length, seconds and
// best (the prefix form).
func (r *Result) DataFrame() dataframe.DataFrame {
	n := len(r.History)
	gen, berr, blen, bdep := make([]int, n), make([]int, n), make([]int, n), make([]int, n)
	merr, mlen, secs := make([]float64, n), make([]float64, n), make([]float64, n)
	best := make([]string, n)
	for i, h := range r.History {
		gen[i], berr[i], blen[i], bdep[i] = h.Generation, int(min(h.BestError, math.MaxInt32)), h.BestLength, h.BestDepth
		merr[i], mlen[i], secs[i], best[i] = h.MeanError, h.MeanLength, h.Seconds, h.Best
	}
	return dataframe.New(
		series.New(gen, series.Int, "generation"),
		series.New(berr, series.Int, "best_error"),
		series.New(blen, series.Int, "best_length"),
		series.New(bdep, series.Int, "best_depth"),
		frame.Sig("mean_error", merr, 4),
		frame.Round("mean_length", mlen, 1),
		frame.Sig("seconds", secs, 3),
		series.New(best, series.String, "best"),
	)
}

// Plot draws the best and the mean error of each generation (the fitness's
// error, on a log scale) and the mean program length in nodes. An error of
// 0, which a log scale cannot show, is drawn at 0.5, on a dotted line that
// the legend names so.
func (r *Result) Plot() (*gplot.Plot, error) {
	n := len(r.History)
	x := make([]float64, n)
	best, mean, length := make([]float64, n), make([]float64, n), make([]float64, n)
	const zeroAt = 0.5
	zero := false
	for i, h := range r.History {
		x[i] = float64(h.Generation)
		best[i], mean[i], length[i] = float64(h.BestError), h.MeanError, h.MeanLength
		for _, v := range []*float64{&best[i], &mean[i], &length[i]} {
			if *v < zeroAt {
				*v, zero = zeroAt, true
			}
		}
	}
	p, err := plot.Lines(fmt.Sprintf("GP, %s fitness", r.Fitness), "generation", "error, or length (nodes)", true, x,
		[]string{"best error", "mean error", "mean length"}, [][]float64{best, mean, length})
	if err != nil {
		return nil, err
	}
	if zero && n > 0 {
		l, err := plot.Line(p, []float64{x[0], x[n-1]}, []float64{zeroAt, zeroAt}, plot.Gray, false, "error 0, drawn at 0.5")
		if err != nil {
			return nil, err
		}
		l.Width = vg.Points(0.6)
		l.Dashes = []vg.Length{vg.Points(1), vg.Points(1.5)}
		plot.Finish(p)
	}
	plot.CountAxis(&p.X)
	return p, nil
}
