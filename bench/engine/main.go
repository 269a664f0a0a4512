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
//     ratio, after checking the two sequences are equal.
//
// Run it with "make bench" or
// "go run ./bench/engine [-chomp 12] [-solve 13] [-hash=false] [-kayles 200000]".
package main

import (
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
	flag.Parse()
	fmt.Printf("coevo engine benchmark (%s, %d CPUs)\n\n", runtime.Version(), runtime.NumCPU())

	compileBench(*side)
	solve13Bench(*big, *hash13)

	k := heap.Kayles()
	t0 := time.Now()
	fast, err := k.Sequence(*n)
	if err != nil {
		fail(err)
	}
	sparse := time.Since(t0)
	t0 = time.Now()
	slow, err := k.NaiveSequence(*n)
	if err != nil {
		fail(err)
	}
	naive := time.Since(t0)
	if !slices.Equal(fast, slow) {
		fail(fmt.Errorf("sparse and naive Kayles sequences differ"))
	}
	fmt.Printf("Kayles nim-sequence to n = %d (sequences equal)\n", *n)
	fmt.Printf("  sparse space  %8.3fs\n  naive         %8.3fs\n  ratio naive/sparse = %.0fx\n", sparse.Seconds(), naive.Seconds(), naive.Seconds()/sparse.Seconds())
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "bench:", err)
	os.Exit(1)
}
