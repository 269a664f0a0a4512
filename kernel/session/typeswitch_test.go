package session

import (
	"bytes"
	"context"
	"strings"
	"testing"

	_ "github.com/coevolab/coevo/kernel/symbols"
)

// A type switch with a case of a compiled interface (fmt.Stringer, error)
// on a value of a cell's type: yaegi matched such a case only for compiled
// types, and a type switch with a guard variable at a cell's top level
// panicked while the cell compiled. What each program prints is Go's: the
// cell's type has the interface's method, so the case matches, and x is
// the value as that interface.
func TestTypeSwitchOnCompiledInterface(t *testing.T) {
	const name = `type name string

func (n name) String() string { return "<" + string(n) + ">" }
`
	const point = `type pt struct{ X, Y int }

func (p *pt) String() string { return fmt.Sprint("(", p.X, ",", p.Y, ")") }
`
	for _, c := range []struct{ code, want string }{
		// at the top level, with a guard variable
		{name + `var v any = name("n")
switch x := v.(type) {
case int:
	fmt.Println("int", x)
case fmt.Stringer:
	fmt.Println("stringer", x.String())
}`, "stringer <n>\n"},
		// without one
		{name + `var v any = name("n")
switch v.(type) {
case fmt.Stringer:
	fmt.Println("stringer")
default:
	fmt.Println("other")
}`, "stringer\n"},
		// in a function, as its argument
		{name + `func kind(v any) string {
	switch x := v.(type) {
	case error:
		return "error " + x.Error()
	case fmt.Stringer:
		return "stringer " + x.String()
	}
	return "other"
}
fmt.Println(kind(name("n")), kind(3))`, "stringer <n> other\n"},
		// any(v) of a generic function's type parameter (Go 1.18)
		{name + `func Kind[T any](v T) string {
	switch x := any(v).(type) {
	case int:
		return fmt.Sprint("int ", x)
	case string: // name is no string, though yaegi holds it as one
		return "string " + x
	case fmt.Stringer:
		return "stringer " + x.String()
	}
	return "other"
}
fmt.Println(Kind(name("n")), Kind(3), Kind(2.5), Kind("s"))`, "stringer <n> int 3 other string s\n"},
		// any(v) against an interface the cell declared
		{`type shape interface{ area() float64 }
type sq float64

func (s sq) area() float64 { return float64(s * s) }
func Area[T any](v T) string {
	switch x := any(v).(type) {
	case shape:
		return fmt.Sprint(x.area())
	}
	return "none"
}
fmt.Println(Area(sq(3)), Area(2))`, "9 none\n"},
		// a pointer receiver: *pt is a Stringer, pt is not; a case of two types
		{point + `var v any = &pt{1, 2}
switch x := v.(type) {
case error:
	fmt.Println("error", x)
case fmt.Stringer:
	fmt.Println("stringer", x.String())
}
var w any = pt{1, 2}
switch w.(type) {
case fmt.Stringer:
	fmt.Println("pt is a stringer")
default:
	fmt.Println("pt is not")
}
switch x := v.(type) {
case fmt.Stringer, error:
	fmt.Println("either", x)
}`, "stringer (1,2)\npt is not\neither (1,2)\n"},
		// a struct with a value method, in a loop over mixed values (the
		// method must get the struct, not its field)
		{`type T struct{ A int }

func (t T) String() string { return fmt.Sprint("T", t.A) }
func show(vals []any) {
	for _, v := range vals {
		switch x := v.(type) {
		case nil:
			fmt.Println("nil")
		case fmt.Stringer:
			fmt.Println("stringer", x.String())
		case int, string:
			fmt.Println("basic", x)
		}
	}
}
show([]any{T{1}, 2, "s", nil, T{5}})`, "stringer T1\nbasic 2\nbasic s\nnil\nstringer T5\n"},
		// error is a compiled interface too; a value receiver's Error
		{`type E struct{ msg string }

func (e E) Error() string { return "E:" + e.msg }
func classify(v any) string {
	switch x := v.(type) {
	case error:
		return "error " + x.Error()
	case fmt.Stringer:
		return "stringer"
	}
	return "other"
}
fmt.Println(classify(E{"a"}), classify(1))
var v any = E{"b"}
e, ok := v.(error)
fmt.Println(ok, e)`, "error E:a other\ntrue E:b\n"},
		// a cell's value put in an any by a literal, a conversion, an
		// assignment, or as a pointer whose type has value methods, at the
		// top level and in a function
		{`type T struct{ A int }

func (t T) String() string { return fmt.Sprint("T", t.A) }
func inFunc() {
	var v any = T{1}
	_, ok1 := v.(fmt.Stringer)
	var p any = &T{2}
	s, ok2 := p.(fmt.Stringer)
	fmt.Println(ok1, ok2, s)
}
inFunc()
var v1 any = T{3}
v2 := any(T{4})
var v3 any
v3 = T{5}
var v4 any = &T{6}
for _, v := range []any{v1, v2, v3, v4} {
	switch x := v.(type) {
	case fmt.Stringer:
		fmt.Print(x.String(), " ")
	default:
		fmt.Print("missed ")
	}
}
fmt.Println()`, "true true T2\nT3 T4 T5 T6 \n"},
	} {
		s, err := New()
		if err != nil {
			t.Fatal(err)
		}
		var out, errs bytes.Buffer
		s.Output(&out, &errs, nil)
		if _, err := s.Run(context.Background(), Cell{Code: "import \"fmt\"\n" + c.code, Name: "In[1]"}); err != nil {
			t.Errorf("%s\n: %v", c.code, err)
			continue
		}
		if out.String() != c.want {
			t.Errorf("%s\nprinted %q (stderr %q), want %q", c.code[strings.Index(c.code, "\n\n")+1:], out.String(), errs.String(), c.want)
		}
	}
}

// A cell's error type through fmt.Errorf's %w, and compiled values against
// interfaces a cell declares: the interpreter wrapped the cell's *NotFound
// for the compiled fmt.Errorf, and matched an interface of the cell only
// against the cell's own types, so errors.As, errors.AsType and type
// switches missed the error, and a *bytes.Buffer was no sizer. What each
// prints is Go's.
func TestErrorsThroughCompiledCode(t *testing.T) {
	const notFound = `type NotFound struct{ Name string }

func (e *NotFound) Error() string { return e.Name + " not found" }

var err error = fmt.Errorf("lookup: %w", &NotFound{"kayles"})
`
	for _, c := range []struct{ code, want string }{
		{notFound + `var target *NotFound
fmt.Println(errors.As(err, &target), target.Name)`, "true kayles\n"},
		{notFound + `nf, ok := errors.AsType[*NotFound](err)
fmt.Println(ok, nf.Name)
_, ok = errors.AsType[*fs.PathError](err)
fmt.Println(ok)`, "true kayles\nfalse\n"},
		{notFound + `switch e := errors.Unwrap(err).(type) {
case *fs.PathError:
	fmt.Println("path", e.Op)
case *NotFound:
	fmt.Println("not found:", e.Name)
}
switch errors.Unwrap(err).(type) {
case *NotFound:
	fmt.Println("again")
}`, "not found: kayles\nagain\n"},
		// errors.Join's tree
		{notFound + `joined := errors.Join(errors.New("other"), err)
var target *NotFound
fmt.Println(errors.As(joined, &target), target.Name)`, "true kayles\n"},
		// a compiled value against an interface a cell declares
		{`type sizer interface{ Len() int }
type unwrapper interface{ Unwrap() error }
var b any = bytes.NewBufferString("abc")
s, ok := b.(sizer)
fmt.Println(ok, s.Len())
switch x := b.(type) {
case unwrapper:
	fmt.Println("unwrapper", x)
case sizer:
	fmt.Println("sizer", x.Len())
}
var sz sizer = bytes.NewBufferString("xy")
switch x := sz.(type) {
case fmt.Stringer:
	fmt.Println("a sizer that is a stringer", x.String())
}
var e error = fmt.Errorf("w: %w", io.EOF)
u, ok := e.(unwrapper)
fmt.Println(ok, u.Unwrap() == io.EOF)
_, ok = e.(sizer)
fmt.Println(ok)`, "true 3\nsizer 3\na sizer that is a stringer xy\ntrue true\nfalse\n"},
	} {
		s, err := New()
		if err != nil {
			t.Fatal(err)
		}
		var out, errs bytes.Buffer
		s.Output(&out, &errs, nil)
		code := "import (\n\t\"bytes\"\n\t\"errors\"\n\t\"fmt\"\n\t\"io\"\n\t\"io/fs\"\n)\n" + c.code
		if _, err := s.Run(context.Background(), Cell{Code: code, Name: "In[1]"}); err != nil {
			t.Errorf("%s\n: %v", c.code, err)
			continue
		}
		if out.String() != c.want {
			t.Errorf("%s\nprinted %q (stderr %q), want %q", c.code, out.String(), errs.String(), c.want)
		}
	}
}
