package zmtp

import (
	"bytes"
	"errors"
	"io"
	"testing"
)

// fuzzLimit is the message limit the fuzz target reads under: small, so
// that inputs reach it.
const fuzzLimit = 4096

// FuzzReader reads arbitrary bytes as a peer's side of a connection: the
// greeting, then messages and commands (a READY's metadata parsed), until
// an error. Nothing may panic; no message may exceed the limit, no command
// MaxCommand; what is returned can only be made of bytes that arrived; and
// every error is a protocol error or the input's end.
func FuzzReader(f *testing.F) {
	hello := append(append(peerGreeting(), ready("DEALER")...), 1, 5, 'h', 'e', 'l', 'l', 'o', 0, 0)
	f.Add(hello)
	f.Add(append(append(peerGreeting(), ready("DEALER")...), longHeader(0, 1<<40)...))
	f.Add(append(append(peerGreeting(), ready("SUB")...), command("SUBSCRIBE", []byte("kernel."))...))
	f.Add(append(append(peerGreeting(), command("READY", []byte{3, 'a', 'b', 'c'})...), command("PING", []byte{0, 1, 'x'})...))
	f.Add(append(peerGreeting(), bytes.Repeat([]byte{flagMore, 0}, 100)...))
	f.Add([]byte("GET / HTTP/1.1\r\n\r\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		r := NewReader(bytes.NewReader(data), fuzzLimit)
		if _, err := r.ReadGreeting(); err != nil {
			checkErr(t, err)
			return
		}
		for {
			m, err := r.Read()
			if err != nil {
				checkErr(t, err)
				return
			}
			if m.Command != "" {
				if len(m.Command)+1+len(m.Data) > MaxCommand || len(m.Frames) > 0 {
					t.Fatalf("command %q with %d bytes, %d frames", m.Command, len(m.Data), len(m.Frames))
				}
				if m.Command == "READY" {
					ParseMetadata(m.Data)
				}
				continue
			}
			if len(m.Frames) == 0 {
				t.Fatal("a message of no frames")
			}
			size := 0
			for _, fr := range m.Frames {
				size += len(fr) + FrameOverhead
			}
			if size > fuzzLimit || size > len(data)+FrameOverhead*len(m.Frames) {
				t.Fatalf("a message of %d bytes and %d frames from %d bytes of input", size, len(m.Frames), len(data))
			}
		}
	})
}

func checkErr(t *testing.T, err error) {
	var pe *ProtocolError
	if !errors.As(err, &pe) && err != io.EOF && err != io.ErrUnexpectedEOF {
		t.Fatalf("error %T %v", err, err)
	}
}

// FuzzMetadata parses arbitrary READY metadata: no panic, and every
// property it returns is made of input bytes.
func FuzzMetadata(f *testing.F) {
	f.Add(property(property(nil, "Socket-Type", "DEALER"), "Identity", "abc"))
	f.Add([]byte{3, 'a', 'b', 'c'})
	f.Add([]byte{1, 'a', 0xff, 0xff, 0xff, 0xff})
	f.Fuzz(func(t *testing.T, data []byte) {
		props, err := ParseMetadata(data)
		if err != nil {
			return
		}
		n := 0
		for k, v := range props {
			n += len(k) + len(v)
		}
		if n > len(data) {
			t.Fatalf("%d bytes of properties from %d", n, len(data))
		}
	})
}
