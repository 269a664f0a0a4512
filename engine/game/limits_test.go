package game

import (
	"context"
	"encoding/binary"
	"errors"
	"math"
	"runtime"
	"strings"
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
