package comm_test

import (
	"encoding/json"
	"fmt"

	"github.com/coevolab/coevo/kernel/comm"
)

// frontEnd prints what the kernel side sends, as the front end would get it.
type frontEnd struct{}

func (frontEnd) Comm(m comm.Message) { fmt.Printf("%s %s %s\n", m.Type, m.ID, m.Data) }

// A target answers the comms the front end opens to it; the worker
// delivers the front end's messages with Deliver.
func ExampleRegister() {
	comm.Attach(frontEnd{}, "msg-1")
	defer comm.Attach(nil, "")
	comm.Register("echo", func(c *comm.Comm, data json.RawMessage) {
		c.OnMsg(func(d json.RawMessage) { c.Send(d, nil) })
	})
	comm.Deliver(comm.Message{Type: "comm_open", ID: "front-1", Target: "echo"})
	comm.Deliver(comm.Message{Type: "comm_msg", ID: "front-1", Data: json.RawMessage(`{"ping":1}`)})
	c := comm.Open("counter", map[string]int{"n": 0}, nil)
	c.Close(nil)
	// Output:
	// comm_msg front-1 {"ping":1}
	// comm_open msg-1-1 {"n":0}
	// comm_close msg-1-1 {}
}
