package heap

import (
	"context"
	"fmt"
	"math/bits"
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
		return r.sparse(ctx, n, progress)
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

// sparseSeed is how many values are computed naively to choose the mask.
const sparseSeed = 1500

func (r *Rule) sparse(ctx context.Context, n int, progress func(int)) ([]int32, error) {
	seed := min(n, sparseSeed)
	g0, err := r.naive(ctx, seed, nil)
	if err != nil || seed == n {
		return g0, err
	}
	g := make([]int32, n+1)
	copy(g, g0)
	var (
		mask  uint32
		rare  []int // heap sizes >= 1 whose value is rare (even parity)
		maxV  int32
		width int // bits.Len32(maxV) when the mask was chosen
	)
	common := func(v int32) bool { return bits.OnesCount32(uint32(v)&mask)&1 == 1 }
	// rechoose picks the best mask for g[:upto] and rebuilds the rare list.
	rechoose := func(upto int) {
		mask = chooseMask(g[:upto])
		width = bits.Len32(uint32(maxV))
		rare = rare[:0]
		for i := 1; i < upto; i++ {
			if !common(g[i]) {
				rare = append(rare, i)
			}
		}
	}
	for _, v := range g0 {
		maxV = max(maxV, v)
	}
	rechoose(seed + 1)
	nextCheck := 2 * seed
	var inT, need []int // stamps: value is an option found so far / still to confirm
	grow := func() {
		size := 2 << bits.Len32(uint32(maxV)) // above every xor of two values, and above the mex
		for len(inT) < size {
			inT = append(inT, 0)
			need = append(need, 0)
		}
	}
	grow()
	// Removals that may split, and that may leave one heap.
	var splitJ, oneJ, noneJ []int
	for j, d := range r.take {
		if d&LeaveTwo != 0 {
			splitJ = append(splitJ, j)
		}
		if j > 0 && d&LeaveOne != 0 {
			oneJ = append(oneJ, j)
		}
		if j > 0 && d&LeaveNone != 0 {
			noneJ = append(noneJ, j)
		}
	}

	for i := seed + 1; i <= n; i++ {
		if i&0xfff == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			if progress != nil {
				progress(i)
			}
		}
		stamp := i
		// Options that leave at most one heap.
		for _, j := range noneJ {
			if i == j {
				inT[0] = stamp
			}
		}
		for _, j := range oneJ {
			if i > j {
				inT[g[i-j]] = stamp
			}
		}
		// Every split with at least one rare heap.
		for _, j := range splitJ {
			m := i - j
			for _, a := range rare {
				b := m - a
				if b < 1 {
					break
				}
				if r.unequal && a == b {
					continue
				}
				inT[g[a]^g[b]] = stamp
			}
		}
		// The smallest common value not yet an option cannot be an option:
		// a common xor needs exactly one rare heap, and those are all seen.
		c := int32(0)
		for inT[c] == stamp || !common(c) {
			c++
		}
		// Rare values below c not yet seen may still come from two common heaps.
		pending := 0
		for v := int32(0); v < c; v++ {
			if inT[v] != stamp && !common(v) {
				need[v] = stamp
				pending++
			}
		}
		// Scan small heaps a with every removal j at once: a witness for
		// a value may exist for one j only.
		for a := 1; pending > 0 && 2*a <= i-splitJ[0]; a++ {
			for _, j := range splitJ {
				b := i - j - a
				if b < a || (r.unequal && a == b) {
					break
				}
				x := g[a] ^ g[b]
				if x < c && need[x] == stamp {
					need[x] = 0
					pending--
				}
			}
		}
		v := c
		if pending > 0 {
			for v = 0; need[v] != stamp; v++ {
			}
		}
		g[i] = v
		if !common(v) {
			rare = append(rare, i)
		}
		if v > maxV {
			maxV = v
			grow()
		}
		// The best mask changes as values grow past powers of two.
		if i == nextCheck || bits.Len32(uint32(maxV)) > width {
			rechoose(i + 1)
			nextCheck = 2 * i
		}
	}
	return g, nil
}

// chooseMask picks the bit mask under which the fewest values of g (past
// g(0)) have even parity, the rare ones, judged on at most 1<<15 values
// spread evenly over g.
func chooseMask(g []int32) uint32 {
	maxV := int32(0)
	for _, v := range g {
		maxV = max(maxV, v)
	}
	width := min(bits.Len32(uint32(maxV)), 12)
	step := max(1, len(g)>>15)
	var sample []uint32
	for i := 1; i < len(g); i += step {
		sample = append(sample, uint32(g[i]))
	}
	best, bestRare := uint32(1), len(sample)+1
	for mask := uint32(1); mask < 1<<width; mask++ {
		rare := 0
		for _, v := range sample {
			rare += 1 - bits.OnesCount32(v&mask)&1
		}
		if rare < bestRare {
			best, bestRare = mask, rare
		}
	}
	return best
}
