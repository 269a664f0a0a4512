package shard

import (
	"fmt"
	"path/filepath"
	"strconv"
	"testing"
)

// BenchmarkLogAdd writes results files of 1,000, 4,000 and 8,000 rows, the
// sizes at which issue 17 measured the old sweep (which rewrote the whole
// file after every run) at 0.9, 9.6 and 33.5 s. The cost per row (ns/row)
// must stay flat as the file grows: appending is linear.
func BenchmarkLogAdd(b *testing.B) {
	for _, n := range []int{1000, 4000, 8000} {
		j := NewJob("bench", []string{"game", "size", "mu", "seed", "budget", "evaluations", "optimal"}, []string{"size", "mu", "seed"}, []string{"game", "budget"})
		for s := 1; s <= n; s++ {
			j.Add([]string{"10", "100", strconv.Itoa(s)}, []string{"subtraction", "100000000"})
		}
		rows := make([][]string, n)
		for i := range rows {
			rows[i] = []string{"subtraction", "10", "100", strconv.Itoa(i + 1), "100000000", strconv.Itoa(1000 + 37*i), "true"}
		}
		b.Run(fmt.Sprintf("rows=%d", n), func(b *testing.B) {
			dir := b.TempDir()
			for k := 0; b.Loop(); k++ {
				l, err := j.Open(filepath.Join(dir, fmt.Sprintf("r%d.csv", k)), Whole)
				if err != nil {
					b.Fatal(err)
				}
				// In reverse, so that Close rewrites the file in work order too.
				for i := n - 1; i >= 0; i-- {
					if err := l.Add(i, rows[i]); err != nil {
						b.Fatal(err)
					}
				}
				if err := l.Close(); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/row")
		})
	}
}
