package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"github.com/coevolab/coevo/engine/heap"
)

// openPTY opens a pseudo-terminal and returns its two ends: what a
// program writes to the terminal end is read from the other.
func openPTY(t *testing.T) (ctl, term *os.File) {
	t.Helper()
	ctl, err := os.OpenFile("/dev/ptmx", os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("no pseudo-terminals here: %v", err)
	}
	fd := int(ctl.Fd())
	if err := unix.IoctlSetPointerInt(fd, unix.TIOCSPTLCK, 0); err != nil {
		ctl.Close()
		t.Skipf("unlocking the pseudo-terminal: %v", err)
	}
	n, err := unix.IoctlGetInt(fd, unix.TIOCGPTN)
	if err != nil {
		ctl.Close()
		t.Skipf("pseudo-terminal number: %v", err)
	}
	term, err = os.OpenFile("/dev/pts/"+strconv.Itoa(n), os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		ctl.Close()
		t.Skipf("opening /dev/pts/%d: %v", n, err)
	}
	t.Cleanup(func() { term.Close(); ctl.Close() })
	return ctl, term
}

// On a terminal, the progress line of coevo sg is redrawn at most ten
// times a second (issue 26: it was redrawn 9,000 to 48,000 times a
// second, and a run spent as much CPU in the kernel as in its own work).
// Each redraw begins with a carriage return; they are counted on the
// other end of a pseudo-terminal.
func TestSGProgressRateOnTerminal(t *testing.T) {
	ctl, term := openPTY(t)
	var wg sync.WaitGroup
	seen := &lockedBuffer{}
	wg.Add(1)
	go func() {
		defer wg.Done()
		io.Copy(seen, ctl) // ends with EIO when the terminal end closes
	}()
	for _, args := range [][]string{
		{"sg", "grundy", "--upto", "1500000", "--summary"},
		{"sg", "grundy", "--upto", "800000", "--format", "csv"},
	} {
		seen.Reset()
		start := time.Now()
		var out bytes.Buffer
		st := run(context.Background(), args, &out, term)
		el := time.Since(start)
		if st != 0 {
			t.Fatalf("%v: status %d", args, st)
		}
		time.Sleep(200 * time.Millisecond) // for the reader to drain the terminal
		shown := seen.String()
		draws := strings.Count(shown, "\r") - 1 // the last one clears the line
		if most := 1 + int(el/(100*time.Millisecond)); draws < 1 || draws > most {
			t.Errorf("%v: %d redraws in %v, want 1 to %d: %q", args, draws, el, most, tail(shown, 200))
		}
		if !strings.Contains(shown, "values computed: ") || !strings.HasSuffix(shown, "\r\033[K") {
			t.Errorf("%v: the progress line is not shown and cleared: %q", args, tail(shown, 200))
		}
	}
	term.Close()
	wg.Wait()
}

// lockedBuffer is a bytes.Buffer for one writer and one reader.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

func (l *lockedBuffer) Reset() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.b.Reset()
}

func tail(s string, n int) string {
	return s[max(0, len(s)-n):]
}

// cancelWriter cancels its context once it has been given n bytes.
type cancelWriter struct {
	b      bytes.Buffer
	n      int
	cancel func()
}

func (c *cancelWriter) Write(p []byte) (int, error) {
	c.b.Write(p)
	if c.b.Len() >= c.n {
		c.cancel()
	}
	return len(p), nil
}

// coevo sg writes the values as they become final, not at the end: a run
// of Grundy's game to 10^8 (about four minutes) is cancelled once 256 kB of
// values has come out, and stops with status 130 soon after (within a
// minute, not the four), having written the values computed by then as a
// valid document in each format whose values are those
// of the definition's sequence (OEIS A002188's first values, then
// against a run to the same length).
func TestSGStreams(t *testing.T) {
	const at = 256 << 10
	for _, format := range []string{"json", "csv", "text"} {
		ctx, cancel := context.WithCancel(context.Background())
		out := &cancelWriter{n: at, cancel: cancel}
		var errs bytes.Buffer
		start := time.Now()
		st := run(ctx, []string{"sg", "grundy", "--upto", "100000000", "--format", format}, out, &errs)
		cancel()
		if st != 130 || !strings.Contains(errs.String(), "interrupted") {
			t.Fatalf("%s: status %d after the cancel, want 130: %s", format, st, errs.String())
		}
		if el := time.Since(start); el > time.Minute {
			t.Errorf("%s: the run took %v: the values came out at its end", format, el)
		}
		// What was computed before the cancel is still written (no work
		// lost): the values of one or two progress ticks (100 ms each),
		// more of them when a busy machine delays a tick (295 kB after
		// the cancel was seen at load 12), never the rest of the run.
		if n := out.b.Len(); n > at+(4<<20) {
			t.Errorf("%s: wrote %d bytes, cancelled after %d", format, n, at)
		}
		g := parseSG(t, format, out.b.String())
		if len(g) < 20_000 {
			t.Fatalf("%s: %d values", format, len(g))
		}
		want, err := heap.GrundysGame().NaiveSequence(1000)
		if err != nil {
			t.Fatal(err)
		}
		for i, v := range want {
			if g[i] != v {
				t.Fatalf("%s: g(%d) = %d, the definition gives %d", format, i, g[i], v)
			}
		}
		full, _, _ := coevo("sg", "grundy", "--upto", strconv.Itoa(len(g)-1), "--format", format)
		if h := parseSG(t, format, full); fmt.Sprint(h) != fmt.Sprint(g) {
			t.Fatalf("%s: the %d values streamed differ from a run to g(%d)", format, len(g), len(g)-1)
		}
	}
}

// parseSG reads the values of coevo sg's output in format.
func parseSG(t *testing.T, format, out string) []int32 {
	t.Helper()
	var g []int32
	switch format {
	case "json":
		var r struct {
			Game   string
			Values []int32
		}
		if err := json.Unmarshal([]byte(out), &r); err != nil || r.Game != "grundy" {
			t.Fatalf("json: %v (game %q): %q", err, r.Game, tail(out, 100))
		}
		return r.Values
	case "csv":
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if lines[0] != "n,sg" {
			t.Fatalf("csv head %q", lines[0])
		}
		for i, l := range lines[1:] {
			n, v, ok := strings.Cut(l, ",")
			x, err := strconv.Atoi(v)
			if !ok || n != strconv.Itoa(i) || err != nil {
				t.Fatalf("csv line %d: %q", i+2, l)
			}
			g = append(g, int32(x))
		}
	default:
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		for i, l := range lines[1:] {
			n, rest, ok := strings.Cut(l, ":")
			if k, err := strconv.Atoi(strings.TrimSpace(n)); !ok || err != nil || k != len(g) {
				t.Fatalf("text line %d: %q", i+2, l)
			}
			for _, f := range strings.Fields(rest) {
				x, err := strconv.Atoi(f)
				if err != nil {
					t.Fatalf("text line %d: %q", i+2, l)
				}
				g = append(g, int32(x))
			}
		}
	}
	return g
}

// appendPadded writes what fmt's %*d writes.
func TestAppendPadded(t *testing.T) {
	for _, x := range []int64{0, 1, 9, 10, 99, 100, 999, 1000, 123456, 1234567, -1, -42, -1000, 1 << 40, -(1 << 62)} {
		for _, w := range []int{0, 1, 3, 6, 8} {
			got := string(appendPadded([]byte("x"), x, w))
			if want := fmt.Sprintf("x%*d", w, x); got != want {
				t.Fatalf("%d width %d: %q, want %q", x, w, got, want)
			}
		}
	}
}
