package game

import (
	"bytes"
	"context"
	"fmt"
)

// Indexed is implemented by games that number their own positions: a
// perfect index maps the positions one to one onto the integers
// [0, Size()). Compile then keeps vertex ids in a table instead of hashing
// encodings, and generates followers as indices (no encoding at all), which
// makes it several times faster; the graph it builds is the one the hash
// path builds, vertex for vertex.
//
// When every move leads to a smaller index (as in Chomp, Turning Turtles,
// Silver Dollar and subtraction games), increasing index order visits
// followers first, and package grundy can solve the game by index without
// building its graph at all (grundy.SolveIndexed).
type Indexed interface {
	Game
	// Size returns the number of positions: indices run over [0, Size).
	// Every index in that range is a position of the game, reachable from
	// the start or not. Size returns 0 when this instance has no index
	// (Compile then hashes positions).
	Size() int64
	// Index returns the index of the encoded position p, or -1 if p does
	// not encode a position.
	Index(p []byte) int64
	// AppendPosition appends the encoding of the position of index i.
	AppendPosition(dst []byte, i int64) []byte
	// AppendFollowers appends the indices of the followers of position i,
	// in the order in which Moves yields them.
	AppendFollowers(dst []int64, i int64) []int64
}

// Counted is implemented by games that know, before exploring, how many
// positions are reachable from their start (in Chomp, every board but the
// empty one). Compile refuses at once a game with more positions than its
// budget, with a *TooLargeError giving the count and the least memory a
// graph of them takes, instead of exploring up to the budget first.
type Counted interface {
	Game
	// Positions returns the number of positions reachable from the start,
	// or a lower bound on it; 0 when unknown.
	Positions() int64
}

// MoveCounter is implemented by games that can count a position's moves
// without listing them (a rule game whose moves subtract a ranged
// variable, as Nim's do). Exploring by hashing adds the counts of the
// positions it has found but not yet explored to the moves it has listed:
// a lower bound on the moves of the whole game, which refuses a game with
// more moves than the budget as soon as their positions are found, not
// after listing the budget's worth of moves one by one.
type MoveCounter interface {
	Game
	// MovesAtLeast returns a lower bound on the number of moves Moves
	// yields from p (every yield counts); 0 when unknown.
	MovesAtLeast(p []byte) int64
}

// refuseCounted returns a *TooLargeError when g says it has more positions
// than opt's budget, nil otherwise.
func refuseCounted(g Game, opt Options) error {
	maxPos, _ := opt.limits()
	c, ok := g.(Counted)
	if !ok {
		return nil
	}
	n := c.Positions()
	if n <= int64(maxPos) {
		return nil
	}
	// Without moves, the least a graph of n positions takes, by the path
	// Compile would take (float: n may be near 2^62).
	var b float64
	if ig, ok := indexOf(g); ok {
		b = 4*float64(n) + 8*float64(ig.Size()/pageSize) + 18*float64(n)
	} else {
		b = float64(len(g.Start())+90) * float64(n)
	}
	return &TooLargeError{What: "positions", Limit: maxPos, Total: n, Bytes: int64(min(b, 9e18))}
}

// Unindexed returns g without its index (the same start, moves and
// format), so that Compile hashes its positions: to compare the two paths,
// or to check a new index against hashing.
func Unindexed(g Game) Game {
	return Func{StartPos: g.Start(), MovesFunc: g.Moves, FormatFunc: g.Format}
}

// MaxIndexSize bounds the index space Compile uses a table for; larger
// indexed games are compiled by hashing, like any game.
const MaxIndexSize = 1 << 32

// indexOf returns g's index when it has a usable one.
func indexOf(g Game) (Indexed, bool) {
	ig, ok := g.(Indexed)
	if !ok {
		return nil, false
	}
	n := ig.Size()
	return ig, n > 0 && n <= MaxIndexSize
}

// vertexTable maps game indices to vertex ids + 1 (0: not seen), in pages
// allocated on first use, so that an index space much larger than the set
// of reachable positions costs little.
type vertexTable struct {
	pages []*[pageSize]int32
	used  int // pages allocated
}

const (
	pageBits = 12
	pageSize = 1 << pageBits
)

func newVertexTable(size int64) *vertexTable {
	return &vertexTable{pages: make([]*[pageSize]int32, (size+pageSize-1)>>pageBits)}
}

// get returns the vertex of index i, or -1.
func (t *vertexTable) get(i int64) int32 {
	p := t.pages[i>>pageBits]
	if p == nil {
		return -1
	}
	return p[i&(pageSize-1)] - 1
}

// set records that index i is vertex v.
func (t *vertexTable) set(i int64, v int32) {
	p := t.pages[i>>pageBits]
	if p == nil {
		p = new([pageSize]int32)
		t.pages[i>>pageBits] = p
		t.used++
	}
	p[i&(pageSize-1)] = v + 1
}

// VerifyIndex checks that g's index agrees with its encoding and moves at
// every position reachable from the start: Index and AppendPosition are
// inverse, indices lie in [0, Size), distinct positions have distinct
// indices, and AppendFollowers lists the indices of the positions Moves
// yields, in the same order. It explores by hashing, so use it on small
// instances, in tests of a new Indexed game. The first disagreement is
// returned as an error naming the position.
func VerifyIndex(g Indexed, opt Options) error {
	gr, err := compileHashed(context.Background(), g, opt)
	if err != nil {
		return err
	}
	size := g.Size()
	seen := make(map[int64]int32, gr.NumVertices())
	var pos []byte
	var fol []int64
	for v := int32(0); v < int32(gr.NumVertices()); v++ {
		p := gr.Position(v)
		i := g.Index(p)
		if i < 0 || i >= size {
			return fmt.Errorf("position %q: index %d outside [0, %d)", g.Format(p), i, size)
		}
		if w, dup := seen[i]; dup {
			return fmt.Errorf("positions %q and %q share index %d", gr.Format(w), g.Format(p), i)
		}
		seen[i] = v
		if pos = g.AppendPosition(pos[:0], i); !bytes.Equal(pos, p) {
			return fmt.Errorf("position %q has index %d, which decodes to %q", g.Format(p), i, g.Format(pos))
		}
		fol = g.AppendFollowers(fol[:0], i)
		fs := gr.Followers(v)
		if len(fol) != len(fs) {
			return fmt.Errorf("position %q: %d follower indices, %d moves", g.Format(p), len(fol), len(fs))
		}
		for k, w := range fs {
			if want := g.Index(gr.Position(w)); fol[k] != want {
				return fmt.Errorf("position %q: follower %d has index %d, AppendFollowers gives %d", g.Format(p), k+1, want, fol[k])
			}
		}
	}
	return nil
}
