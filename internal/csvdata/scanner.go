package csvdata

import (
	"bytes"
	"encoding/binary"
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"math/bits"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
	"unsafe"
)

// Scanner reads the records of a CSV table as Reader does (comments,
// byte order mark, leading spaces trimmed, the same limits and located
// errors, the same reading of quotes as encoding/csv) without allocating
// per record or field: a record's fields are slices of the input, valid
// until the next call to Scan. The input is read in large blocks, the
// next one while the previous is parsed.
//
//	s := csvdata.NewScanner(r, name)
//	defer s.Close()
//	head, col, err := s.Header("a,b")
//	for s.Scan() {
//		if err := s.Want(len(head)); err != nil { ... }
//		v, err := s.Float(col["a"], "a", 0)
//	}
//	if err := s.Err(); err != nil { ... }
type Scanner struct {
	lines *Lines
	name  string
	// Field k of the current record is text[lo[k]:hi[k]], at column
	// cols[k] (1-based) of line (or of lineOf[k]).
	// Field k of the current record is text[lo[k]:hi[k]], at column
	// cols[k] (1-based; lo[k]+1 when fast) of line (or of lineOf[k]).
	text   []byte
	nf     int
	fast   bool
	lo, hi []int32 // (their length is their capacity: nf counts the fields)
	cols   []int32
	line   int // the line of the current record
	// For a record with quoted fields: where each field is, and the line
	// of each when the record spans lines.
	fields []field
	lineOf []int32
	buf    []byte // unquoted text of quoted fields; every field of a record spanning lines
	// plainEnd is where the line Plain returned ends.
	plainEnd int
	err      error
	done     bool
}

// field is one field of the current record: bytes lo:hi of the current
// line, or of buf when inBuf; line and col (1-based, in bytes) locate it.
type field struct {
	lo, hi    int
	inBuf     bool
	line, col int
}

// NewScanner reads CSV from r; name is used in errors.
func NewScanner(r io.Reader, name string) *Scanner {
	return &Scanner{lines: NewLines(r, name, "a CSV table", MaxBytes), name: name}
}

// Name returns the name given to NewScanner.
func (s *Scanner) Name() string { return s.name }

// Offset returns the bytes of the input before the next line.
func (s *Scanner) Offset() int64 { return s.lines.Offset() }

// Close stops the reading goroutine, if any.
func (s *Scanner) Close() { s.lines.Close() }

// Err returns the error that stopped Scan, nil at the end of the input.
func (s *Scanner) Err() error { return s.err }

// NumFields returns the number of fields of the current record.
func (s *Scanner) NumFields() int { return s.nf }

// Field returns field k of the current record, valid until the next Scan.
func (s *Scanner) Field(k int) []byte { return s.text[s.lo[k]:s.hi[k]:s.hi[k]] }

// Line returns the line of the current record (where its first field is).
func (s *Scanner) Line() int { return s.line }

// Pos returns the line and column of field k.
func (s *Scanner) Pos(k int) (line, col int) {
	if s.fast {
		return s.line, int(s.lo[k]) + 1
	}
	if s.lineOf != nil {
		return int(s.lineOf[k]), int(s.cols[k])
	}
	return s.line, int(s.cols[k])
}

// Errorf returns an error located at field k of the current record (k < 0:
// the whole line).
func (s *Scanner) Errorf(k int, format string, a ...any) error {
	msg := fmt.Sprintf(format, a...)
	if k < 0 || k >= s.nf {
		return &Error{s.name, s.Line(), 0, msg}
	}
	line, col := s.Pos(k)
	return &Error{s.name, line, col, msg}
}

var asciiSpace = [utf8.RuneSelf]bool{'\t': true, '\n': true, '\v': true, '\f': true, '\r': true, ' ': true}

// skipSpace returns the length of the white space (unicode.IsSpace) that
// begins b.
func skipSpace(b []byte) int {
	i := 0
	for i < len(b) {
		if c := b[i]; c < utf8.RuneSelf {
			if !asciiSpace[c] {
				return i
			}
			i++
			continue
		}
		r, size := utf8.DecodeRune(b[i:])
		if !unicode.IsSpace(r) {
			return i
		}
		i += size
	}
	return i
}

// Scan reads the next record; it returns false at the end of the input
// or at an error (see Err).
func (s *Scanner) Scan() bool {
	if s.done {
		return false
	}
	if s.scanFast() {
		return true
	}
	s.fast = false
	var line []byte
	var nl bool
	for {
		var err error
		line, nl, err = s.lines.Next()
		if err != nil {
			s.stop(err)
			return false
		}
		// Comment lines and empty lines are skipped, as encoding/csv does.
		if len(line) > 0 && line[0] == '#' || len(line) == 0 {
			continue
		}
		break
	}
	s.line, s.lineOf = s.lines.Line(), nil
	if bytes.IndexByte(line, '"') < 0 {
		// No quotes: fields are what lies between commas, leading
		// white space trimmed.
		lo, hi, cols := s.lo, s.hi, s.cols
		nf, at := 0, 0
		for {
			if at < len(line) {
				if c := line[at]; c <= ' ' || c >= utf8.RuneSelf {
					at += skipSpace(line[at:])
				}
			}
			j := at + indexComma(line[at:])
			if nf == len(lo) {
				s.grow()
				lo, hi, cols = s.lo, s.hi, s.cols
			}
			lo[nf], hi[nf], cols[nf] = int32(at), int32(j), int32(at+1)
			nf++
			if j == len(line) {
				break
			}
			at = j + 1
		}
		s.text, s.nf = line, nf
		return true
	}
	return s.quoted(line, nl)
}

const (
	ones  = 0x0101010101010101
	highs = 0x8080808080808080
	low7  = 0x7f7f7f7f7f7f7f7f
)

// zeroBytes has the high bit of each byte set where that byte of x is 0.
func zeroBytes(x uint64) uint64 { return ^((x&low7 + low7) | x) & highs }

// scanFast reads the next record when it is a line without quotes, not a
// comment nor empty, wholly in the window: one pass, eight bytes at a
// time, finds its newline and commas. Otherwise it reads nothing and
// returns false.
func (s *Scanner) scanFast() bool {
	l := s.lines
	win, pos := l.win, l.pos
	if pos >= len(win) {
		return false
	}
	if c := win[pos]; c == '#' || c == '\n' || c == '\r' {
		return false
	}
	hi := s.hi
	nf := 0
	for i := pos; i+8 <= len(win); i += 8 {
		x := binary.LittleEndian.Uint64(win[i:])
		n, c, q := zeroBytes(x^('\n'*ones)), zeroBytes(x^(','*ones)), zeroBytes(x^('"'*ones))
		if n != 0 {
			before := n&-n - 1 // the bytes before the newline
			c, q = c&before, q&before
		}
		if q != 0 {
			return false
		}
		for ; c != 0; c &= c - 1 {
			if nf == len(hi) {
				s.grow()
				hi = s.hi
			}
			hi[nf] = int32(i + bits.TrailingZeros64(c)>>3 - pos)
			nf++
		}
		if n == 0 {
			if i+8-pos > l.maxLine {
				return false
			}
			continue
		}
		end := i + bits.TrailingZeros64(n)>>3
		if end-pos > l.maxLine {
			return false
		}
		l.pos = end + 1
		l.line++
		if win[end-1] == '\r' {
			end--
		}
		if nf == len(hi) {
			s.grow()
			hi = s.hi
		}
		hi[nf] = int32(end - pos)
		nf++
		// Each field begins after the comma before it, white space
		// trimmed.
		text := win[pos:end:end]
		lo := s.lo[:nf]
		at := int32(0)
		for k := range lo {
			lo[k] = at
			if int(at) < len(text) {
				if c := text[at]; c <= ' ' || c >= utf8.RuneSelf {
					lo[k] += int32(skipSpace(text[at:hi[k]]))
				}
			}
			at = hi[k] + 1
		}
		s.text, s.nf, s.fast, s.line, s.lineOf = text, nf, true, l.line, nil
		return true
	}
	return false
}

// Plain returns the next line when it is plain: not empty nor a comment,
// and wholly read (its "\r\n" or "\n" dropped). A caller that can read
// such a line faster than as a record (typically one without quotes or
// spaces) does so and calls Skip; otherwise it calls Scan, which reads
// the same line. It returns nil when the next line is not plain.
func (s *Scanner) Plain() []byte {
	if s.done {
		return nil
	}
	l := s.lines
	rest := l.win[l.pos:]
	i := bytes.IndexByte(rest, '\n')
	if i <= 0 || i > l.maxLine || rest[0] == '#' || rest[0] == '\r' {
		return nil
	}
	s.plainEnd = l.pos + i + 1
	if rest[i-1] == '\r' {
		i--
	}
	return rest[:i:i]
}

// Skip passes over the line Plain returned.
func (s *Scanner) Skip() {
	l := s.lines
	l.pos = s.plainEnd
	l.line++
	s.line, s.nf, s.fast, s.lineOf = l.line, 0, false, nil
}

// grow makes room for more fields.
func (s *Scanner) grow() {
	n := 2*len(s.lo) + 8
	s.lo = append(s.lo[:len(s.lo)], make([]int32, n-len(s.lo))...)
	s.hi = append(s.hi[:len(s.hi)], make([]int32, n-len(s.hi))...)
	s.cols = append(s.cols[:len(s.cols)], make([]int32, n-len(s.cols))...)
}

// indexComma returns the index of the first comma in b, or len(b): eight
// bytes at a time.
func indexComma(b []byte) int {
	const ones, highs, low7 = 0x0101010101010101, 0x8080808080808080, 0x7f7f7f7f7f7f7f7f
	i := 0
	for ; i+8 <= len(b); i += 8 {
		x := binary.LittleEndian.Uint64(b[i:]) ^ (',' * ones)
		// The high bit of each byte of z is set where x's byte is 0.
		if z := ^((x&low7 + low7) | x) & highs; z != 0 {
			return i + bits.TrailingZeros64(z)/8
		}
	}
	for ; i < len(b); i++ {
		if b[i] == ',' {
			return i
		}
	}
	return i
}

// quoted parses a record with quotes in its first line.
func (s *Scanner) quoted(line []byte, nl bool) bool {
	s.fields, s.buf = s.fields[:0], s.buf[:0]
	cur, col := s.line, 1
	rest := line
	spans := false // the record spans lines: its fields are in buf
	for {
		i := skipSpace(rest)
		rest, col = rest[i:], col+i
		if len(rest) == 0 || rest[0] != '"' {
			// An unquoted field: up to the next comma.
			j := 0
			for j < len(rest) && rest[j] != ',' && rest[j] != '"' {
				j++
			}
			if j < len(rest) && rest[j] == '"' {
				s.stop(&Error{s.name, cur, col + j, csv.ErrBareQuote.Error()})
				return false
			}
			f := field{line: cur, col: col}
			if spans {
				f.lo = len(s.buf)
				s.buf = append(s.buf, rest[:j]...)
				f.hi, f.inBuf = len(s.buf), true
			} else {
				f.lo = len(line) - len(rest)
				f.hi = f.lo + j
			}
			s.fields = append(s.fields, f)
			if j == len(rest) {
				break
			}
			rest, col = rest[j+1:], col+j+1
			continue
		}
		// A quoted field: "" is a quote; it may span lines.
		f := field{line: cur, col: col, inBuf: true, lo: len(s.buf)}
		rest, col = rest[1:], col+1
		more := false // a comma follows the closing quote
	quoted:
		for {
			if i := bytes.IndexByte(rest, '"'); i >= 0 {
				s.buf = append(s.buf, rest[:i]...)
				rest, col = rest[i+1:], col+i+1
				switch {
				case len(rest) > 0 && rest[0] == '"':
					s.buf = append(s.buf, '"')
					rest, col = rest[1:], col+1
					continue
				case len(rest) > 0 && rest[0] == ',':
					rest, col, more = rest[1:], col+1, true
				case len(rest) > 0:
					s.stop(&Error{s.name, cur, col - 1, csv.ErrQuote.Error()})
					return false
				}
				break quoted
			}
			if len(rest) == 0 && !nl {
				// The input ends inside the quotes.
				s.stop(&Error{s.name, cur, col, csv.ErrQuote.Error()})
				return false
			}
			s.buf = append(s.buf, rest...)
			col += len(rest)
			if nl {
				s.buf = append(s.buf, '\n')
				col++
			}
			// The field goes on on the next line: keep what this line
			// holds of the record in buf before reading it.
			if !spans {
				spans = true
				part := append([]byte(nil), s.buf[f.lo:]...)
				s.buf = s.buf[:f.lo]
				for k := range s.fields {
					if g := &s.fields[k]; !g.inBuf {
						lo := len(s.buf)
						s.buf = append(s.buf, line[g.lo:g.hi]...)
						g.lo, g.hi, g.inBuf = lo, len(s.buf), true
					}
				}
				f.lo = len(s.buf)
				s.buf = append(s.buf, part...)
			}
			var err error
			line, nl, err = s.lines.Next()
			switch {
			case err == io.EOF:
				line, nl, rest = nil, false, nil
			case err != nil:
				s.stop(err)
				return false
			default:
				// (A last line of only "\r" is no line to encoding/csv.)
				if len(line) > 0 || nl {
					cur, col = cur+1, 1
				}
				rest = line
			}
		}
		f.hi = len(s.buf)
		s.fields = append(s.fields, f)
		if !more {
			break
		}
	}
	// Every field into buf, so that they index one text.
	s.nf = 0
	for k := range s.fields {
		f := &s.fields[k]
		if !f.inBuf {
			lo := len(s.buf)
			s.buf = append(s.buf, line[f.lo:f.hi]...)
			f.lo, f.hi = lo, len(s.buf)
		}
		if k == len(s.lo) {
			s.grow()
		}
		s.lo[k], s.hi[k], s.cols[k] = int32(f.lo), int32(f.hi), int32(f.col)
		s.nf++
	}
	s.text = s.buf
	if spans {
		s.lineOf = make([]int32, len(s.fields))
		for k, f := range s.fields {
			s.lineOf[k] = int32(f.line)
		}
	}
	return true
}

func (s *Scanner) stop(err error) {
	s.done = true
	s.nf, s.lineOf = 0, nil
	if err != io.EOF {
		s.err = err
	}
	s.lines.Close()
}

// Header reads the header and returns its fields and the index of each
// column, by lower case name; an empty file is an error that says what
// header was wanted.
func (s *Scanner) Header(want string) ([]string, map[string]int, error) {
	if !s.Scan() {
		if s.err != nil {
			return nil, nil, s.err
		}
		return nil, nil, &Error{s.name, 1, 0, "empty file (want a header " + want + ")"}
	}
	head := make([]string, s.NumFields())
	col := map[string]int{}
	for i := range head {
		head[i] = string(s.Field(i))
		col[strings.ToLower(strings.TrimSpace(head[i]))] = i
	}
	return head, col, nil
}

// Want checks that the current record has the header's n fields, or
// returns a located error (naming a field beyond them).
func (s *Scanner) Want(n int) error {
	switch m := s.NumFields(); {
	case m < n:
		return s.Errorf(-1, "%d fields, the header has %d", m, n)
	case m > n:
		return s.Errorf(n, "%d fields, the header has %d: field %d (%q) has no column", m, n, n+1, s.Field(n))
	}
	return nil
}

// Trimmed returns field k without white space around it.
func (s *Scanner) Trimmed(k int) []byte { return TrimSpace(s.Field(k)) }

// TrimSpace is bytes.TrimSpace, quicker on ASCII.
func TrimSpace(b []byte) []byte {
	if len(b) == 0 {
		return b
	}
	if c, d := b[0], b[len(b)-1]; c < utf8.RuneSelf && !asciiSpace[c] && d < utf8.RuneSelf && !asciiSpace[d] {
		return b
	}
	return bytes.TrimSpace(b)
}

// Float parses field k as a finite number (empty is 0), at least min.
func (s *Scanner) Float(k int, what string, min float64) (float64, error) {
	b := s.Trimmed(k)
	if len(b) == 0 {
		return 0, nil
	}
	v, ok := ParseFloat(b)
	if !ok || math.IsNaN(v) || math.IsInf(v, 0) || v < min {
		if min == 0 {
			return 0, s.Errorf(k, "%s %q is not a non-negative number", what, b)
		}
		return 0, s.Errorf(k, "%s %q is not a number >= %g", what, b, min)
	}
	return v, nil
}

// pow10 are the powers of ten a float64 holds exactly.
var pow10 = [...]float64{1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22}

// ParseFloat parses b as strconv.ParseFloat(string(b), 64) does, without
// allocating: plain decimals of up to 15 digits (the counts of a results
// table) directly and exactly, anything else by strconv.
func ParseFloat(b []byte) (float64, bool) {
	if n := len(b); n > 0 && n <= 16 {
		var m uint64
		digits, frac := 0, -1
		plain := true
		for i, c := range b {
			switch {
			case c >= '0' && c <= '9':
				m = m*10 + uint64(c-'0')
				digits++
			case c == '.' && frac < 0:
				frac = i
			default:
				plain = false
			}
		}
		if plain && digits >= 1 && digits <= 15 {
			if frac < 0 {
				return float64(m), true
			}
			// A whole mantissa below 10^15 over an exact power of ten
			// rounds correctly (one IEEE division of exact operands).
			return float64(m) / pow10[n-1-frac], true
		}
	}
	v, err := strconv.ParseFloat(unsafe.String(unsafe.SliceData(b), len(b)), 64)
	return v, err == nil
}
