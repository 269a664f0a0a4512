package games_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/coevolab/coevo/engine/games"
)

func luckyTable(t *testing.T, m, n int, bounds ...int) *games.LuckyTable {
	t.Helper()
	g, err := games.NewLuckyNim(m, n)
	if err != nil {
		t.Fatal(err)
	}
	tab, err := g.Solve(context.Background(), bounds)
	if err != nil {
		t.Fatal(err)
	}
	return tab
}

// Paper 004's example: with m = 2, n = 4 (M = 6), Omega is 1 on 1..6, 0 on
// 7..12, 1 on 13..18.
func TestLuckyOmega(t *testing.T) {
	g, _ := games.NewLuckyNim(2, 4)
	want := []int{0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 0}
	for k, w := range want {
		if g.Omega(k) != w {
			t.Fatalf("Omega(%d) = %d, want %d", k, g.Omega(k), w)
		}
	}
	// The paper: from 17 show 4; from 14, 4 overshoots (the other shows 4
	// and leaves 6), so the forcing number is smaller.
	if x := g.ForcingNumber(17); x != 4 {
		t.Errorf("forcing number at 17: %d, the paper shows 4", x)
	}
	if x := g.ForcingNumber(14); x >= 4 || x < 2 {
		t.Errorf("forcing number at 14: %d, want below 4", x)
	}
	for _, bad := range [][2]int{{3, 3}, {4, 2}, {-1, 2}} {
		if _, err := games.NewLuckyNim(bad[0], bad[1]); err == nil {
			t.Errorf("[%d, %d] accepted", bad[0], bad[1])
		}
	}
}

// naiveLucky decides a position by plain recursion over the definition
// (m >= 1, so every move removes counters and recursion ends): an
// independent implementation to check Solve against.
func naiveLucky(m, n int, h []int, memo map[string]games.Verdict) games.Verdict {
	key := fmt.Sprint(h)
	if v, ok := memo[key]; ok {
		return v
	}
	after := func(j, r int) []int {
		q := slices.Clone(h)
		q[j] = max(0, q[j]-r)
		return q
	}
	win, loss := false, true
	for j, k := range h {
		if k == 0 {
			continue
		}
		for x := m; x <= n && !win; x++ {
			all := true
			for y := m; y <= n; y++ {
				all = all && naiveLucky(m, n, after(j, x+y), memo) == games.Loss
			}
			win = all
		}
		reply := false
		for y := m; y <= n && !reply; y++ {
			all := true
			for x := m; x <= n; x++ {
				all = all && naiveLucky(m, n, after(j, x+y), memo) == games.Win
			}
			reply = all
		}
		loss = loss && reply
	}
	v := games.Undetermined
	switch {
	case win:
		v = games.Win
	case loss:
		v = games.Loss
	}
	memo[key] = v
	return v
}

func TestLuckySolveAgainstRecursion(t *testing.T) {
	for _, mn := range [][2]int{{1, 2}, {1, 3}, {2, 3}, {2, 5}} {
		tab := luckyTable(t, mn[0], mn[1], 14, 9)
		memo := map[string]games.Verdict{}
		for a := 0; a <= 14; a++ {
			for b := 0; b <= 9; b++ {
				got, _ := tab.Verdict([]int{a, b})
				if want := naiveLucky(mn[0], mn[1], []int{a, b}, memo); got != want {
					t.Fatalf("[%d, %d] heaps %d %d: Solve %v, recursion %v", mn[0], mn[1], a, b, got, want)
				}
			}
		}
	}
}

// Paper 004's claim, checked by computation: for m >= 1 every position is
// a Win or a Loss, a Win exactly when the sum of Omega is odd. Intervals
// with 1 <= m < n <= 8; one heap to 60, two to 30, three to 12.
func TestLuckyClaimHoldsForPositiveM(t *testing.T) {
	checked := 0
	for m := 1; m <= 7; m++ {
		for n := m + 1; n <= 8; n++ {
			for _, b := range [][]int{{60}, {30, 30}, {12, 12, 12}} {
				tab := luckyTable(t, m, n, b...)
				if mm := tab.Mismatches(); len(mm) > 0 {
					t.Fatalf("[%d, %d]: %d positions differ from the claim, e.g. %v", m, n, len(mm), mm[0])
				}
				checked += tab.Positions()
			}
		}
	}
	t.Logf("%d positions agree with the claim", checked)
}

// With m = 0 (if the naturals include 0) the claim fails: a heap of k
// counters is a Win for 1 <= k <= n (show n and empty it) and otherwise
// neither player can force anything, since the other can always show 0 (the
// mover then cannot empty the heap and may leave a Win) or a number that
// lets the mover empty it. By hand, and by Solve.
func TestLuckyClaimFailsForZeroM(t *testing.T) {
	for n := 1; n <= 6; n++ {
		tab := luckyTable(t, 0, n, 30)
		for k := 0; k <= 30; k++ {
			want := games.Undetermined
			switch {
			case k == 0:
				want = games.Loss
			case k <= n:
				want = games.Win
			}
			if got, _ := tab.Verdict([]int{k}); got != want {
				t.Fatalf("[0, %d] heap %d: %v, want %v", n, k, got, want)
			}
		}
		if len(tab.Mismatches()) == 0 {
			t.Fatalf("[0, %d]: no position differs from the claim", n)
		}
	}
}

// The paper's strategy wins every game from a Win position, against a
// random opponent and against an adversary that sees its number before
// choosing (stronger than any real opponent); the greedy "always show n"
// loses to the adversary from 14 with [2, 4], the paper's overshoot.
func TestLuckyStrategies(t *testing.T) {
	g, _ := games.NewLuckyNim(2, 4)
	tab := luckyTable(t, 2, 4, 20, 20)
	adv := games.LuckyAdversary{Table: tab}
	omega := games.LuckyOmega{}
	for a := 0; a <= 20; a++ {
		for b := 0; b <= 20; b++ {
			h := []int{a, b}
			v, _ := tab.Verdict(h)
			for _, opp := range []games.LuckyStrategy{games.LuckyRandom{}, adv} {
				var first, second games.LuckyStrategy = omega, opp
				want := 0 // the strategy moves first from a Win
				if v == games.Loss {
					first, second, want = opp, omega, 1
				}
				if a+b == 0 {
					continue
				}
				res, err := g.Simulate(h, first, second, 20, uint64(a*100+b))
				if err != nil {
					t.Fatal(err)
				}
				wins := res.FirstWins
				if want == 1 {
					wins = res.SecondWins
				}
				if wins != res.Games {
					t.Fatalf("%d %d (%v): the paper's strategy won %d of %d against %T", a, b, v, wins, res.Games, opp)
				}
			}
		}
	}
	res, _ := g.Simulate([]int{14}, games.LuckyOmega{Greedy: true}, adv, 10, 1)
	if res.SecondWins != 10 {
		t.Fatalf("greedy from 14: %+v, the adversary should win every game", res)
	}
	res, _ = g.Simulate([]int{14}, games.LuckyOmega{}, adv, 10, 1)
	if res.FirstWins != 10 {
		t.Fatalf("forcing from 14: %+v", res)
	}
	// Random against random wins some and loses some.
	res, _ = g.Simulate([]int{14, 9}, games.LuckyRandom{}, games.LuckyRandom{}, 400, 3)
	if res.FirstWins == 0 || res.SecondWins == 0 || res.Unfinished != 0 {
		t.Fatalf("random play: %+v", res)
	}
}

func TestLuckyForcingMovesAndReplies(t *testing.T) {
	tab := luckyTable(t, 2, 4, 7, 13)
	moves, err := tab.ForcingMoves([]int{7, 13})
	if err != nil {
		t.Fatal(err)
	}
	// Omega(7) = 0, Omega(13) = 1: flipping either heap's Omega makes the
	// sum even. Both are 1 above a block boundary (j = 1), so the numbers
	// are max(2, j-2) .. min(4, j+1) = 2 on each.
	if !slices.Equal(moves, []games.LuckyMove{{Heap: 0, Number: 2}, {Heap: 1, Number: 2}}) {
		t.Fatalf("forcing moves from 7 13: %v", moves)
	}
	r, _ := tab.Replies([]int{7, 7}, 0)
	if len(r) == 0 {
		t.Fatal("no reply from a Loss position")
	}
	if _, err := tab.Verdict([]int{8, 1}); err == nil {
		t.Fatal("a heap beyond the table gave no error")
	}
	if _, err := tab.Replies([]int{0, 7}, 0); err == nil {
		t.Fatal("a reply on an empty heap gave no error")
	}
}

func TestLuckyRegistry(t *testing.T) {
	spec, err := games.Lookup("luckynim")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := spec.Build(games.Args{}); !errors.Is(err, games.ErrSimultaneous) {
		t.Fatalf("luckynim built as a game.Game: %v", err)
	}
	g, h, err := games.LuckyNimArgs(games.Args{"heaps": "7,13", "m": "2", "n": "4"})
	if err != nil || g.M != 2 || g.N != 4 || !slices.Equal(h, []int{7, 13}) {
		t.Fatalf("%v %v %v", g, h, err)
	}
	for _, a := range []games.Args{{"m": "4", "n": "2"}, {"heaps": "x"}, {"heaps": "-1"}, {"k": "2"}} {
		if _, _, err := games.LuckyNimArgs(a); err == nil {
			t.Errorf("%v: no error", a)
		}
	}
	rng := rand.New(rand.NewPCG(1, 1))
	g, _ = games.NewLuckyNim(1, 3)
	if _, _, err := g.Play([]int{5}, badStrategy{}, games.LuckyRandom{}, rng, 0); err == nil {
		t.Fatal("a strategy choosing an empty heap gave no error")
	}
}

type badStrategy struct{ games.LuckyRandom }

func (badStrategy) Heap(*games.LuckyNim, []int, *rand.Rand) int { return 3 }
