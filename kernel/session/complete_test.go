package session

import (
	"context"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/goplus/ixgo"

	"github.com/coevolab/coevo/kernel/session/internal/evo"

	_ "github.com/coevolab/coevo/kernel/symbols"
)

// evoPath is a compiled package (internal/evo) registered as kernel/symbols
// registers one: a type with fields and methods, and a function returning
// it.
const evoPath = "github.com/coevolab/coevo/kernel/session/internal/evo"

func init() {
	ixgo.RegisterPackage(&ixgo.Package{
		Name: "evo",
		Path: evoPath,
		Deps: map[string]string{"github.com/go-gota/gota/dataframe": "dataframe"},
		NamedTypes: map[string]reflect.Type{
			"Run":     reflect.TypeFor[evo.Run](),
			"Archive": reflect.TypeFor[evo.Archive](),
		},
		Funcs: map[string]reflect.Value{"Evolve": reflect.ValueOf(evo.Evolve), "Table": reflect.ValueOf(evo.Table)},
	})
}

func completes(t *testing.T, s *Session, code string, want ...string) {
	t.Helper()
	m, start, end := s.Complete(code, len(code))
	got := strings.Join(m, " ")
	if got != strings.Join(want, " ") {
		t.Errorf("%q completes to [%s] (from %d to %d), want [%s]", code, got, start, end, strings.Join(want, " "))
	}
}

// After "x." the fields and methods of x's type: a compiled type's
// exported ones (its pointer's methods too), through fields, calls and
// index expressions; a cell's type's fields and methods from the cells'
// source; variables defined earlier in the cell being typed.
func TestCompleteValues(t *testing.T) {
	s, err := New()
	if err != nil {
		t.Fatal(err)
	}
	cell := 0
	eval := func(t *testing.T, s *Session, code string) {
		t.Helper()
		cell++
		if _, err := s.Run(context.Background(), Cell{Code: code, Name: fmt.Sprintf("In[%d]", cell)}); err != nil {
			t.Fatal(err)
		}
	}
	eval(t, s, `import "github.com/coevolab/coevo/kernel/session/internal/evo"
import "strings"
run, _ := evo.Evolve(3)
runs := []*evo.Run{run}`)
	eval(t, s, `// point is a place on the board.
type point struct {
	X, Y int // coordinates
	label string
	*evo.Archive
}

// Sum adds the coordinates.
func (p point) Sum() int { return p.X + p.Y }
func (p *point) Move(dx int) { p.X += dx }
func origin() *point { return &point{} }
p := point{X: 1}
pts := []point{p}`)
	completes(t, s, "run.", "Archive", "Best", "Generations", "String")
	completes(t, s, "run.G", "Generations")
	completes(t, s, "fmt.Println(run.Archive.", "Len", "Members", "Names")
	completes(t, s, "evo.Evolve(2).A", "Archive")
	completes(t, s, "runs[0].Ar", "Archive")
	completes(t, s, "evo.Table().Nr", "Nrow")
	completes(t, s, "strings.NewReader(\"a.b\").Len", "Len")
	completes(t, s, "p.", "Archive", "Len", "Members", "Move", "Names", "Sum", "X", "Y", "label")
	completes(t, s, "origin().S", "Sum")
	completes(t, s, "pts[0].X", "X")
	completes(t, s, "x := origin()\ny := x\ny.M", "Members", "Move")
	completes(t, s, "a, err := evo.Evolve(1)\nerr.", "Error")
	completes(t, s, "a, err := evo.Evolve(1)\na.Archive.L", "Len")
	// A package name is still a package, unless a variable shadows it.
	completes(t, s, "strings.Repea", "Repeat")
	eval(t, s, "fmtx := p")
	completes(t, s, "fmtx.Su", "Sum")
}

// Generic types of cells (whose values the interpreter holds as
// instances, unnamed structs), their methods' and generic functions'
// results, aliases of instances, and the variables of a range loop the
// cursor is inside.
func TestCompleteGenericsAndLoops(t *testing.T) {
	s, err := New()
	if err != nil {
		t.Fatal(err)
	}
	for i, code := range []string{`import "github.com/coevolab/coevo/kernel/session/internal/evo"
run, _ := evo.Evolve(3)
runs := []*evo.Run{run}
byName := map[string]*evo.Run{"a": run}`, `type Pair[T any] struct {
	First, Second T
}

func (p Pair[T]) Swap() Pair[T] { return Pair[T]{p.Second, p.First} }
func pairOf[T any](a, b T) Pair[T] { return Pair[T]{a, b} }
pi := pairOf(1, 2)
type words = Pair[string]
var ws words
// bt is a variable named like a package, inside a loop of a cell that ran.
total := 0
for _, bt := range runs {
	total += bt.Generations
}`} {
		if _, err := s.Run(context.Background(), Cell{Code: code, Name: fmt.Sprintf("In[%d]", i+1)}); err != nil {
			t.Fatal(err)
		}
	}
	completes(t, s, "pi.", "First", "Second", "Swap")
	completes(t, s, "pi.Swap().F", "First")
	completes(t, s, "pairOf(\"a\", \"b\").S", "Second", "Swap")
	completes(t, s, "ws.Sw", "Swap")
	completes(t, s, "for _, r := range runs {\n\tr.G", "Generations")
	completes(t, s, "for i, r := range runs {\n\tfmt.Println(i)\n\tr.Archive.L", "Len")
	completes(t, s, "for name, r := range byName {\n\tname.")
	completes(t, s, "for name, r := range byName {\n\tr.B", "Best")
	// A loop variable of a cell that ran is no session variable.
	completes(t, s, "evo.Ev", "Evolve")
	if got, found := s.Inspect("pi", 2); !found || !strings.HasPrefix(got, "pi: Pair[int] = ") {
		t.Errorf("inspect pi: %v %q, want its type Pair[int]", found, got)
	}
	// A generic type's members read with the instance's type arguments,
	// as go/types has them.
	for code, want := range map[string]string{"pi.Swap": "pi.Swap: method Swap() Pair[int]", "pi.First": "pi.First: field First int",
		"ws.Swap": "ws.Swap: method Swap() Pair[string]"} {
		if got, found := s.Inspect(code, len(code)); !found || !strings.HasPrefix(got, want) {
			t.Errorf("inspect %s: %v %q, want %q", code, found, got, want)
		}
	}
	if got, found := s.Inspect("runs", 4); !found || !strings.HasPrefix(got, "runs: []*evo.Run = ") {
		t.Errorf("inspect runs: %v %q, want its type []*evo.Run", found, got)
	}
}

// Inside an import's quotes, import paths: the standard library's, the
// bound packages'.
func TestCompleteImports(t *testing.T) {
	s, _ := New()
	for _, code := range []string{`import "strc`, "import (\n\t\"fmt\"\n\tx \"strc", `import . "strc`} {
		m, start, _ := s.Complete(code, len(code))
		if strings.Join(m, " ") != "strconv" || start != len(code)-4 {
			t.Errorf("%q: %v from %d", code, m, start)
		}
	}
	m, _, _ := s.Complete(`import "github.com/coevolab/coevo/kernel/session/internal/e`, 61)
	if fmt.Sprint(m) != "["+evoPath+"]" {
		t.Errorf("a bound package: %v", m)
	}
	m, _, _ = s.Complete(`import "math/ra`, 15)
	if fmt.Sprint(m) != "[math/rand math/rand/v2]" {
		t.Errorf("math/ra: %v", m)
	}
	// Not an import: a string in code.
	for _, code := range []string{`x := "math/ra`, "import (\n\t\"fmt\"\n)\nx := \"math/ra"} {
		if m, _, _ := s.Complete(code, len(code)); strings.Contains(strings.Join(m, " "), "math/rand") {
			t.Errorf("%q, a string that is not an import, completed to %v", code, m)
		}
	}
}

// Completion and inspection take any text and cursor without panicking.
func FuzzCompleteInspect(f *testing.F) {
	for _, seed := range []string{"x.", "f().", "a[1].b(", `import "str`, "import (\n\tx \"", "p.X", "((((.", "\"a\".", "x := y.\n!ls", "%%bash\necho '", "`raw.", "a.b.c.d.e"} {
		f.Add(seed, len(seed))
	}
	s, err := New()
	if err != nil {
		f.Fatal(err)
	}
	if _, err := s.Run(context.Background(), Cell{Code: "type point struct{ X int }\nfunc (p point) M() point { return p }\np := point{}\nimport \"github.com/coevolab/coevo/kernel/session/internal/evo\"\nrun, _ := evo.Evolve(1)", Name: "In[1]"}); err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, code string, cursor int) {
		s.Complete(code, cursor)
		s.Inspect(code, cursor)
	})
}
