package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"sort"
	"strconv"
	"sync"

	"github.com/coevolab/coevo/engine/game"
	"github.com/coevolab/coevo/engine/games"
	"github.com/coevolab/coevo/engine/umda"
	"github.com/coevolab/coevo/internal/atomicfile"
)

// sweepConfig is the JSON file of coevo umda sweep.
type sweepConfig struct {
	Game     string            `json:"game"`
	Params   map[string]string `json:"params"` // fixed game parameters, e.g. {"k": "3"}
	Size     string            `json:"size"`   // the parameter that varies, e.g. "n"
	Sizes    []int             `json:"sizes"`
	Seeds    int               `json:"seeds"` // seeds 1..Seeds
	Mu       []int             `json:"mu"`
	Gamma    string            `json:"gamma"` // "auto" (default) or a number
	MaxEvals int64             `json:"max_evals"`
}

func sweepHelp(w io.Writer) {
	fmt.Fprint(w, `Usage: coevo umda sweep CONFIG --out RESULTS.csv [--workers N]

Runs UMDA (paper 000, Algorithm 1) for every size x seed x mu of a JSON
config, in parallel, writing one CSV row per run:
  game,size_param,size,positions,delta,mu,gamma,seed,evaluations,generations,optimal,censored
The results file is rewritten atomically after every run and is the
checkpoint: rerunning the same command skips the runs already in it, so an
interrupted sweep resumes. Results do not depend on --workers.

CONFIG example:
  {"game": "subtraction", "params": {"k": "3"}, "size": "n",
   "sizes": [10, 20, 40], "seeds": 10, "mu": [100], "max_evals": 10000000}

Flags:
`)
	fs, _ := sweepFlags()
	flagDefaults(w, fs)
}

type sweepOpts struct {
	out     string
	workers int
}

func sweepFlags() (*flag.FlagSet, *sweepOpts) {
	o := &sweepOpts{}
	fs := flag.NewFlagSet("umda sweep", flag.ContinueOnError)
	fs.StringVar(&o.out, "out", "", "results CSV `FILE` (also the checkpoint)")
	fs.IntVar(&o.workers, "workers", 0, "runs in parallel (0: all cores)")
	return fs, o
}

type sweepJob struct {
	size, mu int
	seed     uint64
}

var sweepHeader = []string{"game", "size_param", "size", "positions", "delta", "mu", "gamma", "seed", "evaluations", "generations", "optimal", "censored"}

func cmdSweep(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs, o := sweepFlags()
	file, err := parseFileFlags(fs, args, stdout, sweepHelp, "coevo umda sweep CONFIG --out RESULTS.csv")
	if err != nil {
		return err
	}
	if o.out == "" {
		return usagef("missing --out RESULTS.csv")
	}
	cfg, spec, err := readSweepConfig(file)
	if err != nil {
		return err
	}
	rows, err := readResults(o.out)
	if err != nil {
		return err
	}
	done := map[sweepJob]bool{}
	for _, r := range rows {
		size, _ := strconv.Atoi(r[2])
		mu, _ := strconv.Atoi(r[5])
		seed, _ := strconv.ParseUint(r[7], 10, 64)
		done[sweepJob{size, mu, seed}] = true
	}
	var jobs []sweepJob
	for _, size := range cfg.Sizes {
		for _, mu := range cfg.Mu {
			for seed := 1; seed <= cfg.Seeds; seed++ {
				j := sweepJob{size, mu, uint64(seed)}
				if !done[j] {
					jobs = append(jobs, j)
				}
			}
		}
	}
	fmt.Fprintf(stderr, "coevo umda sweep: %d runs to do, %d already in %s\n", len(jobs), len(done), o.out)
	gamma := 0.0
	if cfg.Gamma != "" && cfg.Gamma != "auto" {
		if gamma, err = strconv.ParseFloat(cfg.Gamma, 64); err != nil || gamma <= 0 {
			return usagef("%s: gamma %q: want \"auto\" or a positive number", file, cfg.Gamma)
		}
	}
	// Games are compiled once per size, shared by the runs.
	prepared := map[int]*umda.Game{}
	for _, size := range cfg.Sizes {
		a := games.Args{}
		for k, v := range cfg.Params {
			a[k] = v
		}
		a[cfg.Size] = strconv.Itoa(size)
		g, err := spec.Build(a)
		if err != nil {
			return usagef("%s: size %d: %v", file, size, err)
		}
		gr, err := game.CompileContext(ctx, g, game.Options{})
		if err != nil {
			return err
		}
		if prepared[size], err = umda.Prepare(gr, umda.Options{}); err != nil {
			return usagef("%s: size %d: %v", file, size, err)
		}
	}
	workers := o.workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	var (
		mu    sync.Mutex
		first error
		wg    sync.WaitGroup
	)
	next := make(chan sweepJob)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range next {
				G := prepared[j.size]
				r, err := G.UMDA(ctx, umda.Params{Mu: j.mu, Gamma: gamma, Seed: j.seed, MaxEvaluations: cfg.MaxEvals, Workers: 1})
				mu.Lock()
				if err != nil {
					if first == nil {
						first = err
					}
					mu.Unlock()
					continue
				}
				rows = append(rows, []string{cfg.Game, cfg.Size, strconv.Itoa(j.size), strconv.Itoa(G.NumPositions()), strconv.Itoa(G.MaxDegree()),
					strconv.Itoa(j.mu), strconv.FormatFloat(r.Gamma, 'g', -1, 64), strconv.FormatUint(j.seed, 10),
					strconv.FormatInt(r.Evaluations, 10), strconv.Itoa(r.Generations), strconv.FormatBool(r.Optimal), strconv.FormatBool(r.Censored)})
				if err := writeResults(o.out, rows); err != nil && first == nil {
					first = err
				}
				fmt.Fprintf(stderr, "\r%d/%d runs", len(rows)-len(done), len(jobs))
				mu.Unlock()
			}
		}()
	}
feed:
	for _, j := range jobs {
		select {
		case next <- j:
		case <-ctx.Done():
			break feed
		}
	}
	close(next)
	wg.Wait()
	fmt.Fprintln(stderr)
	if first != nil {
		return first
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%d runs in %s\n", len(rows), o.out)
	return nil
}

func readSweepConfig(path string) (*sweepConfig, *games.Spec, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, usagef("%v", err)
	}
	var cfg sweepConfig
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&cfg); err != nil {
		return nil, nil, usagef("%s: %v", path, err)
	}
	spec, err := games.Lookup(cfg.Game)
	if err != nil {
		return nil, nil, usagef("%s: %v", path, err)
	}
	switch {
	case cfg.Size == "" || len(cfg.Sizes) == 0:
		return nil, nil, usagef("%s: needs \"size\" (the parameter that varies) and \"sizes\"", path)
	case cfg.Seeds < 1:
		return nil, nil, usagef("%s: \"seeds\" must be at least 1", path)
	case len(cfg.Mu) == 0:
		return nil, nil, usagef("%s: needs \"mu\", a list of population sizes", path)
	}
	for _, m := range cfg.Mu {
		if m < 1 {
			return nil, nil, usagef("%s: mu %d must be at least 1", path, m)
		}
	}
	return &cfg, spec, nil
}

// readResults reads an earlier results file (none is fine).
func readResults(path string) ([][]string, error) {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		return nil, usagef("%s: not a results file of coevo umda sweep: %v", path, err)
	}
	if len(recs) == 0 {
		return nil, nil
	}
	if len(recs[0]) != len(sweepHeader) || recs[0][0] != "game" {
		return nil, usagef("%s: not a results file of coevo umda sweep (header %v)", path, recs[0])
	}
	return recs[1:], nil
}

// writeResults writes all rows, sorted, through a temporary file.
func writeResults(path string, rows [][]string) error {
	sorted := append([][]string(nil), rows...)
	num := func(s string) float64 { v, _ := strconv.ParseFloat(s, 64); return v }
	sort.SliceStable(sorted, func(a, b int) bool {
		for _, k := range []int{2, 5, 7} { // size, mu, seed
			if x, y := num(sorted[a][k]), num(sorted[b][k]); x != y {
				return x < y
			}
		}
		return false
	})
	return atomicfile.Write(path, func(f io.Writer) error {
		w := csv.NewWriter(f)
		w.Write(sweepHeader)
		w.WriteAll(sorted)
		return w.Error()
	})
}
