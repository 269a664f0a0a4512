package kernel_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/go-zeromq/zmq4"

	"github.com/coevolab/coevo/kernel"
	"github.com/coevolab/coevo/kernel/runner"
	_ "github.com/coevolab/coevo/kernel/symbols"
	"github.com/coevolab/coevo/kernel/wire"
)

// The test binary is also the kernel's worker process: started with
// COEVO_KERNEL_TEST_WORKER=1, it serves a worker's pipes, with the
// bindings coevo's own worker has.
func TestMain(m *testing.M) {
	if os.Getenv("COEVO_KERNEL_TEST_WORKER") == "1" {
		if err := runner.Main(); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

type client struct {
	t                                testing.TB
	signer                           *wire.Signer
	shell, control, stdin, iopub, hb zmq4.Socket
	session                          string
	msgs                             chan *wire.Message
	ctx                              context.Context
	shellAddr                        string
	conn                             kernel.Connection
}

func start(t testing.TB) *client { return startWith(t, kernel.Options{}) }

// startWith starts a kernel with the test binary as its worker, and
// connects a client.
func startWith(t testing.TB, opts kernel.Options) *client {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	opts.Worker = []string{os.Args[0]}
	// The caller's WorkerEnv (a cache of its own) comes on top.
	opts.WorkerEnv = append([]string{"COEVO_KERNEL_TEST_WORKER=1"}, opts.WorkerEnv...)
	if opts.Log == nil {
		opts.Log = testWriter{t}
	} else {
		opts.Log = io.MultiWriter(testWriter{t}, opts.Log)
	}
	// The test binds the ports and hands them to the kernel (as
	// coevo-kernel does): no other process can take one in between.
	conn := kernel.Connection{Transport: "tcp", IP: "127.0.0.1", Key: "a-test-key", SignatureScheme: "hmac-sha256"}
	opts.Listeners = map[string]net.Listener{}
	for _, p := range []struct {
		name string
		port *int
	}{{"shell", &conn.ShellPort}, {"iopub", &conn.IOPubPort}, {"stdin", &conn.StdinPort}, {"control", &conn.ControlPort}, {"heartbeat", &conn.HBPort}} {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		opts.Listeners[p.name] = l
		*p.port = l.Addr().(*net.TCPAddr).Port
	}
	errc := make(chan error, 1)
	go func() { errc <- kernel.New(conn, opts).Run(ctx) }()
	stopped := make(chan struct{})
	go func() {
		if err := <-errc; err != nil {
			t.Errorf("kernel: %v", err)
		}
		close(stopped)
	}()
	t.Cleanup(func() { cancel(); <-stopped })

	// No fixed waits: the dialers retry until the kernel listens (for up
	// to a minute, as a loaded machine may take its time), and the client
	// is ready when a kernel_info request's status reaches it on iopub, as
	// jupyter_client's wait_for_ready has it.
	c := &client{t: t, signer: wire.NewSigner(conn.Key), session: wire.NewID(), msgs: make(chan *wire.Message, 1000)}
	retry := []zmq4.Option{zmq4.WithDialerRetry(50 * time.Millisecond), zmq4.WithDialerMaxRetries(1200)}
	dial := func(s zmq4.Socket, port int) zmq4.Socket {
		if err := s.Dial(conn.Transport + "://127.0.0.1:" + itoa(port)); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	}
	with := func(opts ...zmq4.Option) []zmq4.Option { return append(opts, retry...) }
	c.shell = dial(zmq4.NewDealer(ctx, with(zmq4.WithID(zmq4.SocketIdentity("shell-"+c.session)))...), conn.ShellPort)
	c.control = dial(zmq4.NewDealer(ctx, with(zmq4.WithID(zmq4.SocketIdentity("control-"+c.session)))...), conn.ControlPort)
	// Like jupyter_client, one identity for shell and stdin: the kernel
	// routes input_request to the identity of the shell request.
	c.stdin = dial(zmq4.NewDealer(ctx, with(zmq4.WithID(zmq4.SocketIdentity("shell-"+c.session)))...), conn.StdinPort)
	c.hb = dial(zmq4.NewReq(ctx, retry...), conn.HBPort)
	c.ctx = ctx
	c.shellAddr = conn.Transport + "://127.0.0.1:" + itoa(conn.ShellPort)
	c.conn = conn
	c.iopub = dial(zmq4.NewSub(ctx, retry...), conn.IOPubPort)
	c.iopub.SetOption(zmq4.OptionSubscribe, "")
	go func() {
		for {
			raw, err := c.iopub.Recv()
			if err != nil {
				return
			}
			m, err := c.signer.Decode(raw.Frames)
			if err != nil {
				t.Errorf("iopub message does not verify: %v", err)
				return
			}
			c.msgs <- m
		}
	}()
	c.waitReady()
	return c
}

// waitReady sends kernel_info requests until the status messages of one
// arrive on iopub: then the subscription has reached the publisher. The
// replies and statuses of the probes are consumed.
func (c *client) waitReady() {
	c.t.Helper()
	deadline := time.Now().Add(time.Minute)
	for time.Now().Before(deadline) {
		id := c.send(c.shell, "kernel_info_request", map[string]any{})
		c.recv(c.shell)
		wait := time.After(200 * time.Millisecond)
		for {
			select {
			case m := <-c.msgs:
				if m.Parent.MsgID == id && m.Header.MsgType == "status" && strings.Contains(string(m.Content), "idle") {
					return
				}
				continue
			case <-wait:
			}
			break
		}
	}
	c.t.Fatal("the kernel's iopub messages did not reach the client within a minute")
}

type testWriter struct{ t testing.TB }

func (w testWriter) Write(p []byte) (int, error) {
	defer func() { recover() }() // a log line after the test ended
	w.t.Log(strings.TrimSpace(string(p)))
	return len(p), nil
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}

func (c *client) send(sock zmq4.Socket, typ string, content any) string {
	b, _ := json.Marshal(content)
	m := &wire.Message{Header: wire.NewHeader(typ, c.session), Content: b}
	frames, err := c.signer.Encode(m)
	if err != nil {
		c.t.Fatal(err)
	}
	if err := sock.SendMulti(zmq4.NewMsgFrom(frames...)); err != nil {
		c.t.Fatal(err)
	}
	return m.Header.MsgID
}

func (c *client) recv(sock zmq4.Socket) *wire.Message {
	c.t.Helper()
	raw, err := sock.Recv()
	if err != nil {
		c.t.Fatal(err)
	}
	m, err := c.signer.Decode(raw.Frames)
	if err != nil {
		c.t.Fatal(err)
	}
	return m
}

// outputs collects iopub messages of a request until its idle status.
func (c *client) outputs(id string) []*wire.Message {
	c.t.Helper()
	var out []*wire.Message
	timeout := time.After(60 * time.Second)
	for {
		select {
		case m := <-c.msgs:
			if m.Parent.MsgID != id {
				continue
			}
			if m.Header.MsgType == "status" && strings.Contains(string(m.Content), "idle") {
				return out
			}
			out = append(out, m)
		case <-timeout:
			c.t.Fatalf("no idle status for %s", id)
		}
	}
}

type execResult struct {
	reply   map[string]any
	outputs []*wire.Message
}

func (c *client) execute(code string) execResult {
	c.t.Helper()
	id := c.send(c.shell, "execute_request", map[string]any{"code": code, "silent": false, "store_history": true, "allow_stdin": false})
	rep := c.recv(c.shell)
	var r map[string]any
	json.Unmarshal(rep.Content, &r)
	return execResult{r, c.outputs(id)}
}

func (r execResult) data(typ, mime string) string {
	for _, m := range r.outputs {
		if m.Header.MsgType == typ {
			var c struct {
				Data map[string]any
				Text string
			}
			json.Unmarshal(m.Content, &c)
			if mime == "" {
				return c.Text
			}
			s, _ := c.Data[mime].(string)
			return s
		}
	}
	return ""
}

func TestKernelInfoAndHeartbeat(t *testing.T) {
	c := start(t)
	c.send(c.shell, "kernel_info_request", map[string]any{})
	var info struct {
		ProtocolVersion string `json:"protocol_version"`
		Implementation  string
		LanguageInfo    struct{ Name string } `json:"language_info"`
	}
	json.Unmarshal(c.recv(c.shell).Content, &info)
	if info.Implementation != "coevo" || info.LanguageInfo.Name != "go" || info.ProtocolVersion != "5.3" {
		t.Fatalf("%+v", info)
	}
	c.hb.Send(zmq4.NewMsg([]byte("ping")))
	if m, err := c.hb.Recv(); err != nil || string(m.Frames[0]) != "ping" {
		t.Fatalf("heartbeat: %v %v", m, err)
	}
}

// lockedBuffer collects a kernel's log.
type lockedBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// A client that asks and hangs up before the answer (as the notebook
// server's probe of a new kernel does) is not an error worth a log line.
func TestPeerGoneBeforeReply(t *testing.T) {
	var log lockedBuffer
	c := startWith(t, kernel.Options{Log: &log})
	for i := 0; i < 3; i++ {
		probe := zmq4.NewDealer(c.ctx, zmq4.WithID(zmq4.SocketIdentity(fmt.Sprintf("probe-%d", i))))
		if err := probe.Dial(c.shellAddr); err != nil {
			t.Fatal(err)
		}
		// Many requests, as the notebook server's nudge sends, and gone:
		// the kernel writes replies while the connection closes.
		for j := 0; j < 50; j++ {
			c.send(probe, "kernel_info_request", map[string]any{})
		}
		probe.Close()
	}
	// Shell requests are served in the order they arrive: once this one
	// is answered, so are the probes' (those that arrived).
	if r := c.execute("1 + 1"); r.data("execute_result", "text/plain") != "2" {
		t.Fatalf("%v", r.reply)
	}
	if l := log.String(); strings.Contains(l, "broken pipe") || strings.Contains(l, "send kernel_info_reply") {
		t.Fatalf("the kernel logged a reply to a client that had gone:\n%s", l)
	}
}

func TestStateAcrossCells(t *testing.T) {
	c := start(t)
	c.execute("x := 20")
	c.execute("func twice(a int) int { return 2 * a }")
	r := c.execute("twice(x) + 2")
	if r.reply["status"] != "ok" || r.data("execute_result", "text/plain") != "42" {
		t.Fatalf("%v %q", r.reply, r.data("execute_result", "text/plain"))
	}
	r = c.execute(`import "fmt"` + "\n" + `fmt.Println("x is", x)`)
	if r.data("stream", "") != "x is 20\n" {
		t.Fatalf("stream %q", r.data("stream", ""))
	}
}

// A DataFrame from the engine shows as an HTML table.
func TestDataFrameDisplay(t *testing.T) {
	c := start(t)
	r := c.execute(`import "github.com/coevolab/coevo/engine/heap"
g, _ := heap.Kayles().Sequence(20)
g.DataFrame()`)
	html := r.data("execute_result", "text/html")
	if !strings.Contains(html, "<table") || !strings.Contains(html, "<th>sg</th>") || !strings.Contains(html, "21 rows") {
		t.Fatalf("reply %v html %q", r.reply, html)
	}
}

func TestPanicCell(t *testing.T) {
	c := start(t)
	c.execute("y := 5")
	r := c.execute(`panic("boom")`)
	if r.reply["status"] != "error" || r.reply["evalue"] != "boom" {
		t.Fatalf("%v", r.reply)
	}
	var hasError bool
	for _, m := range r.outputs {
		hasError = hasError || m.Header.MsgType == "error"
	}
	if !hasError {
		t.Fatal("no error message on iopub")
	}
	if r := c.execute("y"); r.data("execute_result", "text/plain") != "5" {
		t.Fatalf("state lost: %v", r.reply)
	}
}

// interruptAfter sends interrupt_request on control after d, and reports
// when it was sent.
func (c *client) interruptAfter(d time.Duration) <-chan time.Time {
	sent := make(chan time.Time, 1)
	go func() {
		time.Sleep(d)
		sent <- time.Now()
		c.send(c.control, "interrupt_request", map[string]any{})
	}()
	return sent
}

func TestInterruptLoop(t *testing.T) {
	c := start(t)
	c.execute("n := 1")
	c.interruptAfter(500 * time.Millisecond)
	t0 := time.Now()
	r := c.execute("for { n = n + 0 }")
	if r.reply["status"] != "error" || r.reply["ename"] != "interrupted" || time.Since(t0) > 10*time.Second {
		t.Fatalf("%v after %v", r.reply, time.Since(t0))
	}
	c.recv(c.control) // interrupt_reply
	if r := c.execute("n"); r.data("execute_result", "text/plain") != "1" {
		t.Fatalf("state lost: %v", r.reply)
	}
}

// A long engine call stops at the interrupt when the cell passes it
// display.Context(): the soft interrupt is enough, the worker is kept
// (the grace period before a kill is long here, so that a loaded machine
// does not decide the outcome; the time taken is logged).
func TestInterruptEngine(t *testing.T) {
	c := startWith(t, kernel.Options{InterruptGrace: 10 * time.Second})
	r := c.execute("import \"os\"\npid := os.Getpid()")
	sent := c.interruptAfter(700 * time.Millisecond)
	r = c.execute(`import "github.com/coevolab/coevo/engine/heap"
import "github.com/coevolab/coevo/kernel/display"
_, err := heap.GrundysGame().SequenceContext(display.Context(), 50000000, nil)
err`)
	t.Logf("the engine call ended %v after the interrupt", time.Since(<-sent))
	c.recv(c.control)
	if got := r.data("execute_result", "text/plain"); !strings.Contains(got, "context canceled") && r.reply["ename"] != "interrupted" {
		t.Fatalf("reply %v result %q", r.reply, got)
	}
	if ev, _ := r.reply["evalue"].(string); strings.Contains(ev, "still running") {
		t.Fatalf("the worker was killed: %v", r.reply)
	}
	if r := c.execute("os.Getpid() == pid"); r.data("execute_result", "text/plain") != "true" {
		t.Fatalf("the worker was replaced: %v", r.reply)
	}
}

// A message with a wrong signature is dropped: no reply, no output.
func TestBadSignatureIgnored(t *testing.T) {
	c := start(t)
	b, _ := json.Marshal(map[string]any{"code": "bad := 1"})
	m := &wire.Message{Header: wire.NewHeader("execute_request", c.session), Content: b}
	frames, _ := wire.NewSigner("the-wrong-key").Encode(m)
	c.shell.SendMulti(zmq4.NewMsgFrom(frames...))
	time.Sleep(500 * time.Millisecond)
	select {
	case got := <-c.msgs:
		if got.Parent.MsgID == m.Header.MsgID {
			t.Fatalf("kernel answered a badly signed message: %s", got.Header.MsgType)
		}
	default:
	}
	if r := c.execute("bad"); r.reply["status"] != "error" {
		t.Fatalf("the badly signed cell ran: %v", r.reply)
	}
}

func TestStdin(t *testing.T) {
	c := start(t)
	id := c.send(c.shell, "execute_request", map[string]any{"code": `import "bufio"
import "os"
line, _ := bufio.NewReader(os.Stdin).ReadString('\n')
line`, "allow_stdin": true})
	req := c.recv(c.stdin)
	if req.Header.MsgType != "input_request" {
		t.Fatalf("got %s", req.Header.MsgType)
	}
	c.send(c.stdin, "input_reply", map[string]any{"value": "hello"})
	c.recv(c.shell)
	out := execResult{outputs: c.outputs(id)}
	if got := out.data("execute_result", "text/plain"); got != `"hello\n"` {
		t.Fatalf("result %q", got)
	}
}

func TestCompleteInspectIsComplete(t *testing.T) {
	c := start(t)
	c.send(c.shell, "complete_request", map[string]any{"code": "import \"strings\"\nstrings.Rep", "cursor_pos": 28})
	var comp struct {
		Matches     []string
		CursorStart int `json:"cursor_start"`
	}
	json.Unmarshal(c.recv(c.shell).Content, &comp)
	if len(comp.Matches) == 0 || comp.Matches[0] != "Repeat" || comp.CursorStart != 25 {
		t.Fatalf("%+v", comp)
	}
	c.send(c.shell, "is_complete_request", map[string]any{"code": "func f() {"})
	var ic struct{ Status string }
	json.Unmarshal(c.recv(c.shell).Content, &ic)
	if ic.Status != "incomplete" {
		t.Fatalf("%+v", ic)
	}
	c.send(c.shell, "inspect_request", map[string]any{"code": "grundy.Values", "cursor_pos": 8, "detail_level": 0})
	var in struct {
		Found bool
		Data  map[string]string
	}
	json.Unmarshal(c.recv(c.shell).Content, &in)
	if !in.Found || !strings.Contains(in.Data["text/plain"], "func(*game.Graph) []int32") {
		t.Fatalf("%+v", in)
	}
}

// NAME? shows the inspection of NAME in the pager (the reply's page
// payload), as IPython's does; an unknown name is said to be unknown; a
// ? inside Go is not help.
func TestHelpPage(t *testing.T) {
	c := start(t)
	r := c.execute("strings.Repeat?")
	payload, _ := r.reply["payload"].([]any)
	if r.reply["status"] != "ok" || len(payload) != 1 {
		t.Fatalf("strings.Repeat? replied %v", r.reply)
	}
	page := payload[0].(map[string]any)
	text, _ := page["data"].(map[string]any)["text/plain"].(string)
	if page["source"] != "page" || !strings.Contains(text, "Repeat returns a new string consisting of count copies of the string s.") {
		t.Errorf("strings.Repeat? payload %v", page)
	}
	r = c.execute("  noSuchName??  ")
	if r.reply["status"] != "ok" || r.data("stream", "") != "Object `noSuchName` not found.\n" {
		t.Errorf("noSuchName?? replied %v, printed %q", r.reply, r.data("stream", ""))
	}
	r = c.execute("x := 1\nx?")
	if r.reply["status"] != "error" {
		t.Errorf("a ? after Go code is Go (an error), got %v", r.reply)
	}
}
