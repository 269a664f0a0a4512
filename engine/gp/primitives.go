package gp

import (
	"fmt"
	"math"
	"math/bits"
	"strings"
)

// Op is a function of a program: one of the integer primitives of paper 002
// section 1.1. Leaves are variables and constants (see Node).
type Op uint8

// The primitives, as named in paper 002 section 1.1. Arithmetic is on int64
// and wraps around on overflow (two's complement), so every program is
// defined on every input; the bitwise functions act on the two's complement
// representation. The protected cases are listed with each function.
const (
	// XOR, AND, OR: bitwise exclusive or, and, or.
	XOR Op = iota + 1
	AND
	OR
	// NOT: bitwise complement, NOT(x) = -x-1 (so NOT(0) = -1).
	NOT
	// MOD: x mod y with the sign of y (floor modulo, as Python's x % y,
	// which gplearn's numpy functions follow): MOD(-1, 3) = 2. Protected:
	// MOD(x, 0) = x, so that x = y*DIVIDE(x, y) + MOD(x, y) for every x, y.
	MOD
	// LOG2: floor(log2 |x|): LOG2(8) = 3, LOG2(9) = 3, LOG2(-8) = 3, as
	// gplearn's protected log takes |x|. Protected: LOG2(0) = 0.
	LOG2
	// PLUS1: x + 1.
	PLUS1
	// EQUAL, LESS, GREATER: 1 for true, 0 for false.
	EQUAL
	LESS
	GREATER
	// SUB, ADD, TIMES: x - y, x + y, x * y (wrapping).
	SUB
	ADD
	TIMES
	// DIVIDE: floor(x / y) (as Python's x // y). Protected: DIVIDE(x, 0) = 1,
	// as gplearn's protected division returns 1 for a zero divisor.
	// DIVIDE(MinInt64, -1) wraps to MinInt64.
	DIVIDE

	numOps
)

var opNames = [numOps]string{"", "XOR", "AND", "OR", "NOT", "MOD", "LOG2", "PLUS1",
	"EQUAL", "LESS", "GREATER", "SUB", "ADD", "TIMES", "DIVIDE"}

// Functions lists every primitive, in the order of paper 002 section 1.1:
// the default function set.
func Functions() []Op {
	out := make([]Op, 0, numOps-1)
	for op := XOR; op < numOps; op++ {
		out = append(out, op)
	}
	return out
}

// String returns the name of op, e.g. "MOD".
func (op Op) String() string {
	if op > 0 && op < numOps {
		return opNames[op]
	}
	return fmt.Sprintf("Op(%d)", uint8(op))
}

// Arity returns the number of arguments of op: 1 for NOT, LOG2 and PLUS1,
// 2 for the others.
func (op Op) Arity() int {
	switch op {
	case NOT, LOG2, PLUS1:
		return 1
	}
	return 2
}

// ParseOp returns the primitive called name (in any case).
func ParseOp(name string) (Op, error) {
	u := strings.ToUpper(strings.TrimSpace(name))
	for op := XOR; op < numOps; op++ {
		if opNames[op] == u {
			return op, nil
		}
	}
	return 0, fmt.Errorf("unknown function %q (known: %s)", name, strings.Join(opNames[1:], ", "))
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// Apply computes op on x and y (y is ignored by functions of one argument).
func Apply(op Op, x, y int64) int64 {
	switch op {
	case XOR:
		return x ^ y
	case AND:
		return x & y
	case OR:
		return x | y
	case NOT:
		return ^x
	case MOD:
		return mod(x, y)
	case LOG2:
		return log2(x)
	case PLUS1:
		return x + 1
	case EQUAL:
		return b2i(x == y)
	case LESS:
		return b2i(x < y)
	case GREATER:
		return b2i(x > y)
	case SUB:
		return x - y
	case ADD:
		return x + y
	case TIMES:
		return x * y
	case DIVIDE:
		return div(x, y)
	}
	panic(fmt.Sprintf("gp: Apply of %v", op))
}

// mod is floor modulo with MOD(x, 0) = x.
func mod(x, y int64) int64 {
	if y == 0 {
		return x
	}
	if y == -1 { // avoids MinInt64 % -1, which Go defines as 0 anyway
		return 0
	}
	r := x % y
	if r != 0 && (r < 0) != (y < 0) {
		r += y
	}
	return r
}

// div is floor division with DIVIDE(x, 0) = 1.
func div(x, y int64) int64 {
	if y == 0 {
		return 1
	}
	if y == -1 {
		return -x // wraps for MinInt64, as Go's x / -1 does
	}
	q := x / y
	if (x%y != 0) && ((x < 0) != (y < 0)) {
		q--
	}
	return q
}

func log2(x int64) int64 {
	if x == 0 {
		return 0
	}
	u := uint64(x)
	if x < 0 {
		u = uint64(-x) // MinInt64 stays 1<<63 as an unsigned value
		if x == math.MinInt64 {
			u = 1 << 63
		}
	}
	return int64(bits.Len64(u) - 1)
}
