package session

import "github.com/coevolab/coevo/kernel/internal/cells"

// item is one top-level declaration, statement or magic line of a cell:
// the text cell[off:end], which starts at line and col of the cell.
type item struct {
	off, end  int
	line, col int // 1-based
	kind      itemKind
	// For a group of items: where its last item starts, and its kind.
	tail     int
	tailKind itemKind
	// joint: a defer or goto, which binds the statements around it.
	joint bool
	// vars: var declarations only (for a group: all its items are)
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
		items[i] = item{off: it.Off, end: it.End, line: it.Line, col: it.Col, kind: it.Kind, tail: it.Off, tailKind: it.Kind, joint: it.Joint, vars: it.Vars}
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

// groups joins consecutive items that yaegi can evaluate together. yaegi
// reads a source as a file of declarations when its first token is import,
// func, type, var or const, and as statements otherwise; so a group takes
// the mode of its first item. var and const fit both modes; imports and
// func or type declarations need file mode, plain statements body mode.
// Statements are not grouped with one another: each is run on its own, so
// that a panic's position (which yaegi gives as the first statement of the
// program it runs) is the statement's; unless the cell has a top-level
// defer or goto, which needs the statements around it in one program.
// A group spans the cell's text from its first item to its last, so that
// positions in it map back to the cell; magic lines stand alone.
func groups(items []item) []item {
	var out []item
	fileMode := func(k itemKind) bool { return k != stmt }
	isMagic := func(k itemKind) bool { return k == magic || k == cellMagic }
	joint := false
	for _, it := range items {
		joint = joint || it.joint
	}
	for _, it := range items {
		if n := len(out); n > 0 && !isMagic(it.kind) && !isMagic(out[n-1].kind) {
			last := &out[n-1]
			fits := false
			switch it.kind {
			case vardecl:
				fits = fileMode(last.kind) || joint
			case stmt:
				fits = joint && !fileMode(last.kind)
			case decl:
				fits = fileMode(last.kind)
			case imprt:
				fits = last.kind == imprt
			}
			if fits {
				last.end, last.tail, last.tailKind = it.end, it.off, it.kind
				last.vars = last.vars && it.vars
				if it.kind == decl && last.kind == imprt {
					last.kind = decl
				}
				continue
			}
		}
		out = append(out, it)
	}
	return out
}
