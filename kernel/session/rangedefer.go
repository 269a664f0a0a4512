package session

import (
	"fmt"
	"go/token"
	"reflect"
	"unsafe"

	"github.com/goplus/ixgo"
	"golang.org/x/tools/go/ssa"
)

// A defer in the body of a range over a function defers the call to the
// end of the function the loop is in, as in
//
//	func f() {
//		for x := range seq {
//			defer fmt.Println(x)
//		}
//	}
//
// golang.org/x/tools/go/ssa builds the loop's body as a closure whose
// Defer pushes the call onto f's defer stack (Defer.DeferStack), but its
// lifting pass removes the RunDefers of functions that have no Defer
// instruction of their own, which f does not: ixgo v1.1.1 then never
// runs the calls, and the program goes on as if they had not been
// deferred, with no error (Go's test/range4.go; llgo met the same,
// github.com/xgo-dev/llgo/pull/1820).
//
// rangeFuncDefers repairs the interpreter ixgo made, before it runs: in a
// function that hands its defer stack to such a body (it calls
// ssa:deferstack) and has no RunDefers, each return first runs the calls
// deferred, as RunDefers does, where RunDefers would be: before the
// return reads the named results, which a deferred call may set. A panic already runs them (ixgo's frames
// run their defer stack as they unwind).
func rangeFuncDefers(i *ixgo.Interp) error {
	l, err := codeLayoutOnce()
	if err != nil {
		return err
	}
	funcs := reflect.NewAt(l.funcsType, unsafe.Add(unsafe.Pointer(i), l.funcsOff)).Elem()
	iter := funcs.MapRange()
	for iter.Next() {
		fn := iter.Key().Interface().(*ssa.Function)
		pfn := iter.Value().UnsafePointer()
		if pfn == nil || !losesRangeDefers(fn) {
			continue
		}
		if err := l.runDefersOnReturn(pfn); err != nil {
			return fmt.Errorf("%v: %v", fn, err)
		}
	}
	return nil
}

// losesRangeDefers tells whether fn hands its defer stack to a range
// loop's body and has no RunDefers to run it.
func losesRangeDefers(fn *ssa.Function) bool {
	stack := false
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch in := instr.(type) {
			case *ssa.RunDefers:
				return false
			case *ssa.Call:
				if bi, ok := in.Call.Value.(*ssa.Builtin); ok && bi.Name() == "ssa:deferstack" {
					stack = true
				}
			}
		}
	}
	return stack
}

//go:linkname frameRunDefers github.com/goplus/ixgo.(*frame).runDefers
func frameRunDefers(fr unsafe.Pointer)

// runDefersOnReturn makes each return of the compiled function pfn run
// the frame's deferred calls first.
func (l *codeLayout) runDefersOnReturn(pfn unsafe.Pointer) error {
	code := *(*[]unsafe.Pointer)(unsafe.Add(pfn, l.instrsOff))
	sis := *(*[]ssa.Instruction)(unsafe.Add(pfn, l.ssaOff))
	if len(code) != len(sis) {
		return fmt.Errorf("%d instructions compiled for %d", len(code), len(sis))
	}
	deferOff := l.deferOff
	for k, instr := range sis {
		ret, ok := instr.(*ssa.Return)
		if !ok {
			continue
		}
		// Where RunDefers was: before the loads of named results
		// that the return returns (a deferred call may set them).
		at := k
		for at > 0 && isResultLoad(sis[at-1], ret) {
			at--
		}
		orig := code[at]
		next := *(*func(unsafe.Pointer))(unsafe.Pointer(&orig))
		wrapped := func(fr unsafe.Pointer) {
			if *(*unsafe.Pointer)(unsafe.Add(fr, deferOff)) != nil {
				frameRunDefers(fr)
			}
			next(fr)
		}
		code[at] = *(*unsafe.Pointer)(unsafe.Pointer(&wrapped))
	}
	return nil
}

// isResultLoad tells whether instr loads a named result that ret returns.
func isResultLoad(instr ssa.Instruction, ret *ssa.Return) bool {
	load, ok := instr.(*ssa.UnOp)
	if !ok || load.Op != token.MUL || load.Block() != ret.Block() {
		return false
	}
	if _, ok := load.X.(*ssa.Alloc); !ok {
		return false
	}
	for _, r := range ret.Results {
		if r == ssa.Value(load) {
			return true
		}
	}
	return false
}
