package kernel

import (
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"
)

// sent records what a streamBuffer publishes.
type sent struct {
	mu   sync.Mutex
	msgs []streamRun
}

func (s *sent) buffer() *streamBuffer {
	return &streamBuffer{send: func(name string, text []byte) {
		s.mu.Lock()
		s.msgs = append(s.msgs, streamRun{name, append([]byte(nil), text...)})
		s.mu.Unlock()
	}}
}

func (s *sent) all() []streamRun {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]streamRun(nil), s.msgs...)
}

func (s *sent) text(name string) string {
	var b strings.Builder
	for _, m := range s.all() {
		if m.name == name {
			b.Write(m.text)
		}
	}
	return b.String()
}

// The first write after a quiet spell goes at once; writes that follow
// within streamInterval wait for it, and go together.
func TestStreamBufferPace(t *testing.T) {
	var s sent
	b := s.buffer()
	t0 := time.Now()
	b.write("stdout", "first\n")
	if got := s.all(); len(got) != 1 || string(got[0].text) != "first\n" {
		t.Fatalf("the first write was not sent at once: %q", got)
	}
	for i := range 1000 {
		b.write("stdout", strings.Repeat("x", i%7)+"\n")
	}
	if n := len(s.all()); time.Since(t0) < streamInterval/2 && n != 1 {
		t.Fatalf("%d messages within the first interval", n)
	}
	time.Sleep(3 * streamInterval)
	if n := len(s.all()); n != 2 {
		t.Fatalf("%d messages after the interval, want 2: the pending lines in one", n)
	}
	b.write("stdout", "late\n") // after a quiet spell: at once
	if got := s.all(); len(got) != 3 || string(got[2].text) != "late\n" {
		t.Fatalf("after a quiet spell: %d messages", len(got))
	}
	var want strings.Builder
	want.WriteString("first\n")
	for i := range 1000 {
		want.WriteString(strings.Repeat("x", i%7) + "\n")
	}
	want.WriteString("late\n")
	if s.text("stdout") != want.String() {
		t.Fatal("the text changed")
	}
}

// stdout and stderr keep their order, block by block, for streamRuns
// blocks an interval; past that each stream's text joins its last block,
// so that writing them in turn costs at most streamRuns messages an
// interval.
func TestStreamBufferOrder(t *testing.T) {
	var s sent
	b := s.buffer()
	b.write("stdout", "0\n") // sent at once
	names := []string{"stdout", "stderr"}
	var want [2]strings.Builder
	want[0].WriteString("0\n")
	for i := 1; i < 200; i++ {
		line := string(rune('a'+i%26)) + "\n"
		b.write(names[i%2], line)
		want[i%2].WriteString(line)
	}
	b.flush()
	got := s.all()
	if len(got) != 1+streamRuns {
		t.Fatalf("%d messages, want %d", len(got), 1+streamRuns)
	}
	// The first blocks of the interval are in the order written.
	for i, m := range got[1 : streamRuns-1] {
		if m.name != names[(i+1)%2] || len(m.text) != 2 {
			t.Fatalf("block %d: %s %q", i+1, m.name, m.text)
		}
	}
	for i, name := range names {
		if s.text(name) != want[i].String() {
			t.Fatalf("%s: %q", name, s.text(name))
		}
	}
}

// Text beyond streamChunk goes at once, in messages of at most that many
// bytes cut between characters; the start of a character waits for the
// rest of it.
func TestStreamBufferChunks(t *testing.T) {
	var s sent
	b := s.buffer()
	big := strings.Repeat("é✓𝄞x", 3*streamChunk/10)
	b.write("stdout", big[:len(big)-2]) // ends inside 𝄞
	msgs := s.all()
	if len(msgs) < 3 {
		t.Fatalf("%d messages for %d bytes", len(msgs), len(big))
	}
	for i, m := range msgs {
		if len(m.text) > streamChunk || !utf8.Valid(m.text) {
			t.Fatalf("message %d: %d bytes, valid UTF-8: %v", i, len(m.text), utf8.Valid(m.text))
		}
	}
	b.write("stdout", big[len(big)-2:])
	b.flush()
	if s.text("stdout") != big {
		t.Fatal("the text changed")
	}
	// A character cut by the end of the request is sent as it is.
	b.write("stderr", "caf\xc3")
	time.Sleep(2 * streamInterval)
	if got := s.text("stderr"); got != "caf" {
		t.Fatalf("%q sent before the rest of é came", got)
	}
	b.flush()
	if got := s.text("stderr"); got != "caf\xc3" {
		t.Fatalf("%q at the end", got)
	}
}

// What is published after flushThen's function comes after the text
// written before it.
func TestStreamBufferFlushThen(t *testing.T) {
	var s sent
	b := s.buffer()
	b.write("stdout", "a\n")
	b.write("stdout", "b\n") // waits for the interval
	b.flushThen(func() { s.msgs = append(s.msgs, streamRun{"display", nil}) })
	b.write("stdout", "c\n")
	b.flush()
	var got []string
	for _, m := range s.all() {
		got = append(got, m.name+":"+string(m.text))
	}
	if strings.Join(got, "|") != "stdout:a\n|stdout:b\n|display:|stdout:c\n" {
		t.Fatalf("%q", got)
	}
}
