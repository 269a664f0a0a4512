package session

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// issue30Cases are the minimal cells of issue 30 ("Measured today"): each a
// sequence of cells a notebook user types, and the Go program they stand
// for, whose output go run gives (TestIssue30Cells builds them). A case
// without a program states a notebook semantics Go has no program for.
var issue30Cases = []struct {
	name    string
	cells   []string
	program string // main's package, or "" when want says what to expect
	want    string
	// hidden names a cell (by index) whose result must not be shown.
	hidden int
}{
	{
		name:  "block-scope",
		cells: []string{"y := 1", "{\n\ty := 2\n\ty++\n}", "fmt.Println(y)"},
		program: `package main

import "fmt"

func main() {
	y := 1
	{
		y := 2
		y++
	}
	fmt.Println(y)
}
`,
	},
	{
		name:  "if-scope",
		cells: []string{"k := 10", "if k := 5; k > 0 {\n\tk++\n}", "fmt.Println(k)"},
		program: `package main

import "fmt"

func main() {
	k := 10
	if k := 5; k > 0 {
		k++
	}
	fmt.Println(k)
}
`,
	},
	{
		name: "method-value-copies-receiver",
		cells: []string{
			"type A struct{ n int }\n\nfunc (a A) Get() int { return a.n }",
			"a := A{1}\ng := a.Get\na.n = 2",
			"fmt.Println(g())",
		},
		program: `package main

import "fmt"

type A struct{ n int }

func (a A) Get() int { return a.n }

func main() {
	a := A{1}
	g := a.Get
	a.n = 2
	fmt.Println(g())
}
`,
	},
	{
		name: "named-int-String-verb-d",
		cells: []string{
			"type Lvl int\n\nfunc (l Lvl) String() string { return \"lvl\" }",
			"fmt.Printf(\"%d %v\\n\", Lvl(1), Lvl(1))",
		},
		program: `package main

import "fmt"

type Lvl int

func (l Lvl) String() string { return "lvl" }

func main() {
	fmt.Printf("%d %v\n", Lvl(1), Lvl(1))
}
`,
	},
	{
		name: "pointer-Stringer",
		cells: []string{
			"type P struct{ n int }\n\nfunc (p *P) String() string { return fmt.Sprintf(\"p%d\", p.n) }",
			"fmt.Println(&P{1}, []*P{{2}})",
		},
		program: `package main

import "fmt"

type P struct{ n int }

func (p *P) String() string { return fmt.Sprintf("p%d", p.n) }

func main() {
	fmt.Println(&P{1}, []*P{{2}})
}
`,
	},
	{
		name: "interface-var-in-function",
		cells: []string{
			"type Shape interface{ Area() int }\n\ntype Sq struct{ s int }\n\nfunc (q Sq) Area() int { return q.s * q.s }",
			"func area() int {\n\tvar s Shape = Sq{2}\n\treturn s.Area()\n}",
			"fmt.Println(area())",
		},
		program: `package main

import "fmt"

type Shape interface{ Area() int }

type Sq struct{ s int }

func (q Sq) Area() int { return q.s * q.s }

func area() int {
	var s Shape = Sq{2}
	return s.Area()
}

func main() {
	fmt.Println(area())
}
`,
	},
	{
		name:  "uint64-bit-test",
		cells: []string{"var x uint64 = 5", "for i := 0; i < 3; i++ {\n\tfmt.Println(x&(1<<i) != 0)\n}"},
		program: `package main

import "fmt"

func main() {
	var x uint64 = 5
	for i := 0; i < 3; i++ {
		fmt.Println(x&(1<<i) != 0)
	}
}
`,
	},
	{
		name: "errors-Is-through-Unwrap",
		cells: []string{
			"import \"errors\"\n\nvar errBase = errors.New(\"base\")",
			"type wrapErr struct{ err error }\n\nfunc (w wrapErr) Error() string { return \"wrap: \" + w.err.Error() }\n\nfunc (w wrapErr) Unwrap() error { return w.err }",
			"var err error = wrapErr{errBase}\nfmt.Println(errors.Is(err, errBase), err)",
		},
		program: `package main

import (
	"errors"
	"fmt"
)

var errBase = errors.New("base")

type wrapErr struct{ err error }

func (w wrapErr) Error() string { return "wrap: " + w.err.Error() }

func (w wrapErr) Unwrap() error { return w.err }

func main() {
	var err error = wrapErr{errBase}
	fmt.Println(errors.Is(err, errBase), err)
}
`,
	},
	{
		name: "recover-index-error",
		cells: []string{
			"func at(s []int, i int) (v int, msg string) {\n\tdefer func() {\n\t\tif r := recover(); r != nil {\n\t\t\tmsg = fmt.Sprint(r)\n\t\t}\n\t}()\n\treturn s[i], \"\"\n}",
			"_, msg := at([]int{1, 2, 3}, 5)\nfmt.Println(msg)",
		},
		program: `package main

import "fmt"

func at(s []int, i int) (v int, msg string) {
	defer func() {
		if r := recover(); r != nil {
			msg = fmt.Sprint(r)
		}
	}()
	return s[i], ""
}

func main() {
	_, msg := at([]int{1, 2, 3}, 5)
	fmt.Println(msg)
}
`,
	},
	{
		name: "slice-of-Stringers",
		cells: []string{
			"type Card int\n\nfunc (c Card) String() string { return [...]string{\"A\", \"K\", \"Q\"}[c] }",
			"hand := []Card{0, 2}\nfmt.Println(hand)",
		},
		program: `package main

import "fmt"

type Card int

func (c Card) String() string { return [...]string{"A", "K", "Q"}[c] }

func main() {
	hand := []Card{0, 2}
	fmt.Println(hand)
}
`,
	},
	{
		name: "generic-String-returned",
		cells: []string{
			"type Box[T any] struct{ v T }\n\nfunc (b Box[T]) String() string { return fmt.Sprintf(\"box(%v)\", b.v) }",
			"func makeBox() Box[int] { return Box[int]{7} }",
			"fmt.Println(makeBox())",
		},
		program: `package main

import "fmt"

type Box[T any] struct{ v T }

func (b Box[T]) String() string { return fmt.Sprintf("box(%v)", b.v) }

func makeBox() Box[int] { return Box[int]{7} }

func main() {
	fmt.Println(makeBox())
}
`,
	},
	{
		// Notebook semantics, as IPython and GoNB have it: a function
		// declared again replaces the old one for every caller, also those
		// declared in earlier cells. Go has no program for it.
		name: "redefined-function",
		cells: []string{
			"func greet() string { return \"old\" }",
			"func hello() string { return greet() }",
			"func greet() string { return \"new\" }",
			"fmt.Println(hello())",
		},
		want: "new\n",
	},
	{
		// A cell ending in w.Flush() shows nothing: its nil error is not a
		// value a user asked for. What the writer wrote is go run's.
		name: "Flush-shows-nothing",
		cells: []string{
			"import (\n\t\"bufio\"\n\t\"os\"\n)",
			"w := bufio.NewWriter(os.Stdout)\nfmt.Fprintln(w, \"flushed\")",
			"w.Flush()",
		},
		program: `package main

import (
	"bufio"
	"fmt"
	"os"
)

func main() {
	w := bufio.NewWriter(os.Stdout)
	fmt.Fprintln(w, "flushed")
	w.Flush()
}
`,
		hidden: 3,
	},
}

// issue30FailToday are the cases the interpreter gets wrong, and what it
// does: each must still fail (one that passes fails the test, so that the
// list stays true). The interpreter that replaces it (issue 30) empties
// the map.
var issue30FailToday = map[string]string{}

// TestIssue30Cells runs each case's cells in a new session and compares
// what they print with what go run prints for its program.
func TestIssue30Cells(t *testing.T) {
	dir := t.TempDir()
	var files []string
	for _, c := range issue30Cases {
		if c.program == "" {
			continue
		}
		f := filepath.Join(dir, c.name+".go")
		if err := os.WriteFile(f, []byte(c.program), 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	goOut := goRun(t, files) // modern_test.go: one go build, each run
	for name := range issue30FailToday {
		found := false
		for _, c := range issue30Cases {
			found = found || c.name == name
		}
		if !found {
			t.Errorf("issue30FailToday names %s, which is no case", name)
		}
	}
	for _, c := range issue30Cases {
		t.Run(c.name, func(t *testing.T) {
			want := c.want
			if c.program != "" {
				want = goOut[c.name]
				if want == "" {
					t.Fatalf("go run of the program printed nothing")
				}
			}
			got, problem := runIssue30Case(c.cells, c.hidden)
			if problem == "" && got != want {
				problem = fmt.Sprintf("the cells printed %q; go run prints %q", got, want)
			}
			today, expected := issue30FailToday[c.name]
			switch {
			case problem == "" && expected:
				t.Errorf("now right: remove %q from issue30FailToday", c.name)
			case problem != "" && expected:
				t.Logf("fails as expected today (%s): %s", today, problem)
			case problem != "":
				t.Error(problem)
			}
		})
	}
}

// runIssue30Case runs cells in a new session and returns what they printed,
// and what went wrong: an error, or a result shown for the cell numbered
// hidden (from 1).
func runIssue30Case(cells []string, hidden int) (string, string) {
	s, err := New()
	if err != nil {
		return "", err.Error()
	}
	var out bytes.Buffer
	s.Output(&out, &out, strings.NewReader(""))
	for i, code := range cells {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		r, err := s.Run(ctx, Cell{Code: code, Name: fmt.Sprintf("In[%d]", i+1)})
		cancel()
		if err != nil {
			return out.String(), fmt.Sprintf("In[%d] %q: %v", i+1, code, err)
		}
		if i+1 == hidden && r.Show {
			return out.String(), fmt.Sprintf("In[%d] %q shows %v: it should show nothing", i+1, code, r.Value)
		}
	}
	return out.String(), ""
}
