package session

import (
	"fmt"
	"go/types"
	"math"
	"reflect"
	"runtime"
	"strconv"
	"unsafe"

	"github.com/goplus/ixgo"
	"golang.org/x/tools/go/ssa"
)

// Go's bounds errors print an index as the program holds it: with
//
//	var i uint64 = 1<<64 - 1
//	_ = s[i]
//
// the panic reads "index out of range [18446744073709551615] with length
// 3". ixgo v1.1.1 converts every index to int before it checks it, so an
// unsigned index above 2^63-1 becomes negative: the panic reads "index
// out of range [-1]", and a slice expression's takes another check's
// wording ("[-1:]" where Go says "[18446744073709551615:3]"). The program
// panics where Go's does; only what it says differs, and a program that
// prints a recovered error prints something else than Go, with no error
// (Go's test/fixedbugs/issue30116u.go).
//
// unsignedBounds repairs the interpreter ixgo made, before it runs: the
// code of every index and slice expression whose index may be such a
// value is wrapped by code that, when one is, lets ixgo's code panic (so
// that the panic comes from where it does, with its position) and then
// panics again with Go's wording. Any other index goes to ixgo's code
// unchanged.
func unsignedBounds(i *ixgo.Interp) error {
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
		if err := l.wrapBounds(pfn); err != nil {
			return fmt.Errorf("%v: %v", fn, err)
		}
	}
	return nil
}

// mayBeHuge tells whether a value of type t can be an unsigned integer
// above math.MaxInt64.
func mayBeHuge(t types.Type) bool {
	if _, ok := types.Unalias(t).(*types.TypeParam); ok {
		return true
	}
	b, ok := t.Underlying().(*types.Basic)
	if !ok {
		return false
	}
	switch b.Kind() {
	case types.Uint, types.Uint64, types.Uintptr:
		return true
	}
	return false
}

// wrapBounds wraps the code of the compiled function pfn's index and
// slice expressions whose indices may be huge.
func (l *codeLayout) wrapBounds(pfn unsafe.Pointer) error {
	code := *(*[]unsafe.Pointer)(unsafe.Add(pfn, l.instrsOff))
	sis := *(*[]ssa.Instruction)(unsafe.Add(pfn, l.ssaOff))
	index := reflect.NewAt(l.indexType, unsafe.Add(pfn, l.indexOff)).Elem()
	if len(code) != len(sis) {
		return fmt.Errorf("%d instructions compiled for %d", len(code), len(sis))
	}
	reg := func(v ssa.Value) (int, error) {
		if v == nil {
			return -1, nil
		}
		x := index.MapIndex(reflect.ValueOf(&v).Elem())
		if !x.IsValid() {
			return 0, fmt.Errorf("%s has no register", v.Name())
		}
		return int(x.Uint() & 0xffffff), nil
	}
	huge := func(v ssa.Value) bool {
		if v == nil {
			return false
		}
		_, isConst := v.(*ssa.Const) // a constant index is checked by go/types
		return !isConst && mayBeHuge(v.Type())
	}
	for k, instr := range sis {
		var x ssa.Value
		var ops []ssa.Value // the index, or a slice expression's low, high and max
		switch in := instr.(type) {
		case *ssa.Index:
			x, ops = in.X, []ssa.Value{in.Index}
		case *ssa.IndexAddr:
			x, ops = in.X, []ssa.Value{in.Index}
		case *ssa.Lookup:
			if _, isMap := in.X.Type().Underlying().(*types.Map); isMap {
				continue
			}
			x, ops = in.X, []ssa.Value{in.Index}
		case *ssa.Slice:
			if _, makeslice := in.X.(*ssa.Alloc); makeslice {
				continue // ixgo's make([]T, n) check, not a slice expression's
			}
			x, ops = in.X, []ssa.Value{in.Low, in.High, in.Max}
		default:
			continue
		}
		wrap := false
		for _, op := range ops {
			wrap = wrap || huge(op)
		}
		if !wrap {
			continue
		}
		rx, err := reg(x)
		if err != nil {
			return err
		}
		regs := make([]int, len(ops))
		for j, op := range ops {
			if regs[j], err = reg(op); err != nil {
				return err
			}
		}
		orig := code[k]
		call := *(*func(unsafe.Pointer))(unsafe.Pointer(&orig))
		stackOff := l.stackOff
		var wrapped func(fr unsafe.Pointer)
		if len(ops) == 1 {
			ri := regs[0]
			wrapped = func(fr unsafe.Pointer) {
				stack := *(*[]any)(unsafe.Add(fr, stackOff))
				i := boundOf(stack[ri])
				n, _, _, ok := lenCap(stack[rx])
				if i.neg || i.u <= math.MaxInt64 || !ok {
					call(fr)
					return
				}
				rewordBoundsPanic(call, fr, fmt.Sprintf("index out of range [%v] with length %d", i, n))
			}
		} else {
			rlo, rhi, rmax := regs[0], regs[1], regs[2]
			wrapped = func(fr unsafe.Pointer) {
				stack := *(*[]any)(unsafe.Add(fr, stackOff))
				n, c, isSlice, ok := lenCap(stack[rx])
				if !ok {
					call(fr)
					return
				}
				lo, hi, max := bound{}, bound{u: uint64(n)}, bound{u: uint64(c)}
				if rlo >= 0 {
					lo = boundOf(stack[rlo])
				}
				if rhi >= 0 {
					hi = boundOf(stack[rhi])
				}
				if rmax >= 0 {
					max = boundOf(stack[rmax])
				}
				if !lo.huge() && !hi.huge() && !max.huge() {
					call(fr)
					return
				}
				msg := sliceBoundsMessage(lo, hi, max, uint64(c), rmax >= 0, isSlice)
				if msg == "" {
					call(fr)
					return
				}
				rewordBoundsPanic(call, fr, msg)
			}
		}
		code[k] = *(*unsafe.Pointer)(unsafe.Pointer(&wrapped))
	}
	return nil
}

// rewordBoundsPanic runs ixgo's code, which panics with a bounds error,
// and panics again with Go's message instead.
func rewordBoundsPanic(call func(unsafe.Pointer), fr unsafe.Pointer, msg string) {
	defer func() {
		r := recover()
		if r == nil {
			return
		}
		if _, ok := r.(runtime.Error); ok {
			panic(ixgo.RuntimeError(msg))
		}
		panic(r)
	}()
	call(fr)
}

// lenCap returns the length and capacity of the string, array, pointer to
// an array or slice x, and whether it is a slice.
func lenCap(x any) (n, c int, isSlice, ok bool) {
	v := reflect.ValueOf(x)
	if v.Kind() == reflect.Pointer {
		if v.IsNil() {
			return 0, 0, false, false
		}
		v = v.Elem()
	}
	switch v.Kind() {
	case reflect.String:
		return v.Len(), v.Len(), false, true
	case reflect.Array:
		return v.Len(), v.Len(), false, true
	case reflect.Slice:
		return v.Len(), v.Cap(), true, true
	}
	return 0, 0, false, false
}

// bound is an index of any integer type: -u when neg.
type bound struct {
	u   uint64
	neg bool
}

func boundOf(x any) bound {
	switch x := x.(type) {
	case int:
		return signedBound(int64(x))
	case uint64:
		return bound{u: x}
	case uint:
		return bound{u: uint64(x)}
	}
	v := reflect.ValueOf(x)
	switch v.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return signedBound(v.Int())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return bound{u: v.Uint()}
	}
	return bound{}
}

func signedBound(i int64) bound {
	if i < 0 {
		return bound{u: uint64(-i), neg: true}
	}
	return bound{u: uint64(i)}
}

func (b bound) huge() bool { return !b.neg && b.u > math.MaxInt64 }

// gt tells whether b > c.
func (b bound) gt(c bound) bool {
	switch {
	case b.neg != c.neg:
		return c.neg
	case b.neg:
		return b.u < c.u
	}
	return b.u > c.u
}

func (b bound) String() string {
	if b.neg {
		return "-" + strconv.FormatUint(b.u, 10)
	}
	return strconv.FormatUint(b.u, 10)
}

// sliceBoundsMessage is the message of the bounds error of x[lo:hi] (or
// x[lo:hi:max] when slice3) for an x of capacity c, checked in ixgo's
// order, which is Go's, or "" when the bounds hold.
func sliceBoundsMessage(lo, hi, max bound, c uint64, slice3, isSlice bool) string {
	what := "length"
	if isSlice {
		what = "capacity"
	}
	cb := bound{u: c}
	if slice3 {
		switch {
		case max.neg:
			return fmt.Sprintf("slice bounds out of range [::%v]", max)
		case max.gt(cb):
			return fmt.Sprintf("slice bounds out of range [::%v] with %s %d", max, what, c)
		case hi.neg:
			return fmt.Sprintf("slice bounds out of range [:%v:]", hi)
		case hi.gt(max):
			return fmt.Sprintf("slice bounds out of range [:%v:%v]", hi, max)
		case lo.neg:
			return fmt.Sprintf("slice bounds out of range [%v::]", lo)
		case lo.gt(hi):
			return fmt.Sprintf("slice bounds out of range [%v:%v:]", lo, hi)
		}
		return ""
	}
	switch {
	case hi.neg:
		return fmt.Sprintf("slice bounds out of range [:%v]", hi)
	case hi.gt(cb):
		return fmt.Sprintf("slice bounds out of range [:%v] with %s %d", hi, what, c)
	case lo.neg:
		return fmt.Sprintf("slice bounds out of range [%v:]", lo)
	case lo.gt(hi):
		return fmt.Sprintf("slice bounds out of range [%v:%v]", lo, hi)
	}
	return ""
}
