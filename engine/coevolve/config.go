package coevolve

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Method names a way of evolving players (paper 003 sections IV-VI).
type Method string

// The methods of paper 003 section VI, and those it compares itself
// with (sections IV and V).
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
	// RoundRobin is straight round-robin coevolution (section IV-A): each
	// generation's candidates play a league among themselves and score
	// their share of its points. With the optimizer ES it is the
	// coevolution with parent-child weighted averaging of paper 003 ref.
	// [8], the "LR" player's method: S. M. Lucas and T. P. Runarsson,
	// "Temporal difference learning versus co-evolution for acquiring
	// Othello position evaluation", Proc. IEEE Symposium on Computational
	// Intelligence and Games (CIG 2006), pp. 52-59.
	RoundRobin Method = "roundrobin"
	// MaxSolve keeps the Archive players that solve (beat) the most of an
	// archive of tests, and the tests that tell them apart: paper 003 ref.
	// [31], E. D. de Jong, "The MaxSolve algorithm for coevolution", Proc.
	// Genetic and Evolutionary Computation Conference (GECCO 2005), ACM,
	// pp. 483-489.
	MaxSolve Method = "maxsolve"
	// IPCA keeps the learners that no learner Pareto-dominates over an
	// archive of tests, and the tests needed to show it: paper 003 ref.
	// [29], E. D. de Jong, "The incremental Pareto-coevolution archive",
	// Genetic and Evolutionary Computation (GECCO 2004), LNCS 3102,
	// Springer, pp. 525-536.
	IPCA Method = "ipca"
	// NashMemory keeps the support of a Nash equilibrium of the players
	// found, and a memory of former support, Archive players in all: S. G.
	// Ficici and J. B. Pollack, "A game-theoretic memory mechanism for
	// coevolution", Genetic and Evolutionary Computation (GECCO 2003), LNCS
	// 2723, Springer, pp. 286-297; its capacity bounded as in paper 003
	// ref. [7], E. P. Manning, "Using resource-limited Nash memory to
	// improve an Othello evaluation function", IEEE Transactions on
	// Computational Intelligence and AI in Games 2(1), 2010, pp. 40-53.
	NashMemory Method = "nashmemory"
)

// Methods lists the methods, for messages.
var Methods = []Method{NashSolve, Heuristic, ICL, RoundRobin, MaxSolve, IPCA, NashMemory}

// Config is everything a run's result depends on. PaperConfig gives the
// paper's settings; a run with the same Config (and the same coevo) gives
// the same players, whatever the number of workers.
type Config struct {
	Method Method `json:"method"`
	// Archive is NashSolve's archive size |A| (paper: 1 and 4), MaxSolve's
	// number of solutions kept, or the Nash memory's capacity (its
	// support and memory together).
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
	// Optimizer is the evolutionary algorithm: CMA (Hansen's tutorial, the
	// default; the zero value means it too), Gonum (gonum's CmaEsChol, an
	// ablation) or ES (Lucas and Runarsson's (1, λ) evolution strategy
	// with parent-child weighted averaging).
	Optimizer Optimizer `json:"optimizer"`
	// StepSize is CMA-ES's initial step size σ0 (0.5), or the ES's fixed
	// mutation step; the search starts at the zero vector. From mean 0
	// CMA-ES's step size only scales every candidate, and a WPC plays the
	// same moves when all its weights are scaled, so σ0 does not change
	// which players a CMA-ES run finds (with a power of two, exactly:
	// docs/coevolve.md).
	StepSize float64 `json:"step_size"`
	// Seed seeds everything random: CMA-ES, the first archive member, the
	// ICL opponents, the forced random moves.
	Seed uint64 `json:"seed"`
	// Game names the game (its Domain): "" is Othello, the game of every
	// run before there were others, whose files stay as they were.
	Game string `json:"game,omitempty"`
	// Beta is the ES's parent-child averaging weight: the parent moves
	// the fraction Beta of the way to the generation's best candidate
	// (Lucas and Runarsson: 0.05).
	Beta float64 `json:"beta,omitempty"`
	// Offered is the number of candidates MaxSolve and IPCA offer their
	// archives each generation as solutions, and as tests; the Nash
	// memory, as players that beat its mixture (default 5).
	Offered int `json:"offered,omitempty"`
	// Budget, if positive, stops a run before the first generation that
	// would begin with Budget games or more played (so that methods can be
	// compared at equal budgets of games); the run is then complete.
	Budget int64 `json:"budget,omitempty"`
}

// PaperConfig returns the settings of paper 003 section VI (an Othello
// run; set Game for another game) for a method:
// size is |A| for NashSolve, the number of opponents for ICL, the
// solutions kept by MaxSolve and the capacity of the Nash memory (ignored
// for the others). The methods the paper does not run get settings of
// ours (docs/coevolve.md): MaxSolve, IPCA and the Nash memory NashSolve's
// games, 1,000 generations and a snapshot every 10; RoundRobin Lucas and
// Runarsson's evolution strategy for 10,000 generations, a snapshot
// every 100. Generations, Population, Games, Epsilon and Snapshot
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
	case RoundRobin:
		// Lucas and Runarsson's settings as docs/coevolve.md reads them:
		// a parent and ten children, noisy games, averaging weight 0.05.
		c.Population, c.Optimizer, c.StepSize, c.Beta = 11, ES, 0.05, 0.05
		c.Games, c.Epsilon = 5, 0.1
		// 10,000 generations of 550 games: 5.5 million games, about
		// NashSolve's 6 million; a permanent-archive player every 100.
		c.Generations, c.Snapshot = 10000, 100
	case MaxSolve, IPCA, NashMemory:
		// NashSolve's games (two noise-free games a pair) and snapshot.
		c.Archive, c.Games, c.Offered = size, 1, 5
		c.Generations, c.Snapshot = 1000, 10
		if m == IPCA {
			c.Archive = 0
		}
	}
	return c
}

// Check reports the first setting that cannot run, naming it.
func (c Config) Check() error {
	bounded := c.Method == NashSolve || c.Method == MaxSolve || c.Method == NashMemory
	switch {
	case !slices.Contains(Methods, c.Method):
		return fmt.Errorf("method %q: want %s", c.Method, methodNames())
	case bounded && (c.Archive < 1 || c.Archive > 1000):
		return fmt.Errorf("archive size %d: %s needs 1 to 1000 members", c.Archive, c.Method)
	case !bounded && c.Archive != 0:
		return fmt.Errorf("archive size %d: only NashSolve, MaxSolve and the Nash memory have an archive of bounded size", c.Archive)
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
	case !slices.Contains(Optimizers, c.optimizer()):
		return fmt.Errorf("optimizer %q: want %s (Hansen's CMA-ES), %s (gonum's CmaEsChol) or %s (Lucas and Runarsson's evolution strategy)", c.Optimizer, CMA, Gonum, ES)
	case !(c.StepSize > 0) || math.IsInf(c.StepSize, 0):
		return fmt.Errorf("step size %v: the search needs a positive, finite step", c.StepSize)
	case c.optimizer() == ES && !(c.Beta > 0 && c.Beta <= 1):
		return fmt.Errorf("beta %v: the ES moves its parent a fraction 0 < beta <= 1 of the way to the best candidate", c.Beta)
	case c.optimizer() != ES && c.Beta != 0:
		return fmt.Errorf("beta %v: only the ES optimizer averages parent and child", c.Beta)
	case c.Budget < 0:
		return fmt.Errorf("budget %d: want a number of games >= 0 (0: no budget)", c.Budget)
	case c.Offered < 0 || c.Offered > c.Population || !offers(c.Method) && c.Offered != 0:
		return fmt.Errorf("offered %d: MaxSolve, IPCA and the Nash memory offer 1 to Population (%d) candidates a generation", c.Offered, c.Population)
	}
	return nil
}

// methodNames lists the methods, for messages.
func methodNames() string {
	var n []string
	for _, m := range Methods {
		n = append(n, string(m))
	}
	return strings.Join(n, ", ")
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
// not Othello, beta with the ES (so Othello runs of the paper's methods
// list what they listed before there were other games and methods).
func (c Config) Settings() [][2]string {
	var s [][2]string
	for _, kv := range c.settings() {
		switch {
		case kv[0] == "game" && c.game() == Othello.Name:
		case kv[0] == "beta" && c.optimizer() != ES:
		case kv[0] == "offered" && !offers(c.Method):
		case kv[0] == "budget" && c.Budget == 0:
		default:
			s = append(s, kv)
		}
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
		{"beta", formatFloat(c.Beta)},
		{"offered", strconv.Itoa(c.offered())},
		{"budget", strconv.FormatInt(c.Budget, 10)},
	}
}

// offers reports whether a method offers candidates to its archives
// (Config.Offered).
func offers(m Method) bool { return m == MaxSolve || m == IPCA || m == NashMemory }

// offered is Offered, 5 for 0 when the method offers candidates.
func (c Config) offered() int {
	if c.Offered == 0 && offers(c.Method) {
		return 5
	}
	return c.Offered
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
	switch c.optimizer() {
	case Gonum:
		opt = " (gonum CMA-ES)"
	case ES:
		if c.Method != RoundRobin {
			opt = " (ES)"
		}
	}
	switch c.Method {
	case NashSolve:
		return fmt.Sprintf("NashSolve |A|=%d, seed %d%s", c.Archive, c.Seed, opt)
	case ICL:
		return fmt.Sprintf("ICL-%d, seed %d%s", c.Opponents, c.Seed, opt)
	case Heuristic:
		return fmt.Sprintf("anti-heuristic, seed %d%s", c.Seed, opt)
	case RoundRobin:
		if c.optimizer() == ES {
			return fmt.Sprintf("round robin with parent-child averaging (LR), seed %d", c.Seed)
		}
		return fmt.Sprintf("round robin, seed %d%s", c.Seed, opt)
	case MaxSolve:
		return fmt.Sprintf("MaxSolve (%d solutions), seed %d%s", c.Archive, c.Seed, opt)
	case IPCA:
		return fmt.Sprintf("IPCA, seed %d%s", c.Seed, opt)
	case NashMemory:
		return fmt.Sprintf("Nash memory (capacity %d), seed %d%s", c.Archive, c.Seed, opt)
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
	Archive                 int     // archive methods: members now in the (main) archive
	Admitted                int     // archive methods: players admitted so far
	Resumed                 int     // generations restored from the checkpoint
}
