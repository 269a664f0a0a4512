package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"
	"text/tabwriter"

	"github.com/coevolab/coevo/internal/input"
	"github.com/coevolab/coevo/stats/runtime"
)

func regressHelp(w io.Writer) {
	fmt.Fprint(w, `Usage: coevo regress FILE --x COLUMN --y COLUMN [flags]

Fits measured runtimes T against problem sizes n: the power law T = c n^a
and T = c n^a (log n)^b by least squares on logarithms, with bootstrap
confidence intervals over the repetitions at each size, and compares the
exponent with a theoretical bound's (e.g. 5 for paper 000 Proposition 6.1).
Runs marked in the censored column (they hit their budget) are kept out of
the fits and counted in each size's success rate and expected running time
(ERT: all evaluations / successful runs).

Example:
  coevo regress runs.csv --x n --y evaluations --bound-exponent 5 --plot fit.pdf \
      --ylabel "runtime (evaluations)"

Flags:
`)
	fs, _ := regressFlags()
	flagDefaults(w, fs)
}

type regressOpts struct {
	x, y, censored, plot string
	xlabel, ylabel       string
	bound, level         float64
	boot                 int
	seed                 uint64
	json                 bool
}

func regressFlags() (*flag.FlagSet, *regressOpts) {
	o := &regressOpts{}
	fs := flag.NewFlagSet("regress", flag.ContinueOnError)
	fs.StringVar(&o.x, "x", "n", "column of the size n")
	fs.StringVar(&o.y, "y", "T", "column of the runtime T")
	fs.StringVar(&o.censored, "censored", "censored", "column marking runs that hit their budget (used if present)")
	fs.Float64Var(&o.bound, "bound-exponent", 0, "exponent of a theoretical bound n^e to compare with")
	fs.IntVar(&o.boot, "bootstrap", 1000, fmt.Sprintf("bootstrap resamples for the intervals (1 to %d)", maxBootstrap))
	fs.Float64Var(&o.level, "level", 0.95, "confidence level")
	fs.Uint64Var(&o.seed, "seed", 1, "seed of the bootstrap")
	fs.StringVar(&o.plot, "plot", "", "save a log-log plot with the fit and the bound's slope to `FILE` (.pdf .svg .png .eps)")
	fs.StringVar(&o.xlabel, "xlabel", "", "the plot's x-axis label, with units (default: size COLUMN)")
	fs.StringVar(&o.ylabel, "ylabel", "", `the plot's y-axis label, with units, e.g. "runtime T (evaluations)" (default: runtime COLUMN)`)
	fs.BoolVar(&o.json, "json", false, `print {"exponent":..,"ci":[lo,hi],...} as JSON`)
	return fs, o
}

// maxBootstrap bounds --bootstrap: a million resamples already fix the
// interval's ends to well within their own uncertainty.
const maxBootstrap = 1_000_000

// num is a float that encodes NaN and infinities as JSON null.
type num float64

func (n num) MarshalJSON() ([]byte, error) {
	if math.IsNaN(float64(n)) || math.IsInf(float64(n), 0) {
		return []byte("null"), nil
	}
	return json.Marshal(float64(n))
}

func cmdRegress(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs, o := regressFlags()
	file, err := parseFileFlags(fs, args, stdout, regressHelp, "coevo regress FILE --x n --y T")
	if err != nil {
		return err
	}
	switch {
	case !(o.level > 0 && o.level < 1):
		return usagef("--level %g: want a confidence level between 0 and 1, such as 0.95", o.level)
	case o.boot < 1 || o.boot > maxBootstrap:
		return usagef("--bootstrap %d: want 1 to %d resamples", o.boot, maxBootstrap)
	}
	if o.plot != "" {
		if err := checkPlot("plot", o.plot); err != nil {
			return err
		}
		if err := notInput("plot", o.plot, file); err != nil {
			return err
		}
	}
	f, err := openInput(ctx, file, input.Limits{}) // internal/csvdata caps lines and size
	if err != nil {
		return err
	}
	pts, err := runtime.Read(f, file, o.x, o.y, o.censored)
	f.Close()
	if err != nil {
		return inputError(ctx, err, "")
	}
	r, err := runtime.FitContext(ctx, pts, runtime.Options{Bootstrap: o.boot, Level: o.level, Seed: o.seed, BoundExponent: o.bound})
	if err != nil && ctx.Err() != nil {
		return ctx.Err()
	}
	if err != nil {
		return usagef("%s: %v", file, err)
	}
	if o.plot != "" {
		r.XLabel, r.YLabel = o.xlabel, o.ylabel
		if r.XLabel == "" {
			r.XLabel = "size " + o.x
		}
		if r.YLabel == "" {
			r.YLabel = "runtime " + o.y
		}
		p, err := r.Plot()
		if err != nil {
			return err
		}
		if err := savePlot(ctx, "plot", o.plot, p); err != nil {
			return err
		}
	}
	if o.json {
		type size struct {
			N           float64 `json:"n"`
			Runs        int     `json:"runs"`
			Successes   int     `json:"successes"`
			SuccessRate float64 `json:"success_rate"`
			Median      num     `json:"median"`
			ERT         num     `json:"ert"`
		}
		out := struct {
			Exponent      num     `json:"exponent"`
			CI            [2]num  `json:"ci"`
			Constant      num     `json:"constant"`
			R2            num     `json:"r2"`
			LogExponent   num     `json:"log_exponent"`
			LogExponentCI [2]num  `json:"log_exponent_ci"`
			LogPower      num     `json:"log_power"`
			LogPowerCI    [2]num  `json:"log_power_ci"`
			BoundExponent float64 `json:"bound_exponent,omitempty"`
			Used          int     `json:"used"`
			Censored      int     `json:"censored"`
			Sizes         []size  `json:"sizes"`
		}{
			Exponent: num(r.Exponent), CI: [2]num{num(r.ExponentCI[0]), num(r.ExponentCI[1])},
			Constant: num(r.C), R2: num(r.R2),
			LogExponent: num(r.LogExponent), LogExponentCI: [2]num{num(r.LogExponentCI[0]), num(r.LogExponentCI[1])},
			LogPower: num(r.LogPower), LogPowerCI: [2]num{num(r.LogPowerCI[0]), num(r.LogPowerCI[1])},
			BoundExponent: o.bound, Used: r.Used, Censored: r.Censored,
		}
		for _, s := range r.Sizes {
			out.Sizes = append(out.Sizes, size{s.N, s.Runs, s.Successes, s.SuccessRate, num(s.Median), num(s.ERT)})
		}
		return json.NewEncoder(stdout).Encode(out)
	}
	fmt.Fprintf(stdout, "power law:  T = %.4g n^%.4f   exponent %.0f%% CI [%.4f, %.4f]   R^2 = %.4f\n",
		r.C, r.Exponent, 100*o.level, r.ExponentCI[0], r.ExponentCI[1], r.R2)
	if !math.IsNaN(r.LogExponent) {
		fmt.Fprintf(stdout, "power-log:  T = %.4g n^%.4f (log n)^%.4f   CI a [%.4f, %.4f]  b [%.4f, %.4f]\n",
			r.LogC, r.LogExponent, r.LogPower, r.LogExponentCI[0], r.LogExponentCI[1], r.LogPowerCI[0], r.LogPowerCI[1])
	}
	if o.bound != 0 {
		rel := "below"
		switch {
		case r.ExponentCI[0] > o.bound:
			rel = "above"
		case r.ExponentCI[1] >= o.bound:
			rel = "not distinguishable from"
		}
		fmt.Fprintf(stdout, "bound exponent %g: the measured exponent is %s it\n", o.bound, rel)
	}
	fmt.Fprintf(stdout, "runs: %d fitted, %d censored\n", r.Used, r.Censored)
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "n\truns\tsuccesses\tsuccess rate\tmedian\tERT\t")
	for _, s := range r.Sizes {
		fmt.Fprintf(tw, "%g\t%d\t%d\t%.2f\t%.4g\t%.4g\t\n", s.N, s.Runs, s.Successes, s.SuccessRate, s.Median, s.ERT)
	}
	return tw.Flush()
}
