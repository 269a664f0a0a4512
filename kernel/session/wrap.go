package session

import (
	"go/ast"
	"go/parser"
	"go/token"
)

// wrapPrefix starts the names of the functions evalWrapped declares.
const wrapPrefix = "_coevoStmt"

// needsWrap tells whether a single top-level statement of a cell must run
// inside a function literal to work around a yaegi v0.16.1 bug: in a
// block, loop, if or switch at the top level of a program, a multi-value
// definition such as "a, b := f()" or "v, ok := m[k]" fails with
// "undefined: a" (and may have run part of the statement already). The
// same statement inside a function is compiled correctly. A bare call of
// a function literal, "func() { ... }()", runs twice at the top level.
// And a closure in a block at the top level shares the block's
// variables with every other (yaegi makes them the program's, not the
// block's): for Go 1.22's variable per loop iteration, closures must see
// their own. Such statements are run as the body of a declared function
// (Session.evalWrapped); the others, and definitions at the top level
// itself, are left alone.
func needsWrap(src string) bool {
	f, err := parser.ParseFile(token.NewFileSet(), "", "package p; func _() {\n"+src+"\n}", parser.SkipObjectResolution)
	if err != nil || len(f.Decls) != 1 {
		return false
	}
	body := f.Decls[0].(*ast.FuncDecl).Body
	if body == nil || len(body.List) != 1 {
		return false
	}
	top := body.List[0]
	if e, ok := top.(*ast.ExprStmt); ok {
		if call, ok := e.X.(*ast.CallExpr); ok {
			_, lit := call.Fun.(*ast.FuncLit)
			return lit
		}
	}
	switch top.(type) {
	case *ast.BlockStmt, *ast.ForStmt, *ast.RangeStmt, *ast.IfStmt, *ast.SwitchStmt,
		*ast.TypeSwitchStmt, *ast.SelectStmt, *ast.LabeledStmt:
	default:
		return false
	}
	found := false
	ast.Inspect(top, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			// A closure in a block at the top level: yaegi makes the
			// block's variables (a loop's, copied per iteration) the
			// program's, shared by every closure.
			found = true
		case *ast.AssignStmt:
			if n.Tok == token.DEFINE && len(n.Lhs) > 1 && len(n.Rhs) == 1 {
				found = true
			}
		}
		return !found
	})
	return found
}
