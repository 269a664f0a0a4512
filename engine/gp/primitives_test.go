package gp

import (
	"math"
	"math/rand/v2"
	"testing"
)

// Every primitive on ordinary and protected arguments. MOD and DIVIDE
// follow Python's % and // (floor semantics), which gplearn's numpy
// functions share: 7 % -3 == -2, -7 // 2 == -4.
func TestPrimitives(t *testing.T) {
	const minI, maxI = math.MinInt64, math.MaxInt64
	cases := []struct {
		op      Op
		x, y    int64
		want    int64
		comment string
	}{
		{XOR, 5, 3, 6, ""}, {XOR, -1, 5, -6, "two's complement"},
		{AND, 6, 3, 2, ""}, {AND, -1, 9, 9, ""},
		{OR, 4, 1, 5, ""}, {OR, 0, 0, 0, ""},
		{NOT, 0, 0, -1, "NOT(x) = -x-1"}, {NOT, 5, 0, -6, ""},
		{MOD, 7, 3, 1, ""}, {MOD, -1, 3, 2, "Python: -1 % 3 == 2"}, {MOD, 7, -3, -2, "Python: 7 % -3 == -2"},
		{MOD, -7, -3, -1, ""}, {MOD, 9, 3, 0, ""},
		{MOD, 7, 0, 7, "protected: x mod 0 = x"}, {MOD, -4, 0, -4, "protected"},
		{MOD, minI, -1, 0, "no overflow"},
		{LOG2, 1, 0, 0, ""}, {LOG2, 8, 0, 3, ""}, {LOG2, 9, 0, 3, "floor"}, {LOG2, 1023, 0, 9, ""},
		{LOG2, 0, 0, 0, "protected: log2 0 = 0"}, {LOG2, -8, 0, 3, "protected: |x|"},
		{LOG2, minI, 0, 63, "protected"}, {LOG2, maxI, 0, 62, ""},
		{PLUS1, 4, 0, 5, ""}, {PLUS1, maxI, 0, minI, "wraps"},
		{EQUAL, 3, 3, 1, ""}, {EQUAL, 3, 4, 0, ""},
		{LESS, 3, 4, 1, ""}, {LESS, 4, 4, 0, ""}, {LESS, -5, 2, 1, ""},
		{GREATER, 5, 4, 1, ""}, {GREATER, 4, 4, 0, ""},
		{SUB, 3, 5, -2, ""}, {SUB, minI, 1, maxI, "wraps"},
		{ADD, 3, 5, 8, ""}, {ADD, maxI, 1, minI, "wraps"},
		{TIMES, -3, 5, -15, ""}, {TIMES, 1 << 62, 4, 0, "wraps"},
		{DIVIDE, 7, 2, 3, ""}, {DIVIDE, -7, 2, -4, "Python: -7 // 2 == -4"}, {DIVIDE, 7, -2, -4, ""},
		{DIVIDE, -7, -2, 3, ""}, {DIVIDE, 6, 3, 2, ""},
		{DIVIDE, 7, 0, 1, "protected: x / 0 = 1, as gplearn"}, {DIVIDE, 0, 0, 1, "protected"},
		{DIVIDE, minI, -1, minI, "wraps"},
	}
	for _, c := range cases {
		if got := Apply(c.op, c.x, c.y); got != c.want {
			t.Errorf("%v(%d, %d) = %d, want %d %s", c.op, c.x, c.y, got, c.want, c.comment)
		}
	}
	for _, op := range Functions() {
		name := op.String()
		back, err := ParseOp(name)
		if err != nil || back != op {
			t.Errorf("ParseOp(%q) = %v, %v", name, back, err)
		}
	}
	if len(Functions()) != 14 {
		t.Fatalf("%d primitives, paper 002 lists 14", len(Functions()))
	}
	if _, err := ParseOp("POW"); err == nil {
		t.Fatal("POW parsed")
	}
}

// The division identity x = y*DIVIDE(x, y) + MOD(x, y) holds for every
// pair, the protected ones included, and MOD has the sign of y.
func TestDivisionIdentity(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	vals := []int64{0, 1, -1, 2, -2, 3, -3, 7, -7, math.MaxInt64, math.MinInt64 + 1}
	for range 20000 {
		vals = append(vals, rng.Int64N(201)-100)
	}
	for i, x := range vals {
		y := vals[(i*7+3)%len(vals)]
		q, r := Apply(DIVIDE, x, y), Apply(MOD, x, y)
		if y*q+r != x {
			t.Fatalf("x = %d, y = %d: y*q + r = %d", x, y, y*q+r)
		}
		if y > 0 && (r < 0 || r >= y) || y < 0 && (r > 0 || r <= y) {
			t.Fatalf("MOD(%d, %d) = %d: not in the range of the divisor's sign", x, y, r)
		}
	}
}
