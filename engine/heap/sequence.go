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
	a, err := r.naive(context.Background(), n, AnalyzeOptions{ComputeAll: true}, nil)
	return a.Values, err
}

// naive is Analyze by the definition: linear in n for rules that never
// split a heap (each heap has at most MaxRemove options).
func (r *Rule) naive(ctx context.Context, n int, o AnalyzeOptions, ck *checkpointReader) (*Analysis, error) {
	resumed := len(o.Resume)
	if ck != nil {
		resumed = min(ck.count, n+1)
	}
	size := n + 1 // the whole result at once, unless the run may stop early
	if o.StopAtPeriod || o.Emit != nil {
		size = min(n+1, max(1<<16, resumed))
	}
	g := make([]int32, size)
	from := copy(g, o.Resume)
	if ck != nil {
		err := ck.read(func(raw []byte, at int) {
			if at < resumed {
				ck.decode(g[at:min(resumed, at+len(raw)/ck.width)], raw)
			}
		})
		if err != nil {
			return nil, err
		}
		from = resumed
	}
	from = max(from, 1) // g(0) = 0
	watch := newPeriodWatch(r)
	if o.ComputeAll && !o.StopAtPeriod {
		watch.next = -1
	}
	if watch.next >= 0 {
		watch.next = max(watch.next, from+1)
	}
	var mark []int
	var ticks ticker
	emitted := 0
	lastSave := time.Now()
	a := &Analysis{Method: "definition"}
	// finish returns a with the values g(0..computed-1), and those the
	// period p gives up to n, in Values or to the Emit option.
	finish := func(computed int, err error) (*Analysis, error) {
		a.Computed = computed
		done := g[:computed]
		switch {
		case o.Emit != nil:
			eerr := emitSequence(ctx, o.Emit, done, emitted, a.Period, n, err == nil && !o.StopAtPeriod)
			if eerr != nil && err == nil && ctx.Err() != nil && o.Checkpoint != nil {
				// Stopped while the period's values went out: the values
				// computed are saved, as on any interruption.
				eerr = errors.Join(eerr, o.Checkpoint(func(w io.Writer) error { return r.WriteCheckpoint(w, done) }))
			}
			err = errors.Join(err, eerr)
		case o.SummaryOnly:
		case err == nil && a.Period.Found && !o.StopAtPeriod:
			g = append(g[:computed], make([]int32, n+1-computed)...)
			for j := computed; j <= n; j++ {
				g[j] = g[j-a.Period.Period]
			}
			a.Values = g
		default:
			a.Values = done
		}
		return a, err
	}
	for i := from; i <= n; i++ {
		if i&0x3ff == 0 {
			if err := ctx.Err(); err != nil {
				a.Period = Periodicity{Checked: i}
				if o.Checkpoint != nil {
					err = errors.Join(err, o.Checkpoint(func(w io.Writer) error { return r.WriteCheckpoint(w, g[:i]) }))
				}
				return finish(i, err)
			}
			if (o.Progress != nil || o.Emit != nil) && ticks.due() {
				if o.Progress != nil {
					o.Progress(i)
				}
				if o.Emit != nil {
					if err := emitSequence(ctx, o.Emit, g[:i], emitted, Periodicity{}, 0, false); err != nil {
						return nil, err
					}
					emitted = i
				}
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
			a.Period = p
			return finish(i+1, nil)
		}
	}
	a.Period = r.Period(g[:n+1])
	return finish(n+1, nil)
}

// emitSequence gives emit the values of g from from on, then, when fill
// is set and p is a proved period, the values up to n that it gives,
// until ctx is done.
func emitSequence(ctx context.Context, emit func(int, []int32) error, g []int32, from int, p Periodicity, n int, fill bool) error {
	for from < len(g) {
		c := g[from:min(len(g), from+emitChunk)]
		if err := emit(from, c); err != nil {
			return err
		}
		from += len(c)
	}
	if !fill || !p.Found {
		return nil
	}
	buf := make([]int32, emitChunk)
	for from <= n {
		if err := ctx.Err(); err != nil {
			return err
		}
		c := buf[:min(emitChunk, n+1-from)]
		for k := range c {
			c[k] = g[len(g)-p.Period+(from+k-len(g))%p.Period]
		}
		if err := emit(from, c); err != nil {
			return err
		}
		from += len(c)
	}
	return nil
}
