package csvdata

import (
	"errors"
	"io"
	"strings"
	"testing"
)

func TestLocatedErrors(t *testing.T) {
	r := NewReader(strings.NewReader("# comment\nx,y\n1, -2\n"), "f.csv")
	if _, col, err := r.Header("x,y"); err != nil || col["y"] != 1 {
		t.Fatal(col, err)
	}
	rec, _ := r.Next()
	if _, err := r.Float(rec, 1, "y", 0); err == nil || err.Error() != `f.csv:3:4: y "-2" is not a non-negative number` {
		t.Fatalf("got %v", err)
	}
	if _, err := r.Next(); err != io.EOF {
		t.Fatal(err)
	}
	if _, _, err := NewReader(strings.NewReader(""), "e.csv").Header("a,b"); err == nil || !strings.Contains(err.Error(), "e.csv:1: empty file") {
		t.Fatalf("got %v", err)
	}
}

func TestRowFieldCount(t *testing.T) {
	r := NewReader(strings.NewReader("a,b,c\n1,2\n"), "r.csv")
	head, _, _ := r.Header("a,b,c")
	if _, err := r.Row(len(head)); err == nil || err.Error() != "r.csv:2: 2 fields, the header has 3" {
		t.Fatalf("got %v", err)
	}
}

// A byte order mark (Excel's "CSV UTF-8") is not part of the first name.
func TestByteOrderMark(t *testing.T) {
	r := NewReader(strings.NewReader("\ufeffn,T\n2,3\n"), "bom.csv")
	head, col, err := r.Header("n,T")
	if err != nil || head[0] != "n" || col["n"] != 0 {
		t.Fatalf("%q %v %v", head, col, err)
	}
	// Only a leading one: elsewhere it is data.
	r = NewReader(strings.NewReader("n,T\n\ufeff2,3\n"), "mid.csv")
	r.Header("n,T")
	if rec, _ := r.Next(); rec[0] != "\ufeff2" {
		t.Fatalf("%q", rec)
	}
}

// zeros is an endless stream of zero bytes, like /dev/zero.
type zeros struct{}

func (zeros) Read(p []byte) (int, error) { clear(p); return len(p), nil }

// /dev/zero given as a table fails at the first megabyte, naming the
// line and the limit, instead of filling memory.
func TestLongLine(t *testing.T) {
	_, _, err := NewReader(zeros{}, "/dev/zero").Header("a,b")
	var e *Error
	if !errors.As(err, &e) || e.Line != 1 || !strings.Contains(err.Error(), "/dev/zero:1: line longer than 1048576 bytes") {
		t.Fatalf("got %v", err)
	}
	long := "a,b\n1,2\n" + strings.Repeat("9", MaxLine+1) + "\n"
	r := NewReader(strings.NewReader(long), "long.csv")
	r.Header("a,b")
	r.Next()
	if _, err := r.Next(); !errors.As(err, &e) || e.Line != 3 {
		t.Fatalf("got %v", err)
	}
	// A line of exactly MaxLine bytes is fine.
	ok := "a\n" + strings.Repeat("9", MaxLine) + "\n"
	r = NewReader(strings.NewReader(ok), "ok.csv")
	r.Header("a")
	if rec, err := r.Next(); err != nil || len(rec[0]) != MaxLine {
		t.Fatalf("got %v", err)
	}
}

// lines is an endless table "1,2\n1,2\n...".
type lines struct{ at int }

func (l *lines) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = "1,2\n"[l.at%4]
		l.at++
	}
	return len(p), nil
}

// An endless stream of short lines stops at the byte limit (MaxBytes,
// lowered here to 4 MiB to keep the test quick).
func TestTooManyBytes(t *testing.T) {
	r := NewReader(&lines{}, "endless.csv")
	r.in.max = 4 << 20
	var err error
	for err == nil {
		_, err = r.Next()
	}
	if !strings.Contains(err.Error(), "more than 4194304 bytes, the most coevo reads") {
		t.Fatalf("got %v", err)
	}
}

func TestRowTooManyFields(t *testing.T) {
	r := NewReader(strings.NewReader("a,b\n1,2,3\n"), "r.csv")
	head, _, _ := r.Header("a,b")
	if _, err := r.Row(len(head)); err == nil || err.Error() != `r.csv:2:5: 3 fields, the header has 2: field 3 ("3") has no column` {
		t.Fatalf("got %v", err)
	}
}
