package kernel

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"os"
	"reflect"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/go-zeromq/zmq4"

	"github.com/coevolab/coevo/kernel/display"
	"github.com/coevolab/coevo/kernel/session"
	"github.com/coevolab/coevo/kernel/wire"
)

// Connection is a Jupyter connection file.
type Connection struct {
	Transport       string `json:"transport"`
	IP              string `json:"ip"`
	ShellPort       int    `json:"shell_port"`
	IOPubPort       int    `json:"iopub_port"`
	StdinPort       int    `json:"stdin_port"`
	ControlPort     int    `json:"control_port"`
	HBPort          int    `json:"hb_port"`
	Key             string `json:"key"`
	SignatureScheme string `json:"signature_scheme"`
}

// ReadConnection reads a connection file.
func ReadConnection(path string) (Connection, error) {
	var c Connection
	b, err := os.ReadFile(path)
	if err != nil {
		return c, err
	}
	if err := json.Unmarshal(b, &c); err != nil {
		return c, fmt.Errorf("connection file %s: %w", path, err)
	}
	if c.SignatureScheme != "" && c.SignatureScheme != "hmac-sha256" {
		return c, fmt.Errorf("connection file %s: signature scheme %q is not supported (hmac-sha256 is)", path, c.SignatureScheme)
	}
	if c.Transport == "" {
		c.Transport = "tcp"
	}
	return c, nil
}

func (c Connection) addr(port int) string {
	return fmt.Sprintf("%s://%s:%d", c.Transport, c.IP, port)
}

// Version is reported in kernel_info.
var Version = "dev"

// Kernel is a running kernel.
type Kernel struct {
	conn    Connection
	signer  *wire.Signer
	sess    *session.Session
	log     *log.Logger
	session string

	shell, control, stdin, iopub, hb zmq4.Socket
	iopubMu, stdinMu                 sync.Mutex

	count  int
	runMu  sync.Mutex
	cancel context.CancelFunc // of the running cell
	parent *wire.Message      // request of the running cell
	allow  bool               // the running cell may ask for input

	done     chan struct{}
	shutdown sync.Once
}

// New prepares a kernel for a connection and a session.
func New(conn Connection, sess *session.Session, logw io.Writer) *Kernel {
	return &Kernel{
		conn: conn, signer: wire.NewSigner(conn.Key), sess: sess,
		log: log.New(logw, "coevo kernel: ", log.LstdFlags), session: wire.NewID(),
		done: make(chan struct{}),
	}
}

// Run binds the sockets and serves until shutdown or ctx is done.
func (k *Kernel) Run(ctx context.Context) error {
	ctx, stop := context.WithCancel(ctx)
	defer stop()
	k.shell = zmq4.NewRouter(ctx)
	k.control = zmq4.NewRouter(ctx)
	k.stdin = zmq4.NewRouter(ctx)
	k.iopub = zmq4.NewPub(ctx)
	k.hb = zmq4.NewRep(ctx)
	socks := []struct {
		s    zmq4.Socket
		port int
		name string
	}{{k.shell, k.conn.ShellPort, "shell"}, {k.control, k.conn.ControlPort, "control"}, {k.stdin, k.conn.StdinPort, "stdin"}, {k.iopub, k.conn.IOPubPort, "iopub"}, {k.hb, k.conn.HBPort, "heartbeat"}}
	for _, s := range socks {
		if err := s.s.Listen(k.conn.addr(s.port)); err != nil {
			return fmt.Errorf("%s socket on %s: %w", s.name, k.conn.addr(s.port), err)
		}
		defer s.s.Close()
	}
	go k.heartbeat()
	go k.serve(k.control, true)
	go k.serve(k.shell, false)
	k.publish(nil, "status", map[string]any{"execution_state": "starting"})
	select {
	case <-ctx.Done():
	case <-k.done:
	}
	return nil
}

func (k *Kernel) heartbeat() {
	for {
		m, err := k.hb.Recv()
		if err != nil {
			return
		}
		if err := k.hb.Send(m); err != nil {
			return
		}
	}
}

// serve reads requests from shell or control, one at a time per socket.
func (k *Kernel) serve(sock zmq4.Socket, control bool) {
	for {
		raw, err := sock.Recv()
		if err != nil {
			select {
			case <-k.done:
			default:
				k.log.Printf("receive: %v", err)
			}
			return
		}
		msg, err := k.signer.Decode(raw.Frames)
		if err != nil {
			k.log.Printf("dropped a message: %v", err)
			continue
		}
		k.handle(sock, msg, control)
	}
}

func (k *Kernel) send(sock zmq4.Socket, m *wire.Message) {
	frames, err := k.signer.Encode(m)
	if err != nil {
		k.log.Printf("encode %s: %v", m.Header.MsgType, err)
		return
	}
	if err := sock.SendMulti(zmq4.NewMsgFrom(frames...)); err != nil {
		k.log.Printf("send %s: %v", m.Header.MsgType, err)
	}
}

func (k *Kernel) reply(sock zmq4.Socket, parent *wire.Message, typ string, content any) {
	m, err := wire.Reply(parent, typ, content)
	if err != nil {
		k.log.Printf("reply %s: %v", typ, err)
		return
	}
	k.send(sock, m)
}

// publish sends a message on iopub, as a child of parent (if any).
func (k *Kernel) publish(parent *wire.Message, typ string, content any) {
	c, err := json.Marshal(content)
	if err != nil {
		k.log.Printf("publish %s: %v", typ, err)
		return
	}
	m := &wire.Message{Header: wire.NewHeader(typ, k.session), Content: c, Identities: [][]byte{[]byte("kernel." + typ)}}
	if parent != nil {
		m.Parent = parent.Header
		m.Header.Session = parent.Header.Session
	}
	k.iopubMu.Lock()
	defer k.iopubMu.Unlock()
	k.send(k.iopub, m)
}

func (k *Kernel) handle(sock zmq4.Socket, msg *wire.Message, control bool) {
	typ := msg.Header.MsgType
	k.publish(msg, "status", map[string]any{"execution_state": "busy"})
	defer k.publish(msg, "status", map[string]any{"execution_state": "idle"})
	reply := strings.TrimSuffix(typ, "_request") + "_reply"
	switch typ {
	case "kernel_info_request":
		k.reply(sock, msg, reply, k.info())
	case "execute_request":
		k.execute(sock, msg)
	case "is_complete_request":
		var c struct{ Code string }
		json.Unmarshal(msg.Content, &c)
		st := session.IsComplete(c.Code)
		out := map[string]any{"status": st}
		if st == "incomplete" {
			out["indent"] = "\t"
		}
		k.reply(sock, msg, reply, out)
	case "complete_request":
		var c struct {
			Code      string
			CursorPos int `json:"cursor_pos"`
		}
		json.Unmarshal(msg.Content, &c)
		pos := runeOffsetToByte(c.Code, c.CursorPos)
		matches, start, end := k.sess.Complete(c.Code, pos)
		if matches == nil {
			matches = []string{}
		}
		k.reply(sock, msg, reply, map[string]any{"status": "ok", "matches": matches,
			"cursor_start": byteToRuneOffset(c.Code, start), "cursor_end": byteToRuneOffset(c.Code, end), "metadata": map[string]any{}})
	case "inspect_request":
		var c struct {
			Code      string
			CursorPos int `json:"cursor_pos"`
		}
		json.Unmarshal(msg.Content, &c)
		k.reply(sock, msg, reply, k.inspect(c.Code, runeOffsetToByte(c.Code, c.CursorPos)))
	case "history_request":
		var req historyRequest
		json.Unmarshal(msg.Content, &req)
		k.reply(sock, msg, reply, map[string]any{"status": "ok", "history": history(k.sess.History(), req)})
	case "comm_info_request":
		k.reply(sock, msg, reply, map[string]any{"status": "ok", "comms": map[string]any{}})
	case "comm_open":
		// No comm targets: close the comm politely.
		var c struct {
			CommID string `json:"comm_id"`
		}
		json.Unmarshal(msg.Content, &c)
		k.publish(msg, "comm_close", map[string]any{"comm_id": c.CommID, "data": map[string]any{}})
	case "comm_msg", "comm_close":
	case "interrupt_request":
		k.interrupt()
		k.reply(sock, msg, reply, map[string]any{"status": "ok"})
	case "shutdown_request":
		var c struct{ Restart bool }
		json.Unmarshal(msg.Content, &c)
		k.interrupt()
		k.reply(sock, msg, reply, map[string]any{"status": "ok", "restart": c.Restart})
		k.shutdown.Do(func() { close(k.done) })
	default:
		k.log.Printf("unhandled message type %q", typ)
	}
}

func (k *Kernel) info() map[string]any {
	return map[string]any{
		"status":                 "ok",
		"protocol_version":       wire.Version,
		"implementation":         "coevo",
		"implementation_version": Version,
		"language_info": map[string]any{
			"name": "go", "version": strings.TrimPrefix(runtime.Version(), "go"),
			"mimetype": "text/x-go", "file_extension": ".go",
			"pygments_lexer": "go", "codemirror_mode": "go",
		},
		"banner":     "coevo: Go cells for coevolution on combinatorial games (yaegi " + runtime.Version() + ")",
		"help_links": []map[string]string{{"text": "coevo", "url": "https://github.com/coevolab/coevo"}},
	}
}

func (k *Kernel) interrupt() {
	k.runMu.Lock()
	if k.cancel != nil {
		k.cancel()
	}
	k.runMu.Unlock()
}

// streamWriter publishes what a cell writes as stream messages.
type streamWriter struct {
	k      *Kernel
	parent *wire.Message
	name   string
}

func (w *streamWriter) Write(p []byte) (int, error) {
	w.k.publish(w.parent, "stream", map[string]any{"name": w.name, "text": string(p)})
	return len(p), nil
}

// displaySink publishes display_data and update_display_data.
type displaySink struct {
	k      *Kernel
	parent *wire.Message
}

func (d displaySink) Display(b display.Bundle, id string, update bool) {
	typ := "display_data"
	if update {
		typ = "update_display_data"
	}
	d.k.publish(d.parent, typ, map[string]any{"data": b, "metadata": map[string]any{}, "transient": map[string]any{"display_id": id}})
}

func (k *Kernel) execute(sock zmq4.Socket, msg *wire.Message) {
	var req struct {
		Code         string `json:"code"`
		Silent       bool   `json:"silent"`
		StoreHistory *bool  `json:"store_history"`
		AllowStdin   bool   `json:"allow_stdin"`
	}
	if err := json.Unmarshal(msg.Content, &req); err != nil {
		k.reply(sock, msg, "execute_reply", map[string]any{"status": "error", "ename": "bad request", "evalue": err.Error(), "traceback": []string{}, "execution_count": k.count})
		return
	}
	if !req.Silent {
		k.count++
	}
	count := k.count
	k.publish(msg, "execute_input", map[string]any{"code": req.Code, "execution_count": count})

	ctx, cancel := context.WithCancel(context.Background())
	k.runMu.Lock()
	k.cancel, k.parent, k.allow = cancel, msg, req.AllowStdin
	k.runMu.Unlock()
	defer func() {
		cancel()
		k.runMu.Lock()
		k.cancel, k.parent = nil, nil
		k.runMu.Unlock()
	}()
	out := &streamWriter{k, msg, "stdout"}
	errw := &streamWriter{k, msg, "stderr"}
	if req.Silent {
		out, errw = nil, nil
	}
	var stdin io.Reader = &inputReader{k: k, parent: msg}
	if !req.AllowStdin {
		stdin = nil
	}
	k.sess.Output(writerOrDiscard(out), writerOrDiscard(errw), stdin)
	display.Attach(displaySink{k, msg}, ctx)
	setStreams(out, errw)
	res, err := k.eval(ctx, req.Code)
	flushFDs()
	setStreams(nil, nil)
	display.Attach(nil, context.Background())

	if err != nil {
		ename, evalue, trace := "error", err.Error(), []string{}
		var se *session.Error
		if errors.As(err, &se) {
			ename, evalue = se.Name, se.Message
			trace = append([]string{se.Name + ": " + se.Message}, se.Trace...)
		}
		if !req.Silent {
			k.publish(msg, "error", map[string]any{"ename": ename, "evalue": evalue, "traceback": trace})
		}
		k.reply(sock, msg, "execute_reply", map[string]any{"status": "error", "execution_count": count, "ename": ename, "evalue": evalue, "traceback": trace})
		return
	}
	if res.Show && !req.Silent {
		var b display.Bundle
		if res.Value.IsValid() && res.Value.CanInterface() {
			b = display.Of(res.Value.Interface())
		} else {
			b = display.Bundle{"text/plain": fmt.Sprint(res.Value)}
		}
		k.publish(msg, "execute_result", map[string]any{"execution_count": count, "data": b, "metadata": map[string]any{}})
		if t, ok := b["text/plain"].(string); ok {
			k.sess.SetOutput(t)
		}
	}
	k.reply(sock, msg, "execute_reply", map[string]any{"status": "ok", "execution_count": count, "user_expressions": map[string]any{}, "payload": []any{}})
}

// eval runs a cell, turning a panic that escapes the interpreter (from
// compiled code on another path) into an error.
func (k *Kernel) eval(ctx context.Context, code string) (res session.Result, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = &session.Error{Name: "panic", Message: fmt.Sprint(r)}
		}
	}()
	return k.sess.Eval(ctx, code)
}

func writerOrDiscard(w *streamWriter) io.Writer {
	if w == nil {
		return io.Discard
	}
	return w
}

func (k *Kernel) inspect(code string, pos int) map[string]any {
	start, end := pos, pos
	isID := func(c byte) bool {
		return c == '_' || c == '.' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
	}
	for start > 0 && isID(code[start-1]) {
		start--
	}
	for end < len(code) && isID(code[end]) {
		end++
	}
	name := strings.Trim(code[start:end], ".")
	v, ok := k.sess.Lookup(name)
	if !ok {
		return map[string]any{"status": "ok", "found": false, "data": map[string]any{}, "metadata": map[string]any{}}
	}
	text := fmt.Sprintf("%s: %s", name, describe(v))
	if doc := goDoc(name); doc != "" {
		text += "\n\n" + doc
	}
	return map[string]any{"status": "ok", "found": true, "data": map[string]any{"text/plain": text}, "metadata": map[string]any{}}
}

func describe(v reflect.Value) string {
	if !v.IsValid() {
		return "invalid"
	}
	t := v.Type()
	if t.Kind() == reflect.Ptr && v.Elem().IsValid() && v.Elem().Kind() == reflect.Struct && t.Elem().Name() == "" {
		return t.String()
	}
	if v.Kind() == reflect.Func {
		return t.String()
	}
	if v.CanInterface() {
		return fmt.Sprintf("%s = %+v", t, v.Interface())
	}
	return t.String()
}

// inputReader asks the client for a line when a cell reads standard input.
type inputReader struct {
	k      *Kernel
	parent *wire.Message
	buf    []byte
}

func (r *inputReader) Read(p []byte) (int, error) {
	if len(r.buf) == 0 {
		line, err := r.k.requestInput(r.parent, "")
		if err != nil {
			return 0, err
		}
		r.buf = []byte(line + "\n")
	}
	n := copy(p, r.buf)
	r.buf = r.buf[n:]
	return n, nil
}

func (k *Kernel) requestInput(parent *wire.Message, prompt string) (string, error) {
	k.stdinMu.Lock()
	defer k.stdinMu.Unlock()
	m, err := wire.Reply(parent, "input_request", map[string]any{"prompt": prompt, "password": false})
	if err != nil {
		return "", err
	}
	k.send(k.stdin, m)
	for {
		raw, err := k.stdin.Recv()
		if err != nil {
			return "", err
		}
		rep, err := k.signer.Decode(raw.Frames)
		if err != nil {
			k.log.Printf("dropped a stdin message: %v", err)
			continue
		}
		if rep.Header.MsgType != "input_reply" {
			continue
		}
		var c struct{ Value string }
		json.Unmarshal(rep.Content, &c)
		return c.Value, nil
	}
}

func runeOffsetToByte(s string, r int) int {
	i := 0
	for b := range s {
		if i == r {
			return b
		}
		i++
	}
	return len(s)
}

func byteToRuneOffset(s string, b int) int {
	if b > len(s) {
		b = len(s)
	}
	return len([]rune(s[:b]))
}

// Compiled code writes to the process's file descriptors 1 and 2, not to
// the interpreter's writers. CaptureFDs points them at pipes whose
// contents go to the running cell's streams (or to the log when idle). At
// the end of a cell, flushFDs writes a sentinel into each pipe and waits
// until its reader has passed it, so that no output of the cell is late.
var (
	fdMu       sync.Mutex
	fdOut      io.Writer
	fdErr      io.Writer
	fdCaptured bool
	fdWriters  [2]*os.File
	fdFlushed  [2]chan struct{}
)

const sentinel = "\x00coevo-flush\x00"

func setStreams(out, errw *streamWriter) {
	fdMu.Lock()
	defer fdMu.Unlock()
	fdOut, fdErr = nil, nil
	if out != nil {
		fdOut = out
	}
	if errw != nil {
		fdErr = errw
	}
}

// flushFDs waits (at most a second) until what the cell wrote to fds 1
// and 2 has been forwarded.
func flushFDs() {
	fdMu.Lock()
	captured := fdCaptured
	fdMu.Unlock()
	if !captured {
		return
	}
	for i, w := range fdWriters {
		w.Write([]byte(sentinel))
		select {
		case <-fdFlushed[i]:
		case <-time.After(time.Second):
		}
	}
}

// CaptureFDs redirects file descriptors 1 and 2 into the kernel; logs
// keep going to the original standard error, which it returns.
func CaptureFDs() (*os.File, error) {
	fdMu.Lock()
	defer fdMu.Unlock()
	if fdCaptured {
		return nil, errors.New("file descriptors already captured")
	}
	origErr, err := syscall.Dup(2)
	if err != nil {
		return nil, err
	}
	logFile := os.NewFile(uintptr(origErr), "stderr")
	for i, fd := range []int{1, 2} {
		r, w, err := os.Pipe()
		if err != nil {
			return nil, err
		}
		if err := syscall.Dup2(int(w.Fd()), fd); err != nil {
			return nil, err
		}
		fdWriters[i] = w
		fdFlushed[i] = make(chan struct{}, 1)
		go forward(i, r, logFile)
	}
	fdCaptured = true
	return logFile, nil
}

// forward copies pipe i (0: stdout, 1: stderr) to the running cell,
// signalling each sentinel it passes.
func forward(i int, r *os.File, logFile *os.File) {
	buf := make([]byte, 32*1024)
	var pending []byte
	emit := func(p []byte) {
		if len(p) == 0 {
			return
		}
		fdMu.Lock()
		dst := fdOut
		if i == 1 {
			dst = fdErr
		}
		fdMu.Unlock()
		if dst != nil {
			dst.Write(append([]byte(nil), p...))
		} else {
			logFile.Write(p)
		}
	}
	for {
		n, err := r.Read(buf)
		pending = append(pending, buf[:n]...)
		for {
			k := bytes.Index(pending, []byte(sentinel))
			if k < 0 {
				break
			}
			emit(pending[:k])
			pending = pending[k+len(sentinel):]
			select {
			case fdFlushed[i] <- struct{}{}:
			default:
			}
		}
		// Keep a possible sentinel prefix for the next read.
		keep := 0
		for l := min(len(pending), len(sentinel)-1); l > 0; l-- {
			if bytes.HasSuffix(pending, []byte(sentinel[:l])) {
				keep = l
				break
			}
		}
		emit(pending[:len(pending)-keep])
		pending = append([]byte(nil), pending[len(pending)-keep:]...)
		if err != nil {
			return
		}
	}
}
