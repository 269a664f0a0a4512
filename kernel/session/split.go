package session

import "github.com/coevolab/coevo/kernel/internal/cells"

// item is one top-level declaration, statement or magic line of a cell:
// the text cell[off:end], which starts at line and col of the cell.
type item struct {
	off, end  int
	line, col int // 1-based
	kind      itemKind
	// vars: a var declaration
	vars bool
}

// The splitter is kernel/internal/cells', which the kernel process uses
// too (for is_complete) without linking the interpreter.
type itemKind = cells.Kind

const (
	stmt      = cells.Stmt      // a statement
	decl      = cells.Decl      // func, method or type declaration
	imprt     = cells.Import    // import
	vardecl   = cells.VarDecl   // var or const: a declaration and a statement
	magic     = cells.Magic     // a line magic: "%name args" (or a shell line, "!cmd") on a line of its own
	cellMagic = cells.CellMagic // "%%name args" on the first line: applies to the rest of the cell
)

// split cuts a cell into top-level items (cells.Split). incomplete reports
// an unclosed bracket or literal (the cell needs more lines); err is a
// scan error (*scanError).
func split(src string) (items []item, incomplete bool, err error) {
	its, incomplete, err := cells.Split(src)
	if err != nil {
		if se, ok := err.(*cells.ScanError); ok {
			return nil, false, &scanError{off: se.Off, msg: se.Msg}
		}
		return nil, false, err
	}
	if incomplete {
		return nil, true, nil
	}
	items = make([]item, len(its))
	for i, it := range its {
		items[i] = item{off: it.Off, end: it.End, line: it.Line, col: it.Col, kind: it.Kind, vars: it.Vars}
	}
	return items, false, nil
}

// scanError is a scan error at a byte offset of the cell.
type scanError struct {
	off int
	msg string
}

func (e *scanError) Error() string { return e.msg }

// firstOnLine reports whether only blanks precede offset i on its line.
func firstOnLine(s string, i int) bool { return cells.FirstOnLine(s, i) }

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

func skipBlank(s string, i int) int {
	for i < len(s) && isSpace(s[i]) {
		i++
	}
	return i
}

// lineEnd is the offset of the end of the line holding offset i.
func lineEnd(s string, i int) int { return cells.LineEnd(s, i) }

// lineStarts returns the offset at which each line of s starts.
func lineStarts(s string) []int { return cells.LineStarts(s) }

// lineOf returns the 0-based line holding offset off.
func lineOf(starts []int, off int) int { return cells.LineOf(starts, off) }
