package heap

import (
	"context"
	"fmt"
)

// MaxSequence bounds the length of a computed nim-sequence (4 bytes each).
const MaxSequence = 1 << 30

// Sequence returns the nim-sequence g(0..n) of r: the Sprague-Grundy
// values of single heaps of every size up to n.
func (r *Rule) Sequence(n int) (NimSequence, error) {
	return r.SequenceContext(context.Background(), n, nil)
}

// SequenceContext is Sequence with cancellation and a progress callback,
// called now and then with the number of values computed.
func (r *Rule) SequenceContext(ctx context.Context, n int, progress func(done int)) (NimSequence, error) {
	if n < 0 || n >= MaxSequence {
		return nil, fmt.Errorf("%s: heap size %d out of range [0, %d)", r.name, n, MaxSequence)
	}
	switch {
	case r.nim:
		g := make([]int32, n+1)
		for i := range g {
			g[i] = int32(i)
		}
		return g, nil
	case r.Splits():
		g, _, err := r.sparse(ctx, n, progress, sparseOpts{})
		return g, err
	default:
		return r.naive(ctx, n, progress)
	}
}

// NaiveSequence computes g(0..n) directly from the definition, in time
// proportional to the number of options of every heap (O(n^2) for games
// that split heaps). It is the reference the fast method is tested against.
func (r *Rule) NaiveSequence(n int) ([]int32, error) {
	if n < 0 || n >= MaxSequence {
		return nil, fmt.Errorf("%s: heap size %d out of range [0, %d)", r.name, n, MaxSequence)
	}
	return r.naive(context.Background(), n, nil)
}

func (r *Rule) naive(ctx context.Context, n int, progress func(int)) ([]int32, error) {
	g := make([]int32, n+1)
	var mark []int
	for i := 0; i <= n; i++ {
		if i&0x3ff == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			if progress != nil {
				progress(i)
			}
		}
		stamp := i + 1
		r.Options(i, func(a, b int) bool {
			x := int(g[a] ^ g[b])
			for x >= len(mark) {
				mark = append(mark, 0)
			}
			mark[x] = stamp
			return true
		})
		m := 0
		for m < len(mark) && mark[m] == stamp {
			m++
		}
		g[i] = int32(m)
	}
	return g, nil
}
