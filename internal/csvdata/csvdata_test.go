package csvdata

import (
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

func TestRowTooManyFields(t *testing.T) {
	r := NewReader(strings.NewReader("a,b\n1,2,3\n"), "r.csv")
	head, _, _ := r.Header("a,b")
	if _, err := r.Row(len(head)); err == nil || err.Error() != `r.csv:2:5: 3 fields, the header has 2: field 3 ("3") has no column` {
		t.Fatalf("got %v", err)
	}
}

// A byte-order mark (U+FEFF, as spreadsheets save "CSV UTF-8") is not
// part of the first column's name.
func TestByteOrderMark(t *testing.T) {
	r := NewReader(strings.NewReader("\uFEFFa,b\n1,2\n"), "bom.csv")
	head, col, err := r.Header("a,b")
	if err != nil || head[0] != "a" || col["a"] != 0 {
		t.Fatalf("header %q, %v", head, err)
	}
}
