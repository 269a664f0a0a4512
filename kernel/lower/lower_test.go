package lower

import (
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"go/types"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/coevolab/coevo/kernel/gostd"
)

// stdEnv binds what kernel/gostd binds, and the builtins.
type stdEnv struct{}

func (stdEnv) Bindings(p string) (string, map[string]reflect.Value, bool) {
	if p == BuiltinPath {
		return "builtin", Builtins[BuiltinPath+"/builtin"], true
	}
	for k, v := range gostd.Symbols {
		if i := strings.LastIndex(k, "/"); i > 0 && k[:i] == p {
			return k[i+1:], v, true
		}
	}
	return "", nil, false
}

func (stdEnv) Source(string) (string, []string, bool) { return "", nil, false }

// Every exported generic function and type of the standard library of the
// Go release in GOROOT is known to the Universe, from its source or a
// shim: a release that adds one fails this test until it is covered.
func TestStdGenericsCovered(t *testing.T) {
	out, err := exec.Command("go", "list", "std").Output()
	if err != nil {
		t.Skipf("go list std: %v", err)
	}
	u := NewUniverse(stdEnv{})
	for _, p := range strings.Fields(string(out)) {
		if strings.Contains(p, "internal") || strings.HasPrefix(p, "vendor/") || strings.HasPrefix(p, "cmd/") {
			continue
		}
		bp, err := build.Import(p, "", 0)
		if err != nil {
			continue
		}
		var generic []string
		for _, f := range bp.GoFiles {
			af, err := parser.ParseFile(token.NewFileSet(), filepath.Join(bp.Dir, f), nil, parser.SkipObjectResolution)
			if err != nil {
				t.Fatal(err)
			}
			for _, d := range af.Decls {
				switch d := d.(type) {
				case *ast.FuncDecl:
					if d.Recv == nil && d.Type.TypeParams != nil && ast.IsExported(d.Name.Name) {
						generic = append(generic, d.Name.Name)
					}
				case *ast.GenDecl:
					for _, s := range d.Specs {
						if ts, ok := s.(*ast.TypeSpec); ok && ts.TypeParams != nil && ast.IsExported(ts.Name.Name) {
							generic = append(generic, ts.Name.Name)
						}
					}
				}
			}
		}
		if len(generic) == 0 {
			continue
		}
		if !goSource[p] && !shimmed[p] {
			t.Errorf("%s has generic %v, neither from source nor shimmed", p, generic)
			continue
		}
		pkg, err := u.Import(p)
		if err != nil {
			t.Errorf("%s: %v", p, err)
			continue
		}
		for _, name := range generic {
			obj := pkg.Scope().Lookup(name)
			if obj == nil || !isGeneric(obj) {
				t.Errorf("%s.%s: not a generic declaration of the Universe's package (%v)", p, name, obj)
			}
		}
	}
}

// Packages made from bindings have the compiled API's types: aliases,
// typed and untyped constants, pointer methods, instances of generic types.
func TestBindingsTypes(t *testing.T) {
	u := NewUniverse(stdEnv{})
	lookup := func(p, name string) types.Object {
		pkg, err := u.Import(p)
		if err != nil {
			t.Fatal(err)
		}
		obj := pkg.Scope().Lookup(name)
		if obj == nil {
			t.Fatalf("%s.%s missing", p, name)
		}
		return obj
	}
	fm := lookup("os", "FileMode").(*types.TypeName)
	if !fm.IsAlias() || types.TypeString(types.Unalias(fm.Type()), nil) != "io/fs.FileMode" {
		t.Errorf("os.FileMode: %v", fm.Type())
	}
	sec := lookup("time", "Second").(*types.Const)
	if sec.Type().(*types.Named).Obj().Name() != "Duration" || sec.Val().String() != "1000000000" {
		t.Errorf("time.Second: %v %v", sec.Type(), sec.Val())
	}
	pi := lookup("math", "Pi").(*types.Const)
	if pi.Type() != types.Typ[types.UntypedFloat] {
		t.Errorf("math.Pi: %v", pi.Type())
	}
	buf := lookup("bytes", "Buffer").(*types.TypeName).Type()
	ms := types.NewMethodSet(types.NewPointer(buf))
	if ms.Lookup(nil, "Write") == nil || types.NewMethodSet(buf).Lookup(nil, "Write") != nil {
		t.Errorf("(*bytes.Buffer).Write should be a pointer method")
	}
	seq := lookup("strings", "SplitSeq").Type().(*types.Signature).Results().At(0).Type()
	if types.TypeString(seq, nil) != "iter.Seq[string]" {
		t.Errorf("strings.SplitSeq returns %v", seq)
	}
}

func TestEditor(t *testing.T) {
	var e editor
	e.replace(2, 4, "XY")
	e.insert(2, "<")
	e.insert(6, ">")
	if got, err := e.apply("abcdefg"); err != nil || got != "ab<XYef>g" {
		t.Fatalf("%q %v", got, err)
	}
	e.replace(3, 5, "!")
	if _, err := e.apply("abcdefg"); err == nil {
		t.Fatal("overlapping edits were applied")
	}
	if b := blank("a\nbc"); b != " \n  " {
		t.Fatalf("%q", b)
	}
}

// A lowered range over a function keeps the cell's lines, and its
// branches become returns of the body and a dispatch after the call.
func TestRangeFuncLowering(t *testing.T) {
	m := NewModel(NewUniverse(stdEnv{}))
	src := `import "slices"
func find(xs []int, x int) (int, bool) {
outer:
	for i, v := range slices.All(xs) {
		for range 2 {
			if v == x {
				return i, true
			}
			if v < 0 {
				break outer
			}
			continue outer
		}
	}
	return -1, false
}`
	tx := m.Begin()
	u, err := tx.Lower(Group{Cell: "In[1]", Text: src, Line: 1, Col: 1, Decls: true})
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(u.Text[:strings.Index(u.Text, "return -1, false")], "\n"); n != strings.Count(src[:strings.Index(src, "return -1, false")], "\n") {
		t.Errorf("lines moved:\n%s", u.Text)
	}
	for _, want := range []string{"return false }", "return true }", "= -1; return false }", "(func(i int, v int) bool {"} {
		if !strings.Contains(u.Text, want) {
			t.Errorf("no %q in\n%s", want, u.Text)
		}
	}
	if strings.Contains(u.Text, "range slices.All") || strings.Contains(u.Text, "outer:") {
		t.Errorf("the range over a function is left:\n%s", u.Text)
	}
}
