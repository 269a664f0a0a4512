package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/coevolab/coevo/engine/coevolve"
	"github.com/coevolab/coevo/internal/atomicfile"
	"github.com/coevolab/coevo/internal/shard"
)

func coevolveHelp(w io.Writer) {
	fmt.Fprint(w, `Usage: coevo coevolve METHOD [--game othello|connect4] [flags] --out DIR
       METHOD: nashsolve, heuristic, icl, roundrobin, maxsolve, ipca or nashmemory
       coevo coevolve matching-sides [--json]

Evolves players of a game with CMA-ES (population 100) as paper 003
section VI does (docs/coevolve.md): --game othello (the default), the 1-ply
weighted piece counters (WPC) of the paper, or connect4, Connect Four with
1-ply linear evaluations. --optimizer cma (the default) is the CMA-ES of
Hansen's tutorial (engine/cmaes); --optimizer gonum is gonum's CmaEsChol,
kept as an ablation (its search freezes):

  nashsolve       against an archive of the last --archive players that beat
                  every earlier member in both seats (Algorithm 1); two
                  noise-free games a pair; paper: 30,000/|A| generations
  heuristic       against the game's first reference player (Othello: the
                  standard heuristic WPC, the "anti-heuristic" run; connect4:
                  the hand-made evaluation one ply deep), 500 games at epsilon
                  0.1; paper: 100 generations
  icl             against --opponents random players (ICL-500: 10 games a
                  seat at epsilon 0.1; ICL-50,000: one noise-free game a seat)

The methods paper 003 compares itself with (docs/coevolve.md says how we read
each):

  roundrobin      straight round-robin coevolution: each generation's
                  candidates play a league; with --optimizer es (the
                  default) Lucas and Runarsson's parent and ten children
                  with parent-child weighted averaging (--beta 0.05), the LR
                  player's method (ref. [8]); 5 games a seat at epsilon 0.1
  maxsolve        de Jong's MaxSolve (ref. [31]): keeps the --archive players
                  that solve the most of an archive of tests
  ipca            de Jong's IPCA (ref. [29]): keeps the learners no learner
                  Pareto-dominates over an archive of tests
  nashmemory      Ficici and Pollack's Nash memory, of capacity --archive as
                  in Manning's resource-limited version (ref. [7])

maxsolve, ipca and nashmemory play NashSolve's games (two noise-free games a
pair), offer --offered candidates a generation, and run 1,000 generations
with a snapshot every 10 unless told otherwise.

  matching-sides  paper 003 Table IV, the cycle of eq. (7), the equilibria

--budget N stops a run once it has played N games (at the end of the
generation that reaches it), to compare methods at equal budgets.

The defaults are the paper's settings. A run writes into DIR: archive.csv
(the permanent archive: coevo ciao DIR analyses it), history.csv, run.json,
for the archive methods admitted.csv, for maxsolve, ipca and nashmemory
archives.csv (the archives at the end); it checkpoints there, and the same command
resumes it (or extends a finished run to more --generations). A folder with
a run's files but no checkpoint is refused unless --force, which starts the
run again and replaces them. Runs are seeded and do not depend on --workers.

Many seeds (--seeds 1-20) run into DIR/seed-S, with one line per seed in
DIR/runs.csv; on a SLURM cluster (docs/cluster.md) --slurm writes
DIR/runs.sbatch, a job array with one shard of the seeds per task, and
--merge joins the shards' files into DIR/runs.csv.

Examples:
  coevo coevolve nashsolve --archive 4 --generations 7500 --seed 1 --out runs/nash4
  coevo coevolve icl --opponents 500 --seed 1 --out runs/icl500
  coevo coevolve nashsolve --archive 1 --seeds 1-20 --out runs/nash1 --slurm --shards 20 --submit
  coevo ciao runs/nash4 --games 100 --epsilon 0.1 --plot ciao.pdf --csv ciao.csv

Flags:
`)
	fs, _ := coevolveFlags()
	flagDefaults(w, fs)
}

type coevolveOpts struct {
	out, seeds, game         string
	seed                     uint64
	archive, opponents       int
	generations, population  int
	games, snapshot, workers int
	epsilon, stepSize, beta  float64
	offered                  int
	budget                   int64
	optimizer                string
	checkpointEvery          int
	checkpointInterval       time.Duration
	force                    bool
	cluster                  *clusterOpts
	fs                       *flag.FlagSet
}

func coevolveFlags() (*flag.FlagSet, *coevolveOpts) {
	o := &coevolveOpts{}
	fs := flag.NewFlagSet("coevolve", flag.ContinueOnError)
	o.fs = fs
	fs.StringVar(&o.out, "out", "", "the run's `DIR` (results and checkpoint)")
	fs.StringVar(&o.game, "game", "othello", "the game: "+strings.Join(coevolve.DomainNames(), " or "))
	fs.Uint64Var(&o.seed, "seed", 1, "seed of the run")
	fs.StringVar(&o.seeds, "seeds", "", "run many seeds, e.g. 1-20 or 1,3,5-8, each into DIR/seed-S")
	fs.IntVar(&o.archive, "archive", 4, "nashsolve: archive size |A|; maxsolve: solutions kept; nashmemory: capacity (support and memory)")
	fs.IntVar(&o.opponents, "opponents", 500, "icl: random opponents")
	fs.IntVar(&o.generations, "generations", 0, "generations (default: the paper's, 30000/|A| for nashsolve, 100 otherwise)")
	fs.IntVar(&o.population, "population", 100, "candidates a generation (roundrobin: 11, a parent and ten children)")
	fs.IntVar(&o.games, "games", 0, "games against each opponent in each seat (default: nashsolve 1, heuristic 250, icl 10, or 1 from 50000 opponents)")
	fs.Float64Var(&o.epsilon, "epsilon", 0, "probability of a forced random move (default: 0.1 for heuristic and icl below 50000 opponents, else 0)")
	fs.IntVar(&o.snapshot, "snapshot", 0, "the permanent archive takes a player every `K` generations (default: 300/|A| for nashsolve, 1 otherwise)")
	fs.StringVar(&o.optimizer, "optimizer", "cma", "cma (Hansen's CMA-ES), gonum (gonum's CmaEsChol, an ablation) or es (Lucas and Runarsson's evolution strategy; the default of roundrobin)")
	fs.Float64Var(&o.stepSize, "step-size", 0.5, "CMA-ES initial step size (its mean starts at 0; from there it only scales every candidate), or the ES's mutation step (roundrobin: 0.05)")
	fs.Float64Var(&o.beta, "beta", 0.05, "--optimizer es: the parent moves this fraction of the way to the best candidate")
	fs.IntVar(&o.offered, "offered", 5, "maxsolve, ipca, nashmemory: candidates offered to the archives each generation")
	fs.Int64Var(&o.budget, "budget", 0, "stop before the first generation that would begin with `N` games or more played (compare methods at equal budgets; 0: no budget)")
	fs.IntVar(&o.workers, "workers", 0, "games in parallel (0: all cores); results do not depend on it")
	fs.IntVar(&o.checkpointEvery, "checkpoint-every", 10, "checkpoint every `N` generations")
	fs.DurationVar(&o.checkpointInterval, "checkpoint-interval", 30*time.Second, "but at most once per `DURATION` (0: every N generations)")
	fs.BoolVar(&o.force, "force", false, "start the run from its first generation, replacing the run's files in DIR (another run's, or any)")
	o.cluster = addClusterFlags(fs)
	return fs, o
}

func cmdCoevolve(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return usagef("missing method: %s or matching-sides (see coevo coevolve --help)", methodList())
	}
	switch args[0] {
	case "-h", "--help", "-help", "help":
		coevolveHelp(stdout)
		return errHelp
	case "matching-sides":
		return matchingSides(args[1:], stdout)
	}
	m := coevolve.Method(args[0])
	if !slices.Contains(coevolve.Methods, m) {
		return usagef("unknown method %q (want %s or matching-sides)", args[0], methodList())
	}
	fs, o := coevolveFlags()
	if err := parseFlags(fs, args[1:], stdout, coevolveHelp); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("unexpected argument %q", fs.Arg(0))
	}
	cfg, err := o.config(m)
	if err != nil {
		return err
	}
	if o.out == "" {
		return usagef("missing --out DIR (the run's results and checkpoint)")
	}
	if err := checkFolder("out", o.out); err != nil {
		return err
	}
	if err := checkWorkers(o.workers); err != nil {
		return err
	}
	if o.checkpointEvery < 1 || o.checkpointInterval < 0 {
		return usagef("--checkpoint-every %d, --checkpoint-interval %v: want >= 1, >= 0", o.checkpointEvery, o.checkpointInterval)
	}
	split, err := o.cluster.check()
	if err != nil {
		return err
	}
	if o.seeds == "" {
		if split != shard.Whole || o.cluster.merge || o.cluster.slurm {
			return usagef("--shard, --merge and --slurm split the seeds of --seeds")
		}
		return o.runOne(ctx, cfg, o.out, stdout, stderr)
	}
	if o.set("seed") {
		return usagef("--seed and --seeds: one or the other")
	}
	seeds, err := parseSeeds(o.seeds)
	if err != nil {
		return usagef("--seeds %v", err)
	}
	return o.runSeeds(ctx, cfg, seeds, split, args[0], stdout, stderr)
}

// maxStepSize bounds --step-size: CMA-ES's candidates are its mean plus
// about the step times normal numbers, and games add 64 weights.
const maxStepSize = 1e6

func (o *coevolveOpts) set(name string) bool {
	found := false
	o.fs.Visit(func(f *flag.Flag) { found = found || f.Name == name })
	return found
}

// methodList lists the methods, for messages.
func methodList() string {
	var n []string
	for _, m := range coevolve.Methods {
		n = append(n, string(m))
	}
	return strings.Join(n, ", ")
}

// config is the run's Config: the paper's settings for the method, with
// the flags given.
func (o *coevolveOpts) config(m coevolve.Method) (coevolve.Config, error) {
	dom, err := coevolve.Lookup(o.game)
	if err != nil || o.game == "" {
		return coevolve.Config{}, usagef("--game %q: want %s", o.game, strings.Join(coevolve.DomainNames(), " or "))
	}
	if m == coevolve.Heuristic && len(dom.References()) == 0 {
		return coevolve.Config{}, usagef("heuristic evolves against the game's reference players, and --game %s has none", o.game)
	}
	size := 0
	switch bounded := m == coevolve.NashSolve || m == coevolve.MaxSolve || m == coevolve.NashMemory; {
	case bounded:
		size = o.archive
		if size < 1 {
			return coevolve.Config{}, usagef("--archive %d: want at least 1", size)
		}
	case o.set("archive"):
		return coevolve.Config{}, usagef("--archive goes with nashsolve, maxsolve and nashmemory")
	}
	switch {
	case m == coevolve.ICL:
		size = o.opponents
		if size < 1 {
			return coevolve.Config{}, usagef("--opponents %d: want at least 1", size)
		}
	case o.set("opponents"):
		return coevolve.Config{}, usagef("--opponents goes with icl")
	}
	if !(o.stepSize > 0 && o.stepSize <= maxStepSize) {
		// Sampled weights of 1e308 are infinite at once; the paper's
		// step is 0.5, the weights of a WPC are of order 1.
		return coevolve.Config{}, usagef("--step-size %v: want a step in (0, %g] (the paper's is 0.5)", o.stepSize, float64(maxStepSize))
	}
	cfg := coevolve.PaperConfig(m, size, o.seed)
	if dom.Name != coevolve.Othello.Name {
		cfg.Game = dom.Name
	}
	if o.set("population") || m != coevolve.RoundRobin {
		cfg.Population = o.population
	}
	if o.set("step-size") || m != coevolve.RoundRobin {
		cfg.StepSize = o.stepSize
	}
	if o.set("optimizer") || m != coevolve.RoundRobin {
		switch opt := coevolve.Optimizer(o.optimizer); opt {
		case coevolve.CMA, coevolve.Gonum, coevolve.ES:
			cfg.Optimizer = opt
		default:
			return coevolve.Config{}, usagef("--optimizer %q: want cma (Hansen's CMA-ES), gonum (gonum's CmaEsChol) or es (Lucas and Runarsson's evolution strategy)", o.optimizer)
		}
	}
	switch {
	case cfg.Optimizer == coevolve.ES && cfg.Beta == 0:
		cfg.Beta = 0.05
	case cfg.Optimizer != coevolve.ES:
		cfg.Beta = 0
	}
	if o.set("beta") {
		if cfg.Optimizer != coevolve.ES {
			return coevolve.Config{}, usagef("--beta goes with --optimizer es (the default of roundrobin)")
		}
		cfg.Beta = o.beta
	}
	if o.set("offered") {
		if m != coevolve.MaxSolve && m != coevolve.IPCA && m != coevolve.NashMemory {
			return coevolve.Config{}, usagef("--offered goes with maxsolve, ipca and nashmemory")
		}
		cfg.Offered = o.offered
	}
	if o.set("generations") {
		cfg.Generations = o.generations
	}
	cfg.Budget = o.budget
	if o.set("games") {
		cfg.Games = o.games
	}
	if o.set("epsilon") {
		cfg.Epsilon = o.epsilon
	}
	if o.set("snapshot") {
		cfg.Snapshot = o.snapshot
	}
	if err := cfg.Check(); err != nil {
		return cfg, usagef("%v", err)
	}
	return cfg, nil
}

func (o *coevolveOpts) options(progress func(coevolve.Progress)) coevolve.Options {
	interval := o.checkpointInterval
	if interval == 0 {
		interval = -1 // no minimum
	}
	return coevolve.Options{Workers: o.workers, Progress: progress, CheckpointEvery: o.checkpointEvery, CheckpointInterval: interval}
}

// evolve runs cfg into dir with a progress line on stderr.
func (o *coevolveOpts) evolve(ctx context.Context, cfg coevolve.Config, dir, label string, stderr io.Writer) (*coevolve.Run, error) {
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return nil, usagef("--out %v", err)
	}
	release, err := shard.LockDir(dir)
	if err != nil {
		return nil, shardError(err)
	}
	defer release()
	if err := checkRunDir(dir, false, o.force); err != nil {
		return nil, err
	}
	if o.force {
		// A new start: the checkpoint there is not resumed, whoever's.
		if err := os.Remove(filepath.Join(dir, coevolve.CheckpointFile)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("--force: %w", err)
		}
	}
	// Under the lock, no other process writes here: the temporary files
	// are those of a run that was killed.
	removed := 0
	for _, name := range coevolve.Files {
		r, _ := atomicfile.RemoveStaleNoFollow(filepath.Join(dir, name))
		removed += len(r)
	}
	if removed > 0 {
		fmt.Fprintf(stderr, "%s: removed %d temporary files left by an interrupted run in %s\n", label, removed, dir)
	}
	step, end := countProgress(stderr, label, "generations", cfg.Generations)
	run, err := coevolve.Evolve(ctx, cfg, dir, o.options(func(p coevolve.Progress) { step(p.Generation) }))
	end()
	var se *coevolve.SettingsError
	var ce *coevolve.CheckpointError
	if errors.As(err, &se) || errors.As(err, &ce) {
		return nil, usagef("%v", err)
	}
	return run, err
}

// checkRunDir checks, before the run, that the files coevolve writes into
// a run directory are regular files or new names there: a symbolic link
// planted under one of their names is refused, not followed (it would
// redirect the write elsewhere). A seed's directory (own), which coevo
// names itself, may not be a link either; --out may be a link to a
// folder, since the user names it. Files of a run with no checkpoint
// beside them (another program's, a run whose checkpoint was removed, a
// copy of a run's results) are not replaced unless force (--force): the
// checkpoint is what makes a folder a run this command continues.
func checkRunDir(dir string, own, force bool) error {
	st, err := os.Lstat(dir)
	switch {
	case err != nil:
		return nil // made when the run starts
	case own && st.Mode()&os.ModeSymlink != 0:
		to, _ := os.Readlink(dir)
		return usagef("--out: %s is a symbolic link (to %s), not followed: coevo makes each seed's folder itself; remove the link", dir, to)
	}
	for _, name := range coevolve.Files {
		if err := atomicfile.CheckNoFollow(filepath.Join(dir, name)); err != nil {
			return usagef("--out %v", err)
		}
	}
	if force {
		return nil
	}
	if _, err := os.Lstat(filepath.Join(dir, coevolve.CheckpointFile)); err == nil {
		return nil // a run: resumed if its settings are these
	}
	var found []string
	for _, name := range coevolve.Files {
		if _, err := os.Lstat(filepath.Join(dir, name)); err == nil {
			found = append(found, name)
		}
	}
	if len(found) > 0 {
		return usagef("--out %s holds %s but no %s: not a run this command can continue, and its files would be replaced; give another folder, or add --force to replace them",
			dir, strings.Join(found, " and "), coevolve.CheckpointFile)
	}
	return nil
}

func (o *coevolveOpts) runOne(ctx context.Context, cfg coevolve.Config, dir string, stdout, stderr io.Writer) error {
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return usagef("--out %v", err)
	}
	t0 := time.Now()
	run, err := o.evolve(ctx, cfg, dir, "coevo coevolve", stderr)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%v\n", run)
	fmt.Fprintf(stdout, "%s: %s (permanent archive), %s, %s", dir, coevolve.ArchiveFile, coevolve.HistoryFile, coevolve.RunFile)
	if run.Admitted != nil {
		fmt.Fprintf(stdout, ", %s", coevolve.AdmittedFile)
	}
	if run.Sets != nil {
		fmt.Fprintf(stdout, ", %s", coevolve.ArchivesFile)
	}
	fmt.Fprintf(stdout, "; %.1fs\nnext: coevo ciao %s --games 100 --epsilon 0.1 --plot ciao.pdf --csv ciao.csv\n", time.Since(t0).Seconds(), dir)
	return nil
}

// parseSeeds reads "1-20" or "1,3,5-8".
func parseSeeds(s string) ([]uint64, error) {
	var seeds []uint64
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		a, b, isRange := strings.Cut(part, "-")
		lo, err1 := strconv.ParseUint(strings.TrimSpace(a), 10, 64)
		hi := lo
		var err2 error
		if isRange {
			hi, err2 = strconv.ParseUint(strings.TrimSpace(b), 10, 64)
		}
		if err1 != nil || err2 != nil || hi < lo || hi-lo >= 1_000_000 {
			return nil, fmt.Errorf("%q: want seeds like 1-20 or 1,3,5-8", s)
		}
		// Counted before they are listed: many ranges of a million each
		// would fill memory.
		if float64(len(seeds))+float64(hi-lo)+1 > maxSweepRuns {
			return nil, fmt.Errorf("%s: more than %d seeds", s[:min(len(s), 40)]+"...", maxSweepRuns)
		}
		for x := lo; ; x++ {
			seeds = append(seeds, x)
			if x == hi {
				break
			}
		}
	}
	return seeds, nil
}

// runsHeader is the header of DIR/runs.csv: the settings (all but the
// seed), the seed, and the run's results.
func runsHeader(cfg coevolve.Config) (header, settings []string) {
	for _, kv := range cfg.Settings() {
		if kv[0] != "seed" {
			settings = append(settings, kv[0])
		}
	}
	settings = append(settings, "generations")
	header = append(append([]string(nil), settings...), "seed", "dir", "generations_done", "games_played", "admitted", "final_best", "stopped")
	return header, settings
}

func settingValues(cfg coevolve.Config) []string {
	var v []string
	for _, kv := range cfg.Settings() {
		if kv[0] != "seed" {
			v = append(v, kv[1])
		}
	}
	return append(v, strconv.Itoa(cfg.Generations))
}

// runSeeds runs the seeds of split (all, or one shard) as a shard.Job:
// one row per seed in DIR/runs.csv, each run in DIR/seed-S.
func (o *coevolveOpts) runSeeds(ctx context.Context, cfg coevolve.Config, seeds []uint64, split shard.Split, method string, stdout, stderr io.Writer) error {
	header, settings := runsHeader(cfg)
	job := shard.NewJob("coevo coevolve", header, []string{"seed"}, settings)
	var list []uint64
	for _, s := range seeds {
		if job.Add([]string{strconv.FormatUint(s, 10)}, settingValues(cfg)) {
			list = append(list, s)
		}
	}
	if err := o.cluster.fits(job, split); err != nil {
		return err
	}
	out := filepath.Join(o.out, "runs.csv")
	absDir := absPath(o.out)
	command := coevoCommand("coevolve", method)
	o.fs.Visit(func(f *flag.Flag) {
		switch f.Name {
		case "out", "seeds", "workers", "shard", "merge", "shards", "slurm", "partition", "time", "cpus", "submit", "dry-run", "force":
		default:
			command = append(command, "--"+f.Name, f.Value.String())
		}
	})
	command = append(command, "--seeds", o.seeds, "--out", absDir)
	switch {
	case o.cluster.slurm:
		if !o.cluster.dryRun {
			if err := os.MkdirAll(o.out, 0o777); err != nil {
				return usagef("--out %v", err)
			}
		}
		return o.cluster.runSLURM(ctx, job, "coevo coevolve", filepath.Join(absDir, "runs.csv"), command, command, stdout)
	case o.cluster.merge:
		return o.cluster.runMerge(job, out, stdout)
	}
	if err := os.MkdirAll(o.out, 0o777); err != nil {
		return usagef("--out %v", err)
	}
	log, err := job.Open(out, split)
	if err != nil {
		return shardError(err)
	}
	defer log.Close()
	for _, n := range log.Notes() {
		fmt.Fprintln(stderr, "coevo coevolve:", n)
	}
	todo := log.Todo()
	for _, i := range todo {
		if err := checkRunDir(filepath.Join(o.out, fmt.Sprintf("seed-%d", list[i])), true, o.force); err != nil {
			return err
		}
	}
	fmt.Fprintf(stderr, "coevo coevolve: %d seeds to run, %d already in %s\n", len(todo), log.Resumed(), log.Path())
	for _, i := range todo {
		c := cfg
		c.Seed = list[i]
		dir := fmt.Sprintf("seed-%d", c.Seed)
		run, err := o.evolve(ctx, c, filepath.Join(o.out, dir), fmt.Sprintf("coevo coevolve seed %d", c.Seed), stderr)
		if err != nil {
			return err
		}
		admitted := 0
		if run.Admitted != nil {
			admitted = run.Admitted.Len()
		}
		best := ""
		if n := len(run.History); n > 0 {
			best = strconv.FormatFloat(run.History[n-1].Best, 'g', -1, 64)
		}
		row := append(settingValues(c), strconv.FormatUint(c.Seed, 10), dir, strconv.Itoa(run.Done), strconv.FormatInt(run.Games, 10),
			strconv.Itoa(admitted), best, run.Stopped)
		if err := log.Add(i, row); err != nil {
			return err
		}
	}
	if err := log.Close(); err != nil {
		return err
	}
	if split.IsWhole() {
		fmt.Fprintf(stdout, "%d runs in %s (one line each in %s)\n", job.Len(), o.out, log.Path())
	} else {
		fmt.Fprintf(stdout, "%d runs of shard %s in %s (one line each in %s)\n", len(split.Items(job.Len())), split, o.out, log.Path())
	}
	return nil
}

func matchingSides(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("coevolve matching-sides", flag.ContinueOnError)
	asJSON := fs.Bool("json", false, `print Table IV as {"strategies":[...],"payoff":[[...]],"total":[...]}`)
	help := func(w io.Writer) {
		fmt.Fprint(w, "Usage: coevo coevolve matching-sides [--json]\n\nPaper 003 Table IV computed from the rules of matching sides: the payoff of\neach strategy (row) against each other (column), both seats summed; the\ncycle of eq. (7) and the equilibria.\n\nFlags:\n")
		flagDefaults(w, fs)
	}
	if err := parseFlags(fs, args, stdout, help); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("unexpected argument %q", fs.Arg(0))
	}
	t := coevolve.TableIV()
	if *asJSON {
		return json.NewEncoder(stdout).Encode(t)
	}
	fmt.Fprint(stdout, t)
	var cyc []string
	for _, s := range append(coevolve.Cycle7, coevolve.Cycle7[0]) {
		cyc = append(cyc, s.String())
	}
	fmt.Fprintf(stdout, "cycle of eq. (7): %s\nequilibria: %v\n", strings.Join(cyc, " > "), coevolve.Equilibria())
	return nil
}
