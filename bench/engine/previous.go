package main

// The sparse-space method as it was before issue 18 (commit 4998c2f of
// engine/heap), kept here unchanged in substance as the baseline that the
// benchmark measures the current method against in the same run: a naive
// seed of 1,500 values, a mask chosen on a sample of at most 2^15 values
// (stride len>>15), re-chosen when n doubles or a value gains a bit, and
// one scan loop for every rule.

import (
	"context"
	"math/bits"
)

// previousRule is what the previous method needs of a rule: the octal
// digits take[j] and whether the two heaps of a split must differ.
type previousRule struct {
	take    []uint8
	unequal bool
}

// options calls yield(a, b) for each option of a heap of size n (0: no heap).
func (r previousRule) options(n int, yield func(a, b int)) {
	for j, d := range r.take {
		m := n - j
		if m < 0 {
			break
		}
		if d&1 != 0 && m == 0 && j > 0 {
			yield(0, 0)
		}
		if d&2 != 0 && m > 0 && j > 0 {
			yield(0, m)
		}
		if d&4 != 0 {
			for a := 1; 2*a <= m; a++ {
				if r.unequal && 2*a == m {
					break
				}
				yield(a, m-a)
			}
		}
	}
}

func (r previousRule) naive(n int) []int32 {
	g := make([]int32, n+1)
	var mark []int
	for i := 0; i <= n; i++ {
		stamp := i + 1
		r.options(i, func(a, b int) {
			x := int(g[a] ^ g[b])
			for x >= len(mark) {
				mark = append(mark, 0)
			}
			mark[x] = stamp
		})
		m := 0
		for m < len(mark) && mark[m] == stamp {
			m++
		}
		g[i] = int32(m)
	}
	return g
}

const previousSeed = 1500

func (r previousRule) sparse(ctx context.Context, n int) ([]int32, error) {
	seed := min(n, previousSeed)
	g0 := r.naive(seed)
	if seed == n {
		return g0, nil
	}
	g := make([]int32, n+1)
	copy(g, g0)
	var (
		mask  uint32
		rare  []int
		maxV  int32
		width int
	)
	common := func(v int32) bool { return bits.OnesCount32(uint32(v)&mask)&1 == 1 }
	rechoose := func(upto int) {
		mask = previousMask(g[:upto])
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
	var inT, need []int
	grow := func() {
		size := 2 << bits.Len32(uint32(maxV))
		for len(inT) < size {
			inT = append(inT, 0)
			need = append(need, 0)
		}
	}
	grow()
	var splitJ, oneJ, noneJ []int
	for j, d := range r.take {
		if d&4 != 0 {
			splitJ = append(splitJ, j)
		}
		if j > 0 && d&2 != 0 {
			oneJ = append(oneJ, j)
		}
		if j > 0 && d&1 != 0 {
			noneJ = append(noneJ, j)
		}
	}
	for i := seed + 1; i <= n; i++ {
		if i&0xfff == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		stamp := i
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
		c := int32(0)
		for inT[c] == stamp || !common(c) {
			c++
		}
		pending := 0
		for v := int32(0); v < c; v++ {
			if inT[v] != stamp && !common(v) {
				need[v] = stamp
				pending++
			}
		}
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
		if i == nextCheck || bits.Len32(uint32(maxV)) > width {
			rechoose(i + 1)
			nextCheck = 2 * i
		}
	}
	return g, nil
}

// previousMask is the sampled mask choice: the mask under which the fewest
// of at most 1<<15 values spread evenly over g are rare.
func previousMask(g []int32) uint32 {
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
