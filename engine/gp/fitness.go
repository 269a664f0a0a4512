package gp

import (
	"fmt"
	"strings"
)

// Fitness is how a program's error on a data set is measured; lower is
// better and 0 is exact.
type Fitness int

const (
	// AbsError is the total absolute difference between the program's
	// values and the Sprague-Grundy values, the fitness of paper 002.
	AbsError Fitness = iota
	// NimDistance is the total of |f XOR g| over the rows, the nim-sum
	// distance paper 002 experimented with: 0 on a row exactly when f = g.
	NimDistance
	// Consistency needs no values: it counts the rows whose program value
	// differs from the mex of the program's values on the row's options
	// (negative values count as absent from the mex). On a data set closed
	// under moves, as HeapGraph builds, it is 0 exactly when the program
	// computes the Sprague-Grundy value everywhere, by induction from the
	// terminal positions (where the mex of nothing is 0). Beyond paper 002,
	// as its section 5 suggests.
	Consistency
)

var fitnessNames = []string{"abs", "nim", "consistency"}

func (f Fitness) String() string {
	if f >= 0 && int(f) < len(fitnessNames) {
		return fitnessNames[f]
	}
	return fmt.Sprintf("Fitness(%d)", int(f))
}

// ParseFitness reads "abs", "nim" or "consistency".
func ParseFitness(s string) (Fitness, error) {
	for i, n := range fitnessNames {
		if strings.EqualFold(strings.TrimSpace(s), n) {
			return Fitness(i), nil
		}
	}
	return 0, fmt.Errorf("unknown fitness %q (known: %s)", s, strings.Join(fitnessNames, ", "))
}

// rowCap bounds one row's error, so that a total never overflows.
const rowCap = 1 << 32

// errorOf returns the fitness of the values got on d.
func (f Fitness) errorOf(got []int64, d *Dataset, marks []bool) int64 {
	var total int64
	switch f {
	case AbsError:
		for i, y := range d.Y {
			g := got[i]
			var e uint64
			if g >= y {
				e = uint64(g) - uint64(y)
			} else {
				e = uint64(y) - uint64(g)
			}
			total += int64(min(e, rowCap))
		}
	case NimDistance:
		for i, y := range d.Y {
			x := got[i] ^ y
			e := uint64(x)
			if x < 0 {
				e = -e
			}
			total += int64(min(e, rowCap))
		}
	case Consistency:
		for i, opts := range d.Options {
			if got[i] != mexOf(got, opts, marks) {
				total++
			}
		}
	}
	return total
}

// mexOf returns the least non-negative integer not among got[o], o in
// opts; marks is scratch of length at least len(opts)+1, left cleared.
// Values above len(opts) cannot decide the mex and are not marked.
func mexOf(got []int64, opts []int32, marks []bool) int64 {
	n := int64(len(opts))
	for _, o := range opts {
		if v := got[o]; v >= 0 && v <= n {
			marks[v] = true
		}
	}
	m := int64(0)
	for m <= n && marks[m] {
		m++
	}
	for _, o := range opts {
		if v := got[o]; v >= 0 && v <= n {
			marks[v] = false
		}
	}
	return m
}

// check reports whether d can be fitted with f.
func (f Fitness) check(d *Dataset) error {
	switch {
	case d == nil || d.Rows() == 0:
		return fmt.Errorf("gp: no training data")
	case f < 0 || int(f) >= len(fitnessNames):
		return fmt.Errorf("gp: unknown fitness %d", int(f))
	case f == Consistency && len(d.Options) != d.Rows():
		return fmt.Errorf("gp: the consistency fitness needs each row's options (a data set from HeapGraph)")
	case f != Consistency && len(d.Y) != d.Rows():
		return fmt.Errorf("gp: fitness %s needs a value for each row", f)
	}
	for j, col := range d.X {
		if len(col) != d.Rows() {
			return fmt.Errorf("gp: input %d has %d rows, want %d", j, len(col), d.Rows())
		}
	}
	return nil
}
