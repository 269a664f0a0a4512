package runner

import (
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/coevolab/coevo/kernel/worker"
)

// The test binary is also the worker: started with COEVO_WORKER_TEST=1,
// it serves the pipes instead of running tests.
func TestMain(m *testing.M) {
	if os.Getenv("COEVO_WORKER_TEST") == "1" {
		if err := Main(); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

type recorder struct {
	mu      sync.Mutex
	events  []Event
	replies chan *Reply
	input   func(Event) // answers input events, if set
}

func (r *recorder) on(e Event) {
	if e.Kind == "reply" {
		r.replies <- e.Reply
		return
	}
	r.mu.Lock()
	r.events = append(r.events, e)
	answer := r.input
	r.mu.Unlock()
	if e.Kind == "input" && answer != nil {
		answer(e)
	}
}

func (r *recorder) text(kind, name string) string {
	r.mu.Lock()
	defer r.mu.Unlock()
	var b strings.Builder
	for _, e := range r.events {
		if e.Kind == kind && e.Name == name {
			b.WriteString(e.Text)
		}
	}
	return b.String()
}

func start(t *testing.T, limit int64) (*worker.Process, *recorder) {
	t.Helper()
	r := &recorder{replies: make(chan *Reply, 10)}
	p, err := worker.Start(worker.Options{Command: []string{os.Args[0]}, Env: []string{"COEVO_WORKER_TEST=1"}, MemoryLimit: limit, OnEvent: r.on, Log: testLog{t}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Stop(time.Second) })
	return p, r
}

type testLog struct{ t *testing.T }

func (l testLog) Write(b []byte) (int, error) {
	l.t.Log(strings.TrimSpace(string(b)))
	return len(b), nil
}

// execute runs a cell and returns its reply, or nil if the worker died.
func execute(t *testing.T, p *worker.Process, r *recorder, code string) *Reply {
	t.Helper()
	if err := p.Send(Request{Op: "execute", Code: code, Cell: "In[1]"}); err != nil {
		t.Fatal(err)
	}
	select {
	case rep := <-r.replies:
		return rep
	case <-p.Done():
		return nil
	case <-time.After(60 * time.Second):
		t.Fatalf("no reply to %q", code)
	}
	return nil
}

// Output of interpreted code, of compiled code on descriptors 1 and 2,
// and the result all arrive, the output before the reply.
func TestExecuteStreams(t *testing.T) {
	p, r := start(t, 0)
	rep := execute(t, p, r, "import \"os\"\nfmt.Println(\"interpreted\")\nos.NewFile(1, \"fd1\").Write([]byte(\"fd one\\n\"))\nos.NewFile(2, \"fd2\").Write([]byte(\"panic: not a crash\\n\"))\n6 * 7")
	if rep == nil || rep.Status != "ok" || rep.Result["text/plain"] != "42" {
		t.Fatalf("%+v", rep)
	}
	// Both arrive before the reply; their order is not kept, as they come
	// through two pipes.
	if got := r.text("stream", "stdout"); got != "interpreted\nfd one\n" && got != "fd one\ninterpreted\n" {
		t.Fatalf("stdout %q", got)
	}
	// A line that looks like a crash report but is not is the cell's.
	if got := r.text("stream", "stderr"); got != "panic: not a crash\n" {
		t.Fatalf("stderr %q", got)
	}
}

// Each way a cell can end the worker is told apart, in one line.
func TestDeaths(t *testing.T) {
	cases := []struct {
		code, want string
	}{
		{"go func() { panic(\"boom\") }()\nselect {}", "a goroutine panicked: boom (In[1] line 1, in a func literal)"},
		{"func down(n int) int { return down(n+1) + 1 }\ndown(0)", "fatal error: stack overflow (a goroutine's stack grew past 1 GB: runaway recursion?)"},
		{"import \"os\"\nos.Exit(3)", "the worker process exited with status 3"},
		{"import \"syscall\"\nsyscall.Kill(syscall.Getpid(), syscall.SIGTERM)\nselect {}", "the worker process was killed by signal terminated"},
	}
	for _, c := range cases {
		p, r := start(t, 0)
		if rep := execute(t, p, r, c.code); rep != nil {
			t.Errorf("%q: the worker lived: %+v", c.code, rep.Error)
			continue
		}
		d := p.Death()
		if !strings.HasPrefix(d.Cause, c.want) || strings.Contains(d.Cause, "\n") {
			t.Errorf("%q: cause %q, want %q...", c.code, d.Cause, c.want)
		}
		// A crash report names the cell; os.Exit and a signal write none.
		if crashed := strings.Contains(c.want, "panicked") || strings.Contains(c.want, "fatal"); crashed != (d.Cell == "In[1]") {
			t.Errorf("%q: cell %q", c.code, d.Cell)
		}
	}
}

// A worker over its memory limit is killed, and says so.
func TestMemoryLimit(t *testing.T) {
	p, r := start(t, 200<<20)
	rep := execute(t, p, r, "import \"bytes\"\nvar hog [][]byte\nfor { hog = append(hog, bytes.Repeat([]byte(\"x\"), 16<<20)) }")
	if rep != nil {
		t.Fatalf("the worker lived: %+v", rep)
	}
	if d := p.Death(); !d.Killed || !strings.HasPrefix(d.Cause, "out of memory: the worker used") || !strings.Contains(d.Cause, "limit of 200 MiB") {
		t.Fatalf("%+v", d)
	}
}

// Interrupting a cell stuck in a compiled call answers only once the call
// is over: until then the worker does not claim the cell stopped.
func TestInterrupt(t *testing.T) {
	p, r := start(t, 0)
	// An interrupt right behind its cell, which may not have started yet,
	// still stops it.
	p.Send(Request{Op: "execute", Code: "for {\n}", Cell: "In[0]"})
	p.Send(Request{Op: "interrupt"})
	select {
	case rep := <-r.replies:
		if rep.Error == nil || rep.Error.Name != "interrupted" {
			t.Fatalf("%+v", rep)
		}
	case <-time.After(time.Minute):
		t.Fatal("an interrupt that came before its cell started was lost")
	}
	p.Send(Request{Op: "execute", Code: "n := 0\nfor { n++ }", Cell: "In[1]"})
	time.Sleep(200 * time.Millisecond)
	p.Send(Request{Op: "interrupt"})
	if rep := <-r.replies; rep.Error == nil || rep.Error.Name != "interrupted" {
		t.Fatalf("%+v", rep)
	}
	p.Send(Request{Op: "execute", Code: "import \"time\"\ntime.Sleep(600 * time.Millisecond)", Cell: "In[2]"})
	time.Sleep(100 * time.Millisecond)
	t0 := time.Now()
	p.Send(Request{Op: "interrupt"})
	rep := <-r.replies
	if rep.Error == nil || rep.Error.Name != "interrupted" || time.Since(t0) < 400*time.Millisecond {
		t.Fatalf("%+v after %v", rep, time.Since(t0))
	}
}

// A goroutine's crash names the cell that started it, through goroutines
// it started in turn, after later cells ran. (TestDeaths checks a stack
// overflow's report, whose goroutine header is written differently.)
func TestDeathNamesTheCell(t *testing.T) {
	p, r := start(t, 0)
	id := 0
	run := func(name, code string) {
		t.Helper()
		id++
		if err := p.Send(Request{Op: "execute", Code: code, Cell: name, ID: 10 * id}); err != nil {
			t.Fatal(err)
		}
		select {
		case rep := <-r.replies:
			if rep.Status != "ok" {
				t.Fatalf("%s: %+v", name, rep.Error)
			}
		case <-p.Done():
			t.Fatalf("%s: the worker died: %+v", name, p.Death())
		}
	}
	run("In[1]", "import \"time\"\nready := make(chan bool)")
	// In[2]'s goroutine starts another, which panics once In[4] has run.
	run("In[2]", "go func() { go func() { <-ready; panic(\"late\") }() }()")
	run("In[3]", "go func() { for { time.Sleep(10 * time.Millisecond) } }()")
	// The panic may beat In[4]'s reply.
	p.Send(Request{Op: "execute", Code: "close(ready)", Cell: "In[4]"})
	select {
	case <-p.Done():
	case <-time.After(time.Minute):
		t.Fatal("the worker did not die")
	}
	if d := p.Death(); d.Cell != "In[2]" || d.CellID != 20 || !strings.HasPrefix(d.Cause, "a goroutine panicked: late") {
		t.Fatalf("cell %q (%d), cause %q", d.Cell, d.CellID, d.Cause)
	}

}

// A large write becomes stream events of at most streamChunk bytes, each
// whole characters; characters that writes cut in the middle arrive
// whole; and what compiled code writes to descriptor 1 around an event
// that must keep its place (here the cell's request for input) is
// delivered around it, in the order written.
func TestStreamEvents(t *testing.T) {
	p, r := start(t, 0)
	r.mu.Lock()
	r.input = func(e Event) { go p.Send(Request{Op: "input", Value: "typed", InputID: e.InputID}) }
	r.mu.Unlock()
	line := "ünïcödé ✓ 𝄞 x\n"
	code := fmt.Sprintf(`import (
	"bufio"
	"os"
	"strings"
)
fmt.Print(strings.Repeat(%q, %d))
w := bufio.NewWriterSize(os.Stdout, 7)
fmt.Fprint(w, %q)
w.Flush()
fd := os.NewFile(1, "fd1")
fd.Write([]byte("before\n"))
var s string
fmt.Scanln(&s)
fd.Write([]byte("after " + s + "\n"))`, line, 3*streamChunk/len(line), line)
	if err := p.Send(Request{Op: "execute", Code: code, Cell: "In[1]", AllowStdin: true}); err != nil {
		t.Fatal(err)
	}
	select {
	case rep := <-r.replies:
		if rep.Status != "ok" {
			t.Fatalf("%+v", rep.Error)
		}
	case <-time.After(time.Minute):
		t.Fatal("no reply")
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	var interpreted strings.Builder
	var order []string
	for _, e := range r.events {
		switch {
		case e.Kind == "stream" && (e.Text == "before\n" || e.Text == "after typed\n"):
			order = append(order, e.Text)
		case e.Kind == "stream":
			if len(e.Text) > streamChunk || strings.ContainsRune(e.Text, utf8.RuneError) {
				t.Fatalf("a stream event of %d bytes, cut inside a character: %v", len(e.Text), strings.ContainsRune(e.Text, utf8.RuneError))
			}
			interpreted.WriteString(e.Text)
		case e.Kind == "input":
			if e.Mark == 0 {
				t.Fatal("an input event without a mark")
			}
			order = append(order, "input")
		}
	}
	if want := strings.Repeat(line, 3*streamChunk/len(line)+1); interpreted.String() != want {
		t.Fatalf("%d bytes of stream text, want %d", interpreted.Len(), len(want))
	}
	if strings.Join(order, "") != "before\ninputafter typed\n" {
		t.Fatalf("order %q", order)
	}
}
