package csvdata

import (
	"bytes"
	"io"
	"slices"
	"strings"
	"testing"
	"unicode/utf16"
)

// encode16 is s in UTF-16 (with a byte order mark when bom), as Windows
// saves "Unicode text"; encode32 in UTF-32 little-endian with its mark.
func encode16(s string, bigEndian, bom bool) []byte {
	var b bytes.Buffer
	units := utf16.Encode([]rune(s))
	if bom {
		units = append([]uint16{0xfeff}, units...)
	}
	for _, u := range units {
		if bigEndian {
			b.WriteByte(byte(u >> 8))
			b.WriteByte(byte(u))
		} else {
			b.WriteByte(byte(u))
			b.WriteByte(byte(u >> 8))
		}
	}
	return b.Bytes()
}

func encode32(s string) []byte {
	b := []byte{0xff, 0xfe, 0, 0}
	for _, r := range s {
		b = append(b, byte(r), byte(r>>8), byte(r>>16), byte(r>>24))
	}
	return b
}

// A table saved in UTF-16 or UTF-32 is named so, by the Reader and by
// the Scanner (and so Lines), instead of lacking its header's columns.
func TestUTF16Named(t *testing.T) {
	const table = "a,b,wins_a,wins_b,draws\nA,B,3,2,1\n"
	for _, c := range []struct {
		data []byte
		want string
	}{
		{encode16(table, false, true), "UTF-16 text (little-endian, with a byte order mark)"},
		{encode16(table, true, true), "UTF-16 text (big-endian, with a byte order mark)"},
		{encode16(table, false, false), "UTF-16 text (little-endian: a NUL byte after each character)"},
		{encode16(table, true, false), "UTF-16 text (big-endian: a NUL byte before each character)"},
		{encode32(table), "UTF-32 text (little-endian"},
	} {
		_, _, err := NewReader(bytes.NewReader(c.data), "u.csv").Header("a,b")
		if err == nil || !strings.HasPrefix(err.Error(), "u.csv:1: "+c.want) || !strings.Contains(err.Error(), "save it as UTF-8") {
			t.Errorf("Reader: %v, want %q", err, c.want)
		}
		s := NewScanner(bytes.NewReader(c.data), "u.csv")
		_, _, err = s.Header("a,b")
		s.Close()
		if err == nil || !strings.HasPrefix(err.Error(), "u.csv:1: "+c.want) {
			t.Errorf("Scanner: %v, want %q", err, c.want)
		}
	}
	// UTF-8 with non-ASCII names is read as it is.
	r := NewReader(strings.NewReader("a,b\nÉlo,Zoë\n"), "u8.csv")
	if _, _, err := r.Header("a,b"); err != nil {
		t.Fatal(err)
	}
	if rec, err := r.Next(); err != nil || rec[0] != "Élo" {
		t.Fatalf("%q %v", rec, err)
	}
}

// Lines that end with a lone CR are lines, read as those ending with LF
// or CRLF are, across the blocks of a long stream too.
func TestCROnlyLineEnds(t *testing.T) {
	var lf strings.Builder
	lf.WriteString("\ufeffn,T\n")
	for i := range 100_000 { // past the first block and the next
		lf.WriteString(strings.Repeat("1", i%7+1) + ",2\n")
	}
	want := records(t, lf.String())
	for _, text := range []string{strings.ReplaceAll(lf.String(), "\n", "\r"), strings.ReplaceAll(lf.String(), "\n", "\r\n")} {
		if got := records(t, text); !slices.EqualFunc(got, want, slices.Equal) {
			t.Fatalf("%d records, want %d (first %q, want %q)", len(got), len(want), got[:min(2, len(got))], want[:2])
		}
	}
}

// records reads text with the Reader and with the Scanner, which must
// agree.
func records(t *testing.T, text string) [][]string {
	t.Helper()
	var viaReader [][]string
	r := NewReader(strings.NewReader(text), "t.csv")
	for {
		rec, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		viaReader = append(viaReader, rec)
	}
	var viaScanner [][]string
	s := NewScanner(strings.NewReader(text), "t.csv")
	defer s.Close()
	for s.Scan() {
		var rec []string
		for k := range s.NumFields() {
			rec = append(rec, string(s.Field(k)))
		}
		viaScanner = append(viaScanner, rec)
	}
	if err := s.Err(); err != nil {
		t.Fatal(err)
	}
	if !slices.EqualFunc(viaReader, viaScanner, slices.Equal) {
		t.Fatalf("Reader and Scanner differ: %d and %d records", len(viaReader), len(viaScanner))
	}
	return viaReader
}
