// Package wire encodes and decodes Jupyter messages on ZeroMQ frames, as
// the Jupyter messaging specification (version 5.3) lays them out:
//
//	[identities...] "<IDS|MSG>" signature header parent_header metadata content [buffers...]
//
// where signature is the hex HMAC-SHA256, under the connection's key, of
// the four JSON frames that follow it. Decode verifies the signature
// before it parses anything, so a message with a wrong signature is
// rejected unread; and, as ipykernel does, it remembers the signatures it
// has accepted, so that a message captured and sent again is rejected too.
package wire

import (
	"bytes"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"
)

// Delimiter separates routing identities from the message.
const Delimiter = "<IDS|MSG>"

// Version is the protocol version this package speaks.
const Version = "5.3"

// Header is a message header.
type Header struct {
	MsgID    string `json:"msg_id"`
	Session  string `json:"session"`
	Username string `json:"username"`
	Date     string `json:"date"`
	MsgType  string `json:"msg_type"`
	Version  string `json:"version"`
}

// Message is a decoded message.
type Message struct {
	Identities [][]byte
	Header     Header
	Parent     Header
	Metadata   map[string]any
	Content    json.RawMessage
	Buffers    [][]byte
}

// ErrSignature reports a message whose signature does not verify.
var ErrSignature = errors.New("wire: bad message signature")

// ErrReplay reports a message whose signature was already accepted: the
// same message sent again, which a signed connection must not execute
// twice.
var ErrReplay = errors.New("wire: duplicate message signature (a replayed message)")

// Remembered is how many accepted signatures a Signer remembers for
// replay protection (ipykernel's digest history is as long); the oldest
// are forgotten first.
const Remembered = 1 << 16

// Signer signs and verifies messages with a connection key. An empty key
// disables signing, and so replay protection, as the specification allows.
// A Signer is safe for concurrent use.
type Signer struct {
	key []byte

	mu   sync.Mutex
	seen map[[sha256.Size]byte]struct{}
	ring [][sha256.Size]byte // accepted signatures, oldest at next
	next int
}

// NewSigner returns a signer for key.
func NewSigner(key string) *Signer { return &Signer{key: []byte(key)} }

// accept records an accepted signature, reporting false if it was
// already recorded.
func (s *Signer) accept(sig []byte) bool {
	var d [sha256.Size]byte
	if n, err := hex.Decode(d[:], sig); err != nil || n != len(d) {
		return false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.seen == nil {
		s.seen = make(map[[sha256.Size]byte]struct{})
	}
	if _, dup := s.seen[d]; dup {
		return false
	}
	if len(s.ring) < Remembered {
		s.ring = append(s.ring, d)
	} else {
		delete(s.seen, s.ring[s.next])
		s.ring[s.next] = d
		s.next = (s.next + 1) % Remembered
	}
	s.seen[d] = struct{}{}
	return true
}

func (s *Signer) sign(parts ...[]byte) []byte {
	if len(s.key) == 0 {
		return nil
	}
	m := hmac.New(sha256.New, s.key)
	for _, p := range parts {
		m.Write(p)
	}
	sum := m.Sum(nil)
	out := make([]byte, hex.EncodedLen(len(sum)))
	hex.Encode(out, sum)
	return out
}

// Decode parses frames into a message, verifying the signature first.
func (s *Signer) Decode(frames [][]byte) (*Message, error) {
	i := 0
	for i < len(frames) && string(frames[i]) != Delimiter {
		i++
	}
	if i == len(frames) {
		return nil, errors.New("wire: no <IDS|MSG> delimiter")
	}
	if len(frames) < i+6 {
		return nil, fmt.Errorf("wire: %d frames after the delimiter, need at least 5", len(frames)-i-1)
	}
	sig, h, p, md, c := frames[i+1], frames[i+2], frames[i+3], frames[i+4], frames[i+5]
	want := s.sign(h, p, md, c)
	if len(s.key) > 0 && !hmac.Equal(bytes.ToLower(sig), want) {
		return nil, ErrSignature
	}
	// The message is checked whole before its signature is remembered, so
	// that a malformed message does not use up a slot.
	m, err := parse(frames[:i], h, p, md, c, frames[i+6:])
	if err != nil {
		return nil, err
	}
	if len(s.key) > 0 && !s.accept(want) {
		return nil, ErrReplay
	}
	return m, nil
}

func parse(ids [][]byte, h, p, md, c []byte, buffers [][]byte) (*Message, error) {
	m := &Message{Identities: ids, Buffers: buffers}
	if err := json.Unmarshal(h, &m.Header); err != nil {
		return nil, fmt.Errorf("wire: header: %w", err)
	}
	if len(p) > 0 && string(p) != "{}" {
		if err := json.Unmarshal(p, &m.Parent); err != nil {
			return nil, fmt.Errorf("wire: parent header: %w", err)
		}
	}
	if len(md) > 0 {
		if err := json.Unmarshal(md, &m.Metadata); err != nil {
			return nil, fmt.Errorf("wire: metadata: %w", err)
		}
	}
	if len(c) == 0 {
		c = []byte("{}")
	}
	if !json.Valid(c) {
		return nil, errors.New("wire: content is not JSON")
	}
	m.Content = c
	return m, nil
}

// Encode signs and frames a message.
func (s *Signer) Encode(m *Message) ([][]byte, error) {
	h, err := json.Marshal(m.Header)
	if err != nil {
		return nil, err
	}
	p := []byte("{}")
	if m.Parent.MsgID != "" {
		if p, err = json.Marshal(m.Parent); err != nil {
			return nil, err
		}
	}
	md := []byte("{}")
	if m.Metadata != nil {
		if md, err = json.Marshal(m.Metadata); err != nil {
			return nil, err
		}
	}
	c := []byte(m.Content)
	if len(c) == 0 {
		c = []byte("{}")
	}
	frames := append([][]byte{}, m.Identities...)
	frames = append(frames, []byte(Delimiter), s.sign(h, p, md, c), h, p, md, c)
	return append(frames, m.Buffers...), nil
}

// NewHeader returns a fresh header of the given type in a session.
func NewHeader(msgType, session string) Header {
	return Header{
		MsgID:    NewID(),
		Session:  session,
		Username: "coevo",
		Date:     time.Now().UTC().Format(time.RFC3339Nano),
		MsgType:  msgType,
		Version:  Version,
	}
}

// Reply builds a message answering parent, to the same identities.
func Reply(parent *Message, msgType string, content any) (*Message, error) {
	c, err := json.Marshal(content)
	if err != nil {
		return nil, err
	}
	return &Message{
		Identities: parent.Identities,
		Header:     NewHeader(msgType, parent.Header.Session),
		Parent:     parent.Header,
		Content:    c,
	}, nil
}

// NewID returns a random UUID-like identifier.
func NewID() string {
	var b [16]byte
	rand.Read(b[:])
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:])
}
