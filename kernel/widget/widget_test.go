package widget

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/coevolab/coevo/kernel/comm"
	"github.com/coevolab/coevo/kernel/display"
)

// front is a fake front end: it records what the kernel side sends.
type front struct {
	mu       sync.Mutex
	msgs     []comm.Message
	displays []display.Bundle
	clears   []bool
}

func (f *front) Comm(m comm.Message) { f.mu.Lock(); f.msgs = append(f.msgs, m); f.mu.Unlock() }
func (f *front) Display(b display.Bundle, id string, update bool) {
	f.mu.Lock()
	f.displays = append(f.displays, b)
	f.mu.Unlock()
}
func (f *front) Clear(wait bool) { f.mu.Lock(); f.clears = append(f.clears, wait); f.mu.Unlock() }

// take returns the messages sent since the last take.
func (f *front) take() []comm.Message {
	f.mu.Lock()
	defer f.mu.Unlock()
	m := f.msgs
	f.msgs = nil
	return m
}

// attach makes f the front end of a request with message id msgID, in
// protocol p.
func attach(t *testing.T, p int, msgID string) *front {
	t.Helper()
	f := &front{}
	protoMu.Lock()
	protocol = p
	protoMu.Unlock()
	comm.Attach(f, msgID)
	display.Attach(f, context.Background())
	t.Cleanup(func() {
		comm.Attach(nil, "")
		display.Attach(nil, context.Background())
		protoMu.Lock()
		protocol = protocol2
		protoMu.Unlock()
	})
	return f
}

// opened decodes the state of a protocol 2 comm_open.
func opened(t *testing.T, m comm.Message) map[string]any {
	t.Helper()
	if m.Type != "comm_open" || m.Target != "jupyter.widget" {
		t.Fatalf("want a comm_open to jupyter.widget, got %+v", m)
	}
	var d struct {
		State       map[string]any
		BufferPaths []any `json:"buffer_paths"`
	}
	if err := json.Unmarshal(m.Data, &d); err != nil || d.State == nil || d.BufferPaths == nil {
		t.Fatalf("comm_open data %s: want {state, buffer_paths} (%v)", m.Data, err)
	}
	if m.Metadata["version"] != "2.1.0" {
		t.Fatalf("comm_open metadata %v: want version 2.1.0", m.Metadata)
	}
	return d.State
}

// frontSays delivers a message from the front end on comm id.
func frontSays(t *testing.T, id string, data any) {
	t.Helper()
	b, _ := json.Marshal(data)
	if err := comm.Deliver(comm.Message{Type: "comm_msg", ID: id, Data: b}); err != nil {
		t.Fatal(err)
	}
}

// The protocol 2 state of an IntSlider is ipywidgets 8's (its _version.py:
// protocol 2.1.0, controls and base 2.0.0): a slider model of
// @jupyter-widgets/controls 2.0.0 with a layout (base 2.0.0) and a slider
// style, opened first and referred to as IPY_MODEL_<id>.
// tests/kernel/test_widgets.py compares every model with ipywidgets 8's.
func TestIntSliderProtocol2(t *testing.T) {
	f := attach(t, protocol2, "exec-1")
	s := NewIntSlider("generation", 0, 19)
	msgs := f.take()
	if len(msgs) != 3 {
		t.Fatalf("%d comm_opens, want 3 (layout, style, slider): %+v", len(msgs), msgs)
	}
	layout, style, slider := opened(t, msgs[0]), opened(t, msgs[1]), opened(t, msgs[2])
	for _, c := range []struct {
		state            map[string]any
		model, view, mod string
		modVer, viewMod  string
		viewVer          string
	}{
		{layout, "LayoutModel", "LayoutView", "@jupyter-widgets/base", "2.0.0", "@jupyter-widgets/base", "2.0.0"},
		{style, "SliderStyleModel", "StyleView", "@jupyter-widgets/controls", "2.0.0", "@jupyter-widgets/base", "2.0.0"},
		{slider, "IntSliderModel", "IntSliderView", "@jupyter-widgets/controls", "2.0.0", "@jupyter-widgets/controls", "2.0.0"},
	} {
		got := fmt.Sprint(c.state["_model_name"], c.state["_view_name"], c.state["_model_module"], c.state["_model_module_version"], c.state["_view_module"], c.state["_view_module_version"])
		want := fmt.Sprint(c.model, c.view, c.mod, c.modVer, c.viewMod, c.viewVer)
		if got != want {
			t.Errorf("model %s, want %s", got, want)
		}
	}
	if slider["layout"] != "IPY_MODEL_"+msgs[0].ID || slider["style"] != "IPY_MODEL_"+msgs[1].ID {
		t.Errorf("slider refers to layout %v and style %v, want the models opened before it (%s, %s)", slider["layout"], slider["style"], msgs[0].ID, msgs[1].ID)
	}
	if slider["value"] != 0.0 || slider["min"] != 0.0 || slider["max"] != 19.0 || slider["description"] != "generation" || slider["readout_format"] != "d" {
		t.Errorf("slider state %v", slider)
	}
	for _, k := range []string{"msg_throttle", "_range"} {
		if _, ok := slider[k]; ok {
			t.Errorf("protocol 2's slider has no %s: %v", k, slider)
		}
	}
	if msgs[2].ID != s.ModelID() || !strings.HasPrefix(s.ModelID(), "exec-1-") {
		t.Errorf("model id %q: want the comm's, named after the request exec-1", s.ModelID())
	}
	// A dropdown with nothing to choose has no index.
	NewDropdown("empty", nil)
	msgs = f.take()
	if empty := opened(t, msgs[len(msgs)-1]); empty["index"] != nil || empty["_model_name"] != "DropdownModel" {
		t.Errorf("an empty dropdown: %v", empty)
	}
}

// A value the front end sets is stored and calls OnChange, and is not
// sent back; a value set in the kernel is sent, clamped to the range.
func TestIntSliderSync(t *testing.T) {
	f := attach(t, protocol2, "exec-2")
	s := NewIntSlider("n", 0, 10)
	f.take()
	var seen []int
	s.OnChange(func(v int) { seen = append(seen, v) })
	frontSays(t, s.ModelID(), map[string]any{"method": "update", "state": map[string]any{"value": 7}, "buffer_paths": []any{}})
	if s.Value() != 7 || fmt.Sprint(seen) != "[7]" {
		t.Fatalf("after the front end set 7: value %d, callbacks %v", s.Value(), seen)
	}
	if m := f.take(); len(m) != 0 {
		t.Fatalf("the front end's own change was sent back: %+v", m)
	}
	frontSays(t, s.ModelID(), map[string]any{"method": "update", "state": map[string]any{"value": 7}})
	if len(seen) != 1 {
		t.Fatalf("an unchanged value called OnChange again: %v", seen)
	}
	s.SetValue(99)
	msgs := f.take()
	if s.Value() != 10 || len(msgs) != 1 || !strings.Contains(string(msgs[0].Data), `"value":10`) || !strings.Contains(string(msgs[0].Data), `"method":"update"`) {
		t.Fatalf("SetValue(99) on 0..10: value %d, sent %+v", s.Value(), msgs)
	}
	frontSays(t, s.ModelID(), map[string]any{"method": "request_state"})
	msgs = f.take()
	if len(msgs) != 1 || !strings.Contains(string(msgs[0].Data), `"_model_name":"IntSliderModel"`) {
		t.Fatalf("request_state: %+v", msgs)
	}
}

// A protocol 1 front end opens the version comm and is answered with the
// jupyter-js-widgets versions this package speaks to; from then on models
// are opened with their state as the comm_open's data, and a dropdown
// selects by label.
func TestProtocol1(t *testing.T) {
	f := attach(t, protocol2, "exec-3")
	if err := comm.Deliver(comm.Message{Type: "comm_open", ID: "version-comm", Target: "jupyter.widget.version", Data: json.RawMessage(`{}`)}); err != nil {
		t.Fatal(err)
	}
	msgs := f.take()
	if len(msgs) != 1 || msgs[0].ID != "version-comm" || string(msgs[0].Data) != `{"version":"~2.1.4"}` {
		t.Fatalf("version comm answered %+v", msgs)
	}
	frontSays(t, "version-comm", map[string]any{"validated": true, "frontend_version": "2.1.4"})
	if currentProtocol() != protocol1 {
		t.Fatal("the version comm did not switch to protocol 1")
	}
	d := NewDropdown("run", []string{"a", "b", "c"})
	msgs = f.take()
	var state map[string]any
	if err := json.Unmarshal(msgs[len(msgs)-1].Data, &state); err != nil {
		t.Fatal(err)
	}
	if len(msgs) != 2 {
		t.Errorf("protocol 1 dropdown: %d comm_opens, want 2 (layout, dropdown: no style)", len(msgs))
	}
	if state["_model_module"] != "jupyter-js-widgets" || state["_model_module_version"] != "~2.1.4" || state["msg_throttle"] != 1.0 ||
		state["value"] != "a" || state["_model_name"] != "DropdownModel" || msgs[len(msgs)-1].Metadata != nil {
		t.Fatalf("protocol 1 dropdown state %v metadata %v", state, msgs[len(msgs)-1].Metadata)
	}
	for _, k := range []string{"index", "tooltip", "tabbable", "description_allow_html"} {
		if _, ok := state[k]; ok {
			t.Errorf("protocol 1 dropdown has ipywidgets 8's %s: %v", k, state)
		}
	}
	var got []string
	d.OnChange(func(v string) { got = append(got, v) })
	frontSays(t, d.ModelID(), map[string]any{"method": "backbone", "sync_data": map[string]any{"value": "c"}})
	if d.Value() != "c" || d.Index() != 2 || fmt.Sprint(got) != "[c]" {
		t.Fatalf("after the front end chose c: %q (index %d), callbacks %v", d.Value(), d.Index(), got)
	}
	d.SetIndex(1)
	msgs = f.take()
	if len(msgs) != 1 || !strings.Contains(string(msgs[0].Data), `"value":"b"`) || !strings.Contains(string(msgs[0].Data), `"buffers":[]`) {
		t.Fatalf("SetIndex(1) sent %+v", msgs)
	}
	if err := d.SetValue("z"); err == nil {
		t.Fatal("SetValue of a label not in the options: no error")
	}

	// A protocol 1 view is drawn on a "display" comm message; the
	// display_data carries no text/plain, which the classic Notebook would
	// print beside it.
	d.ShowSelf()
	msgs = f.take()
	if len(msgs) != 1 || string(msgs[0].Data) != `{"method":"display"}` {
		t.Fatalf("display in protocol 1 sent %+v", msgs)
	}
	b := f.displays[len(f.displays)-1]
	if _, ok := b["text/plain"]; ok || b[ViewMIME] == nil {
		t.Fatalf("protocol 1 display bundle %v", b)
	}
}

// A protocol 2 view is a display_data with the model id, the protocol's
// version and a text/plain for text front ends.
func TestShowProtocol2(t *testing.T) {
	f := attach(t, protocol2, "exec-4")
	c := NewCheckbox("elitism", true)
	f.take()
	display.Show(c)
	if m := f.take(); len(m) != 0 {
		t.Fatalf("protocol 2 display sent comm messages %+v", m)
	}
	b := f.displays[len(f.displays)-1]
	view, _ := b[ViewMIME].(map[string]any)
	if view["model_id"] != c.ModelID() || view["version_major"] != 2 || b["text/plain"] != `Checkbox(value=true, description="elitism")` {
		t.Fatalf("display bundle %v", b)
	}
}

// A button's clicks come as custom messages.
func TestButtonClick(t *testing.T) {
	f := attach(t, protocol2, "exec-5")
	b := NewButton("run")
	f.take()
	n := 0
	b.OnClick(func() { n++ })
	frontSays(t, b.ModelID(), map[string]any{"method": "custom", "content": map[string]any{"event": "click"}})
	frontSays(t, b.ModelID(), map[string]any{"method": "custom", "content": map[string]any{"event": "hover"}})
	if n != 1 {
		t.Fatalf("%d clicks counted, want 1", n)
	}
}

// Interact checks the function against the controls, draws at once into
// the output area's state (protocol 2: no capture of the cell's output,
// which nbclient would answer on the shell channel while the cell's reply
// arrives), and redraws on a change inside the output area: its msg_id is
// set to the request being served while the function runs, then cleared.
func TestInteract(t *testing.T) {
	f := attach(t, protocol2, "exec-6")
	n := NewIntSlider("n", 1, 5)
	name := NewDropdown("name", []string{"x", "y"})
	for _, bad := range []struct {
		f    any
		want string
	}{
		{42, "want a function"},
		{func(int) {}, "takes 1 parameters for 2 controls"},
		{func(string, int) {}, "parameter 1 of the function is string, but control 1 (IntSlider) gives int"},
		{func(int, string) (int, int) { return 0, 0 }, "returns 2 values"},
	} {
		if _, err := Interact(bad.f, n, name); err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("Interact(%T): error %v, want %q", bad.f, err, bad.want)
		}
	}
	if _, err := Interact(func(b *Button) {}, NewButton("b")); err == nil || !strings.Contains(err.Error(), "no value") {
		t.Errorf("Interact with a button: %v", err)
	}
	f.take()
	ui, err := Interact(func(n int, name string) string { return strings.Repeat(name, n) }, n, name)
	if err != nil {
		t.Fatal(err)
	}
	var msgIDs, drawn []string
	for _, m := range f.take() {
		if m.ID == ui.Output.ModelID() && m.Type == "comm_msg" {
			var d struct {
				State struct {
					MsgID   *string `json:"msg_id"`
					Outputs []struct {
						Type string         `json:"output_type"`
						Data map[string]any `json:"data"`
					}
				}
			}
			json.Unmarshal(m.Data, &d)
			if d.State.MsgID != nil {
				msgIDs = append(msgIDs, *d.State.MsgID)
			}
			for _, o := range d.State.Outputs {
				drawn = append(drawn, o.Type+" "+fmt.Sprint(o.Data["text/plain"]))
			}
		}
	}
	if len(msgIDs) != 0 || fmt.Sprint(drawn) != `[display_data "x"]` || len(f.displays) != 0 || len(f.clears) != 0 {
		t.Fatalf("first draw: output msg_id %q, outputs %q, displays %v, clears %v; want outputs [display_data \"x\"] in the state only", msgIDs, drawn, f.displays, f.clears)
	}
	comm.Attach(f, "comm-msg-7") // a slider move, served as a request of its own
	frontSays(t, n.ModelID(), map[string]any{"method": "update", "state": map[string]any{"value": 3}})
	if len(f.displays) != 1 || f.displays[0]["text/plain"] != `"xxx"` {
		t.Fatalf("after n=3: displays %v", f.displays)
	}
	var sent strings.Builder
	for _, m := range f.take() {
		sent.Write(m.Data)
	}
	if !strings.Contains(sent.String(), `"msg_id":"comm-msg-7"`) {
		t.Fatal("the redraw was not captured under the slider's message")
	}
	name.SetValue("y")
	if f.displays[1]["text/plain"] != `"yyy"` {
		t.Fatalf("after name=y: %v", f.displays[1])
	}

	// An error the function returns is shown in place of its result.
	boom := NewIntSlider("k", 0, 3)
	_, err = Interact(func(k int) (string, error) {
		if k > 0 {
			return "", errors.New("k must be 0")
		}
		return "ok", nil
	}, boom)
	if err != nil {
		t.Fatal(err)
	}
	boom.SetValue(2)
	if last := f.displays[len(f.displays)-1]["text/plain"]; last != "error: k must be 0" {
		t.Fatalf("an error result shows as %v", last)
	}
}

// The layout's CSS properties are checked, kept sorted for the search.
func TestLayout(t *testing.T) {
	attach(t, protocol2, "exec-8")
	if !sort.StringsAreSorted(layoutProperties) {
		t.Fatal("layoutProperties are not sorted")
	}
	s := NewFloatSlider("eps", 0, 1, 0.01)
	if err := s.Layout().Set("max-width", "400px"); err != nil || s.Layout().Get("max-width") != "400px" {
		t.Fatalf("Set max-width: %v, %q", err, s.Layout().Get("max-width"))
	}
	if err := s.Layout().Set("colour", "red"); err == nil || !strings.Contains(err.Error(), `no property "colour"`) {
		t.Fatalf("an unknown property: %v", err)
	}
	// ipywidgets 8's layout has no overflow_x, and a border for each side.
	if err := s.Layout().Set("overflow-x", "auto"); err == nil || !strings.Contains(err.Error(), "set overflow") {
		t.Fatalf("overflow-x in protocol 2: %v", err)
	}
	f := attach(t, protocol2, "exec-8b")
	if err := s.Layout().Set("border", "1px solid red"); err != nil {
		t.Fatal(err)
	}
	msgs := f.take()
	want := `{"buffer_paths":[],"method":"update","state":{"border_bottom":"1px solid red","border_left":"1px solid red","border_right":"1px solid red","border_top":"1px solid red"}}`
	if len(msgs) != 1 || string(msgs[0].Data) != want {
		t.Fatalf("border set sends %+v, want one update %s", msgs, want)
	}
}

// An ipywidgets 8 front end opens the control comm and asks for every
// widget's state at once; the answer names each model as a comm_open does
// and carries its whole state.
func TestControlComm(t *testing.T) {
	f := attach(t, protocol2, "exec-10")
	s := NewIntSlider("n", 3, 7)
	s.SetValue(5)
	f.take()
	if err := comm.Deliver(comm.Message{Type: "comm_open", ID: "control", Target: "jupyter.widget.control", Data: json.RawMessage(`{}`),
		Metadata: map[string]any{"version": "1.0.0"}}); err != nil {
		t.Fatal(err)
	}
	if msgs := f.take(); len(msgs) != 0 {
		t.Fatalf("the control comm's open was answered with %+v, want nothing until asked", msgs)
	}
	frontSays(t, "control", map[string]any{"method": "request_states"})
	msgs := f.take()
	if len(msgs) != 1 || msgs[0].ID != "control" || msgs[0].Type != "comm_msg" {
		t.Fatalf("request_states answered with %+v, want one message on the control comm", msgs)
	}
	var reply struct {
		Method string
		States map[string]struct {
			ModelName          string `json:"model_name"`
			ModelModule        string `json:"model_module"`
			ModelModuleVersion string `json:"model_module_version"`
			State              map[string]any
		}
		BufferPaths []any `json:"buffer_paths"`
	}
	if err := json.Unmarshal(msgs[0].Data, &reply); err != nil || reply.Method != "update_states" || reply.BufferPaths == nil {
		t.Fatalf("reply %s: want update_states with buffer_paths (%v)", msgs[0].Data, err)
	}
	st, ok := reply.States[s.ModelID()]
	if !ok || len(reply.States) != Models() {
		t.Fatalf("the reply has %d states, want every model open (%d) with the slider's", len(reply.States), Models())
	}
	if st.ModelName != "IntSliderModel" || st.ModelModule != "@jupyter-widgets/controls" || st.ModelModuleVersion != "2.0.0" ||
		st.State["value"] != 5.0 || st.State["max"] != 7.0 || st.State["layout"] == nil {
		t.Fatalf("the slider's state in the reply: %+v", st)
	}
	if err := comm.Deliver(comm.Message{Type: "comm_close", ID: "control"}); err != nil {
		t.Fatal(err)
	}
}

// Closing a widget closes its layout and style too, and the front end's
// close of a comm is the widget's close.
func TestClose(t *testing.T) {
	f := attach(t, protocol2, "exec-9")
	before := Models()
	s := NewIntSlider("n", 0, 1)
	if Models() != before+3 {
		t.Fatalf("%d models open after a slider, want %d", Models(), before+3)
	}
	f.take()
	closed := false
	s.OnClose(func() { closed = true })
	s.Close()
	var types []string
	for _, m := range f.take() {
		types = append(types, m.Type)
	}
	if Models() != before || !closed || fmt.Sprint(types) != "[comm_close comm_close comm_close]" {
		t.Fatalf("after Close: %d models (want %d), OnClose called %v, sent %v", Models(), before, closed, types)
	}
	b := NewButton("b")
	if err := comm.Deliver(comm.Message{Type: "comm_close", ID: b.ModelID()}); err != nil {
		t.Fatal(err)
	}
	if err := comm.Deliver(comm.Message{Type: "comm_msg", ID: b.ModelID(), Data: json.RawMessage(`{"method":"custom"}`)}); !errors.Is(err, comm.ErrUnknown) {
		t.Fatalf("a message on a closed comm: %v", err)
	}
}
