package session

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"time"

	"github.com/goplus/ixgo"
)

// Call runs f as a cell of the session named name runs: under ctx, whose
// cancellation stops the interpreted code f calls (a widget's callback,
// say), and with a panic in it turned into an *Error that says where it
// went, the session keeping its state. Cells and calls run one at a time.
func (s *Session) Call(ctx context.Context, name string, f func()) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if name == "" {
		name = "call"
	}
	restore := captureStdio(s.outTo, s.errTo)
	defer restore()
	if ctx.Err() != nil {
		return errInterrupted
	}
	var err error
	done := make(chan struct{})
	go func() {
		defer close(done)
		defer func() {
			if p := recover(); p != nil {
				err = s.callPanic(p, debug.Stack())
			}
		}()
		f()
	}()
	select {
	case <-done:
		return err
	case <-ctx.Done():
	}
	// Which interpreter's code f is running is not known: every one is
	// stopped until f returns, then they all run again.
	var its []*ixgo.Interp
	for _, w := range s.interps {
		if it := w.Value(); it != nil {
			its = append(its, it)
		}
	}
	for _, it := range its {
		it.Abort()
	}
	<-done
	time.Sleep(abortGrace)
	for _, it := range its {
		unabort(it)
	}
	return errInterrupted
}

// callPanic describes a panic that came out of a Call.
func (s *Session) callPanic(p any, stack []byte) *Error {
	var pe ixgo.PanicError
	var fe ixgo.FatalError
	if e, ok := p.(error); ok {
		switch {
		case errors.As(e, &pe):
			return &Error{Name: "panic", Message: panicText(pe.Value), Trace: s.panicTrace(pe.Stack())}
		case errors.As(e, &fe):
			return &Error{Name: "panic", Message: panicText(fe.Value), Trace: s.panicTrace(fe.Stack())}
		}
	}
	return &Error{Name: "panic", Message: panicText(p), Trace: s.panicTrace(stack)}
}

var _ = fmt.Sprint
