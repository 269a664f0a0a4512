package coevolve

import (
	"fmt"
	"math"
	"strconv"
	"time"
)

// Method names a way of evolving players (paper 003 sections IV-VI).
type Method string

// The methods of paper 003 section VI.
const (
	// NashSolve evolves against an archive of the last |A| players that
	// beat every earlier member in both seats (section V, Algorithm 1).
	NashSolve Method = "nashsolve"
	// Heuristic evolves against a fixed player, the game's first
	// reference player (for Othello the standard heuristic WPC: the
	// "anti-heuristic" run, section IV-C).
	Heuristic Method = "heuristic"
	// ICL evolves against a fixed set of random players (Chong et al.'s
	// improved coevolutionary learning, section IV-C).
	ICL Method = "icl"
)

// Methods lists the methods, for messages.
var Methods = []Method{NashSolve, Heuristic, ICL}

// Config is everything a run's result depends on. PaperConfig gives the
// paper's settings; a run with the same Config (and the same coevo) gives
// the same players, whatever the number of workers.
type Config struct {
	Method Method `json:"method"`
	// Archive is NashSolve's archive size |A| (paper: 1 and 4).
	Archive int `json:"archive,omitempty"`
	// Opponents is the number of random WPCs ICL plays against (paper:
	// 500 and 50,000).
	Opponents int `json:"opponents,omitempty"`
	// Generations of CMA-ES (paper: 30,000/|A| for NashSolve, 100 for the
	// others).
	Generations int `json:"generations"`
	// Population of CMA-ES (paper: 100).
	Population int `json:"population"`
	// Games is the number of games a candidate plays against each opponent
	// in each seat (colour): NashSolve 1 (two noise-free games a pair),
	// heuristic 250 (500 games), ICL-500 10, ICL-50,000 1.
	Games int `json:"games"`
	// Epsilon is the probability of a forced random move for either side:
	// 0 for NashSolve and ICL-50,000, 0.1 for heuristic and ICL-500.
	Epsilon float64 `json:"epsilon"`
	// Snapshot is the period, in generations, of the permanent archive:
	// NashSolve adds its newest archive member every Snapshot generations
	// (paper: 300/|A|), the other methods the best candidate (paper: every
	// generation, 1).
	Snapshot int `json:"snapshot"`
	// Optimizer is the CMA-ES: CMA (Hansen's tutorial, the default; the
	// zero value means it too) or Gonum (gonum's CmaEsChol, an ablation).
	Optimizer Optimizer `json:"optimizer"`
	// StepSize is CMA-ES's initial step size σ0 (0.5); its initial mean is
	// the zero vector. From mean 0 the step size only scales every
	// candidate, and a WPC plays the same moves when all its weights are
	// scaled, so σ0 does not change which players a run finds (with a
	// power of two, exactly: docs/coevolve.md).
	StepSize float64 `json:"step_size"`
	// Seed seeds everything random: CMA-ES, the first archive member, the
	// ICL opponents, the forced random moves.
	Seed uint64 `json:"seed"`
	// Game names the game (its Domain): "" is Othello, the game of every
	// run before there were others, whose files stay as they were.
	Game string `json:"game,omitempty"`
}

// PaperConfig returns the settings of paper 003 section VI (an Othello
// run; set Game for another game) for a method:
// size is |A| for NashSolve and the number of opponents for ICL (ignored
// for Heuristic). Generations, Population, Games, Epsilon and Snapshot
// are the paper's; ICL with 50,000 or more opponents takes the ICL-50,000
// settings (one noise-free game per seat), with fewer the ICL-500 ones
// (ten games per seat at epsilon 0.1).
func PaperConfig(m Method, size int, seed uint64) Config {
	c := Config{Method: m, Population: 100, Optimizer: CMA, StepSize: 0.5, Seed: seed, Generations: 100, Snapshot: 1}
	switch m {
	case NashSolve:
		c.Archive, c.Games = size, 1
		if size > 0 {
			c.Generations, c.Snapshot = 30000/size, max(1, 300/size)
		}
	case Heuristic:
		c.Games, c.Epsilon = 250, 0.1
	case ICL:
		c.Opponents = size
		c.Games, c.Epsilon = 10, 0.1
		if size >= 50000 {
			c.Games, c.Epsilon = 1, 0
		}
	}
	return c
}

// Check reports the first setting that cannot run, naming it.
func (c Config) Check() error {
	switch {
	case c.Method != NashSolve && c.Method != Heuristic && c.Method != ICL:
		return fmt.Errorf("method %q: want %s, %s or %s", c.Method, NashSolve, Heuristic, ICL)
	case c.Method == NashSolve && (c.Archive < 1 || c.Archive > 1000):
		return fmt.Errorf("archive size %d: NashSolve needs 1 to 1000 members", c.Archive)
	case c.Method != NashSolve && c.Archive != 0:
		return fmt.Errorf("archive size %d: only NashSolve has an archive", c.Archive)
	case c.Method == ICL && (c.Opponents < 1 || c.Opponents > maxOpponents):
		return fmt.Errorf("opponents %d: ICL needs 1 to %d random opponents", c.Opponents, maxOpponents)
	case c.Method != ICL && c.Opponents != 0:
		return fmt.Errorf("opponents %d: only ICL plays a set of random opponents", c.Opponents)
	case c.Generations < 1:
		return fmt.Errorf("generations %d: want at least 1", c.Generations)
	case c.Population < 2 || c.Population > maxPopulation:
		return fmt.Errorf("population %d: CMA-ES needs 2 to %d candidates", c.Population, maxPopulation)
	case c.Games < 1 || c.Games > maxGames:
		return fmt.Errorf("games %d: want 1 to %d games per opponent in each seat", c.Games, maxGames)
	case !(c.Epsilon >= 0 && c.Epsilon <= 1):
		return fmt.Errorf("epsilon %v: a probability of a forced random move, want 0 to 1", c.Epsilon)
	case c.Snapshot < 1:
		return fmt.Errorf("snapshot %d: the permanent archive takes a player every Snapshot >= 1 generations", c.Snapshot)
	case c.Game != "" && !domainName.MatchString(c.Game):
		return fmt.Errorf("game %q: want a game's name (lower-case letters, digits and hyphens)", c.Game)
	case c.optimizer() != CMA && c.optimizer() != Gonum:
		return fmt.Errorf("optimizer %q: want %s (Hansen's CMA-ES) or %s (gonum's CmaEsChol)", c.Optimizer, CMA, Gonum)
	case !(c.StepSize > 0) || math.IsInf(c.StepSize, 0):
		return fmt.Errorf("step size %v: CMA-ES needs a positive, finite initial step", c.StepSize)
	}
	return nil
}

// Limits of a Config: a generation's games are numbered for their random
// streams (engine/tournament.Stream) with candidates and opponents as
// players, and the games of a pair and seat as rounds.
const (
	maxPopulation = 1 << 16
	maxOpponents  = 1<<21 - 1 - maxPopulation
	maxGames      = 1 << 20
)

// Settings lists, as name and value, the settings that fix a run's
// trajectory: all but Generations (a longer run begins as a shorter one).
// coevo records them with every result. The game is listed when it is
// not Othello (so Othello runs list what they listed before there were
// other games).
func (c Config) Settings() [][2]string {
	s := c.settings()
	if c.Game == "" || c.Game == Othello.Name {
		s = s[:len(s)-1]
	}
	return s
}

// settings lists every setting that fixes a run's trajectory, the game
// named even when it is Othello: two runs with equal settings are the
// same run.
func (c Config) settings() [][2]string {
	return [][2]string{
		{"method", string(c.Method)},
		{"archive", strconv.Itoa(c.Archive)},
		{"opponents", strconv.Itoa(c.Opponents)},
		{"population", strconv.Itoa(c.Population)},
		{"games", strconv.Itoa(c.Games)},
		{"epsilon", formatFloat(c.Epsilon)},
		{"snapshot", strconv.Itoa(c.Snapshot)},
		{"optimizer", string(c.optimizer())},
		{"step_size", formatFloat(c.StepSize)},
		{"seed", strconv.FormatUint(c.Seed, 10)},
		{"game", c.game()},
	}
}

// game is the game's name, "othello" for "".
func (c Config) game() string {
	if c.Game == "" {
		return Othello.Name
	}
	return c.Game
}

// optimizer is c.Optimizer, CMA for the zero value.
func (c Config) optimizer() Optimizer {
	if c.Optimizer == "" {
		return CMA
	}
	return c.Optimizer
}

// opponents is the number of players a candidate meets each generation.
func (c Config) opponents() int {
	switch c.Method {
	case ICL:
		return c.Opponents
	case Heuristic:
		return 1
	}
	return c.Archive
}

// String names the run like paper 003 does, e.g. "NashSolve |A|=4,
// seed 1", with the game first when it is not Othello ("connect4:
// NashSolve |A|=4, seed 1").
func (c Config) String() string {
	if c.game() != Othello.Name {
		o := c
		o.Game = ""
		return c.Game + ": " + o.String()
	}
	opt := ""
	if c.optimizer() == Gonum {
		opt = " (gonum CMA-ES)"
	}
	switch c.Method {
	case NashSolve:
		return fmt.Sprintf("NashSolve |A|=%d, seed %d%s", c.Archive, c.Seed, opt)
	case ICL:
		return fmt.Sprintf("ICL-%d, seed %d%s", c.Opponents, c.Seed, opt)
	case Heuristic:
		return fmt.Sprintf("anti-heuristic, seed %d%s", c.Seed, opt)
	}
	return string(c.Method)
}

// Options control how a run is carried out; they never change its result.
type Options struct {
	// Workers play a generation's games in parallel (0: GOMAXPROCS).
	Workers int
	// Progress, if set, is called after every generation.
	Progress func(Progress)
	// CheckpointEvery is the number of generations between checkpoints
	// (0: 10); CheckpointInterval the least time between two (0: 30 s;
	// negative: none). A run also checkpoints when it ends or is
	// interrupted.
	CheckpointEvery    int
	CheckpointInterval time.Duration
}

// Progress reports a run after a generation.
type Progress struct {
	Generation, Generations int
	Games                   int64   // games played so far
	Best                    float64 // the generation's best fitness
	Archive                 int     // NashSolve: members now in the archive
	Admitted                int     // NashSolve: players admitted so far
	Resumed                 int     // generations restored from the checkpoint
}
