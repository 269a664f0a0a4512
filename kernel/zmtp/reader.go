package zmtp

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
)

// DefaultMaxMessage bounds a message (its frames' sizes, plus
// FrameOverhead for each frame) when Options.MaxMessage is 0.
const DefaultMaxMessage = 256 << 20

// MaxCommand bounds a command frame (READY with its metadata, PING,
// SUBSCRIBE): commands are small.
const MaxCommand = 64 << 10

// FrameOverhead is what each frame counts against a message's budget
// besides its contents, so that a message of many empty frames is bounded
// as well as one of a few large ones.
const FrameOverhead = 64

// Frame flags (ZMTP 3.x): bits 3-7 are reserved and must be zero.
const (
	flagMore     = 0x01
	flagLong     = 0x02
	flagCommand  = 0x04
	flagReserved = 0xf8
)

// greetingSize is the length of a ZMTP 3.x greeting.
const greetingSize = 64

// smallFrame: a frame up to this size is read into a buffer of its size at
// once; a larger one into a buffer that grows as its bytes arrive.
const smallFrame = 64 << 10

// A ProtocolError is a peer's breach of ZMTP, or of a limit: the peer is
// disconnected.
type ProtocolError struct{ Reason string }

func (e *ProtocolError) Error() string { return "zmtp: " + e.Reason }

func protocolErr(format string, args ...any) error {
	return &ProtocolError{Reason: fmt.Sprintf(format, args...)}
}

// Greeting is what a peer's greeting says.
type Greeting struct {
	Major, Minor byte
	Mechanism    string
	AsServer     bool
}

// Message is what Reader.Read returns: a message's frames, or a command
// (Command is its name, Data the rest of its frame).
type Message struct {
	Frames  [][]byte
	Command string
	Data    []byte
}

// A Reader reads a peer's ZMTP traffic, checking each size before it
// allocates for it.
type Reader struct {
	r   *bufio.Reader
	max int64
}

// NewReader reads ZMTP from r; max bounds a message (0: DefaultMaxMessage).
func NewReader(r io.Reader, max int64) *Reader {
	if max <= 0 {
		max = DefaultMaxMessage
	}
	return &Reader{r: bufio.NewReaderSize(r, 4096), max: max}
}

// ReadGreeting reads and checks a ZMTP 3.x greeting.
func (r *Reader) ReadGreeting() (Greeting, error) {
	var b [greetingSize]byte
	// The signature first: a peer that is not speaking ZMTP at all is
	// told apart before the rest of a greeting is waited for.
	if _, err := io.ReadFull(r.r, b[:10]); err != nil {
		return Greeting{}, err
	}
	if b[0] != 0xff || b[9]&1 != 1 {
		return Greeting{}, protocolErr("not a ZMTP greeting (signature %x)", b[:10])
	}
	if _, err := io.ReadFull(r.r, b[10:]); err != nil {
		return Greeting{}, err
	}
	g := Greeting{Major: b[10], Minor: b[11], Mechanism: string(bytes.TrimRight(b[12:32], "\x00")), AsServer: b[32] == 1}
	if g.Major < 3 {
		return g, protocolErr("ZMTP %d.%d: version 3 or later is needed", g.Major, g.Minor)
	}
	if b[32] > 1 {
		return g, protocolErr("as-server flag %d in the greeting", b[32])
	}
	return g, nil
}

// Read reads the next message or command. A frame or message over the
// limit, a reserved flag, a command with the MORE flag or one interleaved
// with a message's frames is a *ProtocolError; a connection that ends
// mid-frame is io.ErrUnexpectedEOF, one that ends between messages io.EOF.
func (r *Reader) Read() (Message, error) {
	var m Message
	budget := r.max
	for {
		flags, err := r.r.ReadByte()
		if err != nil {
			if err == io.EOF && len(m.Frames) > 0 {
				err = io.ErrUnexpectedEOF
			}
			return Message{}, err
		}
		if flags&flagReserved != 0 {
			return Message{}, protocolErr("reserved flag bits set (flags %#02x)", flags)
		}
		size, err := r.size(flags)
		if err != nil {
			return Message{}, err
		}
		if flags&flagCommand != 0 {
			if len(m.Frames) > 0 {
				return Message{}, protocolErr("a command inside a multi-frame message")
			}
			if flags&flagMore != 0 {
				return Message{}, protocolErr("a command frame with the MORE flag")
			}
			if size > MaxCommand {
				return Message{}, protocolErr("a command of %d bytes: over the limit of %d", size, MaxCommand)
			}
			body, err := r.body(size)
			if err != nil {
				return Message{}, err
			}
			return parseCommand(body)
		}
		budget -= FrameOverhead
		if budget < 0 || size > uint64(budget) {
			return Message{}, protocolErr("a frame of %d bytes makes its message larger than the limit of %d bytes", size, r.max)
		}
		body, err := r.body(size)
		if err != nil {
			return Message{}, err
		}
		budget -= int64(size)
		m.Frames = append(m.Frames, body)
		if flags&flagMore == 0 {
			return m, nil
		}
	}
}

// size reads a frame's size, one octet or, with flagLong, eight.
func (r *Reader) size(flags byte) (uint64, error) {
	if flags&flagLong == 0 {
		b, err := r.r.ReadByte()
		if err != nil {
			return 0, unexpected(err)
		}
		return uint64(b), nil
	}
	var b [8]byte
	if _, err := io.ReadFull(r.r, b[:]); err != nil {
		return 0, unexpected(err)
	}
	return binary.BigEndian.Uint64(b[:]), nil
}

// body reads a frame's contents, whose size was checked: a large frame's
// buffer grows with the bytes that arrive.
func (r *Reader) body(size uint64) ([]byte, error) {
	if size <= smallFrame {
		b := make([]byte, size)
		if _, err := io.ReadFull(r.r, b); err != nil {
			return nil, unexpected(err)
		}
		return b, nil
	}
	var buf bytes.Buffer
	buf.Grow(smallFrame)
	n, err := buf.ReadFrom(io.LimitReader(r.r, int64(size)))
	if err != nil {
		return nil, unexpected(err)
	}
	if uint64(n) < size {
		return nil, io.ErrUnexpectedEOF
	}
	return buf.Bytes(), nil
}

func unexpected(err error) error {
	if err == io.EOF {
		return io.ErrUnexpectedEOF
	}
	return err
}

// parseCommand splits a command frame into its name and data.
func parseCommand(body []byte) (Message, error) {
	if len(body) == 0 {
		return Message{}, protocolErr("an empty command frame")
	}
	n := int(body[0])
	if n == 0 || 1+n > len(body) {
		return Message{}, protocolErr("a command name of %d bytes in a frame of %d", n, len(body))
	}
	return Message{Command: string(body[1 : 1+n]), Data: body[1+n:]}, nil
}

// ParseMetadata reads the properties of a READY command: each a name of
// 1-255 bytes after its length octet, then a value after its four-octet
// length. Names are returned with their ASCII letters in lower case, as
// they compare without case.
func ParseMetadata(data []byte) (map[string]string, error) {
	props := map[string]string{}
	for len(data) > 0 {
		n := int(data[0])
		if n == 0 || 1+n > len(data) {
			return nil, protocolErr("metadata: a property name of %d bytes with %d left", n, len(data)-1)
		}
		name := asciiLower(data[1 : 1+n])
		data = data[1+n:]
		if len(data) < 4 {
			return nil, protocolErr("metadata: property %q has no value length", name)
		}
		v := binary.BigEndian.Uint32(data)
		data = data[4:]
		if uint64(v) > uint64(len(data)) {
			return nil, protocolErr("metadata: property %q claims %d bytes with %d left", name, v, len(data))
		}
		props[name] = string(data[:v])
		data = data[v:]
	}
	return props, nil
}

// asciiLower lowers the ASCII letters of a property name, which compare
// without their case (and are ASCII).
func asciiLower(b []byte) string {
	out := make([]byte, len(b))
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		out[i] = c
	}
	return string(out)
}

// errClosedPeer ends a peer's goroutines when the socket closes it.
var errClosedPeer = errors.New("zmtp: connection closed")
