package coevolve

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"

	"github.com/coevolab/coevo/engine/tournament"
	"github.com/coevolab/coevo/internal/frame"
)

// A Run is an evolutionary run: its settings, what happened in each
// generation, and the players it kept.
type Run struct {
	Config Config
	// Domain is the run's game (the zero Domain for a run read by
	// LoadRun of a game that is not built in: read it with its Domain's
	// LoadRun).
	Domain Domain
	// Done is the number of generations run.
	Done int
	// Games is the number of games played during evolution.
	Games int64
	// Stopped says why the run ended before Config.Generations ("" if it
	// did not).
	Stopped string
	// History has one entry per generation.
	History []Generation
	// Permanent is the permanent archive (paper 003 section VI), a player
	// every Config.Snapshot generations: NashSolve's newest archive member,
	// the answer of MaxSolve, IPCA and the Nash memory (Run.Archive), the
	// ES's parent, or the best candidate of the generation for the other
	// methods.
	Permanent *Archive
	// Admitted lists, for the archive methods (NashSolve, MaxSolve, IPCA,
	// the Nash memory), every player that entered an archive, the random
	// first member first. NashSolve's archive at any time is the last |A|
	// admitted before it.
	Admitted *Archive
	// Sets names, for MaxSolve, IPCA and the Nash memory, the members of
	// the method's two archives after the last generation (players of
	// Admitted): MaxSolve's solutions and tests, IPCA's learners and
	// tests, the Nash memory's support N and memory M.
	Sets [][]string
	// Mixture is the Nash memory's equilibrium: the probability of each
	// member of its support (Sets[0]).
	Mixture []float64
	// outcomes holds the results between archive members: what the
	// first scored against the second over both seats.
	outcomes map[[2]string]float64
}

// Generation summarises one generation.
type Generation struct {
	Generation int
	Games      int64   // games played up to the end of this generation
	Best       float64 // the best candidate's fitness
	Mean       float64 // the mean fitness of the population
	Archive    int     // archive methods: members in the (main) archive after the generation
	Admitted   bool    // archive methods: the best candidate entered an archive
	// Spread is the root mean square, over the coordinates, of the
	// candidates' standard deviation about their mean; Norm the length of
	// that mean. Spread/Norm falling to 0 means the search froze.
	Spread, Norm float64
}

// Complete reports whether the run has done all it will do.
func (r *Run) Complete() bool { return r.Done >= r.Config.Generations || r.Stopped != "" }

// Archive returns the method's (main) archive at the end of the run:
// NashSolve's last |A| players admitted, oldest first; MaxSolve's
// solutions, most tests solved first; IPCA's learners; the support of the
// Nash memory's equilibrium (Mixture gives its probabilities). Nil for
// the other methods.
func (r *Run) Archive() []Member {
	switch {
	case r.Admitted == nil:
		return nil
	case r.Config.Method == NashSolve:
		m := r.Admitted.Members
		return m[max(0, len(m)-r.Config.Archive):]
	case len(r.Sets) > 0:
		return r.members(r.Sets[0])
	}
	return nil
}

// HistoryFrame returns the history as a DataFrame: generation, games,
// best, mean (fitness), archive, admitted, spread, norm (to 4
// significant digits).
func (r *Run) HistoryFrame() dataframe.DataFrame {
	var gen, arch []int
	var games, best, mean, spread, norm []float64
	var adm []bool
	for _, h := range r.History {
		gen, games, best, mean = append(gen, h.Generation), append(games, float64(h.Games)), append(best, h.Best), append(mean, h.Mean)
		arch, adm = append(arch, h.Archive), append(adm, h.Admitted)
		spread, norm = append(spread, h.Spread), append(norm, h.Norm)
	}
	return dataframe.New(series.New(gen, series.Int, "generation"), frame.Number("games", games),
		frame.Sig("best", best, 4), frame.Sig("mean", mean, 4),
		series.New(arch, series.Int, "archive"), series.New(adm, series.Bool, "admitted"),
		frame.Sig("spread", spread, 4), frame.Sig("norm", norm, 4))
}

// String summarises the run.
func (r *Run) String() string {
	s := fmt.Sprintf("%v: %d of %d generations, %d games, %d players in the permanent archive", r.Config, r.Done, r.Config.Generations, r.Games, r.Permanent.Len())
	if r.Admitted != nil {
		s += fmt.Sprintf(", %d admitted to the archive", r.Admitted.Len())
	}
	if r.Stopped != "" {
		s += "; stopped: " + r.Stopped
	}
	return s
}

// Streams of a run's seed. Each use of randomness has its own stream, so
// that none depends on how much another drew.
const (
	streamCMA      = 0x636d612d6573 // CMA-ES sampling
	streamFirst    = 0x6669727374   // NashSolve's first archive member
	streamICL      = 0x69636c       // ICL's random opponents
	generationSeed = 0x9e3779b97f4a7c15
)

// gameSeed is the seed of generation g's games: the generation is a
// tournament whose every game has its own stream (see evaluate).
func gameSeed(seed uint64, g int) uint64 {
	z := seed + uint64(g)*generationSeed
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// randomVectors draws n random players' vectors (Domain.Random) from
// stream s of seed, one after the other.
func (d Domain) randomVectors(seed, s uint64, n int) [][]float64 {
	rng := rand.New(rand.NewPCG(seed, s))
	x := make([][]float64, n)
	for i := range x {
		x[i] = d.Random(rng)
	}
	return x
}

// Evolve runs cfg on the built-in game it names (cfg.Game: "" is
// Othello; see Lookup), as Domain.Evolve does.
func Evolve(ctx context.Context, cfg Config, dir string, opt Options) (*Run, error) {
	d, err := Lookup(cfg.Game)
	if err != nil {
		return nil, err
	}
	return d.Evolve(ctx, cfg, dir, opt)
}

// Evolve runs cfg on the domain's game (cfg.Game must be empty or the
// domain's name). With a directory, the run checkpoints there (every
// Options.CheckpointEvery generations, at most once per
// CheckpointInterval, and when it ends or ctx is cancelled) and writes
// its results as it goes (see WriteFiles); called again with the same
// directory and settings it resumes from the checkpoint and ends with
// exactly the players an uninterrupted run ends with, or returns the run
// already complete there. A larger Generations continues a complete run.
// An empty dir runs in memory.
func (d Domain) Evolve(ctx context.Context, cfg Config, dir string, opt Options) (*Run, error) {
	if err := d.Check(); err != nil {
		return nil, err
	}
	switch cfg.Game {
	case "":
		cfg.Game = d.Name
	case d.Name:
	default:
		return nil, fmt.Errorf("coevolve: a run of game %q given game %s to play", cfg.Game, d.Name)
	}
	if cfg.Game == Othello.Name {
		cfg.Game = "" // as Othello runs were recorded before there were other games
	}
	if err := cfg.Check(); err != nil {
		return nil, err
	}
	if cfg.Method == Heuristic && len(d.References()) == 0 {
		return nil, fmt.Errorf("coevolve: method %s plays against a fixed player, and game %s has no reference players (its Family has no References)", cfg.Method, d.Name)
	}
	e := &evolution{cfg: cfg, dom: d, dir: dir, opts: opt}
	if opt.CheckpointEvery <= 0 {
		e.opts.CheckpointEvery = 10
	}
	if opt.CheckpointInterval == 0 {
		e.opts.CheckpointInterval = 30 * time.Second
	}
	if err := e.start(); err != nil {
		return nil, err
	}
	if e.run.Complete() {
		if dir != "" {
			// The files are the run's; write them again in case some were lost.
			if err := e.run.WriteFiles(dir); err != nil {
				return nil, err
			}
		}
		return e.run, nil
	}
	if err := e.loop(ctx); err != nil {
		return nil, err
	}
	return e.run, nil
}

// evolution is a run in progress.
type evolution struct {
	cfg  Config
	dom  Domain
	dir  string
	opts Options
	run  *Run
	opt  optimizer
	// told is every value told to gonum's CMA-ES, generation after
	// generation, which a resume replays; the textbook CMA-ES's state is
	// saved instead (state).
	told  []float64
	state []byte
	// lastBest is the best candidate of the last generation (checks that a
	// replay is faithful).
	lastBest  []float64
	opponents []Player          // the fixed set (Heuristic, ICL)
	cache     map[string]Player // the players of archive members
	saved     int               // generation of the last checkpoint
	savedAt   time.Time
}

// start restores the checkpoint of e.dir, or starts a new run.
func (e *evolution) start() error {
	cfg := e.cfg
	var cp *checkpoint
	if e.dir != "" {
		var err error
		if cp, err = loadCheckpoint(e.dir, cfg); err != nil {
			return err
		}
	}
	coords := e.dom.Coordinates()
	if cp != nil {
		e.run, e.told, e.lastBest, e.state = cp.run(cfg, e.dom), cp.Told, cp.LastBest, cp.CMA
		e.saved = e.run.Done
	} else {
		e.run = &Run{Config: cfg, Domain: e.dom, Permanent: &Archive{Coordinates: coords}}
		if archived(cfg.Method) {
			// The archives start with one random player.
			first := e.dom.randomVectors(cfg.Seed, streamFirst, 1)[0]
			e.run.Admitted = &Archive{Members: []Member{{Name: "a0", Fitness: math.NaN(), X: first}}, Coordinates: coords}
			switch cfg.Method {
			case MaxSolve, IPCA:
				e.run.Sets = [][]string{{"a0"}, {"a0"}}
			case NashMemory:
				e.run.Sets, e.run.Mixture = [][]string{{"a0"}, {}}, []float64{1}
			}
		}
	}
	e.savedAt = time.Now()
	switch cfg.Method {
	case Heuristic:
		e.opponents = []Player{e.dom.References()[0].Player}
	case ICL:
		xs := e.dom.randomVectors(cfg.Seed, streamICL, cfg.Opponents)
		e.opponents = make([]Player, len(xs))
		for i, x := range xs {
			p, err := e.dom.player(x)
			if err != nil {
				return fmt.Errorf("coevolve: game %s: random opponent %d: %w", e.dom.Name, i, err)
			}
			e.opponents[i] = p
		}
	}
	return nil
}

// archived reports whether a method keeps an archive of admitted players.
func archived(m Method) bool {
	return m == NashSolve || m == MaxSolve || m == IPCA || m == NashMemory
}

// loop runs the generations left, after replaying the ones done.
func (e *evolution) loop(ctx context.Context) (err error) {
	cfg, run := e.cfg, e.run
	if e.opt, err = newOptimizer(cfg, e.dom.Dim()); err != nil {
		return err
	}
	defer e.opt.Close()
	if err := e.restore(); err != nil {
		return err
	}
	resumed := run.Done
	defer func() {
		// Keep what is done: an interrupted run resumes from here.
		if e.dir != "" && run.Done > e.saved {
			if serr := e.save(); err == nil {
				err = serr
			}
		}
	}()
	for g := run.Done + 1; g <= cfg.Generations; g++ {
		if cfg.Budget > 0 && run.Games >= cfg.Budget {
			run.Stopped = fmt.Sprintf("after generation %d: the budget of %d games is spent (%d played)", run.Done, cfg.Budget, run.Games)
			break
		}
		var xs [][]float64
		if t, ok := e.opt.(textbook); ok && g == resumed+1 && t.Pending() != nil {
			// Saved while the generation was being played.
			xs = t.Pending()
		} else {
			xs, err = e.opt.Ask()
		}
		if errors.Is(err, errStopped) {
			run.Stopped = fmt.Sprintf("after generation %d: %v", run.Done, err)
			break
		}
		if err != nil {
			return err
		}
		fit, best, err := e.generation(ctx, g, xs)
		if err != nil {
			return err
		}
		told := make([]float64, len(fit))
		for i, f := range fit {
			told[i] = -f // CMA-ES minimises
		}
		stop := e.opt.Tell(told)
		if stop != nil && !errors.Is(stop, errStopped) {
			return stop
		}
		if e.cfg.optimizer() == Gonum {
			e.told = append(e.told, told...)
		}
		if es, ok := e.opt.(*averagingES); ok && cfg.Method == RoundRobin && g%cfg.Snapshot == 0 {
			// Lucas and Runarsson's answer is the parent, after averaging.
			run.Permanent.Members = append(run.Permanent.Members, Member{Name: fmt.Sprintf("g%d", g), Generation: g, Games: run.Games, Fitness: math.NaN(), X: slices.Clone(es.Parent())})
		}
		e.lastBest = xs[best]
		run.Done = g
		if stop != nil {
			run.Stopped = fmt.Sprintf("after generation %d: %v", g, stop)
		}
		if e.opts.Progress != nil {
			p := Progress{Generation: g, Generations: cfg.Generations, Games: run.Games, Best: fit[best], Resumed: resumed}
			if run.Admitted != nil {
				p.Archive, p.Admitted = len(run.Archive()), run.Admitted.Len()-1
			}
			e.opts.Progress(p)
		}
		if run.Stopped != "" {
			break
		}
		if e.dir != "" && g%e.opts.CheckpointEvery == 0 && time.Since(e.savedAt) >= e.opts.CheckpointInterval {
			if err := e.save(); err != nil {
				return err
			}
		}
	}
	if e.dir != "" {
		return e.save()
	}
	return nil
}

// restore brings the optimizer to its state after the generations done:
// the textbook CMA-ES and the ES from their saved states, gonum's by
// replaying.
func (e *evolution) restore() error {
	if es, ok := e.opt.(*averagingES); ok {
		if e.run.Done == 0 {
			return nil
		}
		if err := es.UnmarshalBinary(e.state); err != nil {
			return fmt.Errorf("coevolve: the checkpoint in %s: %w", e.dir, err)
		}
		if es.generation != e.run.Done {
			return fmt.Errorf("coevolve: the checkpoint in %s holds an ES state of generation %d for a run at generation %d; remove %s to start again", e.dir, es.generation, e.run.Done, checkpointName)
		}
		return nil
	}
	if e.cfg.optimizer() == CMA {
		if e.run.Done == 0 {
			return nil
		}
		t := e.opt.(textbook)
		if err := t.UnmarshalBinary(e.state); err != nil {
			return fmt.Errorf("coevolve: the checkpoint in %s: %w", e.dir, err)
		}
		if t.Generation() != e.run.Done || t.Population() != e.cfg.Population || t.Params().Dim != e.dom.Dim() {
			return fmt.Errorf("coevolve: the checkpoint in %s holds a CMA-ES state of generation %d (population %d) for a run at generation %d; remove %s to start again",
				e.dir, t.Generation(), t.Population(), e.run.Done, checkpointName)
		}
		return nil
	}
	return e.replay()
}

// replay brings gonum's CMA-ES to the state after the generations done, by
// telling it again the values recorded for them: its samples depend only
// on its seed and the values told.
func (e *evolution) replay() error {
	pop := e.cfg.Population
	if len(e.told) != e.run.Done*pop {
		return fmt.Errorf("coevolve: checkpoint holds %d values for %d generations of %d candidates", len(e.told), e.run.Done, pop)
	}
	var last [][]float64
	for g := 0; g < e.run.Done; g++ {
		xs, err := e.opt.Ask()
		if err != nil {
			return fmt.Errorf("coevolve: replaying generation %d: %w", g+1, err)
		}
		if err := e.opt.Tell(e.told[g*pop : (g+1)*pop]); err != nil {
			return err
		}
		last = xs
	}
	if last != nil {
		best := 0
		told := e.told[(e.run.Done-1)*pop:]
		for i, f := range told {
			if f < told[best] {
				best = i
			}
		}
		for k, x := range last[best] {
			if x != e.lastBest[k] {
				return fmt.Errorf("coevolve: the checkpoint in %s does not replay: generation %d's best candidate differs (written by a coevo or gonum that samples differently?); remove %s to start again", e.dir, e.run.Done, checkpointName)
			}
		}
	}
	return nil
}

// generation evaluates generation g's candidates and updates the
// archives; it returns each candidate's fitness and the best candidate
// (the first of equal fitness).
func (e *evolution) generation(ctx context.Context, g int, xs [][]float64) ([]float64, int, error) {
	cfg, run := e.cfg, e.run
	cands := make([]Player, len(xs))
	for i, x := range xs {
		p, err := e.dom.player(x)
		if err != nil {
			return nil, 0, fmt.Errorf("coevolve: generation %d, candidate %d: %w", g, i, err)
		}
		cands[i] = p
	}
	var (
		fit      []float64
		best     int
		admitted bool
		err      error
	)
	switch cfg.Method {
	case NashSolve, Heuristic, ICL:
		fit, best, admitted, err = e.paperMethod(ctx, g, xs, cands)
	case RoundRobin:
		fit, best, err = e.roundRobin(ctx, g, cands)
	case MaxSolve:
		fit, best, admitted, err = e.maxSolve(ctx, g, xs, cands)
	case IPCA:
		fit, best, admitted, err = e.ipca(ctx, g, xs, cands)
	case NashMemory:
		fit, best, admitted, err = e.nashMemory(ctx, g, xs, cands)
	}
	if err != nil {
		return nil, 0, err
	}
	mean := 0.0
	for _, f := range fit {
		mean += f
	}
	if g%cfg.Snapshot == 0 {
		m := Member{Generation: g, Games: run.Games, Fitness: fit[best], X: slices.Clone(xs[best])}
		switch {
		case cfg.Method == NashSolve:
			newest := run.Admitted.Last()
			m.Fitness, m.X = newest.Fitness, newest.X
		case len(run.Sets) > 0:
			a := run.answer()
			m.Fitness, m.X = a.Fitness, a.X
		}
		m.Name = fmt.Sprintf("g%d", g)
		if cfg.Method != RoundRobin || cfg.optimizer() != ES { // the ES's parent is kept after Tell
			run.Permanent.Members = append(run.Permanent.Members, m)
		}
	}
	h := Generation{Generation: g, Games: run.Games, Best: fit[best], Mean: mean / float64(len(fit)), Admitted: admitted}
	h.Spread, h.Norm = spread(xs)
	if archived(cfg.Method) {
		h.Archive = len(run.Archive())
	}
	run.History = append(run.History, h)
	return fit, best, nil
}

// paperMethod is a generation of the methods of paper 003 section VI:
// NashSolve against its archive, or evolution against the fixed set
// (Heuristic, ICL).
func (e *evolution) paperMethod(ctx context.Context, g int, xs [][]float64, cands []Player) ([]float64, int, bool, error) {
	cfg, run := e.cfg, e.run
	opps := e.opponents
	if cfg.Method == NashSolve {
		var err error
		if opps, err = e.playersOf(run.Archive()); err != nil {
			return nil, 0, false, err
		}
	}
	sc, err := evaluate(ctx, e.dom.Game, cands, opps, cfg.Games, cfg.Epsilon, gameSeed(cfg.Seed, g), cfg.Method == NashSolve, e.opts.Workers)
	if err != nil {
		return nil, 0, false, err
	}
	fit := make([]float64, len(cands))
	stand := make([]Standing, len(cands))
	games := float64(cfg.Games)
	for c := range cands {
		if cfg.Method != NashSolve {
			fit[c] = sc.total[c] / (2 * games * float64(len(opps)))
			continue
		}
		// A result against a member: the points of both seats, as if one
		// game in each (0 to 2); a seat is won with more than half its
		// points.
		for o := range opps {
			b, w := sc.black[c*len(opps)+o], sc.white[c*len(opps)+o]
			stand[c].add(b > games/2, w > games/2, (b+w)/games)
		}
		fit[c] = stand[c].Fitness(0.5 / games)
	}
	best := argmax(fit)
	run.Games += sc.games
	admitted := false
	if cfg.Method == NashSolve && stand[best].BeatsAll() {
		admitted = true
		e.admit(g, best, xs[best], fit[best])
	}
	return fit, best, admitted, nil
}

// roundRobin is a generation of straight round-robin coevolution: the
// candidates play a league, every pair Games games in each seat, and
// score their share of the points.
func (e *evolution) roundRobin(ctx context.Context, g int, cands []Player) ([]float64, int, error) {
	cfg := e.cfg
	names := make([]string, len(cands))
	for i := range names {
		names[i] = fmt.Sprintf("c%d", i)
	}
	m := &Match{Game: e.dom.Game, Players: cands, Epsilon: cfg.Epsilon}
	res, err := tournament.RoundRobin(ctx, m, names, 2*cfg.Games, tournament.Options{Seed: gameSeed(cfg.Seed, g), Workers: e.opts.Workers})
	if err != nil {
		return nil, 0, err
	}
	pts, games := res.Totals()
	fit := make([]float64, len(cands))
	total := 0.0
	for i := range fit {
		fit[i] = pts[i] / games[i]
		total += games[i]
	}
	e.run.Games += int64(total / 2) // each game counted for both its players
	return fit, argmax(fit), nil
}

// spread returns the root mean square over the coordinates of the
// candidates' standard deviation about their mean, and the length of the
// mean.
func spread(xs [][]float64) (rms, norm float64) {
	n, k := len(xs[0]), float64(len(xs))
	for i := 0; i < n; i++ {
		m := 0.0
		for _, x := range xs {
			m += x[i]
		}
		m /= k
		v := 0.0
		for _, x := range xs {
			v += (x[i] - m) * (x[i] - m)
		}
		rms += v / (k - 1)
		norm += m * m
	}
	return math.Sqrt(rms / float64(n)), math.Sqrt(norm)
}
