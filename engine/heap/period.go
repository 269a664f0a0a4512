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
// scope and are never reported periodic.
func (r *Rule) Period(g []int32) Periodicity {
	res := Periodicity{Checked: len(g)}
	if r.nim || r.unequal {
		return res
	}
	k := r.MaxRemove()
	N := len(g)
	for p := 1; 2*p < N; p++ {
		// n0 = one past the last n with g(n+p) != g(n).
		n0 := 0
		for n := N - 1 - p; n >= 0; n-- {
			if g[n+p] != g[n] {
				n0 = n + 1
				break
			}
		}
		// Equality is known for n0 <= n < N-p.
		var need int
		if r.Splits() {
			need = 2*n0 + p + k
		} else {
			need = n0 + k
		}
		if N-p >= need && N-p > n0 {
			res.Found, res.Period, res.PrePeriod = true, p, n0
			return res
		}
	}
	return res
}
