package kernel

import (
	"sync"
	"time"

	"github.com/coevolab/coevo/kernel/internal/runes"
)

// How a request's stream output becomes iopub messages (docs/kernel.md,
// "Output"). A cell that prints 51,200 lines should not cost 51,200
// messages (each one signed, sent, parsed by the client and appended to
// the page), nor one that prints a line and then computes for a minute
// show that line only at the end.
const (
	// streamInterval is the least time between two messages of a
	// request's output while it keeps coming (ipykernel flushes every
	// 0.2 s): text written after a quiet spell of at least this long goes
	// at once, text written sooner waits for the rest of the interval.
	streamInterval = 100 * time.Millisecond
	// streamChunk bounds a stream message's text, in bytes: more pending
	// text than this goes at once, in messages of at most this size, so
	// that neither the kernel nor a client holds a large output whole.
	streamChunk = 1 << 20
	// streamRuns is how many blocks (runs of one stream: stdout, then
	// stderr, then stdout again...) one message interval keeps in their
	// order; past that, text joins its stream's last block of the
	// interval, so that two streams written in turn by a loop cost a few
	// messages an interval, not one a line.
	streamRuns = 8
	// streamBacklog is how many bytes of messages may wait for an iopub
	// client before a stream message waits for it to read them, and with
	// it the request's output (the cell writing it): output goes at the
	// pace of the client, as a program's goes at a terminal's, instead of
	// piling up in the kernel. A client that has not read a message for
	// streamPatience is not waited for again until it has caught up (a
	// client that stopped reading loses messages, past zmtp's bounds). It
	// is less than the interrupt's grace (DefaultInterruptGrace), so that
	// a cell held up by such a client stops when interrupted, rather than
	// costing its worker.
	streamBacklog  = 4 << 20
	streamPatience = time.Second
)

// streamBuffer gathers a request's stdout and stderr into stream
// messages, keeping their order (see streamRuns), and publishes them
// through send: at once when output is sparse, every streamInterval while
// it pours, before anything else the request publishes (flushThen), and
// when the request ends. Text is cut between characters, never inside
// one: a character a write ended in the middle of waits for its other
// bytes, until the request ends.
type streamBuffer struct {
	mu    sync.Mutex
	send  func(name string, text []byte) // publishes one message (text is not kept); called with mu held
	runs  []streamRun                    // pending, oldest first
	size  int                            // bytes pending
	last  time.Time                      // when text was last published
	timer *time.Timer                    // publishes the pending text, if set
}

type streamRun struct {
	name string
	text []byte
}

// write adds text written to the stream name ("stdout", "stderr").
func (b *streamBuffer) write(name, text string) {
	if text == "" {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	b.add(name, text)
	switch {
	case b.size >= streamChunk, b.timer == nil && time.Since(b.last) >= streamInterval:
		b.publish(false)
	case b.timer == nil:
		b.timer = time.AfterFunc(streamInterval-time.Since(b.last), b.tick)
	}
}

func (b *streamBuffer) add(name, text string) {
	n := len(b.runs)
	b.size += len(text)
	if n > 0 && b.runs[n-1].name == name {
		b.runs[n-1].text = append(b.runs[n-1].text, text...)
		return
	}
	if n >= streamRuns {
		for i := n - 1; i >= 0; i-- {
			if b.runs[i].name == name {
				b.runs[i].text = append(b.runs[i].text, text...)
				return
			}
		}
	}
	b.runs = append(b.runs, streamRun{name: name, text: []byte(text)})
}

func (b *streamBuffer) tick() {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.timer = nil
	b.publish(false)
}

// flush publishes everything pending.
func (b *streamBuffer) flush() { b.flushThen(nil) }

// flushThen publishes everything pending and then calls f, before any
// more stream text can be published: what f publishes comes after the
// text written before it, as the request wrote them.
func (b *streamBuffer) flushThen(f func()) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.timer != nil {
		b.timer.Stop()
		b.timer = nil
	}
	b.publish(true)
	if f != nil {
		f()
	}
}

// publish sends the pending text in messages of at most streamChunk
// bytes; unless all, the start of a character that ends it stays pending.
// b.mu is held.
func (b *streamBuffer) publish(all bool) {
	if b.size == 0 {
		return
	}
	var keep []byte
	if last := &b.runs[len(b.runs)-1]; !all {
		if k := runes.Partial(last.text); k > 0 {
			keep = append(keep, last.text[len(last.text)-k:]...)
			last.text = last.text[:len(last.text)-k]
		}
	}
	name := b.runs[len(b.runs)-1].name
	for _, r := range b.runs {
		text := r.text
		for len(text) > 0 {
			n := runes.Cut(text, streamChunk)
			b.send(r.name, text[:n])
			text = text[n:]
		}
	}
	b.runs, b.size, b.last = nil, 0, time.Now()
	if len(keep) > 0 {
		b.runs = append(b.runs, streamRun{name: name, text: keep})
		b.size = len(keep)
	}
}
