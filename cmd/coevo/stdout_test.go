package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"strings"
	"syscall"
	"testing"
)

// On a terminal, control characters reach it escaped as Go quotes them,
// newlines and tabs but; a UTF-8 sequence cut by the end of a write is
// kept whole; C1 controls (CSI is U+009B) and stray bytes are escaped too.
func TestEscaper(t *testing.T) {
	var b bytes.Buffer
	e := &escaper{w: &b}
	for _, s := range []string{"rank\tplayer\n1\t\x1b]0;pwned\x07\x1b[2J\r\n", "Zo\xc3", "\xab \xc2\x9b1m \xff\x7f\n"} {
		if n, err := e.Write([]byte(s)); err != nil || n != len(s) {
			t.Fatalf("Write(%q) = %d, %v", s, n, err)
		}
	}
	want := "rank\tplayer\n1\t\\x1b]0;pwned\\a\\x1b[2J\\r\nZoë \\u009b1m \\xff\\x7f\n"
	if b.String() != want {
		t.Fatalf("got  %q\nwant %q", b.String(), want)
	}
}

// A failed write to standard output makes a command that returned no
// error exit 1, naming the file; an interruption is the signal's status.
func TestStdoutStatus(t *testing.T) {
	f, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skip("no /dev/full")
	}
	defer f.Close()
	var stderr bytes.Buffer
	if st := run(context.Background(), []string{"games"}, f, &stderr); st != 1 || stderr.String() != "coevo games: standard output (/dev/full): no space left on device\n" {
		t.Fatalf("status %d, stderr %q", st, stderr.String())
	}
	ctx, cancel := context.WithCancelCause(context.Background())
	cancel(signalError{syscall.SIGHUP})
	s := newStdout(ctx, &bytes.Buffer{})
	stderr.Reset()
	if st := s.status(&stderr, "coevo sg", context.Canceled); st != 129 || !strings.Contains(stderr.String(), "interrupted (SIGHUP)") {
		t.Fatalf("status %d, stderr %q", st, stderr.String())
	}
	if st := s.status(&stderr, "coevo sg", errors.Join(context.Canceled, errors.New("saved"))); st != 129 {
		t.Fatalf("joined: status %d", st)
	}
}
