package grundy

import (
	"context"
	"fmt"
	"iter"
	"runtime"

	"github.com/coevolab/coevo/engine/game"
)

// IndexTable holds the Sprague-Grundy value of every position of an
// indexed game (game.Indexed), by index: SG[i] is the value of the
// position of index i. It is what SolveIndexed computes without building
// the game's graph.
type IndexTable struct {
	Game game.Indexed
	SG   []int32
	// Moves is the number of moves of all positions (the edges a graph
	// of the whole index space would have).
	Moves int64
}

// Start returns the index of the start position.
func (t *IndexTable) Start() int64 { return t.Game.Index(t.Game.Start()) }

// Value returns the Sprague-Grundy value of the position of index i.
func (t *IndexTable) Value(i int64) int { return int(t.SG[i]) }

// Outcome returns the outcome class of the position of index i.
func (t *IndexTable) Outcome(i int64) Outcome { return OutcomeOf(int(t.SG[i])) }

// Lookup returns the index of an encoded position, if it is one.
func (t *IndexTable) Lookup(p []byte) (int64, bool) {
	i := t.Game.Index(p)
	return i, i >= 0 && i < int64(len(t.SG))
}

// Format renders the position of index i with the game's Format.
func (t *IndexTable) Format(i int64) string { return t.Game.Format(t.Game.AppendPosition(nil, i)) }

// Followers returns the indices of the followers of position i.
func (t *IndexTable) Followers(i int64) []int64 { return t.Game.AppendFollowers(nil, i) }

// WinningMoves returns the followers of position i with value 0: the moves
// that win with optimal play thereafter.
func (t *IndexTable) WinningMoves(i int64) []int64 {
	var w []int64
	for _, j := range t.Followers(i) {
		if t.SG[j] == 0 {
			w = append(w, j)
		}
	}
	return w
}

// Solution returns the value of the start, its winner and an optimal line
// of at most maxSteps steps, the line Table.Solution plays on the game's
// graph for the same seed.
func (t *IndexTable) Solution(seed uint64, maxSteps int) Solution {
	sg := int(t.SG[t.Start()])
	line, complete := takeSteps(t.Steps(seed), maxSteps)
	return Solution{SG: sg, Winner: Winner(sg), Line: line, Truncated: !complete}
}

// Steps yields the steps of the line Solution plays, one at a time, to
// the end of the game.
func (t *IndexTable) Steps(seed uint64) iter.Seq[Step] {
	return playLine(seed, t.Start(), func(i int64) int32 { return t.SG[i] }, t.Followers, t.Format)
}

// IndexOptions control SolveIndexed.
type IndexOptions struct {
	// MaxPositions bounds the index space; 0 means game.DefaultMaxPositions.
	MaxPositions int
	// Workers list followers ahead in parallel (0: GOMAXPROCS); the values
	// are computed in index order and do not depend on it.
	Workers int
	// Progress, if not nil, is called every million positions or so with
	// the number solved so far.
	Progress func(positions int)
}

// NotDescendingError reports an indexed game with a move that does not
// lower the index, which SolveIndexed needs (compile such games instead).
type NotDescendingError struct {
	From, To string // the positions, formatted
	I, J     int64  // their indices
}

func (e *NotDescendingError) Error() string {
	return fmt.Sprintf("position %q (index %d) moves to %q (index %d): solving by index needs every move to lower the index; compile the game instead", e.From, e.I, e.To, e.J)
}

// SolveIndexed computes the value of every position of g, reachable from
// the start or not, in increasing index order: when every move lowers the
// index, a position's followers are solved before it. No graph is built:
// followers are listed on the fly (by other goroutines, ahead), so memory
// is one int32 per index (Chomp 13 x 13: 10.4 million positions and about
// 870 million moves in 42 MB). A move that does not lower the index is a
// *NotDescendingError.
func SolveIndexed(ctx context.Context, g game.Indexed, opt IndexOptions) (*IndexTable, error) {
	size := g.Size()
	maxPos := opt.MaxPositions
	if maxPos <= 0 {
		maxPos = game.DefaultMaxPositions
	}
	if size <= 0 {
		return nil, fmt.Errorf("game has no index (Size 0); compile it instead")
	}
	if size > int64(maxPos) {
		// Refused before anything is allocated: the values take 4 bytes
		// an index.
		return nil, &game.TooLargeError{What: "positions", Limit: maxPos, Total: size, Bytes: 4 * size}
	}
	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	sg := make([]int32, size)
	// mark[x] == i: some follower of position i has value x.
	mark := make([]int64, 64)
	for k := range mark {
		mark[k] = -1
	}
	moves := int64(0)
	err := game.EachFollowers(ctx, g, size, workers, func(i int64, fol []int64) error {
		moves += int64(len(fol))
		for len(fol)+2 > len(mark) {
			mark = append(mark, -1)
		}
		for _, j := range fol {
			if uint64(j) >= uint64(i) {
				return notDescending(g, i, j)
			}
			if x := sg[j]; int(x) <= len(fol) {
				mark[x] = i
			}
		}
		m := int32(0)
		for mark[m] == i {
			m++
		}
		sg[i] = m
		if opt.Progress != nil && i&(1<<20-1) == 0 {
			opt.Progress(int(i))
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if opt.Progress != nil {
		opt.Progress(int(size))
	}
	return &IndexTable{Game: g, SG: sg, Moves: moves}, nil
}

func notDescending(g game.Indexed, i, j int64) error {
	e := &NotDescendingError{From: g.Format(g.AppendPosition(nil, i)), I: i, J: j, To: "?"}
	if j >= 0 && j < g.Size() {
		e.To = g.Format(g.AppendPosition(nil, j))
	}
	return e
}
