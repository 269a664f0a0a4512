package main

import (
	"context"
	"fmt"
	"hash/crc64"
	"runtime"
	"time"
	"unsafe"

	"github.com/coevolab/coevo/engine/game"
	"github.com/coevolab/coevo/engine/games"
	"github.com/coevolab/coevo/engine/grundy"
	"github.com/coevolab/coevo/internal/measure"
)

// compileBench compiles Chomp side x side by hashing and by index, with
// one worker and with all, checks the graphs are identical and prints the
// throughputs and ratios.
func compileBench(side int) {
	ch, err := games.NewChomp(side, side)
	if err != nil {
		fail(err)
	}
	type run struct {
		name string
		g    game.Game
		w    int
	}
	cpus := runtime.GOMAXPROCS(0)
	runs := []run{{"index, 1 worker", ch, 1}, {fmt.Sprintf("index, %d workers", cpus), ch, cpus}, {"hash (baseline)", game.Unindexed(ch), 1}}
	secs, cpu := make([]float64, len(runs)), make([]float64, len(runs))
	sums := make([]uint64, len(runs))
	var base *game.Graph
	fmt.Printf("Compiling Chomp %dx%d (load average %s)\n", side, side, measure.LoadAverage())
	for k, r := range runs {
		base = nil
		measure.ResetPeakRSS()
		t0, c0 := time.Now(), measure.CPUTime()
		gr, err := game.CompileContext(context.Background(), r.g, game.Options{Workers: r.w})
		if err != nil {
			fail(err)
		}
		secs[k], cpu[k] = time.Since(t0).Seconds(), measure.CPUTime()-c0
		E := float64(gr.NumEdges())
		fmt.Printf("  %-18s %7.2fs %12.0f moves/s   CPU %6.2fs %12.0f moves/CPU-s   peak RSS %s\n",
			r.name, secs[k], E/secs[k], cpu[k], E/cpu[k], measure.PeakRSS())
		sums[k], base = checksum(gr), gr
	}
	for k := range sums[:len(sums)-1] {
		if sums[k] != sums[len(sums)-1] {
			fail(fmt.Errorf("%s: the graph differs from the hashed one", runs[k].name))
		}
	}
	last := len(secs) - 1
	fmt.Printf("  %d positions, %d moves; graphs identical (same ids and CSR: equal CRC-64 of Offsets and Edges)\n", base.NumVertices(), base.NumEdges())
	fmt.Printf("  ratio hash/index: %.1fx with 1 worker, %.1fx with %d (CPU time: %.1fx, %.1fx)\n",
		secs[last]/secs[0], secs[last]/secs[1], cpus, cpu[last]/cpu[0], cpu[last]/cpu[1])
	t0 := time.Now()
	sg := grundy.Values(base)
	values := time.Since(t0).Seconds()
	fmt.Printf("  grundy.Values    %8.2fs  %12.0f moves/s; start value %d\n\n", values, float64(base.NumEdges())/values, sg[game.Start])
}

// checksum is the CRC-64 of a graph's CSR arrays (in memory order).
func checksum(g *game.Graph) uint64 {
	h := crc64.New(crc64.MakeTable(crc64.ECMA))
	for _, a := range [][]int32{g.Offsets, g.Edges} {
		if len(a) > 0 {
			h.Write(unsafe.Slice((*byte)(unsafe.Pointer(&a[0])), 4*len(a)))
		}
	}
	return h.Sum64()
}

// solve13Bench solves Chomp side x side by index and, if hash is set, by
// compiling it by hashing and running grundy.Values, and compares.
func solve13Bench(side int, hash bool) {
	ch, err := games.NewChomp(side, side)
	if err != nil {
		fail(err)
	}
	fmt.Printf("Solving Chomp %dx%d (load average %s)\n", side, side, measure.LoadAverage())
	measure.ResetPeakRSS()
	t0, c0 := time.Now(), measure.CPUTime()
	tab, err := grundy.SolveIndexed(context.Background(), ch, grundy.IndexOptions{MaxPositions: 1 << 30})
	if err != nil {
		fail(err)
	}
	byIndex, cpuIndex := time.Since(t0).Seconds(), measure.CPUTime()-c0
	fmt.Printf("  by index (SolveIndexed, %d workers) %8.2fs  CPU %7.2fs  peak RSS %s: %d positions, %d moves, start value %d\n",
		runtime.GOMAXPROCS(0), byIndex, cpuIndex, measure.PeakRSS(), len(tab.SG), tab.Moves, tab.Value(tab.Start()))
	if !hash {
		fmt.Printf("  by hashing: skipped (-hash=false)\n\n")
		return
	}
	measure.ResetPeakRSS()
	t0, c0 = time.Now(), measure.CPUTime()
	gr, err := game.CompileContext(context.Background(), game.Unindexed(ch), game.Options{MaxPositions: 1 << 30})
	if err != nil {
		fail(err)
	}
	sg := grundy.Values(gr)
	byHash, cpuHash := time.Since(t0).Seconds(), measure.CPUTime()-c0
	for v := int32(0); v < int32(gr.NumVertices()); v++ {
		i, _ := tab.Lookup(gr.Position(v))
		if tab.SG[i] != sg[v] {
			fail(fmt.Errorf("%s: value %d by index, %d by hashing", gr.Format(v), tab.SG[i], sg[v]))
		}
	}
	fmt.Printf("  by hashing (Compile + Values)      %8.2fs  CPU %7.2fs  peak RSS %s: %d positions, %d moves\n",
		byHash, cpuHash, measure.PeakRSS(), gr.NumVertices(), gr.NumEdges())
	fmt.Printf("  every value agrees; ratio hash/index = %.0fx (CPU time: %.0fx)\n\n", byHash/byIndex, cpuHash/cpuIndex)
}
