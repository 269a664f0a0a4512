package coevolve

import (
	"bytes"
	"compress/gzip"
	"encoding/csv"
	"encoding/gob"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/coevolab/coevo/engine/cmaes"
	format2 "github.com/coevolab/coevo/engine/coevolve/internal/format2"
	"github.com/coevolab/coevo/internal/atomicfile"
)

// The files of a run directory.
const (
	checkpointName = "checkpoint.gz" // the state to resume from (gob, gzip)
	RunFile        = "run.json"      // settings and summary
	ArchiveFile    = "archive.csv"   // the permanent archive
	AdmittedFile   = "admitted.csv"  // NashSolve: every player admitted to the archive
	HistoryFile    = "history.csv"   // one line per generation
	ArchivesFile   = "archives.csv"  // MaxSolve, IPCA, the Nash memory: the archives at the end

	CheckpointFile = checkpointName
)

// Files lists the files a run writes into its directory, each through a
// temporary file (atomicfile): a resume removes the temporary files that
// a killed run left (atomicfile.RemoveStaleNoFollow). They are written by
// their names in the run directory, never through a symbolic link
// (atomicfile.WriteNoFollow): a link planted there is refused.
var Files = []string{checkpointName, RunFile, ArchiveFile, AdmittedFile, HistoryFile, ArchivesFile}

// maxCheckpoint bounds what readCheckpoint reads, compressed and not: a
// checkpoint holds the values told to CMA-ES (8 bytes a candidate), a
// few megabytes for the paper's runs.
const maxCheckpoint = 1 << 30

// A CheckpointError says a run directory's checkpoint cannot be read:
// not a file, damaged, not a checkpoint of coevo coevolve, or of another
// format.
type CheckpointError struct {
	Path, Msg string
}

func (e *CheckpointError) Error() string { return e.Path + ": " + e.Msg }

// checkpoint is what a run needs to resume exactly: the record of every
// generation and the state of the optimizer. The textbook CMA-ES
// (engine/cmaes) saves its state (CMA); gonum's CmaEsChol keeps its state
// in unexported fields, so the checkpoint holds the values told to it,
// which a resumed run tells it again (its samples depend only on its seed
// and the values told, so replaying them restores it exactly).
type checkpoint struct {
	Format    int
	Config    Config
	Done      int
	Games     int64
	Stopped   string
	Told      []float64 // gonum: Done x Population values, generation by generation
	CMA       []byte    // the textbook CMA-ES's or the ES's state (MarshalBinary)
	LastBest  []float64 // the best candidate of generation Done
	History   []Generation
	Permanent []Member
	Admitted  []Member
	// MaxSolve, IPCA, the Nash memory: Run.Sets, Run.Mixture and the
	// results between the members of the archives.
	Sets     [][]string
	Mixture  []float64
	Outcomes []outcome
}

// checkpointFormat grows whenever the checkpoint's layout changes or a
// change to the code changes a seeded run's results (the players' games,
// the tournaments' streams, the driving of CMA-ES): a newer coevo must not
// resume an older one's run as if it were its own; it refuses the
// checkpoint instead (readCheckpoint), or reads it as what it was.
//
// Format 2 added the optimizer (Config.Optimizer, the textbook CMA-ES by
// default, and its saved state). Format 1 runs were all gonum's CMA-ES,
// whose driving has not changed: they are read as Optimizer Gonum, so
// resuming one needs --optimizer gonum, and without it the run is refused
// with the setting named.
//
// Format 3 came with games other than Othello (issue 31): a member is a
// vector of any length, and Config names the game. An Othello run of the
// methods of format 2 (NashSolve, heuristic, ICL) is still written in
// format 2 (package internal/format2 keeps its layout), byte for byte as
// the coevo before format 3 wrote it, so that either coevo resumes the
// other's runs; every other run is written in format 3.
const checkpointFormat = 3

// gob numbers the types a process sends in the order it first meets
// them, and writes the numbers into what it encodes: a checkpoint's bytes
// would depend on what the process encoded or decoded before. So the
// package meets its types at start, in the order coevo always first met
// them (the textbook CMA-ES's state, then the format-2 checkpoint), then
// those of format 3: a checkpoint is the same, byte for byte, whatever
// the process did before, and a format-2 checkpoint is what coevo before
// format 3 wrote.
func init() {
	if c, err := cmaes.New([]float64{0, 0}, 1, cmaes.Options{Population: 4, Seed: 1}); err == nil {
		c.MarshalBinary()
	}
	gob.NewEncoder(io.Discard).Encode(&format2.Checkpoint{})
	newAveragingES([]float64{0}, 2, 1, 1, 1).MarshalBinary()
	gob.NewEncoder(io.Discard).Encode(&checkpoint{})
}

// legacyFormat is the format of Othello runs of the methods of format 2.
const legacyFormat = 2

// legacy reports whether a run is written in format 2.
func legacy(cfg Config) bool {
	return cfg.Game == "" && (cfg.Method == NashSolve || cfg.Method == Heuristic || cfg.Method == ICL)
}

func (cp *checkpoint) run(cfg Config, d Domain) *Run {
	coords := d.Coordinates()
	r := &Run{Config: cfg, Domain: d, Done: cp.Done, Games: cp.Games, Stopped: cp.Stopped, History: cp.History, Permanent: &Archive{Members: cp.Permanent, Coordinates: coords},
		Sets: cp.Sets, Mixture: cp.Mixture}
	if archived(cfg.Method) {
		r.Admitted = &Archive{Members: cp.Admitted, Coordinates: coords}
	}
	for _, o := range cp.Outcomes {
		r.setPoints(o.A, o.B, o.Points)
	}
	return r
}

// toFormat2 is cp in the layout of format 2 (an Othello run: every
// member has 64 coordinates).
func (cp *checkpoint) toFormat2() (*format2.Checkpoint, error) {
	c := cp.Config
	old := &format2.Checkpoint{Format: legacyFormat, Done: cp.Done, Games: cp.Games, Stopped: cp.Stopped, Told: cp.Told, CMA: cp.CMA, LastBest: cp.LastBest,
		Config: format2.Config{Method: string(c.Method), Archive: c.Archive, Opponents: c.Opponents, Generations: c.Generations, Population: c.Population,
			Games: c.Games, Epsilon: c.Epsilon, Snapshot: c.Snapshot, Optimizer: string(c.Optimizer), StepSize: c.StepSize, Seed: c.Seed}}
	for _, h := range cp.History {
		old.History = append(old.History, format2.Generation(h))
	}
	members := func(ms []Member) ([]format2.Member, error) {
		var out []format2.Member
		for _, m := range ms {
			if len(m.X) != 64 {
				return nil, fmt.Errorf("coevolve: member %s has %d weights, a format-2 checkpoint 64", m.Name, len(m.X))
			}
			out = append(out, format2.Member{Name: m.Name, Generation: m.Generation, Games: m.Games, Fitness: m.Fitness, WPC: format2.WPC(m.X)})
		}
		return out, nil
	}
	var err error
	if old.Permanent, err = members(cp.Permanent); err != nil {
		return nil, err
	}
	if old.Admitted, err = members(cp.Admitted); err != nil {
		return nil, err
	}
	return old, nil
}

// fromFormat2 reads a checkpoint of format 1 or 2.
func fromFormat2(old *format2.Checkpoint) *checkpoint {
	c := old.Config
	cp := &checkpoint{Format: old.Format, Done: old.Done, Games: old.Games, Stopped: old.Stopped, Told: old.Told, CMA: old.CMA, LastBest: old.LastBest,
		Config: Config{Method: Method(c.Method), Archive: c.Archive, Opponents: c.Opponents, Generations: c.Generations, Population: c.Population,
			Games: c.Games, Epsilon: c.Epsilon, Snapshot: c.Snapshot, Optimizer: Optimizer(c.Optimizer), StepSize: c.StepSize, Seed: c.Seed}}
	for _, h := range old.History {
		cp.History = append(cp.History, Generation(h))
	}
	members := func(ms []format2.Member) []Member {
		var out []Member
		for _, m := range ms {
			out = append(out, Member{Name: m.Name, Generation: m.Generation, Games: m.Games, Fitness: m.Fitness, X: m.WPC[:]})
		}
		return out
	}
	cp.Permanent, cp.Admitted = members(old.Permanent), members(old.Admitted)
	return cp
}

// readCheckpoint reads the checkpoint of dir (nil if there is none).
func readCheckpoint(dir string) (*checkpoint, error) {
	path := filepath.Join(dir, checkpointName)
	// Not a device or a FIFO (which would be read without end, or wait
	// for a writer): a checkpoint is a file this package wrote.
	st, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, &CheckpointError{path, "not a regular file: move it aside"}
	}
	if st.Size() > maxCheckpoint {
		return nil, &CheckpointError{path, fmt.Sprintf("%d bytes, more than a checkpoint of coevo coevolve takes: move it aside", st.Size())}
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	// decode reads the checkpoint into v.
	decode := func(v any) error {
		zr, err := gzip.NewReader(bytes.NewReader(data))
		if err != nil {
			return &CheckpointError{path, fmt.Sprintf("not a checkpoint of coevo coevolve: %v", err)}
		}
		if err := gob.NewDecoder(io.LimitReader(zr, maxCheckpoint)).Decode(v); err != nil {
			return &CheckpointError{path, fmt.Sprintf("not a checkpoint of coevo coevolve: %v", err)}
		}
		return nil
	}
	// The format first: the layout depends on it.
	var probe struct{ Format int }
	if err := decode(&probe); err != nil {
		return nil, err
	}
	switch probe.Format {
	case checkpointFormat:
		var cp checkpoint
		if err := decode(&cp); err != nil {
			return nil, err
		}
		return &cp, nil
	case 1, 2:
		var old format2.Checkpoint
		if err := decode(&old); err != nil {
			return nil, err
		}
		cp := fromFormat2(&old)
		if cp.Format == 1 {
			cp.Config.Optimizer = Gonum
		}
		return cp, nil
	}
	return nil, &CheckpointError{path, fmt.Sprintf("checkpoint format %d, this coevo reads 1 to %d; use another directory", probe.Format, checkpointFormat)}
}

// loadCheckpoint reads the checkpoint of dir (nil if there is none) and
// checks that it is a run of cfg: the same settings (the game among
// them), Generations at least those done.
func loadCheckpoint(dir string, cfg Config) (*checkpoint, error) {
	cp, err := readCheckpoint(dir)
	if cp == nil || err != nil {
		return nil, err
	}
	if err := sameRun(filepath.Join(dir, checkpointName), cp.Config, cfg, cp.Done); err != nil {
		return nil, err
	}
	return cp, nil
}

// sameRun checks that a run recorded with settings had may go on with
// want: every setting equal, and no fewer generations than done.
func sameRun(path string, had, want Config, done int) error {
	h, w := had.settings(), want.settings()
	for i := range h {
		if h[i] != w[i] {
			return &SettingsError{Path: path, Field: h[i][0], Had: h[i][1], Want: w[i][1]}
		}
	}
	if want.Generations < done {
		return &SettingsError{Path: path, Field: "generations", Had: strconv.Itoa(done), Want: strconv.Itoa(want.Generations), Done: true}
	}
	return nil
}

// A SettingsError says a run directory holds a run with other settings.
type SettingsError struct {
	Path, Field, Had, Want string
	Done                   bool // Had is the generations done, more than Want
}

func (e *SettingsError) Error() string {
	if e.Done {
		return fmt.Sprintf("%s holds %s generations already, more than the %s asked for: ask for at least %s, or use another directory", e.Path, e.Had, e.Want, e.Had)
	}
	return fmt.Sprintf("%s holds a run with %s %s, and this run has %s %s: resume it with the same settings, or use another directory", e.Path, e.Field, e.Had, e.Field, e.Want)
}

// save writes the checkpoint and the result files, each atomically.
func (e *evolution) save() error {
	if err := os.MkdirAll(e.dir, 0o777); err != nil {
		return err
	}
	r := e.run
	cp := &checkpoint{Format: checkpointFormat, Config: e.cfg, Done: r.Done, Games: r.Games, Stopped: r.Stopped,
		Told: e.told, LastBest: e.lastBest, History: r.History, Permanent: r.Permanent.Members}
	var data any = cp
	if t, ok := e.opt.(interface{ MarshalBinary() ([]byte, error) }); ok {
		state, err := t.MarshalBinary()
		if err != nil {
			return err
		}
		cp.CMA = state
	}
	if r.Admitted != nil {
		cp.Admitted = r.Admitted.Members
	}
	cp.Sets, cp.Mixture, cp.Outcomes = r.Sets, r.Mixture, r.outcomeList()
	if legacy(e.cfg) {
		old, err := cp.toFormat2()
		if err != nil {
			return err
		}
		data = old
	}
	err := atomicfile.WriteNoFollow(filepath.Join(e.dir, checkpointName), func(w io.Writer) error {
		zw, err := gzip.NewWriterLevel(w, gzip.BestSpeed)
		if err != nil {
			return err
		}
		if err := gob.NewEncoder(zw).Encode(data); err != nil {
			return err
		}
		return zw.Close()
	})
	if err != nil {
		return err
	}
	if err := r.WriteFiles(e.dir); err != nil {
		return err
	}
	e.saved, e.savedAt = r.Done, time.Now()
	return nil
}

// WriteFiles writes the run's results into dir, each file atomically:
// run.json (settings and summary), archive.csv (the permanent archive, as
// ReadArchive reads it), history.csv (one line per generation), for the
// archive methods admitted.csv (every player admitted to an archive, in
// the format of archive.csv), and for MaxSolve, IPCA and the Nash memory
// archives.csv (the archives after the last generation: archive,name,
// weight, one line a member; the weight is the Nash memory's probability,
// empty for the others).
func (r *Run) WriteFiles(dir string) error {
	summary := struct {
		Config   Config `json:"config"`
		Done     int    `json:"generations_done"`
		Games    int64  `json:"games"`
		Complete bool   `json:"complete"`
		Stopped  string `json:"stopped,omitempty"`
		Admitted int    `json:"admitted,omitempty"`
		Archive  int    `json:"permanent_archive"`
	}{r.Config, r.Done, r.Games, r.Complete(), r.Stopped, 0, r.Permanent.Len()}
	if r.Admitted != nil {
		summary.Admitted = r.Admitted.Len()
	}
	files := map[string]func(io.Writer) error{
		RunFile: func(w io.Writer) error {
			b, err := json.MarshalIndent(summary, "", "  ")
			if err == nil {
				_, err = w.Write(append(b, '\n'))
			}
			return err
		},
		ArchiveFile: r.Permanent.WriteCSV,
		HistoryFile: r.writeHistory,
	}
	if r.Admitted != nil {
		files[AdmittedFile] = r.Admitted.WriteCSV
	}
	if r.Sets != nil {
		files[ArchivesFile] = r.writeSets
	}
	for _, name := range []string{HistoryFile, ArchiveFile, AdmittedFile, ArchivesFile, RunFile} {
		if f := files[name]; f != nil {
			if err := atomicfile.WriteNoFollow(filepath.Join(dir, name), f); err != nil {
				return err
			}
		}
	}
	return nil
}

// setNames names the two archives of a method.
func setNames(m Method) [2]string {
	switch m {
	case MaxSolve:
		return [2]string{"solutions", "tests"}
	case IPCA:
		return [2]string{"learners", "tests"}
	}
	return [2]string{"support", "memory"}
}

func (r *Run) writeSets(w io.Writer) error {
	cw := csv.NewWriter(w)
	cw.Write([]string{"archive", "name", "weight"})
	names := setNames(r.Config.Method)
	for k, set := range r.Sets {
		for i, n := range set {
			weight := ""
			if r.Config.Method == NashMemory && k == 0 {
				weight = formatFloat(r.Mixture[i])
			}
			cw.Write([]string{names[k], n, weight})
		}
	}
	cw.Flush()
	return cw.Error()
}

func (r *Run) writeHistory(w io.Writer) error {
	cw := csv.NewWriter(w)
	cw.Write([]string{"generation", "games", "best", "mean", "archive", "admitted", "spread", "norm"})
	for _, h := range r.History {
		cw.Write([]string{strconv.Itoa(h.Generation), strconv.FormatInt(h.Games, 10), formatFloat(h.Best), formatFloat(h.Mean),
			strconv.Itoa(h.Archive), strconv.FormatBool(h.Admitted), formatFloat(h.Spread), formatFloat(h.Norm)})
	}
	cw.Flush()
	return cw.Error()
}

// LoadRun reads the run saved in dir (complete or not) from its
// checkpoint. A run of a game that is not built in has the zero Domain
// but for its name (read it with its Domain's LoadRun to have players).
func LoadRun(dir string) (*Run, error) {
	cp, err := readCheckpoint(dir)
	if err != nil {
		return nil, err
	}
	if cp == nil {
		return nil, fmt.Errorf("%s holds no run of coevo coevolve (no %s)", dir, checkpointName)
	}
	d, err := Lookup(cp.Config.Game)
	if err != nil {
		d = Domain{Name: cp.Config.Game}
	}
	return cp.run(cp.Config, d), nil
}

// LoadRun reads the run of the domain's game saved in dir.
func (d Domain) LoadRun(dir string) (*Run, error) {
	cp, err := readCheckpoint(dir)
	if err != nil {
		return nil, err
	}
	if cp == nil {
		return nil, fmt.Errorf("%s holds no run of coevo coevolve (no %s)", dir, checkpointName)
	}
	if g := cp.Config.game(); g != d.Name {
		return nil, fmt.Errorf("%s holds a run of game %s, not %s", dir, g, d.Name)
	}
	return cp.run(cp.Config, d), nil
}
