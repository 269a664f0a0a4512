package session

import (
	"go/scanner"
	"go/token"
	"strings"
)

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

type itemKind int

const (
	stmt      itemKind = iota // a statement
	decl                      // func, method or type declaration
	imprt                     // import
	vardecl                   // var or const: a declaration and a statement
	magic                     // a line magic: "%name args" (or a shell line, "!cmd") on a line of its own
	cellMagic                 // "%%name args" on the first line: applies to the rest of the cell
)

// split cuts a cell into top-level items at the statement boundaries the
// Go scanner reports at bracket depth 0, and at magic lines: a line whose
// first token, at depth 0, is "%", or "!" where a statement would start. incomplete reports an unclosed bracket
// or literal (the cell needs more lines); err is a scan error.
func split(src string) (items []item, incomplete bool, err error) {
	lines := lineStarts(src)
	pos := func(off int) (line, col int) {
		l := lineOf(lines, off)
		return l + 1, off - lines[l] + 1
	}
	add := func(off, end int, kind itemKind, joint, vars bool) {
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
		items = append(items, item{off: off, end: end, line: l, col: c, kind: kind, tail: off, tailKind: kind, joint: joint, vars: vars})
	}
	from := 0
	if off := skipBlank(src, 0); strings.HasPrefix(src[off:], "%%") {
		end := lineEnd(src, off)
		add(off, end, cellMagic, false, false)
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
		end := lineEnd(src, magicAt)
		add(magicAt, end, magic, false, false)
		from = end
	}
	if depth > 0 {
		return nil, true, nil
	}
	return items, false, nil
}

// scanItems scans src from offset from, adding the items it finds, until
// the end or a magic line, whose offset it returns (-1 at the end).
func scanItems(src string, from int, depth *int, add func(off, end int, kind itemKind, joint, vars bool)) (magicAt int, incomplete bool, err error) {
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
		if ((tok == token.REM || tok == token.REM_ASSIGN) || tok == token.NOT && start < 0) && *depth == 0 && firstOnLine(src, from+off) {
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
		return -1, false, &scanError{off: from + errs[0].Pos.Offset, msg: errs[0].Msg}
	}
	return magicAt, false, nil
}

// scanError is a scan error at a byte offset of the cell.
type scanError struct {
	off int
	msg string
}

func (e *scanError) Error() string { return e.msg }

// firstOnLine reports whether only blanks precede offset i on its line.
func firstOnLine(s string, i int) bool {
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

// lineEnd is the offset of the end of the line holding offset i.
func lineEnd(s string, i int) int {
	if k := strings.IndexByte(s[i:], '\n'); k >= 0 {
		return i + k
	}
	return len(s)
}

// lineStarts returns the offset at which each line of s starts.
func lineStarts(s string) []int {
	starts := []int{0}
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' {
			starts = append(starts, i+1)
		}
	}
	return starts
}

// lineOf returns the 0-based line holding offset off.
func lineOf(starts []int, off int) int {
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
func classify(toks []token.Token) itemKind {
	if len(toks) == 0 {
		return stmt
	}
	switch toks[0] {
	case token.IMPORT:
		return imprt
	case token.VAR, token.CONST:
		return vardecl
	case token.TYPE:
		return decl
	case token.FUNC:
		if len(toks) > 1 && toks[1] == token.IDENT {
			return decl
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
							return decl
						}
						return stmt
					}
				}
			}
		}
	}
	return stmt
}

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
