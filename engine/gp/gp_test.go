package gp

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"

	"github.com/coevolab/coevo/engine/game"
	"github.com/coevolab/coevo/engine/games"
)

// Kayles values, OEIS A002186.
var kayles = []int64{0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1}

var (
	dataMu    sync.Mutex
	dataCache = map[string]*Data{}
)

// heapData builds a data set once per test binary (GA2 with three heaps
// compiles some 10^5 positions for its held-out set).
func heapData(t *testing.T, s HeapSpec) *Data {
	t.Helper()
	key := fmt.Sprintf("%+v", s)
	dataMu.Lock()
	defer dataMu.Unlock()
	if d, ok := dataCache[key]; ok {
		return d
	}
	d, err := HeapData(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	dataCache[key] = d
	return d
}

// Data sets against values from elsewhere: paper 002 theorem 3.2 for GA2
// (the value is (sum of h - number of heaps) mod 3), theorem 2.5 with
// Kayles from OEIS for GA1, Bouton's nim-sum for Nim.
func TestHeapData(t *testing.T) {
	for k := 1; k <= 3; k++ {
		d := heapData(t, HeapSpec{Game: "ga2", Heaps: k, Seed: 1})
		for _, ds := range []*Dataset{d.Train, d.Test} {
			for i := 0; i < ds.Rows(); i++ {
				x := ds.Row(i)
				sum := int64(0)
				for _, h := range x[1:] {
					sum += h
				}
				if x[0] != int64(k) {
					t.Fatalf("ga2 %s: n = %d, want %d", ds.Positions[i], x[0], k)
				}
				if want := ((sum-int64(k))%3 + 3) % 3; ds.Y[i] != want {
					t.Fatalf("ga2 %s: value %d, theorem 3.2 gives %d", ds.Positions[i], ds.Y[i], want)
				}
			}
		}
		rows := 1
		for range k {
			rows *= 10
		}
		if d.Train.Rows() != rows {
			t.Fatalf("%d heaps: %d training rows, want %d", k, d.Train.Rows(), rows)
		}
		pool := 1
		for range k {
			pool *= 15
		}
		if want := min(200, pool-rows); d.Test.Rows() != want {
			t.Fatalf("%d heaps: %d held-out rows, want %d", k, d.Test.Rows(), want)
		}
		for i := 0; i < d.Test.Rows(); i++ {
			if x := d.Test.Row(i); slices.Max(x[1:]) <= 10 || slices.Max(x[1:]) > 15 || slices.Min(x[1:]) < 1 {
				t.Fatalf("held-out position %s: want heaps in [1, 15] with one above 10", d.Test.Positions[i])
			}
		}
	}
	d := heapData(t, HeapSpec{Game: "ga1", MaxHeap: 20, HoldOut: -1})
	for i, y := range d.Train.Y {
		if h := d.Train.X[1][i]; y != kayles[h-1] {
			t.Fatalf("ga1 heap %d: %d, Kayles(%d) = %d", h, y, h-1, kayles[h-1])
		}
	}
	if d.Test.Rows() != 0 {
		t.Fatalf("%d held-out rows with HoldOut < 0", d.Test.Rows())
	}
	d = heapData(t, HeapSpec{Game: "nim", Heaps: 2, MaxHeap: 7, Empty: true})
	for i, y := range d.Train.Y {
		x := d.Train.Row(i)
		nonzero := int64(0)
		if x[1] > 0 {
			nonzero++
		}
		if x[2] > 0 {
			nonzero++
		}
		if y != x[1]^x[2] || x[0] != nonzero {
			t.Fatalf("nim %s: value %d, n %d", d.Train.Positions[i], y, x[0])
		}
	}
	if d.Train.Rows() != 64 {
		t.Fatalf("nim heaps 0..7: %d rows", d.Train.Rows())
	}
	for _, s := range []HeapSpec{{Game: "chess"}, {Game: "ga2", Heaps: 9}, {Game: "ga2", MinHeap: 5, MaxHeap: 3}, {Game: "octal"}} {
		if _, err := HeapData(context.Background(), s); err == nil {
			t.Errorf("%+v: no error", s)
		}
	}
}

// The paper's GA2 formulas are exact on the engine's values, training and
// held-out; its GA1 formula's error agrees with a direct computation
// against OEIS.
func TestPaperFormulas(t *testing.T) {
	for k, f := range paperGA2 {
		d := heapData(t, HeapSpec{Game: "ga2", Heaps: k + 1, Seed: 1})
		p, _ := Parse(f.prefix, f.names)
		if a, b := d.Train.Accuracy(p), d.Test.Accuracy(p); a != 1 || b != 1 {
			t.Errorf("%s: accuracy %g on training, %g held out; want 1", f.prefix, a, b)
		}
	}
	// MOD(1+h, MOD(h+1, 3) + 1) - MOD(h-1, 4) + MOD(1+h, 3) + 4, section 2.
	p, err := Parse("ADD(ADD(SUB(MOD(ADD(1, h), ADD(MOD(ADD(h, 1), 3), 1)), MOD(SUB(h, 1), 4)), MOD(ADD(1, h), 3)), 4)", []string{"n", "h"})
	if err != nil {
		t.Fatal(err)
	}
	d := heapData(t, HeapSpec{Game: "ga1", MaxHeap: 10})
	var want int64
	for h := int64(1); h <= 10; h++ {
		v := (1+h)%((h+1)%3+1) - (h-1)%4 + (1+h)%3 + 4
		want += abs(v - kayles[h-1])
	}
	if got := AbsError.errorOf(d.Train.Eval(p), d.Train, nil); got != want {
		t.Fatalf("the paper's GA1 formula: error %d, direct computation %d", got, want)
	}
}

func abs(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}

func TestFitnesses(t *testing.T) {
	d := &Dataset{Names: []string{"x"}, X: [][]int64{{0, 1, 2, 3}}, Y: []int64{0, 3, 1, 2},
		Positions: []string{"a", "b", "c", "d"}}
	got := []int64{0, 1, 1, -1}
	if e := AbsError.errorOf(got, d, nil); e != 0+2+0+3 {
		t.Errorf("abs error %d, want 5", e)
	}
	// |0^0| + |1^3| + |1^1| + |-1^2| = 0 + 2 + 0 + 3
	if e := NimDistance.errorOf(got, d, nil); e != 5 {
		t.Errorf("nim distance %d, want 5", e)
	}
	// A chain a <- b <- c <- d (each row's option is the row before) with
	// a terminal: the values must be 0 1 0 1.
	d.Options = [][]int32{nil, {0}, {1}, {2}}
	if e := Consistency.errorOf([]int64{0, 1, 0, 1}, d, make([]bool, 2)); e != 0 {
		t.Errorf("consistent values: %d", e)
	}
	if e := Consistency.errorOf([]int64{1, 1, 0, 1}, d, make([]bool, 2)); e != 2 {
		t.Errorf("terminal 1: consistency %d, want 2 (the terminal and its follower)", e)
	}
	if e := AbsError.errorOf([]int64{1 << 62, 0, 0, 0}, d, nil); e != rowCap+3+1+2 {
		t.Errorf("capped error %d", e)
	}
	for _, n := range []string{"abs", "nim", "consistency"} {
		f, err := ParseFitness(n)
		if err != nil || f.String() != n {
			t.Errorf("ParseFitness(%q) = %v, %v", n, f, err)
		}
	}
}

// HeapGraph's rows are closed under moves: Theorem 3.2's formula over any
// number of heaps and Bouton's XOR are consistent everywhere, a wrong
// formula is not, and consistency 0 means the engine's values.
func TestHeapGraphConsistency(t *testing.T) {
	var starts [][]int
	for s := 2; s <= 12; s++ {
		starts = append(starts, []int{s})
	}
	d, err := HeapGraph(context.Background(), "ga2", nil, starts)
	if err != nil {
		t.Fatal(err)
	}
	// Partitions of 2..12 into parts of at least 2 (OEIS A002865), and
	// the position left with runs of 1 only.
	if d.Rows() != 1+1+2+2+4+4+7+8+12+14+21+1 {
		t.Fatalf("%d positions, want 77", d.Rows())
	}
	if len(d.Names) != 7 { // n and 6 heaps (12 = 2+2+2+2+2+2)
		t.Fatalf("inputs %v", d.Names)
	}
	sum := "ADD(ADD(ADD(ADD(ADD(h1, h2), h3), h4), h5), h6)"
	right, _ := Parse("MOD(SUB("+sum+", n), 3)", d.Names)
	wrong, _ := Parse("MOD("+sum+", 3)", d.Names)
	marks := make([]bool, 200)
	if e := Consistency.errorOf(d.Eval(right), d, marks); e != 0 {
		t.Fatalf("theorem 3.2: %d inconsistent positions", e)
	}
	if d.Accuracy(right) != 1 {
		t.Fatal("theorem 3.2 formula differs from the engine's values")
	}
	if e := Consistency.errorOf(d.Eval(wrong), d, marks); e == 0 {
		t.Fatal("a wrong formula is consistent")
	}
	n, err := HeapGraph(context.Background(), "nim", nil, [][]int{{6, 9}})
	if err != nil {
		t.Fatal(err)
	}
	if n.Rows() != 7*10 {
		t.Fatalf("nim 6 9: %d positions", n.Rows())
	}
	xor, _ := Parse("XOR(h1, h2)", n.Names)
	if e := Consistency.errorOf(n.Eval(xor), n, marks); e != 0 || n.Accuracy(xor) != 1 {
		t.Fatalf("Bouton's XOR: %d inconsistent", e)
	}
}

func TestRunReproducibleForAnyWorkers(t *testing.T) {
	d := heapData(t, HeapSpec{Game: "ga2", Heaps: 2, Seed: 1})
	run := func(workers int, seed uint64) *Result {
		r, err := Run(context.Background(), d, Config{Population: 300, Generations: 6, Seed: seed, Workers: workers})
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	a := run(1, 7)
	for _, w := range []int{2, 3, 8} {
		b := run(w, 7)
		if a.Prefix() != b.Prefix() || a.Error != b.Error || len(a.History) != len(b.History) {
			t.Fatalf("workers %d: %s (%d) vs %s (%d)", w, b.Prefix(), b.Error, a.Prefix(), a.Error)
		}
		for g := range a.History {
			ha, hb := a.History[g], b.History[g]
			ha.Seconds, hb.Seconds = 0, 0
			if ha != hb {
				t.Fatalf("workers %d, generation %d: %+v vs %+v", w, g, hb, ha)
			}
		}
	}
	if c := run(2, 8); c.History[0] == a.History[0] && c.Prefix() == a.Prefix() {
		t.Fatal("seeds 7 and 8 gave the same run")
	}
	for g := 1; g < len(a.History); g++ {
		if a.History[g].BestError > a.History[g-1].BestError {
			t.Fatalf("the best error rose from %d to %d despite elitism", a.History[g-1].BestError, a.History[g].BestError)
		}
	}
	if df := a.DataFrame(); df.Nrow() != len(a.History) || df.Ncol() != 8 {
		t.Fatalf("history frame %dx%d", df.Nrow(), df.Ncol())
	}
	if _, err := a.Plot(); err != nil {
		t.Fatal(err)
	}
}

func TestRunErrors(t *testing.T) {
	d := heapData(t, HeapSpec{Game: "ga2", Heaps: 1})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Run(ctx, d, Config{}); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled run: %v", err)
	}
	for _, c := range []Config{
		{Population: 1}, {PCrossover: 0.9, PSubtree: 0.2}, {Elites: 2000}, {ConstMin: 3, ConstMax: 1},
		{InitDepthMin: 5, InitDepthMax: 3}, {MaxDepth: 3}, {Functions: []Op{99}}, {Fitness: Consistency},
		// Sizes that would exhaust memory or never end a generation.
		{Population: MaxPopulation + 1}, {Tournament: MaxPopulation + 1}, {MaxDepth: MaxDepthLimit + 1},
	} {
		if _, err := Run(context.Background(), d, c); err == nil {
			t.Errorf("%+v: no error", c)
		}
	}
	if _, err := Run(context.Background(), nil, Config{}); err == nil {
		t.Error("nil data: no error")
	}
}

// A few seeds known to find an exact GA2 formula (bench/gp measures the
// rates): the formula found is right on held-out positions too, which the
// run never saw. Two heaps need the paper's largest population, 10000.
func TestFindsExactGA2Formulas(t *testing.T) {
	for _, c := range []struct {
		heaps      int
		population int
		seed       uint64
	}{
		{1, 1000, 1},
		{2, 10000, 7},
	} {
		d := heapData(t, HeapSpec{Game: "ga2", Heaps: c.heaps, Seed: 1})
		r, err := Run(context.Background(), d, Config{Population: c.population, Seed: c.seed})
		if err != nil {
			t.Fatal(err)
		}
		if !r.Exact() || r.Accuracy != 1 || r.TrainAccuracy != 1 {
			t.Fatalf("%d heaps, seed %d: %v", c.heaps, c.seed, r)
		}
	}
}

// The consistency fitness finds Nim's formula without being given values.
func TestConsistencyFindsNim(t *testing.T) {
	d, err := HeapGraph(context.Background(), "nim", nil, [][]int{{7, 7}})
	if err != nil {
		t.Fatal(err)
	}
	r, err := Run(context.Background(), &Data{Game: "nim", Train: d}, Config{Population: 500, Fitness: Consistency, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if !r.Exact() || r.TrainAccuracy != 1 {
		t.Fatalf("consistency on Nim: %v", r)
	}
}

func TestGamesArgs(t *testing.T) {
	d, err := HeapData(context.Background(), HeapSpec{Game: "octal", Args: games.Args{"code": "0.77"}, MaxHeap: 20, HoldOut: -1})
	if err != nil {
		t.Fatal(err)
	}
	for i, y := range d.Train.Y {
		if y != kayles[d.Train.X[1][i]] {
			t.Fatalf("octal 0.77 heap %d: %d", d.Train.X[1][i], y)
		}
	}
}

// Measured, against the reading that paper 002's settings find GA2's
// formulas: at its smallest population (1000) two heaps are not found by
// any of seeds 1 to 5 (bench/gp: 0 of 20), and on GA1 with the paper's
// heap sizes 1 to 10 a seed finds a program of error 0 that is nevertheless
// not the Grundy function (ten points are easy to fit): held out, on heaps
// 11 to 15, it is mostly wrong. The paper reports no exact GA1 formula.
func TestMeasuredAgainstThePaper(t *testing.T) {
	d := heapData(t, HeapSpec{Game: "ga2", Heaps: 2, Seed: 1})
	for seed := uint64(1); seed <= 5; seed++ {
		r, err := Run(context.Background(), d, Config{Population: 1000, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		if r.Exact() || r.Generations() != 20 {
			t.Fatalf("seed %d: %v", seed, r)
		}
	}
	d = heapData(t, HeapSpec{Game: "ga1", Heaps: 1, Seed: 1})
	r, err := Run(context.Background(), d, Config{Population: 1000, Seed: 18})
	if err != nil {
		t.Fatal(err)
	}
	if !r.Exact() || r.Accuracy >= 0.5 {
		t.Fatalf("GA1 seed 18: %v", r)
	}
}

// HeapSpec.Limits bounds the graphs compiled for GA2's values and for the
// consistency fitness: GA2 from heaps up to 30 reaches far more than 1000
// positions.
func TestHeapSpecLimits(t *testing.T) {
	spec := HeapSpec{Game: "ga2", MaxHeap: 30, Limits: game.Options{MaxPositions: 1000}}
	for name, build := range map[string]func(context.Context, HeapSpec) (*Data, error){"HeapData": HeapData, "GraphData": GraphData} {
		_, err := build(context.Background(), spec)
		var tl *game.TooLargeError
		if !errors.As(err, &tl) {
			t.Errorf("%s beyond its limits: err = %v, want a *game.TooLargeError", name, err)
		}
	}
}
