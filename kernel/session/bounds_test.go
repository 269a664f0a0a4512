package session

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// Bounds errors of unsigned indices above 2^63-1 read as Go's do, in
// recovered errors and in the cell's own error. The lines are what go run
// of the same code prints (Go 1.26.8); ixgo v1.1.1 alone printed [-1] and
// other checks' wording ("slice bounds out of range [-1:]").
func TestHugeUnsignedBounds(t *testing.T) {
	s, _ := New()
	var out bytes.Buffer
	s.Output(&out, &out, nil)
	eval(t, s, `import "runtime"

type Idx uint64

func try(name string, f func()) {
	defer func() {
		if e := recover(); e != nil {
			fmt.Println(name, e.(runtime.Error).Error())
			return
		}
		fmt.Println(name, "no panic")
	}()
	f()
}

func at[I ~uint64 | ~int](s []int, i I) int { return s[i] }`)
	eval(t, s, `s := []int{1, 2, 3, 4}[:3]
a := [3]int{1, 2, 3}
str := "abc"
var big uint64 = 1<<64 - 1
var mid uint = 1 << 63
var ok uint64 = 2`)
	eval(t, s, `try("slice", func() { _ = s[big] })
try("slice ok", func() { fmt.Print(s[ok], " ") })
try("named", func() { _ = s[Idx(big)] })
try("array", func() { _ = a[mid] })
try("array ptr", func() { p := &a; p[big] = 1 })
try("string", func() { _ = str[big] })
try("generic", func() { _ = at(s, big) })
try("lo", func() { _ = s[big:] })
try("hi", func() { _ = s[:big] })
try("lo hi", func() { _ = s[big:2] })
try("3 max", func() { _ = s[0:1:big] })
try("3 lo", func() { _ = s[big:1:2] })
try("string lo", func() { _ = str[big:] })
try("string hi", func() { _ = str[1:mid] })
try("array hi", func() { _ = a[:big] })
try("cap ok", func() { fmt.Print(len(s[ok:4]), " ") })`)
	want := `slice runtime error: index out of range [18446744073709551615] with length 3
3 slice ok no panic
named runtime error: index out of range [18446744073709551615] with length 3
array runtime error: index out of range [9223372036854775808] with length 3
array ptr runtime error: index out of range [18446744073709551615] with length 3
string runtime error: index out of range [18446744073709551615] with length 3
generic runtime error: index out of range [18446744073709551615] with length 3
lo runtime error: slice bounds out of range [18446744073709551615:3]
hi runtime error: slice bounds out of range [:18446744073709551615] with capacity 4
lo hi runtime error: slice bounds out of range [18446744073709551615:2]
3 max runtime error: slice bounds out of range [::18446744073709551615] with capacity 4
3 lo runtime error: slice bounds out of range [18446744073709551615:1:]
string lo runtime error: slice bounds out of range [18446744073709551615:3]
string hi runtime error: slice bounds out of range [:9223372036854775808] with length 3
array hi runtime error: slice bounds out of range [:18446744073709551615] with length 3
2 cap ok no panic
`
	if out.String() != want {
		t.Errorf("printed\n%s\nwant (go run)\n%s", out.String(), want)
	}
	// Not recovered: the cell's error says what Go's panic says, at the
	// line of the index.
	_, err := s.Eval(context.Background(), "x := 7\n_ = s[big]")
	if err == nil || !strings.Contains(err.Error(), "index out of range [18446744073709551615] with length 3") {
		t.Fatalf("error %v", err)
	}
	if e, ok := err.(*Error); !ok || !strings.Contains(strings.Join(e.Trace, "\n"), "cell line 2: _ = s[big]") {
		t.Errorf("trace %q, want the cell's line 2", err.(*Error).Trace)
	}
}
