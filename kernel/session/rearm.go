package session

import (
	"reflect"
	"sync/atomic"
	"unsafe"

	"github.com/traefik/yaegi/interp"
)

// yaegi stops a running program by advancing the interpreter's run
// counter (its unexported field id), and a function value runs only while
// the counter is the one it was made under: after an interrupt, every
// func literal made before it — a callback a widget holds, a helper
// assigned to a variable — returns zero values without running
// (yaegi v0.16.1; see TestClosuresAfterInterrupt). Once the interrupted
// program has stopped, rearm puts the counter back, so that they run
// again.

// runCounter returns the interpreter's run counter, or nil if yaegi's
// layout is not the one this was written for (then nothing is rearmed).
func runCounter(in *interp.Interpreter) *uint64 {
	f, ok := reflect.TypeOf(interp.Interpreter{}).FieldByName("id")
	if !ok || f.Offset != 0 || f.Type.Kind() != reflect.Uint64 {
		return nil
	}
	return (*uint64)(unsafe.Pointer(in))
}

// runID reads the interpreter's run counter (0 if it cannot, and then
// rearm does nothing).
func runID(in *interp.Interpreter) uint64 {
	if p := runCounter(in); p != nil {
		return atomic.LoadUint64(p)
	}
	return 0
}

// rearm sets the run counter back to id, after the program an interrupt
// stopped has stopped.
func rearm(in *interp.Interpreter, id uint64) {
	if p := runCounter(in); p != nil {
		atomic.StoreUint64(p, id)
	}
}
