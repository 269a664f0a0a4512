package worker

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/coevolab/coevo/kernel/internal/cells"
	"github.com/coevolab/coevo/kernel/wire"
)

// Options say how to start a worker.
type Options struct {
	// Command is the worker's command line, e.g. {"/usr/bin/coevo-worker"}.
	Command []string
	// Env is added to the kernel's environment for the worker.
	Env []string
	// MemoryLimit kills the worker when its resident memory exceeds it
	// (bytes; 0: no limit). The worker also gets it, as the Go runtime's
	// soft limit.
	MemoryLimit int64
	// OnEvent receives the worker's events, other than frames, in order
	// for each source: stream events from descriptors 1 and 2 come from
	// other goroutines than the rest. An event with a Mark (a reply, a
	// display) is delivered after what the worker wrote to descriptors 1
	// and 2 before it.
	OnEvent func(Event)
	// Log receives what the worker prints when no cell could show it, and
	// its crash reports.
	Log io.Writer
}

// Process is a running worker.
type Process struct {
	opts Options
	cmd  *exec.Cmd
	req  *os.File
	rmu  sync.Mutex

	done  chan struct{}
	death Death

	mu        sync.Mutex
	reason    string // why the kernel killed it
	frames    []cells.Frame
	crash     *crashFilter
	flushed   [2]int // flush markers read on descriptors 1 and 2
	delivered int    // Mark of the last event delivered that had one
	progress  chan struct{}
}

// Death says how a worker ended.
type Death struct {
	// Cause is one line: "a goroutine panicked: x (In[5], in a func
	// literal)", "fatal error: stack overflow", "out of memory: ...",
	// "exited with status 3 (os.Exit?)".
	Cause string
	// Report is the start of the crash report, for the log.
	Report string
	// Killed is true when the kernel killed it (interrupt, memory, stop).
	Killed bool
	// Cell is the cell that started the goroutine whose crash ended the
	// worker ("In[2]"), from its CellLabel in the crash report; "" if the
	// report names none (os.Exit, a kill, a goroutine of the worker's own);
	// CellID is that request's Request.ID.
	Cell   string
	CellID int
}

// Start starts a worker.
func Start(opts Options) (*Process, error) {
	if len(opts.Command) == 0 {
		return nil, errors.New("worker: no command")
	}
	if opts.Log == nil {
		opts.Log = io.Discard
	}
	reqR, reqW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	evR, evW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	errR, errW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(opts.Command[0], opts.Command[1:]...)
	cmd.Env = append(append(os.Environ(), opts.Env...), Env+"=1", godebug(append(os.Environ(), opts.Env...)))
	if opts.MemoryLimit > 0 {
		cmd.Env = append(cmd.Env, fmt.Sprintf("%s=%d", MemoryEnv, opts.MemoryLimit))
	}
	cmd.Stdout, cmd.Stderr = outW, errW
	cmd.ExtraFiles = []*os.File{reqR, evW}
	// Its own process group, so that a terminal's Ctrl-C reaches the
	// kernel (which interrupts the cell) and not the worker; and it dies
	// with the kernel.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	err = cmd.Start()
	for _, f := range []*os.File{reqR, evW, outW, errW} {
		f.Close()
	}
	if err != nil {
		for _, f := range []*os.File{reqW, evR, outR, errR} {
			f.Close()
		}
		if errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("the worker binary %s is missing: make build builds it next to coevo, go install ./cmd/... installs it with coevo", opts.Command[0])
		}
		return nil, fmt.Errorf("worker: %w", err)
	}
	p := &Process{opts: opts, cmd: cmd, req: reqW, done: make(chan struct{}), progress: make(chan struct{})}
	p.crash = &crashFilter{}
	var readers sync.WaitGroup
	readers.Add(3)
	go func() { defer readers.Done(); p.readEvents(evR) }()
	go func() { defer readers.Done(); p.readOutput(0, outR) }()
	go func() { defer readers.Done(); p.readOutput(1, errR) }()
	if opts.MemoryLimit > 0 {
		go p.watchMemory()
	}
	go func() {
		err := cmd.Wait()
		// A program the worker started may hold its output open: do not
		// wait for it long.
		wait := make(chan struct{})
		go func() { readers.Wait(); close(wait) }()
		select {
		case <-wait:
		case <-time.After(500 * time.Millisecond):
			outR.Close()
			errR.Close()
			evR.Close()
		}
		reqW.Close()
		p.mu.Lock()
		p.death = p.classify(err)
		p.mu.Unlock()
		close(p.done)
	}()
	return p, nil
}

// godebug is the worker's GODEBUG: the environment's, with goroutine
// labels printed in crash reports (Death.Cell reads them).
func godebug(env []string) string {
	v := ""
	for _, e := range env {
		if x, ok := strings.CutPrefix(e, "GODEBUG="); ok {
			v = x
		}
	}
	if v != "" {
		v += ","
	}
	return "GODEBUG=" + v + "tracebacklabels=1"
}

// PID is the worker's process id.
func (p *Process) PID() int { return p.cmd.Process.Pid }

// Send sends a request.
func (p *Process) Send(r Request) error {
	b, err := json.Marshal(r)
	if err != nil {
		return err
	}
	p.rmu.Lock()
	defer p.rmu.Unlock()
	_, err = p.req.Write(append(b, '\n'))
	return err
}

// Done is closed when the worker has ended and Death says how.
func (p *Process) Done() <-chan struct{} { return p.done }

// Death says how the worker ended; valid once Done is closed.
func (p *Process) Death() Death {
	<-p.done
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.death
}

// Kill kills the worker, recording why (the first reason given stands).
func (p *Process) Kill(reason string) {
	p.mu.Lock()
	if p.reason == "" {
		p.reason = reason
	}
	p.mu.Unlock()
	// The whole group: programs the cells started go too.
	syscall.Kill(-p.cmd.Process.Pid, syscall.SIGKILL)
	p.cmd.Process.Kill()
}

// Stop ends the worker: it exits when its requests end; after a grace
// period it is killed.
func (p *Process) Stop(grace time.Duration) {
	p.rmu.Lock()
	p.req.Close()
	p.rmu.Unlock()
	select {
	case <-p.done:
	case <-time.After(grace):
		p.Kill("stopped by the kernel")
		<-p.done
	}
}

func (p *Process) readEvents(r io.Reader) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1<<30)
	for sc.Scan() {
		e, ok := streamEvent(sc.Bytes())
		if !ok {
			if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
				fmt.Fprintf(p.opts.Log, "coevo kernel: a worker event does not decode: %v\n", err)
				continue
			}
		}
		switch e.Kind {
		case "frame":
			if e.Frame != nil {
				p.mu.Lock()
				p.frames = append(p.frames, *e.Frame)
				p.mu.Unlock()
			}
			continue
		case "reply":
			p.mu.Lock()
			p.frames = nil // a crash from now on is not that request's panic
			p.mu.Unlock()
		}
		if e.Mark > 0 {
			p.waitFlushed(e.Mark)
		}
		if p.opts.OnEvent != nil {
			p.opts.OnEvent(e)
		}
		if e.Mark > 0 {
			p.mu.Lock()
			p.delivered = e.Mark
			p.advance()
			p.mu.Unlock()
		}
	}
}

// streamEvent decodes a stream event as the worker writes them (kernel/runner),
// in a tenth of the time encoding/json takes: a cell printing a line at a
// time sends one a line. ok is false for any other line.
func streamEvent(line []byte) (e Event, ok bool) {
	for i, name := range [...]string{"stdout", "stderr"} {
		prefix := streamPrefix[i]
		if len(line) > len(prefix) && string(line[:len(prefix)]) == prefix {
			text, n, ok := wire.ParseString(line[len(prefix):])
			if !ok || string(line[len(prefix)+n:]) != "}" {
				return Event{}, false
			}
			return Event{Kind: "stream", Name: name, Text: text}, true
		}
	}
	return Event{}, false
}

var streamPrefix = [...]string{`{"kind":"stream","name":"stdout","text":`, `{"kind":"stream","name":"stderr","text":`}

// The n-th flush marker on descriptors 1 and 2 and the event with Mark n
// are a barrier between the three pipes: the event is delivered once both
// output readers have passed the marker (waitFlushed), and neither reader
// delivers what follows the marker before the event (waitDelivered). So
// what compiled code writes before a display comes before it, and what it
// writes after comes after. A wait lasts at most a second: a worker that
// dies between a marker and its event holds up nothing for long.

// waitFlushed waits until both output readers have passed the n-th flush
// marker.
func (p *Process) waitFlushed(n int) {
	p.wait(func() bool { return p.flushed[0] >= n && p.flushed[1] >= n })
}

// waitDelivered waits until the event with Mark n has been delivered.
func (p *Process) waitDelivered(n int) {
	p.wait(func() bool { return p.delivered >= n })
}

// wait waits (at most a second) until ok, called with p.mu held, holds.
func (p *Process) wait(ok func() bool) {
	timeout := time.After(time.Second)
	for {
		p.mu.Lock()
		done := ok()
		ch := p.progress
		p.mu.Unlock()
		if done {
			return
		}
		select {
		case <-ch:
		case <-timeout:
			return
		case <-p.done:
			return
		}
	}
}

// advance wakes the waits; p.mu is held.
func (p *Process) advance() {
	close(p.progress)
	p.progress = make(chan struct{})
}

// markFlushed counts a flush marker read on fd and returns its number.
func (p *Process) markFlushed(fd int) int {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.flushed[fd]++
	p.advance()
	return p.flushed[fd]
}

// readOutput forwards descriptor 1 (fd 0 here) or 2 (fd 1) as stream
// events, counting flush markers; a crash report on descriptor 2 is kept
// for Death instead.
func (p *Process) readOutput(fd int, r io.Reader) {
	name := [2]string{"stdout", "stderr"}[fd]
	emit := func(b []byte) {
		if len(b) == 0 {
			return
		}
		if p.opts.OnEvent != nil {
			p.opts.OnEvent(Event{Kind: "stream", Name: name, Text: string(b)})
		} else {
			p.opts.Log.Write(b)
		}
	}
	buf := make([]byte, 32*1024)
	var pending []byte
	for {
		n, err := r.Read(buf)
		pending = append(pending, buf[:n]...)
		for {
			k := bytes.Index(pending, []byte(Sentinel))
			if k < 0 {
				break
			}
			if fd == 1 {
				p.crash.write(pending[:k], emit, true)
			} else {
				emit(pending[:k])
			}
			pending = pending[k+len(Sentinel):]
			p.waitDelivered(p.markFlushed(fd))
		}
		// Keep a possible start of a marker for the next read.
		keep := 0
		for l := min(len(pending), len(Sentinel)-1); l > 0; l-- {
			if bytes.HasSuffix(pending, []byte(Sentinel[:l])) {
				keep = l
				break
			}
		}
		if fd == 1 {
			p.crash.write(pending[:len(pending)-keep], emit, false)
		} else {
			emit(pending[:len(pending)-keep])
		}
		pending = append([]byte(nil), pending[len(pending)-keep:]...)
		if err != nil {
			if fd == 1 {
				p.crash.write(pending, emit, false)
				p.crash.end(emit)
			} else {
				emit(pending)
			}
			return
		}
	}
}

// watchMemory kills the worker when its resident memory exceeds the limit.
func (p *Process) watchMemory() {
	tick := time.NewTicker(50 * time.Millisecond)
	defer tick.Stop()
	path := fmt.Sprintf("/proc/%d/statm", p.PID())
	page := int64(os.Getpagesize())
	for {
		select {
		case <-p.done:
			return
		case <-tick.C:
		}
		b, err := os.ReadFile(path)
		if err != nil {
			continue
		}
		f := strings.Fields(string(b))
		if len(f) < 2 {
			continue
		}
		pages, _ := strconv.ParseInt(f[1], 10, 64)
		if rss := pages * page; rss > p.opts.MemoryLimit {
			p.Kill(fmt.Sprintf("out of memory: the worker used %s, over its limit of %s (COEVO_KERNEL_MEMORY_LIMIT)",
				FormatBytes(rss), FormatBytes(p.opts.MemoryLimit)))
			return
		}
	}
}

// classify says how the worker ended from its exit, the kernel's reason
// for killing it, its crash report and the panic frames it reported.
func (p *Process) classify(waitErr error) Death {
	report := p.crash.report()
	d := Death{Report: report}
	d.Cell, d.CellID = crashedCell(report)
	if p.reason != "" {
		d.Cause, d.Killed = p.reason, true
		return d
	}
	first, rest, _ := strings.Cut(report, "\n")
	where := ""
	if n := len(p.frames); n > 0 {
		where = " (" + p.frames[0].String() + ")"
	}
	switch {
	case strings.Contains(report, "stack overflow"):
		d.Cause = "fatal error: stack overflow"
		if m := stackLimit.FindStringSubmatch(report); m != nil {
			n, _ := strconv.ParseFloat(m[1], 64)
			d.Cause += fmt.Sprintf(" (a goroutine's stack grew past %g GB: runaway recursion?)", n/1e9)
		}
	case strings.Contains(report, "out of memory"):
		d.Cause = "out of memory: " + strings.TrimPrefix(strings.TrimPrefix(first, "fatal error: "), "runtime: ")
	case strings.HasPrefix(first, "panic: "):
		v := strings.TrimPrefix(first, "panic: ")
		for _, s := range []string{" [recovered, repanicked]", " [recovered]"} {
			v = strings.TrimSuffix(v, s)
		}
		// A long panic value goes on over the next lines.
		if more, _, ok := strings.Cut(rest, "\n\ngoroutine "); ok && len(more) < 200 && more != "" {
			v += " " + strings.ReplaceAll(strings.TrimSpace(more), "\n", " ")
		}
		d.Cause = "a goroutine panicked: " + v + where
	case first != "":
		d.Cause = first
	default:
		var ee *exec.ExitError
		if errors.As(waitErr, &ee) {
			if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
				d.Cause = fmt.Sprintf("the worker process was killed by signal %s", ws.Signal())
				break
			}
			d.Cause = fmt.Sprintf("the worker process exited with status %d (a cell or the code it calls ran os.Exit)", ee.ExitCode())
		} else {
			d.Cause = "the worker process exited (a cell or the code it calls ran os.Exit(0))"
		}
	}
	return d
}

var stackLimit = regexp.MustCompile(`stack exceeds (\d+)-byte limit`)

// crashedCell is the cell and the request ID named by the labels of the
// first goroutine header of a crash report (the goroutine that crashed):
//
//	goroutine 18 [running labels:{"coevo-cell": "In[2]", "coevo-cell-id": "5"}]:
//
// (with gp=, m= and mp= before the bracket in a fatal error's report).
func crashedCell(report string) (cell string, id int) {
	i := strings.Index(report, "\ngoroutine ")
	if i < 0 {
		return "", 0
	}
	header, _, _ := strings.Cut(report[i+1:], "\n")
	_, labels, ok := strings.Cut(header, " labels:{")
	if !ok || !strings.HasPrefix(header, "goroutine ") {
		return "", 0
	}
	for _, m := range labelPair.FindAllStringSubmatch(labels, -1) {
		k, err1 := strconv.Unquote(m[1])
		v, err2 := strconv.Unquote(m[2])
		if err1 != nil || err2 != nil {
			continue
		}
		switch k {
		case CellLabel:
			cell = v
		case CellIDLabel:
			id, _ = strconv.Atoi(v)
		}
	}
	return cell, id
}

// labelPair is a "key": "value" pair of a goroutine header's labels, as
// the runtime quotes them.
var labelPair = regexp.MustCompile(`("(?:[^"\\]|\\.)*"): ("(?:[^"\\]|\\.)*")`)

// FormatBytes writes n bytes in B, KiB, MiB or GiB.
func FormatBytes(n int64) string {
	switch {
	case n >= 1<<30:
		return strings.TrimSuffix(strconv.FormatFloat(float64(n)/(1<<30), 'f', 1, 64), ".0") + " GiB"
	case n >= 1<<20:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d B", n)
}

// crashMarkers start the lines with which the Go runtime begins a crash
// report on descriptor 2.
var crashMarkers = []string{"panic: ", "fatal error: ", "runtime: ", "SIGSEGV", "SIGBUS", "SIGILL", "SIGFPE", "unexpected fault address", "fatal: morestack"}

// crashFilter watches descriptor 2 line by line: text goes to the cell,
// until a line starts like a crash report; from there on the text is kept
// as the report. A report that a flush marker follows (the worker lived
// on: a cell printed such a line) is given back to the cell.
type crashFilter struct {
	mu      sync.Mutex
	line    []byte // the current line, not yet sent: it may start a report
	lineOut bool   // part of the current line was sent already
	inCrash bool
	crash   bytes.Buffer
}

const maxReport = 64 * 1024

func (c *crashFilter) write(b []byte, emit func([]byte), marker bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []byte
	for len(b) > 0 {
		if c.inCrash {
			if c.crash.Len() < maxReport {
				c.crash.Write(b[:min(len(b), maxReport-c.crash.Len())])
			}
			b = nil
			break
		}
		nl := bytes.IndexByte(b, '\n')
		seg := b
		if nl >= 0 {
			seg = b[:nl+1]
		}
		b = b[len(seg):]
		if c.lineOut {
			out = append(out, seg...)
		} else {
			c.line = append(c.line, seg...)
			switch crashStart(c.line) {
			case 1:
				c.inCrash = true
				c.crash.Write(c.line)
				c.line = nil
				continue
			case 0: // could still become a report
				if nl < 0 {
					continue
				}
			}
			out = append(out, c.line...)
			c.line = nil
			c.lineOut = nl < 0
		}
		if nl >= 0 {
			c.lineOut = false
		}
	}
	if marker {
		// The worker is alive and finishing a request: what looked like a
		// report was a cell's output.
		if c.inCrash {
			out = append(out, c.crash.Bytes()...)
			c.crash.Reset()
			c.inCrash = false
		}
		out = append(out, c.line...)
		c.line, c.lineOut = nil, false
	}
	if len(out) > 0 {
		emit(out)
	}
}

// end is called at the end of descriptor 2.
func (c *crashFilter) end(emit func([]byte)) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.line) > 0 {
		emit(c.line)
		c.line = nil
	}
}

func (c *crashFilter) report() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.crash.String()
}

// crashStart: 1 if line starts a crash report, 0 if it may (it is a
// prefix of a marker), -1 if not.
func crashStart(line []byte) int {
	maybe := false
	for _, m := range crashMarkers {
		if bytes.HasPrefix(line, []byte(m)) {
			return 1
		}
		if strings.HasPrefix(m, string(line)) {
			maybe = true
		}
	}
	if maybe {
		return 0
	}
	return -1
}
