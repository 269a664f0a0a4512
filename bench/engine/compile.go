package main

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/coevolab/coevo/engine/game"
	"github.com/coevolab/coevo/engine/games"
	"github.com/coevolab/coevo/engine/grundy"
)

// hashed hides a game's index, so that Compile hashes its positions (the
// baseline).
func hashed(g game.Game) game.Game {
	return game.Func{StartPos: g.Start(), MovesFunc: g.Moves, FormatFunc: g.Format}
}

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
	runs := []run{{"index, 1 worker", ch, 1}, {fmt.Sprintf("index, %d workers", cpus), ch, cpus}, {"hash (baseline)", hashed(ch), 1}}
	var graphs []*game.Graph
	secs, cpu := make([]float64, len(runs)), make([]float64, len(runs))
	fmt.Printf("Compiling Chomp %dx%d (load average %s)\n", side, side, loadAverage())
	for k, r := range runs {
		resetPeak()
		t0, c0 := time.Now(), cpuTime()
		gr, err := game.CompileContext(context.Background(), r.g, game.Options{Workers: r.w})
		if err != nil {
			fail(err)
		}
		secs[k], cpu[k] = time.Since(t0).Seconds(), cpuTime()-c0
		graphs = append(graphs, gr)
		E := float64(gr.NumEdges())
		fmt.Printf("  %-18s %7.2fs %12.0f moves/s   CPU %6.2fs %12.0f moves/CPU-s   peak RSS %s\n",
			r.name, secs[k], E/secs[k], cpu[k], E/cpu[k], peakRSS())
	}
	base := graphs[len(graphs)-1]
	for k, gr := range graphs[:len(graphs)-1] {
		if !slices.Equal(gr.Offsets, base.Offsets) || !slices.Equal(gr.Edges, base.Edges) {
			fail(fmt.Errorf("%s: the graph differs from the hashed one", runs[k].name))
		}
	}
	last := len(secs) - 1
	fmt.Printf("  %d positions, %d moves; graphs identical (same ids and CSR)\n", base.NumVertices(), base.NumEdges())
	fmt.Printf("  ratio hash/index: %.1fx with 1 worker, %.1fx with %d (CPU time: %.1fx, %.1fx)\n",
		secs[last]/secs[0], secs[last]/secs[1], cpus, cpu[last]/cpu[0], cpu[last]/cpu[1])
	t0 := time.Now()
	sg := grundy.Values(base)
	values := time.Since(t0).Seconds()
	fmt.Printf("  grundy.Values    %8.2fs  %12.0f moves/s; start value %d\n\n", values, float64(base.NumEdges())/values, sg[game.Start])
}

// solve13Bench solves Chomp side x side by index and, if hash is set, by
// compiling it by hashing and running grundy.Values, and compares.
func solve13Bench(side int, hash bool) {
	ch, err := games.NewChomp(side, side)
	if err != nil {
		fail(err)
	}
	fmt.Printf("Solving Chomp %dx%d (load average %s)\n", side, side, loadAverage())
	resetPeak()
	t0, c0 := time.Now(), cpuTime()
	tab, err := grundy.SolveIndexed(context.Background(), ch, grundy.IndexOptions{MaxPositions: 1 << 30})
	if err != nil {
		fail(err)
	}
	byIndex, cpuIndex := time.Since(t0).Seconds(), cpuTime()-c0
	fmt.Printf("  by index (SolveIndexed, %d workers) %8.2fs  CPU %7.2fs  peak RSS %s: %d positions, %d moves, start value %d\n",
		runtime.GOMAXPROCS(0), byIndex, cpuIndex, peakRSS(), len(tab.SG), tab.Moves, tab.Value(tab.Start()))
	if !hash {
		fmt.Printf("  by hashing: skipped (-hash=false)\n\n")
		return
	}
	runtime.GC()
	resetPeak()
	t0, c0 = time.Now(), cpuTime()
	gr, err := game.CompileContext(context.Background(), hashed(ch), game.Options{MaxPositions: 1 << 30})
	if err != nil {
		fail(err)
	}
	sg := grundy.Values(gr)
	byHash, cpuHash := time.Since(t0).Seconds(), cpuTime()-c0
	for v := int32(0); v < int32(gr.NumVertices()); v++ {
		i, _ := tab.Lookup(gr.Position(v))
		if tab.SG[i] != sg[v] {
			fail(fmt.Errorf("%s: value %d by index, %d by hashing", gr.Format(v), tab.SG[i], sg[v]))
		}
	}
	fmt.Printf("  by hashing (Compile + Values)      %8.2fs  CPU %7.2fs  peak RSS %s: %d positions, %d moves\n",
		byHash, cpuHash, peakRSS(), gr.NumVertices(), gr.NumEdges())
	fmt.Printf("  every value agrees; ratio hash/index = %.0fx (CPU time: %.0fx)\n\n", byHash/byIndex, cpuHash/cpuIndex)
}

// cpuTime is the process's user and system CPU time so far, in seconds.
func cpuTime() float64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()).Seconds()
}

// loadAverage is the 1-minute load average, or "?".
func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	return strings.Fields(string(b))[0]
}

// resetPeak resets the process's peak resident set size (Linux).
func resetPeak() { os.WriteFile("/proc/self/clear_refs", []byte("5"), 0) }

// peakRSS is the peak resident set size since resetPeak (Linux), or "?".
func peakRSS() string {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return "?"
	}
	for _, l := range strings.Split(string(b), "\n") {
		if f := strings.Fields(l); len(f) == 3 && f[0] == "VmHWM:" {
			kb, _ := strconv.Atoi(f[1])
			return fmt.Sprintf("%.0f MB", float64(kb)/1024)
		}
	}
	return "?"
}
