// Package csvdata reads CSV tables for coevo's loaders: lines starting
// with # are comments, a leading UTF-8 byte order mark is skipped, lines
// may end with LF, CRLF or a lone CR, a file in UTF-16 or UTF-32 is named
// so, a line or a file too long to be a table is refused (MaxLine,
// MaxBytes) before it fills memory, and every error names the file, line
// and column.
package csvdata

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
)

// Error locates bad input: file, line and column (1-based; 0 when unknown).
type Error struct {
	File      string
	Line, Col int
	Msg       string
}

func (e *Error) Error() string {
	if e.Col > 0 {
		return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, e.Msg)
	}
	return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
}

// Reader reads records and locates errors in them.
type Reader struct {
	cr   *csv.Reader
	in   *limited
	Name string
}

// The limits of a Reader: no table coevo reads has lines of a megabyte,
// and a longer line or file is most likely not a table at all (/dev/zero,
// a binary file), which would otherwise be read into memory whole.
const (
	MaxLine  = 1 << 20
	MaxBytes = 1 << 30
)

// NewReader reads CSV from r; name is used in errors.
func NewReader(r io.Reader, name string) *Reader {
	in := &limited{r: newTextReader(r, name), name: name, max: MaxBytes, line: 1}
	cr := csv.NewReader(in)
	cr.FieldsPerRecord = -1
	cr.TrimLeadingSpace = true
	cr.Comment = '#'
	return &Reader{cr, in, name}
}

// Next returns the next record, io.EOF at the end, or a located error.
func (t *Reader) Next() ([]string, error) {
	rec, err := t.cr.Read()
	if err != nil {
		var pe *csv.ParseError
		if errors.As(err, &pe) {
			return nil, &Error{t.Name, pe.Line, pe.Column, pe.Err.Error()}
		}
		return nil, err
	}
	return rec, nil
}

// Row returns the next record, io.EOF at the end, or a located error when
// it has not the header's n fields (a field beyond them is named).
func (t *Reader) Row(n int) ([]string, error) {
	rec, err := t.Next()
	if err != nil {
		return nil, err
	}
	if len(rec) < n {
		return nil, t.Errorf(-1, "%d fields, the header has %d", len(rec), n)
	}
	if len(rec) > n {
		return nil, t.Errorf(n, "%d fields, the header has %d: field %d (%q) has no column", len(rec), n, n+1, rec[n])
	}
	return rec, nil
}

// SkipBOM returns r, buffered, without a UTF-8 byte-order mark at its start.
func SkipBOM(r io.Reader) *bufio.Reader {
	br := bufio.NewReader(r)
	if b, err := br.Peek(3); err == nil && string(b) == "\uFEFF" {
		br.Discard(3)
	}
	return br
}

// Line returns the line of the last record read.
func (t *Reader) Line() int {
	l, _ := t.cr.FieldPos(0)
	return l
}

// Errorf returns an error located at field k of the last record (k < 0:
// the whole line).
func (t *Reader) Errorf(k int, format string, a ...any) error {
	if k < 0 {
		return &Error{t.Name, t.Line(), 0, fmt.Sprintf(format, a...)}
	}
	line, col := t.cr.FieldPos(k)
	return &Error{t.Name, line, col, fmt.Sprintf(format, a...)}
}

// Float parses field k of rec as a finite number (empty is 0), at least min.
func (t *Reader) Float(rec []string, k int, what string, min float64) (float64, error) {
	s := strings.TrimSpace(rec[k])
	if s == "" {
		return 0, nil
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) || v < min {
		if min == 0 {
			return 0, t.Errorf(k, "%s %q is not a non-negative number", what, s)
		}
		return 0, t.Errorf(k, "%s %q is not a number >= %g", what, s, min)
	}
	return v, nil
}

// Header reads the header and returns the index of each column, by lower
// case name; an empty file is an error that says what header was wanted.
func (t *Reader) Header(want string) ([]string, map[string]int, error) {
	head, err := t.Next()
	if err == io.EOF {
		return nil, nil, &Error{t.Name, 1, 0, "empty file (want a header " + want + ")"}
	}
	if err != nil {
		return nil, nil, err
	}
	col := map[string]int{}
	for i, h := range head {
		col[strings.ToLower(strings.TrimSpace(h))] = i
	}
	return head, col, nil
}

// UniqueHeader is Header for tables whose columns are found by name: a
// name given to two columns (letter case aside; up to the first empty
// header cell, after which a table may keep notes) is an error naming
// both, since which one is read would be anyone's guess.
func (t *Reader) UniqueHeader(want string) ([]string, map[string]int, error) {
	head, col, err := t.Header(want)
	if err != nil {
		return nil, nil, err
	}
	first := map[string]int{}
	for i, h := range head {
		h = strings.ToLower(strings.TrimSpace(h))
		if h == "" {
			break
		}
		if j, ok := first[h]; ok {
			return nil, nil, t.Errorf(i, "column %q appears twice (columns %d and %d)", strings.TrimSpace(head[i]), j+1, i+1)
		}
		first[h] = i
	}
	return head, col, nil
}

// limited passes input through and fails with a located Error at a line
// longer than MaxLine or past max bytes.
type limited struct {
	r     io.Reader
	name  string
	max   int64
	total int64
	line  int // the current line, from 1
	width int // bytes of the current line so far
}

func (l *limited) Read(p []byte) (int, error) {
	n, err := l.r.Read(p)
	for b := p[:n]; ; {
		i := bytes.IndexByte(b, '\n')
		if i < 0 {
			l.width += len(b)
			break
		}
		if l.width+i > MaxLine {
			l.width += i
			break
		}
		l.line++
		l.width, b = 0, b[i+1:]
	}
	if l.width > MaxLine {
		return 0, &Error{l.name, l.line, 0, fmt.Sprintf("line longer than %d bytes: not a CSV table", MaxLine)}
	}
	if l.total += int64(n); l.total > l.max {
		return 0, &Error{l.name, l.line, 0, fmt.Sprintf("more than %d bytes, the most coevo reads as a table", l.max)}
	}
	return n, err
}
