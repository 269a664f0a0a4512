package rules_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/coevolab/coevo/engine/game"
	"github.com/coevolab/coevo/engine/grundy"
	"github.com/coevolab/coevo/engine/rules"
)

func solve(t *testing.T, src string) *grundy.Table {
	t.Helper()
	g, err := rules.Parse(src)
	if err != nil {
		t.Fatal(err)
	}
	gr, err := g.Compile(context.Background(), game.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return grundy.Solve(gr)
}

// Paper 001 fig. 1 in the rule language: 2*4*6*8 positions (section 3.2.1), value 0.
func TestNimFigure1(t *testing.T) {
	b, err := os.ReadFile("../../docs/rules/nim1357.rules")
	if err != nil {
		t.Fatal(err)
	}
	tab := solve(t, string(b))
	if tab.Graph.NumVertices() != 2*4*6*8 || tab.Value(game.Start) != 0 {
		t.Fatalf("%d positions, value %d", tab.Graph.NumVertices(), tab.Value(game.Start))
	}
	if sol := tab.Solution(1, 0); sol.Winner != 2 || sol.Line[0].Position != "1 3 5 7" {
		t.Fatalf("%+v", sol)
	}
}

// Every example in docs/rules parses and solves; an "# expect: sg N" line
// states the value the example's comment derives.
func TestDocExamples(t *testing.T) {
	files, _ := filepath.Glob("../../docs/rules/*.rules")
	if len(files) < 3 {
		t.Fatalf("only %d examples", len(files))
	}
	for _, f := range files {
		g, err := rules.ParseFile(f)
		if err != nil {
			t.Fatal(err)
		}
		gr, err := g.Compile(context.Background(), game.Options{})
		if err != nil {
			t.Fatal(err)
		}
		tab := grundy.Solve(gr)
		b, _ := os.ReadFile(f)
		for _, line := range strings.Split(string(b), "\n") {
			if rest, ok := strings.CutPrefix(line, "# expect: sg "); ok {
				want, _ := strconv.Atoi(strings.Fields(rest)[0])
				if tab.Value(game.Start) != want {
					t.Errorf("%s: value %d, expected %d", f, tab.Value(game.Start), want)
				}
			}
		}
	}
}

// The divisor game: a heap n moves to n - d for a proper divisor d of n.
// Brute force from the definition, independent of the parser.
func divisorValues(n int) []int {
	g := make([]int, n+1)
	for i := 1; i <= n; i++ {
		var opts []int
		for d := 1; d < i; d++ {
			if i%d == 0 {
				opts = append(opts, g[i-d])
			}
		}
		g[i] = grundy.Mex(opts)
	}
	return g
}

func TestDivisibility(t *testing.T) {
	want := divisorValues(60)
	for n := 1; n <= 60; n++ {
		tab := solve(t, "state "+strconv.Itoa(n)+"\nmove -v : v | a1, v < a1\n")
		if tab.Value(game.Start) != want[n] {
			t.Fatalf("heap %d: %d, brute force %d", n, tab.Value(game.Start), want[n])
		}
		// The divisor game: the mover wins exactly on even heaps.
		if (tab.Value(game.Start) != 0) != (n%2 == 0) {
			t.Fatalf("heap %d: value %d", n, tab.Value(game.Start))
		}
	}
	b, _ := os.ReadFile("../../docs/rules/divisor.rules")
	if v := solve(t, string(b)).Value(game.Start); v != want[12]^want[9] {
		t.Fatalf("divisor.rules: %d, want %d", v, want[12]^want[9])
	}
}

// Subtraction {1,2,3} written three ways: n mod 4 (paper 000 section 6.1).
func TestSubtractionForms(t *testing.T) {
	forms := []string{
		"move -v : 1 <= v <= 3, v <= a1",
		"move -v : v in 1..3, a1 - v >= 0",
		"move -v : v >= 1 and v < 4 and v <= a1",
		"move (0-v) : 0 < v, v < 4, v <= a1",
	}
	for _, f := range forms {
		for n := 0; n <= 20; n++ {
			tab := solve(t, "state "+strconv.Itoa(n)+"\n"+f+"\n")
			if tab.Value(game.Start) != n%4 {
				t.Fatalf("%q heap %d: %d", f, n, tab.Value(game.Start))
			}
		}
	}
}

// Two variables in one move, a bound using an earlier variable, parity:
// take v from heap 1 and w <= v from heap 2, v even.
func TestTwoVariables(t *testing.T) {
	tab := solve(t, "state 4 3\nmove -v -w : 1 <= v <= a1, even v, 0 <= w <= v, w <= a2\n")
	// From (4,3): v in {2,4}, w in 0..min(v,3).
	if got := tab.Graph.OutDegree(game.Start); got != 3+4 {
		t.Fatalf("%d moves from the start, want 7", got)
	}
}

func TestTerminalWildcard(t *testing.T) {
	// Nim on two heaps, but any position with an empty first heap is over.
	tab := solve(t, "state 3 3\nmove -v 0 : 1 <= v <= a1\nmove 0 -v : 1 <= v <= a2\nterminal 0 *\n")
	for v := int32(0); v < int32(tab.Graph.NumVertices()); v++ {
		if strings.HasPrefix(tab.Graph.Format(v), "0 ") && tab.Graph.OutDegree(v) != 0 {
			t.Fatalf("%s has moves", tab.Graph.Format(v))
		}
	}
}

func TestCycleReported(t *testing.T) {
	g, err := rules.Parse("state 0\nmove 1 : a1 < 3\nmove -1 : a1 > 0\n")
	if err != nil {
		t.Fatal(err)
	}
	_, err = g.Compile(context.Background(), game.Options{})
	var ce *game.CycleError
	if !errors.As(err, &ce) {
		t.Fatalf("got %v, want a cycle error", err)
	}
}

func TestHugeRangeIsAnError(t *testing.T) {
	g, err := rules.Parse("state 5\nmove -v : 1 <= v <= a1 * 100000000\n")
	if err != nil {
		t.Fatal(err)
	}
	_, err = g.Compile(context.Background(), game.Options{})
	var re *rules.Error
	if !errors.As(err, &re) || re.Line != 2 || !strings.Contains(err.Error(), "more than 10000000 choices") {
		t.Fatalf("got %v", err)
	}
	// Leaving the 32-bit range is an error of the rule too. (The move
	// reads a1, so it is not refused as endless first: see TestEndless.)
	g, _ = rules.Parse("state 2147483000\nmove v : 1 <= v <= 1000, v <= a1\n")
	if _, err = g.Compile(context.Background(), game.Options{}); !errors.As(err, &re) || re.Line != 2 || !strings.Contains(err.Error(), "outside the 32-bit range") {
		t.Fatalf("got %v", err)
	}
}

// An unclosed parenthesis is named at its column, in moves, conditions
// and states; a byte order mark (files saved by Windows editors) is not
// part of the first directive.
func TestParenthesesAndBOM(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"state 3\nmove -(v : 1 <= v <= a1\n", "line 2, column 7: ( is never closed"},
		{"state 3 4\nmove -(v 0 : 1 <= v <= a1\n", "line 2, column 7: ( is never closed"},
		{"state 3 4\nmove -((v) 0 : 1 <= v <= a1\n", "line 2, column 7: ( is never closed"},
		{"state (3\nmove -v : 1 <= v <= a1\n", "line 1, column 7: ( is never closed"},
		{"state 3\nmove -v : 1 <= (v <= a1\n", "line 2, column 19: expected ), found \"<=\""},
	} {
		_, err := rules.Parse(c.src)
		if err == nil || err.Error() != c.want {
			t.Errorf("%q: got %v, want %q", c.src, err, c.want)
		}
	}
	if _, err := rules.Parse("state 3 4\nmove -(v) (0) : 1 <= v <= a1\n"); err != nil {
		t.Fatal(err)
	}
	g, err := rules.Parse("\ufeffstate 3\nmove -v : 1 <= v <= a1\n")
	if err != nil || g.Start0[0] != 3 {
		t.Fatalf("with a BOM: %v", err)
	}
}

// zeros reads as /dev/zero does.
type zeros struct{}

func (zeros) Read(p []byte) (int, error) { clear(p); return len(p), nil }

// A rule file larger than MaxFileSize (/dev/zero) is refused, named, after
// reading MaxFileSize bytes.
func TestFileSizeLimit(t *testing.T) {
	_, err := rules.Read(zeros{}, "/dev/zero")
	var re *rules.Error
	if !errors.As(err, &re) || !strings.HasPrefix(err.Error(), "/dev/zero: ") || !strings.Contains(err.Error(), "more than 1048576 bytes") {
		t.Fatalf("got %v", err)
	}
}

func TestParseErrors(t *testing.T) {
	cases := []struct{ src, want string }{
		{"move -v : v <= a1\n", "line 1: no state line"},
		{"state 1 2\nmove -v : 1 <= v <= a1\n", "line 2, column 6: move has 1 components, the state has 2"},
		{"state 3\nmove -v : v <= a1\n", "line 2: variable v has no lower bound"},
		{"state 3\nmove -v : 1 <= v\n", "line 2: variable v has no upper bound"},
		{"state 3\nmove -v : 1 <= v <= a2\n", "line 2, column 21: a2: the state has components a1..a1"},
		{"state 3\nmove -v : 1 <= v <= a1 @\n", "line 2, column 24: unexpected character '@'"},
		{"state 3\nmove -v : 1 <= v <= a1 v\n", "line 2, column 24: expected , or and between constraints"},
		{"state 3\nmove -v : 1 <= v, v\n", "line 2, column 20: expected a comparison"},
		{"state 3\njump 1\n", `line 2, column 1: unknown directive "jump"`},
		{"state 3 x\n", `line 1, column 9: "x" is not an integer`},
		{"state 3\nmove -v : v in 1 a1\n", "line 2, column 18: expected .. in a range"},
		{"state 3\nstate 4\n", "line 2, column 1: second state line"},
		{"state 3\nterminal 1 2\n", "line 2, column 10: terminal state has 2 components"},
		{"state 3\n", "line 1: no move lines"},
		{"state 3\nmove -even : 1 <= even <= 2\n", `"even" is a keyword`},
		{"state 99999999999\n", "too large"},
	}
	for _, c := range cases {
		_, err := rules.Parse(c.src)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: got %v, want %q", c.src, err, c.want)
		}
	}
}

// The parser never panics, and whatever it accepts compiles or fails
// cleanly within a small budget.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"state 1 3 5 7\nmove -v 0 0 0 : 1 <= v <= a1\nterminal 0 0 0 0\n",
		"state 12\nmove -v : v | a1, v < a1\n",
		"state 4 3\nmove -v -w : 1 <= v <= a1, even v, 0 <= w <= v, w <= a2\n",
		"state 0\nmove 1 : a1 < 3\nmove -1 : a1 > 0\n",
		"state 5\nmove (a1/2-a1) : a1 % 2 == 0, a1 > 0\nallow negative\n",
		"# comment\nname x\nstate 2 2\nmove 0-v v : v in 1..a1\nterminal * 0\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		g, err := rules.Parse(src)
		if err != nil {
			var re *rules.Error
			if !errors.As(err, &re) {
				t.Fatalf("error of type %T: %v", err, err)
			}
			return
		}
		g.Compile(context.Background(), game.Options{MaxPositions: 2000, MaxMoves: 20000})
	})
}

// Paper 001 section 3.2.2: a game whose moves each touch one heap is
// solved per component. Nim written as rules, with heaps far too large to
// compile as a product, agrees with Bouton's nim-sum.
func TestComponents(t *testing.T) {
	g, err := rules.Parse(`state 1000 2000 3000 4001
move -v 0 0 0 : 1 <= v <= a1
move 0 -v 0 0 : 1 <= v <= a2
move 0 0 -v 0 : 1 <= v <= a3
move 0 0 0 -v : 1 <= v <= a4
terminal 0 0 0 0
`)
	if err != nil {
		t.Fatal(err)
	}
	parts, ok := g.Components()
	if !ok || len(parts) != 4 {
		t.Fatalf("not decomposed: %v %d", ok, len(parts))
	}
	s, err := grundy.SolveSum(context.Background(), parts, game.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if want := 1000 ^ 2000 ^ 3000 ^ 4001; s.Value() != want {
		t.Fatalf("value %d, want %d", s.Value(), want)
	}
	sol := s.Solution(3, 0)
	for i, st := range sol.Line {
		if (i%2 == 1) != (st.SG == 0) {
			t.Fatalf("step %d %q value %d", i, st.Position, st.SG)
		}
	}
}

// Decomposition agrees with compiling the whole game, on the divisor game
// (two components) and on rules that must not decompose.
func TestComponentsAgree(t *testing.T) {
	src := "state 24 18 7\nmove -v 0 0 : v | a1, v < a1\nmove 0 -v 0 : v | a2, v < a2\nmove 0 0 -v : 1 <= v <= 2, v <= a3\n"
	g, _ := rules.Parse(src)
	parts, ok := g.Components()
	if !ok {
		t.Fatal("not decomposed")
	}
	s, _ := grundy.SolveSum(context.Background(), parts, game.Options{})
	if whole := solve(t, src).Value(game.Start); s.Value() != whole {
		t.Fatalf("components %d, whole %d", s.Value(), whole)
	}
	for _, src := range []string{
		"state 3 4\nmove -v -v : 1 <= v <= a1, v <= a2\n",                         // touches two heaps
		"state 3 4\nmove -v 0 : 1 <= v <= a2, v <= a1\n",                          // reads another heap
		"state 3 4\nmove -v 0 : 1 <= v <= a1\nterminal 1 *\n",                     // wildcard terminal
		"state 3 4\nmove -v 0 : 1 <= v <= a1\nmove 0 -1 : a2 > 0\nterminal 2 4\n", // terminal with moves
	} {
		g, _ := rules.Parse(src)
		if _, ok := g.Components(); ok {
			t.Errorf("%q decomposed", src)
		}
	}
}

// A move that only adds to components it does not read can be made again
// and again from any state it reaches: the game never ends (issue 24: such
// a rule explored positions for minutes until a budget stopped it). It is
// refused at the first such move, naming its line; games where a growing
// component is bounded by another that falls, or by what the move reads,
// are solved.
func TestEndless(t *testing.T) {
	for _, c := range []struct {
		src  string
		line int // 0: finite
	}{
		{"state 10\nmove v : 1 <= v <= 2\n", 2},
		{"state 0\nmove 1\n", 2},
		{"state 10 3\nmove -v 0 : 1 <= v <= a1\nmove 0 v : 1 <= v <= 2\nmove 0 -1 : 1 <= a2\n", 3},
		{"state 4 0\nmove -1 v : 1 <= v <= 2, 1 <= a1\n", 0},        // a1 falls with every move
		{"state 4\nmove v : 1 <= v <= 2, a1 + v <= 9\n", 0},         // bounded by what it reads
		{"state 3\nmove 2\nterminal 5\n", 0},                        // a terminal state may be on the way: not claimed
		{"state 3 7\nmove 2 0\nterminal 9 7\nterminal 5 7\n", 0},    // (not claimed: 5 7 is on the way)
		{"state 3 7\nmove 2 0\nterminal 4 7\nterminal 9 8\n", 2},    // no terminal state on the way
		{"state 6\nmove -v : 1 <= v <= a1\nmove 0 : a1 == 99\n", 0}, // a move that changes nothing is a cycle, not this
	} {
		g, err := rules.Parse(c.src)
		if err != nil {
			t.Fatal(err)
		}
		_, err = g.Compile(context.Background(), game.Options{MaxPositions: 10000})
		var re *rules.Error
		switch {
		case c.line > 0 && (!errors.As(err, &re) || re.Line != c.line || !strings.Contains(err.Error(), "never ends")):
			t.Errorf("%q: %v, want line %d: never ends", c.src, err, c.line)
		case c.line == 0 && err != nil && strings.Contains(err.Error(), "never ends"):
			t.Errorf("%q: %v, a finite game (or not provably infinite)", c.src, err)
		}
	}
}

// MovesAtLeast never counts more moves than Moves yields, and counts them
// exactly for moves it understands (no variable, or one whose constraints
// are bounds and whose vector is affine in it). Checked on every position
// of small games; the counts are what lets exploring refuse "state 1000000"
// with Nim's move (5·10^11 moves) at once.
func TestMovesAtLeast(t *testing.T) {
	type counter interface {
		MovesAtLeast([]byte) int64
	}
	for _, c := range []struct {
		src   string
		exact bool
	}{
		{"state 40\nmove -v : 1 <= v <= a1\n", true},
		{"state 30\nmove -v : 1 <= v <= 3\n", true},                            // v > a1 leaves a negative heap: not counted
		{"state 30\nmove -v : 2 < v < 7\nmove -1 : a1 odd\n", true},            // strict bounds; a move without a variable
		{"state 25\nmove -2*v : v in 1..9\n", true},                            // within, a slope of 2
		{"state 7 9\nmove -v v-1 : 1 <= v <= a1\nmove 0 -1 : 1 <= a2\n", true}, // two components
		{"state 20\nmove -v : 1 <= v <= a1, v even\n", false},                  // a filter: unknown
		{"state 20\nmove -v*v : 1 <= v <= a1\n", false},                        // not affine
		{"state 12 12\nmove -v -w : 1 <= v <= a1, 1 <= w <= v\n", false},       // two variables
		{"state 30\nmove -(a1 / v) : 1 <= v <= 4, v <= a1\n", false},
		{"allow negative\nstate 5\nmove -v : 1 <= v <= 3, -8 <= a1\n", true},
	} {
		g, err := rules.Parse(c.src)
		if err != nil {
			t.Fatal(err)
		}
		gr, err := g.Compile(context.Background(), game.Options{})
		if err != nil {
			t.Fatalf("%q: %v", c.src, err)
		}
		for v := int32(0); v < int32(gr.NumVertices()); v++ {
			p := gr.Position(v)
			n := 0
			g.Moves(p, func([]byte) { n++ })
			got := g.MovesAtLeast(p)
			if got > int64(n) || c.exact && got != int64(n) {
				t.Errorf("%q at %s: MovesAtLeast %d, Moves yields %d", c.src, g.Format(p), got, n)
			}
		}
	}
	// The components of a sum count too.
	g, _ := rules.Parse("state 1000000 1000000\nmove -v 0 : 1 <= v <= a1\nmove 0 -v : 1 <= v <= a2\n")
	parts, ok := g.Components()
	if !ok {
		t.Fatal("not a sum")
	}
	if n := parts[0].(counter).MovesAtLeast(parts[0].Start()); n != 1000000 {
		t.Fatalf("a heap of 10^6: %d moves counted", n)
	}
	// Exploring refuses Nim on a heap of 10^6 (5·10^11 moves) at once.
	g, _ = rules.Parse("state 1000000\nmove -v : 1 <= v <= a1\n")
	_, err := g.Compile(context.Background(), game.Options{MaxMoves: 250_000_000})
	var tl *game.TooLargeError
	if !errors.As(err, &tl) || tl.What != "moves" || tl.Total <= 250_000_000 || tl.Moves > 2_000_000 {
		t.Fatalf("got %v (%+v), want the moves refused after listing at most the start's", err, tl)
	}
}
