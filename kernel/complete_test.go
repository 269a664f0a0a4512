package kernel_test

import (
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"sort"
	"strings"
	"testing"
	"unicode/utf8"
)

// complete sends a complete_request with the cursor at the end of code.
func (c *client) complete(code string) (matches []string, start int) {
	c.t.Helper()
	c.send(c.shell, "complete_request", map[string]any{"code": code, "cursor_pos": utf8.RuneCountInString(code)})
	var r struct {
		Matches     []string
		CursorStart int `json:"cursor_start"`
	}
	json.Unmarshal(c.recv(c.shell).Content, &r)
	return r.Matches, r.CursorStart
}

func (c *client) inspect(code string) string {
	c.t.Helper()
	c.send(c.shell, "inspect_request", map[string]any{"code": code, "cursor_pos": utf8.RuneCountInString(code), "detail_level": 0})
	var r struct {
		Found bool
		Data  map[string]string
	}
	json.Unmarshal(c.recv(c.shell).Content, &r)
	return r.Data["text/plain"]
}

// Completion and inspection of the session's values over the wire, with
// the engine's real types and a type a cell declared.
func TestCompleteValuesOverTheWire(t *testing.T) {
	c := start(t)
	r := c.execute(`import "github.com/coevolab/coevo/engine/heap"
seq, _ := heap.Kayles().Sequence(20)
// board is a pair of heaps.
type board struct{ A, B int }

// Sum is the position's size: α + β.
func (b board) Sum() int { return b.A + b.B }
b := board{1, 2}`)
	if r.reply["status"] != "ok" {
		t.Fatalf("%v", r.reply)
	}
	if m, _ := c.complete("seq.Data"); strings.Join(m, " ") != "DataFrame" {
		t.Errorf("seq.Data completes to %v", m)
	}
	if m, _ := c.complete("heap.Kayles().Seq"); !strings.Contains(strings.Join(m, " "), "Sequence") {
		t.Errorf("heap.Kayles().Seq completes to %v", m)
	}
	if m, _ := c.complete("x := \"é\"\nb."); strings.Join(m, " ") != "A B Sum" {
		t.Errorf("b. completes to %v", m)
	}
	m, start := c.complete("import \"github.com/coevolab/coevo/kernel/wid")
	if strings.Join(m, " ") != "github.com/coevolab/coevo/kernel/widget" || start != 8 {
		t.Errorf("an import path completes to %v from %d", m, start)
	}
	if got := c.inspect("b.Sum"); !strings.Contains(got, "Sum is the position's size: α + β.") {
		t.Errorf("inspect b.Sum: %q", got)
	}
	if got := c.inspect("seq.DataFrame"); !strings.Contains(got, "DataFrame returns columns n and sg") {
		t.Errorf("inspect seq.DataFrame: %q", got)
	}
}

// exportedNames returns the exported package-level names of the package
// in dir, read from its source (not from the kernel's bindings).
func exportedNames(t *testing.T, dir string) []string {
	t.Helper()
	fset := token.NewFileSet()
	pkgs, err := parser.ParseDir(fset, dir, func(fi fs.FileInfo) bool { return !strings.HasSuffix(fi.Name(), "_test.go") }, 0)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, p := range pkgs {
		for _, f := range p.Files {
			for _, d := range f.Decls {
				switch d := d.(type) {
				case *ast.FuncDecl:
					if d.Recv == nil && d.Name.IsExported() {
						seen[d.Name.Name] = true
					}
				case *ast.GenDecl:
					for _, s := range d.Specs {
						switch s := s.(type) {
						case *ast.TypeSpec:
							if s.Name.IsExported() {
								seen[s.Name.Name] = true
							}
						case *ast.ValueSpec:
							for _, n := range s.Names {
								if n.IsExported() {
									seen[n.Name] = true
								}
							}
						}
					}
				}
			}
		}
	}
	var names []string
	for n := range seen {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Completion after a package name offers what that package exports, the
// package the name is bound to: coevo's stats/runtime, not Go's runtime
// (whose GC and GOMAXPROCS it offered before issue 33), heap and plot,
// and no internal names.
func TestCompleteTellsTheTruth(t *testing.T) {
	c := start(t)
	r := c.execute(`import (
	"github.com/coevolab/coevo/engine/heap"
	"github.com/coevolab/coevo/stats/plot"
	"github.com/coevolab/coevo/stats/runtime"
)`)
	if r.reply["status"] != "ok" {
		t.Fatalf("%v", r.reply)
	}
	for name, dir := range map[string]string{"runtime": "../stats/runtime", "heap": "../engine/heap", "plot": "../stats/plot"} {
		m, _ := c.complete(name + ".")
		sort.Strings(m)
		if want := exportedNames(t, dir); strings.Join(m, " ") != strings.Join(want, " ") {
			t.Errorf("%s. completes to %v, want the package's exported names %v", name, m, want)
		}
	}
}
