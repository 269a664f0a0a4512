package kernel_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coevolab/coevo/kernel"
)

// Shell and file magics over the wire: a shell line's output streamed, an
// interrupt (Jupyter's stop button) reaching the command as SIGINT with
// the worker kept, %%writefile, and %load's payload in the execute reply.
func TestShellMagicsOverTheWire(t *testing.T) {
	dir := t.TempDir()
	c := startWith(t, kernel.Options{InterruptGrace: 10 * time.Second})
	r := c.execute("import \"os\"\npid := os.Getpid()\nos.Chdir(" + quote(dir) + ")\n!echo $((6*7))")
	if got := r.data("stream", ""); got != "42\n" || r.reply["status"] != "ok" {
		t.Fatalf("!echo: %q %v", got, r.reply)
	}
	sent := c.interruptAfter(500 * time.Millisecond)
	r = c.execute("!sleep 60")
	t.Logf("the command ended %v after the interrupt", time.Since(<-sent))
	c.recv(c.control)
	if r.reply["ename"] != "interrupted" {
		t.Fatalf("an interrupted command: %v", r.reply)
	}
	if r := c.execute("os.Getpid() == pid"); r.data("execute_result", "text/plain") != "true" {
		t.Fatalf("the worker was replaced: %v", r.reply)
	}
	r = c.execute("%%writefile cube.go\nfunc cube(x int) int { return x * x * x }")
	if got := r.data("stream", ""); got != "Writing cube.go\n" {
		t.Fatalf("%%%%writefile said %q", got)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "cube.go")); !strings.HasPrefix(string(b), "func cube") {
		t.Fatalf("cube.go holds %q", b)
	}
	r = c.execute("%load cube.go")
	payload, _ := r.reply["payload"].([]any)
	if len(payload) != 1 {
		t.Fatalf("%%load: reply %v", r.reply)
	}
	p := payload[0].(map[string]any)
	if p["source"] != "set_next_input" || p["replace"] != true || !strings.HasPrefix(p["text"].(string), "// %load cube.go\nfunc cube") {
		t.Fatalf("%%load payload %v", p)
	}
}

func quote(s string) string { return "\"" + strings.ReplaceAll(s, "\"", "\\\"") + "\"" }
