package input

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"syscall"
	"time"
)

// Error says why a file cannot be read: it names the path.
type Error struct {
	Path    string
	Problem string
	Err     error // the system's error, if any
}

func (e *Error) Error() string {
	if e.Path == "" {
		return e.Problem
	}
	return e.Path + ": " + e.Problem
}

func (e *Error) Unwrap() error { return e.Err }

// TooLargeError says a file is longer than the reader's cap, or has a
// longer line: it is not the kind of file expected.
type TooLargeError struct {
	Path string
	Max  int64
	Line bool // a line was longer than Max
	At   int  // the line (Line is true)
}

func (e *TooLargeError) Error() string {
	if e.Line {
		return fmt.Sprintf("%s:%d: a line longer than %d bytes", e.Path, e.At, e.Max)
	}
	return fmt.Sprintf("%s: more than %d bytes", e.Path, e.Max)
}

// Limits are the caps of a File: 0 for none.
type Limits struct {
	Bytes int64 // the most bytes read
	Line  int64 // the longest line, newline excluded
}

// File is an input file open for reading with a context and caps.
type File struct {
	f    *os.File
	name string
	ctx  context.Context
	lim  Limits
	n    int64 // bytes read
	line int   // the current line, from 1
	w    int64 // bytes of the current line so far
	stop func() bool
}

// Open opens path for reading with the caps of lim; reads and the open
// itself (of a FIFO) end with ctx's error once ctx is done.
func Open(ctx context.Context, path string, lim Limits) (*File, error) {
	if path == "" {
		return nil, &Error{"", "empty file name", nil}
	}
	st, err := os.Stat(path)
	if err != nil {
		return nil, statError(path, err)
	}
	m := st.Mode()
	var f *os.File
	switch {
	case m.IsDir():
		return nil, &Error{path, "a directory, not a file", nil}
	case m&fs.ModeSocket != 0:
		return nil, &Error{path, "a socket, not a file", nil}
	case m&fs.ModeNamedPipe != 0:
		f, err = openFIFO(ctx, path)
		if err != nil {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			return nil, &Error{path, err.Error(), err}
		}
	default:
		f, err = os.Open(path)
		if err != nil {
			return nil, statError(path, err)
		}
	}
	in := &File{f: f, name: path, ctx: ctx, lim: lim, line: 1}
	// A read that waits (a FIFO, a terminal: files in the runtime's
	// poller) ends when ctx is done.
	in.stop = context.AfterFunc(ctx, func() { f.SetReadDeadline(time.Now()) })
	return in, nil
}

// statError describes a failure to find or open path.
func statError(path string, err error) error {
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if to, lerr := os.Readlink(path); lerr == nil {
			return &Error{path, fmt.Sprintf("a symbolic link to %s, which does not exist", to), err}
		}
		return &Error{path, "no such file", err}
	case errors.Is(err, syscall.ENOTDIR):
		return &Error{path, "not a file: the path goes through a file as if it were a folder", err}
	case errors.Is(err, fs.ErrPermission):
		return &Error{path, "permission denied", err}
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return &Error{path, err.Error(), err}
}

// openFIFO opens a FIFO for reading, which waits for a writer, in the
// background. When ctx is done first, it opens the FIFO for writing
// itself, which ends the wait, and closes both.
func openFIFO(ctx context.Context, path string) (*os.File, error) {
	type opened struct {
		f   *os.File
		err error
	}
	ch := make(chan opened, 1)
	go func() {
		f, err := os.Open(path)
		ch <- opened{f, err}
	}()
	select {
	case o := <-ch:
		return o.f, o.err
	case <-ctx.Done():
	}
	// Release the goroutine: a writer that opens and closes at once lets
	// the open return (or it has returned already).
	if w, err := os.OpenFile(path, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
		o := <-ch
		w.Close()
		if o.f != nil {
			o.f.Close()
		}
	} else {
		go func() {
			if o := <-ch; o.f != nil {
				o.f.Close()
			}
		}()
	}
	return nil, ctx.Err()
}

// Name is the path opened.
func (in *File) Name() string { return in.name }

// Read reads from the file, failing with a *TooLargeError past its caps
// and with the context's error once it is done.
func (in *File) Read(p []byte) (int, error) {
	if err := in.ctx.Err(); err != nil {
		return 0, err
	}
	if in.lim.Bytes > 0 && int64(len(p)) > in.lim.Bytes-in.n+1 {
		p = p[:in.lim.Bytes-in.n+1]
	}
	n, err := in.f.Read(p)
	if err != nil && in.ctx.Err() != nil {
		return 0, in.ctx.Err()
	}
	if in.lim.Line > 0 {
		for b := p[:n]; ; {
			i := bytes.IndexByte(b, '\n')
			if i < 0 {
				in.w += int64(len(b))
				break
			}
			if in.w+int64(i) > in.lim.Line {
				in.w += int64(i)
				break
			}
			in.line++
			in.w, b = 0, b[i+1:]
		}
		if in.w > in.lim.Line {
			return 0, &TooLargeError{Path: in.name, Max: in.lim.Line, Line: true, At: in.line}
		}
	}
	if in.n += int64(n); in.lim.Bytes > 0 && in.n > in.lim.Bytes {
		return 0, &TooLargeError{Path: in.name, Max: in.lim.Bytes}
	}
	return n, err
}

// Close closes the file.
func (in *File) Close() error {
	in.stop()
	return in.f.Close()
}

// ReadAll reads the whole of path, at most max bytes (a *TooLargeError
// beyond).
func ReadAll(ctx context.Context, path string, max int64) ([]byte, error) {
	f, err := Open(ctx, path, Limits{Bytes: max})
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(f)
}
