package rules

import (
	"fmt"
	"strconv"
)

// Error is a parse or evaluation error at a place in the rule text.
type Error struct {
	Line, Col int // 1-based; Col 0 means the whole line, Line 0 the whole text
	Msg       string
}

func (e *Error) Error() string {
	if e.Line == 0 {
		return e.Msg
	}
	if e.Col > 0 {
		return fmt.Sprintf("line %d, column %d: %s", e.Line, e.Col, e.Msg)
	}
	return fmt.Sprintf("line %d: %s", e.Line, e.Msg)
}

type tokKind int

const (
	tEOF tokKind = iota
	tInt
	tIdent
	tOp // + - * / % ( ) , : | < <= > >= == != .. =
)

type token struct {
	kind tokKind
	text string
	val  int64
	col  int // 1-based column in the line
}

func (t token) String() string {
	if t.kind == tEOF {
		return "end of line"
	}
	return strconv.Quote(t.text)
}

// lex splits s (which starts at column base) into tokens.
func lex(s string, line, base int) ([]token, error) {
	var out []token
	i := 0
	for i < len(s) {
		c := s[i]
		col := base + i
		switch {
		case c == ' ' || c == '\t' || c == '\r':
			i++
		case c >= '0' && c <= '9':
			j := i
			for j < len(s) && s[j] >= '0' && s[j] <= '9' {
				j++
			}
			v, err := strconv.ParseInt(s[i:j], 10, 32)
			if err != nil {
				return nil, &Error{line, col, fmt.Sprintf("number %s is too large (at most %d)", s[i:j], int32(1<<31-1))}
			}
			out = append(out, token{tInt, s[i:j], v, col})
			i = j
		case c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
			j := i
			for j < len(s) && (s[j] == '_' || s[j] >= 'a' && s[j] <= 'z' || s[j] >= 'A' && s[j] <= 'Z' || s[j] >= '0' && s[j] <= '9') {
				j++
			}
			out = append(out, token{tIdent, s[i:j], 0, col})
			i = j
		default:
			two := ""
			if i+1 < len(s) {
				two = s[i : i+2]
			}
			switch two {
			case "<=", ">=", "==", "!=", "..":
				out = append(out, token{tOp, two, 0, col})
				i += 2
				continue
			}
			switch c {
			case '+', '-', '*', '/', '%', '(', ')', ',', ':', '|', '<', '>', '=':
				out = append(out, token{tOp, string(c), 0, col})
				i++
			default:
				return nil, &Error{line, col, fmt.Sprintf("unexpected character %q", c)}
			}
		}
	}
	return append(out, token{kind: tEOF, col: base + len(s)}), nil
}
