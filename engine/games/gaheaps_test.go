package games_test

import (
	"slices"
	"testing"

	"github.com/coevolab/coevo/engine/game"
	"github.com/coevolab/coevo/engine/games"
)

func TestRuns(t *testing.T) {
	// Paper 002 section 2: 001000111 becomes (2, 1, 3, 3).
	if r := games.Runs("001000111"); !slices.Equal(r, []int{2, 1, 3, 3}) {
		t.Fatalf("runs of 001000111: %v", r)
	}
	if s := games.RunBits([]int{2, 1, 3, 3}); s != "001000111" {
		t.Fatalf("bits of 2 1 3 3: %s", s)
	}
}

// The run-length forms of GA1 and GA2 have the values of the bit-string
// games of paper 002 on every bit string up to length 11.
func TestGAHeapsMatchBitStrings(t *testing.T) {
	for n := 1; n <= 11; n++ {
		allStrings(n, func(s string) {
			if s[0] == '1' {
				return // the complement has the same runs
			}
			runs := games.Runs(s)
			b1, _ := games.NewGA1(s)
			h1, err := games.GA1Heaps(runs...)
			if err != nil {
				t.Fatal(err)
			}
			sum, _ := h1.Sum()
			if want, got := solve(t, b1).Value(game.Start), sum.Value(); got != want {
				t.Fatalf("GA1 %s: runs %v give %d, the bit string %d", s, runs, got, want)
			}
			b2, _ := games.NewGA2(s)
			h2, _ := games.NewGA2Heaps(runs...)
			if want, got := solve(t, b2).Value(game.Start), solve(t, h2).Value(game.Start); got != want {
				t.Fatalf("GA2 %s: runs %v give %d, the bit string %d", s, runs, got, want)
			}
		})
	}
}
