package ctxio

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"syscall"
	"testing"
	"time"
)

// A read that waits on a pipe nobody writes ends when the context does.
func TestReaderEndsOnCancel(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	blocking := dupFile(t, r)
	defer blocking.Close()
	ctx, cancel := context.WithCancel(context.Background())
	go func() { time.Sleep(50 * time.Millisecond); cancel() }()
	start := time.Now()
	_, err = io.ReadAll(NewReader(ctx, blocking))
	if !errors.Is(err, context.Canceled) || time.Since(start) > 2*time.Second {
		t.Fatalf("%v after %v", err, time.Since(start))
	}
}

// dupFile returns f's descriptor duplicated and set blocking, as the
// runtime leaves standard input and output: a descriptor not in the
// poller, where a deadline does nothing. A duplicate, not a second File
// on f's own descriptor: that File's finalizer would close the number
// later, when another test's pipe may hold it.
func dupFile(t *testing.T, f *os.File) *os.File {
	t.Helper()
	fd, err := syscall.Dup(int(f.Fd()))
	if err != nil {
		t.Fatal(err)
	}
	if err := syscall.SetNonblock(fd, false); err != nil {
		t.Fatal(err)
	}
	return os.NewFile(uintptr(fd), "blocking")
}

// What is written before the end is read whole.
func TestReaderReads(t *testing.T) {
	want := bytes.Repeat([]byte("0123456789"), 100000)
	got, err := io.ReadAll(NewReader(context.Background(), bytes.NewReader(want)))
	if err != nil || !bytes.Equal(got, want) {
		t.Fatalf("%d bytes, %v", len(got), err)
	}
}

// A write to a full pipe nobody reads ends a grace period after the
// context does; later writes fail at once.
func TestWriterEndsOnCancel(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	blocking := dupFile(t, w)
	defer blocking.Close()
	ctx, cancel := context.WithCancel(context.Background())
	out := NewWriter(ctx, blocking, 100*time.Millisecond)
	go func() { time.Sleep(100 * time.Millisecond); cancel() }()
	start := time.Now()
	chunk := make([]byte, 64<<10)
	for err == nil {
		_, err = out.Write(chunk) // fills the pipe's 64 KiB, then waits
	}
	if !errors.Is(err, context.Canceled) || time.Since(start) > 2*time.Second {
		t.Fatalf("%v after %v", err, time.Since(start))
	}
	if _, err := out.Write([]byte("x")); !errors.Is(err, context.Canceled) {
		t.Fatalf("a write after the abandoned one: %v", err)
	}
	if out.Err() != nil {
		t.Fatalf("Err: %v, want nil (an interruption is not a failed write)", out.Err())
	}
}

// A write that goes through still goes through after the context is done:
// what a command prints as it stops reaches the reader.
func TestWriterWritesAfterCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var b bytes.Buffer
	out := NewWriter(ctx, &b, time.Second)
	if _, err := io.WriteString(out, "interrupted after 10 values\n"); err != nil || b.String() != "interrupted after 10 values\n" {
		t.Fatalf("%q, %v", b.String(), err)
	}
}

// The first failed write is kept (a full disk), and returned again.
func TestWriterKeepsError(t *testing.T) {
	f, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skip("no /dev/full")
	}
	defer f.Close()
	out := NewWriter(context.Background(), f, time.Second)
	if _, err := out.Write([]byte("x")); !errors.Is(err, syscall.ENOSPC) {
		t.Fatalf("%v, want ENOSPC", err)
	}
	if _, err := out.Write([]byte("y")); !errors.Is(err, syscall.ENOSPC) || !errors.Is(out.Err(), syscall.ENOSPC) {
		t.Fatalf("second write %v, Err %v", err, out.Err())
	}
}
