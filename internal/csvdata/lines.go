package csvdata

import (
	"bytes"
	"errors"
	"fmt"
	"io"
)

// Lines reads a stream line by line at the speed of memory: the lines are
// slices of one window, never copied one by one, and after the first block
// the next block is read by a second goroutine while the previous one is
// parsed. A line longer than MaxLine bytes (before its newline) fails
// with a located error before more of it is held, and so does a stream
// longer than the limit given to NewLines (0: none). A leading UTF-8 byte
// order mark is skipped; lines that end with a lone CR are read as lines;
// a stream in UTF-16 or UTF-32 fails at once naming its encoding. Call
// Close when done (it stops the reading goroutine).
type Lines struct {
	name     string
	what     string // what the stream should be, for errors: "a CSV table"
	max      int64  // stream limit (0: none)
	maxLine  int
	src      io.Reader
	win      []byte // win[pos:] is not yet returned
	pos      int
	total    int64 // bytes of the stream before win[0]
	line     int   // lines returned so far
	eof      bool  // nothing follows win
	srcErr   error // the source's error after win (not io.EOF)
	over     bool  // the stream passed max: win ends at the limit
	started  bool  // the first block has been read
	cr       bool  // lines end with a lone CR: read as LF
	bg       *background
	firstCap int
}

// blockSize is what the reading goroutine reads at a time.
const blockSize = 1 << 20

// firstBlock is the size of the first read, done in the caller's
// goroutine: a small input never starts the reading goroutine.
const firstBlock = 64 << 10

// NewLines reads lines from r; name is used in errors, what says what
// the stream should be ("a CSV table", "a PGN file"), max bounds the bytes
// read (0: no bound).
func NewLines(r io.Reader, name, what string, max int64) *Lines {
	return &Lines{name: name, what: what, max: max, maxLine: MaxLine, src: r, firstCap: firstBlock}
}

// Name returns the name given to NewLines.
func (l *Lines) Name() string { return l.name }

// Line returns the number of the last line returned (1-based).
func (l *Lines) Line() int { return l.line }

// Offset returns the bytes of the stream before the next line.
func (l *Lines) Offset() int64 { return l.total + int64(l.pos) }

// Next returns the next line without its newline ("\n" or "\r\n"), and
// whether it had one (the last line of a stream may not); a "\r" ending
// the last line is dropped too. The line is valid until the next call.
// At the end it returns io.EOF; bad input gives a located *Error.
func (l *Lines) Next() (line []byte, newline bool, err error) {
	for {
		rest := l.win[l.pos:]
		if i := bytes.IndexByte(rest, '\n'); i >= 0 {
			if i > l.maxLine {
				return nil, false, l.tooLong()
			}
			l.pos += i + 1
			l.line++
			if i > 0 && rest[i-1] == '\r' {
				i--
			}
			return rest[:i:i], true, nil
		}
		if len(rest) > l.maxLine {
			return nil, false, l.tooLong()
		}
		if l.eof {
			switch {
			case l.over:
				return nil, false, &Error{l.name, l.line + 1, 0, fmt.Sprintf("more than %d bytes, the most coevo reads as %s", l.max, l.what)}
			case len(rest) > 0:
				l.pos += len(rest)
				l.line++
				if rest[len(rest)-1] == '\r' {
					rest = rest[:len(rest)-1]
				}
				return rest[:len(rest):len(rest)], false, nil
			case l.srcErr != nil:
				return nil, false, l.srcErr
			}
			return nil, false, io.EOF
		}
		if err := l.fill(); err != nil {
			return nil, false, err
		}
	}
}

func (l *Lines) tooLong() error {
	return &Error{l.name, l.line + 1, 0, fmt.Sprintf("line longer than %d bytes: not %s", l.maxLine, l.what)}
}

// fill moves the unread rest to the front of the window and appends the
// next block.
func (l *Lines) fill() error {
	if !l.started {
		l.started = true
		l.win = make([]byte, 0, l.firstCap)
		n, err := readFull(l.src, l.win[:cap(l.win)])
		l.win = l.win[:n]
		if msg := encodingError(l.win); msg != "" {
			l.eof, l.srcErr = true, &Error{l.name, 1, 0, msg}
			l.win = l.win[:0]
			return nil
		}
		if l.cr = crOnly(l.win); l.cr {
			crToLF(l.win)
		}
		if n >= 3 && string(l.win[:3]) == "\uFEFF" {
			l.pos = 3
		}
		switch {
		case err == io.EOF:
			l.eof = true
		case err != nil:
			l.eof, l.srcErr = true, err
		}
		l.limit()
		return nil
	}
	rest := copy(l.win, l.win[l.pos:])
	l.total += int64(l.pos)
	l.win, l.pos = l.win[:rest], 0
	if l.bg == nil {
		if cap(l.win) < l.maxLine+blockSize {
			w := make([]byte, rest, l.maxLine+1+blockSize)
			copy(w, l.win)
			l.win = w
		}
		l.bg = startBackground(l.src)
	}
	b, ok := <-l.bg.full
	if !ok {
		l.eof = true
		return nil
	}
	if l.cr {
		crToLF(b.data)
	}
	l.win = append(l.win, b.data...)
	l.bg.free <- b.data[:0]
	switch {
	case b.err == io.EOF:
		l.eof = true
		l.bg.stop()
	case b.err != nil:
		l.eof, l.srcErr = true, b.err
		l.bg.stop()
	}
	l.limit()
	return nil
}

// limit cuts the window at the stream's limit.
func (l *Lines) limit() {
	if l.max > 0 && l.total+int64(len(l.win)) > l.max {
		l.win = l.win[:l.max-l.total]
		l.eof, l.over = true, true
		if l.bg != nil {
			l.bg.stop()
		}
	}
}

// Close stops the reading goroutine, if any.
func (l *Lines) Close() {
	if l.bg != nil {
		l.bg.stop()
	}
}

// readFull reads into p until it is full, the stream ends (io.EOF, even
// after some bytes) or fails.
func readFull(r io.Reader, p []byte) (int, error) {
	n := 0
	for n < len(p) {
		m, err := r.Read(p[n:])
		n += m
		if err != nil {
			return n, err
		}
		if m == 0 {
			// A reader that returns nothing and no error: try again a
			// few times, as bufio does, then give up.
			for tries := 0; m == 0 && err == nil && tries < 100; tries++ {
				m, err = r.Read(p[n:])
			}
			n += m
			if err != nil {
				return n, err
			}
			if m == 0 {
				return n, io.ErrNoProgress
			}
		}
	}
	return n, nil
}

// background reads blocks in a goroutine while the caller parses the
// previous one: two buffers go round between them.
type background struct {
	full    chan chunk
	free    chan []byte
	done    chan struct{}
	stopped bool
}

type chunk struct {
	data []byte
	err  error
}

func startBackground(r io.Reader) *background {
	bg := &background{full: make(chan chunk, 1), free: make(chan []byte, 2), done: make(chan struct{})}
	bg.free <- make([]byte, 0, blockSize)
	bg.free <- make([]byte, 0, blockSize)
	go func() {
		defer close(bg.full)
		for {
			var buf []byte
			select {
			case buf = <-bg.free:
			case <-bg.done:
				return
			}
			n, err := readFull(r, buf[:cap(buf)])
			if errors.Is(err, io.EOF) {
				err = io.EOF
			}
			select {
			case bg.full <- chunk{buf[:n], err}:
			case <-bg.done:
				return
			}
			if err != nil {
				return
			}
		}
	}()
	return bg
}

func (bg *background) stop() {
	if !bg.stopped {
		bg.stopped = true
		close(bg.done)
	}
}
