package session

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"runtime"
	"sync"
	"time"
)

// switchReader reads from the reader of the running cell.
type switchReader struct {
	mu sync.Mutex
	r  io.Reader
}

func (r *switchReader) set(from io.Reader) { r.mu.Lock(); r.r = from; r.mu.Unlock() }

func (r *switchReader) Read(p []byte) (int, error) {
	r.mu.Lock()
	src := r.r
	r.mu.Unlock()
	if src == nil {
		return 0, io.EOF
	}
	return src.Read(p)
}

// switchWriter writes to the writer of the running cell.
type switchWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (w *switchWriter) set(to io.Writer) { w.mu.Lock(); w.w = to; w.mu.Unlock() }

func (w *switchWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.w == nil {
		return len(p), nil
	}
	return w.w.Write(p)
}

// captureStdin makes os.Stdin, while a cell runs, a pipe that in feeds:
// when code (compiled or interpreted: bufio.Scanner, fmt.Scan) is found
// reading the pipe, a line is read from in (which, in the kernel, asks the
// notebook for it) and written to the pipe. A nil in gives end of file.
// The reading is found by looking at what the goroutines are doing, a few
// times a second: a read of os.Stdin is a goroutine in (*os.File).Read with
// the pipe as its receiver.
func captureStdin(in io.Reader) (restore func()) {
	r, w, err := os.Pipe()
	if err != nil {
		return func() {}
	}
	old := os.Stdin
	os.Stdin = r
	done := make(chan struct{})
	finished := make(chan struct{})
	if in == nil || isNilReader(in) {
		w.Close()
		close(finished)
	} else {
		go feedStdin(r, w, in, done, finished)
	}
	return func() {
		close(done)
		<-finished
		os.Stdin = old
		r.Close()
	}
}

func isNilReader(in io.Reader) bool {
	sr, ok := in.(*switchReader)
	if !ok {
		return false
	}
	sr.mu.Lock()
	defer sr.mu.Unlock()
	return sr.r == nil
}

// feedStdin writes lines from in to w whenever a goroutine reads r.
func feedStdin(r, w *os.File, in io.Reader, done, finished chan struct{}) {
	defer close(finished)
	defer w.Close()
	mark := []byte(fmt.Sprintf("os.(*File).Read(%p,", r))
	buf := make([]byte, 64<<10)
	br := bufio.NewReader(in)
	wait := 20 * time.Millisecond
	for start := time.Now(); ; {
		select {
		case <-done:
			return
		case <-time.After(wait):
		}
		if time.Since(start) > time.Second {
			wait = 100 * time.Millisecond
		}
		n := runtime.Stack(buf, true)
		for n == len(buf) && len(buf) < 16<<20 {
			buf = make([]byte, 2*len(buf))
			n = runtime.Stack(buf, true)
		}
		if !bytes.Contains(buf[:n], mark) {
			continue
		}
		line, err := br.ReadString('\n')
		if line != "" {
			if _, werr := w.WriteString(line); werr != nil {
				return
			}
		}
		if err != nil {
			return // end of input: the reader gets end of file
		}
		wait = 20 * time.Millisecond
	}
}
