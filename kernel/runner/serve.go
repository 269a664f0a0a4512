package runner

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"reflect"
	"runtime"
	"runtime/debug"
	"runtime/pprof"
	"strconv"
	"sync"
	"syscall"
	"time"
	"unicode/utf8"

	"github.com/coevolab/coevo/kernel/internal/runes"

	"github.com/coevolab/coevo/kernel/display"
	"github.com/coevolab/coevo/kernel/native"
	"github.com/coevolab/coevo/kernel/session"
	"github.com/coevolab/coevo/kernel/wire"
)

// Main runs the worker process: requests on descriptor 3, events on 4,
// cells in a session (which can import the packages registered with the
// interpreter: the worker links kernel/symbols for that). It returns when
// the kernel closes the requests pipe.
func Main() error {
	var st syscall.Stat_t
	if os.Getenv(workerEnv) != "1" || syscall.Fstat(3, &st) != nil || syscall.Fstat(4, &st) != nil {
		return errors.New("the worker is started by the kernel (coevo kernel run), with its pipes on descriptors 3 and 4")
	}
	os.Unsetenv(workerEnv)
	// Programs that cells start must not inherit the kernel's pipes.
	syscall.CloseOnExec(3)
	syscall.CloseOnExec(4)
	if v := os.Getenv(memoryEnv); v != "" {
		if n, err := strconv.ParseInt(v, 10, 64); err == nil && n > 0 {
			debug.SetMemoryLimit(n / 10 * 9)
		}
		os.Unsetenv(memoryEnv)
	}
	sess, err := session.New()
	if err != nil {
		return err
	}
	// The session's Go module, for %go get, imports of modules' packages
	// and %%compile cells, is the kernel's to place: every worker of a
	// session shares it.
	if dir := os.Getenv(native.ModuleEnv); dir != "" {
		if cache, err := native.CacheDir(); err == nil {
			sess.SetBuilder(native.New(dir, cache))
		}
		os.Unsetenv(native.ModuleEnv)
	}
	return Serve(os.NewFile(3, "requests"), os.NewFile(4, "events"), sess, os.Stdout, os.Stderr)
}

// Serve answers the requests read from r with events written to w,
// running cells in sess, until r ends. stdout and stderr, if not nil, are
// the process's descriptors 1 and 2: a flush marker goes to each before
// every reply, which the kernel waits for.
func Serve(r io.Reader, w io.Writer, sess *session.Session, stdout, stderr io.Writer) error {
	s := &server{sess: sess, w: w, stdout: stdout, stderr: stderr, input: make(chan Request, 1)}
	s.attachComm(false, "")
	sess.OnPanic(func(f session.Frame) { s.send(Event{Kind: "frame", Frame: &f}) })
	reqs := make(chan Request, 64)
	readErr := make(chan error, 1)
	go func() {
		dec := json.NewDecoder(r)
		for {
			var q Request
			if err := dec.Decode(&q); err != nil {
				if errors.Is(err, io.EOF) {
					err = nil
				}
				readErr <- err
				close(reqs)
				return
			}
			switch q.Op {
			case "interrupt":
				s.interrupt()
			case "input":
				select {
				case s.input <- q:
				default: // nobody is waiting for it
				}
			default:
				s.mu.Lock()
				s.inflight++
				s.mu.Unlock()
				reqs <- q
			}
		}
	}()
	for q := range reqs {
		rep := s.handle(q)
		s.mu.Lock()
		s.inflight--
		s.pending = false
		s.mu.Unlock()
		if err := s.send(Event{Kind: "reply", Reply: rep}); err != nil {
			return err
		}
	}
	return <-readErr
}

type server struct {
	sess           *session.Session
	wmu            sync.Mutex // guards w, marks and tails
	w              io.Writer
	stdout, stderr io.Writer
	marks          int       // markers written to stdout and stderr
	tails          [2][]byte // of stdout and stderr: the start of a character a write ended in
	buf            []byte    // a stream event's encoding

	mu       sync.Mutex
	cancel   context.CancelFunc // of the running cell
	inflight int                // requests received and not yet answered
	pending  bool               // an interrupt came before its cell started
	input    chan Request
	inputID  int
}

// send sends an event. One that must come after what was printed before
// it (all but stream and frame events) goes after what stream writes left
// of a character, and after a marker on stdout and stderr (Event.Mark),
// so that the kernel delivers it after what compiled code wrote to
// descriptors 1 and 2 before it.
func (s *server) send(e Event) error {
	if e.Kind != "stream" && e.Kind != "frame" {
		// What cells printed so far reaches the writers first.
		session.FlushOutput()
	}
	s.wmu.Lock()
	defer s.wmu.Unlock()
	if e.Kind != "stream" && e.Kind != "frame" {
		for i, t := range s.tails {
			if len(t) > 0 {
				s.tails[i] = nil
				s.writeStream(i, t)
			}
		}
		if s.stdout != nil && s.stderr != nil {
			s.stdout.Write([]byte(sentinel))
			s.stderr.Write([]byte(sentinel))
			s.marks++
			e.Mark = s.marks
		}
	}
	return s.sendLocked(e)
}

func (s *server) sendLocked(e Event) error {
	b, err := json.Marshal(e)
	if err != nil {
		b, _ = json.Marshal(Event{Kind: "stream", Name: "stderr", Text: fmt.Sprintf("coevo worker: cannot encode a %s event: %v\n", e.Kind, err)})
	}
	_, err = s.w.Write(append(b, '\n'))
	return err
}

var streamNames = [2]string{"stdout", "stderr"}

// write sends what a request wrote to stream i (0: stdout, 1: stderr) as
// stream events of at most streamChunk bytes, each cut between
// characters; the start of a character p ends in waits for the next write
// (or the next event of another kind), since an event's text is JSON,
// where half a character would become U+FFFD. Each write is sent at once,
// never held back: what a cell printed before os.Exit must reach the
// kernel. The events are encoded in a buffer the server keeps, so that a
// large write costs no copy of itself.
func (s *server) write(i int, p []byte) {
	s.wmu.Lock()
	defer s.wmu.Unlock()
	if t := s.tails[i]; len(t) > 0 {
		for len(p) > 0 && !utf8.FullRune(t) {
			t, p = append(t, p[0]), p[1:]
		}
		if !utf8.FullRune(t) {
			s.tails[i] = t
			return
		}
		s.tails[i] = nil
		s.writeStream(i, t)
	}
	if k := runes.Partial(p); k > 0 {
		s.tails[i] = append([]byte(nil), p[len(p)-k:]...)
		p = p[:len(p)-k]
	}
	for len(p) > 0 {
		n := runes.Cut(p, streamChunk)
		s.writeStream(i, p[:n])
		p = p[n:]
	}
}

// writeStream sends one stream event, as sendLocked would encode it;
// s.wmu is held.
func (s *server) writeStream(i int, text []byte) error {
	b := append(s.buf[:0], `{"kind":"stream","name":"`...)
	b = append(b, streamNames[i]...)
	b = append(b, `","text":`...)
	b = wire.AppendString(b, text)
	b = append(b, "}\n"...)
	if cap(b) <= 4*streamChunk {
		s.buf = b
	}
	_, err := s.w.Write(b)
	return err
}

// interrupt cancels the running cell; one that arrives before its cell
// has started (the cell is queued) cancels it as it starts.
func (s *server) interrupt() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cancel != nil {
		s.cancel()
	} else if s.inflight > 0 {
		s.pending = true
	}
}

// handle answers one request; a panic in the worker's own code becomes
// an error reply.
func (s *server) handle(q Request) (rep *Reply) {
	defer func() {
		if r := recover(); r != nil {
			rep = &Reply{Status: "error", Error: &Error{Name: "internal error", Value: fmt.Sprint(r),
				Traceback: []string{fmt.Sprintf("coevo worker: internal error handling %s: %v (please report it)", q.Op, r)}}}
		}
	}()
	switch q.Op {
	case "execute":
		return s.execute(q)
	case "complete":
		m, start, end := s.sess.Complete(q.Code, q.Pos)
		return &Reply{Status: "ok", Matches: m, Start: start, End: end}
	case "inspect":
		text, found := s.sess.Inspect(q.Code, q.Pos)
		return &Reply{Status: "ok", Found: found, Text: text}
	case "comm":
		return s.comm(q)
	}
	return &Reply{Status: "error", Error: &Error{Name: "bad request", Value: fmt.Sprintf("unknown op %q", q.Op), Traceback: []string{}}}
}

// begin sets up what a request's code runs with, a cell's as a comm
// callback's: a context that an interrupt cancels (at once if one came
// first), the session's output writers and, where the request allows it,
// its stdin (discarded and absent for a silent or replayed request), the
// display sink and the routing of comm messages. end undoes all but the
// writers, which stay for goroutines the code leaves printing.
func (s *server) begin(q Request) (ctx context.Context, quiet bool, end func()) {
	ctx, cancel := context.WithCancel(context.Background())
	s.mu.Lock()
	s.cancel = cancel
	if s.pending {
		cancel()
	}
	s.mu.Unlock()
	quiet = q.Silent || q.Replay
	var out, errw io.Writer = io.Discard, io.Discard
	var sink display.Sink = discard{}
	if !quiet {
		out, errw, sink = &stream{s, 0}, &stream{s, 1}, eventSink{s}
	}
	var stdin io.Reader
	if q.AllowStdin && !q.Replay {
		stdin = &inputReader{s: s, ctx: ctx}
	}
	s.sess.Output(out, errw, stdin)
	display.Attach(sink, ctx)
	s.attachComm(quiet, q.MsgID)
	return ctx, quiet, func() {
		s.attachComm(false, "")
		display.Attach(nil, context.Background())
		s.mu.Lock()
		s.cancel = nil
		s.mu.Unlock()
		cancel()
	}
}

// savedStdio are copies of descriptors 1 and 2 made when the worker
// started: a cell may close them (os.NewFile(2, "").Close(), or the
// finalizer of such a file), and the kernel reads the worker's raw output
// and crash reports from them.
var savedStdio = func() [2]int {
	var fds [2]int
	for i := range fds {
		fds[i] = -1
		if fd, err := syscall.Dup(i + 1); err == nil {
			syscall.CloseOnExec(fd)
			fds[i] = fd
		}
	}
	return fds
}()

// keepStdio puts descriptors 1 and 2 back if a cell closed them.
func keepStdio() {
	for i, saved := range savedStdio {
		fd := i + 1
		if _, err := fcntl(fd, syscall.F_GETFD); err == syscall.EBADF && saved >= 0 {
			syscall.Dup2(saved, fd)
			fmt.Fprintf(os.Stderr, "coevo worker: a cell closed descriptor %d (standard %s); it is open again\n", fd, streamNames[i])
		}
	}
}

func fcntl(fd, cmd int) (int, error) {
	r, _, e := syscall.Syscall(syscall.SYS_FCNTL, uintptr(fd), uintptr(cmd), 0)
	if e != 0 {
		return int(r), e
	}
	return int(r), nil
}

// settle is how long a cell that left goroutines running is given before
// its reply, so that one that panics at once is blamed on its cell.
const settle = 5 * time.Millisecond

func (s *server) execute(q Request) *Reply {
	// The writers stay after the cell, for goroutines it leaves printing.
	ctx, quiet, end := s.begin(q)
	defer end()

	// The cell runs under a goroutine label naming it, which every
	// goroutine it starts inherits (and theirs, in turn): a crash report
	// then says which cell started the goroutine that crashed the worker
	// (see CellLabel).
	pprof.SetGoroutineLabels(pprof.WithLabels(context.Background(), pprof.Labels(CellLabel, q.Cell, CellIDLabel, strconv.Itoa(q.ID))))
	defer pprof.SetGoroutineLabels(context.Background())
	before := runtime.NumGoroutine()
	res, err := s.sess.Run(ctx, session.Cell{Code: q.Code, Name: q.Cell, Replay: q.Replay})
	keepStdio()
	left := runtime.NumGoroutine() > before
	if left {
		time.Sleep(settle)
		left = runtime.NumGoroutine() > before
	}
	rep := &Reply{Status: "ok", Reset: res.Reset, Goroutines: left, Payload: res.Payload}
	if err != nil {
		rep.Status, rep.Error, rep.Done = "error", errorOf(err), res.Done
		return rep
	}
	if res.Show && !quiet {
		if shower, ok := selfShower(res.Value); ok {
			shower.ShowSelf() // a widget: displayed, not the cell's result
		} else {
			rep.Result = render(res.Value)
		}
	}
	if len(q.UserExpressions) > 0 && !q.Replay {
		rep.UserExpressions = map[string]any{}
		for name, expr := range q.UserExpressions {
			rep.UserExpressions[name] = s.userExpression(ctx, expr)
		}
	}
	return rep
}

// userExpression evaluates one of an execute request's user expressions,
// in the form the messaging specification gives its result.
func (s *server) userExpression(ctx context.Context, expr string) map[string]any {
	r, err := s.sess.Expression(ctx, expr)
	if err != nil {
		e := errorOf(err)
		return map[string]any{"status": "error", "ename": e.Name, "evalue": e.Value, "traceback": e.Traceback}
	}
	data, md := display.Bundle{"text/plain": ""}, map[string]any{}
	if r.Show {
		data, md = display.Split(render(r.Value))
	}
	return map[string]any{"status": "ok", "data": data, "metadata": md}
}

// render shows a value as a MIME bundle; a value whose rendering panics
// is shown as text.
func render(v reflect.Value) (b display.Bundle) {
	defer func() {
		if r := recover(); r != nil {
			b = display.Bundle{"text/plain": fmt.Sprintf("%v (display failed: %v)", v, r)}
		}
	}()
	if v.IsValid() && v.CanInterface() {
		return display.Of(v.Interface())
	}
	return display.Bundle{"text/plain": fmt.Sprint(v)}
}

func errorOf(err error) *Error {
	var se *session.Error
	if errors.As(err, &se) {
		return &Error{Name: se.Name, Value: se.Message, Traceback: append([]string{se.Name + ": " + se.Message}, se.Trace...)}
	}
	return &Error{Name: "error", Value: err.Error(), Traceback: []string{"error: " + err.Error()}}
}

// stream sends what a cell writes as stream events.
type stream struct {
	s *server
	i int // 0: stdout, 1: stderr
}

func (w *stream) Write(p []byte) (int, error) {
	w.s.write(w.i, p)
	return len(p), nil
}

type eventSink struct{ s *server }

func (e eventSink) Display(b display.Bundle, id string, update bool) {
	e.s.send(Event{Kind: "display", Data: b, DisplayID: id, Update: update})
}

func (e eventSink) Clear(wait bool) { e.s.send(Event{Kind: "clear", Wait: wait}) }

type discard struct{}

func (discard) Display(display.Bundle, string, bool) {}
func (discard) Clear(bool)                           {}

// inputReader asks the kernel for a line each time a cell reads an empty
// buffer of standard input.
type inputReader struct {
	s   *server
	ctx context.Context
	buf []byte
}

func (r *inputReader) Read(p []byte) (int, error) {
	if len(r.buf) == 0 {
		r.s.mu.Lock()
		r.s.inputID++
		id := r.s.inputID
		r.s.mu.Unlock()
		if err := r.s.send(Event{Kind: "input", InputID: id}); err != nil {
			return 0, err
		}
		for len(r.buf) == 0 {
			select {
			case q := <-r.s.input:
				if q.InputID == id {
					r.buf = []byte(q.Value + "\n")
				}
			case <-r.ctx.Done():
				return 0, io.EOF
			}
		}
	}
	n := copy(p, r.buf)
	r.buf = r.buf[n:]
	return n, nil
}
