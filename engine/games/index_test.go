package games_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/coevolab/coevo/engine/game"
	"github.com/coevolab/coevo/engine/games"
	"github.com/coevolab/coevo/engine/grundy"
	"github.com/coevolab/coevo/engine/heap"
)

// indexedGames are instances of every game with an index, small enough to
// compile by hashing too.
func indexedGames(t *testing.T) map[string]game.Indexed {
	t.Helper()
	out := map[string]game.Indexed{}
	add := func(name string, g game.Game, err error) {
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		out[name] = g.(game.Indexed)
	}
	for _, b := range [][2]int{{1, 1}, {1, 7}, {7, 1}, {2, 5}, {4, 4}, {5, 3}, {6, 7}} {
		g, err := games.NewChomp(b[0], b[1])
		add(fmt.Sprintf("chomp %dx%d", b[0], b[1]), g, err)
	}
	for _, mk := range [][2]int{{1, 1}, {6, 1}, {8, 3}, {12, 5}, {9, 9}} {
		g, err := games.NewSilverDollar(mk[0], mk[1])
		add(fmt.Sprintf("silverdollar %d %d", mk[0], mk[1]), g, err)
	}
	for _, m := range []int{1, 5, 11} {
		g, err := games.NewTurningTurtles(m)
		add(fmt.Sprintf("turningturtles %d", m), g, err)
	}
	for _, nk := range [][2]int{{1, 1}, {30, 3}, {200, 7}} {
		g, err := games.SubtractionNim(nk[0], nk[1])
		add(fmt.Sprintf("subtraction %d %d", nk[0], nk[1]), g, err)
	}
	s, err := games.Subtraction([]int{2, 5, 6}, 40)
	add("subtraction {2,5,6} 40", s, err)
	nim, err := games.Nim(1, 3, 5, 7)
	add("nim 1 3 5 7", nim, err)
	sub, _ := heap.Subtraction([]int{1, 4})
	hs, err := games.NewHeaps(sub, []int{9, 0, 6})
	add("subtraction {1,4} 9 0 6", hs, err)
	for _, b := range []string{"0", "0011101", "0000000000", "1010101"} {
		g1, err := games.NewGA1(b)
		add("ga1 "+b, g1, err)
		g2, err := games.NewGA2(b)
		add("ga2 "+b, g2, err)
	}
	cm, err := games.NewCrossoverMutation("11111", "00000")
	add("crossover-mutation 11111 00000", cm, err)
	cm, err = games.NewCrossoverMutation("1", "0")
	add("crossover-mutation 1 0", cm, err)
	return out
}

// Every index agrees with its game's encoding and moves, and the graph
// compiled through the index is the graph compiled by hashing: the same
// vertex ids, positions and followers, for any number of workers; the
// values agree position by position.
func TestIndexedCompileMatchesHashing(t *testing.T) {
	for name, g := range indexedGames(t) {
		if err := game.VerifyIndex(g, game.Options{}); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		want, err := game.Compile(game.Unindexed(g))
		if err != nil {
			t.Fatal(err)
		}
		wantSG := grundy.Values(want)
		for _, workers := range []int{1, 2, 3, 8} {
			got, err := game.CompileContext(context.Background(), g, game.Options{Workers: workers})
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if !slices.Equal(got.Offsets, want.Offsets) || !slices.Equal(got.Edges, want.Edges) {
				t.Fatalf("%s, %d workers: CSR differs from the hashed graph", name, workers)
			}
			for v := int32(0); v < int32(got.NumVertices()); v++ {
				if got.Format(v) != want.Format(v) || string(got.Position(v)) != string(want.Position(v)) {
					t.Fatalf("%s: vertex %d is %q, hashed %q", name, v, got.Format(v), want.Format(v))
				}
				if w, ok := got.Lookup(want.Position(v)); !ok || w != v {
					t.Fatalf("%s: Lookup(%q) = %d, %v", name, want.Format(v), w, ok)
				}
			}
			checkOrder(t, name, got)
			if sg := grundy.Values(got); !slices.Equal(sg, wantSG) {
				t.Fatalf("%s: values differ from the hashed graph's", name)
			}
		}
	}
}

func checkOrder(t *testing.T, name string, g *game.Graph) {
	t.Helper()
	if len(g.Order) != g.NumVertices() {
		t.Fatalf("%s: order has %d of %d vertices", name, len(g.Order), g.NumVertices())
	}
	seen := make([]bool, g.NumVertices())
	for _, v := range g.Order {
		if seen[v] {
			t.Fatalf("%s: vertex %d twice in the order", name, v)
		}
		for _, w := range g.Followers(v) {
			if !seen[w] {
				t.Fatalf("%s: vertex %d ordered before its follower %d", name, v, w)
			}
		}
		seen[v] = true
	}
}

// Chomp's followers, over every index: an r x c board has a move for each
// square but the poison, and the C(r+c, r) boards have rc/2 squares on
// average (a board and its complement fill the r x c rectangle), so there
// are rc/2 C(r+c, r) - (C(r+c, r) - 1) moves in all (the empty board has
// none). 12 x 12: 191,995,077, as issue 14 counted on the compiled graph.
func TestChompMoveCount(t *testing.T) {
	for _, b := range [][2]int{{1, 1}, {1, 9}, {3, 5}, {6, 6}, {4, 9}, {12, 12}} {
		if testing.Short() && b[0] == 12 {
			continue
		}
		ch, _ := games.NewChomp(b[0], b[1])
		var fol []int64
		moves := 0
		for i := int64(0); i < ch.Size(); i++ {
			fol = ch.AppendFollowers(fol[:0], i)
			moves += len(fol)
		}
		n := binom(b[0]+b[1], b[0])
		if want := b[0]*b[1]*n/2 - (n - 1); moves != want || int64(n) != ch.Size() {
			t.Fatalf("%dx%d: %d moves over %d indices, want %d over %d", b[0], b[1], moves, ch.Size(), want, n)
		}
	}
}

// Games that count their positions (game.Counted) give the number of
// vertices that exploring them by hashing finds (issue 24: Euclid's game
// on 2^63-1 and 1, Silver Dollar with 40 squares and 20 coins and Turning
// Turtles with 40 coins grew to gigabytes before their budget stopped
// them; now a count refuses them at once).
func TestCountedPositions(t *testing.T) {
	var gs []game.Game
	for _, ab := range [][2]int{{1, 1}, {2, 1}, {21, 8}, {8, 21}, {100, 7}, {144, 89}, {1000, 3}, {997, 1}} {
		g, _ := games.NewEuclid(ab[0], ab[1])
		gs = append(gs, g)
	}
	for _, mk := range [][2]int{{1, 1}, {6, 1}, {8, 3}, {12, 5}, {9, 9}} {
		g, _ := games.NewSilverDollar(mk[0], mk[1])
		gs = append(gs, g)
	}
	for _, m := range []int{1, 5, 10} {
		g, _ := games.NewTurningTurtles(m)
		gs = append(gs, g)
	}
	for _, g := range gs {
		gr, err := game.CompileContext(context.Background(), game.Unindexed(g), game.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if got := g.(game.Counted).Positions(); got != int64(gr.NumVertices()) {
			t.Errorf("%s: Positions %d, exploring finds %d", g.Format(g.Start()), got, gr.NumVertices())
		}
	}
	// The large ones are refused before exploring, with their count.
	for _, c := range []struct {
		g    game.Game
		want int64
	}{
		{must(games.NewEuclid(1<<63-1, 1)), 1 << 62},        // 2^63 positions, saturated
		{must(games.NewSilverDollar(40, 20)), 137846528820}, // C(40, 20)
		// C(66, 33) = 7.2e18 and C(68, 34) = 2.8e19 saturate at 2^62;
		// the second is the sum of two saturated terms, which overflowed
		// (issue 34) and let the game through to run out of memory.
		{must(games.NewSilverDollar(66, 33)), 1 << 62},
		{must(games.NewSilverDollar(68, 34)), 1 << 62},
		{must(games.NewSilverDollar(100, 50)), 1 << 62},
		{must(games.NewSilverDollar(255, 127)), 1 << 62},
		{must(games.NewTurningTurtles(40)), 1 << 40},
	} {
		_, err := game.CompileContext(context.Background(), c.g, game.Options{MaxPositions: 1000})
		var tl *game.TooLargeError
		if !errors.As(err, &tl) || tl.Total != c.want || tl.Positions != 0 {
			t.Errorf("%s: %v (%+v), want refused at once with %d positions", c.g.Format(c.g.Start()), err, tl, c.want)
		}
	}
}

func must[G game.Game](g G, err error) game.Game {
	if err != nil {
		panic(err)
	}
	return g
}
