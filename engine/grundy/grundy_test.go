package grundy_test

import (
	"math/rand/v2"
	"testing"

	"github.com/coevolab/coevo/engine/game"
	"github.com/coevolab/coevo/engine/grundy"
)

// randomDAG is a game whose position i moves to some positions j > i.
func randomDAG(n int, seed uint64) game.Game {
	rng := rand.New(rand.NewPCG(seed, 1))
	fol := make([][]byte, n)
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			if rng.IntN(3) == 0 {
				fol[i] = append(fol[i], byte(j))
			}
		}
	}
	return game.Func{
		StartPos: []byte{0},
		MovesFunc: func(p []byte, yield func([]byte)) {
			for _, j := range fol[p[0]] {
				yield([]byte{j})
			}
		},
	}
}

// brute computes the value by the definition, recursively, from the game.
func brute(g game.Game, p []byte, memo map[string]int) int {
	if v, ok := memo[string(p)]; ok {
		return v
	}
	var opts []int
	var fs [][]byte
	g.Moves(p, func(q []byte) { fs = append(fs, append([]byte(nil), q...)) })
	for _, q := range fs {
		opts = append(opts, brute(g, q, memo))
	}
	v := grundy.Mex(opts)
	memo[string(p)] = v
	return v
}

func TestValuesMatchDefinition(t *testing.T) {
	for seed := uint64(0); seed < 30; seed++ {
		g := randomDAG(40, seed)
		tab, err := grundy.SolveGame(g)
		if err != nil {
			t.Fatal(err)
		}
		memo := map[string]int{}
		for v := int32(0); v < int32(tab.Graph.NumVertices()); v++ {
			if want := brute(g, tab.Graph.Position(v), memo); tab.Value(v) != want {
				t.Fatalf("seed %d vertex %d: %d, want %d", seed, v, tab.Value(v), want)
			}
		}
	}
}

// A P-position has no P-option, and an N-position has one (paper 004).
func TestOutcomeProperty(t *testing.T) {
	for seed := uint64(0); seed < 30; seed++ {
		tab, err := grundy.SolveGame(randomDAG(60, seed))
		if err != nil {
			t.Fatal(err)
		}
		for v := int32(0); v < int32(tab.Graph.NumVertices()); v++ {
			w := tab.WinningMoves(v)
			if (tab.Outcome(v) == grundy.P) != (len(w) == 0) {
				t.Fatalf("seed %d vertex %d: outcome %v with %d P-options", seed, v, tab.Outcome(v), len(w))
			}
		}
	}
}

// The Sprague-Grundy theorem: the value of a sum is the nim-sum of the
// values of its parts (paper 004), checked on compiled product games.
func TestSumIsNimSum(t *testing.T) {
	for seed := uint64(0); seed < 20; seed++ {
		a, b := randomDAG(12, seed), randomDAG(9, seed+100)
		ta, _ := grundy.SolveGame(a)
		tb, _ := grundy.SolveGame(b)
		ts, err := grundy.SolveGame(game.Sum{a, b})
		if err != nil {
			t.Fatal(err)
		}
		if got, want := ts.Value(game.Start), ta.Value(game.Start)^tb.Value(game.Start); got != want {
			t.Fatalf("seed %d: sum value %d, nim-sum %d", seed, got, want)
		}
	}
}

// The optimal line: the winner always moves to value 0, and the line ends
// at a terminal position reached by the winner's move.
func TestLine(t *testing.T) {
	for seed := uint64(0); seed < 30; seed++ {
		tab, _ := grundy.SolveGame(randomDAG(50, seed))
		sol := tab.Solution(seed, 0)
		winnerMoves := sol.Winner == 1
		for i, st := range sol.Line[1:] {
			moverIsWinner := (i%2 == 0) == winnerMoves
			if moverIsWinner && st.SG != 0 {
				t.Fatalf("seed %d: winner moved to value %d", seed, st.SG)
			}
		}
		if last := sol.Line[len(sol.Line)-1]; last.SG != 0 {
			t.Fatalf("line ends at value %d", last.SG)
		}
		if (len(sol.Line)%2 == 1) != (sol.Winner == 2) {
			t.Fatalf("seed %d: line of %d steps, winner %d", seed, len(sol.Line), sol.Winner)
		}
	}
}

func TestDataFrame(t *testing.T) {
	tab, _ := grundy.SolveGame(randomDAG(20, 3))
	df := tab.DataFrame()
	if df.Nrow() != tab.Graph.NumVertices() || df.Ncol() != 4 {
		t.Fatalf("%d x %d", df.Nrow(), df.Ncol())
	}
	sg, _ := df.Col("sg").Int()
	for v, x := range sg {
		if x != tab.Value(int32(v)) {
			t.Fatalf("row %d sg %d", v, x)
		}
	}
}
