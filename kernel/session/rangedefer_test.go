package session

import (
	"bytes"
	"testing"
)

// A defer in the body of a range over a function runs when the function
// the loop is in returns, in Go's order: on a return from inside the loop,
// after a break, on a panic, setting a named result, nested, beside the
// function's own defers, and at a cell's top level. ixgo v1.1.1 alone
// never ran them (x/tools' SSA drops the RunDefers of a function whose
// only defers are in such bodies), with no error. The lines are what go
// run of the same code prints (Go 1.26.8).
func TestDefersInRangeOverFuncBodies(t *testing.T) {
	s, _ := New()
	var out bytes.Buffer
	s.Output(&out, &out, nil)
	eval(t, s, `import (
	"iter"
	"slices"
)`)
	eval(t, s, `var log []string

func note(s string, v ...any) { log = append(log, fmt.Sprint(append([]any{s}, v...)...)) }

func seq(n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for i := range n {
			if !yield(i) {
				return
			}
		}
	}
}

func plain() {
	for x := range seq(3) {
		defer note("plain", x)
	}
	note("plain body end")
}

func early() int {
	for x := range seq(5) {
		defer note("early", x)
		if x == 2 {
			return x * 10
		}
	}
	return -1
}

func broken() {
	for x := range seq(5) {
		defer note("broken", x)
		if x == 1 {
			break
		}
	}
	note("after break")
}

func named() (r int) {
	for x := range seq(3) {
		defer func() { r += x }()
	}
	return 100
}

func mixed() {
	defer note("mixed outer")
	for x := range slices.Values([]string{"a", "b"}) {
		defer note("mixed", x)
	}
	note("mixed body end")
}

func panicky() (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("recovered %v", r)
		}
	}()
	for x := range seq(3) {
		defer note("panicky", x)
		if x == 1 {
			panic("boom")
		}
	}
	return nil
}

func nested() {
	for x := range seq(2) {
		for y := range seq(2) {
			defer note("nested", x, y)
		}
	}
}`)
	eval(t, s, `plain()
fmt.Println(early())
broken()
fmt.Println(named())
mixed()
fmt.Println(panicky())
nested()
for _, l := range log {
	fmt.Println(l)
}`)
	want := `20
103
recovered boom
plain body end
plain2
plain1
plain0
early2
early1
early0
after break
broken1
broken0
mixed body end
mixedb
mixeda
mixed outer
panicky1
panicky0
nested1 1
nested1 0
nested0 1
nested0 0
`
	if out.String() != want {
		t.Errorf("printed\n%s\nwant (go run)\n%s", out.String(), want)
	}
	out.Reset()
	eval(t, s, `for x := range slices.Values([]int{1, 2, 3}) {
	defer fmt.Println("deferred", x)
}
fmt.Println("end of cell")`)
	if want := "end of cell\ndeferred 3\ndeferred 2\ndeferred 1\n"; out.String() != want {
		t.Errorf("at a cell's top level: printed\n%s\nwant (go run, in main)\n%s", out.String(), want)
	}
}
