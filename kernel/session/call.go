package session

import (
	"context"
	"errors"
	"reflect"
	"strings"

	"github.com/coevolab/coevo/kernel/internal/yaegi/interp"
)

// hookPath is the import path of the package through which Call runs a
// function inside the interpreter; its file scope (hook.go) is not the
// cells' (_.go), so cells never see the import.
const hookPath = "coevo.invalid/hook"

// hookFile is the file the hook's code is compiled as (see lineDirective).
const hookFile = "/*line coevo/hook.go:1:1*/"

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
	if s.hookIn != s.in {
		if err := s.in.Use(interp.Exports{hookPath + "/hook": {"Run": reflect.ValueOf(&s.hook).Elem()}}); err != nil {
			return err
		}
		if _, err := s.in.Eval(hookFile + `import _coevoHook "` + hookPath + `"`); err != nil {
			return err
		}
		prog, err := s.in.Compile(hookFile + `_coevoHook.Run()`)
		if err != nil {
			resync(s.in)
			return err
		}
		s.hookIn, s.hookProg = s.in, prog
	}
	s.hook = f
	defer func() { s.hook = nil }()
	_, err := s.execute(ctx, s.hookProg)
	var e *Error
	if errors.As(err, &e) {
		// The hook's own frame says nothing.
		trace := e.Trace[:0:0]
		for _, line := range e.Trace {
			if !strings.HasPrefix(strings.TrimSpace(line), "coevo/hook.go") {
				trace = append(trace, line)
			}
		}
		e.Trace = trace
	}
	return err
}
