package session

import (
	"context"
	"fmt"
	"go/parser"
	"reflect"
)

// Expression evaluates one expression in the session, as Jupyter's
// user_expressions ask: after a cell, without side effects meant.
func (s *Session) Expression(ctx context.Context, expr string) (Result, error) {
	if _, err := parser.ParseExpr(expr); err != nil {
		return Result{}, &Error{Name: "syntax error", Message: fmt.Sprintf("%q is not an expression", expr)}
	}
	return s.Run(ctx, Cell{Code: expr, Name: "user_expressions"})
}

// Complete is a stub.
func (s *Session) Complete(code string, cursor int) (matches []string, start, end int) {
	return nil, cursor, cursor
}

// Inspect is a stub.
func (s *Session) Inspect(code string, pos int) (text string, found bool) { return "", false }

// Lookup is a stub.
func (s *Session) Lookup(name string) (reflect.Value, bool) { return reflect.Value{}, false }
