package comm

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
)

// Message is a comm message, either way: Type is "comm_open", "comm_msg"
// or "comm_close"; Target is set on comm_open; Metadata is the Jupyter
// message's metadata (widgets give their protocol version there).
type Message struct {
	Type     string          `json:"type"`
	ID       string          `json:"comm_id"`
	Target   string          `json:"target_name,omitempty"`
	Data     json.RawMessage `json:"data,omitempty"`
	Metadata map[string]any  `json:"metadata,omitempty"`
}

// Sink sends comm messages to the front end; the worker installs one for
// each request it serves.
type Sink interface {
	Comm(m Message)
}

// Comm is one end of a comm channel.
type Comm struct {
	id, target string

	mu      sync.Mutex
	onMsg   func(data json.RawMessage)
	onClose func(data json.RawMessage)
	closed  bool
}

var (
	mu      sync.Mutex
	sink    Sink
	parent  string // msg_id of the request being served
	rank    int    // comms opened for it so far
	comms   = map[string]*Comm{}
	targets = map[string]func(c *Comm, data json.RawMessage){}
)

// Attach installs the sink that sends comm messages, and the message id
// of the request being served (parent of what it sends); the worker calls
// it as each request starts, and Attach(nil, "") when it ends.
func Attach(s Sink, msgID string) {
	mu.Lock()
	sink, parent, rank = s, msgID, 0
	mu.Unlock()
}

// Parent returns the message id of the request being served ("" between
// requests): output that code prints now goes out as its child.
func Parent() string {
	mu.Lock()
	defer mu.Unlock()
	return parent
}

func send(m Message) {
	mu.Lock()
	s := sink
	mu.Unlock()
	if s != nil {
		s.Comm(m)
	}
}

func encode(data any) json.RawMessage {
	if data == nil {
		return json.RawMessage("{}")
	}
	if raw, ok := data.(json.RawMessage); ok {
		return raw
	}
	b, err := json.Marshal(data)
	if err != nil {
		b, _ = json.Marshal(map[string]string{"error": err.Error()})
	}
	return b
}

// newID names a comm: after the request that opens it, else at random.
func newID() string {
	mu.Lock()
	defer mu.Unlock()
	if parent != "" {
		rank++
		id := fmt.Sprintf("%s-%d", parent, rank)
		if _, taken := comms[id]; !taken {
			return id
		}
	}
	b := make([]byte, 16)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// Open opens a comm to target in the front end, sending data (any value
// that encodes as a JSON object) and metadata with the comm_open.
func Open(target string, data any, metadata map[string]any) *Comm {
	c := &Comm{id: newID(), target: target}
	mu.Lock()
	comms[c.id] = c
	mu.Unlock()
	send(Message{Type: "comm_open", ID: c.id, Target: target, Data: encode(data), Metadata: metadata})
	return c
}

// Register makes target open-able from the front end: open is called with
// each comm the front end opens to it and the data it sent.
func Register(target string, open func(c *Comm, data json.RawMessage)) {
	mu.Lock()
	targets[target] = open
	mu.Unlock()
}

// ID is the comm's id.
func (c *Comm) ID() string { return c.id }

// Target is the name of the target the comm was opened to.
func (c *Comm) Target() string { return c.target }

// Send sends data on the comm, with metadata (may be nil).
func (c *Comm) Send(data any, metadata map[string]any) {
	c.mu.Lock()
	closed := c.closed
	c.mu.Unlock()
	if closed {
		return
	}
	send(Message{Type: "comm_msg", ID: c.id, Data: encode(data), Metadata: metadata})
}

// Close closes the comm at both ends.
func (c *Comm) Close(data any) {
	if !c.forget() {
		return
	}
	send(Message{Type: "comm_close", ID: c.id, Data: encode(data)})
}

// forget marks the comm closed and drops it, reporting whether it was open.
func (c *Comm) forget() bool {
	c.mu.Lock()
	was := !c.closed
	c.closed = true
	c.mu.Unlock()
	mu.Lock()
	delete(comms, c.id)
	mu.Unlock()
	return was
}

// OnMsg sets the function called with the data of each message the front
// end sends on the comm.
func (c *Comm) OnMsg(f func(data json.RawMessage)) {
	c.mu.Lock()
	c.onMsg = f
	c.mu.Unlock()
}

// OnClose sets the function called when the front end closes the comm.
func (c *Comm) OnClose(f func(data json.RawMessage)) {
	c.mu.Lock()
	c.onClose = f
	c.mu.Unlock()
}

// Lookup returns the open comm id.
func Lookup(id string) (*Comm, bool) {
	mu.Lock()
	defer mu.Unlock()
	c, ok := comms[id]
	return c, ok
}

// ErrUnknown reports a message for a comm that is not open here.
var ErrUnknown = errors.New("no such comm")

// Deliver handles a message from the front end: a comm_open goes to its
// target (an unknown target gets the comm closed, as the specification
// asks), a comm_msg or comm_close to its comm. The functions it calls run
// on the caller's goroutine; a panic in them reaches the caller.
func Deliver(m Message) error {
	switch m.Type {
	case "comm_open":
		mu.Lock()
		open, ok := targets[m.Target]
		mu.Unlock()
		if !ok {
			send(Message{Type: "comm_close", ID: m.ID, Data: encode(nil)})
			return fmt.Errorf("comm %s: no comm target %q", m.ID, m.Target)
		}
		c := &Comm{id: m.ID, target: m.Target}
		mu.Lock()
		comms[c.id] = c
		mu.Unlock()
		open(c, m.Data)
		return nil
	case "comm_msg", "comm_close":
		c, ok := Lookup(m.ID)
		if !ok {
			return fmt.Errorf("comm %s: %w", m.ID, ErrUnknown)
		}
		c.mu.Lock()
		f := c.onMsg
		if m.Type == "comm_close" {
			f = c.onClose
		}
		c.mu.Unlock()
		if m.Type == "comm_close" {
			c.forget()
		}
		if f != nil {
			f(m.Data)
		}
		return nil
	}
	return fmt.Errorf("comm: unknown message type %q", m.Type)
}
