package game_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/coevolab/coevo/engine/game"
)

// counter: position n moves to n+1 and n+2 below a bound; cyclic when wrap.
func counter(limit byte, wrap bool) game.Game {
	return game.Func{
		StartPos: []byte{0},
		MovesFunc: func(p []byte, yield func([]byte)) {
			for d := byte(1); d <= 2; d++ {
				if p[0]+d <= limit {
					yield([]byte{p[0] + d})
				} else if wrap {
					yield([]byte{0})
				}
			}
		},
	}
}

func TestCompileCounts(t *testing.T) {
	g, err := game.Compile(counter(10, false))
	if err != nil {
		t.Fatal(err)
	}
	// Positions 0..10; every position below 9 has two moves, 9 has one.
	if g.NumVertices() != 11 || g.NumEdges() != 2*9+1 {
		t.Fatalf("%d vertices, %d edges", g.NumVertices(), g.NumEdges())
	}
	if g.Format(game.Start) != "0" || g.MaxDegree() != 2 {
		t.Fatalf("start %q, max degree %d", g.Format(game.Start), g.MaxDegree())
	}
	// Order puts followers first.
	seen := make([]bool, g.NumVertices())
	for _, v := range g.Order {
		for _, w := range g.Followers(v) {
			if !seen[w] {
				t.Fatalf("vertex %d ordered before its follower %d", v, w)
			}
		}
		seen[v] = true
	}
}

func TestCycleIsAnError(t *testing.T) {
	_, err := game.Compile(counter(10, true))
	var ce *game.CycleError
	if !errors.As(err, &ce) {
		t.Fatalf("got %v, want a CycleError", err)
	}
	if !strings.Contains(err.Error(), `"0"`) || len(ce.Cycle) < 2 {
		t.Fatalf("error does not name the cycle: %v", err)
	}
}

func TestBudget(t *testing.T) {
	_, err := game.CompileContext(context.Background(), counter(200, false), game.Options{MaxPositions: 50})
	var te *game.TooLargeError
	if !errors.As(err, &te) || te.Limit != 50 {
		t.Fatalf("got %v, want TooLargeError at 50", err)
	}
}

func TestCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := game.CompileContext(ctx, counter(200, false), game.Options{}); !errors.Is(err, context.Canceled) {
		t.Fatalf("got %v", err)
	}
}

// Deep games compile without recursion limits: a path of a million positions.
func TestDeepPath(t *testing.T) {
	const n = 1_000_000
	g := game.Func{
		StartPos: []byte{0, 0, 0, 0},
		MovesFunc: func(p []byte, yield func([]byte)) {
			v := int(p[0]) | int(p[1])<<8 | int(p[2])<<16
			if v < n {
				v++
				yield([]byte{byte(v), byte(v >> 8), byte(v >> 16), 0})
			}
		},
	}
	gr, err := game.Compile(g)
	if err != nil {
		t.Fatal(err)
	}
	if gr.NumVertices() != n+1 {
		t.Fatalf("%d vertices", gr.NumVertices())
	}
}

// The sum of two games has the product of their position sets.
func TestSumPositions(t *testing.T) {
	s := game.Sum{counter(4, false), counter(6, false)}
	g, err := game.Compile(s)
	if err != nil {
		t.Fatal(err)
	}
	if g.NumVertices() != 5*7 {
		t.Fatalf("%d vertices, want 35", g.NumVertices())
	}
	if g.Format(game.Start) != "0 + 0" {
		t.Fatalf("start %q", g.Format(game.Start))
	}
}
