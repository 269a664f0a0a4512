package bt

import (
	"cmp"
	"math/rand/v2"
	"slices"
	"testing"
)

// Both ways of sorting a log (packed keys, and an order of the rows) give
// the pairs a map gives: each unordered pair once, I < J, sorted, its
// rows' counts added up in the order they were read.
func TestPairLogFinish(t *testing.T) {
	for _, c := range []struct{ n, rows int }{{2, 5}, {7, 300}, {300, 20000}, {5000, 3000}} {
		rng := rand.New(rand.NewPCG(uint64(c.n), 9))
		type row struct {
			a, b      int
			wa, wb, d float64
		}
		var rows []row
		for range c.rows {
			a, b := rng.IntN(c.n), rng.IntN(c.n-1)
			if b >= a {
				b++
			}
			rows = append(rows, row{a, b, float64(rng.IntN(4)), float64(rng.IntN(4)) / 2, 0.1 * float64(rng.IntN(3))})
		}
		// The pairs by a map, summed in the order read.
		type key struct{ i, j int32 }
		sum := map[key]*[3]float64{}
		for _, r := range rows {
			if r.wa+r.wb+r.d == 0 {
				continue
			}
			k, w := key{int32(r.a), int32(r.b)}, [3]float64{r.wa, r.wb, r.d}
			if r.a > r.b {
				k, w = key{int32(r.b), int32(r.a)}, [3]float64{r.wb, r.wa, r.d}
			}
			s := sum[k]
			if s == nil {
				s = new([3]float64)
				sum[k] = s
			}
			for x := range w {
				s[x] += w[x]
			}
		}
		var keys []key
		for k := range sum {
			keys = append(keys, k)
		}
		slices.SortFunc(keys, func(x, y key) int { return cmp.Or(cmp.Compare(x.i, y.i), cmp.Compare(x.j, y.j)) })
		for _, packed := range []bool{true, false} {
			log := newPairLog(4)
			for _, r := range rows {
				log.add(r.a, r.b, r.wa, r.wb, r.d)
			}
			p := log.finishWith(c.n, packed)
			if p.Len() != len(keys) {
				t.Fatalf("n %d, packed %v: %d pairs, want %d", c.n, packed, p.Len(), len(keys))
			}
			for x, k := range keys {
				s := sum[k]
				if p.I[x] != k.i || p.J[x] != k.j || p.WinsI[x] != s[0] || p.WinsJ[x] != s[1] || p.Draws[x] != s[2] {
					t.Fatalf("n %d, packed %v: pair %d is %d-%d %g %g %g, want %d-%d %v", c.n, packed, x,
						p.I[x], p.J[x], p.WinsI[x], p.WinsJ[x], p.Draws[x], k.i, k.j, *s)
				}
			}
		}
	}
}
