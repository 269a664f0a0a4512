package heap

import (
	"fmt"
	"strconv"
	"strings"
)

// Digit bits of an octal code.
const (
	LeaveNone = 1 // removing j tokens may leave no heap (the heap had exactly j)
	LeaveOne  = 2 // may leave one non-empty heap
	LeaveTwo  = 4 // may leave two non-empty heaps
)

// Rule is a take-and-break rule acting on one heap.
type Rule struct {
	name string
	// take[j] is the octal digit for removing j tokens.
	take []uint8
	// unequal requires the two heaps left by a split to differ (Grundy's game).
	unequal bool
	// nim: remove any positive number, leave at most one heap (value n).
	nim bool
}

// Name returns the rule's name, e.g. "octal 0.77".
func (r *Rule) Name() string { return r.name }

// Code returns the octal code of r, or "" for Nim and Grundy's game.
func (r *Rule) Code() string {
	if r.nim || r.unequal {
		return ""
	}
	var b strings.Builder
	b.WriteByte('0' + r.take[0])
	b.WriteByte('.')
	for _, d := range r.take[1:] {
		b.WriteByte('0' + d)
	}
	return b.String()
}

// MaxRemove returns the largest number of tokens one move removes, or -1
// when it is unbounded (Nim).
func (r *Rule) MaxRemove() int {
	if r.nim {
		return -1
	}
	return len(r.take) - 1
}

// Splits reports whether a move may leave two heaps.
func (r *Rule) Splits() bool {
	for _, d := range r.take {
		if d&LeaveTwo != 0 {
			return true
		}
	}
	return false
}

// Nim is the rule of Nim: remove any positive number of tokens from a heap.
func Nim() *Rule { return &Rule{name: "nim", nim: true, take: []uint8{0}} }

// GrundysGame is the rule of Grundy's game: split a heap into two
// non-empty heaps of different sizes (paper 004; OEIS A002188).
func GrundysGame() *Rule {
	return &Rule{name: "grundy", take: []uint8{LeaveTwo}, unequal: true}
}

// Kayles is octal game 0.77: knock down one pin or two adjacent pins.
func Kayles() *Rule { r, _ := Octal("0.77"); r.name = "kayles"; return r }

// Octal parses an octal code such as "0.77", ".07" or "4.07". Digit d0
// (removing nothing) may only be 0 or 4 (split a heap in two).
func Octal(code string) (*Rule, error) {
	s := strings.TrimSpace(code)
	bad := func(why string) error { return fmt.Errorf("octal code %q: %s", code, why) }
	intPart, frac, ok := strings.Cut(s, ".")
	if !ok {
		return nil, bad(`missing "." (write e.g. 0.77)`)
	}
	if intPart == "" {
		intPart = "0"
	}
	if len(intPart) != 1 {
		return nil, bad("only one digit may stand before the point")
	}
	frac = strings.TrimRight(frac, "0")
	if len(frac) > 64 {
		return nil, bad("more than 64 digits")
	}
	take := make([]uint8, 0, len(frac)+1)
	for i, c := range intPart + frac {
		if c < '0' || c > '7' {
			return nil, bad(fmt.Sprintf("%q is not an octal digit", c))
		}
		d := uint8(c - '0')
		if i == 0 && d != 0 && d != LeaveTwo {
			return nil, bad("digit d0 must be 0 or 4: removing no tokens can only split a heap")
		}
		take = append(take, d)
	}
	if len(take) == 1 && take[0] == 0 {
		return nil, bad("no move is allowed")
	}
	return &Rule{name: "octal " + s, take: take}, nil
}

// Subtraction is the subtraction game with the given set: a move removes s
// tokens from a heap, for some s in the set (octal digit 3 at each s).
func Subtraction(set []int) (*Rule, error) {
	if len(set) == 0 {
		return nil, fmt.Errorf("subtraction set is empty")
	}
	max := 0
	for _, s := range set {
		if s <= 0 {
			return nil, fmt.Errorf("subtraction set %v: %d is not a positive number", set, s)
		}
		if s > 1<<20 {
			return nil, fmt.Errorf("subtraction set %v: %d is too large (at most %d)", set, s, 1<<20)
		}
		if s > max {
			max = s
		}
	}
	take := make([]uint8, max+1)
	for _, s := range set {
		take[s] = LeaveNone | LeaveOne
	}
	parts := make([]string, len(set))
	for i, s := range set {
		parts[i] = strconv.Itoa(s)
	}
	return &Rule{name: "subtraction {" + strings.Join(parts, ",") + "}", take: take}, nil
}

// Options calls yield(a, b) for each option of a heap of size n: the heap is
// replaced by heaps a and b, where 0 stands for no heap and a <= b. It stops
// early when yield returns false.
func (r *Rule) Options(n int, yield func(a, b int) bool) {
	if r.nim {
		for k := n - 1; k >= 0; k-- {
			if !yield(0, k) {
				return
			}
		}
		return
	}
	for j, d := range r.take {
		m := n - j
		if m < 0 {
			break
		}
		if d&LeaveNone != 0 && m == 0 && j > 0 {
			if !yield(0, 0) {
				return
			}
		}
		if d&LeaveOne != 0 && m > 0 && j > 0 {
			if !yield(0, m) {
				return
			}
		}
		if d&LeaveTwo != 0 {
			for a := 1; 2*a <= m; a++ {
				if r.unequal && 2*a == m {
					break
				}
				if !yield(a, m-a) {
					return
				}
			}
		}
	}
}
