package ctxio

import (
	"context"
	"io"
	"sync"
	"time"
)

// result is what a read or write on the goroutine returned.
type result struct {
	n   int
	err error
}

// Reader reads r on a goroutine of its own; see the package documentation.
type Reader struct {
	ctx     context.Context
	r       io.Reader
	buf     []byte
	pending bool // a read is on the goroutine, its result not taken yet
	done    chan result
}

// NewReader returns a Reader of r whose reads end with ctx's error once
// ctx is done.
func NewReader(ctx context.Context, r io.Reader) *Reader {
	return &Reader{ctx: ctx, r: r, done: make(chan result, 1)}
}

// Read reads into p what one read of the underlying reader returns (into
// a buffer of the Reader's own, then copied: an abandoned read never
// writes into p), or returns ctx's error once ctx is done.
func (r *Reader) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	if err := r.ctx.Err(); err != nil {
		return 0, err
	}
	if !r.pending {
		if cap(r.buf) < len(p) {
			r.buf = make([]byte, min(len(p), 1<<20))
		}
		buf := r.buf[:min(len(p), cap(r.buf))]
		r.pending = true
		go func() {
			n, err := r.r.Read(buf)
			r.done <- result{n, err}
		}()
	}
	select {
	case res := <-r.done:
		r.pending = false
		n := copy(p, r.buf[:res.n])
		return n, res.err
	case <-r.ctx.Done():
		return 0, r.ctx.Err()
	}
}

// Writer writes to w on a goroutine of its own; see the package
// documentation. It keeps the first error a write returned, and returns
// it for every later write.
type Writer struct {
	ctx   context.Context
	w     io.Writer
	grace time.Duration

	mu    sync.Mutex
	start chan []byte
	done  chan result
	buf   []byte
	stuck bool // a write was abandoned: its goroutine still holds w
	err   error
}

// NewWriter returns a Writer to w: once ctx is done, a write that takes
// longer than grace returns ctx's error.
func NewWriter(ctx context.Context, w io.Writer, grace time.Duration) *Writer {
	return &Writer{ctx: ctx, w: w, grace: grace}
}

// Write writes p (a copy of it: an abandoned write never reads p after
// Write returned).
func (w *Writer) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.err != nil {
		return 0, w.err
	}
	if w.stuck {
		return 0, w.ctx.Err()
	}
	if w.start == nil {
		w.start, w.done = make(chan []byte), make(chan result, 1)
		go func() {
			for b := range w.start {
				n, err := w.w.Write(b)
				w.done <- result{n, err}
			}
		}()
	}
	b := append(w.buf[:0], p...)
	if w.buf = b; cap(b) > 4<<20 {
		w.buf = nil // not kept after one large write
	}
	w.start <- b
	var res result
	select {
	case res = <-w.done:
	case <-w.ctx.Done():
		select {
		case res = <-w.done:
		case <-time.After(w.grace):
			w.stuck = true
			return 0, w.ctx.Err()
		}
	}
	if res.err != nil {
		w.err = res.err
	}
	return res.n, res.err
}

// Err returns the first error a write returned (not ctx's), or nil.
func (w *Writer) Err() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.err
}
