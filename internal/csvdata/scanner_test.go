package csvdata

import (
	"errors"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

// scanAll reads src with the Scanner: each record's fields with their
// positions, then the error (or "EOF").
func scanAll(src string) []string {
	s := NewScanner(strings.NewReader(src), "f.csv")
	defer s.Close()
	var out []string
	for s.Scan() {
		var b strings.Builder
		for k := 0; k < s.NumFields(); k++ {
			l, c := s.Pos(k)
			b.WriteString(strconv.Quote(string(s.Field(k))) + "@" + strconv.Itoa(l) + ":" + strconv.Itoa(c) + " ")
		}
		out = append(out, b.String())
	}
	if s.Err() != nil {
		return append(out, s.Err().Error())
	}
	return append(out, "EOF")
}

// readAll reads src with Reader (encoding/csv under the limits).
func readAll(src string) []string {
	r := NewReader(strings.NewReader(src), "f.csv")
	var out []string
	for {
		rec, err := r.Next()
		if err == io.EOF {
			return append(out, "EOF")
		}
		if err != nil {
			return append(out, err.Error())
		}
		var b strings.Builder
		for k, f := range rec {
			l, c := r.cr.FieldPos(k)
			b.WriteString(strconv.Quote(f) + "@" + strconv.Itoa(l) + ":" + strconv.Itoa(c) + " ")
		}
		out = append(out, b.String())
	}
}

func sameAsReader(t *testing.T, src string) {
	t.Helper()
	got, want := scanAll(src), readAll(src)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("%q:\nScanner %q\nReader  %q", src, got, want)
	}
}

// The Scanner reads every table as encoding/csv (through Reader) does:
// the same fields at the same lines and columns, the same errors at the
// same places. Random tables over the characters that matter.
func TestScannerAgreesWithCSV(t *testing.T) {
	for _, src := range []string{
		"", "\n", "a", "a,b\n", "a,b", " a , b \n", "\"a\"\"b\",c\n", "\"a\nb\",c\nd\n",
		"\"a\r\nb\"\n", "# c\na\n", " # not a comment\n", "a,\"b\n", "a,\"b", "a\"b\n", "\"a\"b\n",
		"\uFEFFa,b\n", "a,\u00a0b\n", "\r", "a\r", "\"a\n\r", "a,b\r\n\r\nc\r\n", "\"\"\n", "\"x\",\n", ",\n",
	} {
		sameAsReader(t, src)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	alphabet := []string{"a", "b", ",", ",", "\"", "\"", "\n", "\n", "\r", " ", "#", "\t", "é", "\u00a0", "1", "\xff"}
	for it := 0; it < 20000; it++ {
		var b strings.Builder
		for n := rng.IntN(30); n > 0; n-- {
			b.WriteString(alphabet[rng.IntN(len(alphabet))])
		}
		sameAsReader(t, b.String())
	}
	// Longer ones, where most lines take the fast path.
	for it := 0; it < 300; it++ {
		var b strings.Builder
		for n := rng.IntN(3000); n > 0; n-- {
			if rng.IntN(4) == 0 {
				b.WriteString(alphabet[rng.IntN(len(alphabet))])
			} else {
				b.WriteString([]string{"ab", ",", "\n", "12", " "}[rng.IntN(5)])
			}
		}
		sameAsReader(t, b.String())
	}
}

func FuzzScanner(f *testing.F) {
	f.Add("a,b,wins_a\nx,\"y\"\"z\",3\n")
	f.Add("\"a\nb\",c\n# x\n\n d,e\r\n")
	f.Fuzz(func(t *testing.T, src string) { sameAsReader(t, src) })
}

// Long input: lines across blocks, a quoted field across a block edge,
// and the same records as Reader.
func TestScannerBlocks(t *testing.T) {
	var b strings.Builder
	rng := rand.New(rand.NewPCG(3, 4))
	b.WriteString("a,b,c\n")
	for b.Len() < 3*blockSize {
		switch rng.IntN(50) {
		case 0:
			b.WriteString("\"multi\nline " + strings.Repeat("x", rng.IntN(3000)) + "\",q\n")
		case 1:
			b.WriteString("# comment\n")
		default:
			b.WriteString("p" + strconv.Itoa(rng.IntN(1000)) + ",p" + strconv.Itoa(rng.IntN(1000)) + "," + strconv.Itoa(rng.IntN(100)) + "\n")
		}
	}
	sameAsReader(t, b.String())
	// A line longer than the first block but within MaxLine.
	long := "a\n" + strings.Repeat("9", 200<<10) + "\nb\n"
	sameAsReader(t, long)
}

func TestScannerLimits(t *testing.T) {
	s := NewScanner(zeros{}, "/dev/zero")
	_, _, err := s.Header("a,b")
	var e *Error
	if !errors.As(err, &e) || e.Line != 1 || !strings.Contains(err.Error(), "/dev/zero:1: line longer than 1048576 bytes") {
		t.Fatalf("got %v", err)
	}
	ok := "a\n" + strings.Repeat("9", MaxLine) + "\n"
	s = NewScanner(strings.NewReader(ok), "ok.csv")
	s.Header("a")
	if !s.Scan() || len(s.Field(0)) != MaxLine {
		t.Fatalf("got %v", s.Err())
	}
	long := "a,b\n1,2\n" + strings.Repeat("9", MaxLine+1) + "\n"
	s = NewScanner(strings.NewReader(long), "long.csv")
	s.Header("a,b")
	if !s.Scan() || s.Scan() || !errors.As(s.Err(), &e) || e.Line != 3 {
		t.Fatalf("got %v", s.Err())
	}
	s = NewScanner(&lines{}, "endless.csv")
	s.lines.max = 4 << 20
	for s.Scan() {
	}
	if err := s.Err(); err == nil || !strings.Contains(err.Error(), "endless.csv:1048577: more than 4194304 bytes, the most coevo reads") {
		t.Fatalf("got %v", err)
	}
}

func TestParseFloat(t *testing.T) {
	for _, s := range []string{"0", "1", "12", "007", "1.5", ".5", "1.", "123456789012345", "1234567890123456", "0.1", "2.675",
		"99999999999999.9", "1e3", "+3", "-0", "inf", "nan", "1_0", "", ".", "1.2.3", "0x10", "3.14159265358979", "1e400"} {
		got, ok := ParseFloat([]byte(s))
		want, err := strconv.ParseFloat(s, 64)
		if ok != (err == nil) || ok && got != want && !(got != got && want != want) {
			t.Errorf("%q: %v %v, strconv %v %v", s, got, ok, want, err)
		}
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for it := 0; it < 100000; it++ {
		s := strconv.FormatUint(rng.Uint64N(1e15), 10)
		if k := rng.IntN(len(s) + 1); k < len(s) {
			s = s[:k] + "." + s[k:]
		}
		got, _ := ParseFloat([]byte(s))
		if want, _ := strconv.ParseFloat(s, 64); got != want {
			t.Fatalf("%q: %v, strconv %v", s, got, want)
		}
	}
}

// Plain gives the lines Scan would read as records, and Skip passes over
// them: reading every plain line by Plain and the rest by Scan gives the
// same records, at the same lines.
func TestScannerPlain(t *testing.T) {
	src := "a,b\n# c\n\nx,y\r\n\"q\",r\nlast,1\n" + strings.Repeat("u,v\n", 3) + "end"
	s := NewScanner(strings.NewReader(src), "p.csv")
	var got []string
	for {
		if line := s.Plain(); line != nil && !strings.Contains(string(line), "\"") {
			got = append(got, strconv.Itoa(s.lines.Line()+1)+":"+string(line))
			s.Skip()
			continue
		}
		if !s.Scan() {
			break
		}
		var f []string
		for k := 0; k < s.NumFields(); k++ {
			f = append(f, string(s.Field(k)))
		}
		got = append(got, strconv.Itoa(s.Line())+":"+strings.Join(f, ","))
	}
	want := "1:a,b 4:x,y 5:q,r 6:last,1 7:u,v 8:u,v 9:u,v 10:end"
	if strings.Join(got, " ") != want || s.Err() != nil {
		t.Fatalf("got %q, %v", got, s.Err())
	}
}
