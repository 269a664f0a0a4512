package heap

import (
	"context"
	"fmt"
	"io"
	"time"
)

// Analysis is what Analyze finds out about the nim-sequence of a rule.
type Analysis struct {
	// Values are g(0), g(1), ...: up to the n asked for, or fewer when the
	// run stopped early (a proved period with StopAtPeriod, or a
	// cancellation).
	Values NimSequence
	// Period is the smallest period the Guy-Smith criterion proves from
	// the computed values, if any (never for Nim and Grundy's game).
	Period Periodicity
	// Computed is how many values were computed, or taken from Resume;
	// the values past it repeat the proved period.
	Computed int
	// Rare is the number of rare heaps (of size >= 1) under the mask in
	// use at the end, and ValueMask and HeapParity that mask (sparse space
	// only: Method tells).
	Rare       int
	ValueMask  uint32
	HeapParity bool
	Method     string // "sparse space", "definition" or "nim"
}

// AnalyzeOptions adjust Analyze; the zero value computes every value
// and repeats a proved period.
type AnalyzeOptions struct {
	// Progress, if set, is called now and then (at most ten times a
	// second) with the number of values known.
	Progress func(done int)
	// Emit, if set, is given the values in order as they become final, a
	// chunk at a time (now and then while the run goes on, and the rest
	// at its end): g(from), g(from+1), ..., in a slice reused after the
	// call. The run then keeps the values only in the 1, 2 or 4 bytes
	// each the method needs, and returns none in Values (as with
	// SummaryOnly); the values a proved period gives are emitted too, up
	// to n unless StopAtPeriod. When ctx is done, the values computed so
	// far are emitted before Analyze returns, and the values of a period
	// stop with ctx's error. An error from Emit ends the run and is
	// returned.
	Emit func(from int, g []int32) error
	// StopAtPeriod ends the run as soon as the Guy-Smith criterion proves
	// a period: Values are then the values the proof needed, and every
	// later one follows from the period.
	StopAtPeriod bool
	// ComputeAll computes every value by the method even after a period
	// is proved, instead of repeating it (for cross-checks and timings).
	ComputeAll bool
	// SummaryOnly returns no values, only what the run found out: values
	// then take the 1 or 2 bytes they need, not the 4 of the result.
	SummaryOnly bool
	// Resume holds values already known, g(0..len-1), e.g. read by
	// ReadCheckpoint; the run continues after them.
	Resume []int32
	// ResumeFrom, if set, is a checkpoint to continue from, in place of
	// Resume: its values go straight into the run's own storage (1, 2 or
	// 4 bytes each), so that resuming takes about the memory of the run
	// that saved them rather than 4 bytes a value more. A checkpoint that
	// cannot be read (see ReadCheckpoint) ends Analyze with a
	// *CheckpointError before any value is computed.
	ResumeFrom io.Reader
	// Checkpoint, if set, is called about every CheckpointEvery (default
	// one minute; longer when saving takes more than a twentieth of that),
	// and once more when ctx is done, with save, which writes the values
	// known so far in the form ReadCheckpoint reads (e.g. through
	// internal/atomicfile).
	Checkpoint      func(save func(io.Writer) error) error
	CheckpointEvery time.Duration
	// Workers is ignored: a run uses one goroutine.
	//
	// Deprecated: a second goroutine that filled the rare pairs of the
	// next heaps ahead lowered the wall time on a free core but raised
	// the CPU time of every run (its hand-offs, and the scheduler's
	// spinning between them); the run is now on one goroutine, which is
	// what the CPU time of a shared machine rewards.
	Workers int
}

// Analyze computes the nim-sequence g(0..n) of r and what can be proved
// of its period. Rules that split heaps use the sparse-space method (see
// the package documentation); the others the definition. When ctx is
// done, the values known so far are returned with ctx's error.
func (r *Rule) Analyze(ctx context.Context, n int, o AnalyzeOptions) (*Analysis, error) {
	if n < 0 || n >= MaxSequence {
		return nil, fmt.Errorf("%s: heap size %d out of range [0, %d)", r.name, n, MaxSequence)
	}
	if len(o.Resume) > n+1 {
		o.Resume = o.Resume[:n+1]
	}
	if o.CheckpointEvery <= 0 {
		o.CheckpointEvery = time.Minute
	}
	var ck *checkpointReader
	if o.ResumeFrom != nil {
		var err error
		if ck, err = r.openCheckpoint(o.ResumeFrom); err != nil {
			return nil, err
		}
		o.Resume = nil
	}
	switch {
	case r.nim:
		if ck != nil {
			// g(n) = n: the checkpoint is only checked.
			if err := ck.read(func([]byte, int) {}); err != nil {
				return nil, err
			}
		}
		a := &Analysis{Period: Periodicity{Checked: n + 1}, Computed: n + 1, Method: "nim"}
		if o.Emit != nil {
			c := make([]int32, min(emitChunk, n+1))
			for from := 0; from <= n; from += len(c) {
				if err := ctx.Err(); err != nil {
					return a, err
				}
				c = c[:min(len(c), n+1-from)]
				for i := range c {
					c[i] = int32(from + i)
				}
				if err := o.Emit(from, c); err != nil {
					return a, err
				}
			}
			return a, nil
		}
		if !o.SummaryOnly {
			a.Values = make([]int32, n+1)
			for i := range a.Values {
				a.Values[i] = int32(i)
			}
		}
		return a, nil
	case r.Splits():
		return r.sparse(ctx, n, runOpts{AnalyzeOptions: o, resume: ck})
	default:
		return r.naive(ctx, n, o, ck)
	}
}

// emitChunk is the most values an Emit call is given.
const emitChunk = 1 << 14

// progressEvery is the least time between two progress reports.
const progressEvery = 100 * time.Millisecond

// ticker says when a progress report is due.
type ticker struct{ last time.Time }

func (t *ticker) due() bool {
	now := time.Now()
	if now.Sub(t.last) < progressEvery {
		return false
	}
	t.last = now
	return true
}

// runOpts are Analyze's options and switches for the tests.
type runOpts struct {
	AnalyzeOptions
	// fixMask, when not zero, is the extended mask used throughout
	// instead of the best one (the method is exact for any mask).
	fixMask uint32
	// narrow, when not zero, are the largest values kept in 1 and 2
	// bytes (every width and both widenings on short sequences).
	narrow [2]int32
	// interleave keeps 16-bit values below 512 in the interleaved tables
	// of larger ones.
	interleave bool
	// resume is the checkpoint of ResumeFrom, its header read.
	resume *checkpointReader
}

// resumeCount is how many values a run resumes from: those of Resume or
// of the checkpoint, at most n+1.
func (o *runOpts) resumeCount(n int) int {
	if o.resume != nil {
		return min(o.resume.count, n+1)
	}
	return len(o.Resume)
}

// periodWatch decides when a run looks for a proved period: at heap
// counts at least 1/8 apart, so that the looks cost O(n) in all, and
// exactly where the best candidate period would be proved if it held on.
type periodWatch struct {
	k      int // largest removal
	splits bool
	next   int // look when this many values are known; -1: never
}

func newPeriodWatch(r *Rule) periodWatch {
	w := periodWatch{k: r.MaxRemove(), splits: r.Splits(), next: 64}
	if r.nim || r.unequal {
		w.next = -1
	}
	return w
}

// look examines g(0..done-1) when it is time and reports a proved period.
func look[T uint8 | uint16 | int32](w *periodWatch, g []T, done int) (Periodicity, bool) {
	if done != w.next {
		return Periodicity{}, false
	}
	p, hint := periodHint(g[:done], w.k, w.splits)
	w.next = done + max(64, done/8)
	if hint > done {
		w.next = min(w.next, hint)
	}
	return p, p.Found
}
