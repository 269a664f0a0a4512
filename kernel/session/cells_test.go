package session

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
)

// Generic code of the standard library instantiated with a type declared
// inside a function (which yaegi could not interpret) runs.
func TestGenericWithLocalType(t *testing.T) {
	s, _ := New()
	var out bytes.Buffer
	s.Output(&out, &out, nil)
	eval(t, s, "import \"slices\"\nfunc f() {\n\ttype pair struct{ a int }\n\tps := []pair{{2}, {1}}\n\tslices.SortFunc(ps, func(x, y pair) int { return x.a - y.a })\n\tfmt.Println(ps)\n}\nf()")
	if out.String() != "[{1} {2}]\n" {
		t.Fatalf("%q", out.String())
	}
}

// A cell that does not compile runs nothing: In[2]'s m is not defined, and
// its first statement did not print.
func TestCellThatDoesNotCompileRunsNothing(t *testing.T) {
	s, _ := New()
	var out bytes.Buffer
	s.Output(&out, &out, nil)
	eval(t, s, "n := 1")
	if _, e := run(t, s, "In[2]", "m := n\nfmt.Println(\"ran\")\ny := undefinedName + m"); e == nil || e.Message != "In[2]:3:6: undefined: undefinedName" {
		t.Fatalf("%v", e)
	}
	if out.Len() > 0 {
		t.Fatalf("the cell printed %q", out.String())
	}
	if _, e := run(t, s, "In[3]", "m"); e == nil || !strings.Contains(e.Message, "undefined: m") {
		t.Fatalf("m: %v", e)
	}
}

// A cell that fails part-way reports the part that ran, for a restore to
// replay; one that does not compile, nothing.
func TestFailedCellDone(t *testing.T) {
	s, _ := New()
	code := "y := 5\n%env COEVO_TEST_DONE=1\nz := y * 2\npanic(\"stop\")\nw := 1"
	r, err := s.Run(context.Background(), Cell{Code: code, Name: "In[1]"})
	var e *Error
	if !errors.As(err, &e) || e.Name != "panic" {
		t.Fatalf("%v", err)
	}
	if want := "y := 5\n%env COEVO_TEST_DONE=1\nz := y * 2"; r.Done != want {
		t.Fatalf("Done %q, want %q", r.Done, want)
	}
	r, err = s.Run(context.Background(), Cell{Code: "a := 1\nb := a + nope", Name: "In[2]"})
	if err == nil || r.Done != "" {
		t.Fatalf("%v, Done %q", err, r.Done)
	}
	// Replaying what ran, in a new session, gives the same names.
	s2, _ := New()
	if _, err := s2.Run(context.Background(), Cell{Code: "y := 5\n%env COEVO_TEST_DONE=1\nz := y * 2", Name: "In[1]", Replay: true}); err != nil {
		t.Fatal(err)
	}
	for _, sess := range []*Session{s, s2} {
		if r := eval(t, sess, "y + z"); r.Value.Interface() != 15 {
			t.Fatalf("y + z = %v", r.Value)
		}
		if _, e := run(t, sess, "In[9]", "w"); e == nil {
			t.Fatal("w is defined")
		}
	}
}

// A loop's variables are the loop's: not the session's after it.
func TestLoopVariablesStayLocal(t *testing.T) {
	s, _ := New()
	var out bytes.Buffer
	s.Output(&out, &out, nil)
	eval(t, s, "total := 0\nfor j := 0; j < 3; j++ { total += j }\nfor k, v := range []int{4, 5} { total += k * v }\nfor i := range 2 { total += i }")
	for _, name := range []string{"j", "k", "v", "i"} {
		if _, e := run(t, s, "In[2]", name); e == nil || !strings.Contains(e.Message, "undefined: "+name) {
			t.Errorf("%s: %v", name, e)
		}
	}
	out.Reset()
	eval(t, s, "%who")
	if !strings.Contains(out.String(), "total") || strings.Contains(out.String(), "\nj ") || strings.Contains(out.String(), hidden) {
		t.Fatalf("%%who:\n%s", out.String())
	}
	if r := eval(t, s, "total"); r.Value.Interface() != 9 {
		t.Fatalf("total %v", r.Value)
	}
}

// A panic in a loop names the statement's line of the cell.
func TestPanicInLoopKeepsLines(t *testing.T) {
	s, _ := New()
	_, e := run(t, s, "In[1]", "xs := []int{1}\n\nfor i := range 3 {\n\t_ = xs[i]\n}")
	if e == nil || e.Name != "panic" || len(e.Trace) == 0 || strings.Join(e.Trace, "\n") != "  In[1] line 4: _ = xs[i]" {
		t.Fatalf("%v %q", e, e.Trace)
	}
}

// A panic in instantiated generic code names the generic function as Go's
// tracebacks do (At[...]), and the cell line that called it.
func TestPanicInGenericCode(t *testing.T) {
	s, _ := New()
	run(t, s, "In[1]", "func At[T any](xs []T, i int) T { return xs[i] }")
	_, e := run(t, s, "In[2]", "x := 1\nAt([]string{\"a\"}, 3)")
	trace := strings.Join(e.Trace, "\n")
	if e == nil || e.Name != "panic" || trace != "  In[1] line 1, in At[...]: func At[T any](xs []T, i int) T { return xs[i] }\n  In[2] line 2: At([]string{\"a\"}, 3)" {
		t.Fatalf("%v\n%s", e, trace)
	}
}

// A %reset in the middle of a cell: the groups after it see nothing
// declared before it, in the type checker as in the interpreter.
func TestResetMidCell(t *testing.T) {
	s, _ := New()
	eval(t, s, "a := 1")
	_, e := run(t, s, "In[2]", "b := a\n%reset\nc := b")
	if e == nil || !strings.Contains(e.Message, "In[2]:3:6: undefined: b") {
		t.Fatalf("%v", e)
	}
	eval(t, s, "a := \"new\"")
	if r := eval(t, s, "a + \"!\""); r.Value.Interface() != "new!" {
		t.Fatalf("%v", r.Value)
	}
}

// min and max of floats, the built-ins and slices' Min and Max, as the Go
// specification has them (a NaN makes the result NaN; -0 is less than
// +0), which ixgo's built-ins get wrong: the line is what go run of the
// same program prints (Go 1.26.8).
func TestMinMaxOfFloats(t *testing.T) {
	s, _ := New()
	var out bytes.Buffer
	s.Output(&out, &out, nil)
	eval(t, s, "import (\"math\"; \"slices\")\nnan, negz := math.NaN(), math.Copysign(0, -1)")
	eval(t, s, "func lo(a, b float64) float64 { return min(a, b) }")
	eval(t, s, `fmt.Println(slices.Min([]float64{1, nan, 0}), slices.Max([]float64{nan, 1}), min(1.0, nan), max(nan, 2.0), lo(0, negz), max(negz, 0.0))
fmt.Println(slices.Min([]float64{0, negz}), slices.Min([]int{3, 1, 2}), slices.Max([]string{"a", "c"}), min(2, 1, 3), max("b", "a"))`)
	if want := "NaN NaN NaN NaN -0 0\n-0 1 c 1 b\n"; out.String() != want {
		t.Fatalf("got %q, want %q", out.String(), want)
	}
}

// The φ-nodes of a loop are one parallel assignment (phi.go): a swap or a
// rotation of variables in a loop, and a variable that takes the value
// another had in the last iteration, which ixgo v1.1.1 alone gets wrong
// with no error ((2, 2) for the swap). The lines are what go run of the
// same functions prints (Go 1.26.8), in the main goroutine and another.
func TestLoopSwapsAreParallel(t *testing.T) {
	s, _ := New()
	var out bytes.Buffer
	s.Output(&out, &out, nil)
	eval(t, s, `func f(c bool) int {
	b := true
	x := 0
	y := 1
	for b {
		b = false
		y = x
		x = 2
		if c {
			return 3
		}
	}
	return y
}

func swap(n int) (int, int) {
	x, y := 1, 2
	for i := 0; i < n; i++ {
		x, y = y, x
	}
	return x, y
}

func rotate(n int) (string, string, string) {
	a, b, c := "a", "b", "c"
	for range n {
		a, b, c = b, c, a
	}
	return a, b, c
}

func lag(n int) int {
	x, y := 0, 1
	for i := 0; i < n; i++ {
		y = x
		x = i + 10
	}
	return y
}`)
	eval(t, s, `fmt.Println(f(false))
fmt.Println(swap(3))
fmt.Println(rotate(4))
fmt.Println(lag(3))
ch := make(chan [2]int)
go func() { x, y := swap(5); ch <- [2]int{x, y} }()
fmt.Println(<-ch)`)
	if want := "0\n2 1\nb c a\n11\n[2 1]\n"; out.String() != want {
		t.Fatalf("got %q, want %q", out.String(), want)
	}
	// The same in a generic function's instance, a method and a closure.
	out.Reset()
	eval(t, s, `func swapG[T any](x, y T, n int) (T, T) {
	for range n {
		x, y = y, x
	}
	return x, y
}
type pair struct{ x, y int }
func (p pair) swapped(n int) pair {
	for range n {
		p.x, p.y = p.y, p.x
	}
	return p
}`)
	eval(t, s, `sw := func(x, y int) (int, int) { for i := 0; i < 3; i++ { x, y = y, x }; return x, y }
fmt.Println(swapG("p", "q", 1))
fmt.Println(pair{1, 2}.swapped(3))
fmt.Println(sw(1, 2))`)
	if want := "q p\n{2 1}\n2 1\n"; out.String() != want {
		t.Fatalf("got %q, want %q", out.String(), want)
	}
}

// A parenthesized type declaration, whose specs start at column 2 (the
// session placed each after a "type " of its own, at column -3, and
// refused the cell): the line is what go run of the same declarations
// prints (Go 1.26.8).
func TestGroupedTypeDeclarations(t *testing.T) {
	s, _ := New()
	var out bytes.Buffer
	s.Output(&out, &out, nil)
	eval(t, s, "type (\n\tPoint struct{ x, y float64 }\n\tPolar Point\n)")
	eval(t, s, "func (p Polar) String() string { return fmt.Sprint(\"polar\", p.x) }\nfmt.Println(Polar{1, 2}, Point{3, 4})")
	if want := "polar1 {3 4}\n"; out.String() != want {
		t.Fatalf("got %q, want %q", out.String(), want)
	}
}

// A function of a cell that uses a variable the same cell's statements
// define, through an expression whose type comes from it (a type
// assertion's method call): no error, and what go run of the same
// declarations prints (Go 1.26.8). An error in such a function is still
// the cell's, where go build puts it (main.go:5:26 for the same lines).
func TestCellFunctionsUseTheCellsVariables(t *testing.T) {
	s, _ := New()
	var out bytes.Buffer
	s.Output(&out, &out, nil)
	eval(t, s, "type pair struct{ a int }\nfunc (p pair) g2() (int, int) { return p.a, p.a + 1 }\nfunc sum(x, y int) int { return x + y }")
	eval(t, s, "var y any = pair{7}\n\nfunc viaY() int {\n\treturn sum(y.(interface{ g2() (int, int) }).g2())\n}\nfmt.Println(viaY())")
	if want := "15\n"; out.String() != want {
		t.Fatalf("got %q, want %q", out.String(), want)
	}
	_, e := run(t, s, "In[3]", "var z = 1\n\nfunc h() string { return z }\n\nfmt.Println(h())")
	if e == nil || e.Message != "In[3]:3:26: cannot use z (variable of type int) as string value in return statement" {
		t.Fatalf("got %v", e)
	}
}

// A generic type's instance made only inside a generic function's instance
// (Some[T]{} in returnOption[int]) is the same type in a later cell
// (issue52026 of Go's test programs: the assertion was false) and is
// named as Go names it (ixgo alone: main.Some[string;string]). The lines
// are what go run of the same declarations prints (Go 1.26.8).
func TestInstancesMadeInGenericFunctions(t *testing.T) {
	s, _ := New()
	var out bytes.Buffer
	s.Output(&out, &out, nil)
	eval(t, s, `func returnOption[T any](n int) Option[T] {
	if n == 1 {
		return Some[T]{}
	} else {
		return None{}
	}
}

type Option[T any] interface {
	sealedOption()
}

type Some[T any] struct {
	val T
}

func (s Some[T]) Value() T {
	return s.val
}

func (s Some[T]) sealedOption() {}

type None struct{}

func (s None) sealedOption() {}`)
	eval(t, s, `fmt.Printf("%T %T\n", returnOption[int](0), returnOption[string](1))
s := returnOption[int](1)`)
	eval(t, s, "_, ok := s.(Some[int])\nfmt.Println(ok)")
	if want := "main.None main.Some[string]\ntrue\n"; out.String() != want {
		t.Fatalf("got %q, want %q", out.String(), want)
	}
	// The zero value of an instance with no fields is a constant of the
	// generic function, not an instruction (ixgo: main.G[int;int]).
	out.Reset()
	eval(t, s, "type G[T any] struct{}\nfunc g[X any]() any { return G[X]{} }")
	eval(t, s, `fmt.Printf("%T\n", g[int]())`)
	if want := "main.G[int]\n"; out.String() != want {
		t.Fatalf("got %q, want %q (go run)", out.String(), want)
	}
}

// Values of unnamed struct types that embed a type with methods, made in
// one cell and used in later ones: a promoted method called directly,
// through an interface (ixgo called the earlier build's method through
// reflection, and the worker crashed) and by fmt; an unexported method
// through an interface ("no code for method"); a mutex embedded in a
// package-level struct. The lines are what go run of the same statements
// in one main prints (Go 1.26.8).
func TestUnnamedStructsWithMethodsAcrossCells(t *testing.T) {
	s, _ := New()
	var out bytes.Buffer
	s.Output(&out, &out, nil)
	for _, c := range []string{
		"import (\n\t\"bytes\"\n\t\"sync\"\n)\ntype T struct{ n int }\nfunc (t T) String() string { return \"T!\" }\ntype S int\nfunc (s S) val() int { return 1 }\ntype Val interface{ val() int }\nfunc val(v Val) int { return v.val() }",
		"s := struct{ *bytes.Buffer }{bytes.NewBufferString(\"ok\")}",
		"fmt.Println(s.String())",
		"var i fmt.Stringer = s\nfmt.Println(i.String())",
		"fmt.Println(s, i)",
		"t := struct{ T }{T{1}}",
		"fmt.Println(t)",
		"var j fmt.Stringer = t\nfmt.Println(j.String(), j)",
		"var zs struct{ S }",
		"fmt.Println(val(zs))",
		"var zz struct{ S }\nvar a any = zz",
		"fmt.Println(a.(Val).val())",
		"var counter = struct {\n\tsync.Mutex\n\tn int\n}{}",
		"counter.Lock()\ncounter.n++\ncounter.Unlock()",
		"var l sync.Locker = &counter\nl.Lock()\ncounter.n++\nl.Unlock()\nfmt.Println(counter.n)",
	} {
		eval(t, s, c)
	}
	if want := "ok\nok\nok ok\nT!\nT! T!\n1\n1\n2\n"; out.String() != want {
		t.Fatalf("got %q, want %q", out.String(), want)
	}
}

// A value of a generic type's instance that embeds a type with pointer
// methods, made inside a generic function in one cell and held in an
// interface, has its methods in later cells (the worker crashed: the
// later build had no methods for the instance, which its source never
// names). The lines are what go run of the same code prints (Go 1.26.8).
func TestInstanceMethodsInLaterCells(t *testing.T) {
	s, _ := New()
	var out bytes.Buffer
	s.Output(&out, &out, nil)
	eval(t, s, `type Iface[IO any] interface {
	Foo() string
}

type base struct{ n int }

func (e *base) Foo() string { e.n++; return fmt.Sprint("foo", e.n) }

type Impl1[IO any] struct {
	base
}

func NewImpl1[IO any]() Iface[IO] {
	return &Impl1[IO]{}
}`)
	eval(t, s, "val := NewImpl1[int]()")
	eval(t, s, "fmt.Println(val.Foo())")
	eval(t, s, "fmt.Println(val.Foo())\nfmt.Printf(\"%T\\n\", val)")
	if want := "foo1\nfoo2\n*main.Impl1[int]\n"; out.String() != want {
		t.Fatalf("got %q, want %q", out.String(), want)
	}
}
