package kernel_test

import (
	"strings"
	"testing"
	"time"

	"github.com/coevolab/coevo/kernel"
)

// A restore gives back the session the user had (issue 23): what a cell
// declared before it failed part-way, and nothing else — not a loop's
// variable, not a declaration that did not compile. Each fact is checked
// before and after a worker death, in a real worker.
func TestRestoreEqualsSession(t *testing.T) {
	c := startWith(t, kernelOptions())
	r := c.execute("y := 5\npanic(\"after y\")")
	if r.reply["ename"] != "panic" {
		t.Fatalf("the cell should panic: %v", r.reply)
	}
	c.ok("for j := 0; j < 3; j++ {}\nfor k := range 2 { _ = k }")
	c.ok("a := 1")
	if bad := c.execute("c := a + undefinedThing"); bad.reply["ename"] != "compile error" {
		t.Fatalf("%v", bad.reply)
	}
	check := func(when string) {
		t.Helper()
		if r := c.ok("y + a"); r.data("execute_result", "text/plain") != "6" {
			t.Errorf("%s: y + a = %q (%v)", when, r.data("execute_result", "text/plain"), r.reply)
		}
		for _, name := range []string{"j", "k", "c"} {
			if r := c.execute(name); r.reply["ename"] != "compile error" || !strings.Contains(r.reply["evalue"].(string), "undefined: "+name) {
				t.Errorf("%s: %s should be undefined: %v", when, name, r.reply)
			}
		}
		who := c.ok("%who").stdout()
		for _, line := range strings.Split(who, "\n")[1:] {
			name, _, _ := strings.Cut(line, " ")
			if name != "" && name != "a" && name != "y" {
				t.Errorf("%s: %%who lists %q:\n%s", when, name, who)
			}
		}
		if !strings.Contains(who, "\na ") || !strings.Contains(who, "\ny ") {
			t.Errorf("%s: %%who misses a or y:\n%s", when, who)
		}
	}
	check("before the death")
	died := c.execute("go func() { panic(\"x\") }()\nselect {}")
	if died.reply["ename"] != "worker died" || !strings.Contains(died.note(), "Session restored") {
		t.Fatalf("%v, note %q", died.reply, died.note())
	}
	check("after the restore")
}

// display.Show as a cell's last expression shows the value once: no
// display id as the cell's result.
func TestDisplayShowShowsNothingElse(t *testing.T) {
	c := startWith(t, kernelOptions())
	r := c.ok("import \"github.com/coevolab/coevo/kernel/display\"\ndisplay.Show(display.Markdown(\"**hi**\"))")
	if got := r.data("execute_result", "text/plain"); got != "" {
		t.Fatalf("an execute_result %q after display.Show", got)
	}
	if got := r.data("display_data", "text/markdown"); got != "**hi**" {
		t.Fatalf("display_data %q", got)
	}
}

func kernelOptions() kernel.Options { return kernel.Options{InterruptGrace: time.Minute} }
