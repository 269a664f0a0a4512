package game

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"
)

// errSparse: the reachable positions are so thinly spread over the index
// space that the table costs more than hashing would.
var errSparse = errors.New("game: index table too sparse")

// Exploring an indexed game is breadth first, as for hashed games, in two
// passes. The first assigns vertex ids: workers list the follower indices
// of a batch of vertices (the costly part: the game's move generator), and
// one goroutine merges the lists in vertex order, giving each new index the
// next id, exactly as the sequential (and the hashed) exploration does,
// whatever the number of workers; while one batch merges, the next ones
// are generated. It counts each vertex's moves, so the second pass writes
// every vertex's followers straight into their place in the CSR array, in
// parallel: listing followers again costs less than growing and copying an
// array of up to a billion edges.
const (
	batchVertices = 1024
	batchesAhead  = 4
)

// followers lists the followers of a sequence of positions, given by their
// indices, ahead of a consumer: workers generate batches in parallel while
// the consumer takes the positions one by one, in order.
type followers struct {
	g       Indexed
	done    <-chan struct{}
	workers int
	tasks   chan *chunk
	queue   []*batch
	free    []*batch
}

// batch is a run of positions whose followers are being generated, in one
// chunk per worker.
type batch struct {
	lo, hi int
	chunks []chunk
	wg     sync.WaitGroup
}

// chunk holds the follower indices of consecutive positions.
type chunk struct {
	at  []int64 // the positions
	fol []int64 // all their followers, concatenated
	deg []int32 // followers per position
	b   *batch
}

// generate lists the followers of c's positions, or stops early once done
// is closed (the consumer then sees ctx cancelled).
func (c *chunk) generate(done <-chan struct{}, g Indexed) {
	c.fol, c.deg = c.fol[:0], c.deg[:0]
	for _, i := range c.at {
		if closed(done) {
			return
		}
		n := len(c.fol)
		c.fol = g.AppendFollowers(c.fol, i)
		c.deg = append(c.deg, int32(len(c.fol)-n))
	}
}

// eachFollowers calls f(k, i, fol) for k = 0, 1, 2, ..., where i = index(k)
// and fol lists the followers of position i (reused after f returns), until
// k reaches avail(), which may grow while it runs (f may add positions),
// or f returns an error, which eachFollowers returns.
func eachFollowers(ctx context.Context, g Indexed, workers int, avail func() int, index func(k int) int64, f func(k int, i int64, fol []int64) error) error {
	p := &followers{g: g, done: ctx.Done(), workers: max(1, workers)}
	if p.workers > 1 {
		p.tasks = make(chan *chunk, p.workers*batchesAhead)
		defer close(p.tasks)
		for w := 0; w < p.workers; w++ {
			go func() {
				for c := range p.tasks {
					c.generate(p.done, g)
					c.b.wg.Done()
				}
			}()
		}
	}
	defer p.drain()
	next := 0
	for {
		for len(p.queue) < batchesAhead && next < avail() {
			hi := min(avail(), next+batchVertices)
			p.launch(next, hi, index)
			next = hi
		}
		if len(p.queue) == 0 {
			return nil
		}
		b := p.queue[0]
		b.wg.Wait()
		p.queue = p.queue[1:]
		if err := ctx.Err(); err != nil {
			return err
		}
		k := b.lo
		for c := range b.chunks {
			ch := &b.chunks[c]
			fol := ch.fol
			for m, i := range ch.at {
				d := ch.deg[m]
				if err := f(k, i, fol[:d:d]); err != nil {
					return err
				}
				fol = fol[d:]
				k++
			}
		}
		p.free = append(p.free, b)
	}
}

func (p *followers) launch(lo, hi int, index func(k int) int64) {
	var b *batch
	if n := len(p.free); n > 0 {
		b, p.free = p.free[n-1], p.free[:n-1]
	} else {
		b = &batch{chunks: make([]chunk, p.workers)}
	}
	b.lo, b.hi = lo, hi
	for c := range b.chunks {
		ch := &b.chunks[c]
		ch.b = b
		ch.at = ch.at[:0]
		for k := lo + (hi-lo)*c/p.workers; k < lo+(hi-lo)*(c+1)/p.workers; k++ {
			ch.at = append(ch.at, index(k))
		}
		if p.tasks == nil {
			ch.generate(p.done, p.g)
			continue
		}
		b.wg.Add(1)
		p.tasks <- ch
	}
	p.queue = append(p.queue, b)
}

// drain waits for the batches still being generated.
func (p *followers) drain() {
	for _, b := range p.queue {
		b.wg.Wait()
	}
}

// EachFollowers calls f(i, fol) for every index i in [0, n) in increasing
// order, fol listing the followers of position i as AppendFollowers does
// (the slice is reused after f returns). With workers > 1 the lists of
// later positions are generated on other goroutines while f runs; f
// itself always runs on one goroutine, in order. It stops at the first
// error f returns, or when ctx is cancelled, and returns that error.
func EachFollowers(ctx context.Context, g Indexed, n int64, workers int, f func(i int64, fol []int64) error) error {
	if n > MaxIndexSize {
		return fmt.Errorf("EachFollowers: %d positions, more than %d", n, int64(MaxIndexSize))
	}
	return eachFollowers(ctx, g, workers, func() int { return int(n) },
		func(k int) int64 { return int64(k) },
		func(_ int, i int64, fol []int64) error { return f(i, fol) })
}

// compileIndexed is CompileContext for a game with a usable index.
func compileIndexed(ctx context.Context, g Indexed, opt Options) (*Graph, error) {
	maxPos, maxMoves := opt.limits()
	size := g.Size()
	sp := g.Start()
	start := g.Index(sp)
	if start < 0 || start >= size {
		return nil, fmt.Errorf("start position %q has index %d, outside [0, %d)", g.Format(sp), start, size)
	}
	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	t := newVertexTable(size)
	gr := &Graph{ig: g, table: t, format: g.Format}
	t.set(start, 0)
	gr.at = append(gr.at, start)
	gr.Offsets = append(gr.Offsets, 0)

	descending := true // every move lowers the index
	moves, reported := 0, 0
	tooLarge := func(what string, limit int) error {
		return &TooLargeError{What: what, Limit: limit, Positions: len(gr.at), Moves: moves,
			Bytes: indexedBytes(len(gr.at), moves, t)}
	}
	err := eachFollowers(ctx, g, workers, func() int { return len(gr.at) },
		func(k int) int64 { return gr.at[k] },
		func(v int, from int64, fol []int64) error {
			for _, j := range fol {
				if uint64(j) >= uint64(size) {
					return fmt.Errorf("position %q has a follower of index %d, outside [0, %d)", g.Format(g.AppendPosition(nil, from)), j, size)
				}
				if j >= from {
					descending = false
				}
				if t.get(j) < 0 {
					if len(gr.at) >= maxPos {
						return tooLarge("positions", maxPos)
					}
					t.set(j, int32(len(gr.at)))
					gr.at = append(gr.at, j)
				}
			}
			if moves += len(fol); moves > maxMoves {
				return tooLarge("moves", maxMoves)
			}
			gr.Offsets = append(gr.Offsets, int32(moves))
			if v&(1<<12-1) == 0 {
				if t.used > 64 && t.used*pageSize > 64*len(gr.at)+1<<24 {
					return errSparse
				}
				if opt.Progress != nil && v > reported {
					opt.Progress(v)
					reported = v
				}
			}
			return nil
		})
	if err != nil {
		return nil, err
	}
	if err := gr.fillEdges(ctx, workers); err != nil {
		return nil, err
	}
	if opt.Progress != nil {
		opt.Progress(len(gr.at))
	}
	if !descending {
		if err := gr.order(); err != nil {
			return nil, err
		}
		return gr, nil
	}
	// Increasing index order puts followers first.
	gr.Order = make([]int32, 0, len(gr.at))
	for _, p := range t.pages {
		if p == nil {
			continue
		}
		for _, v := range p {
			if v > 0 {
				gr.Order = append(gr.Order, v-1)
			}
		}
	}
	return gr, nil
}

// fillEdges is the second pass: it lists every vertex's followers again and
// writes their ids into the CSR array, vertex ranges in parallel; its
// workers stop at the next vertex once ctx is cancelled.
func (gr *Graph) fillEdges(ctx context.Context, workers int) error {
	done := ctx.Done()
	n := len(gr.at)
	gr.Edges = make([]int32, gr.Offsets[n])
	const span = 4096
	var (
		mu   sync.Mutex
		next int
		errs = make([]error, (n+span-1)/span)
		wg   sync.WaitGroup
	)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var fol []int64
			for {
				mu.Lock()
				lo := next
				next += span
				mu.Unlock()
				if lo >= n {
					return
				}
				for v := lo; v < min(n, lo+span); v++ {
					if closed(done) {
						return
					}
					fol = gr.ig.AppendFollowers(fol[:0], gr.at[v])
					out := gr.Edges[gr.Offsets[v]:gr.Offsets[v+1]]
					if len(fol) != len(out) {
						errs[lo/span] = fmt.Errorf("position %q: AppendFollowers gave %d followers, then %d", gr.Format(int32(v)), len(out), len(fol))
						break
					}
					for k, j := range fol {
						out[k] = gr.table.get(j)
					}
				}
			}
		}()
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return err
	}
	return errors.Join(errs...)
}

// indexedBytes estimates the memory an indexed graph of n positions and m
// moves holds, t being its vertex table: the table's pages and their
// directory; per position its index (8 bytes, with a quarter more for the
// growth of the slice), an offset and an order entry; per move an int32
// edge. TestIndexedBytesEstimate measures the figure it stands for.
func indexedBytes(n, m int, t *vertexTable) int64 {
	return int64(t.used)*pageSize*4 + int64(len(t.pages))*8 + 18*int64(n) + 4*int64(m)
}

// closed reports whether done (nil: never) is closed.
func closed(done <-chan struct{}) bool {
	select {
	case <-done:
		return true
	default:
		return false
	}
}
