package grundy_test

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"testing"

	"github.com/coevolab/coevo/engine/game"
	"github.com/coevolab/coevo/engine/games"
	"github.com/coevolab/coevo/engine/grundy"
)

func mustIndexed(g game.Game, err error) game.Indexed {
	if err != nil {
		panic(err)
	}
	return g.(game.Indexed)
}

// SolveIndexed gives every reachable position the value grundy.Values
// gives it on the graph compiled by hashing (an independent computation),
// for any number of workers, and plays the same line from the start.
func TestSolveIndexedMatchesGraph(t *testing.T) {
	cases := []game.Indexed{
		mustIndexed(games.NewChomp(1, 1)),
		mustIndexed(games.NewChomp(4, 6)),
		mustIndexed(games.NewChomp(7, 7)),
		mustIndexed(games.NewChomp(3, 11)),
		mustIndexed(games.NewSilverDollar(12, 4)),
		mustIndexed(games.NewTurningTurtles(10)),
		mustIndexed(games.SubtractionNim(100, 4)),
		mustIndexed(games.Subtraction([]int{2, 5, 6}, 60)),
		mustIndexed(games.Nim(1, 3, 5, 7)),
	}
	for _, g := range cases {
		name := fmt.Sprintf("%T %s", g, g.Format(g.Start()))
		gr, err := game.Compile(game.Unindexed(g))
		if err != nil {
			t.Fatal(err)
		}
		want := grundy.Solve(gr)
		for _, w := range []int{1, 2, 3} {
			tab, err := grundy.SolveIndexed(context.Background(), g, grundy.IndexOptions{Workers: w})
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			for v := int32(0); v < int32(gr.NumVertices()); v++ {
				i, ok := tab.Lookup(gr.Position(v))
				if !ok || tab.Value(i) != want.Value(v) {
					t.Fatalf("%s, %d workers: %s has value %d by index, %d on the graph", name, w, gr.Format(v), tab.Value(i), want.Value(v))
				}
			}
			if a, b := tab.Solution(7, 50), want.Solution(7, 50); !reflect.DeepEqual(a, b) {
				t.Fatalf("%s: solution by index %+v, on the graph %+v", name, a, b)
			}
		}
	}
}

// Values of every position, reachable or not, against theorems.
func TestSolveIndexedTheorems(t *testing.T) {
	// Turning Turtles: the nim-sum of the heads' positions (Winning Ways ch. 14).
	tt := mustIndexed(games.NewTurningTurtles(12))
	tab, err := grundy.SolveIndexed(context.Background(), tt, grundy.IndexOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for i := int64(0); i < tt.Size(); i++ {
		x := 0
		for c := 0; c < 12; c++ {
			if i>>c&1 == 1 {
				x ^= c + 1
			}
		}
		if tab.Value(i) != x {
			t.Fatalf("turtles %s: %d, want %d", tab.Format(i), tab.Value(i), x)
		}
	}
	// Two-rowed Chomp: the P-positions are the boards (a, a-1) (Zeilberger
	// 2001, section 1); the empty board, index 0, is never reached.
	ch := mustIndexed(games.NewChomp(2, 40))
	tab, err = grundy.SolveIndexed(context.Background(), ch, grundy.IndexOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for i := int64(1); i < ch.Size(); i++ {
		p := ch.AppendPosition(nil, i)
		if (tab.Outcome(i) == grundy.P) != (p[1]+1 == p[0]) {
			t.Fatalf("chomp %v: %v", p, tab.Outcome(i))
		}
	}
}

// An L-shaped Chomp board, a bottom row of a squares and a first column of
// b, is two Nim heaps of a-1 and b-1 around the poison square: a P-position
// exactly when a = b.
func TestSolveIndexedChompL(t *testing.T) {
	ch := mustIndexed(games.NewChomp(8, 8))
	tab, err := grundy.SolveIndexed(context.Background(), ch, grundy.IndexOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for a := 1; a <= 8; a++ {
		for b := 1; b <= 8; b++ {
			p := make([]byte, 8)
			p[0] = byte(a)
			for y := 1; y < b; y++ {
				p[y] = 1
			}
			i, ok := tab.Lookup(p)
			if !ok || tab.Value(i) != (a-1)^(b-1) {
				t.Fatalf("L %d by %d: value %d, want %d", a, b, tab.Value(i), (a-1)^(b-1))
			}
		}
	}
}

func TestSolveIndexedErrors(t *testing.T) {
	ctx := context.Background()
	ga := mustIndexed(games.NewGA1("0110"))
	var nd *grundy.NotDescendingError
	if _, err := grundy.SolveIndexed(ctx, ga, grundy.IndexOptions{}); !errors.As(err, &nd) || nd.J <= nd.I {
		t.Fatalf("GA1: %v", err)
	}
	ch := mustIndexed(games.NewChomp(6, 6))
	var te *game.TooLargeError
	if _, err := grundy.SolveIndexed(ctx, ch, grundy.IndexOptions{MaxPositions: 900}); !errors.As(err, &te) {
		t.Fatalf("budget: %v", err)
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := grundy.SolveIndexed(cancelled, ch, grundy.IndexOptions{}); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled: %v", err)
	}
	k := mustIndexed(games.Kayles(5, 6))
	if _, err := grundy.SolveIndexed(ctx, k, grundy.IndexOptions{}); err == nil {
		t.Fatal("Kayles (heaps split) has no index, yet was solved by index")
	}
}
