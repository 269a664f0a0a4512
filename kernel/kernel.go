package kernel

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/coevolab/coevo/kernel/internal/cache"
	"github.com/coevolab/coevo/kernel/internal/cells"
	"github.com/coevolab/coevo/kernel/wire"
	"github.com/coevolab/coevo/kernel/worker"
	"github.com/coevolab/coevo/kernel/zmtp"
)

// Version is reported in kernel_info.
var Version = "dev"

// Kernel is a running kernel: the process that owns the sockets, the
// signatures, the history and the protocol, and supervises the worker
// process where cells run.
type Kernel struct {
	conn    Connection
	opts    Options
	signer  *wire.Signer
	log     *log.Logger
	session string
	sup     *supervisor
	module  string // the session's Go module, which its workers share ("" if there is no cache directory)

	shell, control, stdin, iopub, hb *zmtp.Socket
	iopubMu                          sync.Mutex
	busy                             int                // requests being handled, guarded by iopubMu
	inputs                           chan *wire.Message // input_reply messages
	inputMu                          sync.Mutex         // one input request at a time

	histMu  sync.Mutex
	count   int
	lastID  int // of execute requests, to tell cells apart (worker.Request.ID)
	history []historyEntry
	cells   []cellRecord // completed cells, replayed to restore a session
	comms   comms        // comms open with the front end

	done     chan struct{}
	shutdown sync.Once
	answered chan struct{} // closed once the first kernel_info is answered
	answer   sync.Once
}

// cellRecord is a completed cell, for replay.
type cellRecord struct {
	id         int // its worker.Request.ID, kept on replay
	name, code string
	msgID      string // of its execute_request: the ids of the comms it opens derive from it
	noReplay   bool
	goroutines bool // it left goroutines running
}

// New prepares a kernel for a connection.
func New(conn Connection, opts Options) *Kernel {
	if opts.Log == nil {
		opts.Log = io.Discard
	}
	if opts.InterruptGrace <= 0 {
		opts.InterruptGrace = DefaultInterruptGrace
	}
	k := &Kernel{
		conn: conn, opts: opts, signer: wire.NewSigner(conn.Key),
		log: log.New(opts.Log, "coevo kernel: ", log.LstdFlags), session: wire.NewID(),
		inputs: make(chan *wire.Message, 1), done: make(chan struct{}), answered: make(chan struct{}),
	}
	k.sup = &supervisor{k: k}
	return k
}

// Run binds the sockets, starts a worker and serves until shutdown or
// until ctx is done.
func (k *Kernel) Run(ctx context.Context) error {
	if len(k.opts.Worker) == 0 {
		return errors.New("kernel: no worker command")
	}
	ctx, stop := context.WithCancel(ctx)
	defer stop()
	socks := []struct {
		s    **zmtp.Socket
		kind zmtp.Kind
		port int
		name string
	}{{&k.shell, zmtp.Router, k.conn.ShellPort, "shell"}, {&k.control, zmtp.Router, k.conn.ControlPort, "control"},
		{&k.stdin, zmtp.Router, k.conn.StdinPort, "stdin"}, {&k.iopub, zmtp.Pub, k.conn.IOPubPort, "iopub"}, {&k.hb, zmtp.Rep, k.conn.HBPort, "heartbeat"}}
	closeAll := func() {
		for _, s := range socks {
			if *s.s != nil {
				(*s.s).Close()
			}
		}
	}
	for _, s := range socks {
		opts := zmtp.Options{MaxMessage: k.opts.MaxMessage, Name: s.name, Log: func(line string) { k.log.Print(line) }}
		if s.kind == zmtp.Pub {
			opts.OnSubscribe = k.welcome
		}
		var sock *zmtp.Socket
		var err error
		if l := k.opts.Listeners[s.name]; l != nil {
			sock, err = zmtp.Serve(s.kind, l, opts)
		} else {
			sock, err = zmtp.Listen(s.kind, k.conn.addr(s.port), opts)
		}
		if err != nil {
			closeAll()
			return fmt.Errorf("%s socket on %s: %w", s.name, k.conn.addr(s.port), err)
		}
		*s.s = sock
	}
	defer closeAll()
	if root, err := cache.Dir(); err != nil {
		k.log.Printf("no Go module for this session (%%go get and %%%%compile will not work): %v", err)
	} else {
		k.module = filepath.Join(root, "sessions", fmt.Sprintf("%d-%s", os.Getpid(), k.session))
		defer os.RemoveAll(k.module)
		go removeStaleModules(filepath.Join(root, "sessions"))
	}
	go k.startWorker()
	defer k.sup.close()
	go k.heartbeat()
	go k.readStdin()
	go k.serve(k.control)
	go k.serve(k.shell)
	k.publish(nil, "status", map[string]any{"execution_state": "starting"})
	select {
	case <-ctx.Done():
	case <-k.done:
	}
	return nil
}

// workerDelay is how long the first worker waits for the first
// kernel_info request to be answered.
const workerDelay = 500 * time.Millisecond

// startWorker starts the first worker once the kernel has answered its
// first kernel_info request (a client's first), or after workerDelay: the
// worker's start (a process as large as this one, and an interpreter with
// every binding) then does not compete for the CPU with the kernel's first
// answers, which decide how soon a client finds the kernel ready. A cell
// that comes first starts it itself (supervisor.execute).
func (k *Kernel) startWorker() {
	select {
	case <-k.answered:
	case <-time.After(workerDelay):
	case <-k.done:
		return
	}
	if err := k.sup.start(); err != nil {
		k.log.Printf("worker process: %v (the first cell will try again)", err)
	}
}

// heartbeat echoes pings; it runs in the kernel process, so it answers
// whatever a cell does.
func (k *Kernel) heartbeat() {
	for {
		m, err := k.hb.Recv()
		if err != nil {
			return
		}
		k.hb.Send(m) // a peer gone meanwhile is no reason to stop
	}
}

// serve reads requests from shell or control, one at a time per socket.
func (k *Kernel) serve(sock *zmtp.Socket) {
	for {
		frames, err := sock.Recv()
		if err != nil {
			if !errors.Is(err, zmtp.ErrClosed) {
				k.log.Printf("receive: %v", err)
			}
			return
		}
		msg, err := k.signer.Decode(frames)
		if err != nil {
			k.log.Printf("dropped a message: %v", err)
			continue
		}
		k.handle(sock, msg)
	}
}

// readStdin passes input replies to the cell waiting for one.
func (k *Kernel) readStdin() {
	for {
		frames, err := k.stdin.Recv()
		if err != nil {
			return
		}
		m, err := k.signer.Decode(frames)
		if err != nil {
			k.log.Printf("dropped a stdin message: %v", err)
			continue
		}
		if m.Header.MsgType != "input_reply" {
			continue
		}
		select {
		case k.inputs <- m:
		default:
			k.log.Printf("an input reply came with no cell waiting")
		}
	}
}

// send sends m, logging why it could not be sent unless the peer has
// gone; it returns that error.
func (k *Kernel) send(sock *zmtp.Socket, m *wire.Message) error {
	frames, err := k.signer.Encode(m)
	if err != nil {
		k.log.Printf("encode %s: %v", m.Header.MsgType, err)
		return err
	}
	err = sock.Send(frames)
	if err != nil && !peerGone(err) {
		k.log.Printf("send %s: %v", m.Header.MsgType, err)
	}
	return err
}

// peerGone tells whether a send failed because the client hung up before
// its answer (as the notebook server's probes of a new kernel do): there is
// nobody to tell, and nothing wrong.
func peerGone(err error) bool {
	return errors.Is(err, zmtp.ErrNoPeer) || errors.Is(err, zmtp.ErrClosed)
}

func (k *Kernel) reply(sock *zmtp.Socket, parent *wire.Message, typ string, content any) {
	m, err := wire.Reply(parent, typ, content)
	if err != nil {
		k.log.Printf("reply %s: %v", typ, err)
		return
	}
	if err := k.send(sock, m); typ == "execute_reply" && errors.Is(err, zmtp.ErrNoPeer) {
		// A client waits for this one: say that it could not be given
		// (the connection the request came on has gone), so that a
		// client that hangs can be told from a kernel that did.
		k.log.Printf("execute_reply to %s dropped: the connection its request came on has closed", parent.Header.MsgID)
	}
}

// publish sends a message on iopub, as a child of parent (if any).
func (k *Kernel) publish(parent *wire.Message, typ string, content any) {
	c, err := json.Marshal(content)
	if err != nil {
		k.log.Printf("publish %s: %v", typ, err)
		return
	}
	k.publishJSON(parent, typ, c)
}

// publishJSON is publish with the content encoded.
func (k *Kernel) publishJSON(parent *wire.Message, typ string, c []byte) {
	m := &wire.Message{Header: wire.NewHeader(typ, k.session), Content: c, Identities: [][]byte{[]byte("kernel." + typ)}}
	if parent != nil {
		m.Parent = parent.Header
		m.Header.Session = parent.Header.Session
	}
	k.iopubMu.Lock()
	defer k.iopubMu.Unlock()
	k.send(k.iopub, m)
}

// welcome greets a client that subscribes to iopub, as JEP 65 asks, with an
// iopub_welcome naming its subscription, and publishes the kernel's state:
// the status messages of a request answered before the subscription
// arrived were lost to it, and jupyter_client takes a kernel for ready
// only once an iopub message follows a kernel_info reply (else it asks
// again, 0.2 s later). A PUB socket sends both to every subscriber, as
// ipykernel's XPUB does.
func (k *Kernel) welcome(topic []byte) {
	k.publish(nil, "iopub_welcome", map[string]any{"subscription": string(topic)})
	k.iopubMu.Lock()
	state := "idle"
	if k.busy > 0 {
		state = "busy"
	}
	k.iopubMu.Unlock()
	k.publish(nil, "status", map[string]any{"execution_state": state})
}

func (k *Kernel) handle(sock *zmtp.Socket, msg *wire.Message) {
	typ := msg.Header.MsgType
	k.iopubMu.Lock()
	k.busy++
	k.iopubMu.Unlock()
	k.publish(msg, "status", map[string]any{"execution_state": "busy"})
	defer func() {
		k.iopubMu.Lock()
		k.busy--
		k.iopubMu.Unlock()
		k.publish(msg, "status", map[string]any{"execution_state": "idle"})
	}()
	// A bug in a handler must not end the kernel and its session.
	defer func() {
		if r := recover(); r != nil {
			k.log.Printf("internal error handling %s: %v (please report it)", typ, r)
		}
	}()
	reply := strings.TrimSuffix(typ, "_request") + "_reply"
	switch typ {
	case "kernel_info_request":
		k.reply(sock, msg, reply, k.info())
		k.answer.Do(func() { close(k.answered) })
	case "execute_request":
		k.execute(sock, msg)
	case "is_complete_request":
		var c struct{ Code string }
		json.Unmarshal(msg.Content, &c)
		st := cells.IsComplete(c.Code)
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
		out := map[string]any{"status": "ok", "matches": []string{}, "cursor_start": c.CursorPos, "cursor_end": c.CursorPos, "metadata": map[string]any{}}
		if r := k.sup.request(worker.Request{Op: "complete", Code: c.Code, Pos: pos}); r != nil {
			if r.Matches != nil {
				out["matches"] = r.Matches
			}
			out["cursor_start"], out["cursor_end"] = byteToRuneOffset(c.Code, r.Start), byteToRuneOffset(c.Code, r.End)
		}
		k.reply(sock, msg, reply, out)
	case "inspect_request":
		var c struct {
			Code      string
			CursorPos int `json:"cursor_pos"`
		}
		json.Unmarshal(msg.Content, &c)
		out := map[string]any{"status": "ok", "found": false, "data": map[string]any{}, "metadata": map[string]any{}}
		if r := k.sup.request(worker.Request{Op: "inspect", Code: c.Code, Pos: runeOffsetToByte(c.Code, c.CursorPos)}); r != nil && r.Found {
			out["found"], out["data"] = true, map[string]any{"text/plain": r.Text}
		}
		k.reply(sock, msg, reply, out)
	case "history_request":
		var req historyRequest
		json.Unmarshal(msg.Content, &req)
		k.histMu.Lock()
		h := history(k.history, req)
		k.histMu.Unlock()
		k.reply(sock, msg, reply, map[string]any{"status": "ok", "history": h})
	case "comm_info_request":
		k.commInfo(sock, msg)
	case "comm_open", "comm_msg", "comm_close":
		k.commRequest(msg)
	case "interrupt_request":
		k.sup.interrupt()
		k.reply(sock, msg, reply, map[string]any{"status": "ok"})
	case "shutdown_request":
		var c struct{ Restart bool }
		json.Unmarshal(msg.Content, &c)
		k.sup.close()
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
		"banner":     "coevo: Go cells for coevolution on combinatorial games (ixgo, " + runtime.Version() + "); %lsmagic lists the magics",
		"help_links": []map[string]string{{"text": "coevo", "url": "https://github.com/coevolab/coevo"}},
	}
}

// noReplayMarker, on a line of its own, keeps a cell out of the replay
// that restores a session after its worker died.
var noReplayMarker = regexp.MustCompile(`(?m)^[ \t]*//coevo:noreplay\b`)

func (k *Kernel) execute(sock *zmtp.Socket, msg *wire.Message) {
	var req struct {
		Code            string            `json:"code"`
		Silent          bool              `json:"silent"`
		StoreHistory    *bool             `json:"store_history"`
		AllowStdin      bool              `json:"allow_stdin"`
		UserExpressions map[string]string `json:"user_expressions"`
	}
	if err := json.Unmarshal(msg.Content, &req); err != nil {
		k.histMu.Lock()
		count := k.count
		k.histMu.Unlock()
		k.reply(sock, msg, "execute_reply", map[string]any{"status": "error", "ename": "bad request", "evalue": err.Error(), "traceback": []string{}, "execution_count": count})
		return
	}
	store := !req.Silent && (req.StoreHistory == nil || *req.StoreHistory)
	k.histMu.Lock()
	if !req.Silent {
		k.count++
	}
	count := k.count
	k.lastID++
	id := k.lastID
	k.histMu.Unlock()
	name := fmt.Sprintf("In[%d]", count)
	if req.Silent {
		name = "silent"
	}
	if !req.Silent {
		k.publish(msg, "execute_input", map[string]any{"code": req.Code, "execution_count": count})
	}
	if m := helpLine.FindStringSubmatch(req.Code); m != nil && !req.Silent {
		k.help(sock, msg, m[1], req.Code, count, store)
		return
	}
	sink := &cellSink{k: k, parent: msg, quiet: req.Silent, done: make(chan struct{})}
	rep, death, note := k.sup.execute(worker.Request{Op: "execute", Code: req.Code, Cell: name, ID: id, Silent: req.Silent,
		AllowStdin: req.AllowStdin, UserExpressions: req.UserExpressions, MsgID: msg.Header.MsgID}, sink)
	close(sink.done)

	output := ""
	content := map[string]any{"status": "ok", "execution_count": count, "user_expressions": map[string]any{}, "payload": []any{}}
	fail := failure(rep, death)
	// What the cell printed comes before its result or error, and before
	// the reply.
	sink.flush()
	if fail == nil {
		if rep.Result != nil && !req.Silent {
			data, md := wire.SplitBundle(rep.Result)
			sink.publish("execute_result", map[string]any{"execution_count": count, "data": data, "metadata": md})
			output, _ = data["text/plain"].(string)
		}
		if rep.UserExpressions != nil {
			content["user_expressions"] = rep.UserExpressions
		}
		if len(rep.Payload) > 0 && !req.Silent {
			content["payload"] = rep.Payload
		}
	} else {
		if !req.Silent {
			sink.publish("error", map[string]any{"ename": fail.Name, "evalue": fail.Value, "traceback": fail.Traceback})
		}
		content = map[string]any{"status": "error", "execution_count": count, "ename": fail.Name, "evalue": fail.Value, "traceback": fail.Traceback}
	}
	if note != "" {
		sink.note(note)
	}

	k.histMu.Lock()
	if store {
		k.history = append(k.history, historyEntry{Input: req.Code, Output: output})
	}
	if rep != nil && rep.Reset {
		k.cells = nil
	}
	if fail == nil {
		k.cells = append(k.cells, cellRecord{id: id, name: name, code: req.Code, msgID: msg.Header.MsgID, noReplay: noReplayMarker.MatchString(req.Code), goroutines: rep.Goroutines})
	} else if death == nil && rep != nil && rep.Done != "" {
		// What the cell declared before it failed is the session's too.
		k.cells = append(k.cells, cellRecord{id: id, name: name, code: rep.Done, msgID: msg.Header.MsgID, noReplay: noReplayMarker.MatchString(req.Code), goroutines: rep.Goroutines})
	}
	k.histMu.Unlock()
	k.reply(sock, msg, "execute_reply", content)
}

// helpLine is IPython's request for help on a name, NAME? or NAME?? alone
// in a cell (strings.Repeat?, run.Permanent?): never Go, which has no "?".
var helpLine = regexp.MustCompile(`^\s*([\pL_][\pL\pN_]*(?:\.[\pL_][\pL\pN_]*)*)\s*\?\??\s*$`)

// help answers NAME? as IPython does: the inspection of NAME (what Shift+Tab
// and the contextual help show) as the reply's page payload, which
// JupyterLab and the Notebook show in their pager and jupyter console
// prints; "Object `NAME` not found." when there is none. Nothing runs.
func (k *Kernel) help(sock *zmtp.Socket, msg *wire.Message, name, code string, count int, store bool) {
	content := map[string]any{"status": "ok", "execution_count": count, "user_expressions": map[string]any{}, "payload": []any{}}
	if r := k.sup.request(worker.Request{Op: "inspect", Code: name, Pos: len(name)}); r != nil && r.Found {
		content["payload"] = []any{map[string]any{"source": "page", "data": map[string]any{"text/plain": r.Text}, "start": 0}}
	} else {
		k.publish(msg, "stream", map[string]any{"name": "stdout", "text": "Object `" + name + "` not found.\n"})
	}
	if store {
		k.histMu.Lock()
		k.history = append(k.history, historyEntry{Input: code})
		k.histMu.Unlock()
	}
	k.reply(sock, msg, "execute_reply", content)
}

// failure is the error a request to the worker ended with: the worker's
// death (named "interrupted" when an interrupt killed it) or the error
// the request reported; nil if it succeeded.
func failure(rep *worker.Reply, death *worker.Death) *worker.Error {
	switch {
	case death != nil:
		ename := "worker died"
		if strings.HasPrefix(death.Cause, "interrupted") {
			ename = "interrupted"
		}
		return &worker.Error{Name: ename, Value: death.Cause, Traceback: []string{ename + ": " + death.Cause}}
	case rep.Status != "ok" && rep.Error != nil:
		return rep.Error
	}
	return nil
}

// replayCells returns the cells to replay, and the names of those marked
// not to be.
func (k *Kernel) replayCells() (cells []cellRecord, skipped []string) {
	k.histMu.Lock()
	defer k.histMu.Unlock()
	for _, c := range k.cells {
		if c.noReplay {
			skipped = append(skipped, c.name)
		} else {
			cells = append(cells, c)
		}
	}
	return cells, skipped
}

// suspect drops from replay the last cell that left goroutines running,
// and returns its name ("" if none): a worker that dies between cells was
// most likely killed by one of them, and would be again.
func (k *Kernel) suspect() string {
	k.histMu.Lock()
	defer k.histMu.Unlock()
	for i := len(k.cells) - 1; i >= 0; i-- {
		if c := k.cells[i]; c.goroutines && !c.noReplay {
			k.cells = append(k.cells[:i], k.cells[i+1:]...)
			return c.name
		}
	}
	return ""
}

// culprit drops from replay the cell that started the goroutine whose
// crash killed the worker, as its crash report names it (d.CellID), unless
// it is the request except (which is not recorded). It returns a sentence
// for the note, "" if the report names no cell.
func (k *Kernel) culprit(d worker.Death, except int) string {
	if d.CellID == 0 || d.CellID == except {
		return ""
	}
	k.histMu.Lock()
	defer k.histMu.Unlock()
	for i, c := range k.cells {
		if c.id == d.CellID {
			k.cells = append(k.cells[:i], k.cells[i+1:]...)
			if c.noReplay {
				return fmt.Sprintf("%s started the goroutine that crashed it (it is not replayed). ", c.name)
			}
			return fmt.Sprintf("%s started the goroutine that crashed it: it is dropped from the session. ", c.name)
		}
	}
	// A cell that failed, or came before a %reset: not replayed anyway.
	return fmt.Sprintf("%s started the goroutine that crashed it (it is not replayed). ", d.Cell)
}

// forgetAll drops every cell from replay.
func (k *Kernel) forgetAll() {
	k.histMu.Lock()
	k.cells = nil
	k.histMu.Unlock()
}

// forgetCell drops a cell from replay.
func (k *Kernel) forgetCell(id int) {
	k.histMu.Lock()
	defer k.histMu.Unlock()
	for i, c := range k.cells {
		if c.id == id {
			k.cells = append(k.cells[:i], k.cells[i+1:]...)
			return
		}
	}
}

// cellSink publishes a request's worker events as children of its
// message; a quiet one (silent cells, replays) drops them. Its stream
// output is gathered into few messages (streamBuffer), published before
// anything else the request publishes, so that the notebook shows what a
// cell printed before a figure above the figure.
type cellSink struct {
	k      *Kernel
	parent *wire.Message
	quiet  bool
	done   chan struct{} // closed when the request ends

	once sync.Once
	out  streamBuffer
}

// streams is the sink's stream buffer, set up on first use.
func (c *cellSink) streams() *streamBuffer {
	c.once.Do(func() {
		c.out.send = func(name string, text []byte) {
			// Output faster than a client reads waits for it (the worker's
			// writes with it), rather than piling up here.
			c.k.iopub.Wait(streamBacklog, streamPatience)
			b := make([]byte, 0, len(text)+len(text)/16+32)
			b = append(wire.AppendString(append(b, `{"name":`...), []byte(name)), `,"text":`...)
			c.k.publishJSON(c.parent, "stream", append(wire.AppendString(b, text), '}'))
		}
	})
	return &c.out
}

func (c *cellSink) event(e worker.Event, st *procState) {
	if c.quiet {
		return
	}
	switch e.Kind {
	case "stream":
		c.streams().write(e.Name, e.Text)
	case "display":
		typ := "display_data"
		if e.Update {
			typ = "update_display_data"
		}
		data, md := wire.SplitBundle(e.Data)
		c.publish(typ, map[string]any{"data": data, "metadata": md, "transient": map[string]any{"display_id": e.DisplayID}})
	case "clear":
		c.publish("clear_output", map[string]any{"wait": e.Wait})
	case "comm":
		if e.Comm != nil {
			c.streams().flushThen(func() { c.k.publishComm(c.parent, *e.Comm) })
		}
	case "input":
		// What the cell printed before it asked comes before the question.
		c.streams().flush()
		go func() {
			value, err := c.k.requestInput(c.parent, e.Prompt, e.Password, c.done)
			if err != nil {
				c.k.log.Printf("input: %v", err)
				return
			}
			st.p.Send(worker.Request{Op: "input", Value: value, InputID: e.InputID})
		}()
	}
}

// publish publishes a message of the request after the stream output
// written before it.
func (c *cellSink) publish(typ string, content any) {
	c.streams().flushThen(func() { c.k.publish(c.parent, typ, content) })
}

// flush publishes the request's pending stream output.
func (c *cellSink) flush() {
	if !c.quiet {
		c.streams().flush()
	}
}

// note shows a kernel note (a restored session) in the cell's output.
func (c *cellSink) note(md string) {
	if c.quiet {
		return
	}
	plain := strings.NewReplacer("**", "", "`", "").Replace(md)
	c.publish("display_data", map[string]any{"data": wire.Bundle{"text/markdown": md, "text/plain": plain}, "metadata": map[string]any{}, "transient": map[string]any{}})
}

// requestInput asks the front end for a line, until the request ends.
func (k *Kernel) requestInput(parent *wire.Message, prompt string, password bool, done <-chan struct{}) (string, error) {
	k.inputMu.Lock()
	defer k.inputMu.Unlock()
	select {
	case <-k.inputs: // a late answer to an earlier request
	default:
	}
	m, err := wire.Reply(parent, "input_request", map[string]any{"prompt": prompt, "password": password})
	if err != nil {
		return "", err
	}
	k.send(k.stdin, m)
	select {
	case rep := <-k.inputs:
		var c struct{ Value string }
		json.Unmarshal(rep.Content, &c)
		return c.Value, nil
	case <-done:
		return "", errors.New("the cell ended before the input came")
	case <-k.done:
		return "", errors.New("shut down")
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
	b = min(max(b, 0), len(s))
	return len([]rune(s[:b]))
}

// removeStaleModules removes the Go modules of sessions whose kernel
// ended without removing its own (it was killed): a module directory is
// named by its kernel's process id.
func removeStaleModules(dir string) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		pid, _, ok := strings.Cut(e.Name(), "-")
		n, err := strconv.Atoi(pid)
		if !ok || err != nil || n <= 0 || syscall.Kill(n, 0) != syscall.ESRCH {
			continue
		}
		os.RemoveAll(filepath.Join(dir, e.Name()))
	}
}
