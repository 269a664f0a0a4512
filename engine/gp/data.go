package gp

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"

	"github.com/coevolab/coevo/engine/game"
	"github.com/coevolab/coevo/engine/games"
	"github.com/coevolab/coevo/engine/grundy"
	"github.com/coevolab/coevo/engine/heap"
	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
)

// Dataset is a table of integer inputs with the value to fit on each row.
type Dataset struct {
	// Names names the inputs: "n" (the number of non-zero heaps) and the
	// heaps "h" (one heap) or "h1", "h2", ...
	Names []string
	// X holds the inputs by column: X[j][i] is input j on row i.
	X [][]int64
	// Y holds the Sprague-Grundy value of each row, computed by the engine.
	Y []int64
	// Positions names each row's position for people, e.g. "3 5".
	Positions []string
	// Options, when not nil, lists for each row the rows of its options
	// (the positions one move away): what the consistency fitness needs.
	Options [][]int32
}

// Rows returns the number of rows.
func (d *Dataset) Rows() int { return len(d.Positions) }

// Row returns the inputs of row i.
func (d *Dataset) Row(i int) []int64 {
	x := make([]int64, len(d.X))
	for j := range d.X {
		x[j] = d.X[j][i]
	}
	return x
}

// Eval returns p's value on every row.
func (d *Dataset) Eval(p Program) []int64 {
	return slices.Clone(newEvaluator(d.X, d.Rows()).run(p))
}

// Accuracy returns the fraction of rows on which p's value is the
// Sprague-Grundy value (NaN for an empty data set).
func (d *Dataset) Accuracy(p Program) float64 {
	if d.Rows() == 0 {
		return nan()
	}
	got := newEvaluator(d.X, d.Rows()).run(p)
	ok := 0
	for i, y := range d.Y {
		if got[i] == y {
			ok++
		}
	}
	return float64(ok) / float64(d.Rows())
}

// DataFrame returns one row per position: position, the inputs, and sg.
func (d *Dataset) DataFrame() dataframe.DataFrame {
	cols := []series.Series{series.New(d.Positions, series.String, "position")}
	for j, name := range d.Names {
		cols = append(cols, series.New(toInts(d.X[j]), series.Int, name))
	}
	cols = append(cols, series.New(toInts(d.Y), series.Int, "sg"))
	return dataframe.New(cols...)
}

func toInts(x []int64) []int {
	out := make([]int, len(x))
	for i, v := range x {
		out[i] = int(v)
	}
	return out
}

// Data is a training set and a held-out set from one game.
type Data struct {
	Game  string
	Train *Dataset
	Test  *Dataset
}

// HeapSpec chooses heap positions of a game of the catalogue.
type HeapSpec struct {
	// Game: "ga1", "ga2" (played on run lengths, see games.GA1Rule and
	// games.GA2Heaps), or a heap game: "nim", "kayles", "grundy", "octal"
	// (Args["code"]), "subtraction" (Args["set"]).
	Game string
	Args games.Args
	// Heaps is the number of heaps of every position (default 1).
	Heaps int
	// Training positions are every tuple of heap sizes in [MinHeap,
	// MaxHeap] (defaults 1 and 10, the paper's "heap sizes up to 10"; a
	// MinHeap of 0 is read as 1 unless Empty is set).
	MinHeap, MaxHeap int
	// Empty lets heaps be empty: sizes start at MinHeap even when it is 0.
	Empty bool
	// HoldOut held-out positions (default 200; negative for none) are drawn
	// without replacement from the tuples with sizes in [MinHeap,
	// HoldOutMax] (default MaxHeap + 5) that are not training positions:
	// they test whether a formula extrapolates.
	HoldOut, HoldOutMax int
	Seed                uint64
	// Limits bounds the game graphs compiled for GA2's values and for the
	// consistency fitness (zero fields: the engine's defaults); a game
	// beyond them is a *game.TooLargeError.
	Limits game.Options
}

func (s *HeapSpec) defaults() error {
	if s.Heaps == 0 {
		s.Heaps = 1
	}
	if s.MaxHeap == 0 {
		s.MaxHeap = 10
	}
	if s.MinHeap == 0 && !s.Empty {
		s.MinHeap = 1
	}
	if s.HoldOut == 0 {
		s.HoldOut = 200
	}
	if s.HoldOutMax == 0 {
		s.HoldOutMax = s.MaxHeap + 5
	}
	switch {
	case s.Heaps < 1 || s.Heaps > 8:
		return fmt.Errorf("gp: %d heaps: want 1 to 8", s.Heaps)
	case s.MinHeap < 0 || s.MaxHeap < s.MinHeap:
		return fmt.Errorf("gp: heap sizes [%d, %d]: want 0 <= min <= max", s.MinHeap, s.MaxHeap)
	case s.MaxHeap > 1000:
		return fmt.Errorf("gp: largest heap %d: at most 1000", s.MaxHeap)
	case s.HoldOut > 0 && s.HoldOutMax > 1000:
		return fmt.Errorf("gp: largest held-out heap %d: at most 1000", s.HoldOutMax)
	}
	rows := 1
	for range s.Heaps {
		rows *= s.MaxHeap - s.MinHeap + 1
		if rows > 1_000_000 {
			return fmt.Errorf("gp: %d heaps of %d to %d: more than a million positions", s.Heaps, s.MinHeap, s.MaxHeap)
		}
	}
	return nil
}

// HeapData builds the training and held-out positions of s, each with its
// Sprague-Grundy value computed by the engine: nim-sequences for the heap
// games and GA1, the compiled game for GA2.
func HeapData(ctx context.Context, s HeapSpec) (*Data, error) {
	if err := s.defaults(); err != nil {
		return nil, err
	}
	val, err := valuer(s.Game, s.Args, s.Limits)
	if err != nil {
		return nil, err
	}
	train := tuples(s.Heaps, s.MinHeap, s.MaxHeap)
	var test [][]int
	if s.HoldOut > 0 && s.HoldOutMax > s.MaxHeap {
		test = heldOut(s)
	}
	values, err := val(ctx, append(slices.Clone(train), test...))
	if err != nil {
		return nil, err
	}
	names := heapNames(s.Heaps)
	return &Data{
		Game:  s.Game,
		Train: tupleData(names, train, values[:len(train)]),
		Test:  tupleData(names, test, values[len(train):]),
	}, nil
}

// heldOut draws s.HoldOut tuples with sizes in [MinHeap, HoldOutMax] and
// one above MaxHeap, without replacement, or all of them if there are not
// more; it never lists the whole pool when it is large.
func heldOut(s HeapSpec) [][]int {
	rng := rand.New(rand.NewPCG(s.Seed, 0x9e3779b97f4a7c15))
	pool, inner, big := 1, 1, false
	for range s.Heaps {
		pool *= s.HoldOutMax - s.MinHeap + 1
		inner *= s.MaxHeap - s.MinHeap + 1
		big = big || pool > 1<<24
	}
	var test [][]int
	if !big && pool-inner <= 4*s.HoldOut {
		for _, t := range tuples(s.Heaps, s.MinHeap, s.HoldOutMax) {
			if slices.Max(t) > s.MaxHeap {
				test = append(test, t)
			}
		}
		rng.Shuffle(len(test), func(i, j int) { test[i], test[j] = test[j], test[i] })
		test = test[:min(len(test), s.HoldOut)]
	} else {
		seen := map[string]bool{}
		for len(test) < s.HoldOut {
			t := make([]int, s.Heaps)
			for i := range t {
				t[i] = s.MinHeap + rng.IntN(s.HoldOutMax-s.MinHeap+1)
			}
			if k := fmt.Sprint(t); slices.Max(t) > s.MaxHeap && !seen[k] {
				seen[k] = true
				test = append(test, t)
			}
		}
	}
	slices.SortFunc(test, slices.Compare)
	return test
}

func heapNames(k int) []string {
	if k == 1 {
		return []string{"n", "h"}
	}
	names := []string{"n"}
	for i := 1; i <= k; i++ {
		names = append(names, "h"+strconv.Itoa(i))
	}
	return names
}

// tuples lists every k-tuple of integers in [lo, hi], in lexicographic order.
func tuples(k, lo, hi int) [][]int {
	var out [][]int
	t := make([]int, k)
	var rec func(i int)
	rec = func(i int) {
		if i == k {
			out = append(out, slices.Clone(t))
			return
		}
		for v := lo; v <= hi; v++ {
			t[i] = v
			rec(i + 1)
		}
	}
	rec(0)
	return out
}

// tupleData lays out positions with k heaps (padded with zeros to width
// k) as inputs n, h1..hk.
func tupleData(names []string, pos [][]int, values []int64) *Dataset {
	k := len(names) - 1
	d := &Dataset{Names: names, X: make([][]int64, k+1), Y: values, Positions: make([]string, len(pos))}
	for j := range d.X {
		d.X[j] = make([]int64, len(pos))
	}
	for i, t := range pos {
		nonzero := 0
		for j, h := range t {
			d.X[j+1][i] = int64(h)
			if h != 0 {
				nonzero++
			}
		}
		d.X[0][i] = int64(nonzero)
		d.Positions[i] = heap.FormatHeaps(t)
	}
	return d
}

// valuer returns a function computing the values of heap positions.
func valuer(name string, args games.Args, limits game.Options) (func(context.Context, [][]int) ([]int64, error), error) {
	if name == "ga2" {
		return func(ctx context.Context, pos [][]int) ([]int64, error) {
			starts := make([]game.Game, len(pos))
			for i, t := range pos {
				g, err := games.NewGA2Heaps(t...)
				if err != nil {
					return nil, err
				}
				starts[i] = g
			}
			tab, ids, err := compileAll(ctx, starts, limits)
			if err != nil {
				return nil, err
			}
			out := make([]int64, len(pos))
			for i, v := range ids {
				out[i] = int64(tab.SG[v])
			}
			return out, nil
		}, nil
	}
	rule, err := heapRule(name, args)
	if err != nil {
		return nil, err
	}
	return func(ctx context.Context, pos [][]int) ([]int64, error) {
		top := 0
		for _, t := range pos {
			top = max(top, slices.Max(t))
		}
		seq, err := rule.SequenceContext(ctx, top, nil)
		if err != nil {
			return nil, err
		}
		out := make([]int64, len(pos))
		for i, t := range pos {
			for _, h := range t {
				out[i] ^= int64(seq[h])
			}
		}
		return out, nil
	}, nil
}

func heapRule(name string, args games.Args) (*heap.Rule, error) {
	if name == "ga1" {
		return games.GA1Rule(), nil
	}
	switch name {
	case "nim", "kayles", "grundy", "octal", "subtraction":
	default:
		return nil, fmt.Errorf("gp: unknown game %q (known: ga1, ga2, nim, kayles, grundy, octal, subtraction)", name)
	}
	r, err := games.HeapRule(name, args)
	if err != nil {
		return nil, fmt.Errorf("gp: %w", err)
	}
	return r, nil
}

// compileAll compiles the positions reachable from several starts of one
// game into one graph: a root moves to every start. ids[i] is the vertex
// of start i.
func compileAll(ctx context.Context, starts []game.Game, limits game.Options) (*grundy.Table, []int32, error) {
	if len(starts) == 0 {
		return nil, nil, fmt.Errorf("gp: no positions")
	}
	g := starts[0]
	root := []byte{0}
	tagged := func(p []byte) []byte { return append([]byte{1}, p...) }
	multi := game.Func{
		StartPos: root,
		MovesFunc: func(p []byte, yield func([]byte)) {
			if p[0] == 0 {
				for _, s := range starts {
					yield(tagged(s.Start()))
				}
				return
			}
			var buf []byte
			g.Moves(p[1:], func(q []byte) {
				buf = append(append(buf[:0], 1), q...)
				yield(buf)
			})
		},
		FormatFunc: func(p []byte) string {
			if p[0] == 0 {
				return "(root)"
			}
			return g.Format(p[1:])
		},
	}
	gr, err := game.CompileContext(ctx, multi, limits)
	if err != nil {
		return nil, nil, err
	}
	ids := make([]int32, len(starts))
	for i, s := range starts {
		v, ok := gr.Lookup(tagged(s.Start()))
		if !ok {
			return nil, nil, fmt.Errorf("gp: start %d not compiled", i)
		}
		ids[i] = v
	}
	return grundy.Solve(gr), ids, nil
}

// GraphData is the data set of the consistency fitness for the training
// positions of s: HeapGraph from every training tuple. It has no held-out
// set: accuracy is measured on every position reached.
func GraphData(ctx context.Context, s HeapSpec) (*Data, error) {
	if err := s.defaults(); err != nil {
		return nil, err
	}
	d, err := heapGraph(ctx, s.Game, s.Args, tuples(s.Heaps, s.MinHeap, s.MaxHeap), s.Limits)
	if err != nil {
		return nil, err
	}
	return &Data{Game: s.Game, Train: d}, nil
}

// HeapGraph returns every position reachable from the given heap positions
// of a game, each with its options, for the consistency fitness, which
// needs no values; the engine's values are filled in too, to measure
// accuracy. Positions are the engine's: heaps of GA1 and the splitting heap
// games sorted with empty heaps dropped, GA2's runs of 1 dropped too, Nim
// and subtraction games heap by heap in order. Inputs are n (the number of
// non-zero heaps) and the heaps padded with zeros to the most any position
// has.
func HeapGraph(ctx context.Context, name string, args games.Args, starts [][]int) (*Dataset, error) {
	return heapGraph(ctx, name, args, starts, game.Options{})
}

// heapGraph is HeapGraph within the given limits.
func heapGraph(ctx context.Context, name string, args games.Args, starts [][]int, limits game.Options) (*Dataset, error) {
	var gs []game.Game
	for _, t := range starts {
		var (
			g   game.Game
			err error
		)
		if name == "ga2" {
			g, err = games.NewGA2Heaps(t...)
		} else {
			var r *heap.Rule
			if r, err = heapRule(name, args); err == nil {
				g, err = games.NewHeaps(r, t)
			}
		}
		if err != nil {
			return nil, err
		}
		gs = append(gs, g)
	}
	tab, _, err := compileAll(ctx, gs, limits)
	if err != nil {
		return nil, err
	}
	gr := tab.Graph
	// Every vertex but the root (vertex 0) is a row: row = vertex - 1.
	nrows := gr.NumVertices() - 1
	heaps := make([][]int, nrows)
	width := 0
	for r := range heaps {
		heaps[r] = games.HeapsOf(gr.Position(int32(r + 1))[1:])
		width = max(width, len(heaps[r]))
	}
	if width > 16 {
		return nil, fmt.Errorf("gp: positions with %d heaps: at most 16", width)
	}
	width = max(width, 1)
	padded := make([][]int, nrows)
	values := make([]int64, nrows)
	d0 := &Dataset{Options: make([][]int32, nrows)}
	for r := range heaps {
		padded[r] = make([]int, width)
		copy(padded[r], heaps[r])
		values[r] = int64(tab.SG[r+1])
		for _, w := range gr.Followers(int32(r + 1)) {
			d0.Options[r] = append(d0.Options[r], w-1)
		}
	}
	d := tupleData(heapNames(width), padded, values)
	d.Options = d0.Options
	for r := range heaps {
		d.Positions[r] = gr.Format(int32(r + 1))
	}
	return d, nil
}

func nan() float64 { return math.NaN() }
