package comm

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

type recorder struct{ msgs []Message }

func (r *recorder) Comm(m Message) { r.msgs = append(r.msgs, m) }

// Comms opened while a request runs are named after its message, in the
// order they open; a name taken (the request's comms replayed in the same
// worker) falls back to a random one.
func TestIDs(t *testing.T) {
	r := &recorder{}
	Attach(r, "msg-a")
	defer Attach(nil, "")
	a, b := Open("t", map[string]int{"x": 1}, nil), Open("t", nil, map[string]any{"version": "2.0.0"})
	if a.ID() != "msg-a-1" || b.ID() != "msg-a-2" {
		t.Fatalf("ids %s %s", a.ID(), b.ID())
	}
	if string(r.msgs[0].Data) != `{"x":1}` || string(r.msgs[1].Data) != `{}` || r.msgs[1].Metadata["version"] != "2.0.0" {
		t.Fatalf("comm_opens %+v", r.msgs)
	}
	Attach(r, "msg-a")
	if c := Open("t", nil, nil); c.ID() == "msg-a-1" || len(c.ID()) != 32 {
		t.Fatalf("a taken id was reused: %s", c.ID())
	}
	Attach(r, "")
	if c := Open("t", nil, nil); len(c.ID()) != 32 {
		t.Fatalf("between requests: %s", c.ID())
	}
}

// Deliver routes the front end's messages: opens to targets (an unknown
// one's comm closed), messages and closes to comms.
func TestDeliver(t *testing.T) {
	r := &recorder{}
	Attach(r, "msg-b")
	defer Attach(nil, "")
	var got []string
	Register("echo", func(c *Comm, data json.RawMessage) {
		got = append(got, "open "+string(data))
		c.OnMsg(func(d json.RawMessage) { got = append(got, "msg "+string(d)); c.Send(d, nil) })
		c.OnClose(func(d json.RawMessage) { got = append(got, "close") })
	})
	for _, m := range []Message{
		{Type: "comm_open", ID: "c1", Target: "echo", Data: json.RawMessage(`{"a":1}`)},
		{Type: "comm_msg", ID: "c1", Data: json.RawMessage(`{"b":2}`)},
		{Type: "comm_close", ID: "c1"},
	} {
		if err := Deliver(m); err != nil {
			t.Fatal(err)
		}
	}
	if strings.Join(got, "; ") != `open {"a":1}; msg {"b":2}; close` {
		t.Fatalf("handled %q", got)
	}
	if len(r.msgs) != 1 || string(r.msgs[0].Data) != `{"b":2}` {
		t.Fatalf("sent %+v", r.msgs)
	}
	if err := Deliver(Message{Type: "comm_msg", ID: "c1"}); !errors.Is(err, ErrUnknown) {
		t.Fatalf("a message on a closed comm: %v", err)
	}
	r.msgs = nil
	if err := Deliver(Message{Type: "comm_open", ID: "c2", Target: "nobody"}); err == nil || len(r.msgs) != 1 || r.msgs[0].Type != "comm_close" {
		t.Fatalf("an unknown target: %v, sent %+v", err, r.msgs)
	}
	c := Open("t", nil, nil)
	c.Close(nil)
	c.Send("late", nil)
	c.Close(nil)
	if n := len(r.msgs); n != 3 || r.msgs[1].Type != "comm_open" || r.msgs[2].Type != "comm_close" {
		t.Fatalf("close twice and send after: %+v", r.msgs)
	}
}
