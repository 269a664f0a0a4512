package session

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/coevolab/coevo/kernel/native"
	_ "github.com/coevolab/coevo/kernel/symbols"
)

// A cell that ends with a call of a function returning nothing shows
// nothing, nor does one returning (n, nil) like a write (a byte count
// says nothing: fmt.Println, w.WriteString), while a call that returns a
// value shows it.
func TestVoidCallShowsNothing(t *testing.T) {
	s, err := New()
	if err != nil {
		t.Fatal(err)
	}
	eval(t, s, `import "strings"`)
	eval(t, s, `import "github.com/coevolab/coevo/kernel/display"`)
	eval(t, s, "var sb strings.Builder")
	eval(t, s, "bar := display.NewProgress(\"x\", 3)")
	for _, code := range []string{"bar.Done()", "bar.Add(1)", "sb.Reset()", "(sb.Reset)()", "func nothing() {}\nnothing()", `sb.WriteString("abc")`} {
		if r := eval(t, s, code); r.Show {
			t.Errorf("%q shows %v", code, r.Value)
		}
	}
	for _, c := range []struct {
		code string
		want any
	}{{"sb.Len()", 3}, {`strings.Repeat("a", 2)`, "aa"}, {"len(`xy`)", 2}} {
		if r := eval(t, s, c.code); !r.Show || r.Value.Interface() != c.want {
			t.Errorf("%q: %+v, want %v shown", c.code, r, c.want)
		}
	}
}

// Without a Builder, %go get and %%compile say why they cannot work; a
// statement in a %%compile cell is refused at its line.
func TestNativeMagicsWithoutBuilder(t *testing.T) {
	s, _ := New()
	for code, want := range map[string]string{
		"%go get golang.org/x/exp@v0.0.0-20261014143641-f0251eb4aa3e": "no Go module",
		"%go mod tidy":                           "%go runs get",
		"%%compile\nfunc f() {}":                 "no Go module",
		"%%compile\nfunc f() {}\nx := f()":       "In[1]:3:1: a %%compile cell holds declarations",
		"%%compile -O\nfunc f() {}":              "takes no arguments",
		"%%compile\nfunc f() {}\n%who\n":         "In[1]:3:1: a %%compile cell holds declarations",
		"%%compile\n\nfunc g() int { return 1 }": "no Go module",
	} {
		_, e := run(t, s, "In[1]", code)
		if e == nil || !strings.Contains(e.Message, want) {
			t.Errorf("%q: %v, want %q", code, e, want)
		}
	}
}

func nativeSession(t *testing.T) (*Session, *bytes.Buffer) {
	t.Helper()
	s, err := New()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	s.SetBuilder(native.New(filepath.Join(dir, "session"), filepath.Join(dir, "cache")))
	var out bytes.Buffer
	s.Output(&out, &out, nil)
	return s, &out
}

// A %%compile cell's function, variable, constant and type are the
// session's: interpreted cells call, change and use them.
func TestCompileCell(t *testing.T) {
	s, out := nativeSession(t)
	r, e := run(t, s, "In[1]", `%%compile
import "strings"

// calls counts the calls of shout.
var calls int

const Limit = 10

type pair struct{ A, B int }

func (p pair) Sum() int { return p.A + p.B }

func shout(s string) string {
	calls++
	return strings.ToUpper(s) + "!"
}`)
	if e != nil || r.Show {
		t.Fatalf("%v %+v", e, r)
	}
	if !strings.Contains(out.String(), "compiled natively in") {
		t.Fatalf("output %q", out.String())
	}
	for _, c := range []struct {
		code string
		want any
	}{
		{`shout("go")`, "GO!"},
		{"calls", 1},
		{"calls++\ncalls", 2},
		{"2.5 * Limit", 25.0},
		{"Limit / 4", 2},
		{"pair{2, 3}.Sum()", 5},
	} {
		if r := eval(t, s, c.code); !r.Show || r.Value.Interface() != c.want {
			t.Errorf("%q: %+v, want %v", c.code, r, c.want)
		}
	}
	if r := eval(t, s, `shout("x")`+"\ncalls"); r.Value.Interface() != 3 {
		t.Errorf("the compiled function counts in the variable the cells changed: calls = %v, want 3", r.Value)
	}
	// The compiled variable is the session's: assigned in a cell, the
	// compiled code sees it.
	eval(t, s, "calls = 5")
	if r := eval(t, s, `shout("y")`+"\ncalls"); r.Value.Interface() != 6 {
		t.Errorf("after calls = 5 and a call, calls = %v, want 6", r.Value)
	}
	out.Reset()
	s.Run(context.Background(), Cell{Code: "%who", Name: "In[9]"})
	if !strings.Contains(out.String(), "shout") || !strings.Contains(out.String(), "func(string) string") {
		t.Errorf("%%who does not list the compiled function:\n%s", out.String())
	}

	// Rebuilt: the new function replaces the old one.
	if _, e := run(t, s, "In[2]", "%%compile\nfunc shout(s string) string { return s + \"?\" }"); e != nil {
		t.Fatal(e)
	}
	if r := eval(t, s, `shout("go")`); r.Value.Interface() != "go?" {
		t.Errorf("after the rebuild shout(\"go\") = %v", r.Value)
	}

	_, e = run(t, s, "In[3]", "%%compile\nfunc f() int {\n\treturn undefinedName\n}\n\nfunc g() string { return 1 }")
	if e == nil || e.Name != "compile error" || e.Message != "In[3]:3:9: undefined: undefinedName" ||
		len(e.Trace) != 3 || e.Trace[0] != "    \treturn undefinedName" || !strings.HasPrefix(e.Trace[2], "In[3]:6:") {
		t.Fatalf("%#v", e)
	}
	_, e = run(t, s, "In[4]", "%%compile\nfunc h() int { return ) }")
	if e == nil || e.Message != "In[4]:2:23: expected operand, found ')'" {
		t.Fatalf("a syntax error: %v", e)
	}

	// %reset forgets the compiled names too; compiling again brings them back.
	eval(t, s, "%reset")
	if _, e := run(t, s, "In[5]", `shout("x")`); e == nil {
		t.Fatal("shout survived %reset")
	}
}

// Importing a package the interpreter has no bindings for, of a module
// the kernel is built from, builds it: gonum's combin.Binomial(5, 2) = 10.
func TestImportBuildsUnboundPackage(t *testing.T) {
	s, out := nativeSession(t)
	r := eval(t, s, "import \"gonum.org/v1/gonum/stat/combin\"\ncombin.Binomial(5, 2)")
	if !r.Show || r.Value.Interface() != 10 {
		t.Fatalf("%+v", r)
	}
	if !strings.Contains(out.String(), "built gonum.org/v1/gonum/stat/combin natively") {
		t.Fatalf("output %q", out.String())
	}
	// Still there after %reset, without a build.
	eval(t, s, "%reset")
	out.Reset()
	if r := eval(t, s, "import \"gonum.org/v1/gonum/stat/combin\"\ncombin.Binomial(6, 3)"); r.Value.Interface() != 20 || out.Len() != 0 {
		t.Fatalf("%+v, output %q", r, out.String())
	}
	_, e := run(t, s, "In[7]", "import \"gonum.org/v1/gonum/no/such\"")
	if e == nil || e.Name != "import error" || !strings.HasPrefix(e.Message, `In[7]:1:8: cannot import "gonum.org/v1/gonum/no/such"`) {
		t.Fatalf("%v", e)
	}
}
