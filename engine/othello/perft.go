package othello

import (
	"context"
	"fmt"
	"math/bits"
	"runtime"
	"sync"
	"sync/atomic"
)

// Perft counts the leaves of the game tree below b at the given depth,
// from any position (Replay(record).Final, ParseBoard(text) or Start()),
// with the conventions of the published Othello perft tables: a pass
// counts as a move (it uses one ply of depth), and a finished game is a
// leaf whatever depth remains. From the start, depths 1-12 give 4, 12,
// 56, 244, 1396, 8200, 55092, 390216, 3005288, 24571284, 212258800,
// 1939886636. An invalid board (a square of both sides, no side to move)
// counts 0; PerftContext says why.
func Perft(b Board, depth int) int64 {
	n, _ := PerftContext(context.Background(), b, depth, 1)
	return n
}

// PerftContext is Perft over workers goroutines (0: GOMAXPROCS), which
// stops early with ctx.Err() when ctx is cancelled.
func PerftContext(ctx context.Context, b Board, depth, workers int) (int64, error) {
	if depth < 0 {
		return 0, fmt.Errorf("othello: perft depth %d is negative", depth)
	}
	if err := b.check(); err != nil {
		return 0, err
	}
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	p, o := b.mover()
	if depth < 8 || workers == 1 && depth < 10 {
		return perft(p, o, depth, false, nil), ctx.Err()
	}
	// Split the tree at depth 3 (about 56 subtrees from the start): each
	// is counted sequentially, checking ctx between subtrees.
	var roots [][2]uint64
	var passes []bool
	var leaves int64
	var split func(p, o uint64, d int, passed bool)
	split = func(p, o uint64, d int, passed bool) {
		if d == depth-3 || d == 0 {
			roots, passes = append(roots, [2]uint64{p, o}), append(passes, passed)
			return
		}
		m := moves(p, o)
		if m == 0 {
			if passed {
				leaves++
				return
			}
			split(o, p, d-1, true)
			return
		}
		for ; m != 0; m &= m - 1 {
			s := uint(bits.TrailingZeros64(m))
			f := flips(p, o, s)
			split(o&^f, p|f|1<<s, d-1, false)
		}
	}
	split(p, o, depth, false)
	var total atomic.Int64
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1)) - 1
				if i >= len(roots) || ctx.Err() != nil {
					return
				}
				total.Add(perft(roots[i][0], roots[i][1], depth-3, passes[i], ctx.Done()))
			}
		}()
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	return leaves + total.Load(), nil
}

// perft counts leaves at depth d below the position where the player with
// discs p moves against o; passed says the previous move was a pass. It
// returns early, with a count to discard, once done is closed: a subtree
// of depth 11 or more takes seconds to minutes, so done is looked at in
// every subtree of depth perftCheck or more (some 4·10^5 leaves each).
func perft(p, o uint64, d int, passed bool, done <-chan struct{}) int64 {
	if d == 0 {
		return 1
	}
	if d >= perftCheck && done != nil {
		select {
		case <-done:
			return 0
		default:
		}
	}
	m := moves(p, o)
	if m == 0 {
		if passed {
			return 1 // neither side can move: the game is over
		}
		return perft(o, p, d-1, true, done)
	}
	if d == 1 {
		return int64(bits.OnesCount64(m))
	}
	var n int64
	for ; m != 0; m &= m - 1 {
		s := uint(bits.TrailingZeros64(m))
		f := flips(p, o, s)
		n += perft(o&^f, p|f|1<<s, d-1, false, done)
	}
	return n
}

const perftCheck = 8
