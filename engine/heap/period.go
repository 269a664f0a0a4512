package heap

import "fmt"

// Periodicity is the result of Period.
type Periodicity struct {
	Found bool
	// Period p and pre-period n0: g(n+p) = g(n) for every n >= n0.
	Period    int
	PrePeriod int
	// Checked is the length of the sequence examined.
	Checked int
}

func (p Periodicity) String() string {
	if !p.Found {
		return fmt.Sprintf("no period proved from %d values", p.Checked)
	}
	return fmt.Sprintf("period %d, pre-period %d (periodic from n = %d), proved from %d values",
		p.Period, p.PrePeriod, p.PrePeriod, p.Checked)
}

// Period looks for the smallest period of the nim-sequence g of r that the
// Guy-Smith criterion proves from the values given: g(n+p) = g(n) for
// n0 <= n < 2*n0 + p + k, where k is the largest removal of r (for rules that
// never split a heap, n0 <= n < n0 + k suffices, since g(n) depends only on
// the k values before it). Nim and Grundy's game are outside the theorem's
// scope and are never reported periodic. The time is about linear in len(g).
func (r *Rule) Period(g []int32) Periodicity {
	if r.nim || r.unequal {
		return Periodicity{Checked: len(g)}
	}
	return periodOf(g, r.MaxRemove(), r.Splits())
}

// periodOf is Period for a rule whose largest removal is k.
func periodOf[T uint8 | uint16 | int32](g []T, k int, splits bool) Periodicity {
	p, _ := periodHint(g, k, splits)
	return p
}

// periodHint is periodOf that also returns, when no period is proved,
// the length at which one would be if the sequence went on repeating the
// period with the nearest proof (0 if none is in sight).
//
// For each p the pre-period n0(p) is one past the last n with
// g(n+p) != g(n); p is proved when n0(p) <= lim(p) = (N-2p-k)/2 (or
// N-p-k without splits). Comparing backwards from the end, a p costs the
// length of its matching tail, which is long only for periods of the tail
// and their multiples; a multiple cp of a failed p needs no comparison:
// the mismatch at n = n0(p)-1 is one for cp too (g(n+cp) = g(n+p) by the
// period p above n0(p)), so n0(cp) >= n0(p) > lim(p) > lim(cp).
func periodHint[T uint8 | uint16 | int32](g []T, k int, splits bool) (Periodicity, int) {
	N := len(g)
	res := Periodicity{Checked: N}
	hint := 0
	var skip []uint64 // multiples of failed periods with long tails
	for p := 1; 2*p < N; p++ {
		lim := N - p - k
		if splits {
			lim = N - 2*p - k
			if lim >= 0 {
				lim /= 2
			}
		}
		lim = min(lim, N-p-1)
		if lim < 0 {
			break // lim only decreases with p
		}
		if skip != nil && skip[p>>6]>>(p&63)&1 != 0 {
			continue
		}
		n := N - 1 - p
		for n >= lim && g[n+p] == g[n] {
			n--
		}
		if n < lim {
			for n >= 0 && g[n+p] == g[n] {
				n--
			}
			res.Found, res.Period, res.PrePeriod = true, p, n+1
			return res, 0
		}
		need := n + 1 + p + max(k, 1) // the length that proves p from n0 = n+1
		if splits {
			need = 2*(n+1) + 2*p + k
		}
		if hint == 0 || need < hint {
			hint = need
		}
		if N-1-p-n >= p { // a long tail: its multiples fail too
			if skip == nil {
				skip = make([]uint64, N/128+1)
			}
			for q := 2 * p; 2*q < N && n+q < N; q += p {
				skip[q>>6] |= 1 << (q & 63)
			}
		}
	}
	return res, hint
}
