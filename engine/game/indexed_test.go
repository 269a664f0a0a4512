package game_test

import (
	"context"
	"encoding/binary"
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/coevolab/coevo/engine/game"
)

// toy is an indexed game over positions 0..n-1 (8-byte encodings) whose
// followers are given as indices.
type toy struct {
	n, start int64
	fol      func(i int64) []int64
}

func enc(i int64) []byte { return binary.LittleEndian.AppendUint64(nil, uint64(i)) }

func (t toy) Start() []byte { return enc(t.start) }
func (t toy) Moves(p []byte, yield func([]byte)) {
	for _, j := range t.fol(int64(binary.LittleEndian.Uint64(p))) {
		yield(enc(j))
	}
}
func (t toy) Format(p []byte) string { return strconv.FormatUint(binary.LittleEndian.Uint64(p), 10) }
func (t toy) Size() int64            { return t.n }
func (t toy) Index(p []byte) int64 {
	if len(p) != 8 || binary.LittleEndian.Uint64(p) >= uint64(t.n) {
		return -1
	}
	return int64(binary.LittleEndian.Uint64(p))
}
func (t toy) AppendPosition(dst []byte, i int64) []byte {
	return binary.LittleEndian.AppendUint64(dst, uint64(i))
}
func (t toy) AppendFollowers(dst []int64, i int64) []int64 { return append(dst, t.fol(i)...) }

// mix is a fixed pseudo-random function of i and k.
func mix(i int64, k int) uint64 {
	x := uint64(i)*0x9e3779b97f4a7c15 + uint64(k)*0xbf58476d1ce4e5b9
	x ^= x >> 31
	x *= 0x94d049bb133111eb
	return x ^ x>>29
}

// dag is a random acyclic game on n positions. Its moves lower the index,
// or, when shuffled, lower the rank of positions under a permutation, so
// that the index is no order.
func dag(n int64, shuffled bool) toy {
	pos := make([]int64, n) // the position of each rank
	rank := make([]int64, n)
	for r := range pos {
		pos[r] = int64(r)
		if shuffled {
			pos[r] = int64(r) * 7 % n // n is not a multiple of 7
		}
		rank[pos[r]] = int64(r)
	}
	return toy{n: n, start: pos[n-1], fol: func(i int64) []int64 {
		r := rank[i]
		var out []int64
		for k := 0; k < int(mix(i, 99)%7) && r > 0; k++ {
			out = append(out, pos[mix(i, k)%uint64(r)])
		}
		return out
	}}
}

func TestIndexedSameGraphAnyWorkers(t *testing.T) {
	for _, g := range []toy{dag(50_000, false), dag(50_000, true)} {
		want, err := game.Compile(game.Unindexed(g))
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range []int{1, 2, 3, 7} {
			got, err := game.CompileContext(context.Background(), g, game.Options{Workers: w})
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got.Offsets, want.Offsets) || !slices.Equal(got.Edges, want.Edges) {
				t.Fatalf("%d workers: the CSR differs from the hashed graph's", w)
			}
			for v := int32(0); v < int32(got.NumVertices()); v += 97 {
				if got.Format(v) != want.Format(v) {
					t.Fatalf("vertex %d: %s, hashed %s", v, got.Format(v), want.Format(v))
				}
			}
			seen := make([]bool, got.NumVertices())
			for _, v := range got.Order {
				for _, u := range got.Followers(v) {
					if !seen[u] {
						t.Fatalf("%d workers: vertex %d ordered before its follower %d", w, v, u)
					}
				}
				seen[v] = true
			}
		}
	}
}

func TestIndexedErrors(t *testing.T) {
	ctx := context.Background()
	cyc := toy{n: 10, fol: func(i int64) []int64 { return []int64{(i + 1) % 10} }}
	var ce *game.CycleError
	if _, err := game.Compile(cyc); !errors.As(err, &ce) || len(ce.Cycle) != 10 {
		t.Fatalf("cycle: %v", err)
	}
	big := dag(5000, false)
	var te *game.TooLargeError
	if _, err := game.CompileContext(ctx, big, game.Options{MaxPositions: 100}); !errors.As(err, &te) || te.What != "positions" {
		t.Fatalf("position budget: %v", err)
	}
	if _, err := game.CompileContext(ctx, big, game.Options{MaxMoves: 100}); !errors.As(err, &te) || te.What != "moves" {
		t.Fatalf("move budget: %v", err)
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := game.CompileContext(cancelled, big, game.Options{}); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled: %v", err)
	}
	out := toy{n: 10, start: 3, fol: func(i int64) []int64 { return []int64{i + 20} }}
	if _, err := game.Compile(out); err == nil || !strings.Contains(err.Error(), `"3"`) || !strings.Contains(err.Error(), "23") {
		t.Fatalf("follower out of range: %v", err)
	}
	badStart := toy{n: 10, start: 12, fol: func(int64) []int64 { return nil }}
	if _, err := game.Compile(badStart); err == nil || !strings.Contains(err.Error(), "start") {
		t.Fatalf("start out of range: %v", err)
	}
	calls := 0
	fickle := toy{n: 3, start: 2, fol: func(i int64) []int64 {
		if i == 2 {
			calls++
			if calls > 1 {
				return []int64{1}
			}
		}
		if i > 0 {
			return []int64{i - 1, 0}
		}
		return nil
	}}
	if _, err := game.CompileContext(ctx, fickle, game.Options{Workers: 1}); err == nil || !strings.Contains(err.Error(), "AppendFollowers") {
		t.Fatalf("followers changing between calls: %v", err)
	}
}

// A few positions spread over a huge index space are compiled by hashing
// rather than through a table of pages that would mostly stay empty.
func TestSparseIndexFallsBack(t *testing.T) {
	const n = 1 << 32
	g := toy{n: n, start: n - 1, fol: func(i int64) []int64 {
		if i < 1<<16 {
			return nil
		}
		return []int64{i - 1<<16}
	}}
	got, err := game.Compile(g)
	if err != nil {
		t.Fatal(err)
	}
	want, err := game.Compile(game.Unindexed(g))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got.Offsets, want.Offsets) || !slices.Equal(got.Edges, want.Edges) || got.NumVertices() < 1000 {
		t.Fatalf("%d vertices; differs from the hashed graph", got.NumVertices())
	}
}

// VerifyIndex catches an index that disagrees with the moves.
func TestVerifyIndex(t *testing.T) {
	g := dag(300, false)
	if err := game.VerifyIndex(g, game.Options{}); err != nil {
		t.Fatal(err)
	}
	bad := toyWrongFollowers{g}
	if err := game.VerifyIndex(bad, game.Options{}); err == nil || !strings.Contains(err.Error(), "follower") {
		t.Fatalf("wrong followers: %v", err)
	}
	dup := toyDuplicate{g}
	if err := game.VerifyIndex(dup, game.Options{}); err == nil || !strings.Contains(err.Error(), "index 1") {
		t.Fatalf("shared index: %v", err)
	}
}

// toyWrongFollowers lists the followers in reverse.
type toyWrongFollowers struct{ toy }

func (t toyWrongFollowers) AppendFollowers(dst []int64, i int64) []int64 {
	n := len(dst)
	dst = t.toy.AppendFollowers(dst, i)
	slices.Reverse(dst[n:])
	if len(dst)-n == 1 {
		dst[n]++
	}
	return dst
}

// toyDuplicate gives positions 1 and 2 the same index.
type toyDuplicate struct{ toy }

func (t toyDuplicate) Index(p []byte) int64 {
	i := t.toy.Index(p)
	if i == 2 {
		return 1
	}
	return i
}

// EachFollowers visits every index in order with its followers, for any
// number of workers, and stops at the first error.
func TestEachFollowers(t *testing.T) {
	g := dag(20_000, false)
	for _, w := range []int{1, 2, 5} {
		next := int64(0)
		err := game.EachFollowers(context.Background(), g, g.n, w, func(i int64, fol []int64) error {
			if i != next || !slices.Equal(fol, g.fol(i)) {
				t.Fatalf("%d workers: got index %d with %v, want %d with %v", w, i, fol, next, g.fol(next))
			}
			next++
			return nil
		})
		if err != nil || next != g.n {
			t.Fatalf("%d workers: stopped at %d: %v", w, next, err)
		}
		stop := errors.New("stop")
		err = game.EachFollowers(context.Background(), g, g.n, w, func(i int64, _ []int64) error {
			if i == 4321 {
				return stop
			}
			if i > 4321 {
				t.Fatalf("called after the error, at %d", i)
			}
			return nil
		})
		if err != stop {
			t.Fatalf("error %v", err)
		}
	}
}
