package game

import (
	"context"
	"encoding/binary"
	"errors"
	"math"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// wide: from x (8 bytes) a move to every y with x < y <= x + fan, below
// limit: about limit positions and fan moves each.
func wide(limit, fan uint64) Game {
	return Func{
		StartPos: binary.LittleEndian.AppendUint64(nil, 0),
		MovesFunc: func(p []byte, yield func([]byte)) {
			x := binary.LittleEndian.Uint64(p)
			for y := x + 1; y <= x+fan && y < limit; y++ {
				yield(binary.LittleEndian.AppendUint64(nil, y))
			}
		},
	}
}

// The estimate in TooLargeError stands within a factor 1.5 of the heap a
// compiled graph holds, measured by the runtime (at two shapes: many
// positions with few moves, and many moves).
func TestGraphBytesEstimate(t *testing.T) {
	if testing.Short() {
		t.Skip("allocates some 100 MB")
	}
	for _, c := range []struct{ n, fan uint64 }{{400_000, 2}, {20_000, 200}} {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		gr, err := Compile(wide(c.n, c.fan))
		if err != nil {
			t.Fatal(err)
		}
		runtime.GC()
		runtime.ReadMemStats(&after)
		held := float64(after.HeapAlloc) - float64(before.HeapAlloc)
		est := float64(graphBytes(gr.NumVertices(), gr.NumEdges(), 8*gr.NumVertices()))
		r := est / held
		t.Logf("%d positions, %d moves: estimate %.0f bytes, heap %.0f (ratio %.2f)", gr.NumVertices(), gr.NumEdges(), est, held, r)
		if r < 1/1.5 || r > 1.5 {
			t.Errorf("%d positions, %d moves: estimate %.0f bytes, heap %.0f (ratio %.2f)", gr.NumVertices(), gr.NumEdges(), est, held, r)
		}
		runtime.KeepAlive(gr)
	}
}

// A position with more moves than the budget allows stops at the budget:
// Euclid's game from (2^63, 1) has 2^63 moves from its start.
func TestHugeFanOutStopsAtTheBudget(t *testing.T) {
	g := wide(math.MaxUint64, math.MaxUint64/2)
	_, err := CompileContext(context.Background(), g, Options{MaxPositions: 1000})
	var tl *TooLargeError
	if !errors.As(err, &tl) || tl.What != "positions" || tl.Positions != 1000 || tl.Bytes <= 0 ||
		!strings.Contains(err.Error(), "more than 1000 positions (1000 positions and 999 moves explored, about 1") {
		t.Fatalf("got %v", err)
	}
	_, err = CompileContext(context.Background(), g, Options{MaxMoves: 5000})
	if !errors.As(err, &tl) || tl.What != "moves" || tl.Moves != 5000 {
		t.Fatalf("got %v", err)
	}
}

// Cancelling the context stops the enumeration of one position's moves:
// one position, one follower, moves without end. The bound of 20 s allows
// for a loaded machine; uncancelled, the compile would go on to the move
// budget, 2^31 moves (8 GB), minutes away.
func TestCancelInsideMoves(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	start := time.Now()
	time.AfterFunc(100*time.Millisecond, cancel)
	g := Func{StartPos: []byte{0}, MovesFunc: func(p []byte, yield func([]byte)) {
		for {
			yield([]byte{0, 1}) // the same follower, forever
		}
	}}
	_, err := CompileContext(ctx, g, Options{})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("got %v", err)
	}
	if d := time.Since(start); d > 20*time.Second {
		t.Fatalf("cancelled after %v", d)
	}
}

// ladder is an indexed game on positions 0..n-1 (8-byte encodings, index
// = position) where x moves to each of x-1, ..., x-fan that is >= 0.
type ladder struct{ n, fan int64 }

func (l ladder) Start() []byte { return l.AppendPosition(nil, l.n-1) }
func (l ladder) Moves(p []byte, yield func([]byte)) {
	for _, j := range l.AppendFollowers(nil, l.Index(p)) {
		yield(l.AppendPosition(nil, j))
	}
}
func (l ladder) Format(p []byte) string { return strconv.FormatInt(l.Index(p), 10) }
func (l ladder) Size() int64            { return l.n }
func (l ladder) Index(p []byte) int64   { return int64(binary.LittleEndian.Uint64(p)) }
func (l ladder) AppendPosition(dst []byte, i int64) []byte {
	return binary.LittleEndian.AppendUint64(dst, uint64(i))
}
func (l ladder) AppendFollowers(dst []int64, i int64) []int64 {
	for j := i - 1; j >= max(0, i-l.fan); j-- {
		dst = append(dst, j)
	}
	return dst
}

// The estimate of an indexed graph's memory stands within a factor 1.5 of
// the heap the graph holds, measured by the runtime, as for hashed graphs.
func TestIndexedBytesEstimate(t *testing.T) {
	if testing.Short() {
		t.Skip("allocates some 100 MB")
	}
	for _, c := range []ladder{{1_000_000, 2}, {20_000, 200}} {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		gr, err := Compile(c)
		if err != nil {
			t.Fatal(err)
		}
		runtime.GC()
		runtime.ReadMemStats(&after)
		if gr.table == nil {
			t.Fatal("compiled by hashing, not by the index")
		}
		held := float64(after.HeapAlloc) - float64(before.HeapAlloc)
		est := float64(indexedBytes(gr.NumVertices(), gr.NumEdges(), gr.table))
		r := est / held
		t.Logf("%d positions, %d moves: estimate %.0f bytes, heap %.0f (ratio %.2f)", gr.NumVertices(), gr.NumEdges(), est, held, r)
		if r < 1/1.5 || r > 1.5 {
			t.Errorf("%d positions, %d moves: estimate %.0f bytes, heap %.0f (ratio %.2f)", gr.NumVertices(), gr.NumEdges(), est, held, r)
		}
		runtime.KeepAlive(gr)
	}
}

// The indexed path stops at its budgets with the same error as hashing,
// giving what it explored and an estimate of the memory.
func TestIndexedBudgets(t *testing.T) {
	g := ladder{1 << 30, 3}
	_, err := CompileContext(context.Background(), g, Options{MaxPositions: 1000})
	var tl *TooLargeError
	if !errors.As(err, &tl) || tl.What != "positions" || tl.Positions != 1000 || tl.Bytes <= 0 ||
		!strings.Contains(err.Error(), "more than 1000 positions (1000 positions and") {
		t.Fatalf("got %v", err)
	}
	_, err = CompileContext(context.Background(), g, Options{MaxMoves: 5000})
	if !errors.As(err, &tl) || tl.What != "moves" || tl.Moves <= 5000 || tl.Bytes <= 0 {
		t.Fatalf("got %v", err)
	}
}

// Cancelling stops the indexed path inside a batch of positions, on its
// worker goroutines, in the first pass and in the second: listing one
// position's followers takes 10 ms in the pass tested, so one batch of 1024
// positions would take 10 s on one worker (the start has 2000 followers, so
// the batches are full from the second on). The cancel comes with the
// first slow listing.
func TestIndexedCancelInsideBatch(t *testing.T) {
	for _, pass := range []int{1, 2} {
		for _, workers := range []int{1, 2} {
			ctx, cancel := context.WithCancel(context.Background())
			g := &slowLadder{ladder: ladder{5000, 2000}, slowPass: pass, seen: map[int64]bool{}, cancel: cancel}
			_, err := CompileContext(ctx, g, Options{Workers: workers})
			if !errors.Is(err, context.Canceled) {
				t.Fatalf("pass %d, %d workers: got %v", pass, workers, err)
			}
			if d := time.Since(g.cancelled); d > 5*time.Second {
				t.Fatalf("pass %d, %d workers: returned %v after the cancel", pass, workers, d)
			}
		}
	}
}

// slowLadder lists a position's followers slowly the first time it is
// asked (slowPass 1) or the second (slowPass 2), and cancels at the first
// slow listing.
type slowLadder struct {
	ladder
	slowPass  int
	mu        sync.Mutex
	seen      map[int64]bool
	cancel    func()
	cancelled time.Time
}

func (l *slowLadder) AppendFollowers(dst []int64, i int64) []int64 {
	l.mu.Lock()
	again := l.seen[i]
	l.seen[i] = true
	slow := again == (l.slowPass == 2)
	if slow && l.cancelled.IsZero() {
		l.cancelled = time.Now()
		l.cancel()
	}
	l.mu.Unlock()
	if slow {
		time.Sleep(10 * time.Millisecond)
	}
	return l.ladder.AppendFollowers(dst, i)
}

// A game that counts its positions is refused before any is explored when
// it has more than the budget.
func TestCountedRefusedAtOnce(t *testing.T) {
	g := counted{Func{StartPos: []byte{0}, MovesFunc: func([]byte, func([]byte)) {
		t.Fatal("explored")
	}}, 1 << 40}
	_, err := CompileContext(context.Background(), g, Options{MaxPositions: 1000})
	var tl *TooLargeError
	if !errors.As(err, &tl) || tl.Total != 1<<40 || tl.Positions != 0 || tl.Bytes < 90<<40 ||
		!strings.Contains(err.Error(), "at least 1099511627776 positions, more than 1000 (at least 1") {
		t.Fatalf("got %v", err)
	}
	if _, err := Compile(counted{Func{StartPos: []byte{0}, MovesFunc: func([]byte, func([]byte)) {}}, 1}); err != nil {
		t.Fatalf("within the budget: %v", err)
	}
}

type counted struct {
	Func
	n int64
}

func (c counted) Positions() int64 { return c.n }
