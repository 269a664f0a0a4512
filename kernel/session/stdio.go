package session

import (
	"bytes"
	"io"
	"os"
	"strconv"
	"sync"
	"sync/atomic"
)

// Cells print as Go programs do: fmt.Println, os.Stdout, a bufio.Writer on
// it, a program started with os/exec with os.Stdout as its output, all
// write to the process's os.Stdout (and os.Stderr). So that everything a
// cell prints reaches the notebook in the order it was printed, whether
// interpreted or compiled code printed it, os.Stdout and os.Stderr are
// pipes while a cell runs, read in order into the writers of the session
// (Session.Output); flushStdio waits until what was printed has been read.
// Between cells they are what they were (a goroutine a cell left printing
// writes there: in the kernel's worker, to the kernel too).

type stdioPipe struct {
	file *os.File // the write end, os.Stdout or os.Stderr
	to   *switchWriter
	// flush: a marker written to the pipe is read back; the reader
	// closes the channel it is mapped to.
	mu      sync.Mutex
	waiting map[string]chan struct{}
}

var (
	stdioOnce          sync.Once
	stdoutP, stderrP   *stdioPipe
	flushSeq           atomic.Int64
	stdoutTo, stderrTo = &switchWriter{}, &switchWriter{}
)

// captureStdio makes os.Stdout and os.Stderr the pipes, which go to the
// writers given, until the function it returns puts them back (after a
// flush).
func captureStdio(stdout, stderr io.Writer) (restore func()) {
	stdioOnce.Do(func() {
		stdoutP = newStdioPipe(stdoutTo)
		stderrP = newStdioPipe(stderrTo)
	})
	if stdoutP.file == nil || stderrP.file == nil {
		return func() {}
	}
	stdoutTo.set(stdout)
	stderrTo.set(stderr)
	oldOut, oldErr := os.Stdout, os.Stderr
	os.Stdout, os.Stderr = stdoutP.file, stderrP.file
	return func() {
		flushStdio()
		os.Stdout, os.Stderr = oldOut, oldErr
	}
}

func newStdioPipe(to *switchWriter) *stdioPipe {
	r, w, err := os.Pipe()
	if err != nil {
		return &stdioPipe{}
	}
	p := &stdioPipe{file: w, to: to, waiting: map[string]chan struct{}{}}
	go p.copy(r)
	return p
}

const markOpen, markClose = "\x00coevo-flush-", "\x00"

// copy reads the pipe into the writer, taking out flush markers.
func (p *stdioPipe) copy(r io.Reader) {
	buf := make([]byte, 64<<10)
	var pending []byte
	for {
		n, err := r.Read(buf)
		pending = append(pending, buf[:n]...)
		for {
			i := bytes.Index(pending, []byte(markOpen))
			if i < 0 {
				// keep a tail that could start a marker
				keep := min(len(pending), len(markOpen)-1)
				for keep > 0 && !bytes.HasPrefix([]byte(markOpen), pending[len(pending)-keep:]) {
					keep--
				}
				if len(pending)-keep > 0 {
					p.to.Write(pending[:len(pending)-keep])
				}
				pending = append(pending[:0:0], pending[len(pending)-keep:]...)
				break
			}
			j := bytes.Index(pending[i+len(markOpen):], []byte(markClose))
			if j < 0 {
				if i > 0 {
					p.to.Write(pending[:i])
					pending = append(pending[:0:0], pending[i:]...)
				}
				break
			}
			if i > 0 {
				p.to.Write(pending[:i])
			}
			id := string(pending[i+len(markOpen) : i+len(markOpen)+j])
			pending = append(pending[:0:0], pending[i+len(markOpen)+j+len(markClose):]...)
			p.mu.Lock()
			if ch, ok := p.waiting[id]; ok {
				close(ch)
				delete(p.waiting, id)
			}
			p.mu.Unlock()
		}
		if err != nil {
			if len(pending) > 0 {
				p.to.Write(pending)
			}
			return
		}
	}
}

// flush returns once what was written to the pipe before it was read.
func (p *stdioPipe) flush() {
	if p == nil || p.file == nil {
		return
	}
	id := strconv.FormatInt(flushSeq.Add(1), 10)
	ch := make(chan struct{})
	p.mu.Lock()
	p.waiting[id] = ch
	p.mu.Unlock()
	if _, err := p.file.WriteString(markOpen + id + markClose); err != nil {
		return
	}
	<-ch
}

// FlushOutput delivers what cells printed so far (to os.Stdout and
// os.Stderr while they ran) to the session's writers: what must come after
// it (a display, a reply) waits for it.
func FlushOutput() { flushStdio() }

// flushStdio delivers what cells printed so far.
func flushStdio() {
	stdoutP.flush()
	stderrP.flush()
}

// stdWriter writes to os.Stdout (or os.Stderr) as it is when it writes:
// while a cell runs, the pipes that keep what it prints in order.
type stdWriter struct{ err bool }

func (w stdWriter) Write(p []byte) (int, error) {
	if w.err {
		return os.Stderr.Write(p)
	}
	return os.Stdout.Write(p)
}
