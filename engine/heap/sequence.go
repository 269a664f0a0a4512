package heap

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"
)

// MaxSequence bounds the length of a computed nim-sequence (4 bytes each).
const MaxSequence = 1 << 30

// Sequence returns the nim-sequence g(0..n) of r: the Sprague-Grundy
// values of single heaps of every size up to n.
func (r *Rule) Sequence(n int) (NimSequence, error) {
	return r.SequenceContext(context.Background(), n, nil)
}

// SequenceContext is Sequence with cancellation and a progress callback,
// called now and then with the number of values computed. When ctx is
// done it returns the values known so far and ctx's error.
func (r *Rule) SequenceContext(ctx context.Context, n int, progress func(done int)) (NimSequence, error) {
	a, err := r.Analyze(ctx, n, AnalyzeOptions{Progress: progress})
	if a == nil {
		return nil, err
	}
	return a.Values, err
}

// NaiveSequence computes g(0..n) directly from the definition, in time
// proportional to the number of options of every heap (O(n^2) for games
// that split heaps). It is the reference the fast method is tested against.
func (r *Rule) NaiveSequence(n int) ([]int32, error) {
	if n < 0 || n >= MaxSequence {
		return nil, fmt.Errorf("%s: heap size %d out of range [0, %d)", r.name, n, MaxSequence)
	}
	a, err := r.naive(context.Background(), n, AnalyzeOptions{ComputeAll: true})
	return a.Values, err
}

// naive is Analyze by the definition: linear in n for rules that never
// split a heap (each heap has at most MaxRemove options).
func (r *Rule) naive(ctx context.Context, n int, o AnalyzeOptions) (*Analysis, error) {
	size := n + 1 // the whole result at once, unless the run may stop early
	if o.StopAtPeriod {
		size = min(n+1, max(1<<16, len(o.Resume)))
	}
	g := make([]int32, size)
	from := copy(g, o.Resume)
	from = max(from, 1) // g(0) = 0
	watch := newPeriodWatch(r)
	if o.ComputeAll && !o.StopAtPeriod {
		watch.next = -1
	}
	if watch.next >= 0 {
		watch.next = max(watch.next, from+1)
	}
	var mark []int
	lastSave := time.Now()
	a := &Analysis{Method: "definition"}
	for i := from; i <= n; i++ {
		if i&0x3ff == 0 {
			if err := ctx.Err(); err != nil {
				a.Values, a.Computed, a.Period = g[:i], i, Periodicity{Checked: i}
				if o.Checkpoint != nil {
					err = errors.Join(err, o.Checkpoint(func(w io.Writer) error { return r.WriteCheckpoint(w, a.Values) }))
				}
				if o.SummaryOnly {
					a.Values = nil
				}
				return a, err
			}
			if o.Progress != nil {
				o.Progress(i)
			}
			if o.Checkpoint != nil && time.Since(lastSave) >= o.CheckpointEvery {
				done := g[:i]
				if err := o.Checkpoint(func(w io.Writer) error { return r.WriteCheckpoint(w, done) }); err != nil {
					return nil, err
				}
				lastSave = time.Now()
			}
		}
		if i == len(g) {
			g = append(g, make([]int32, min(len(g), n+1-len(g)))...)
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
		if p, ok := look(&watch, g, i+1); ok {
			a.Period, a.Computed = p, i+1
			switch {
			case o.SummaryOnly:
			case o.StopAtPeriod:
				a.Values = g[:i+1]
			default:
				g = append(g, make([]int32, n+1-len(g))...)
				for j := i + 1; j <= n; j++ {
					g[j] = g[j-p.Period]
				}
				a.Values = g
			}
			return a, nil
		}
	}
	a.Computed, a.Period = n+1, r.Period(g)
	if !o.SummaryOnly {
		a.Values = g
	}
	return a, nil
}
