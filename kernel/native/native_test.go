package native

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/goplus/ixgo"
)

// newBuilder makes a Builder with a session module and a plugin cache of
// the test's own; the test binary is the plugin host.
func newBuilder(t *testing.T) *Builder {
	t.Helper()
	dir := t.TempDir()
	b := New(filepath.Join(dir, "session"), filepath.Join(dir, "cache"))
	if _, err := b.hostInfo(); err != nil {
		t.Fatalf("this test binary cannot host plugins: %v", err)
	}
	return b
}

func TestParseRequires(t *testing.T) {
	got := parseRequires(`module coevo.session

go 1.26.8

require golang.org/x/exp v0.0.0-20261014143641-f0251eb4aa3e // indirect
require (
	gonum.org/v1/gonum v0.17.0
	"github.com/go-gota/gota" v0.12.0 // indirect
)

replace github.com/coevolab/coevo => /src/coevo
`)
	want := map[string]string{"golang.org/x/exp": "v0.0.0-20261014143641-f0251eb4aa3e", "gonum.org/v1/gonum": "v0.17.0", "github.com/go-gota/gota": "v0.12.0"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %v, want %v", got, want)
	}
}

// The binary's own module and versions: the test binary is built from
// this checkout, whose go.mod names the module.
func TestHostInfo(t *testing.T) {
	h, err := hostInfo()
	if err != nil {
		t.Fatal(err)
	}
	root, _ := filepath.Abs("../..")
	if h.main != "github.com/coevolab/coevo" || h.checkout != root {
		t.Fatalf("main %q checkout %q, want github.com/coevolab/coevo in %s", h.main, h.checkout, root)
	}
	if h.deps["github.com/goplus/ixgo"] != "v1.1.1" {
		t.Fatalf("ixgo at %q in the build info, go.mod says v1.1.1", h.deps["github.com/goplus/ixgo"])
	}
	if buildID() == "" {
		t.Fatal("no Go build ID in the test binary")
	}
}

// %go get refuses what is not an exact version before asking anyone.
func TestGetNeedsExactVersion(t *testing.T) {
	b := New(t.TempDir(), t.TempDir())
	for _, arg := range []string{"golang.org/x/exp", "golang.org/x/exp@latest", "golang.org/x/exp@v1", "@v1.0.0"} {
		err := b.Get(context.Background(), []string{arg}, io.Discard)
		if err == nil || !strings.Contains(err.Error(), "exact version") {
			t.Errorf("%s: %v, want an error asking for an exact version", arg, err)
		}
	}
	if _, err := os.Stat(filepath.Join(b.dir, "go.mod")); err == nil {
		t.Error("a refused go get made the session module")
	}
}

func TestBuildErrors(t *testing.T) {
	msg := "# coevo.session/pabc\ncoevo-cell.go:5:9: undefined: x\n./coevo-cell.go:7:24: undefined: y\nother.go:1:1: not ours\n"
	ce := buildErrors(msg)
	want := []Diagnostic{{5, 9, "undefined: x"}, {7, 24, "undefined: y"}}
	if ce == nil || !reflect.DeepEqual(ce.Errors, want) {
		t.Fatalf("got %+v, want %+v", ce, want)
	}
	if buildErrors("# x\nother.go:1:1: not ours\n") != nil {
		t.Fatal("an error outside the cell was taken for the cell's")
	}
}

// A compiled cell's function, variable, constant and type are bound, and
// the function runs compiled: Σ i² for i < 10 is 285 (9·10·19/6).
func TestCompile(t *testing.T) {
	b := newBuilder(t)
	code := "import \"strings\"\n\nfunc sumSquares(n int) int {\n\ts := 0\n\tfor i := 0; i < n; i++ {\n\t\ts += i * i\n\t}\n\treturn s\n}\n\nvar calls int\n\nconst Limit = 10\n\ntype pair struct{ A, B int }\n\nfunc shout(s string) string { calls++; return strings.ToUpper(s) }\n"
	t0 := time.Now()
	c, err := b.Compile(context.Background(), code, 2)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("first build %v (reported %v)", time.Since(t0), c.Built)
	if fmt.Sprint(c.Names) != "map[Limit:const calls:var pair:type shout:func sumSquares:func]" {
		t.Fatalf("names %v", c.Names)
	}
	p, ok := ixgo.LookupPackage(c.Path)
	if !ok {
		t.Fatalf("%s is not registered with the interpreter", c.Path)
	}
	if _, ok := p.AliasTypes[Exported("pair")]; !ok {
		t.Fatalf("no type pair in %v", p.AliasTypes)
	}
	if _, ok := p.UntypedConsts[Exported("Limit")]; !ok {
		t.Fatalf("no constant Limit in %v", p.UntypedConsts)
	}
	if got := p.Vars[Exported("sumSquares")].Elem().Call([]reflect.Value{reflect.ValueOf(10)})[0].Int(); got != 285 {
		t.Fatalf("sumSquares(10) = %d, want 285", got)
	}
	p.Vars[Exported("shout")].Elem().Call([]reflect.Value{reflect.ValueOf("go")})
	if calls := p.Vars[Exported("calls")].Elem().Elem().Int(); calls != 1 {
		t.Fatalf("calls = %v after one call: the variable is not the compiled one", calls)
	}
	if c.Built == 0 {
		t.Fatal("the first build of a cell reports no build time")
	}

	// The same code again: from this process's plugins, then from the
	// cache in a new session module (as a restarted worker has).
	again, err := b.Compile(context.Background(), code, 2)
	if err != nil || again.Built != 0 || again.Path != c.Path {
		t.Fatalf("unchanged cell: %+v, %v; want the same package, not built", again, err)
	}
	fresh := New(filepath.Join(t.TempDir(), "session"), b.cache)
	t0 = time.Now()
	cached, err := fresh.Compile(context.Background(), code, 2)
	if err != nil || cached.Built != 0 {
		t.Fatalf("from the cache: %+v, %v", cached, err)
	}
	t.Logf("cached load in a new session %v", time.Since(t0))

	// A changed cell is a new package.
	changed, err := b.Compile(context.Background(), strings.Replace(code, "i < n", "i <= n", 1), 2)
	if err != nil {
		t.Fatal(err)
	}
	if changed.Path == c.Path {
		t.Fatal("a changed cell kept its package path: the plugin could not be opened")
	}
	p, _ = ixgo.LookupPackage(changed.Path)
	if got := p.Vars[Exported("sumSquares")].Elem().Call([]reflect.Value{reflect.ValueOf(10)})[0].Int(); got != 385 {
		t.Fatalf("changed sumSquares(10) = %d, want 385", got)
	}
}

// Compiler messages point at the cell's lines.
func TestCompileErrorLines(t *testing.T) {
	b := newBuilder(t)
	// The cell's code starts at its line 2 (after %%compile).
	_, err := b.Compile(context.Background(), "func f() int {\n\treturn missing + 1\n}\n\nfunc g() string { return 3 }\n", 2)
	var ce *CompileError
	if !errors.As(err, &ce) {
		t.Fatalf("%v, want a CompileError", err)
	}
	want := []Diagnostic{{3, 9, "undefined: missing"}, {6, 26, "cannot use 3 (untyped int constant) as string value in return statement"}}
	if !reflect.DeepEqual(ce.Errors, want) {
		t.Fatalf("got %+v, want %+v", ce.Errors, want)
	}
	_, err = b.Compile(context.Background(), "x := 1\n", 4)
	if !errors.As(err, &ce) || ce.Errors[0].Line != 4 || ce.Errors[0].Msg != "expected declaration, found x" {
		t.Fatalf("a statement: %v", err)
	}
}

// A package of a module the binary is built from, not bound into the
// interpreter, builds as a plugin: gonum's combin.Binomial(5, 2) is 10.
func TestImportBinaryModule(t *testing.T) {
	b := newBuilder(t)
	if !b.Provides("gonum.org/v1/gonum/stat/combin") || b.Provides("strings") || b.Provides("example.com/none") {
		t.Fatal("Provides is wrong about gonum, strings or example.com")
	}
	var out strings.Builder
	if _, err := b.Import(context.Background(), "gonum.org/v1/gonum/stat/combin", &out); err != nil {
		t.Fatal(err)
	}
	t.Logf("%s", out.String())
	p, ok := ixgo.LookupPackage("gonum.org/v1/gonum/stat/combin")
	f := p.Funcs["Binomial"]
	if !ok || !f.IsValid() {
		t.Fatalf("no Binomial registered: %v", p)
	}
	if got := f.Call([]reflect.Value{reflect.ValueOf(5), reflect.ValueOf(2)})[0].Int(); got != 10 {
		t.Fatalf("Binomial(5, 2) = %d", got)
	}
	_, err := b.Import(context.Background(), "gonum.org/v1/gonum/no/such", io.Discard)
	if err == nil || !strings.Contains(err.Error(), "gonum.org/v1/gonum/no/such") {
		t.Fatalf("a package that is not there: %v", err)
	}
}

// Plugins no session opened for 30 days are removed; others stay.
func TestPruneUnused(t *testing.T) {
	b := New(t.TempDir(), t.TempDir())
	dir := filepath.Join(b.cache, "plugins")
	os.MkdirAll(dir, 0o755)
	for _, name := range []string{"pold.so", "pnew.so"} {
		os.WriteFile(filepath.Join(dir, name), []byte("x"), 0o644)
	}
	old := time.Now().Add(-31 * 24 * time.Hour)
	os.Chtimes(filepath.Join(dir, "pold.so"), old, old)
	b.prune()
	if _, err := os.Stat(filepath.Join(dir, "pold.so")); err == nil {
		t.Error("a plugin unused for 31 days was kept")
	}
	if _, err := os.Stat(filepath.Join(dir, "pnew.so")); err != nil {
		t.Error("a recent plugin was removed")
	}
}

// As ssh refuses a key file others can write, the Builder refuses a cache
// that another user or the group can write, or that another user owns,
// with a message that says how to fix it; and a plugin file others can
// write is not opened (its init would run).
func TestInsecureCache(t *testing.T) {
	b := newBuilder(t)
	if _, err := b.ready(); err != nil {
		t.Fatalf("a fresh cache under %s: %v", b.cache, err)
	}
	plugins := filepath.Join(b.cache, "plugins")
	for mode, who := range map[os.FileMode]string{0o777: "other users can write it", 0o770: "its group can write it", 0o1777: "other users can write it"} {
		os.Chmod(plugins, mode)
		_, err := b.ready()
		var ie *InsecureError
		if !errors.As(err, &ie) || ie.Path != plugins || !strings.Contains(err.Error(), who) || !strings.Contains(err.Error(), "chmod go-w "+plugins) {
			t.Errorf("plugins directory of mode %v: %v", mode, err)
		}
	}
	os.Chmod(plugins, 0o755)
	// The cache's parent too.
	os.Chmod(b.cache, 0o777)
	if _, err := b.ready(); err == nil || !strings.Contains(err.Error(), b.cache+" for compiled code") {
		t.Errorf("a cache whose directory others can write: %v", err)
	}
	os.Chmod(b.cache, 0o700)
	if _, err := b.ready(); err != nil {
		t.Fatalf("after the fix: %v", err)
	}
	// A plugin file others can write, in a cache that is fine.
	planted := b.pluginFile("planted")
	os.WriteFile(planted, []byte("not even a plugin"), 0o666)
	os.Chmod(planted, 0o666)
	if err := b.open("planted"); err == nil || !strings.Contains(err.Error(), "other users can write it") {
		t.Errorf("a plugin file of mode 0666: %v", err)
	}
	// Another user's directory (only root can make one).
	if os.Getuid() == 0 {
		os.Chmod(planted, 0o600)
		os.Chown(plugins, 4242, 4242)
		if _, err := b.ready(); err == nil || !strings.Contains(err.Error(), "owned by uid 4242, not by you") {
			t.Errorf("a plugins directory owned by uid 4242: %v", err)
		}
	}
}

func TestSemverLess(t *testing.T) {
	ordered := []string{"v0.0.0-20200101000000-abcdefabcdef", "v0.0.0", "v0.1.0", "v0.9.0", "v0.10.0", "v0.35.0",
		"v1.0.0-alpha", "v1.0.0-alpha.1", "v1.0.0-alpha.beta", "v1.0.0-beta", "v1.0.0-beta.2", "v1.0.0-beta.11", "v1.0.0-rc.1", "v1.0.0", "v2.0.0+incompatible", "v10.0.0"}
	for i, a := range ordered {
		for j, b := range ordered {
			if got := semverLess(a, b); got != (i < j) {
				t.Errorf("semverLess(%s, %s) = %v", a, b, got)
			}
		}
	}
}

// A downgrade of a module the kernel is built with is refused before go
// runs (go get would try to downgrade coevo's own module and fail on the
// proxy); go's own failures are reworded (the messages are go's, as go
// 1.26 prints them against the module proxy).
func TestGetVersionMessages(t *testing.T) {
	b := newBuilder(t)
	h, _ := b.hostInfo()
	sys := h.deps["golang.org/x/sys"]
	if sys == "" || !semverLess("v0.1.0", sys) {
		t.Fatalf("golang.org/x/sys at %q in the binary", sys)
	}
	err := b.Get(context.Background(), []string{"golang.org/x/sys@v0.1.0"}, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "older than "+sys+", the version this kernel is built with") {
		t.Fatalf("a downgrade: %v", err)
	}
	for msg, want := range map[string]string{
		"go: golang.org/x/sys@v0.99.0: reading https://proxy.golang.org/golang.org/x/sys/@v/v0.99.0.info: 403 Forbidden\n\tserver response: This module version is not available.": "golang.org/x/sys@v0.99.0 is not on the module proxy (403 Forbidden)",
		"go: example.com/nope@v1.0.0: reading https://proxy.golang.org/example.com/nope/@v/v1.0.0.info: 400 Bad Request":                                                           "example.com/nope@v1.0.0 is not on the module proxy (400 Bad Request)",
		"go: github.com/x/y@v1.2.3: invalid version: unknown revision v1.2.3":                                                                                                      "github.com/x/y has no version v1.2.3",
		"go: module github.com/coevolab/coevo: reading https://proxy.golang.org/github.com/coevolab/coevo/@v/list: 403 Forbidden":                                                  "a session cannot change the kernel's own module",
		"go: something else": "something else",
	} {
		if got := getSaid(msg, "github.com/coevolab/coevo"); !strings.Contains(got, want) {
			t.Errorf("%q: %q, want %q", msg, got, want)
		}
	}
}
