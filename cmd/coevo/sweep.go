package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/coevolab/coevo/engine/game"
	"github.com/coevolab/coevo/engine/games"
	"github.com/coevolab/coevo/engine/umda"
	"github.com/coevolab/coevo/internal/shard"
)

// sweepConfig is the JSON file of coevo umda sweep.
type sweepConfig struct {
	Game     string              `json:"game"`
	Params   map[string]jsonText `json:"params"` // fixed game parameters, e.g. {"k": "3"}
	Size     string              `json:"size"`   // the parameter that varies, e.g. "n"
	Sizes    []int               `json:"sizes"`
	Seeds    int                 `json:"seeds"` // seeds 1..Seeds
	Mu       []int               `json:"mu"`
	Gamma    jsonText            `json:"gamma"` // "auto" (default) or a number
	MaxEvals int64               `json:"max_evals"`

	spec  *games.Spec
	gamma float64 // 0: auto
	// As recorded in every row: the fixed parameters as "k=3 m=2" (sorted
	// by name), and gamma as configured ("auto" or the number).
	params, gammaSetting string
}

// The most runs a sweep may hold: its work list is kept in memory.
const maxSweepRuns = 10_000_000

func sweepHelp(w io.Writer) {
	fmt.Fprint(w, `Usage: coevo umda sweep CONFIG --out RESULTS.csv [--workers N]
       coevo umda sweep CONFIG --out RESULTS.csv --slurm [--shards N] [--submit | --dry-run]
       coevo umda sweep CONFIG --out RESULTS.csv --merge [--shards N]

Runs UMDA (paper 000, Algorithm 1) for every size x mu x seed of a JSON
config, in parallel, writing one CSV row per run:
  game,params,size_param,size,mu,seed,gamma_setting,max_evals,
  umda_stream,positions,delta,gamma,evaluations,generations,optimal,censored
Each row records the settings its result depends on (umda_stream: how
this coevo draws a seeded run's random numbers). The results file is
the checkpoint: each run is appended as it ends, so rerunning the command
resumes an interrupted sweep; it refuses rows computed with other settings
(naming the field) and rows of runs the config does not list. One process
writes a results file at a time. Rows are in config order when the sweep
ends, and do not depend on --workers.

CONFIG example ("gamma" defaults to "auto", 1/(20 Delta n); "max_evals" to 1e8;
"params" values and "gamma" may be strings or numbers; a key given twice is
refused):
  {"game": "subtraction", "params": {"k": "3"}, "size": "n",
   "sizes": [10, 20, 40], "seeds": 10, "mu": [100], "max_evals": 10000000}

On a SLURM cluster (docs/cluster.md): --slurm writes RESULTS.sbatch, a job
array with one shard of the runs per task (--shard I/N, each into
RESULTS.shard-I-of-N.csv); --merge then joins the shards into RESULTS.csv,
byte for byte the file one machine writes.

Flags:
`)
	fs, _ := sweepFlags()
	flagDefaults(w, fs)
}

type sweepOpts struct {
	out     string
	workers int
	cluster *clusterOpts
}

func sweepFlags() (*flag.FlagSet, *sweepOpts) {
	o := &sweepOpts{}
	fs := flag.NewFlagSet("umda sweep", flag.ContinueOnError)
	fs.StringVar(&o.out, "out", "", "results CSV `FILE` (also the checkpoint)")
	fs.IntVar(&o.workers, "workers", 0, "runs in parallel (0: all cores)")
	o.cluster = addClusterFlags(fs)
	return fs, o
}

// sweepRun is one work item: a run of UMDA.
type sweepRun struct {
	size, mu int
	seed     uint64
}

var sweepHeader = []string{"game", "params", "size_param", "size", "mu", "seed", "gamma_setting", "max_evals", "umda_stream",
	"positions", "delta", "gamma", "evaluations", "generations", "optimal", "censored"}

// sweepJob lists the runs of cfg in config order (size, then mu, then
// seed) as a shard.Job, and how many were listed twice (dropped).
func (cfg *sweepConfig) sweepJob() (*shard.Job, []sweepRun, int) {
	job, runs, n, _ := cfg.sweepJobContext(context.Background())
	return job, runs, n
}

// sweepJobContext is sweepJob that stops when ctx is done (listing
// millions of runs takes seconds).
func (cfg *sweepConfig) sweepJobContext(ctx context.Context) (*shard.Job, []sweepRun, int, error) {
	job := shard.NewJob("coevo umda sweep", sweepHeader, []string{"size", "mu", "seed"},
		[]string{"game", "params", "size_param", "gamma_setting", "max_evals", "umda_stream"})
	settings := []string{cfg.Game, cfg.params, cfg.Size, cfg.gammaSetting, strconv.FormatInt(cfg.MaxEvals, 10), strconv.Itoa(umda.Stream)}
	var runs []sweepRun
	dropped := 0
	for _, size := range cfg.Sizes {
		for _, mu := range cfg.Mu {
			for seed := 1; seed <= cfg.Seeds; seed++ {
				if seed&0xffff == 0 && ctx.Err() != nil {
					return nil, nil, 0, ctx.Err()
				}
				if job.Add([]string{strconv.Itoa(size), strconv.Itoa(mu), strconv.Itoa(seed)}, settings) {
					runs = append(runs, sweepRun{size, mu, uint64(seed)})
				} else {
					dropped++
				}
			}
		}
	}
	return job, runs, dropped, nil
}

// row is the results row of run j of game G.
func (cfg *sweepConfig) row(j sweepRun, G *umda.Game, r *umda.Run) []string {
	return []string{cfg.Game, cfg.params, cfg.Size, strconv.Itoa(j.size), strconv.Itoa(j.mu), strconv.FormatUint(j.seed, 10),
		cfg.gammaSetting, strconv.FormatInt(cfg.MaxEvals, 10), strconv.Itoa(umda.Stream),
		strconv.Itoa(G.NumPositions()), strconv.Itoa(G.MaxDegree()), strconv.FormatFloat(r.Gamma, 'g', -1, 64),
		strconv.FormatInt(r.Evaluations, 10), strconv.Itoa(r.Generations), strconv.FormatBool(r.Optimal), strconv.FormatBool(r.Censored)}
}

func (cfg *sweepConfig) gameArgs(size int) games.Args {
	a := games.Args{}
	for k, v := range cfg.Params {
		a[k] = string(v)
	}
	a[cfg.Size] = strconv.Itoa(size)
	return a
}

func cmdSweep(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs, o := sweepFlags()
	file, err := parseFileFlags(fs, args, stdout, sweepHelp, "coevo umda sweep CONFIG --out RESULTS.csv")
	if err != nil {
		return err
	}
	if o.out == "" {
		return usagef("missing --out RESULTS.csv")
	}
	if err := checkWorkers(o.workers); err != nil {
		return err
	}
	split, err := o.cluster.check()
	if err != nil {
		return err
	}
	if !o.cluster.dryRun {
		if err := checkResults("out", o.out, o.cluster.follow); err != nil {
			return err
		}
		if err := notInput("out", o.out, file); err != nil {
			return err
		}
	}
	cfg, err := readSweepConfig(ctx, file)
	if err != nil {
		return err
	}
	job, runs, dropped, err := cfg.sweepJobContext(ctx)
	if err != nil {
		return err
	}
	if err := o.cluster.fits(job, split); err != nil {
		return err
	}
	if dropped > 0 {
		fmt.Fprintf(stderr, "coevo umda sweep: %s lists a size or mu more than once: %d repeated runs dropped, each runs once\n", file, dropped)
	}
	command := coevoCommand("umda", "sweep", absPath(file), "--out", absPath(o.out))
	switch {
	case o.cluster.slurm:
		return o.cluster.runSLURM(ctx, job, "coevo umda sweep", absPath(o.out), command, command, stdout)
	case o.cluster.merge:
		return o.cluster.runMerge(job, o.out, stdout)
	}

	log, err := job.Open(o.out, split)
	if err != nil {
		return shardError(err)
	}
	defer log.Close() // on early returns; the end closes it and checks
	for _, n := range log.Notes() {
		fmt.Fprintln(stderr, "coevo umda sweep:", n)
	}
	todo := log.Todo()
	// The games first: a size too large is refused before any line that
	// says the runs are under way.
	prepared, err := cfg.prepare(ctx, file, runs, todo)
	if err != nil {
		return err
	}
	fmt.Fprintf(stderr, "coevo umda sweep: %d runs to do, %d already in %s\n", len(todo), log.Resumed(), log.Path())
	step, end := countProgress(stderr, "coevo umda sweep", "runs", len(todo))
	err = forEach(ctx, todo, o.workers, step, func(ctx context.Context, i int) error {
		j := runs[i]
		G := prepared[j.size]
		r, err := G.UMDA(ctx, umda.Params{Mu: j.mu, Gamma: cfg.gamma, Seed: j.seed, MaxEvaluations: cfg.MaxEvals, Workers: 1})
		if err != nil {
			return err
		}
		return log.Add(i, cfg.row(j, G, r))
	})
	end()
	if cerr := log.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	if split.IsWhole() {
		fmt.Fprintf(stdout, "%d runs in %s\n", job.Len(), log.Path())
	} else {
		fmt.Fprintf(stdout, "%d runs of shard %s in %s\n", len(split.Items(job.Len())), split, log.Path())
	}
	return nil
}

// prepare compiles the game of every size that a run to do needs, once.
func (cfg *sweepConfig) prepare(ctx context.Context, file string, runs []sweepRun, todo []int) (map[int]*umda.Game, error) {
	prepared := map[int]*umda.Game{}
	for _, i := range todo {
		size := runs[i].size
		if prepared[size] != nil {
			continue
		}
		g, err := cfg.spec.Build(cfg.gameArgs(size))
		if err != nil {
			return nil, usagef("%s: size %d: %v", file, size, err)
		}
		gr, err := game.CompileContext(ctx, g, game.Options{MaxPositions: defaultMaxPositions, MaxMoves: defaultMaxMoves})
		if err = compileError(err); err != nil {
			var ue *usageError
			if errors.As(err, &ue) {
				return nil, usagef("%s: size %d: %v", file, size, err)
			}
			return nil, err // interrupted
		}
		G, err := umda.Prepare(gr, umda.Options{})
		if err != nil {
			return nil, usagef("%s: size %d: %v", file, size, err)
		}
		if cfg.gamma*float64(G.MaxDegree()) >= 1 {
			return nil, usagef("%s: gamma %g: at size %d (Delta %d) it must be below 1/Delta = %g", file, cfg.gamma, size, G.MaxDegree(), 1/float64(G.MaxDegree()))
		}
		prepared[size] = G
	}
	return prepared, nil
}

// maxConfigBytes bounds a sweep config file: real ones are a few lines.
const maxConfigBytes = 1 << 20

func readSweepConfig(ctx context.Context, path string) (*sweepConfig, error) {
	b, err := readInput(ctx, path, maxConfigBytes, "sweep config")
	if err != nil {
		return nil, err
	}
	return parseSweepConfig(b, path)
}

// parseSweepConfig checks the sweep config b read from path (named in
// errors, which are all usage errors). A leading byte order mark is
// skipped; a key given twice, a field of the wrong type and an unknown
// field are refused, naming the field. "params" values and "gamma" may be
// strings or numbers ({"k": 3} is {"k": "3"}).
func parseSweepConfig(b []byte, path string) (*sweepConfig, error) {
	b = bytes.TrimPrefix(b, []byte("\ufeff"))
	if err := checkJSON(b); err != nil {
		return nil, usagef("%s: %v", path, err)
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(b, &raw); err != nil {
		return nil, usagef("%s: %v", path, err)
	}
	var cfg sweepConfig
	fields := []struct {
		name string
		dst  any
		want string
	}{
		{"game", &cfg.Game, "a game's name"},
		{"params", &cfg.Params, `an object of parameters, e.g. {"k": "3"}`},
		{"size", &cfg.Size, "the name of the parameter that varies"},
		{"sizes", &cfg.Sizes, "a list of whole numbers, e.g. [10, 20, 40]"},
		{"seeds", &cfg.Seeds, "a whole number of seeds"},
		{"mu", &cfg.Mu, "a list of whole numbers, e.g. [100]"},
		{"gamma", &cfg.Gamma, `"auto" or a number`},
		{"max_evals", &cfg.MaxEvals, "a whole number of evaluations"},
	}
	var names []string
	for _, f := range fields {
		names = append(names, f.name)
	}
	for k := range raw {
		if !slices.Contains(names, k) {
			return nil, usagef("%s: unknown field %q (the fields are %s)", path, k, strings.Join(names, ", "))
		}
	}
	for _, f := range fields {
		v, ok := raw[f.name]
		if !ok {
			continue
		}
		if err := json.Unmarshal(v, f.dst); err != nil {
			return nil, usagef("%s: %q: %s, want %s", path, f.name, jsonKind(v), f.want)
		}
	}
	var err error
	if cfg.spec, err = games.Lookup(cfg.Game); err != nil {
		return nil, usagef("%s: %v", path, err)
	}
	switch {
	case cfg.Size == "" || len(cfg.Sizes) == 0:
		return nil, usagef("%s: needs \"size\" (the parameter that varies) and \"sizes\"", path)
	case cfg.Seeds < 1:
		return nil, usagef("%s: \"seeds\" must be at least 1", path)
	case len(cfg.Mu) == 0:
		return nil, usagef("%s: needs \"mu\", a list of population sizes", path)
	case cfg.MaxEvals < 0:
		return nil, usagef("%s: \"max_evals\" %d: want a positive budget (0 or absent: 100000000)", path, cfg.MaxEvals)
	case float64(len(cfg.Sizes))*float64(len(cfg.Mu))*float64(cfg.Seeds) > maxSweepRuns:
		return nil, usagef("%s: %d sizes x %d mu x %d seeds is more than %d runs", path, len(cfg.Sizes), len(cfg.Mu), cfg.Seeds, maxSweepRuns)
	}
	if _, ok := cfg.Params[cfg.Size]; ok {
		return nil, usagef("%s: %q is the size that varies; it cannot also be in \"params\"", path, cfg.Size)
	}
	if cfg.MaxEvals == 0 {
		cfg.MaxEvals = 100_000_000 // umda's default budget, recorded as such
	}
	for _, m := range cfg.Mu {
		switch {
		case m < 1 || m > maxMu:
			return nil, usagef("%s: mu %d: want 1 to %d", path, m, maxMu)
		case int64(m) > cfg.MaxEvals:
			return nil, usagef("%s: mu %d is more than max_evals %d: not one generation fits in the budget", path, m, cfg.MaxEvals)
		}
	}
	cfg.gammaSetting = "auto"
	if cfg.Gamma != "" && cfg.Gamma != "auto" {
		if cfg.gamma, err = strconv.ParseFloat(string(cfg.Gamma), 64); err != nil || !(cfg.gamma > 0 && cfg.gamma < 1) {
			return nil, usagef("%s: gamma %q: want \"auto\" or a number in (0, 1)", path, cfg.Gamma)
		}
		cfg.gammaSetting = strconv.FormatFloat(cfg.gamma, 'g', -1, 64)
	}
	var params []string
	for k, v := range cfg.Params {
		params = append(params, k+"="+string(v))
	}
	sort.Strings(params)
	cfg.params = strings.Join(params, " ")
	// Every size must make a game (checked before anything runs, and
	// before a cluster job is submitted).
	for _, size := range cfg.Sizes {
		if _, err := cfg.spec.Build(cfg.gameArgs(size)); err != nil {
			return nil, usagef("%s: size %d: %v", path, size, err)
		}
	}
	return &cfg, nil
}

// jsonText is a config value written as a string or a number: "3" and 3
// both read as "3" (the number's text as written).
type jsonText string

func (t *jsonText) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err == nil {
		*t = jsonText(s)
		return nil
	}
	var n json.Number
	if err := json.Unmarshal(b, &n); err != nil {
		return err
	}
	*t = jsonText(n.String())
	return nil
}

// jsonKind names the kind of a JSON value, for errors.
func jsonKind(v json.RawMessage) string {
	v = bytes.TrimSpace(v)
	if len(v) == 0 {
		return "nothing"
	}
	switch v[0] {
	case '"':
		return "a string"
	case '{':
		return "an object"
	case '[':
		if bytes.ContainsAny(v, ".eE\"{[tfn") {
			return "a list of other values"
		}
		return "a list"
	case 't', 'f':
		return "true or false"
	case 'n':
		return "null"
	}
	return "the number " + string(v)
}

// checkJSON checks that b holds one JSON object in which no object gives
// a key twice (encoding/json would keep the last silently); syntax
// errors are located by line.
func checkJSON(b []byte) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	line := func() int { return 1 + bytes.Count(b[:min(int(dec.InputOffset()), len(b))], []byte("\n")) }
	type frame struct {
		obj     bool
		keys    map[string]bool
		wantKey bool
		name    string // the key this object or list is the value of
	}
	var stack []*frame
	lastKey := ""
	values := 0
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		var se *json.SyntaxError
		switch {
		case errors.As(err, &se):
			return fmt.Errorf("line %d: %v", 1+bytes.Count(b[:min(int(se.Offset), len(b))], []byte("\n")), err)
		case errors.Is(err, io.ErrUnexpectedEOF):
			return errors.New("the JSON ends early (an unclosed { or [)")
		case err != nil:
			return fmt.Errorf("line %d: %v", line(), err)
		}
		var top *frame
		if len(stack) > 0 {
			top = stack[len(stack)-1]
		}
		if d, ok := tok.(json.Delim); ok && (d == '}' || d == ']') {
			stack = stack[:len(stack)-1]
			continue
		}
		if top != nil && top.obj && top.wantKey {
			k := tok.(string)
			if top.keys[k] {
				if top.name != "" {
					return fmt.Errorf("line %d: key %q of %q is given twice", line(), k, top.name)
				}
				return fmt.Errorf("line %d: %q is given twice", line(), k)
			}
			top.keys[k], top.wantKey, lastKey = true, false, k
			continue
		}
		// A value.
		if top == nil {
			if values++; values > 1 {
				return errors.New("more than one JSON object")
			}
			if d, ok := tok.(json.Delim); !ok || d != '{' {
				return errors.New("not a JSON object: want {\"game\": ..., \"sizes\": [...], ...}")
			}
		} else if top.obj {
			top.wantKey = true
		}
		if d, ok := tok.(json.Delim); ok {
			name := lastKey
			if top != nil && !top.obj {
				name = top.name
			}
			stack = append(stack, &frame{obj: d == '{', keys: map[string]bool{}, wantKey: d == '{', name: name})
		}
	}
	if values == 0 {
		return errors.New("empty: want a JSON object")
	}
	return nil
}
