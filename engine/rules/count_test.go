package rules_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/coevolab/coevo/engine/game"
	"github.com/coevolab/coevo/engine/rules"
)

type moveCounter interface {
	MovesAtLeast([]byte) int64
}

// yields counts the moves Moves yields from p, the reference count.
func yields(g game.Game, p []byte) int64 {
	n := int64(0)
	g.Moves(p, func([]byte) { n++ })
	return n
}

// checkCounts compares MovesAtLeast with what Moves yields at every
// position of the game src, which must compile: equal, since every
// position of these games has fewer values to try than a count may try.
func checkCounts(t *testing.T, src string) (moves int64) {
	t.Helper()
	g, err := rules.Parse(src)
	if err != nil {
		t.Fatalf("%q: %v", src, err)
	}
	gr, err := g.Compile(context.Background(), game.Options{})
	if err != nil {
		t.Fatalf("%q: %v", src, err)
	}
	for v := int32(0); v < int32(gr.NumVertices()); v++ {
		p := gr.Position(v)
		got, want := g.MovesAtLeast(p), yields(g, p)
		if got != want {
			t.Errorf("%q at %s: MovesAtLeast %d, Moves yields %d", src, g.Format(p), got, want)
		}
		moves += want
	}
	return moves
}

// MovesAtLeast counts what Moves yields, every move and position: moves
// with no variable, one or several, bounds that depend on earlier
// variables, filters, vectors that are not affine, divisions, negative
// components, duplicates (two choices reaching the same state), terminal
// lines.
func TestMovesAtLeast(t *testing.T) {
	for _, src := range []string{
		"state 40\nmove -v : 1 <= v <= a1\n",
		"state 30\nmove -v : 1 <= v <= 3\n",                            // v > a1 leaves a negative heap
		"state 30\nmove -v : 2 < v < 7\nmove -1 : a1 odd\n",            // strict bounds; no variable
		"state 25\nmove -2*v : v in 1..9\n",                            // within, a slope of 2
		"state 7 9\nmove -v v-1 : 1 <= v <= a1\nmove 0 -1 : 1 <= a2\n", // two components
		"state 20\nmove -v : 1 <= v <= a1, v even\n",                   // a filter
		"state 20\nmove -v*v : 1 <= v <= a1\n",                         // not affine
		"state 12 12\nmove -v -w : 1 <= v <= a1, 1 <= w <= v\n",        // two variables, a bound on an earlier one
		"state 9 9 9\nmove -u -v -w : 0 <= u <= a1, 0 <= v <= a2, 1 <= w <= a3, u + v >= 1\n",
		"state 10 10\nmove -v -w : 1 <= v <= 3, 0 <= w <= 10, w != v\n", // a filter on the last variable
		"state 30\nmove -(a1 / v) : 1 <= v <= 4, v <= a1\n",
		"state 24\nmove -v : v | a1, v < a1\n", // divisors
		"state 16 5\nmove -v 0 : 1 <= v <= a1, v <= a2\nmove -1 -1 : 1 <= a1, 1 <= a2\n",
		"state 12\nmove -v : 0 <= v <= 3, 1 <= v\nmove -(v%2)-1 : 0 <= v <= 5\n", // duplicates
		"state 6 6\nmove -1 v : 1 <= a1, 0 <= v <= 2, v <= 5 - a2\nterminal 3 *\n",
		"allow negative\nstate 5\nmove -v : 1 <= v <= 3, -8 <= a1\n",
		"allow negative\nstate 4 0\nmove -1 -v : 1 <= v <= 2, 1 <= a1\n",
		"state 10\nmove -v : 1 <= v <= a1, v / 0 == 1\n", // undefined: no move
		"state 10\nmove -(v / (a1 - a1)) : 1 <= v <= a1\n",
	} {
		checkCounts(t, src)
	}
	// The components of a sum count too.
	g, _ := rules.Parse("state 1000000 1000000\nmove -v 0 : 1 <= v <= a1\nmove 0 -v : 1 <= v <= a2\n")
	parts, ok := g.Components()
	if !ok {
		t.Fatal("not a sum")
	}
	if n := parts[0].(moveCounter).MovesAtLeast(parts[0].Start()); n != 1000000 {
		t.Fatalf("a heap of 10^6: %d moves counted", n)
	}
}

// On random rule files of up to three variables, bounds on the state and
// on earlier variables, filters and vectors of every kind, MovesAtLeast is
// what Moves yields.
func TestMovesAtLeastRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(24, 4))
	names := []string{"u", "v", "w"}
	expr := func(vars int) string {
		terms := []string{"a1", "a2", "1", "2", "-1"}
		for k := range vars {
			terms = append(terms, names[k], "2*"+names[k], names[k]+"*"+names[k], "("+names[k]+" / 2)")
		}
		x := terms[rng.IntN(len(terms))]
		if rng.IntN(2) == 0 {
			x = "(" + x + []string{" + ", " - ", " * "}[rng.IntN(3)] + terms[rng.IntN(len(terms))] + ")"
		}
		return x
	}
	checked, moves, productive := 0, int64(0), 0
	for range 300 {
		var b strings.Builder
		if rng.IntN(5) == 0 {
			b.WriteString("allow negative\n")
		}
		fmt.Fprintf(&b, "state %d %d\n", 3+rng.IntN(10), 3+rng.IntN(10))
		for range 1 + rng.IntN(2) {
			vars := rng.IntN(4)
			var conds []string
			for k := range vars {
				lo := []string{"0", "1", "-1"}[rng.IntN(3)]
				hi := []string{"a1", "a2", "3"}[rng.IntN(3)]
				if k > 0 && rng.IntN(2) == 0 {
					hi = names[k-1]
				}
				conds = append(conds, fmt.Sprintf("%s <= %s <= %s", lo, names[k], hi))
				switch rng.IntN(4) {
				case 0:
					conds = append(conds, names[k]+[]string{" even", " odd"}[rng.IntN(2)])
				case 1:
					conds = append(conds, fmt.Sprintf("%s %s %s", expr(k+1), []string{"<", ">=", "!=", "=="}[rng.IntN(4)], expr(k+1)))
				}
			}
			// Each move lowers the first component (so that the game
			// ends) and does not raise the second.
			d1, d2 := "-1", expr(vars)
			if vars > 0 {
				x := names[rng.IntN(vars)]
				d1 = "-" + []string{x, "(" + x + "+1)", "(" + x + "*" + x + ")", "(" + x + "%3+1)", "(2*" + x + "-1)"}[rng.IntN(5)]
			}
			switch rng.IntN(3) {
			case 0:
				d2 = "0"
			case 1:
				d2 = "-(" + d2 + ")"
			}
			fmt.Fprintf(&b, "move %s %s", d1, d2)
			conds = append(conds, "0 <= a1 + "+d1+" < a1", "0 <= a2 + "+d2+" <= a2")
			fmt.Fprintf(&b, " : %s\n", strings.Join(conds, ", "))
		}
		src := b.String()
		g, err := rules.Parse(src)
		if err != nil {
			continue // a variable used before it is bound, ...
		}
		if _, err := g.Compile(context.Background(), game.Options{MaxPositions: 10000}); err != nil {
			t.Logf("%q: %v", src, err)
			continue
		}
		n := checkCounts(t, src)
		checked++
		moves += n
		if n >= 10 {
			productive++
		}
	}
	t.Logf("%d random rule files compiled, %d with 10 moves or more; %d moves counted", checked, productive, moves)
	if checked < 150 || productive < 75 {
		t.Fatalf("only %d of 300 random rule files compiled, %d with 10 moves or more", checked, productive)
	}
}

// From a position where Moves fails the game (a move that only adds, one
// that leaves the 32-bit range, too many choices), it yields nothing, and
// MovesAtLeast counts nothing either: the failure is reported when the
// position is listed.
func TestMovesAtLeastWhereMovesFail(t *testing.T) {
	for _, src := range []string{
		"state 5\nmove v : 1 <= v <= 2\n",
		"state 5 5\nmove v 0 : 0 <= v <= 2, v <= a2\n",
		"state 5\nmove 2*v : 1 <= v <= 3\n",
		"state 5\nmove -v : 1 <= v <= a1\nmove v-1 : 1 <= v <= 3\n",
		"state 5\nmove 2147483647 : a1 >= 0\n",
		"state 5\nmove -2000000000*v : 1 <= v <= 2\n",
		"state 5\nmove -v : 1 <= v <= 20000000\n",
		"state 5\nmove -1 : 1 <= a1\nmove -v-w : 0 <= v <= 5000, 0 <= w <= 5000\n",
	} {
		g, err := rules.Parse(src)
		if err != nil {
			t.Fatalf("%q: %v", src, err)
		}
		p := g.Start()
		got := g.MovesAtLeast(p)
		if want := yields(g, p); got > want {
			t.Errorf("%q: MovesAtLeast %d, Moves yields %d", src, got, want)
		}
		if _, err := g.Compile(context.Background(), game.Options{}); err == nil {
			t.Errorf("%q compiles: want a game that fails", src)
		}
	}
}

// A position with more values to try than a count may try is counted in
// part: a lower bound, never more than Moves yields.
func TestMovesAtLeastStops(t *testing.T) {
	g, err := rules.Parse("state 5000000\nmove -v : 1 <= v <= a1, v odd\n")
	if err != nil {
		t.Fatal(err)
	}
	p := g.Start()
	got, want := g.MovesAtLeast(p), yields(g, p)
	if got <= 0 || got >= want {
		t.Fatalf("MovesAtLeast %d, Moves yields %d: want a lower bound short of it", got, want)
	}
}

// Exploring refuses games with more moves than the budget as soon as the
// positions found so far count more, whatever the shape of their moves:
// Nim on a heap of 10^6 (5·10^11 moves), two ranged variables, a filter,
// a vector that is not affine. Without counts, each would list the whole
// budget of moves, one by one, before it stopped.
func TestTooManyMovesRefusedEarly(t *testing.T) {
	const budget = 25_000_000
	for _, src := range []string{
		"state 1000000\nmove -v : 1 <= v <= a1\n",
		"state 3000 3000\nmove -v -w : 1 <= v <= a1, 1 <= w <= a2\n",
		"state 3000 3000\nmove -v -w : 1 <= v <= a1, 0 <= w <= v\n",
		"state 100000\nmove -v : 1 <= v <= a1, v * v >= 1\n",
		"state 100000\nmove -v : 1 <= v <= a1, odd v\n",
		"state 200 200 200\nmove -u -v -w : 0 <= u <= a1, 0 <= v <= a2, 1 <= w <= a3\n",
		"state 100000\nmove -(v*v%a1)-1 : 1 <= v <= a1\n", // not affine
	} {
		t.Run(strings.SplitN(src, "\n", 3)[1], func(t *testing.T) {
			g, err := rules.Parse(src)
			if err != nil {
				t.Fatal(err)
			}
			_, err = g.Compile(context.Background(), game.Options{MaxMoves: budget})
			var tl *game.TooLargeError
			if !errors.As(err, &tl) || tl.What != "moves" || tl.Total <= budget || tl.Moves > budget/100 {
				t.Errorf("%q: %v (%+v), want the moves refused after listing at most 1%% of the budget", src, err, tl)
			}
		})
	}
}

// The cost of counting to a compile that fits its budget: each game is
// compiled as it is ("counted") and hidden behind a type without
// MovesAtLeast ("listed"), in the same run; compare the two.
//
//	go test -run - -bench Compile ./engine/rules/
func BenchmarkCompile(b *testing.B) {
	type listed struct{ game.Game }
	for _, c := range []struct{ name, src string }{
		{"nim3", "state 40 40 40\nmove -v 0 0 : 1 <= v <= a1\nmove 0 -v 0 : 1 <= v <= a2\nmove 0 0 -v : 1 <= v <= a3\n"},
		{"odd", "state 3000\nmove -v : 1 <= v <= a1, v odd\n"},
		{"two-vars", "state 60 60\nmove -v -w : 0 <= v <= a1, 0 <= w <= a2, 1 <= v + w\n"},
		{"not-affine", "state 2000\nmove -(v*v%a1)-1 : 1 <= v <= a1\n"},
	} {
		g, err := rules.Parse(c.src)
		if err != nil {
			b.Fatal(err)
		}
		for _, v := range []struct {
			name string
			g    game.Game
		}{{"counted", g}, {"listed", listed{g}}} {
			b.Run(c.name+"/"+v.name, func(b *testing.B) {
				for range b.N {
					if _, err := game.CompileContext(context.Background(), v.g, game.Options{}); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
