package games_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/coevolab/coevo/engine/game"
	"github.com/coevolab/coevo/engine/games"
	"github.com/coevolab/coevo/engine/heap"
)

// The parsers of the heap games' flags (--code, --heaps, --set and
// --heap), as coevo solve and coevo sg call them, never panic; what they
// accept plays: the start position's moves, and the nim-sequence for
// small heaps, agree with the rule's options. Run on the committed corpus
// by go test; make fuzz runs it longer.
func FuzzHeapFlags(f *testing.F) {
	for _, s := range [][3]string{
		{"0.77", "1,3,5,7", "1,2,3"},
		{"4.07", "10", "1,3,4"},
		{"0.137", "0,0,2", "7"},
		{".6", " 3 , 4 ", "2,2"},
		{"0.7777777777777777777777777777777777777777777777777777777777777777", "268435456", "1048576"},
		{"0.", "-1", "0"},
		{"x.1", "1,,2", "1,-2"},
		{"0.8", "1e3", "99999999999999999999"},
	} {
		f.Add(s[0], s[1], s[2])
	}
	f.Fuzz(func(t *testing.T, code, heaps, set string) {
		spec, _ := games.Lookup("octal")
		g, err := spec.Build(games.Args{"code": code, "heaps": heaps})
		if err != nil {
			if !strings.Contains(err.Error(), "--heaps") && !strings.Contains(err.Error(), "octal") {
				t.Fatalf("error names neither the flag nor the game: %v", err)
			}
		} else {
			checkHeaps(t, g.(*games.Heaps))
		}
		rule, err := games.HeapRule("octal", games.Args{"code": code})
		if err == nil {
			checkSequence(t, rule)
		}
		rule, err = games.HeapRule("subtraction", games.Args{"set": set})
		if err == nil {
			checkSequence(t, rule)
		} else if !strings.Contains(err.Error(), "set") {
			t.Fatalf("error does not name the set: %v", err)
		}
		spec, _ = games.Lookup("subtraction")
		if g, err := spec.Build(games.Args{"set": set, "heap": heaps}); err == nil {
			checkHeaps(t, g.(*games.Heaps))
		}
		spec, _ = games.Lookup("nim")
		if g, err := spec.Build(games.Args{"heaps": heaps}); err == nil {
			checkHeaps(t, g.(*games.Heaps))
		}
	})
}

// checkHeaps plays the start position of h (when its heaps are small: a
// heap of n has up to 64 n options).
func checkHeaps(t *testing.T, h *games.Heaps) {
	for _, x := range h.Sizes {
		if x > 1000 {
			return
		}
	}
	start := h.Start()
	if len(start) != 4*len(h.Sizes) && !h.Rule.Splits() {
		t.Fatalf("start %v of heaps %v", start, h.Sizes)
	}
	n := 0
	h.Moves(start, func(q []byte) {
		if n++; n > 1000 {
			return
		}
		h.Format(q)
	})
	h.Format(start)
}

// checkSequence computes the nim-sequence of rule up to 40 and checks it
// against the mex of each heap's options.
func checkSequence(t *testing.T, rule *heap.Rule) {
	g, err := rule.Sequence(40)
	if err != nil {
		t.Fatal(err)
	}
	for n := range g {
		seen := map[int]bool{}
		rule.Options(n, func(a, b int) bool {
			seen[int(g[a]^g[b])] = true
			return true
		})
		mex := 0
		for seen[mex] {
			mex++
		}
		if int(g[n]) != mex {
			t.Fatalf("%s: g(%d) = %d, mex of options %d", rule.Name(), n, g[n], mex)
		}
	}
}

// The --edges parser of Arc Kayles never panics, names the bad edge, and
// what it accepts compiles (within a small budget) into a graph whose
// moves each remove at least one edge.
func FuzzEdges(f *testing.F) {
	for _, s := range []string{"1-2,2-3,3-4", "1-2,2-3,3-1", "0-0", "1-2,", "-1--2", "1-2-3", " 5 - 6 ,6-7", "9999999999999999999-1"} {
		f.Add(s)
	}
	spec, _ := games.Lookup("arckayles")
	f.Fuzz(func(t *testing.T, edges string) {
		g, err := spec.Build(games.Args{"edges": edges})
		if err != nil {
			if !strings.Contains(err.Error(), "edge") {
				t.Fatalf("error does not name the edges: %v", err)
			}
			return
		}
		gr, err := game.CompileContext(context.Background(), g, game.Options{MaxPositions: 5000})
		var tl *game.TooLargeError
		if errors.As(err, &tl) {
			return
		}
		if err != nil {
			t.Fatal(err)
		}
		count := func(v int32) int {
			if s := gr.Format(v); s != "(no edges)" {
				return strings.Count(s, ",") + 1
			}
			return 0
		}
		for v := int32(0); v < int32(gr.NumVertices()); v++ {
			for _, w := range gr.Followers(v) {
				if count(w) >= count(v) {
					t.Fatalf("%q -> %q removes no edge", gr.Format(v), gr.Format(w))
				}
			}
		}
	})
}
