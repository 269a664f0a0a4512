// Command engine benchmarks the game engine, measuring each figure and its
// baseline in the same run:
//
//   - Sprague-Grundy values on Chomp 12 x 12 (2,704,155 positions):
//     positions/s and edges/s, for compiling and for grundy.Values;
//   - Kayles' nim-sequence to n = 200,000 by the sparse-space method and
//     by the definition (the naive O(n^2) baseline): both times and the
//     ratio, after checking the two sequences are equal.
//
// Run it with "make bench" or "go run ./bench/engine [-chomp 12] [-kayles 200000]".
package main

import (
	"flag"
	"fmt"
	"os"
	"runtime"
	"slices"
	"time"

	"github.com/coevolab/coevo/engine/game"
	"github.com/coevolab/coevo/engine/games"
	"github.com/coevolab/coevo/engine/grundy"
	"github.com/coevolab/coevo/engine/heap"
)

func main() {
	side := flag.Int("chomp", 12, "Chomp board side")
	n := flag.Int("kayles", 200_000, "Kayles nim-sequence length")
	flag.Parse()
	fmt.Printf("coevo engine benchmark (%s, %d CPUs)\n\n", runtime.Version(), runtime.NumCPU())

	ch, err := games.NewChomp(*side, *side)
	if err != nil {
		fail(err)
	}
	t0 := time.Now()
	gr, err := game.Compile(ch)
	if err != nil {
		fail(err)
	}
	compile := time.Since(t0)
	t0 = time.Now()
	sg := grundy.Values(gr)
	values := time.Since(t0)
	V, E := float64(gr.NumVertices()), float64(gr.NumEdges())
	fmt.Printf("Chomp %dx%d: %d positions, %d moves; start value %d\n", *side, *side, gr.NumVertices(), gr.NumEdges(), sg[game.Start])
	fmt.Printf("  compile       %8.2fs  %12.0f positions/s  %12.0f edges/s\n", compile.Seconds(), V/compile.Seconds(), E/compile.Seconds())
	fmt.Printf("  grundy.Values %8.2fs  %12.0f positions/s  %12.0f edges/s\n\n", values.Seconds(), V/values.Seconds(), E/values.Seconds())

	k := heap.Kayles()
	t0 = time.Now()
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
