package session

import (
	"go/scanner"
	"go/token"
	"strings"
)

// item is one top-level declaration or statement of a cell.
type item struct {
	src  string
	line int // 1-based line of the cell where the item starts
	kind itemKind
}

type itemKind int

const (
	stmt    itemKind = iota // a statement
	decl                    // func, method or type declaration
	imprt                   // import
	vardecl                 // var or const: a declaration and a statement
)

// split cuts a cell into top-level items at the statement boundaries the
// Go scanner reports at bracket depth 0. incomplete reports an unclosed
// bracket or literal (the cell needs more lines); err is a scan error.
func split(src string) (items []item, incomplete bool, err error) {
	fset := token.NewFileSet()
	file := fset.AddFile("cell", -1, len(src))
	var errs scanner.ErrorList
	var s scanner.Scanner
	s.Init(file, []byte(src), func(pos token.Position, msg string) {
		errs.Add(pos, msg)
	}, 0)
	depth := 0
	start := -1
	var toks []token.Token
	flush := func(end int) {
		if start < 0 {
			return
		}
		text := strings.TrimSpace(src[start:end])
		if text != "" {
			items = append(items, item{src: text, line: file.Line(file.Pos(start)), kind: classify(toks)})
		}
		start, toks = -1, nil
	}
	for {
		pos, tok, lit := s.Scan()
		if tok == token.EOF {
			break
		}
		off := file.Offset(pos)
		switch tok {
		case token.LPAREN, token.LBRACE, token.LBRACK:
			depth++
		case token.RPAREN, token.RBRACE, token.RBRACK:
			depth--
		}
		if tok == token.SEMICOLON && depth == 0 {
			end := off
			if lit == "\n" || lit == "" {
				end = off
			}
			flush(end)
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
	flush(len(src))
	if errs.Len() > 0 {
		// Only raw strings and block comments may go on past a line end;
		// an unterminated rune or interpreted string is invalid.
		for _, e := range errs {
			if e.Msg == "raw string literal not terminated" || e.Msg == "comment not terminated" {
				return nil, true, nil
			}
		}
		return nil, false, errs.Err()
	}
	if depth > 0 {
		return nil, true, nil
	}
	return items, false, nil
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
func groups(items []item) []item {
	var out []item
	fileMode := func(k itemKind) bool { return k != stmt }
	for _, it := range items {
		if n := len(out); n > 0 {
			last := &out[n-1]
			fits := false
			switch it.kind {
			case vardecl:
				fits = true
			case stmt:
				fits = !fileMode(last.kind)
			case decl:
				fits = fileMode(last.kind)
			case imprt:
				fits = last.kind == imprt
			}
			if fits {
				last.src += "\n" + it.src
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
