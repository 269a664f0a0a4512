package session

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"
)

func eval(t *testing.T, s *Session, code string) Result {
	t.Helper()
	r, err := s.Eval(context.Background(), code)
	if err != nil {
		t.Fatalf("%q: %v", code, err)
	}
	return r
}

func TestStatePersists(t *testing.T) {
	s, err := New()
	if err != nil {
		t.Fatal(err)
	}
	eval(t, s, "x := 20")
	eval(t, s, "func double(a int) int { return 2 * a }")
	r := eval(t, s, "double(x) + 2")
	if !r.Show || r.Value.Interface() != 42 {
		t.Fatalf("%+v", r)
	}
}

// A cell may mix declarations and statements; the final expression is the result.
func TestMixedCell(t *testing.T) {
	s, _ := New()
	var out bytes.Buffer
	s.Output(&out, &out, nil)
	r := eval(t, s, `import "fmt"
import "strings"

type point struct{ X, Y int }

func (p point) Sum() int { return p.X + p.Y }

p := point{3, 4}
fmt.Println("sum is", p.Sum())
strings.Repeat("ab", p.Sum())`)
	if !r.Show || r.Value.Interface() != "ababababababab" || out.String() != "sum is 7\n" {
		t.Fatalf("%+v out=%q", r, out.String())
	}
	// Things that are not shown: declarations, assignments, print calls.
	for _, code := range []string{"var q int", "q = 5", `fmt.Println("x")`, "func g() {}", "g()"} {
		if r := eval(t, s, code); r.Show {
			t.Errorf("%q shows %v", code, r.Value)
		}
	}
}

func TestPanicAndRecovery(t *testing.T) {
	s, _ := New()
	eval(t, s, "y := 7")
	_, err := s.Eval(context.Background(), `panic("boom")`)
	var e *Error
	if !errors.As(err, &e) || e.Name != "panic" || e.Message != "boom" {
		t.Fatalf("got %v", err)
	}
	if r := eval(t, s, "y"); r.Value.Interface() != 7 {
		t.Fatalf("state lost: %v", r.Value)
	}
}

// Cancelling the context stops an interpreted infinite loop; state stays.
func TestInterrupt(t *testing.T) {
	s, _ := New()
	eval(t, s, "z := 3")
	ctx, cancel := context.WithCancel(context.Background())
	go func() { time.Sleep(100 * time.Millisecond); cancel() }()
	t0 := time.Now()
	_, err := s.Eval(ctx, "for { z = z + 0 }")
	var e *Error
	if !errors.As(err, &e) || e.Name != "interrupted" || time.Since(t0) > 5*time.Second {
		t.Fatalf("got %v after %v", err, time.Since(t0))
	}
	if r := eval(t, s, "z"); r.Value.Interface() != 3 {
		t.Fatalf("state lost: %v", r.Value)
	}
}

func TestIsComplete(t *testing.T) {
	cases := map[string]string{
		"x := 1":                 "complete",
		"func f() {":             "incomplete",
		"s := `abc":              "incomplete",
		"for i := 0; i < 3; i++": "complete",
		"x := 1 @":               "invalid",
	}
	for code, want := range cases {
		if got := IsComplete(code); got != want {
			t.Errorf("%q: %s, want %s", code, got, want)
		}
	}
}

func TestComplete(t *testing.T) {
	s, _ := New()
	eval(t, s, "answerValue := 42")
	m, start, end := s.Complete("x := strings.Rep", 16)
	if len(m) == 0 || m[0] != "Repeat" || start != 13 || end != 16 {
		t.Fatalf("%v %d %d", m, start, end)
	}
	m, _, _ = s.Complete("answ", 4)
	if !contains(m, "answerValue") {
		t.Fatalf("%v", m)
	}
}

func contains(s []string, x string) bool {
	for _, v := range s {
		if strings.EqualFold(v, x) {
			return true
		}
	}
	return false
}

// Importing a package again in a later cell is allowed (yaegi alone
// rejects it as a redeclaration).
func TestReimport(t *testing.T) {
	s, _ := New()
	eval(t, s, `import "strings"`)
	r := eval(t, s, `import (
	"fmt"
	"strings"
)
var _ = fmt.Sprint
strings.ToUpper("ok")`)
	if r.Value.Interface() != "OK" {
		t.Fatalf("%v", r.Value)
	}
	eval(t, s, `import "strings"`)
}

func TestFmtPreImported(t *testing.T) {
	s, _ := New()
	var out bytes.Buffer
	s.Output(&out, &out, nil)
	eval(t, s, `fmt.Println("ready")`)
	eval(t, s, "import \"fmt\"\nfmt.Print(\"again\")")
	if out.String() != "ready\nagain" {
		t.Fatalf("%q", out.String())
	}
}

func run(t *testing.T, s *Session, name, code string) (Result, *Error) {
	t.Helper()
	r, err := s.Run(context.Background(), Cell{Code: code, Name: name})
	if err == nil {
		return r, nil
	}
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("%s: %v is not a *session.Error", name, err)
	}
	return r, e
}

// Compile errors give the line and column within the cell, counted as an
// editor counts them, whatever group of the cell they are in.
func TestCompileErrorPositions(t *testing.T) {
	s, _ := New()
	cases := []struct{ code, want, caret string }{
		{"undefinedName + 1", "In[1]:1:1: undefined: undefinedName", "    ^"},
		{"x := 1\n\n  y := undefinedName + 1", "In[2]:3:8: undefined: undefinedName", "           ^"},
		{"func f() int {\n\treturn nope\n}", "In[3]:2:9: undefined: nope", "    \t       ^"},
		{"import \"fmt\"\nvar v = 1\nfmt.Println(v + \"a\")", "In[4]:3:13: invalid operation: v + \"a\" (mismatched types int and untyped string)", ""},
		{"z := 1 @", "In[5]:1:8: illegal character U+0040 '@'", "           ^"},
		// A spec of a parenthesized type declaration at column 2 (go build:
		// main.go:5:4 for the same lines in a file).
		{"type (\n\tA int\n\tB Missing\n)", "In[6]:3:4: undefined: Missing", "    \t  ^"},
	}
	for i, c := range cases {
		name := fmt.Sprintf("In[%d]", i+1)
		_, e := run(t, s, name, c.code)
		if e == nil || e.Message != c.want {
			t.Errorf("%q: got %v, want %q", c.code, e, c.want)
			continue
		}
		if c.caret != "" && (len(e.Trace) < 2 || e.Trace[1] != c.caret) {
			t.Errorf("%q: trace %q, want caret line %q", c.code, e.Trace, c.caret)
		}
	}
}

// A cell with many compile errors lists them as the Go compiler does:
// each at its line, the first ten, then how many more (go build stops at
// ten with "too many errors").
func TestCompileErrorsAreListed(t *testing.T) {
	s, _ := New()
	var code strings.Builder
	for i := range 12 {
		fmt.Fprintf(&code, "x%d := missing%d\n", i, i)
	}
	_, e := run(t, s, "In[1]", code.String())
	if e == nil || e.Message != "In[1]:1:7: undefined: missing0" {
		t.Fatalf("got %v", e)
	}
	var listed []string
	for _, l := range e.Trace {
		if strings.HasPrefix(l, "In[1]:") {
			listed = append(listed, l)
		}
	}
	if len(listed) != 9 || listed[0] != "In[1]:2:7: undefined: missing1" || listed[8] != "In[1]:10:7: undefined: missing9" {
		t.Errorf("errors after the first: %q", listed)
	}
	if last := e.Trace[len(e.Trace)-1]; last != "(and 2 more errors)" {
		t.Errorf("the trace ends %q", last)
	}
}

func TestImportErrorSaysWhatIsImportable(t *testing.T) {
	s, _ := New()
	_, e := run(t, s, "In[1]", `import "example.com/nowhere"`)
	if e == nil || !strings.Contains(e.Message, `cannot import "example.com/nowhere"`) || strings.Contains(e.Message, "GOPATH") {
		t.Fatalf("%v", e)
	}
}

// A panic names its value and the cell lines it went through, innermost
// first, not the interpreter's internals.
func TestPanicTrace(t *testing.T) {
	s, _ := New()
	run(t, s, "In[1]", "func f(n int) int {\n\tif n == 0 {\n\t\tpanic(\"deep\")\n\t}\n\treturn f(n-1)\n}")
	_, e := run(t, s, "In[2]", "x := 1\nf(2)")
	if e == nil || e.Name != "panic" || e.Message != "deep" {
		t.Fatalf("%v", e)
	}
	want := []string{
		`  In[1] line 3, in f: panic("deep")`,
		`  In[1] line 5, in f: return f(n-1)  (2 times)`,
		`  In[2] line 2: f(2)`,
	}
	tr := strings.Join(e.Trace, "\n")
	if tr != strings.Join(want, "\n") {
		t.Fatalf("trace:\n%s\nwant\n%s", tr, strings.Join(want, "\n"))
	}
	if strings.Contains(tr, "yaegi") || strings.Contains(tr, "reflect") || len(e.Trace) > 5 {
		t.Fatalf("interpreter internals in the trace:\n%s", tr)
	}
}

// Run-time panics read as the Go runtime words them (runtime/panic.go,
// runtime/map.go of Go 1.26).
func TestRuntimePanicsAsGo(t *testing.T) {
	s, _ := New()
	cases := map[string]string{
		"var p *struct{ X int }\nq := *p":    "runtime error: invalid memory address or nil pointer dereference",
		"var p2 *struct{ X int }\np2.X = 1":  "runtime error: invalid memory address or nil pointer dereference",
		"var sl []int\nsl[5] = 1":            "runtime error: index out of range [5] with length 0",
		"var m map[string]int\nm[\"a\"] = 1": "assignment to entry in nil map",
		"a, b := 1, 0\n_ = a / b":            "runtime error: integer divide by zero",
		"var i any = \"s\"\n_ = i.(int)":     "interface conversion: interface {} is string, not int",
	}
	i := 0
	for code, want := range cases {
		i++
		_, e := run(t, s, fmt.Sprintf("In[%d]", i), code)
		if e == nil || e.Name != "panic" || e.Message != want {
			t.Errorf("%q: %v, want panic %q", code, e, want)
		}
	}
}

// A panic raised in compiled code names the compiled functions.
func TestPanicInCompiledCode(t *testing.T) {
	s, _ := New()
	_, e := run(t, s, "In[1]", "import \"strings\"\nstrings.Repeat(\"x\", -1)")
	if e == nil || e.Message != "strings: negative Repeat count" {
		t.Fatalf("%v", e)
	}
	tr := strings.Join(e.Trace, "\n")
	if !strings.Contains(tr, "strings.Repeat (strings/strings.go:") || !strings.Contains(tr, "In[1] line 2") {
		t.Fatalf("trace:\n%s", tr)
	}
}

// OnPanic sees the frames of a panic as it unwinds.
func TestOnPanic(t *testing.T) {
	s, _ := New()
	var got []Frame
	s.OnPanic(func(f Frame) { got = append(got, f) })
	run(t, s, "In[7]", "x := 0\n\npanic(x)")
	if len(got) != 1 || got[0].Cell != "In[7]" || got[0].Line != 3 || got[0].Func != "main" {
		t.Fatalf("%+v", got)
	}
}

// An interrupted cell that is inside a compiled call which takes no
// context returns when that call does: the caller knows the code has
// stopped only then.
func TestInterruptWaitsForCompiledCall(t *testing.T) {
	s, _ := New()
	ctx, cancel := context.WithCancel(context.Background())
	// The interrupt comes 100 ms after the cell printed, in its sleep (an
	// interrupt before the sleep starts stops the cell before it): an
	// interrupted cell that returns has slept its 400 ms.
	started := &cancelOn{text: "sleeping", cancel: func() { time.AfterFunc(100*time.Millisecond, cancel) }}
	s.Output(started, io.Discard, nil)
	eval(t, s, `import "time"`)
	t0 := time.Now()
	_, err := s.Run(ctx, Cell{Code: "fmt.Println(\"sleeping\")\ntime.Sleep(400 * time.Millisecond)"})
	var e *Error
	if !errors.As(err, &e) || e.Name != "interrupted" {
		t.Fatalf("%v", err)
	}
	if el := time.Since(t0); el < 400*time.Millisecond {
		t.Fatalf("returned %v after the cell started, while its compiled call was still running", el)
	}
}

// cancelOn cancels when text is written to it.
type cancelOn struct {
	text   string
	cancel func()
	buf    string
}

func (c *cancelOn) Write(p []byte) (int, error) {
	c.buf += string(p)
	if strings.Contains(c.buf, c.text) && c.cancel != nil {
		c.cancel()
		c.cancel = nil
	}
	return len(p), nil
}

func TestMagicsTimeAndTimeit(t *testing.T) {
	s, _ := New()
	var out bytes.Buffer
	s.Output(&out, &out, nil)
	r, e := run(t, s, "In[1]", "%time x := 6 * 7\nx")
	if e != nil {
		t.Fatal(e)
	}
	if !r.Show || r.Value.Interface() != 42 {
		t.Fatalf("%%time lost the statement: %+v", r)
	}
	if !regexp.MustCompile(`^CPU times: user \S+ \S+, sys: \S+ \S+, total: \S+ \S+\nWall time: \S+ (s|ms|µs|ns)\n$`).MatchString(out.String()) {
		t.Fatalf("%%time printed %q", out.String())
	}
	out.Reset()
	if _, e := run(t, s, "In[2]", "%timeit -n 10 -r 3 x + 1"); e != nil {
		t.Fatal(e)
	}
	if !regexp.MustCompile(`^\S+ \S+ ± \S+ \S+ per loop \(mean ± std\. dev\. of 3 runs, 10 loops each\)\n$`).MatchString(out.String()) {
		t.Fatalf("%%timeit printed %q", out.String())
	}
	out.Reset()
	// %%time times the whole cell; a magic can sit between statements.
	r, e = run(t, s, "In[3]", "%%time\ny := x\n%env COEVO_MAGIC_TEST=on\ny + 1")
	if e != nil || r.Value.Interface() != 43 || os.Getenv("COEVO_MAGIC_TEST") != "on" {
		t.Fatalf("%v %+v %q", e, r, os.Getenv("COEVO_MAGIC_TEST"))
	}
	if !strings.HasPrefix(out.String(), "env: COEVO_MAGIC_TEST=on\nCPU times:") {
		t.Fatalf("%q", out.String())
	}
	os.Unsetenv("COEVO_MAGIC_TEST")
}

// %timeit's loop count: the first of 1, 2, 5, 10, ... that takes 0.2 s.
func TestTimeitAutorange(t *testing.T) {
	s, _ := New()
	var out bytes.Buffer
	s.Output(&out, &out, nil)
	if _, e := run(t, s, "In[1]", "import \"time\"\n%timeit -r 1 time.Sleep(30 * time.Millisecond)"); e != nil {
		t.Fatal(e)
	}
	// 5 sleeps of 30 ms are the first count past 0.2 s (2 would be 60 ms).
	if !strings.HasSuffix(out.String(), "(mean ± std. dev. of 1 run, 10 loops each)\n") && !strings.HasSuffix(out.String(), "(mean ± std. dev. of 1 run, 5 loops each)\n") {
		t.Fatalf("%q", out.String())
	}
}

// IPython's _format_time: three significant digits in the largest unit
// that keeps the number at least 1.
func TestFormatTime(t *testing.T) {
	for in, want := range map[float64]string{0.0123: "12.3 ms", 1.5e-6: "1.5 µs", 0.2: "200 ms", 2: "2 s", 0.001: "1 ms", 0.0009: "900 µs", 3e-9: "3 ns", 0: "0 ns"} {
		if got := formatTime(in); got != want {
			t.Errorf("formatTime(%g) = %q, want %q", in, got, want)
		}
	}
}

func TestMagicsWhoResetEnvLsmagic(t *testing.T) {
	s, _ := New()
	var out bytes.Buffer
	s.Output(&out, &out, nil)
	run(t, s, "In[1]", "count := 3\nconst label = \"k\"\nfunc half(x float64) float64 { return x / 2 }")
	run(t, s, "In[2]", "%who")
	for _, want := range []string{"count  ", "int", "half", "func(float64) float64", "label"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("%%who lacks %q:\n%s", want, out.String())
		}
	}
	out.Reset()
	run(t, s, "In[3]", "%lsmagic")
	for _, m := range Magics() {
		if !strings.Contains(out.String(), m.Usage) {
			t.Errorf("%%lsmagic lacks %s", m.Usage)
		}
	}
	if _, e := run(t, s, "In[4]", "%env COEVO_UNSET_FOR_TEST"); e == nil || !strings.Contains(e.Message, "not set") {
		t.Errorf("%%env of an unset variable: %v", e)
	}
	r, e := run(t, s, "In[5]", "%reset")
	if e != nil || !r.Reset {
		t.Fatalf("%v %+v", e, r)
	}
	if _, e := run(t, s, "In[6]", "count"); e == nil || e.Message != "In[6]:1:1: undefined: count" {
		t.Fatalf("after %%reset: %v", e)
	}
	if _, e := run(t, s, "In[7]", "%nosuch"); e == nil || e.Name != "magic" || !strings.Contains(e.Message, "unknown magic %nosuch") {
		t.Fatalf("%v", e)
	}
}

// A "%" that starts a line inside a raw string or a bracket is Go, not a magic.
func TestPercentNotMagic(t *testing.T) {
	s, _ := New()
	r, e := run(t, s, "In[1]", "f := fmt.Sprintf(`\n%d`, 5)\nf")
	if e != nil || r.Value.Interface() != "\n5" {
		t.Fatalf("%v %+v", e, r)
	}
}

// Replay runs what declares and skips what only reports.
func TestReplay(t *testing.T) {
	s, _ := New()
	var out bytes.Buffer
	s.Output(&out, &out, nil)
	for _, code := range []string{"%time a := 2", "%timeit a * a", "%who", "%lsmagic"} {
		if _, err := s.Run(context.Background(), Cell{Code: code, Replay: true}); err != nil {
			t.Fatal(err)
		}
	}
	if out.Len() != 0 {
		t.Fatalf("replay printed %q", out.String())
	}
	if r := eval(t, s, "a"); r.Value.Interface() != 2 {
		t.Fatalf("%v", r.Value)
	}
}

func TestCompleteMagics(t *testing.T) {
	s, _ := New()
	m, start, end := s.Complete("x := 1\n%ti", 10)
	if strings.Join(m, ",") != "time,timeit" || start != 8 || end != 10 {
		t.Fatalf("%v %d %d", m, start, end)
	}
	if m, _, _ := s.Complete("%%t", 3); strings.Join(m, ",") != "time" {
		t.Fatalf("cell magics: %v", m)
	}
}

// A top-level defer runs at the end of the cell, as in a function body.
func TestDeferRunsAtCellEnd(t *testing.T) {
	s, _ := New()
	var out bytes.Buffer
	s.Output(&out, &out, nil)
	eval(t, s, "defer fmt.Println(\"last\")\nfmt.Println(\"first\")")
	if out.String() != "first\nlast\n" {
		t.Fatalf("%q", out.String())
	}
}

func TestInspect(t *testing.T) {
	s, _ := New()
	eval(t, s, "limit := 12")
	text, found := s.Inspect("x := strings.Repeat(", 15)
	if !found || !strings.HasPrefix(text, "strings.Repeat: func(string, int) string") {
		t.Fatalf("%v %q", found, text)
	}
	if text, found := s.Inspect("limit", 2); !found || text != "limit: int = 12" {
		t.Fatalf("%v %q", found, text)
	}
	if _, found := s.Inspect("nothingHere", 3); found {
		t.Fatal("found an undefined name")
	}
}

func TestLoopsAndConditionals(t *testing.T) {
	s, _ := New()
	r := eval(t, s, "n := 0\nfor i := 0; i < 4; i++ {\n\tn += i\n}\nif m := n * 2; m > 10 {\n\tn = m\n}\nn")
	if r.Value.Interface() != 12 {
		t.Fatalf("%v", r.Value)
	}
}

// A cell whose context is cancelled before it starts does not start (yaegi
// would not stop a program started after the cancel).
func TestCancelledBeforeStart(t *testing.T) {
	s, _ := New()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	done := make(chan error)
	go func() { _, err := s.Run(ctx, Cell{Code: "for {\n}"}); done <- err }()
	select {
	case err := <-done:
		var e *Error
		if !errors.As(err, &e) || e.Name != "interrupted" {
			t.Fatalf("%v", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("a cancelled cell ran")
	}
}
