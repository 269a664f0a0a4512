package runner

import (
	"reflect"

	"github.com/coevolab/coevo/kernel/comm"
	"github.com/coevolab/coevo/kernel/display"
)

// commSink sends comm messages to the kernel as events.
type commSink struct{ s *server }

func (c commSink) Comm(m comm.Message) { c.s.send(Event{Kind: "comm", Comm: &m}) }

type discardComm struct{}

func (discardComm) Comm(comm.Message) {}

// attachComm installs the comm sink for a request with message id msgID
// (one that drops what it sends, if quiet), or, with msgID "", for what
// code running between requests sends.
func (s *server) attachComm(quiet bool, msgID string) {
	if quiet {
		comm.Attach(discardComm{}, msgID)
		return
	}
	comm.Attach(commSink{s}, msgID)
}

// selfShower tells whether a cell's value displays itself (a widget).
func selfShower(v reflect.Value) (display.SelfShower, bool) {
	if !v.IsValid() || !v.CanInterface() {
		return nil, false
	}
	sh, ok := v.Interface().(display.SelfShower)
	return sh, ok
}

// comm delivers a comm message from the front end. The callbacks it
// calls (a widget's, when the user moves a slider) run as a cell does:
// their output is the request's, an interrupt stops them, and a panic is
// the request's error, the session keeping its state.
func (s *server) comm(q Request) *Reply {
	if q.Comm == nil {
		return &Reply{Status: "error", Error: &Error{Name: "bad request", Value: "a comm request without a message", Traceback: []string{}}}
	}
	ctx, _, end := s.begin(q) // a comm request never allows stdin
	defer end()

	name := q.Cell
	if name == "" {
		name = "comm"
	}
	// A message for a comm or target this worker does not know (a comm of
	// a worker that died, a target nobody registered) is answered as the
	// specification asks (an unknown target's comm is closed) and is no
	// error of the user's.
	err := s.sess.Call(ctx, name, func() { comm.Deliver(*q.Comm) })
	if err != nil {
		return &Reply{Status: "error", Error: errorOf(err)}
	}
	return &Reply{Status: "ok"}
}
