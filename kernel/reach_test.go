package kernel_test

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/coevolab/coevo/kernel"
)

// A module fetched from the Go module proxy and compiled in.
const (
	expModule  = "golang.org/x/exp@v0.0.0-20261014143641-f0251eb4aa3e"
	expImport  = "import \"golang.org/x/exp/utf8string\"\ns := utf8string.NewString(\"héllo, wörld\")\ns.RuneCount()"
	sumSquares = "%%compile\n// sumSquares is Σ i² for i < n, compiled.\nfunc sumSquares(n int) int {\n\ts := 0\n\tfor i := 0; i < n; i++ {\n\t\ts += i * i\n\t}\n\treturn s\n}\n"
)

// stdout is what a cell printed.
func (r execResult) stdout() string {
	var b strings.Builder
	for _, m := range r.outputs {
		var c struct{ Name, Text string }
		if m.Header.MsgType == "stream" && json.Unmarshal(m.Content, &c) == nil && c.Name == "stdout" {
			b.WriteString(c.Text)
		}
	}
	return b.String()
}

// timed runs a cell and returns its result and how long its round trip took.
func (c *client) timed(code string) (execResult, time.Duration) {
	t0 := time.Now()
	r := c.execute(code)
	return r, time.Since(t0)
}

func (c *client) ok(code string) execResult {
	c.t.Helper()
	r := c.execute(code)
	if r.reply["status"] != "ok" {
		c.t.Fatalf("%q: %v", code, r.reply)
	}
	return r
}

// %go get of a module the binary lacks, an import of one of its packages
// and a call; a %%compile cell called from an interpreted one; the cell
// changed and rebuilt; a build error at the cell's line; a module that
// cannot be had; a worker restart that replays all of it from the cache;
// and a second session that loads everything from the cache. The plugin
// cache is the test's own, so the first builds are real builds.
func TestGoGetImportAndCompile(t *testing.T) {
	cache := t.TempDir()
	c := startWith(t, kernel.Options{WorkerEnv: []string{"COEVO_KERNEL_CACHE=" + cache}, InterruptGrace: time.Minute})

	get, tGet := c.timed("%go get " + expModule)
	if get.reply["status"] != "ok" {
		t.Fatalf("%%go get: %v", get.reply)
	}
	// "héllo, wörld" is 12 runes in 14 bytes.
	imp, tImport := c.timed(expImport)
	if got := imp.data("execute_result", "text/plain"); got != "12" {
		t.Fatalf("RuneCount: %q, %v", got, imp.reply)
	}
	if r := c.ok("s.At(1) == 'é'"); r.data("execute_result", "text/plain") != "true" {
		t.Fatalf("At(1): %v", r.reply)
	}

	comp, tCompile := c.timed(sumSquares)
	if comp.reply["status"] != "ok" || !strings.Contains(comp.stdout(), "compiled natively") {
		t.Fatalf("%%%%compile: %v, output %q", comp.reply, comp.stdout())
	}
	// Σ i² for i < 10 is 9·10·19/6 = 285.
	if r := c.ok("sumSquares(10)"); r.data("execute_result", "text/plain") != "285" {
		t.Fatalf("sumSquares(10): %v", r.reply)
	}
	if r := c.ok("func twice(n int) int { return 2 * sumSquares(n) }\ntwice(10)"); r.data("execute_result", "text/plain") != "570" {
		t.Fatalf("an interpreted function calling the compiled one: %v", r.reply)
	}

	// Changed: Σ i² for 1 <= i <= 10 is 385.
	changed := strings.Replace(sumSquares, "i := 0; i < n", "i := 1; i <= n", 1)
	c.ok(changed)
	if r := c.ok("sumSquares(10)"); r.data("execute_result", "text/plain") != "385" {
		t.Fatalf("the rebuilt sumSquares(10): %v", r.reply)
	}

	bad := c.execute("%%compile\nfunc broken() int {\n\treturn undefinedName + 1\n}")
	n := int(bad.reply["execution_count"].(float64))
	want := "In[" + itoa(n) + "]:3:9: undefined: undefinedName"
	if bad.reply["ename"] != "compile error" || bad.reply["evalue"] != want {
		t.Fatalf("build error: %v, want evalue %q", bad.reply, want)
	}

	nope := c.execute("%go get example.com/no-such-module@v1.0.0")
	if ev, _ := nope.reply["evalue"].(string); nope.reply["ename"] != "go get" || !strings.Contains(ev, "cannot get example.com/no-such-module@v1.0.0") {
		t.Fatalf("a module that cannot be had: %v", nope.reply)
	}

	// A worker death: the replay does the %go get, the import and both
	// compiled cells again, from the cache.
	died, tRestore := c.timed("go func() { panic(\"x\") }()\nselect {}")
	if died.reply["ename"] != "worker died" || !strings.Contains(died.note(), "Session restored") {
		t.Fatalf("%v, note %q", died.reply, died.note())
	}
	if r := c.ok("sumSquares(10) + s.RuneCount()"); r.data("execute_result", "text/plain") != "397" {
		t.Fatalf("after the restore: %v", r.reply)
	}

	// Another session, the same cache: no build, milliseconds.
	c2 := startWith(t, kernel.Options{WorkerEnv: []string{"COEVO_KERNEL_CACHE=" + cache}})
	_, tGet2 := c2.timed("%go get " + expModule)
	imp2, tImport2 := c2.timed(expImport)
	comp2, tCompile2 := c2.timed(sumSquares)
	if imp2.data("execute_result", "text/plain") != "12" || comp2.reply["status"] != "ok" {
		t.Fatalf("second session: %v %v", imp2.reply, comp2.reply)
	}
	if out := imp2.stdout() + comp2.stdout(); strings.Contains(out, "natively in") {
		t.Fatalf("the second session built again: %q", out)
	}
	t.Logf("first session: %%go get %v, import (build) %v, %%%%compile (build) %v; worker restart replaying them %v", tGet, tImport, tCompile, tRestore)
	t.Logf("second session, from the cache: %%go get %v, import %v, %%%%compile %v", tGet2, tImport2, tCompile2)
}
