package games_test

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/coevolab/coevo/engine/game"
	"github.com/coevolab/coevo/engine/games"
	"github.com/coevolab/coevo/engine/grundy"
	"github.com/coevolab/coevo/engine/heap"
)

func solve(t *testing.T, g game.Game) *grundy.Table {
	t.Helper()
	tab, err := grundy.SolveGame(g)
	if err != nil {
		t.Fatal(err)
	}
	return tab
}

func each(tab *grundy.Table, f func(v int32)) {
	for v := int32(0); v < int32(tab.Graph.NumVertices()); v++ {
		f(v)
	}
}

// Turning Turtles: the value of a position is the nim-sum of the positions
// (numbered from 1) of its heads (Winning Ways ch. 14; Ferguson, Game Theory I.5).
func TestTurningTurtles(t *testing.T) {
	for m := 1; m <= 9; m++ {
		tt, _ := games.NewTurningTurtles(m)
		tab := solve(t, tt)
		if tab.Graph.NumVertices() != 1<<m {
			t.Fatalf("m=%d: %d positions, want 2^m", m, tab.Graph.NumVertices())
		}
		each(tab, func(v int32) {
			heads := tt.Heads(tab.Graph.Position(v))
			x := 0
			for i := 0; i < m; i++ {
				if heads>>i&1 == 1 {
					x ^= i + 1
				}
			}
			if tab.Value(v) != x {
				t.Fatalf("m=%d %s: value %d, xor of heads %d", m, tt.Format(tab.Graph.Position(v)), tab.Value(v), x)
			}
		})
	}
}

// Silver Dollar (without the dollar) is staircase Nim on the gaps between
// coins: the position is a P-position exactly when the nim-sum of the gaps
// left of the last, third-last, ... coin is 0 (Winning Ways; Ferguson I.5).
// Position counts are C(m, k) (paper 000 section 6.2).
func TestSilverDollar(t *testing.T) {
	for m := 1; m <= 11; m++ {
		for k := 1; k <= min(m, 4); k++ {
			sd, _ := games.NewSilverDollar(m, k)
			tab := solve(t, sd)
			if want := binom(m, k); tab.Graph.NumVertices() != want {
				t.Fatalf("m=%d k=%d: %d positions, want C(m,k) = %d", m, k, tab.Graph.NumVertices(), want)
			}
			each(tab, func(v int32) {
				gaps := sd.Gaps(tab.Graph.Position(v))
				x := 0
				for i := len(gaps) - 1; i >= 0; i -= 2 {
					x ^= gaps[i]
				}
				if (tab.Outcome(v) == grundy.P) != (x == 0) {
					t.Fatalf("m=%d k=%d %s: outcome %v, staircase nim-sum %d", m, k, sd.Format(tab.Graph.Position(v)), tab.Outcome(v), x)
				}
			})
		}
	}
}

func binom(n, k int) int {
	r := 1
	for i := 0; i < k; i++ {
		r = r * (n - i) / (i + 1)
	}
	return r
}

// SUBTRACTIONNIM_n^k (paper 000 section 6.1): positions 0..n-1, and a heap
// of h tokens has value h mod (k+1).
func TestSubtractionNim(t *testing.T) {
	for n := 1; n <= 40; n++ {
		for k := 1; k <= 5; k++ {
			g, _ := games.SubtractionNim(n, k)
			tab := solve(t, g)
			if tab.Graph.NumVertices() != n {
				t.Fatalf("n=%d k=%d: %d positions", n, k, tab.Graph.NumVertices())
			}
			each(tab, func(v int32) {
				var h int
				for _, f := range strings.Fields(tab.Graph.Format(v)) {
					h = atoi(f)
				}
				if tab.Value(v) != h%(k+1) {
					t.Fatalf("n=%d k=%d heap %d: value %d", n, k, h, tab.Value(v))
				}
			})
		}
	}
}

func atoi(s string) int {
	n := 0
	for _, c := range s {
		n = n*10 + int(c-'0')
	}
	return n
}

// Chomp: C(r+c, r) - 1 positions (paper 000 section 6.4), and by strategy
// stealing the first player wins on every board but 1 x 1 (Gale 1974).
// On two rows, the P-positions are exactly (a, a-1) (Zeilberger, "Three-
// rowed Chomp", 2001, section 1).
func TestChomp(t *testing.T) {
	for r := 1; r <= 5; r++ {
		for c := 1; c <= 6; c++ {
			ch, _ := games.NewChomp(r, c)
			tab := solve(t, ch)
			if want := binom(r+c, r) - 1; tab.Graph.NumVertices() != want {
				t.Fatalf("%dx%d: %d positions, want %d", r, c, tab.Graph.NumVertices(), want)
			}
			if (r*c > 1) != (tab.Outcome(game.Start) == grundy.N) {
				t.Fatalf("%dx%d: start is %v", r, c, tab.Outcome(game.Start))
			}
			if r == 2 {
				each(tab, func(v int32) {
					p := tab.Graph.Position(v)
					if (tab.Outcome(v) == grundy.P) != (p[1] == p[0]-1) {
						t.Fatalf("2x%d %v: %v", c, p, tab.Outcome(v))
					}
				})
			}
		}
	}
}

// Euclid's game: from (a, b), a >= b > 0, the player to move wins exactly
// when a = b or a/b > golden ratio (Cole and Davie, Math. Gazette 1969).
func TestEuclid(t *testing.T) {
	phi := (1 + math.Sqrt(5)) / 2
	for a := 1; a <= 40; a++ {
		for b := 1; b <= a; b++ {
			e, _ := games.NewEuclid(a, b)
			tab := solve(t, e)
			want := a == b || float64(a)/float64(b) > phi
			if (tab.Outcome(game.Start) == grundy.N) != want {
				t.Fatalf("(%d,%d): %v", a, b, tab.Outcome(game.Start))
			}
		}
	}
}

func allStrings(n int, f func(string)) {
	for m := 0; m < 1<<n; m++ {
		b := make([]byte, n)
		for i := range b {
			b[i] = '0' + byte(m>>i&1)
		}
		f(string(b))
	}
}

// Paper 002 Theorem 2.5: a single heap (run) of size n in GA1 has the value
// of a Kayles heap of size n-1; with Proposition 2.3 the value of any bit
// string is the nim-sum over its runs. Kayles values from OEIS A002186.
func TestGA1Theorem25(t *testing.T) {
	kayles := []int{0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1}
	for n := 1; n <= 16; n++ {
		g, _ := games.NewGA1(strings.Repeat("0", n))
		if v := solve(t, g).Value(game.Start); v != kayles[n-1] {
			t.Fatalf("GA1 heap %d: value %d, Kayles(%d) = %d", n, v, n-1, kayles[n-1])
		}
	}
	for n := 1; n <= 10; n++ {
		allStrings(n, func(s string) {
			g, _ := games.NewGA1(s)
			want := 0
			for _, h := range games.Runs(s) {
				want ^= kayles[h-1]
			}
			if v := solve(t, g).Value(game.Start); v != want {
				t.Fatalf("GA1 %s: value %d, want %d", s, v, want)
			}
		})
	}
}

// Paper 002 Theorem 3.2: a GA2 position with heaps (runs) h1..hn has value
// (t + sum hi) mod 3, t the least non-negative integer with n + t = 0 mod 3.
func TestGA2Theorem32(t *testing.T) {
	for n := 1; n <= 11; n++ {
		allStrings(n, func(s string) {
			g, _ := games.NewGA2(s)
			r := len(games.Runs(s))
			tt := (3 - r%3) % 3
			want := (tt + len(s)) % 3
			if v := solve(t, g).Value(game.Start); v != want {
				t.Fatalf("GA2 %s (%d runs): value %d, theorem says %d", s, r, v, want)
			}
		})
	}
}

// Paper 002 Corollary 4.6: all 1s against all 0s of length n has value 0
// if n is odd, *2 if n is 2 or 4, and * otherwise.
func TestCrossoverMutationCorollary46(t *testing.T) {
	for n := 1; n <= 8; n++ {
		g, _ := games.NewCrossoverMutation(strings.Repeat("1", n), strings.Repeat("0", n))
		want := 1
		switch {
		case n%2 == 1:
			want = 0
		case n == 2 || n == 4:
			want = 2
		}
		if v := solve(t, g).Value(game.Start); v != want {
			t.Errorf("CM 1^%d vs 0^%d: value %d, Corollary 4.6 says %d", n, n, v, want)
		}
	}
}

// Arc Kayles on a path with n edges: a move deletes an edge and its
// neighbours, which is octal game 0.137 (Dawson's Chess), OEIS A002187.
func TestArcKaylesPath(t *testing.T) {
	dawson := []int{0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0}
	for n := 1; n < len(dawson); n++ {
		var edges [][2]int
		for i := 0; i < n; i++ {
			edges = append(edges, [2]int{i, i + 1})
		}
		a, _ := games.NewArcKayles(edges)
		if v := solve(t, a).Value(game.Start); v != dawson[n] {
			t.Fatalf("path of %d edges: %d, want %d", n, v, dawson[n])
		}
	}
}

// Cram on a 1 x n strip is Dawson's Kayles 0.07 (values A002187(n-1));
// on boards with both sides even the second player wins by symmetry, and
// with one side even and one odd the first player wins (Winning Ways ch. 22).
func TestCram(t *testing.T) {
	dawson := []int{0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0}
	for n := 1; n < len(dawson); n++ {
		c, _ := games.NewCram(1, n)
		if v := solve(t, c).Value(game.Start); v != dawson[n-1] {
			t.Fatalf("cram 1x%d: %d, want %d", n, v, dawson[n-1])
		}
	}
	for _, b := range [][2]int{{2, 2}, {2, 4}, {4, 4}, {2, 6}, {2, 3}, {2, 5}, {3, 4}, {4, 3}} {
		c, _ := games.NewCram(b[0], b[1])
		tab := solve(t, c)
		wantP := b[0]%2 == 0 && b[1]%2 == 0
		if (tab.Outcome(game.Start) == grundy.P) != wantP {
			t.Fatalf("cram %dx%d: %v", b[0], b[1], tab.Outcome(game.Start))
		}
	}
}

// Heap games compiled as graphs agree with the heap-by-heap sum solver:
// the Sprague-Grundy theorem on Nim, Kayles, Grundy's game and 0.137.
func TestHeapGraphsMatchSums(t *testing.T) {
	cases := []struct {
		rule  *heap.Rule
		heaps []int
	}{
		{heap.Nim(), []int{1, 3, 5, 7}},
		{heap.Nim(), []int{3, 4, 5, 1}},
		{heap.Kayles(), []int{5, 7, 3}},
		{heap.GrundysGame(), []int{9, 6, 11}},
		{mustOctal("0.137"), []int{8, 10}},
	}
	for _, c := range cases {
		h, _ := games.NewHeaps(c.rule, c.heaps)
		tab := solve(t, h)
		s, _ := h.Sum()
		if tab.Value(game.Start) != s.Value() {
			t.Fatalf("%s %v: graph value %d, nim-sum %d", c.rule.Name(), c.heaps, tab.Value(game.Start), s.Value())
		}
	}
	// Paper 001 fig. 1: Nim 1 3 5 7 has 2*4*6*8 positions and value 0.
	nim, _ := games.Nim(1, 3, 5, 7)
	tab := solve(t, nim)
	if tab.Graph.NumVertices() != 2*4*6*8 || tab.Value(game.Start) != 0 {
		t.Fatalf("nim 1 3 5 7: %d positions, value %d", tab.Graph.NumVertices(), tab.Value(game.Start))
	}
}

func mustOctal(code string) *heap.Rule {
	r, err := heap.Octal(code)
	if err != nil {
		panic(err)
	}
	return r
}

// critical computes W_G of paper 000 definition 2.1.
func critical(tab *grundy.Table) []string {
	var w []string
	each(tab, func(v int32) {
		if tab.Value(v) == 0 {
			return
		}
		for _, u := range tab.Graph.Followers(v) {
			if tab.Value(u) != 0 {
				w = append(w, tab.Graph.Format(v))
				return
			}
		}
	})
	return w
}

// Paper 000 figure 1: W_G = {v0, b}, and moving from v0 to d wins at once.
func TestFigure1(t *testing.T) {
	tab := solve(t, games.Figure1())
	w := critical(tab)
	if strings.Join(w, ",") != "v0,b" {
		t.Fatalf("W_G = %v, want {v0, b}", w)
	}
	found := false
	for _, u := range tab.Graph.Followers(game.Start) {
		if tab.Graph.Format(u) == "d" && tab.Graph.OutDegree(u) == 0 {
			found = true
		}
	}
	if !found {
		t.Fatal("v0 has no move to the sink d")
	}
}

// Paper 000 figure 4: every interior vertex can win at once by moving to
// the sink, so every interior vertex has a non-zero value.
func TestFigure4(t *testing.T) {
	g, _ := games.Figure4(12)
	tab := solve(t, g)
	each(tab, func(v int32) {
		if (tab.Graph.OutDegree(v) > 0) != (tab.Value(v) != 0) {
			t.Fatalf("%s: value %d", tab.Graph.Format(v), tab.Value(v))
		}
	})
	if len(critical(tab)) != 10 {
		t.Fatalf("W_G = %v", critical(tab))
	}
}

// Every registered game builds from its defaults or a small example and
// solves; bad parameters are errors that name the parameter.
func TestRegistry(t *testing.T) {
	examples := map[string]games.Args{
		"nim":                {},
		"subtraction":        {"n": "10", "k": "3"},
		"silverdollar":       {"m": "6", "k": "2"},
		"turningturtles":     {"m": "5"},
		"chomp":              {"rows": "3", "cols": "4"},
		"kayles":             {"heaps": "5,9"},
		"octal":              {"code": "0.77", "heaps": "5,9"},
		"grundy":             {"heaps": "7,10"},
		"ga1":                {"bits": "0011101"},
		"ga2":                {"bits": "0011101"},
		"crossover-mutation": {"bits": "000", "bits2": "111"},
		"arckayles":          {"edges": "1-2,2-3,3-4,4-1"},
		"cram":               {"rows": "3", "cols": "3"},
		"euclid":             {"a": "21", "b": "8"},
		"figure1":            {},
		"figure4":            {},
		"luckynim":           {},
	}
	for _, name := range games.Names() {
		args, ok := examples[name]
		if !ok {
			t.Errorf("no example for registered game %q", name)
			continue
		}
		spec, _ := games.Lookup(name)
		if spec.Source == "" || spec.Summary == "" {
			t.Errorf("%s: no source or summary", name)
		}
		g, err := spec.Build(args)
		if errors.Is(err, games.ErrSimultaneous) {
			continue // Lucky Nim: see TestLuckyRegistry
		}
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		solve(t, g)
	}
	spec, _ := games.Lookup("chomp")
	if _, err := spec.Build(games.Args{"rows": "x", "cols": "3"}); err == nil || !strings.Contains(err.Error(), "--rows") {
		t.Fatalf("bad rows: %v", err)
	}
	if _, err := spec.Build(games.Args{"rows": "3"}); err == nil || !strings.Contains(err.Error(), "--cols") {
		t.Fatalf("missing cols: %v", err)
	}
	if _, err := spec.Build(games.Args{"rows": "3", "cols": "3", "depth": "2"}); err == nil || !strings.Contains(err.Error(), "--depth") {
		t.Fatalf("unknown flag: %v", err)
	}
	if _, err := games.Lookup("chess"); err == nil || !strings.Contains(err.Error(), "chess") {
		t.Fatalf("unknown game: %v", err)
	}
}
