package session

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// lockedBuf collects what a cell writes, from any goroutine.
type lockedBuf struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuf) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuf) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

func shellSession(t *testing.T) (*Session, *lockedBuf, *lockedBuf) {
	t.Helper()
	s, err := New()
	if err != nil {
		t.Fatal(err)
	}
	out, errw := &lockedBuf{}, &lockedBuf{}
	s.Output(out, errw, nil)
	t.Chdir(t.TempDir())
	return s, out, errw
}

// A line "!command" runs it with bash between Go lines: its output
// streams to the cell's, a failing status is shown and is not the cell's
// error (as in IPython); a "!" continuing an expression is Go.
func TestShellLines(t *testing.T) {
	s, out, errw := shellSession(t)
	r := eval(t, s, "x := 20\n!echo \"two words\" $((1+1)) | tr a-z A-Z\n  !exit 3\nx + 1")
	if !r.Show || r.Value.Interface() != 21 {
		t.Fatalf("the Go after the shell lines: %+v", r)
	}
	if out.String() != "TWO WORDS 2\n" || errw.String() != "exited with status 3\n" {
		t.Fatalf("out %q, err %q", out.String(), errw.String())
	}
	r = eval(t, s, "ok := true &&\n\t!true\nok")
	if r.Value.Interface() != false {
		t.Fatalf("a ! continuing an expression: %v", r.Value)
	}
	if _, err := s.Eval(context.Background(), "!"); err == nil || !strings.Contains(err.Error(), "! needs a command") {
		t.Fatalf("an empty command: %v", err)
	}
	if IsComplete("!echo 'unterminated") != "complete" || IsComplete("%%bash\nif true; then echo 'x") != "complete" {
		t.Fatal("a shell line or a bash cell is not Go: it is complete as typed")
	}
	// Output comes as the command writes it, not at its end: the command
	// waits, after its first line, for a file the test makes once it has
	// seen that line (however slow a loaded machine starts it).
	out2 := &lockedBuf{}
	s.Output(out2, errw, nil)
	stop := filepath.Join(t.TempDir(), "stop")
	done := make(chan struct{})
	go func() {
		eval(t, s, fmt.Sprintf("!echo first; while [ ! -e %q ]; do sleep 0.02; done; echo second", stop))
		close(done)
	}()
	deadline := time.Now().Add(30 * time.Second)
	for !strings.Contains(out2.String(), "first") && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if strings.Contains(out2.String(), "second") || !strings.Contains(out2.String(), "first") {
		t.Fatalf("while the command runs the cell shows %q: want the first line, streamed", out2.String())
	}
	if err := os.WriteFile(stop, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	<-done
	if !strings.Contains(out2.String(), "second") {
		t.Fatalf("the command ended showing %q", out2.String())
	}
}

// %%bash runs the rest of the cell as a script, which need not be Go; a
// failing script is the cell's error unless --no-raise-error.
func TestBashCell(t *testing.T) {
	s, out, errw := shellSession(t)
	eval(t, s, "%%bash\n# a comment, and a quote Go would not take\necho 'it''s' \"$0\"\nfor i in 1 2; do echo $i; done")
	if out.String() != "its /bin/bash\n1\n2\n" {
		t.Fatalf("out %q", out.String())
	}
	_, err := s.Eval(context.Background(), "%%bash\necho before\nexit 2")
	var e *Error
	if !errors.As(err, &e) || e.Name != "shell" || e.Message != "%%bash: the script exited with status 2" {
		t.Fatalf("a failing script: %v", err)
	}
	eval(t, s, "%%sh --no-raise-error\nexit 4")
	if !strings.HasSuffix(errw.String(), "exited with status 4\n") {
		t.Fatalf("--no-raise-error: stderr %q", errw.String())
	}
	if _, err := s.Eval(context.Background(), "%%bash -x\necho"); err == nil || !strings.Contains(err.Error(), "--no-raise-error") {
		t.Fatalf("an unknown option: %v", err)
	}
}

// Ctrl-C (the cell's context cancelled) reaches the command as SIGINT,
// and a command that ignores it is killed a second later; the session
// goes on.
func TestShellInterrupt(t *testing.T) {
	s, _, _ := shellSession(t)
	eval(t, s, "x := 1")
	for _, cmd := range []string{"y := 2\n!sleep 60", "%%bash\ntrap '' INT\nsleep 60"} {
		ctx, cancel := context.WithCancel(context.Background())
		time.AfterFunc(300*time.Millisecond, cancel)
		t0 := time.Now()
		_, err := s.Eval(ctx, cmd)
		var e *Error
		if !errors.As(err, &e) || e.Name != "interrupted" || time.Since(t0) > 5*time.Second {
			t.Fatalf("%q interrupted: %v after %v", cmd, err, time.Since(t0))
		}
		t.Logf("%q: interrupted in %v", strings.ReplaceAll(cmd, "\n", "; "), time.Since(t0).Round(time.Millisecond))
	}
	if r := eval(t, s, "x + 1"); r.Value.Interface() != 2 {
		t.Fatalf("after the interrupts: %v", r.Value)
	}
}

// %%writefile writes the rest of the cell (with a final newline), says
// whether it wrote, overwrote or appended, leaves a device a device, and
// refuses a FIFO nobody reads instead of hanging.
func TestWritefile(t *testing.T) {
	s, out, _ := shellSession(t)
	eval(t, s, "%%writefile notes.txt\nfirst line\n  # not Go")
	eval(t, s, "%%writefile -a notes.txt\nsecond")
	eval(t, s, "%%writefile \"with space.txt\"\nx")
	got, _ := os.ReadFile("notes.txt")
	if string(got) != "first line\n  # not Go\nsecond\n" {
		t.Fatalf("notes.txt holds %q", got)
	}
	eval(t, s, "%%writefile with space.txt\ny")
	if b, _ := os.ReadFile("with space.txt"); string(b) != "y\n" {
		t.Fatalf("overwritten: %q", b)
	}
	if want := "Writing notes.txt\nAppending to notes.txt\nWriting with space.txt\nOverwriting with space.txt\n"; out.String() != want {
		t.Fatalf("said %q, want %q", out.String(), want)
	}
	eval(t, s, "%%writefile /dev/null\ndiscarded")
	if st, err := os.Stat("/dev/null"); err != nil || st.Mode()&os.ModeCharDevice == 0 {
		t.Fatalf("/dev/null is no longer a device: %v %v", st.Mode(), err)
	}
	// A FIFO is written through to its reader; with none, the cell waits
	// until it is interrupted.
	if err := syscall.Mkfifo("fifo", 0o600); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	if _, err := s.Eval(ctx, "%%writefile fifo\nx"); err == nil || !strings.Contains(err.Error(), "interrupted") {
		t.Fatalf("a FIFO nobody reads: %v", err)
	}
	read := make(chan string)
	go func() { b, _ := os.ReadFile("fifo"); read <- string(b) }()
	eval(t, s, "%%writefile fifo\nthrough the pipe")
	if got := <-read; got != "through the pipe\n" {
		t.Fatalf("the FIFO's reader got %q", got)
	}
	if st, err := os.Stat("fifo"); err != nil || st.Mode()&os.ModeNamedPipe == 0 {
		t.Fatalf("the FIFO was replaced: %v %v", st.Mode(), err)
	}
	os.Mkdir("dir", 0o755)
	for cell, want := range map[string]string{
		"%%writefile dir\nx":           "a directory, not a file",
		"%%writefile\nx":               "needs a file",
		"%%writefile nodir/a/b.txt\nx": "nodir/a does not exist",
	} {
		if _, err := s.Eval(context.Background(), cell); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want %q", cell, err, want)
		}
	}
	if left, _ := filepath.Glob(".*"); len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

// %load asks the front end to put a file in the cell.
func TestLoad(t *testing.T) {
	s, _, _ := shellSession(t)
	os.WriteFile("cube.go", []byte("func cube(x int) int { return x * x * x }\n\n"), 0o644)
	r := eval(t, s, "%load cube.go")
	if len(r.Payload) != 1 || r.Payload[0]["source"] != "set_next_input" || r.Payload[0]["replace"] != true ||
		r.Payload[0]["text"] != "// %load cube.go\nfunc cube(x int) int { return x * x * x }" {
		t.Fatalf("payload %v", r.Payload)
	}
	// The loaded cell runs: the %load line is a comment now.
	eval(t, s, r.Payload[0]["text"].(string))
	if r := eval(t, s, "cube(3)"); r.Value.Interface() != 27 {
		t.Fatalf("cube(3) = %v", r.Value)
	}
	for cell, want := range map[string]string{"%load missing.go": "no such file", "%load": "needs a file", "%load /dev/null": "not a regular file"} {
		if _, err := s.Eval(context.Background(), cell); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want %q", cell, err, want)
		}
	}
}

// A restore does not run shell commands or write files again: their
// effects outlast the worker.
func TestShellNotReplayed(t *testing.T) {
	s, out, _ := shellSession(t)
	for _, code := range []string{"!echo again", "%%bash\necho again", "%%writefile r.txt\nagain", "%load r.txt"} {
		r, err := s.Run(context.Background(), Cell{Code: code, Replay: true})
		if err != nil || len(r.Payload) > 0 {
			t.Fatalf("%q replayed: %v %v", code, err, r.Payload)
		}
	}
	if _, err := os.Stat("r.txt"); err == nil || out.String() != "" {
		t.Fatalf("a replay ran shell commands: out %q", out.String())
	}
}

// %%time times a cell of shell lines.
func TestTimeShell(t *testing.T) {
	s, out, _ := shellSession(t)
	eval(t, s, "%%time\n!sleep 0.2\n!echo done")
	if !strings.Contains(out.String(), "done\nCPU times:") || !strings.Contains(out.String(), "Wall time: 2") {
		t.Fatalf("%q", out.String())
	}
}

// Function values made before an interrupt run after it: func literals
// in variables, closures a function returned (yaegi as released made them
// return zero values without running).
func TestClosuresAfterInterrupt(t *testing.T) {
	s, _, _ := shellSession(t)
	eval(t, s, "func mk(k int) func() int { return func() int { return k } }\nf := mk(7)\ng := func() int { return 8 }")
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	if _, err := s.Eval(ctx, "for {}"); err == nil {
		t.Fatal("the loop was not interrupted")
	}
	if r := eval(t, s, "f()*10 + g()"); r.Value.Interface() != 78 {
		t.Fatalf("after an interrupt f()*10 + g() = %v, want 78", r.Value)
	}
}
