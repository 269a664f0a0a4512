package kernel

import (
	"encoding/json"
	"fmt"
	"sort"
	"sync"

	"github.com/coevolab/coevo/kernel/zmtp"

	"github.com/coevolab/coevo/kernel/comm"
	"github.com/coevolab/coevo/kernel/wire"
	"github.com/coevolab/coevo/kernel/worker"
)

// comms is the kernel process's record of the comms open between the
// front end and the worker (package comm): their targets, for
// comm_info_request; and what the front end said on them, which a new
// worker is told when it restores the session, so that the widgets on the
// page keep working after a crash with the values the user gave them.
type comms struct {
	mu      sync.Mutex
	targets map[string]string         // comm id -> target name
	opened  []comm.Message            // comm_opens from the front end, in order
	state   map[string]map[string]any // comm id -> the state the front end last set, merged
	order   []string                  // comm ids of state, first update first
	known   map[string]bool           // ids in order
}

func (c *comms) init() {
	if c.targets == nil {
		c.targets, c.state, c.known = map[string]string{}, map[string]map[string]any{}, map[string]bool{}
	}
}

// front records a message from the front end.
func (c *comms) front(m comm.Message) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.init()
	switch m.Type {
	case "comm_open":
		c.targets[m.ID] = m.Target
		c.opened = append(c.opened, m)
	case "comm_close":
		c.forget(m.ID)
	case "comm_msg":
		var d struct {
			Method   string         `json:"method"`
			SyncData map[string]any `json:"sync_data"`
			State    map[string]any `json:"state"`
		}
		if json.Unmarshal(m.Data, &d) != nil {
			return
		}
		changes := d.State
		if d.Method == "backbone" {
			changes = d.SyncData
		} else if d.Method != "update" {
			return
		}
		if len(changes) == 0 {
			return
		}
		st := c.state[m.ID]
		if st == nil {
			st = map[string]any{}
			c.state[m.ID] = st
		}
		for k, v := range changes {
			st[k] = v
		}
		if !c.known[m.ID] {
			c.known[m.ID] = true
			c.order = append(c.order, m.ID)
		}
	}
}

// worker records a message from the worker.
func (c *comms) worker(m comm.Message) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.init()
	switch m.Type {
	case "comm_open":
		c.targets[m.ID] = m.Target
	case "comm_close":
		c.forget(m.ID)
	}
}

// forget drops a closed comm; c.mu is held.
func (c *comms) forget(id string) {
	delete(c.targets, id)
	delete(c.state, id)
	if c.known[id] {
		delete(c.known, id)
		for i, x := range c.order {
			if x == id {
				c.order = append(c.order[:i], c.order[i+1:]...)
				break
			}
		}
	}
	for i, o := range c.opened {
		if o.ID == id {
			c.opened = append(c.opened[:i], c.opened[i+1:]...)
			break
		}
	}
}

// open returns the open comms, of target if it is not "".
func (c *comms) open(target string) map[string]any {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := map[string]any{}
	for id, t := range c.targets {
		if target == "" || t == target {
			out[id] = map[string]any{"target_name": t}
		}
	}
	return out
}

// replay returns the messages that bring a new worker's comms to where
// the front end left them: the comms it opened, then for each comm the
// state it set.
func (c *comms) replay() []comm.Message {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := append([]comm.Message(nil), c.opened...)
	for _, id := range c.order {
		data, err := json.Marshal(map[string]any{"method": "update", "state": c.state[id], "buffer_paths": []any{}})
		if err == nil {
			out = append(out, comm.Message{Type: "comm_msg", ID: id, Data: data})
		}
	}
	return out
}

// forgetState forgets what the front end set on the comms.
func (c *comms) forgetState() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.state, c.known, c.order = map[string]map[string]any{}, map[string]bool{}, nil
}

// reset forgets every comm, returning the ids that were open.
func (c *comms) reset() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	var ids []string
	for id := range c.targets {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	c.targets, c.state, c.known, c.order, c.opened = nil, nil, nil, nil, nil
	c.init()
	return ids
}

// commInfo answers comm_info_request.
func (k *Kernel) commInfo(sock *zmtp.Socket, msg *wire.Message) {
	var c struct {
		Target string `json:"target_name"`
	}
	json.Unmarshal(msg.Content, &c)
	k.reply(sock, msg, "comm_info_reply", map[string]any{"status": "ok", "comms": k.comms.open(c.Target)})
}

// commRequest passes a comm message from the front end to the worker,
// where the callbacks it triggers run as a cell does: what they print
// and display is published as the message's children, and an error (a
// panic in a callback, an interrupt) is shown as an error output.
func (k *Kernel) commRequest(msg *wire.Message) {
	var c struct {
		ID     string          `json:"comm_id"`
		Target string          `json:"target_name"`
		Data   json.RawMessage `json:"data"`
	}
	if err := json.Unmarshal(msg.Content, &c); err != nil || c.ID == "" {
		k.log.Printf("%s without a comm id: dropped", msg.Header.MsgType)
		return
	}
	m := comm.Message{Type: msg.Header.MsgType, ID: c.ID, Target: c.Target, Data: c.Data, Metadata: msg.Metadata}
	k.comms.front(m)
	sink := &cellSink{k: k, parent: msg, done: make(chan struct{})}
	rep, death, note := k.sup.execute(worker.Request{Op: "comm", Comm: &m, MsgID: msg.Header.MsgID, Cell: "callback"}, sink)
	close(sink.done)
	sink.flush()
	if fail := failure(rep, death); fail != nil {
		sink.publish("error", map[string]any{"ename": fail.Name, "evalue": fail.Value, "traceback": fail.Traceback})
	}
	if note != "" {
		sink.note(note)
	}
}

// publishComm sends a worker's comm message on iopub, as a child of
// parent, and records it.
func (k *Kernel) publishComm(parent *wire.Message, m comm.Message) {
	k.comms.worker(m)
	data := m.Data
	if len(data) == 0 {
		data = json.RawMessage("{}")
	}
	content := map[string]any{"comm_id": m.ID, "data": data}
	if m.Type == "comm_open" {
		content["target_name"] = m.Target
	}
	c, err := json.Marshal(content)
	if err != nil {
		k.log.Printf("publish %s: %v", m.Type, err)
		return
	}
	out := &wire.Message{Header: wire.NewHeader(m.Type, k.session), Content: c, Metadata: m.Metadata,
		Identities: [][]byte{[]byte("comm-" + m.ID)}}
	if parent != nil {
		out.Parent = parent.Header
		out.Header.Session = parent.Header.Session
	}
	k.iopubMu.Lock()
	defer k.iopubMu.Unlock()
	k.send(k.iopub, out)
}

// replayCommsLocked brings a new worker's comms to where the front end
// left them (see comms.replay), after its cells were replayed, and returns
// a note to add to the restore's ("" if all went well). After a restore
// that could not replay the cells (emptied), the comms are closed in the
// front end instead: their widgets are gone. If replaying the values kills
// the worker (a callback that crashes on the value the user set), they
// are forgotten and the cells replayed again without them. s.mu is held.
func (s *supervisor) replayCommsLocked(emptied bool) string {
	if emptied {
		for _, id := range s.k.comms.reset() {
			s.k.publishComm(nil, comm.Message{Type: "comm_close", ID: id})
		}
		return ""
	}
	for _, m := range s.k.comms.replay() {
		m := m
		if s.wasAborted() {
			return ""
		}
		if _, d := s.callLocked(s.current(), worker.Request{Op: "comm", Comm: &m, Cell: "callback", Replay: true, Silent: true}, &cellSink{quiet: true}); d != nil {
			s.k.log.Printf("restore: the worker died replaying the widgets' values: %s", d.Cause)
			s.k.comms.forgetState()
			return fmt.Sprintf(" The widgets' last values were not restored: setting them again killed the worker (%s). ", d.Cause) + s.restoreLocked()
		}
	}
	return ""
}
