package main

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// Chomp is solved by its index, without building its graph. On a square
// board, taking the square diagonally next to the poison leaves an L with
// equal arms, a P-position (the second player mirrors every move, as in
// Nim with two equal heaps), so it is a winning move.
func TestSolveByIndex(t *testing.T) {
	out, errs, st := coevo("solve", "chomp", "--rows", "6", "--cols", "6", "--json")
	if st != 0 {
		t.Fatalf("status %d: %s", st, errs)
	}
	var r solveResult
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(r.Method, "index") || r.Positions != 924 || r.Winner != 1 || !slices.Contains(r.WinningMoves, "6 1 1 1 1 1") {
		t.Fatalf("%+v", r)
	}
	// GA1 has an index but its moves raise the entropy, not lower the
	// index: it is compiled.
	out, _, st = coevo("solve", "ga1", "--bits", "0011101", "--json")
	if st != 0 || !strings.Contains(out, `"method":"graph of`) {
		t.Fatalf("status %d: %s", st, out)
	}
}
