// Package format2 holds the layout of coevolve's checkpoints of formats 1
// and 2, written before coevolution was made game-neutral (issue 31): an
// Othello run of NashSolve, evolution against the heuristic or ICL, whose
// players are weighted piece counters. encoding/gob writes the names of
// the types and fields with the values, so these types keep the names and
// fields they had (checkpoint, Config, Generation, Member): an Othello run
// of those methods is still written in format 2, byte for byte as before,
// and a format-1 or format-2 checkpoint written by an older coevo reads back.
//
// gob names a slice type by its element's package name too
// ("[]coevolve.Member"), so this package is named coevolve, like the one
// whose types it keeps; it is imported as format2.
package coevolve

// Checkpoint is the checkpoint of formats 1 and 2.
type Checkpoint = checkpoint

type checkpoint struct {
	Format    int
	Config    Config
	Done      int
	Games     int64
	Stopped   string
	Told      []float64
	CMA       []byte
	LastBest  []float64
	History   []Generation
	Permanent []Member
	Admitted  []Member
}

// Config is coevolve.Config of format 2.
type Config struct {
	Method      string  `json:"method"`
	Archive     int     `json:"archive,omitempty"`
	Opponents   int     `json:"opponents,omitempty"`
	Generations int     `json:"generations"`
	Population  int     `json:"population"`
	Games       int     `json:"games"`
	Epsilon     float64 `json:"epsilon"`
	Snapshot    int     `json:"snapshot"`
	Optimizer   string  `json:"optimizer"`
	StepSize    float64 `json:"step_size"`
	Seed        uint64  `json:"seed"`
}

// Generation is coevolve.Generation, unchanged since format 2.
type Generation struct {
	Generation int
	Games      int64
	Best       float64
	Mean       float64
	Archive    int
	Admitted   bool
	Spread     float64
	Norm       float64
}

// Member is an archived player of format 2: a WPC's 64 weights.
type Member struct {
	Name       string
	Generation int
	Games      int64
	Fitness    float64
	WPC        WPC
}

// WPC is othello.WPC: gob writes the array type's name.
type WPC [64]float64
