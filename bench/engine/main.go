// Command engine benchmarks the game engine, measuring each figure and its
// baseline in the same run:
//
//   - compiling Chomp 12 x 12 (2,704,155 positions, 191,995,077 moves) by
//     hashing positions and through Chomp's perfect index with 1 and with
//     all workers: moves/s, the ratios, and a check that the graphs are
//     identical; grundy.Values on the graph;
//   - solving Chomp 13 x 13 (10,400,600 positions) by index
//     (grundy.SolveIndexed) and by hashing (Compile + Values): times,
//     peak memory, the ratio, and a check that every value agrees;
//   - Kayles' nim-sequence to n = 200,000 by the sparse-space method and
//     by the definition (the naive O(n^2) baseline): both times and the
//     ratio, after checking the two sequences are equal;
//   - Grundy's game to 2^22, .127 to 2^20, .376 (two splitting removals)
//     to 2^20 and .74 (two splitting removals, values of 2 bytes from the
//     start) to 2^19, every value computed, by the sparse-space method,
//     by the method before issue 18 (previous.go) and by the peer,
//     Czajka's octal-games analyzer, when the environment variable
//     COEVO_OCTAL_PEER gives the path of its "analyze" program: CPU time
//     and peak memory of one process per run, the ratios, and a check
//     that the sequences agree (hash against the previous method, largest
//     value and where it first occurs against the peer); Grundy's game
//     again keeping no values, as the peer does; then the time to prove
//     .127's period, and with -long .1777's (pre-period 160,949,018);
//   - Grundy's game to 2^24 and 2^25 (values of 2 bytes past heap
//     7,250,049) against the peer: CPU times, ratios and the growth
//     exponent of each from one bound to the next (-grundy-long 25,
//     minutes);
//   - the peak memory of "coevo sg grundy --upto 2^k-1 --format csv" to
//     /dev/null against the same computation in process, k = 22 and 23,
//     and each program's floor (-sg-memory 22,23);
//   - a cheap octal game, .106 to 2^22 (-cheap 22): coevo sg from the
//     command line in each format to /dev/null, in process, its start and
//     the peer, CPU times, where the command's time goes, and its ratio to
//     the peer's (issue 35: no slower from the command line).
//
// Every section prints the load average. Run it with "make bench" or
// "go run ./bench/engine [-chomp 12] [-solve 13] [-hash=false]
// [-kayles 200000] [-grundy 22] [-octal 20] [-multi 20] [-wide 19]
// [-previous 3m] [-long] [-grundy-long 25] [-sg-memory 22,23] [-cheap 22]"; a size
// of 0 skips its section.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"runtime"
	"slices"
	"time"

	"github.com/coevolab/coevo/engine/heap"
)

func main() {
	side := flag.Int("chomp", 12, "Chomp board side for the compile benchmark")
	big := flag.Int("solve", 13, "Chomp board side for the solve benchmark")
	hash13 := flag.Bool("hash", true, "also solve the -solve board by hashing (the baseline; minutes and several GB)")
	n := flag.Int("kayles", 200_000, "Kayles nim-sequence length")
	grundyK := flag.Int("grundy", 22, "Grundy's game to 2^`k` values")
	octalK := flag.Int("octal", 20, ".127 to 2^`k` values")
	multiK := flag.Int("multi", 20, ".376 to 2^`k` values (0: skip)")
	wideK := flag.Int("wide", 19, ".74 (two splitting removals, 2-byte values) to 2^`k` values (0: skip)")
	longK := flag.Int("grundy-long", 25, "Grundy's game to 2^(`k`-1) and 2^k against the peer, CPU time and growth (0: skip; minutes)")
	coevoBin := flag.String("coevo", "", "the coevo program for -sg-memory (default: built from this repository)")
	memKs := flag.String("sg-memory", "22,23", "peak memory of coevo sg (CSV to /dev/null) against the same run in process, for Grundy's game to 2^`k` (comma-separated; empty: skip)")
	cheapK := flag.Int("cheap", 22, "the cheap octal game .106 to 2^`k` values: coevo sg from the command line against in process and the peer (0: skip)")
	prevCap := flag.Duration("previous", 3*time.Minute, "time cap for each run of the previous method (0: skip it)")
	long := flag.Bool("long", false, "also prove .1777's period (443 million values, minutes and 0.8 GB)")
	isChild := flag.Bool("child", false, "compute one sequence (used by the benchmark itself)")
	flag.Parse()
	if *isChild {
		runChild(flag.Args())
		return
	}
	fmt.Printf("coevo engine benchmark (%s, %d CPUs)\n\n", runtime.Version(), runtime.NumCPU())

	if *side > 0 {
		compileBench(*side)
	}
	if *big > 0 {
		solve13Bench(*big, *hash13)
	}
	if *n > 0 {
		kaylesBench(*n)
	}
	benchSparse(*grundyK, *octalK, *multiK, *wideK, *prevCap, *long)
	if *longK > 0 {
		benchLongGrundy(*longK)
	}
	if *memKs != "" {
		benchSGMemory(*memKs, *coevoBin)
	}
	if *cheapK > 0 {
		benchCheapOctal(".106", *cheapK, 3, *coevoBin)
	}
}

// kaylesBench computes Kayles' nim-sequence to n by the sparse-space
// method and by the definition.
func kaylesBench(n int) {
	k := heap.Kayles()
	t0 := time.Now()
	a, err := k.Analyze(context.Background(), n, heap.AnalyzeOptions{ComputeAll: true})
	if err != nil {
		fail(err)
	}
	fast := a.Values
	sparse := time.Since(t0)
	t0 = time.Now()
	slow, err := k.NaiveSequence(n)
	if err != nil {
		fail(err)
	}
	naive := time.Since(t0)
	if !slices.Equal(fast, slow) {
		fail(fmt.Errorf("sparse and naive Kayles sequences differ"))
	}
	fmt.Printf("Kayles nim-sequence to n = %d (sequences equal)\n", n)
	fmt.Printf("  sparse space  %8.3fs\n  naive         %8.3fs\n  ratio naive/sparse = %.0fx\n", sparse.Seconds(), naive.Seconds(), naive.Seconds()/sparse.Seconds())
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "bench:", err)
	os.Exit(1)
}
