package session

import (
	"fmt"
	"reflect"
	"sync"
	"unsafe"

	"github.com/goplus/ixgo"
	"golang.org/x/tools/go/ssa"
)

// The φ-nodes at the head of a block are one parallel assignment: each
// takes the value its operand had when control left the predecessor.
// ixgo v1.1.1 runs them one after the other, so a φ that reads another
// φ of the same block, placed before it, reads the new value instead of
// the old one. Go code such as
//
//	x, y := 1, 2
//	for i := 0; i < n; i++ {
//		x, y = y, x
//	}
//
// then gives (2, 2) where Go gives (2, 1), with no error. ixgo fixed this
// upstream in v1.1.3 (commit 521461c, "preserve parallel assignment
// semantics for phi nodes"), a version the module proxy does not serve.
//
// parallelPhis repairs the interpreter ixgo made, before it runs: in
// every block whose φ-nodes have that hazard, the compiled code of the
// first φ is replaced by one that reads every operand and then writes
// every result, and the code of the others by nothing. Blocks without
// the hazard keep ixgo's code. The layout of ixgo's compiled functions
// and frames is read by reflection from the types themselves (codeLayout),
// so a change of ixgo that moves them is an error, not a wrong answer.
func parallelPhis(i *ixgo.Interp) error {
	l, err := codeLayoutOnce()
	if err != nil {
		return err
	}
	funcs := reflect.NewAt(l.funcsType, unsafe.Add(unsafe.Pointer(i), l.funcsOff)).Elem()
	iter := funcs.MapRange()
	for iter.Next() {
		fn := iter.Key().Interface().(*ssa.Function)
		pfn := iter.Value().UnsafePointer()
		if pfn == nil {
			continue
		}
		for _, b := range fn.Blocks {
			phis := blockPhis(b)
			if !phiHazard(phis) {
				continue
			}
			if err := l.fuse(pfn, b, phis); err != nil {
				return fmt.Errorf("%v: %v", fn, err)
			}
		}
	}
	return nil
}

// blockPhis returns the φ-nodes at the head of b.
func blockPhis(b *ssa.BasicBlock) []*ssa.Phi {
	var phis []*ssa.Phi
	for _, instr := range b.Instrs {
		phi, ok := instr.(*ssa.Phi)
		if !ok {
			break
		}
		phis = append(phis, phi)
	}
	return phis
}

// phiHazard tells whether run in order the φ-nodes would differ from a
// parallel assignment: whether one reads a φ placed before it.
func phiHazard(phis []*ssa.Phi) bool {
	for k, phi := range phis {
		for _, e := range phi.Edges {
			for j := 0; j < k; j++ {
				if e == ssa.Value(phis[j]) {
					return true
				}
			}
		}
	}
	return false
}

// codeLayout is where ixgo v1.1.1 keeps what parallelPhis and
// unsignedBounds need.
type codeLayout struct {
	funcsType reflect.Type // map[*ssa.Function]*function
	funcsOff  uintptr      // Interp.funcs
	indexType reflect.Type // map[ssa.Value]uint32
	indexOff  uintptr      // function.index: a value's register (low 24 bits)
	blocksOff uintptr      // function.Blocks []int: a block's first instruction
	instrsOff uintptr      // function.Instrs []func(*frame)
	ssaOff    uintptr      // function.ssaInstrs []ssa.Instruction
	predOff   uintptr      // frame.pred int: the block control came from
	stackOff  uintptr      // frame.stack []value: the registers
	deferOff  uintptr      // frame._defer *_defer: the calls deferred
}

var codeLayoutOnce = sync.OnceValues(readCodeLayout)

func readCodeLayout() (*codeLayout, error) {
	var l codeLayout
	fail := func(what string) (*codeLayout, error) {
		return nil, fmt.Errorf("ixgo's %s is not as the session knows it (it needs ixgo v1.1.1)", what)
	}
	it := reflect.TypeFor[ixgo.Interp]()
	f, ok := it.FieldByName("funcs")
	if !ok || f.Type.Kind() != reflect.Map || f.Type.Key() != reflect.TypeFor[*ssa.Function]() ||
		f.Type.Elem().Kind() != reflect.Pointer || f.Type.Elem().Elem().Kind() != reflect.Struct {
		return fail("Interp.funcs")
	}
	l.funcsType, l.funcsOff = f.Type, f.Offset
	ft := f.Type.Elem().Elem()
	get := func(t reflect.Type, name string, want func(reflect.Type) bool) (reflect.StructField, bool) {
		f, ok := t.FieldByName(name)
		return f, ok && want(f.Type)
	}
	is := func(r reflect.Type) func(reflect.Type) bool { return func(t reflect.Type) bool { return t == r } }
	index, ok := get(ft, "index", is(reflect.TypeFor[map[ssa.Value]uint32]()))
	if !ok {
		return fail("function.index")
	}
	blocks, ok := get(ft, "Blocks", is(reflect.TypeFor[[]int]()))
	if !ok {
		return fail("function.Blocks")
	}
	sis, ok := get(ft, "ssaInstrs", is(reflect.TypeFor[[]ssa.Instruction]()))
	if !ok {
		return fail("function.ssaInstrs")
	}
	instrs, ok := get(ft, "Instrs", func(t reflect.Type) bool {
		return t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.Func &&
			t.Elem().NumIn() == 1 && t.Elem().NumOut() == 0 &&
			t.Elem().In(0).Kind() == reflect.Pointer && t.Elem().In(0).Elem().Kind() == reflect.Struct
	})
	if !ok {
		return fail("function.Instrs")
	}
	frame := instrs.Type.Elem().In(0).Elem()
	pred, ok := get(frame, "pred", is(reflect.TypeFor[int]()))
	if !ok {
		return fail("frame.pred")
	}
	stack, ok := get(frame, "stack", is(reflect.TypeFor[[]any]()))
	if !ok {
		return fail("frame.stack")
	}
	l.indexType, l.indexOff = index.Type, index.Offset
	l.blocksOff, l.instrsOff, l.ssaOff = blocks.Offset, instrs.Offset, sis.Offset
	deferred, ok := get(frame, "_defer", func(t reflect.Type) bool {
		return t.Kind() == reflect.Pointer && t.Elem().Kind() == reflect.Struct
	})
	if !ok {
		return fail("frame._defer")
	}
	l.predOff, l.stackOff, l.deferOff = pred.Offset, stack.Offset, deferred.Offset
	return &l, nil
}

// fuse replaces the compiled code of the φ-nodes phis at the head of b,
// in the compiled function pfn, by one parallel assignment.
func (l *codeLayout) fuse(pfn unsafe.Pointer, b *ssa.BasicBlock, phis []*ssa.Phi) error {
	blocks := *(*[]int)(unsafe.Add(pfn, l.blocksOff))
	code := *(*[]unsafe.Pointer)(unsafe.Add(pfn, l.instrsOff)) // func values are one pointer
	sis := *(*[]ssa.Instruction)(unsafe.Add(pfn, l.ssaOff))
	index := reflect.NewAt(l.indexType, unsafe.Add(pfn, l.indexOff)).Elem()
	if b.Index >= len(blocks) {
		return fmt.Errorf("block %d was not compiled", b.Index)
	}
	at := blocks[b.Index]
	if at+len(phis) > len(code) || at+len(phis) > len(sis) {
		return fmt.Errorf("block %d: its φ-nodes were not compiled", b.Index)
	}
	reg := func(v ssa.Value) (int, error) {
		x := index.MapIndex(reflect.ValueOf(&v).Elem())
		if !x.IsValid() {
			return 0, fmt.Errorf("block %d: %s has no register", b.Index, v.Name())
		}
		return int(x.Uint() & 0xffffff), nil
	}
	dst := make([]int, len(phis))
	src := make([][]int, len(b.Preds)) // src[p][k]: φ k's operand from predecessor p
	for p := range src {
		src[p] = make([]int, len(phis))
	}
	for k, phi := range phis {
		if sis[at+k] != ssa.Instruction(phi) {
			return fmt.Errorf("block %d: φ %s is not where ixgo compiled it", b.Index, phi.Name())
		}
		if len(phi.Edges) != len(b.Preds) {
			return fmt.Errorf("block %d: φ %s has %d operands for %d predecessors", b.Index, phi.Name(), len(phi.Edges), len(b.Preds))
		}
		r, err := reg(phi)
		if err != nil {
			return err
		}
		dst[k] = r
		for p, e := range phi.Edges {
			if src[p][k], err = reg(e); err != nil {
				return err
			}
		}
	}
	preds := make([]int, len(b.Preds))
	for p, pb := range b.Preds {
		preds[p] = pb.Index
	}
	predOff, stackOff := l.predOff, l.stackOff
	assign := func(fr unsafe.Pointer) {
		pred := *(*int)(unsafe.Add(fr, predOff))
		for p, pi := range preds {
			if pi != pred {
				continue
			}
			stack := *(*[]any)(unsafe.Add(fr, stackOff))
			var buf [8]any
			vals := buf[:0]
			for _, r := range src[p] {
				vals = append(vals, stack[r])
			}
			for k, r := range dst {
				stack[r] = vals[k]
			}
			return
		}
	}
	nothing := func(unsafe.Pointer) {}
	code[at] = *(*unsafe.Pointer)(unsafe.Pointer(&assign))
	for k := 1; k < len(phis); k++ {
		code[at+k] = *(*unsafe.Pointer)(unsafe.Pointer(&nothing))
	}
	return nil
}
