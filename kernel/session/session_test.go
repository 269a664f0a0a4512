package session

import (
	"bytes"
	"context"
	"errors"
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
