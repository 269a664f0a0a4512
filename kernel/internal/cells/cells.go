// Package cells knows what the kernel process and the worker both need to
// know about a notebook cell's text without an interpreter: where its
// top-level items (declarations, statements, magic lines) start and end,
// whether it is complete or needs more lines (Jupyter's is_complete), and
// Frame, a place in a cell that a panic went through.
//
// The kernel process imports it (and not kernel/session, which links the
// interpreter), so that it starts small and fast.
package cells

import (
	"fmt"
	"go/scanner"
	"go/token"
	"strings"
	"unicode"
)

// Item is one top-level declaration, statement or magic line of a cell:
// the text cell[Off:End], which starts at Line and Col of the cell
// (1-based).
type Item struct {
	Off, End  int
	Line, Col int
	Kind      Kind
	// Joint: a defer or goto, which binds the statements around it.
	Joint bool
	// Vars: a var declaration.
	Vars bool
}

// Kind is what an item is.
type Kind int

// The kinds of item.
const (
	Stmt      Kind = iota // a statement
	Decl                  // func, method or type declaration
	Import                // import
	VarDecl               // var or const: a declaration and a statement
	Magic                 // a line magic: "%name args" (or a shell line, "!cmd") on a line of its own
	CellMagic             // "%%name args" on the first line: applies to the rest of the cell
)

// RawCellMagics are the cell magics whose cell is not Go (a script, a
// file's text).
var RawCellMagics = map[string]bool{"bash": true, "sh": true, "writefile": true}

// RawCell tells whether a cell's first line is a magic whose cell is not Go.
func RawCell(code string) bool {
	first := skipBlank(code, 0)
	if !strings.HasPrefix(code[first:], "%%") {
		return false
	}
	name := strings.TrimLeft(code[first:LineEnd(code, first)], "%")
	if i := strings.IndexFunc(name, unicode.IsSpace); i >= 0 {
		name = name[:i]
	}
	return RawCellMagics[name]
}

// IsComplete reports "complete", "incomplete" or "invalid" for code typed
// so far, as the Jupyter is_complete request asks.
func IsComplete(code string) string {
	if RawCell(code) {
		return "complete" // a script or a file's text, not Go
	}
	_, incomplete, err := Split(code)
	switch {
	case incomplete:
		return "incomplete"
	case err != nil:
		return "invalid"
	}
	return "complete"
}

// Frame is a cell position a panic went through, as the interpreter
// reports it.
type Frame struct {
	Cell      string // cell name, e.g. "In[3]"
	Line, Col int    // in the cell
	Func      string // "main" (the cell's statements), "f", "a func literal", "a func literal of f"
}

// String says where the frame is: the cell's line, and the function
// unless it is the cell's statements.
func (f Frame) String() string {
	where := fmt.Sprintf("%s line %d", f.Cell, f.Line)
	if f.Func != "" && f.Func != "main" {
		where += ", in " + f.Func
	}
	return where
}

// Split cuts a cell into top-level items at the statement boundaries the
// Go scanner reports at bracket depth 0, and at magic lines: a line whose
// first token, at depth 0, is "%", or "!" where a statement would start. incomplete reports an unclosed bracket
// or literal (the cell needs more lines); err is a scan error.
func Split(src string) (items []Item, incomplete bool, err error) {
	lines := LineStarts(src)
	pos := func(off int) (line, col int) {
		l := LineOf(lines, off)
		return l + 1, off - lines[l] + 1
	}
	add := func(off, end int, kind Kind, joint, vars bool) {
		for off < end && isSpace(src[off]) {
			off++
		}
		for end > off && isSpace(src[end-1]) {
			end--
		}
		if off == end {
			return
		}
		l, c := pos(off)
		items = append(items, Item{Off: off, End: end, Line: l, Col: c, Kind: kind, Joint: joint, Vars: vars})
	}
	from := 0
	if off := skipBlank(src, 0); strings.HasPrefix(src[off:], "%%") {
		end := LineEnd(src, off)
		add(off, end, CellMagic, false, false)
		from = end
	}
	depth := 0
	for from < len(src) {
		magicAt, inc, serr := scanItems(src, from, &depth, add)
		if serr != nil {
			return nil, false, serr
		}
		if inc {
			return nil, true, nil
		}
		if magicAt < 0 {
			break
		}
		end := LineEnd(src, magicAt)
		add(magicAt, end, Magic, false, false)
		from = end
	}
	if depth > 0 {
		return nil, true, nil
	}
	return items, false, nil
}

// scanItems scans src from offset from, adding the items it finds, until
// the end or a magic line, whose offset it returns (-1 at the end).
func scanItems(src string, from int, depth *int, add func(off, end int, kind Kind, joint, vars bool)) (magicAt int, incomplete bool, err error) {
	fset := token.NewFileSet()
	body := src[from:]
	file := fset.AddFile("cell", -1, len(body))
	var errs scanner.ErrorList
	var s scanner.Scanner
	s.Init(file, []byte(body), func(pos token.Position, msg string) {
		errs.Add(pos, msg)
	}, 0)
	start := -1
	var toks []token.Token
	flush := func(end int) {
		if start >= 0 {
			joint := len(toks) > 0 && (toks[0] == token.DEFER || toks[0] == token.GOTO)
			add(from+start, from+end, classify(toks), joint, len(toks) > 0 && toks[0] == token.VAR)
		}
		start, toks = -1, nil
	}
	magicAt = -1
	// header: inside the header of an if, for or switch at depth 0, whose
	// explicit semicolons ("if x := f(); x > 0 {") do not end the item.
	header := false
	for {
		p, tok, lit := s.Scan()
		if tok == token.EOF {
			break
		}
		off := file.Offset(p)
		// A magic line starts with % at depth 0; a shell line with !, where
		// no Go statement can start (a ! continuing an expression does not
		// start an item).
		if ((tok == token.REM || tok == token.REM_ASSIGN) || tok == token.NOT && start < 0) && *depth == 0 && FirstOnLine(src, from+off) {
			flush(off)
			magicAt = from + off
			break
		}
		switch tok {
		case token.IF, token.FOR, token.SWITCH:
			header = header || *depth == 0
		case token.LBRACE:
			header = header && *depth != 0
		}
		switch tok {
		case token.LPAREN, token.LBRACE, token.LBRACK:
			*depth++
		case token.RPAREN, token.RBRACE, token.RBRACK:
			*depth--
		}
		if tok == token.SEMICOLON && *depth == 0 && !(header && lit == ";") {
			flush(off)
			header = false
			continue
		}
		if tok == token.COMMENT {
			continue
		}
		if start < 0 {
			start = off
		}
		toks = append(toks, tok)
	}
	if magicAt < 0 {
		flush(len(body))
	}
	if errs.Len() > 0 {
		// Only raw strings and block comments may go on past a line end;
		// an unterminated rune or interpreted string is invalid.
		for _, e := range errs {
			if e.Msg == "raw string literal not terminated" || e.Msg == "comment not terminated" {
				return -1, true, nil
			}
		}
		return -1, false, &ScanError{Off: from + errs[0].Pos.Offset, Msg: errs[0].Msg}
	}
	return magicAt, false, nil
}

// ScanError is a scan error at a byte offset of the cell.
type ScanError struct {
	Off int
	Msg string
}

func (e *ScanError) Error() string { return e.Msg }

// FirstOnLine reports whether only blanks precede offset i on its line.
func FirstOnLine(s string, i int) bool {
	for i > 0 && (s[i-1] == ' ' || s[i-1] == '\t' || s[i-1] == '\r') {
		i--
	}
	return i == 0 || s[i-1] == '\n'
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

func skipBlank(s string, i int) int {
	for i < len(s) && isSpace(s[i]) {
		i++
	}
	return i
}

// LineEnd is the offset of the end of the line holding offset i.
func LineEnd(s string, i int) int {
	if k := strings.IndexByte(s[i:], '\n'); k >= 0 {
		return i + k
	}
	return len(s)
}

// LineStarts returns the offset at which each line of s starts.
func LineStarts(s string) []int {
	starts := []int{0}
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' {
			starts = append(starts, i+1)
		}
	}
	return starts
}

// LineOf returns the 0-based line holding offset off.
func LineOf(starts []int, off int) int {
	lo, hi := 0, len(starts)-1
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if starts[mid] <= off {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return lo
}

// classify tells a declaration from a statement by its first tokens: a
// func followed by a name, or by a receiver and a name, declares.
func classify(toks []token.Token) Kind {
	if len(toks) == 0 {
		return Stmt
	}
	switch toks[0] {
	case token.IMPORT:
		return Import
	case token.VAR, token.CONST:
		return VarDecl
	case token.TYPE:
		return Decl
	case token.FUNC:
		if len(toks) > 1 && toks[1] == token.IDENT {
			return Decl
		}
		if len(toks) > 1 && toks[1] == token.LPAREN {
			depth := 0
			for i := 1; i < len(toks); i++ {
				switch toks[i] {
				case token.LPAREN:
					depth++
				case token.RPAREN:
					depth--
					if depth == 0 {
						if i+1 < len(toks) && toks[i+1] == token.IDENT {
							return Decl
						}
						return Stmt
					}
				}
			}
		}
	}
	return Stmt
}
