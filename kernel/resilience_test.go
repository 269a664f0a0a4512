package kernel_test

import (
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/go-zeromq/zmq4"

	"github.com/coevolab/coevo/kernel"
	"github.com/coevolab/coevo/kernel/wire"
)

// heartbeatWatch pings the heartbeat every 50 ms until stopped, and
// reports the longest wait for an answer.
func (c *client) heartbeatWatch() (stop func() time.Duration) {
	var mu sync.Mutex
	var worst time.Duration
	quit := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		for {
			select {
			case <-quit:
				return
			case <-time.After(50 * time.Millisecond):
			}
			t0 := time.Now()
			got := make(chan error, 1)
			go func() {
				if err := c.hb.Send(zmq4.NewMsg([]byte("ping"))); err != nil {
					got <- err
					return
				}
				_, err := c.hb.Recv()
				got <- err
			}()
			select {
			case err := <-got:
				if err != nil {
					c.t.Errorf("heartbeat: %v", err)
					return
				}
			case <-time.After(5 * time.Second):
				c.t.Errorf("heartbeat unanswered for 5 s")
				return
			}
			mu.Lock()
			worst = max(worst, time.Since(t0))
			mu.Unlock()
		}
	}()
	var once sync.Once
	stop = func() time.Duration {
		once.Do(func() { close(quit); <-finished })
		mu.Lock()
		defer mu.Unlock()
		return worst
	}
	c.t.Cleanup(func() { stop() })
	return stop
}

func (r execResult) note() string {
	for _, m := range r.outputs {
		if m.Header.MsgType == "display_data" {
			var c struct{ Data map[string]any }
			json.Unmarshal(m.Content, &c)
			if s, ok := c.Data["text/markdown"].(string); ok && strings.Contains(s, "restore") {
				return s
			}
		}
	}
	return ""
}

// Every cell of issue 11 that killed or hung the kernel now costs only its
// worker: the cell gets a one-line error saying what happened, the
// heartbeat answers throughout, and the next cell finds what earlier cells
// defined.
func TestKillerCells(t *testing.T) {
	cases := []struct {
		name, code, cause string
		limit             int64
	}{
		{"goroutine panic", `go func() { panic("x") }()` + "\nselect {}", "a goroutine panicked: x (In[2] line 1, in a func literal)", 0},
		{"stack overflow", "func down(n int) int { return down(n+1) + 1 }\ndown(0)", "fatal error: stack overflow", 0},
		{"os.Exit", "import \"os\"\nos.Exit(3)", "the worker process exited with status 3", 0},
		{"memory", "import \"bytes\"\nvar hog [][]byte\nfor { hog = append(hog, bytes.Repeat([]byte(\"x\"), 32<<20)) }", "out of memory: the worker used", 400 << 20},
		{"killed", "import \"syscall\"\nsyscall.Kill(syscall.Getpid(), syscall.SIGKILL)\nselect {}", "the worker process was killed by signal killed", 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cl := startWith(t, kernel.Options{MemoryLimit: c.limit})
			if r := cl.execute("keep := 41"); r.reply["status"] != "ok" {
				t.Fatalf("%v", r.reply)
			}
			stop := cl.heartbeatWatch()
			t0 := time.Now()
			r := cl.execute(c.code)
			restored := time.Since(t0)
			if r.reply["status"] != "error" || r.reply["ename"] != "worker died" {
				t.Fatalf("%v", r.reply)
			}
			ev, _ := r.reply["evalue"].(string)
			if !strings.HasPrefix(ev, c.cause) || strings.Contains(ev, "\n") {
				t.Fatalf("evalue %q, want %q...", ev, c.cause)
			}
			if n := r.note(); !strings.Contains(n, "Session restored:** a new worker replayed 1 cells") {
				t.Fatalf("note %q", n)
			}
			if r := cl.execute("keep + 1"); r.data("execute_result", "text/plain") != "42" {
				t.Fatalf("state not restored: %v", r.reply)
			}
			t.Logf("%s: from the cell's request to its reply, the session restored: %v; longest heartbeat wait %v", c.name, restored, stop())
		})
	}
}

// The cell exactly: the goroutine may panic before or after the
// cell's reply; either way the session survives, and the cell is not
// replayed into a loop of deaths.
func TestGoroutinePanicAsTyped(t *testing.T) {
	c := start(t)
	c.execute("keep := 41")
	r := c.execute(`go func() { panic("x") }()`)
	next := c.execute("keep + 1")
	if next.data("execute_result", "text/plain") != "42" {
		t.Fatalf("%v", next.reply)
	}
	died := r.reply["ename"] == "worker died" || strings.Contains(next.note(), "died between cells: a goroutine panicked: x")
	if !died {
		t.Fatalf("no death reported: %v; next note %q", r.reply, next.note())
	}
	time.Sleep(500 * time.Millisecond)
	if r := c.execute("keep"); r.data("execute_result", "text/plain") != "41" || r.note() != "" {
		t.Fatalf("the worker died again: %v %q", r.reply, r.note())
	}
}

// An interrupt that the cell does not heed (an engine call that takes no
// context) kills the worker after the grace period: the CPU burn ends, and
// the session is restored.
func TestHardInterrupt(t *testing.T) {
	c := startWith(t, kernel.Options{InterruptGrace: 500 * time.Millisecond})
	r := c.execute("import \"os\"\nbefore := os.Getpid()\nbefore")
	pid, _ := strconv.Atoi(r.data("execute_result", "text/plain"))
	if pid == 0 {
		t.Fatalf("%v", r.reply)
	}
	sent := c.interruptAfter(700 * time.Millisecond)
	r = c.execute("import \"github.com/coevolab/coevo/engine/heap\"\nheap.Kayles().NaiveSequence(1000000)")
	el := time.Since(<-sent)
	c.recv(c.control)
	if r.reply["ename"] != "interrupted" || !strings.Contains(r.reply["evalue"].(string), "still running 500ms after the interrupt") {
		t.Fatalf("%v", r.reply)
	}
	t.Logf("the interrupted cell answered %v after the interrupt", el)
	if el > 10*time.Second {
		t.Fatalf("the cell answered %v after the interrupt", el)
	}
	if _, err := os.Stat(fmt.Sprintf("/proc/%d", pid)); err == nil {
		t.Fatalf("the worker %d that burned CPU still exists", pid)
	}
	// A new worker, where the replay defined before again (as its own pid).
	r = c.execute("os.Getpid() == before")
	if r.data("execute_result", "text/plain") != "true" {
		t.Fatalf("%v", r.reply)
	}
	// The new worker is idle: no CPU goes on burning.
	r = c.execute("os.Getpid()")
	now, _ := strconv.Atoi(r.data("execute_result", "text/plain"))
	if now == pid || now == 0 {
		t.Fatalf("worker %d after the interrupt, %d before", now, pid)
	}
	cpu := func() float64 {
		b, _ := os.ReadFile(fmt.Sprintf("/proc/%d/stat", now))
		f := strings.Fields(string(b[strings.LastIndexByte(string(b), ')')+1:]))
		u, _ := strconv.ParseFloat(f[11], 64)
		s, _ := strconv.ParseFloat(f[12], 64)
		return (u + s) / 100 // clock ticks
	}
	c0 := cpu()
	time.Sleep(time.Second)
	if used := cpu() - c0; used > 0.3 {
		t.Fatalf("the new worker used %.2f s of CPU in 1 s while idle", used)
	}
}

// An interrupt that the cell heeds in time does not cost the worker.
func TestSoftInterruptKeepsWorker(t *testing.T) {
	c := start(t)
	r := c.execute("import \"os\"\npid := os.Getpid()")
	c.interruptAfter(300 * time.Millisecond)
	r = c.execute("n := 0\nfor { n++ }")
	c.recv(c.control)
	if r.reply["ename"] != "interrupted" {
		t.Fatalf("%v", r.reply)
	}
	if r := c.execute("os.Getpid() == pid"); r.data("execute_result", "text/plain") != "true" {
		t.Fatalf("the worker was replaced: %v", r.reply)
	}
}

// Issue 23: an interrupt stops the running cell and the goroutines it
// started, not those of earlier cells. A goroutine started two cells
// before ticks every 10 ms; interrupting a for {} cell (which had started
// a ticker of its own) leaves it ticking, in the same worker process.
func TestInterruptSparesEarlierGoroutines(t *testing.T) {
	c := startWith(t, kernel.Options{InterruptGrace: 20 * time.Second})
	c.execute("import (\"os\"; \"sync/atomic\"; \"time\")\nvar early, mine int64\npid := os.Getpid()")
	if r := c.execute("go func() { for { atomic.AddInt64(&early, 1); time.Sleep(10 * time.Millisecond) } }()"); r.reply["status"] != "ok" {
		t.Fatalf("%v", r.reply)
	}
	c.execute("between := 1")
	c.interruptAfter(300 * time.Millisecond)
	r := c.execute("go func() { for { atomic.AddInt64(&mine, 1); time.Sleep(10 * time.Millisecond) } }()\nfor {}")
	c.recv(c.control)
	if r.reply["ename"] != "interrupted" {
		t.Fatalf("%v", r.reply)
	}
	ticks := func() (early, mine int64) {
		t.Helper()
		r := c.execute("fmt.Sprint(atomic.LoadInt64(&early), atomic.LoadInt64(&mine))")
		fmt.Sscanf(strings.Trim(r.data("execute_result", "text/plain"), `"`), "%d %d", &early, &mine)
		return
	}
	time.Sleep(100 * time.Millisecond) // the stopped ticker's last tick
	e0, m0 := ticks()
	time.Sleep(300 * time.Millisecond)
	e1, m1 := ticks()
	// 30 ticks expected; a loaded machine may give fewer.
	if e1-e0 < 5 {
		t.Errorf("the goroutine of In[2] ticked %d times in 300 ms after the interrupt", e1-e0)
	}
	if m1 != m0 {
		t.Errorf("the interrupted cell's own goroutine ticked %d times after the interrupt", m1-m0)
	}
	if r := c.execute("os.Getpid() == pid && between == 1"); r.data("execute_result", "text/plain") != "true" {
		t.Fatalf("the worker was replaced: %v", r.reply)
	}
}

// A validly signed message sent twice is executed once.
func TestDuplicateSignatureDropped(t *testing.T) {
	c := start(t)
	c.execute("runs := 0")
	b, _ := json.Marshal(map[string]any{"code": "runs++", "silent": false})
	m := &wire.Message{Header: wire.NewHeader("execute_request", c.session), Content: b}
	frames, _ := c.signer.Encode(m)
	c.shell.SendMulti(zmq4.NewMsgFrom(frames...))
	c.recv(c.shell)
	c.shell.SendMulti(zmq4.NewMsgFrom(frames...))
	time.Sleep(300 * time.Millisecond)
	if r := c.execute("runs"); r.data("execute_result", "text/plain") != "1" {
		t.Fatalf("the cell ran %s times", r.data("execute_result", "text/plain"))
	}
}

// Error texts name the cell and line.
func TestErrorTexts(t *testing.T) {
	c := start(t)
	r := c.execute("undefinedName + 1")
	if r.reply["evalue"] != "In[1]:1:1: undefined: undefinedName" {
		t.Fatalf("%v", r.reply)
	}
	r = c.execute("y := 1\ny = undefinedName + 1")
	if r.reply["evalue"] != "In[2]:2:5: undefined: undefinedName" {
		t.Fatalf("%v", r.reply)
	}
	r = c.execute("var p *struct{ X int }\n\nq := *p")
	tb, _ := json.Marshal(r.reply["traceback"])
	if r.reply["evalue"] != "runtime error: invalid memory address or nil pointer dereference" || !strings.Contains(string(tb), "In[3] line 3: q := *p") {
		t.Fatalf("%v", r.reply)
	}
}

// user_expressions are evaluated after the cell, each with its own status.
func TestUserExpressions(t *testing.T) {
	c := start(t)
	id := c.send(c.shell, "execute_request", map[string]any{"code": "x := 21", "user_expressions": map[string]string{"double": "x * 2", "bad": "nope"}})
	rep := c.recv(c.shell)
	c.outputs(id)
	var r struct {
		UserExpressions map[string]struct {
			Status string
			Data   map[string]any
			Ename  string
			Evalue string
		} `json:"user_expressions"`
	}
	json.Unmarshal(rep.Content, &r)
	d, b := r.UserExpressions["double"], r.UserExpressions["bad"]
	if d.Status != "ok" || d.Data["text/plain"] != "42" || b.Status != "error" || !strings.Contains(b.Evalue, "undefined: nope") {
		t.Fatalf("%+v", r.UserExpressions)
	}
}

// A cell marked //coevo:noreplay is not replayed; the note says so.
func TestNoReplayMarker(t *testing.T) {
	c := start(t)
	c.execute("//coevo:noreplay\nmarked := 1")
	c.execute("kept := 2")
	r := c.execute("import \"os\"\nos.Exit(1)")
	if n := r.note(); !strings.Contains(n, "replayed 1 cells") || !strings.Contains(n, "Not replayed (marked `//coevo:noreplay`): In[1]") {
		t.Fatalf("note %q", n)
	}
	if r := c.execute("kept"); r.data("execute_result", "text/plain") != "2" {
		t.Fatalf("%v", r.reply)
	}
	if r := c.execute("marked"); r.reply["status"] != "error" {
		t.Fatalf("the marked cell was replayed: %v", r.reply)
	}
}

// A goroutine that panics after its cell ended kills the worker between
// cells; the session is restored at once and the next cell says so. The
// cell that started the goroutine is dropped from the session when its
// replay kills the worker again.
func TestDeathBetweenCells(t *testing.T) {
	c := start(t)
	c.execute("base := 7")
	// The goroutine must outlive its cell's reply, which a loaded machine
	// can delay by a good fraction of a second.
	if r := c.execute("import \"time\"\ngo func() { time.Sleep(1500 * time.Millisecond); panic(\"later\") }()"); r.reply["status"] != "ok" {
		t.Fatalf("%v", r.reply)
	}
	time.Sleep(4 * time.Second)
	r := c.execute("base")
	if r.data("execute_result", "text/plain") != "7" {
		t.Fatalf("%v", r.reply)
	}
	n := r.note()
	if !strings.Contains(n, "The worker process died between cells: a goroutine panicked: later") {
		t.Fatalf("note %q", n)
	}
}

// Issue 23: a goroutine of In[2] panics after In[3] ran, and In[3] left a
// goroutine running too. The crash report names In[2] (goroutines carry
// their cell's label), so In[2] is dropped and In[3]'s state survives the
// restore; before, In[3] was dropped as the last cell that left goroutines
// running, and In[2] was replayed, to kill the worker again.
func TestGuiltyCellBetweenCells(t *testing.T) {
	c := start(t)
	c.execute("import \"time\"\nbase := 7\nready := make(chan bool)")
	if r := c.execute("go func() { <-ready; panic(\"late\") }()"); r.reply["status"] != "ok" {
		t.Fatalf("%v", r.reply)
	}
	if r := c.execute("y := 3\ngo func() { time.Sleep(1500 * time.Millisecond); close(ready) }()"); r.reply["status"] != "ok" {
		t.Fatalf("%v", r.reply)
	}
	time.Sleep(4 * time.Second)
	r := c.execute("base + y")
	if r.data("execute_result", "text/plain") != "10" {
		t.Fatalf("In[3]'s y was lost: %v", r.reply)
	}
	n := r.note()
	if !strings.Contains(n, "a goroutine panicked: late") || !strings.Contains(n, "In[2] started the goroutine that crashed it: it is dropped from the session") ||
		strings.Contains(n, "In[3]") || !strings.Contains(n, "replayed 2 cells") {
		t.Fatalf("note %q", n)
	}
}

// The same while a later cell runs: that cell fails (its worker died under
// it), the note names In[2], which is dropped and so does not kill the
// restored worker again.
func TestGuiltyCellDuringAnother(t *testing.T) {
	c := start(t)
	c.execute("import \"time\"\nbase := 7")
	if r := c.execute("go func() { time.Sleep(800 * time.Millisecond); panic(\"late\") }()"); r.reply["status"] != "ok" {
		t.Fatalf("%v", r.reply)
	}
	r := c.execute("select {}")
	if r.reply["ename"] != "worker died" || !strings.Contains(r.note(), "In[2] started the goroutine that crashed it: it is dropped from the session") {
		t.Fatalf("%v, note %q", r.reply, r.note())
	}
	time.Sleep(2 * time.Second)
	r = c.execute("base")
	if r.data("execute_result", "text/plain") != "7" || r.note() != "" {
		t.Fatalf("%v, note %q", r.reply, r.note())
	}
}

func TestMagicsOverTheWire(t *testing.T) {
	c := start(t)
	r := c.execute("%time v := 6 * 7\nv")
	if !strings.HasPrefix(r.data("stream", ""), "CPU times: user ") || r.data("execute_result", "text/plain") != "42" {
		t.Fatalf("%q %v", r.data("stream", ""), r.reply)
	}
	c.send(c.shell, "complete_request", map[string]any{"code": "%lsm", "cursor_pos": 4})
	var comp struct{ Matches []string }
	json.Unmarshal(c.recv(c.shell).Content, &comp)
	if len(comp.Matches) != 1 || comp.Matches[0] != "lsmagic" {
		t.Fatalf("%+v", comp)
	}
	c.send(c.shell, "is_complete_request", map[string]any{"code": "%time x := 1"})
	var ic struct{ Status string }
	json.Unmarshal(c.recv(c.shell).Content, &ic)
	if ic.Status != "complete" {
		t.Fatalf("%+v", ic)
	}
}

func TestClearOutput(t *testing.T) {
	c := start(t)
	r := c.execute("import \"github.com/coevolab/coevo/kernel/display\"\ndisplay.Clear(true)")
	for _, m := range r.outputs {
		if m.Header.MsgType == "clear_output" && string(m.Content) == `{"wait":true}` {
			return
		}
	}
	t.Fatalf("no clear_output: %v", r.outputs)
}

// An interrupt during a restore stops it where it is: the cells replayed
// so far are kept, the rest are not run again.
func TestInterruptStopsRestore(t *testing.T) {
	c := start(t)
	c.execute("a := 1")
	slow := "import \"time\"\ndeadline := time.Now().Add(3 * time.Second)\nfor time.Now().Before(deadline) {\n}"
	if r := c.execute(slow); r.reply["status"] != "ok" {
		t.Fatalf("%v", r.reply)
	}
	c.execute("b := 2")
	sent := c.interruptAfter(1500 * time.Millisecond)
	r := c.execute("import \"os\"\nos.Exit(1)")
	t.Logf("the restore ended %v after the interrupt", time.Since(<-sent))
	c.recv(c.control)
	if n := r.note(); !strings.Contains(n, "Session partly restored:** a new worker replayed the cells before In[2]") {
		t.Fatalf("note %q", n)
	}
	if r := c.execute("a"); r.data("execute_result", "text/plain") != "1" {
		t.Fatalf("%v", r.reply)
	}
	if r := c.execute("b"); r.reply["status"] != "error" {
		t.Fatalf("a cell after the interrupted restore was replayed: %v", r.reply)
	}
}
