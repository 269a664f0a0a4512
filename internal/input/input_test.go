package input

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// Paths that are not readable files are refused by Open with an *Error
// naming the path and the problem.
func TestOpenRefused(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	os.WriteFile(file, []byte("x\n"), 0o644)
	dangling := filepath.Join(dir, "dangling")
	os.Symlink(filepath.Join(dir, "target"), dangling)
	for _, c := range []struct{ path, want string }{
		{"", "empty file name"},
		{dir, dir + ": a directory, not a file"},
		{filepath.Join(dir, "missing"), "missing: no such file"},
		{filepath.Join(file, "x"), "the path goes through a file"},
		{dangling, "a symbolic link to " + filepath.Join(dir, "target") + ", which does not exist"},
	} {
		var e *Error
		if _, err := Open(context.Background(), c.path, Limits{}); !errors.As(err, &e) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Open(%q) = %v, want %q", c.path, err, c.want)
		}
	}
}

// A file over the caps fails with a *TooLargeError, a long line naming
// its line; within them it reads whole.
func TestCaps(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "f")
	os.WriteFile(p, []byte("ab\ncdef\nghijkl\n"), 0o644)
	read := func(lim Limits) ([]byte, error) {
		f, err := Open(context.Background(), p, lim)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		return io.ReadAll(f)
	}
	if b, err := read(Limits{Bytes: 15, Line: 6}); err != nil || string(b) != "ab\ncdef\nghijkl\n" {
		t.Fatalf("within the caps: %q, %v", b, err)
	}
	var tl *TooLargeError
	if _, err := read(Limits{Bytes: 14}); !errors.As(err, &tl) || tl.Line || tl.Max != 14 {
		t.Fatalf("14 bytes: %v", err)
	}
	if _, err := read(Limits{Line: 5}); !errors.As(err, &tl) || !tl.Line || tl.At != 3 {
		t.Fatalf("lines of 5: %v, want line 3", err)
	}
	if _, err := ReadAll(context.Background(), "/dev/zero", 1<<20); !errors.As(err, &tl) {
		t.Fatalf("/dev/zero: %v", err)
	}
}

// A FIFO that no process writes does not hang Open: the context ends the
// wait, and the FIFO is left as it was; with a writer that writes nothing,
// the context ends the read. A writer's data is read.
func TestFIFO(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	start := time.Now()
	if _, err := Open(ctx, fifo, Limits{}); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("no writer: %v", err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Fatalf("the open took %v", d)
	}

	w, err := os.OpenFile(fifo, os.O_RDWR, 0) // a writer that writes nothing
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel = context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	f, err := Open(ctx, fifo, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.ReadAll(f); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("silent writer: %v", err)
	}
	f.Close()
	w.Close()

	go func() {
		w, err := os.OpenFile(fifo, os.O_WRONLY, 0)
		if err == nil {
			io.WriteString(w, "data\n")
			w.Close()
		}
	}()
	if b, err := ReadAll(context.Background(), fifo, 100); err != nil || string(b) != "data\n" {
		t.Fatalf("a writer's data: %q, %v", b, err)
	}
}
