package game

import (
	"context"
	"math"
)

// DefaultMaxPositions is the position budget of Compile: generous for a
// workstation (a compiled position costs roughly 40 bytes plus its
// encoding and its moves), small enough to fail before memory runs out.
const DefaultMaxPositions = 50_000_000

// DefaultMaxMoves is the move (edge) budget of Compile, bounded by the
// int32 offsets of the CSR layout.
const DefaultMaxMoves = math.MaxInt32 - 1

// Graph is a compiled game: vertices are int32 ids, vertex 0 is the start,
// and the followers of v are Edges[Offsets[v]:Offsets[v+1]].
type Graph struct {
	Offsets []int32
	Edges   []int32
	// Order lists every vertex so that each follower comes before the
	// vertices that move to it (sinks first): a reverse topological order.
	Order []int32

	// A hashed graph keeps each vertex's encoding and a map back; an
	// indexed one keeps each vertex's game index and a table back.
	keys   []string
	index  map[string]int32
	ig     Indexed
	at     []int64
	table  *vertexTable
	format func([]byte) string
}

// Start is the id of the start position.
const Start int32 = 0

// NumVertices returns the number of positions reachable from the start.
func (g *Graph) NumVertices() int { return len(g.Offsets) - 1 }

// NumEdges returns the number of moves between reachable positions.
func (g *Graph) NumEdges() int { return len(g.Edges) }

// Followers returns the followers of v. The slice aliases the graph.
func (g *Graph) Followers(v int32) []int32 { return g.Edges[g.Offsets[v]:g.Offsets[v+1]] }

// OutDegree returns the number of moves from v.
func (g *Graph) OutDegree(v int32) int { return int(g.Offsets[v+1] - g.Offsets[v]) }

// MaxDegree returns Delta, the largest number of moves from any position.
func (g *Graph) MaxDegree() int {
	m := 0
	for v := 0; v < g.NumVertices(); v++ {
		if d := int(g.Offsets[v+1] - g.Offsets[v]); d > m {
			m = d
		}
	}
	return m
}

// Position returns the encoding of vertex v.
func (g *Graph) Position(v int32) []byte {
	if g.ig != nil {
		return g.ig.AppendPosition(nil, g.at[v])
	}
	return []byte(g.keys[v])
}

// Format renders vertex v with the game's Format.
func (g *Graph) Format(v int32) string { return g.format(g.Position(v)) }

// Lookup returns the vertex of an encoded position, if it is reachable.
func (g *Graph) Lookup(p []byte) (int32, bool) {
	if g.ig != nil {
		i := g.ig.Index(p)
		if i < 0 || i >= int64(len(g.table.pages))<<pageBits {
			return 0, false
		}
		v := g.table.get(i)
		return v, v >= 0
	}
	v, ok := g.index[string(p)]
	return v, ok
}

// Options control Compile.
type Options struct {
	// MaxPositions bounds the number of positions; 0 means DefaultMaxPositions.
	MaxPositions int
	// MaxMoves bounds the number of moves; 0 means DefaultMaxMoves.
	MaxMoves int
	// Progress, if not nil, is called every few thousand positions with the
	// number explored so far.
	Progress func(positions int)
	// Workers generate the moves of indexed games (see Indexed) in
	// parallel; 0 means GOMAXPROCS. The graph does not depend on it.
	Workers int
}

// Compile explores every position reachable from the start of g.
func Compile(g Game) (*Graph, error) { return CompileContext(context.Background(), g, Options{}) }

// CompileContext is Compile with a context, checked while exploring, and
// options. Games that implement Indexed are explored through their index
// (and in parallel); the graph is the same as hashing would build, with
// the same vertex ids and followers, though possibly another Order. A
// game that counts its positions (Counted) and has more than the budget
// is refused before anything is explored.
func CompileContext(ctx context.Context, g Game, opt Options) (*Graph, error) {
	if err := refuseCounted(g, opt); err != nil {
		return nil, err
	}
	if ig, ok := indexOf(g); ok {
		gr, err := compileIndexed(ctx, ig, opt)
		if err != errSparse {
			return gr, err
		}
	}
	return compileHashed(ctx, g, opt)
}

// limits returns the position and move budgets of opt.
func (opt Options) limits() (maxPos, maxMoves int) {
	maxPos, maxMoves = opt.MaxPositions, opt.MaxMoves
	if maxPos <= 0 {
		maxPos = DefaultMaxPositions
	}
	if maxMoves <= 0 || maxMoves > DefaultMaxMoves {
		maxMoves = DefaultMaxMoves
	}
	return maxPos, maxMoves
}

// compileHashed explores g keeping a map from encodings to vertex ids.
func compileHashed(ctx context.Context, g Game, opt Options) (*Graph, error) {
	maxPos, maxMoves := opt.limits()
	gr := &Graph{index: make(map[string]int32), format: g.Format}
	start := string(g.Start())
	gr.index[start] = 0
	gr.keys = append(gr.keys, start)
	gr.Offsets = append(gr.Offsets, 0)

	var (
		err      error
		edges    edgeList
		keyBytes int // the encodings' bytes, for the memory estimate
		yields   int
		// pending is a lower bound on the moves of the positions found
		// and not yet explored, for a game that counts moves.
		pending int64
	)
	counter, _ := g.(MoveCounter)
	if counter != nil {
		pending = counter.MovesAtLeast([]byte(start))
	}
	tooLarge := func(what string, limit int) error {
		return &TooLargeError{What: what, Limit: limit, Positions: len(gr.keys), Moves: edges.len(),
			Bytes: graphBytes(len(gr.keys), edges.len(), keyBytes)}
	}
	// Breadth-first: vertex ids are assigned in discovery order, so
	// processing ids in increasing order visits each vertex once and lays
	// its edges out contiguously.
	done := ctx.Done()
	for v := 0; v < len(gr.keys); v++ {
		// Every position: one position's moves may take long to list.
		select {
		case <-done:
			return nil, ctx.Err()
		default:
		}
		if v&0xfff == 0 && opt.Progress != nil {
			opt.Progress(v)
		}
		if counter != nil {
			pending -= counter.MovesAtLeast([]byte(gr.keys[v]))
		}
		// A single position may have more moves than any budget (Euclid's
		// game from 2^63 1): once a budget is spent or ctx is cancelled,
		// yield stops the enumeration (abortMoves) instead of returning.
		err = allMoves(g, []byte(gr.keys[v]), func(q []byte) {
			if yields++; yields&0xfff == 0 {
				if err = ctx.Err(); err != nil {
					panic(abortMoves{})
				}
			}
			w, ok := gr.index[string(q)]
			if !ok {
				if len(gr.keys) >= maxPos {
					err = tooLarge("positions", maxPos)
					panic(abortMoves{})
				}
				w = int32(len(gr.keys))
				k := string(q)
				gr.index[k] = w
				gr.keys = append(gr.keys, k)
				keyBytes += len(k)
				if counter != nil {
					pending += counter.MovesAtLeast(q)
					if total := int64(edges.len()) + 1 + pending; total > int64(maxMoves) {
						err = tooLarge("moves", maxMoves)
						err.(*TooLargeError).Total = total
						err.(*TooLargeError).Bytes = graphBytes(len(gr.keys), 0, keyBytes) + 5*total
						panic(abortMoves{})
					}
				}
			}
			if edges.len() >= maxMoves {
				err = tooLarge("moves", maxMoves)
				panic(abortMoves{})
			}
			edges.add(w)
		}, &err)
		if err != nil {
			return nil, err
		}
		gr.Offsets = append(gr.Offsets, int32(edges.len()))
	}
	gr.Edges = edges.flatten()
	if opt.Progress != nil {
		opt.Progress(len(gr.keys))
	}
	if err := gr.order(); err != nil {
		return nil, err
	}
	return gr, nil
}

// abortMoves is panicked by a yield function to stop a game's Moves.
type abortMoves struct{}

// allMoves calls g.Moves(p, yield), which yield may stop by panicking
// abortMoves after setting *err; it returns *err.
func allMoves(g Game, p []byte, yield func([]byte), err *error) (e error) {
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(abortMoves); !ok {
				panic(r)
			}
			e = *err
		}
	}()
	g.Moves(p, yield)
	return *err
}

// graphBytes estimates the memory a compiled graph of n positions and m
// moves, whose encodings total keyBytes, holds while compiling: per
// position its encoding, a string header, an index map entry with its
// share of the map's free slots, an offset, an order entry and a colour;
// per move an int32 edge, with a quarter more for the growth of the slice.
// BenchmarkGraphBytes measures the figure it stands for.
func graphBytes(n, m, keyBytes int) int64 {
	return int64(keyBytes) + 90*int64(n) + 5*int64(m)
}

// order computes a reverse topological order by an iterative depth-first
// search, or reports a cycle.
func (g *Graph) order() error {
	n := g.NumVertices()
	const (
		white = iota
		grey
		black
	)
	colour := make([]uint8, n)
	g.Order = make([]int32, 0, n)
	type frame struct{ v, next int32 }
	var stack []frame
	for root := int32(0); root < int32(n); root++ {
		if colour[root] != white {
			continue
		}
		colour[root] = grey
		stack = append(stack[:0], frame{root, g.Offsets[root]})
		for len(stack) > 0 {
			top := &stack[len(stack)-1]
			if top.next == g.Offsets[top.v+1] {
				colour[top.v] = black
				g.Order = append(g.Order, top.v)
				stack = stack[:len(stack)-1]
				continue
			}
			w := g.Edges[top.next]
			top.next++
			switch colour[w] {
			case white:
				colour[w] = grey
				stack = append(stack, frame{w, g.Offsets[w]})
			case grey:
				// Every grey vertex is on the stack; the cycle is the
				// stack from w to the top.
				i := len(stack) - 1
				for stack[i].v != w {
					i--
				}
				var cyc []string
				for _, f := range stack[i:] {
					cyc = append(cyc, g.Format(f.v))
				}
				return &CycleError{Cycle: cyc}
			}
		}
	}
	return nil
}

// edgeList gathers a graph's edges in blocks, so that growing it never
// copies what it holds (appending to one slice copies every edge about
// four times on the way to a billion); flatten copies each edge once.
type edgeList struct {
	full [][]int32
	cur  []int32
	n    int // edges in full
}

const edgeBlock = 1 << 20

func (e *edgeList) add(w int32) {
	if len(e.cur) == cap(e.cur) {
		e.grow()
	}
	e.cur = append(e.cur, w)
}

func (e *edgeList) grow() {
	if e.cur != nil {
		e.full = append(e.full, e.cur)
		e.n += len(e.cur)
	}
	// Small graphs stay small: blocks double up to edgeBlock.
	e.cur = make([]int32, 0, min(edgeBlock, max(1024, e.n)))
}

func (e *edgeList) len() int { return e.n + len(e.cur) }

// flatten returns the edges in one slice and empties e.
func (e *edgeList) flatten() []int32 {
	out := make([]int32, 0, e.len())
	for _, b := range e.full {
		out = append(out, b...)
	}
	out = append(out, e.cur...)
	*e = edgeList{}
	return out
}
