package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/coevolab/coevo/internal/ctxio"
	"golang.org/x/sys/unix"
)

// stdoutGrace is how long a write to standard output may take once the
// command is interrupted: one that goes through (to a terminal, a pipe
// that is read) prints what the command says as it stops; one that waits
// on a full pipe nobody reads is given up.
const stdoutGrace = 250 * time.Millisecond

// stdout is a command's standard output: it keeps the first failed write,
// so that a command whose output was lost (a full disk, /dev/full) never
// exits 0, and names the file in the error.
type stdout struct {
	w    io.Writer
	ctx  context.Context
	name string // what the error calls it: "standard output (/dev/full)"
	err  error  // the first failed write (not an interruption)
}

// newStdout wraps w, the command's standard output. A file that may block
// (not a regular file) is written through internal/ctxio.
func newStdout(ctx context.Context, w io.Writer) *stdout {
	s := &stdout{w: w, ctx: ctx, name: "standard output"}
	if f, ok := w.(*os.File); ok {
		if p, err := os.Readlink(fmt.Sprintf("/proc/self/fd/%d", f.Fd())); err == nil && filepath.IsAbs(p) {
			s.name += " (" + p + ")"
		}
		if st, err := f.Stat(); err != nil || !st.Mode().IsRegular() {
			s.w = ctxio.NewWriter(ctx, f, stdoutGrace)
		}
		if _, err := unix.IoctlGetTermios(int(f.Fd()), unix.TCGETS); err == nil {
			s.w = &escaper{w: s.w}
		}
	}
	return s
}

// escaper writes to a terminal what it is given with its control
// characters escaped as Go quotes them (\x1b, \a, \u009b), newlines and
// tabs but: a player's name read from a file ("\x1b]0;...\a", "\x1b[2J")
// is shown, not obeyed by the terminal. What goes to a file or a pipe is
// the data as it is (CSV and JSON keep the names exactly).
type escaper struct {
	w    io.Writer
	part []byte // the start of a UTF-8 sequence cut by the end of a write
	buf  []byte
}

func (e *escaper) Write(p []byte) (int, error) {
	b := append(e.part, p...)
	e.part = nil
	out := e.buf[:0]
	for i := 0; i < len(b); {
		c := b[i]
		switch {
		case c == '\n' || c == '\t' || c >= 0x20 && c < 0x7f:
			out = append(out, c)
			i++
			continue
		case c < 0x80:
			q := strconv.QuoteRune(rune(c))
			out = append(out, q[1:len(q)-1]...)
			i++
			continue
		}
		if !utf8.FullRune(b[i:]) {
			e.part = append(e.part, b[i:]...)
			break
		}
		r, size := utf8.DecodeRune(b[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			out = fmt.Appendf(out, "\\x%02x", c)
		case r >= 0x80 && r < 0xa0:
			out = fmt.Appendf(out, "\\u%04x", r)
		default:
			out = append(out, b[i:i+size]...)
		}
		i += size
	}
	e.buf = out
	if _, err := e.w.Write(out); err != nil {
		return 0, err
	}
	return len(p), nil
}

func (s *stdout) Write(p []byte) (int, error) {
	n, err := s.w.Write(p)
	if err != nil && s.err == nil && !errors.Is(err, context.Canceled) && s.ctx.Err() == nil {
		s.err = &stdoutError{s.name, err}
		return n, s.err
	}
	if err != nil && s.err != nil {
		return n, s.err
	}
	return n, err
}

// stdoutError is a failed write to standard output.
type stdoutError struct {
	name string
	err  error
}

func (e *stdoutError) Error() string {
	msg := e.err.Error()
	var pe *os.PathError
	if errors.As(e.err, &pe) {
		msg = pe.Err.Error()
	}
	return e.name + ": " + msg
}

func (e *stdoutError) Unwrap() error { return e.err }

// status prints the end of the command named name, which returned err,
// and returns its exit status: 0; 2 for bad usage; 128 plus the signal's
// number when a signal ended it; 1 for any other error, and for a
// command that returned none while its output was lost.
func (s *stdout) status(stderr io.Writer, name string, err error) int {
	var ue *usageError
	switch {
	case err == nil && s.err == nil:
		return 0
	case err == nil:
		fmt.Fprintf(stderr, "%s: %s\n", name, oneLine(s.err.Error()))
		return 1
	case errors.As(err, &ue):
		fmt.Fprintf(stderr, "%s: %s\n", name, oneLine(err.Error()))
		return 2
	case errors.Is(err, context.Canceled):
		status, msg := interruptStatus(s.ctx)
		fmt.Fprintf(stderr, "%s: %s\n", name, msg)
		return status
	case s.err != nil && !strings.Contains(err.Error(), s.name):
		// The command's error is the failed write's, in the runtime's
		// words ("write /dev/stdout: ..."): say which file.
		fmt.Fprintf(stderr, "%s: %s\n", name, oneLine(s.err.Error()))
		return 1
	}
	fmt.Fprintf(stderr, "%s: %s\n", name, oneLine(err.Error()))
	return 1
}
