package gp

// evaluator computes programs on every row of a data set at once, column by
// column, with scratch columns it reuses (one evaluator per worker).
type evaluator struct {
	cols    [][]int64 // the inputs, one column each
	rows    int
	scratch [][]int64
	stack   []operand
}

// operand is a column (an input or scratch) or a constant.
type operand struct {
	col     []int64
	isConst bool
	c       int64
}

func newEvaluator(cols [][]int64, rows int) *evaluator {
	return &evaluator{cols: cols, rows: rows}
}

func (e *evaluator) buf(i int) []int64 {
	for len(e.scratch) <= i {
		e.scratch = append(e.scratch, make([]int64, e.rows))
	}
	return e.scratch[i]
}

// run returns the program's value on every row. The result may alias an
// input column or scratch space: read it before the next run.
func (e *evaluator) run(p Program) []int64 {
	st := e.stack[:0]
	for i := len(p) - 1; i >= 0; i-- {
		n := p[i]
		switch {
		case n.IsConst():
			st = append(st, operand{isConst: true, c: n.Value})
			continue
		case n.Op == 0:
			st = append(st, operand{col: e.cols[n.Var]})
			continue
		}
		// Arguments are on top of the stack, the first argument topmost.
		// Operand k of the stack keeps its column in scratch slot k.
		sp := len(st) - n.arity()
		aSlot := len(st) - 1
		a := st[aSlot]
		var b operand
		if n.arity() == 2 {
			b = st[sp]
		}
		st = st[:sp]
		if a.isConst && (n.arity() == 1 || b.isConst) {
			st = append(st, operand{isConst: true, c: Apply(n.Op, a.c, b.c)})
			continue
		}
		dst := e.buf(sp)
		ac := e.column(a, aSlot)
		var bc []int64
		if n.arity() == 2 {
			bc = e.column(b, sp)
		}
		applyVec(n.Op, dst, ac, bc)
		st = append(st, operand{col: dst})
	}
	e.stack = st
	top := st[0]
	if top.isConst {
		out := e.buf(0)
		for i := range out {
			out[i] = top.c
		}
		return out
	}
	return top.col
}

// column returns operand o as a column, filling o's own scratch slot i
// when it is a constant.
func (e *evaluator) column(o operand, i int) []int64 {
	if !o.isConst {
		return o.col
	}
	c := e.buf(i)
	for j := range c {
		c[j] = o.c
	}
	return c
}

// applyVec computes dst[i] = op(a[i], b[i]); dst may be a or b.
func applyVec(op Op, dst, a, b []int64) {
	a = a[:len(dst)]
	if b != nil {
		b = b[:len(dst)]
	}
	switch op {
	case XOR:
		for i := range dst {
			dst[i] = a[i] ^ b[i]
		}
	case AND:
		for i := range dst {
			dst[i] = a[i] & b[i]
		}
	case OR:
		for i := range dst {
			dst[i] = a[i] | b[i]
		}
	case NOT:
		for i := range dst {
			dst[i] = ^a[i]
		}
	case MOD:
		for i := range dst {
			dst[i] = mod(a[i], b[i])
		}
	case LOG2:
		for i := range dst {
			dst[i] = log2(a[i])
		}
	case PLUS1:
		for i := range dst {
			dst[i] = a[i] + 1
		}
	case EQUAL:
		for i := range dst {
			dst[i] = b2i(a[i] == b[i])
		}
	case LESS:
		for i := range dst {
			dst[i] = b2i(a[i] < b[i])
		}
	case GREATER:
		for i := range dst {
			dst[i] = b2i(a[i] > b[i])
		}
	case SUB:
		for i := range dst {
			dst[i] = a[i] - b[i]
		}
	case ADD:
		for i := range dst {
			dst[i] = a[i] + b[i]
		}
	case TIMES:
		for i := range dst {
			dst[i] = a[i] * b[i]
		}
	case DIVIDE:
		for i := range dst {
			dst[i] = div(a[i], b[i])
		}
	default:
		panic("gp: applyVec of " + op.String())
	}
}
