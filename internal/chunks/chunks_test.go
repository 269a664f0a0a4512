package chunks

import (
	"runtime"
	"sync/atomic"
	"testing"
)

// Every index is visited once, in chunks that tile [0, n), whatever the
// number of CPUs.
func TestRun(t *testing.T) {
	for _, procs := range []int{1, 4} {
		old := runtime.GOMAXPROCS(procs)
		for _, c := range []struct{ n, k int }{{0, 3}, {10, 3}, {1000, 16}, {5, 8}} {
			seen := make([]int32, c.n)
			var calls atomic.Int32
			Run(c.n, c.k, func(ch, lo, hi int) {
				calls.Add(1)
				if l, h := Bounds(c.n, c.k, ch); l != lo || h != hi {
					t.Errorf("chunk %d: [%d,%d) vs [%d,%d)", ch, lo, hi, l, h)
				}
				for i := lo; i < hi; i++ {
					atomic.AddInt32(&seen[i], 1)
				}
			})
			for i, s := range seen {
				if s != 1 {
					t.Fatalf("n=%d k=%d: index %d visited %d times", c.n, c.k, i, s)
				}
			}
			if int(calls.Load()) != c.k {
				t.Fatalf("%d calls for %d chunks", calls.Load(), c.k)
			}
		}
		runtime.GOMAXPROCS(old)
	}
}
