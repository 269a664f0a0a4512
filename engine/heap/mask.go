package heap

import "math/bits"

// The rare/common split. A heap's extended value is e = g<<1 | t, where t
// is the heap-parity bit: t = (n XOR q) & 1 when every removal that splits
// has the parity q, and t = 0 otherwise. For an extended mask s, a heap is
// rare when e&s has an even number of bits, common when odd. Two heaps
// a + b = n - j (j a splitting removal) have extended values whose XOR is
// (g(a) XOR g(b))<<1 | t(n): so the XOR of two common heaps is rare for n,
// and a common option of n needs a rare heap in its pair.

// rareCounts fills h with the Walsh-Hadamard transform of the counts of
// extended values: h[s] = sum over e of count[e] * (-1)^popcount(e&s).
// The number of rare heaps under mask s is then (total + h[s]) / 2, for
// every s at once, in O(V log V) for V = len(count) (a power of two).
func rareCounts(count, h []int64) {
	copy(h, count)
	for half := 1; half < len(h); half <<= 1 {
		for i := 0; i < len(h); i += 2 * half {
			lo, hi := h[i:i+half], h[i+half:i+2*half]
			for k := range lo {
				a, b := lo[k], hi[k]
				lo[k], hi[k] = a+b, a-b
			}
		}
	}
}

// bestMask returns the extended mask s > 0 under which the fewest of the
// total heaps counted in count are rare, and that number. Masks that use
// the heap-parity bit (s odd) are considered only when parityBit is set;
// cur is kept when it is among the best, otherwise the smallest best mask
// wins. h is scratch space of len(count).
func bestMask(count, h []int64, total int64, parityBit bool, cur uint32) (uint32, int64) {
	rareCounts(count, h)
	step := uint32(2)
	if parityBit {
		step = 1
	}
	best, bestRare := uint32(0), total+1
	if int(cur) < len(h) && cur != 0 && (parityBit || cur&1 == 0) {
		best, bestRare = cur, (total+h[cur])/2
	}
	for s := step; int(s) < len(h); s += step {
		if r := (total + h[s]) / 2; r < bestRare {
			best, bestRare = s, r
		}
	}
	return best, bestRare
}

// rareUnder reports whether a heap of extended value e is rare under s.
func rareUnder(e, s uint32) bool { return bits.OnesCount32(e&s)&1 == 0 }
