package main

import (
	"errors"
	"flag"
	"fmt"
	"math"
	"os"
	"runtime"
	"strconv"
	"strings"
	"syscall"

	"github.com/coevolab/coevo/engine/game"
)

// Every size a user controls is bounded: by a flag with a default that a
// workstation can hold (the game graph's positions and moves), or by a
// cap the error states with the memory it stands for (--mu, --workers,
// --bootstrap, the size of an input file). What goes over is bad input:
// exit 2 with one line naming the flag or file.

// The defaults of --max-positions and --max-moves hold a compile to about
// 4 GB of memory each: a position costs some 100 bytes in the graph and
// twice that in the process while the graph grows (measured: 50 million
// positions of Euclid's game took 10.6 GB), a move 4 bytes and up to
// twice that.
const (
	defaultMaxPositions = 20_000_000
	defaultMaxMoves     = 250_000_000
)

// graphFlags are the budgets of a command that compiles a game graph.
type graphFlags struct{ positions, moves int }

func addGraphFlags(fs *flag.FlagSet) *graphFlags {
	l := &graphFlags{}
	fs.IntVar(&l.positions, "max-positions", defaultMaxPositions, "give up beyond `N` positions (each takes 100 to 200 bytes)")
	fs.IntVar(&l.moves, "max-moves", defaultMaxMoves, "give up beyond `N` moves (each takes 4 to 8 bytes)")
	return l
}

// options checks the budgets and returns them as compile options.
func (l *graphFlags) options() (game.Options, error) {
	if l.positions < 1 || l.positions > math.MaxInt32 {
		return game.Options{}, usagef("--max-positions %d: want 1 to %d", l.positions, math.MaxInt32)
	}
	if l.moves < 1 || l.moves > game.DefaultMaxMoves {
		return game.Options{}, usagef("--max-moves %d: want 1 to %d", l.moves, game.DefaultMaxMoves)
	}
	return game.Options{MaxPositions: l.positions, MaxMoves: l.moves}, nil
}

// compileError makes a game that exceeds a budget, or has a cycle, a usage
// error naming the flag that sets the budget (not the library's option).
func compileError(err error) error {
	var tl *game.TooLargeError
	if errors.As(err, &tl) && tl.Total > 0 {
		// Refused before exploring: the game counts its positions.
		return usagef("the game has at least %d %s, more than --max-%s %d (at least %s of memory); raise --max-%s if memory allows",
			tl.Total, tl.What, tl.What, tl.Limit, formatBytes(float64(tl.Bytes)), tl.What)
	}
	if errors.As(err, &tl) {
		// What the process holds, garbage and growing slices included, is
		// what a larger budget costs: more than the graph's own estimate.
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		return usagef("the game has more than %d %s (%d positions and %d moves explored, with %s of memory); raise --max-%s if memory allows",
			tl.Limit, tl.What, tl.Positions, tl.Moves, formatBytes(float64(ms.Sys)), tl.What)
	}
	var ce *game.CycleError
	if errors.As(err, &ce) {
		return usagef("%v", err)
	}
	return err
}

// maxWorkers bounds --workers: more goroutines than this only add memory.
const maxWorkers = 1024

// checkWorkers checks a --workers flag: 0 (all cores) to maxWorkers.
func checkWorkers(n int) error {
	if n < 0 || n > maxWorkers {
		return usagef("--workers %d: want 0 (all cores) to %d", n, maxWorkers)
	}
	return nil
}

// formatBytes renders a number of bytes for people: "512 B", "3.4 MB".
func formatBytes(b float64) string {
	if b < 1000 {
		return fmt.Sprintf("%.0f B", b)
	}
	units := "kMGTPEZY"
	i := -1
	for b >= 1000 && i < len(units)-1 {
		b /= 1000
		i++
	}
	return fmt.Sprintf("%.3g %cB", b, units[i])
}

// Memory that a flag asks for up front (a population, the values of a
// nim-sequence) is checked against what the process may still map under
// its address-space limit (ulimit -v, RLIMIT_AS) before it is allocated:
// the Go runtime cannot recover from running out of memory (it prints a
// dump of every goroutine and exits 2, the status of bad usage), so what
// would not fit is refused first, in one line naming the flag, exit 1.

// addressSpaceLeft returns how many more bytes this process may map under
// its address-space limit, and false when there is no limit.
func addressSpaceLeft() (int64, bool) {
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_AS, &lim); err != nil || lim.Cur == rlimInfinity || lim.Cur > math.MaxInt64 {
		return 0, false
	}
	used := int64(0)
	if b, err := os.ReadFile("/proc/self/status"); err == nil {
		for _, line := range strings.Split(string(b), "\n") {
			if v, ok := strings.CutPrefix(line, "VmSize:"); ok {
				kb, _ := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
				used = kb << 10
			}
		}
	}
	return max(0, int64(lim.Cur)-used), true
}

// rlimInfinity is RLIM_INFINITY.
const rlimInfinity = ^uint64(0)

// memoryError says that what a flag asks for does not fit in memory.
type memoryError struct{ msg string }

func (e *memoryError) Error() string { return e.msg }

// checkMemory refuses, before anything is allocated, a command that needs
// need bytes more than its address-space limit leaves; setting names the
// flag and its value ("--upto 1000000000"), what says what takes the
// memory ("the values"), hint how to need less.
func checkMemory(setting, what string, need float64, hint string) error {
	left, limited := addressSpaceLeft()
	if !limited || need <= float64(left) {
		return nil
	}
	var lim syscall.Rlimit
	syscall.Getrlimit(syscall.RLIMIT_AS, &lim)
	return &memoryError{fmt.Sprintf("%s: %s take about %s of memory, and the address-space limit (ulimit -v, %s) leaves %s: %s, or raise the limit",
		setting, what, formatBytes(need), formatBytes(float64(lim.Cur)), formatBytes(float64(left)), hint)}
}
