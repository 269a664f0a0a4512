// Command gp measures how often genetic programming (engine/gp) finds an
// exact Grundy-value formula for GA2 (paper 002 section 3) with one, two and
// three heaps of sizes 1 to 10, over many seeds, at the paper's settings
// (population 1000, 20 generations, elites kept, everything else gplearn's
// defaults), at the paper's largest population (10000), and with the higher
// mutation rates of gplearn's documented example (crossover 0.7, subtree
// 0.1, hoist 0.05, point 0.1), which the paper says it settled on without
// giving numbers. It also reports the best GA1 formula over the seeds
// (single heaps up to 10, as the paper) and its error, how often the
// consistency fitness (no values) reaches zero, and, as the baseline
// every ratio here is measured against, one run with one worker against the
// same run with all cores: the results must be identical.
//
//	go run ./bench/gp [-seeds 20] [-heaps 1,2,3] [-pops 1000,10000] [-baseline-only]
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/coevolab/coevo/engine/gp"
)

type setting struct {
	name string
	cfg  gp.Config
}

func main() {
	seeds := flag.Int("seeds", 20, "seeds per setting")
	heapList := flag.String("heaps", "1,2,3", "numbers of heaps")
	popList := flag.String("pops", "1000,10000", "populations at gplearn's default rates")
	only := flag.Bool("baseline-only", false, "run only the one-worker against all-cores comparison")
	flag.Parse()
	ctx := context.Background()
	if *only {
		baseline(ctx)
		return
	}
	fmt.Printf("GP on GA2, heap sizes 1..10, %d seeds a setting, 20 generations, %d cores (%s)\n",
		*seeds, runtime.GOMAXPROCS(0), runtime.Version())
	var settings []setting
	for _, p := range ints(*popList) {
		settings = append(settings, setting{fmt.Sprintf("population %d", p), gp.Config{Population: p}})
	}
	settings = append(settings, setting{"population 1000, higher mutation",
		gp.Config{Population: 1000, PCrossover: 0.7, PSubtree: 0.1, PHoist: 0.05, PPoint: 0.1}})
	fmt.Printf("%-36s %5s %9s %12s %10s %10s  %s\n", "setting", "heaps", "exact", "held-out=1", "s/run", "gens(ok)", "a formula found")
	for _, k := range ints(*heapList) {
		d, err := gp.HeapData(ctx, gp.HeapSpec{Game: "ga2", Heaps: k, Seed: 1})
		if err != nil {
			fail(err)
		}
		for _, s := range settings {
			exact, general := 0, 0
			var gens []int
			example := ""
			t0 := time.Now()
			for seed := 1; seed <= *seeds; seed++ {
				cfg := s.cfg
				cfg.Seed = uint64(seed)
				r, err := gp.Run(ctx, d, cfg)
				if err != nil {
					fail(err)
				}
				if r.Exact() {
					exact++
					gens = append(gens, r.Generations())
					if r.Accuracy == 1 {
						general++
					}
					if example == "" {
						example = fmt.Sprintf("seed %d: %s", seed, r.Formula())
					}
				}
			}
			per := time.Since(t0).Seconds() / float64(*seeds)
			med := "-"
			if len(gens) > 0 {
				slices.Sort(gens)
				med = strconv.Itoa(gens[len(gens)/2])
			}
			fmt.Printf("%-36s %5d %4d/%-4d %7d/%-4d %10.2f %10s  %s\n", s.name, k, exact, *seeds, general, exact, per, med, example)
		}
	}

	// GA1: no exact formula is expected; the best over the seeds.
	d, err := gp.HeapData(ctx, gp.HeapSpec{Game: "ga1", Heaps: 1, Seed: 1})
	if err != nil {
		fail(err)
	}
	paper, _ := gp.Parse("ADD(ADD(SUB(MOD(ADD(1, h), ADD(MOD(ADD(h, 1), 3), 1)), MOD(SUB(h, 1), 4)), MOD(ADD(1, h), 3)), 4)", d.Train.Names)
	pv := d.Train.Eval(paper)
	perr := int64(0)
	for i, y := range d.Train.Y {
		perr += max(pv[i]-y, y-pv[i])
	}
	var best *gp.Result
	bestSeed := 0
	for seed := 1; seed <= *seeds; seed++ {
		r, err := gp.Run(ctx, d, gp.Config{Population: 1000, Seed: uint64(seed)})
		if err != nil {
			fail(err)
		}
		if best == nil || r.Error < best.Error || r.Error == best.Error && len(r.Best) < len(best.Best) {
			best, bestSeed = r, seed
		}
	}
	fmt.Printf("\nGA1, one heap of 1..10 (values Kayles(h-1)), population 1000, best of %d seeds (seed %d):\n  %s\n  prefix %s\n  error %d (total absolute), held-out accuracy (heaps 11..15) %.2f\n",
		*seeds, bestSeed, best.Formula(), best.Prefix(), best.Error, best.Accuracy)
	fmt.Printf("paper 002's GA1 formula on the same positions: error %d\n", perr)

	// The consistency fitness: no values, only the positions and their
	// options. GA2 over every position reached from one heap of 2..12 (up
	// to six heaps), and the subtraction game {1,2,3} on one heap of 0..30.
	var starts [][]int
	for s := 2; s <= 12; s++ {
		starts = append(starts, []int{s})
	}
	g2, err := gp.HeapGraph(ctx, "ga2", nil, starts)
	if err != nil {
		fail(err)
	}
	sub, err := gp.GraphData(ctx, gp.HeapSpec{Game: "subtraction", Args: map[string]string{"set": "1,2,3"}, MaxHeap: 30, Empty: true})
	if err != nil {
		fail(err)
	}
	fmt.Println()
	for _, c := range []struct {
		name string
		d    *gp.Data
		pop  int
	}{
		{fmt.Sprintf("GA2, %d positions, inputs n h1..h6", g2.Rows()), &gp.Data{Game: "ga2", Train: g2}, 1000},
		{fmt.Sprintf("GA2, %d positions, inputs n h1..h6", g2.Rows()), &gp.Data{Game: "ga2", Train: g2}, 5000},
		{"subtraction {1,2,3}, heaps 0..30", sub, 1000},
	} {
		found, right := 0, 0
		t0 := time.Now()
		for seed := 1; seed <= *seeds/2; seed++ {
			r, err := gp.Run(ctx, c.d, gp.Config{Population: c.pop, Fitness: gp.Consistency, Seed: uint64(seed)})
			if err != nil {
				fail(err)
			}
			if r.Exact() {
				found++
				if r.TrainAccuracy == 1 {
					right++
				}
			}
		}
		fmt.Printf("consistency fitness, %s, population %d: consistent in %d of %d seeds (%d equal to the engine's values), %.2fs a run\n",
			c.name, c.pop, found, *seeds/2, right, time.Since(t0).Seconds()/float64(*seeds/2))
	}

	baseline(ctx)
}

// baseline times one run on one worker and on all cores; the results must
// be identical.
func baseline(ctx context.Context) {
	d3, err := gp.HeapData(ctx, gp.HeapSpec{Game: "ga2", Heaps: 3, Seed: 1})
	if err != nil {
		fail(err)
	}
	cfg := gp.Config{Population: 10000, Generations: 5, Seed: 1, Workers: 1}
	t0 := time.Now()
	r1, err := gp.Run(ctx, d3, cfg)
	if err != nil {
		fail(err)
	}
	one := time.Since(t0).Seconds()
	cfg.Workers = 0
	t0 = time.Now()
	rn, err := gp.Run(ctx, d3, cfg)
	if err != nil {
		fail(err)
	}
	all := time.Since(t0).Seconds()
	same := r1.Prefix() == rn.Prefix() && r1.Error == rn.Error
	fmt.Printf("\nGA2 three heaps, population 10000, %d generations: 1 worker %.2fs, %d workers %.2fs, ratio %.2fx; identical results: %v\n",
		r1.Generations(), one, runtime.GOMAXPROCS(0), all, one/all, same)
	if !same {
		os.Exit(1)
	}
}

func ints(s string) []int {
	var out []int
	for _, f := range strings.Split(s, ",") {
		v, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil {
			fail(fmt.Errorf("%q: not an integer", f))
		}
		out = append(out, v)
	}
	return out
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "bench/gp:", err)
	os.Exit(1)
}
