package kernel_test

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/go-zeromq/zmq4"

	"github.com/coevolab/coevo/kernel/wire"
)

// stream is a stream message's content.
type stream struct{ Name, Text string }

// streams returns the stream messages among outputs, in order.
func streams(t *testing.T, outputs []*wire.Message) []stream {
	t.Helper()
	var out []stream
	for _, m := range outputs {
		if m.Header.MsgType == "stream" {
			var s stream
			if err := json.Unmarshal(m.Content, &s); err != nil {
				t.Fatal(err)
			}
			out = append(out, s)
		}
	}
	return out
}

// joined is the text of the stream messages named name, in order.
func joined(ss []stream, name string) string {
	var b strings.Builder
	for _, s := range ss {
		if s.Name == name {
			b.WriteString(s.Text)
		}
	}
	return b.String()
}

// A cell that prints 51,200 lines, one Println each, becomes a few stream
// messages (at most one each 0.1 s while it prints, and the first at
// once), not 51,200; what they carry is the lines, byte for byte, in
// order.
func TestOutputCoalesced(t *testing.T) {
	c := start(t)
	t0 := time.Now()
	r := c.execute("for i := 0; i < 51200; i++ {\n\tfmt.Println(i)\n}")
	elapsed := time.Since(t0)
	if r.reply["status"] != "ok" {
		t.Fatalf("%v", r.reply)
	}
	var want strings.Builder
	for i := range 51200 {
		want.WriteString(strconv.Itoa(i) + "\n")
	}
	ss := streams(t, r.outputs)
	if got := joined(ss, "stdout"); got != want.String() {
		t.Fatalf("the lines arrived changed: %d bytes, want %d", len(got), want.Len())
	}
	// One message at once, then one at most every 0.1 s, one at the end.
	if limit := 3 + int(elapsed/(100*time.Millisecond)); len(ss) > limit {
		t.Fatalf("%d stream messages in %v; at most %d expected", len(ss), elapsed, limit)
	}
	t.Logf("51,200 lines: %d stream messages, %v from request to reply", len(ss), elapsed)
}

// A line printed before a long computation reaches the notebook at once,
// not when the cell ends; through the interpreter's os.Stdout and
// through descriptor 1 (compiled code's) alike.
func TestOutputPromptWhenSparse(t *testing.T) {
	c := start(t)
	for _, print := range []string{`fmt.Println("first")`, `syscall.Write(1, []byte("first\n"))`} {
		id := c.send(c.shell, "execute_request", map[string]any{"code": "import \"syscall\"\nimport \"time\"\n" + print + "\ntime.Sleep(1500 * time.Millisecond)\nfmt.Println(\"second\")", "silent": false, "store_history": true, "allow_stdin": false})
		var first time.Time
		for first.IsZero() {
			select {
			case m := <-c.msgs:
				if m.Parent.MsgID == id && m.Header.MsgType == "stream" && strings.Contains(string(m.Content), "first") {
					first = time.Now()
				}
				if m.Parent.MsgID == id && m.Header.MsgType == "stream" && strings.Contains(string(m.Content), "second") {
					t.Fatalf("%s: 'first' came with 'second', at the end of the cell", print)
				}
			case <-time.After(time.Minute):
				t.Fatalf("%s: no stream message with 'first'", print)
			}
		}
		c.recv(c.shell)
		if wait := time.Since(first); wait < time.Second {
			t.Fatalf("%s: 'first' came %v before the reply, of a cell that sleeps 1.5 s after printing it", print, wait)
		}
		c.outputs(id)
	}
}

// kinds lists outputs as the notebook would show them, stream messages
// of one stream in a row joined: "stdout:a\n", "display_data", "error"
// (statuses and execute_input left out).
func kinds(t *testing.T, outputs []*wire.Message) []string {
	t.Helper()
	var out []string
	for _, m := range outputs {
		switch m.Header.MsgType {
		case "status", "execute_input":
			continue
		}
		if m.Header.MsgType != "stream" {
			out = append(out, m.Header.MsgType)
			continue
		}
		var s stream
		json.Unmarshal(m.Content, &s)
		if n := len(out); n > 0 && strings.HasPrefix(out[n-1], s.Name+":") {
			out[n-1] += s.Text
		} else {
			out = append(out, s.Name+":"+s.Text)
		}
	}
	return out
}

// Output keeps its order: text printed before a figure stays above it,
// text printed before an error above the error, each stream's text in
// the order written; compiled code's writes to descriptors 1 and 2 come
// before a display that follows them. Standard output and standard error
// are two pipes (as in a Go program, and in IPython two streams): what is
// written to one and then the other between two displays is each stream's
// text in order, not their interleaving (byStream).
func TestOutputOrder(t *testing.T) {
	c := start(t)
	for _, tc := range []struct {
		code string
		want []string
	}{
		{`import "os"
import "github.com/coevolab/coevo/kernel/display"
fmt.Println("before")
display.Show(display.HTML("<b>figure</b>"))
fmt.Println("after")
fmt.Fprintln(os.Stderr, "warning")
panic("boom")`, []string{"stdout:before\n", "display_data", "stdout:after\n", "stderr:warning\n", "error"}},
		{`import "os"
fmt.Println("a")
fmt.Fprintln(os.Stderr, "b")
fmt.Println("c")
fmt.Fprintln(os.Stderr, "d")`, []string{"stdout:a\nc\n", "stderr:b\nd\n"}},
		// Descriptors 1 and 2 are pipes of their own, read by the kernel
		// apart from the worker's events.
		{`import "syscall"
import "github.com/coevolab/coevo/kernel/display"
syscall.Write(1, []byte("compiled before\n"))
display.Show(display.Markdown("*figure*"))
syscall.Write(2, []byte("compiled after\n"))
1`, []string{"stdout:compiled before\n", "display_data", "stderr:compiled after\n", "execute_result"}},
	} {
		for range 3 {
			r := c.execute(tc.code)
			if got := byStream(kinds(t, r.outputs)); strings.Join(got, "|") != strings.Join(byStream(tc.want), "|") {
				t.Fatalf("%s:\noutputs %q\nwant    %q", tc.code, got, tc.want)
			}
		}
	}
}

// byStream joins, between two outputs that are not stream text, each
// stream's text, stdout's first.
func byStream(outputs []string) []string {
	var out []string
	var text [2]string
	flush := func() {
		for i, name := range []string{"stdout:", "stderr:"} {
			if text[i] != "" {
				out = append(out, name+text[i])
			}
		}
		text = [2]string{}
	}
	for _, o := range outputs {
		switch {
		case strings.HasPrefix(o, "stdout:"):
			text[0] += strings.TrimPrefix(o, "stdout:")
		case strings.HasPrefix(o, "stderr:"):
			text[1] += strings.TrimPrefix(o, "stderr:")
		default:
			flush()
			out = append(out, o)
		}
	}
	flush()
	return out
}

// A 50 MiB string arrives whole, in messages of at most 1 MiB, each cut
// between characters (text of 1-, 2-, 3- and 4-byte characters, whose
// cuts would otherwise fall inside them); so does 8 MiB written to
// descriptor 1, which the kernel reads in pieces of its own.
func TestOutputLarge(t *testing.T) {
	c := start(t)
	line := "ünïcödé ✓ 𝄞 x\n" // 23 bytes
	for _, tc := range []struct {
		code  string
		lines int
	}{
		{fmt.Sprintf("import \"strings\"\ns := strings.Repeat(%q, %d)\nfmt.Print(s)", line, 50<<20/len(line)), 50 << 20 / len(line)},
		{fmt.Sprintf("import (\n\t\"strings\"\n\t\"syscall\"\n)\nsyscall.Write(1, []byte(strings.Repeat(%q, %d)))", line, 8<<20/len(line)), 8 << 20 / len(line)},
	} {
		r := c.execute(tc.code)
		if r.reply["status"] != "ok" {
			t.Fatalf("%v", r.reply)
		}
		ss := streams(t, r.outputs)
		for i, s := range ss {
			if len(s.Text) > 1<<20 {
				t.Fatalf("message %d holds %d bytes", i, len(s.Text))
			}
			if !utf8.ValidString(s.Text) || strings.ContainsRune(s.Text, utf8.RuneError) {
				t.Fatalf("message %d is cut inside a character", i)
			}
		}
		got, want := joined(ss, "stdout"), strings.Repeat(line, tc.lines)
		if got != want {
			t.Fatalf("%d bytes arrived in %d messages, want %d bytes", len(got), len(ss), len(want))
		}
		t.Logf("%d MiB in %d stream messages", len(want)>>20, len(ss))
	}
}

// Characters that writes cut in the middle (a bufio.Writer's flushes, a
// byte at a time) arrive whole.
func TestOutputSplitCharacters(t *testing.T) {
	c := start(t)
	r := c.execute(`import (
	"bufio"
	"os"
)
w := bufio.NewWriterSize(os.Stdout, 16)
for i := 0; i < 200; i++ {
	fmt.Fprint(w, "é✓𝄞")
}
w.Flush()
os.Stdout.Write([]byte{0xc3})
os.Stdout.Write([]byte{0xa9, '\n'})`)
	if r.reply["status"] != "ok" {
		t.Fatalf("%v", r.reply)
	}
	if got, want := joined(streams(t, r.outputs), "stdout"), strings.Repeat("é✓𝄞", 200)+"é\n"; got != want {
		t.Fatalf("got %q\nwant %q", got, want)
	}
}

// What a cell printed just before it killed its worker is shown, before
// the error that says how the worker died.
func TestOutputBeforeWorkerDeath(t *testing.T) {
	c := start(t)
	r := c.execute("import \"os\"\nfor i := 0; i < 1000; i++ {\n\tfmt.Println(i)\n}\nfmt.Println(\"last words\")\nos.Exit(3)")
	if r.reply["ename"] != "worker died" {
		t.Fatalf("%v", r.reply)
	}
	got := kinds(t, r.outputs)
	if len(got) < 2 || !strings.HasSuffix(got[0], "999\nlast words\n") || got[1] != "error" {
		t.Fatalf("outputs %q", got)
	}
}

// A cell that prints without end is interrupted as any other, and its
// output came coalesced while it ran.
func TestOutputInterrupted(t *testing.T) {
	c := start(t)
	id := c.send(c.shell, "execute_request", map[string]any{"code": "for i := 0; ; i++ {\n\tfmt.Println(i)\n}", "silent": false, "store_history": true, "allow_stdin": false})
	time.Sleep(time.Second)
	c.send(c.control, "interrupt_request", map[string]any{})
	c.recv(c.control)
	rep := c.recv(c.shell)
	var reply map[string]any
	json.Unmarshal(rep.Content, &reply)
	if reply["ename"] != "interrupted" {
		t.Fatalf("%v", reply)
	}
	ss := streams(t, c.outputs(id))
	text := joined(ss, "stdout")
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	for i, l := range lines {
		if l != strconv.Itoa(i) {
			t.Fatalf("line %d is %q", i, l)
		}
	}
	if len(ss) > 60 || len(lines) < 100 {
		t.Fatalf("%d lines in %d messages", len(lines), len(ss))
	}
	t.Logf("%d lines in %d messages before the interrupt took", len(lines), len(ss))
	if r := c.execute("1 + 1"); r.data("execute_result", "text/plain") != "2" {
		t.Fatalf("after the interrupt: %v", r.reply)
	}
}

// A second client that subscribes to iopub and stops reading holds a
// cell's output up once, for the patience the kernel gives a client
// (1 s), not for each message: the reading client gets all of a 50 MiB
// string in about the time it takes alone.
func TestOutputStalledSubscriber(t *testing.T) {
	c := start(t)
	stalled := zmq4.NewSub(c.ctx)
	if err := stalled.Dial(c.conn.Transport + "://127.0.0.1:" + itoa(c.conn.IOPubPort)); err != nil {
		t.Fatal(err)
	}
	defer stalled.Close()
	stalled.SetOption(zmq4.OptionSubscribe, "") // and never Recv
	time.Sleep(200 * time.Millisecond)
	t0 := time.Now()
	r := c.execute("import \"strings\"\nfmt.Print(strings.Repeat(\"x\", 50<<20))")
	if r.reply["status"] != "ok" {
		t.Fatalf("%v", r.reply)
	}
	if got := joined(streams(t, r.outputs), "stdout"); got != strings.Repeat("x", 50<<20) {
		t.Fatalf("%d bytes arrived", len(got))
	}
	if d := time.Since(t0); d > 30*time.Second {
		t.Fatalf("the cell took %v", d)
	}
	t.Logf("50 MiB with a client that does not read: %v", time.Since(t0))
}

// A cell whose output a client that stopped reading holds up stops when
// interrupted, within the grace period: the interrupt costs neither the
// worker nor the session.
func TestOutputInterruptHeldUp(t *testing.T) {
	c := start(t)
	stalled := zmq4.NewSub(c.ctx)
	if err := stalled.Dial(c.conn.Transport + "://127.0.0.1:" + itoa(c.conn.IOPubPort)); err != nil {
		t.Fatal(err)
	}
	defer stalled.Close()
	stalled.SetOption(zmq4.OptionSubscribe, "")
	time.Sleep(200 * time.Millisecond)
	c.execute("keep := 41")
	id := c.send(c.shell, "execute_request", map[string]any{"code": "import \"strings\"\nline := strings.Repeat(\"x\", 1<<16)\nfor {\n\tfmt.Print(line)\n}", "silent": false, "store_history": true, "allow_stdin": false})
	// The reading client takes what comes, without keeping it.
	got := make(chan int64)
	go func() {
		n := int64(0)
		for m := range c.msgs {
			if m.Parent.MsgID != id {
				continue
			}
			if m.Header.MsgType == "status" && strings.Contains(string(m.Content), "idle") {
				got <- n
				return
			}
			n += int64(len(m.Content))
		}
	}()
	time.Sleep(1500 * time.Millisecond)
	c.send(c.control, "interrupt_request", map[string]any{})
	c.recv(c.control)
	var reply map[string]any
	json.Unmarshal(c.recv(c.shell).Content, &reply)
	if reply["ename"] != "interrupted" || strings.Contains(fmt.Sprint(reply["evalue"]), "still running") {
		t.Fatalf("%v", reply)
	}
	t.Logf("%d MiB of output before the interrupt", <-got>>20)
	if r := c.execute("keep + 1"); r.data("execute_result", "text/plain") != "42" {
		t.Fatalf("after the interrupt: %v", r.reply)
	}
}
