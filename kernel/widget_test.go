package kernel_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/coevolab/coevo/kernel"
	"github.com/coevolab/coevo/kernel/wire"
)

// commOut is what the kernel sent on iopub for one request, decoded.
type commOut struct {
	Type     string
	CommID   string `json:"comm_id"`
	Target   string `json:"target_name"`
	Data     map[string]any
	Metadata map[string]any
	Parent   string
	Text     string
	Ename    string
	Evalue   string
}

func decodeOut(msgs []*wire.Message) []commOut {
	var out []commOut
	for _, m := range msgs {
		var o commOut
		json.Unmarshal(m.Content, &o)
		o.Type, o.Metadata, o.Parent = m.Header.MsgType, m.Metadata, m.Parent.MsgID
		out = append(out, o)
	}
	return out
}

// frontSays sends a comm message as a front end does, and returns what the
// kernel published for it (until its idle status).
func (c *client) frontSays(typ, commID string, data any) []commOut {
	c.t.Helper()
	content := map[string]any{"comm_id": commID, "data": data}
	if typ == "comm_open" {
		content["target_name"] = data.(map[string]any)["target"]
		content["data"] = map[string]any{}
	}
	id := c.send(c.shell, typ, content)
	return decodeOut(c.outputs(id))
}

// widgetIDs returns the comm ids opened to jupyter.widget by a request,
// by model name.
func widgetIDs(t *testing.T, outs []commOut) map[string]string {
	t.Helper()
	ids := map[string]string{}
	for _, o := range outs {
		if o.Type != "comm_open" || o.Target != "jupyter.widget" {
			continue
		}
		state, _ := o.Data["state"].(map[string]any)
		if state == nil {
			state = o.Data // protocol 1
		}
		name, _ := state["_model_name"].(string)
		if _, dup := ids[name]; !dup {
			ids[name] = o.CommID
		}
	}
	return ids
}

// Widgets over the wire, as the front end's widget manager drives them:
// comm_open from a cell with protocol 2 state and metadata, a view shown
// as display_data, comm_info, a slider moved (comm_msg) redrawing an
// Interact's output as children of that message, a callback's panic shown
// as an error with the session kept, an interrupted callback.
func TestWidgetsOverTheWire(t *testing.T) {
	c := startWith(t, kernel.Options{InterruptGrace: 10 * time.Second})
	r := c.execute(`import (
	"strings"

	"github.com/coevolab/coevo/kernel/widget"
)

n := widget.NewIntSlider("n", 1, 5)
word := widget.NewDropdown("word", []string{"ab", "cd"})
ui, err := widget.Interact(func(n int, w string) string { return strings.Repeat(w, n) }, n, word)
if err != nil {
	panic(err)
}
ui`)
	if r.reply["status"] != "ok" {
		t.Fatalf("%v", r.reply)
	}
	outs := decodeOut(r.outputs)
	ids := widgetIDs(t, outs)
	slider, box, out := ids["IntSliderModel"], ids["VBoxModel"], ids["OutputModel"]
	if slider == "" || box == "" || out == "" || ids["LayoutModel"] == "" || ids["DropdownModel"] == "" {
		t.Fatalf("models opened: %v", ids)
	}
	// The first draw is in the output model's state (protocol 2), not a
	// captured display: nbclient answers a capture on the shell channel,
	// which raced with the cell's execute_reply.
	var shown, captured bool
	for _, o := range outs {
		if o.Type == "comm_open" && o.Metadata["version"] != "2.1.0" {
			t.Errorf("comm_open of %s without the protocol version in its metadata: %v", o.CommID, o.Metadata)
		}
		if o.Type == "comm_msg" && o.CommID == out {
			st, _ := o.Data["state"].(map[string]any)
			if _, ok := st["msg_id"]; ok {
				t.Errorf("the first draw set the output's msg_id (a capture): %v", st)
			}
			for _, x := range asSlice(st["outputs"]) {
				d, _ := x.(map[string]any)["data"].(map[string]any)
				captured = captured || d["text/plain"] == `"ab"`
			}
		}
		if o.Type == "display_data" {
			view, _ := o.Data["application/vnd.jupyter.widget-view+json"].(map[string]any)
			shown = shown || view["model_id"] == box && view["version_major"] == 2.0
		}
		if o.Type == "execute_result" {
			t.Errorf("a widget shown as the cell's result: %v (want a display_data, as IPython shows widgets)", o.Data)
		}
	}
	if !shown || !captured {
		t.Fatalf("the box was shown %v, the first draw %v; outputs %+v", shown, captured, outs)
	}

	c.send(c.shell, "comm_info_request", map[string]any{"target_name": "jupyter.widget"})
	var info struct {
		Comms map[string]struct {
			Target string `json:"target_name"`
		}
	}
	json.Unmarshal(c.recv(c.shell).Content, &info)
	if info.Comms[slider].Target != "jupyter.widget" || info.Comms[out].Target != "jupyter.widget" {
		t.Fatalf("comm_info: %+v, want %s and %s", info, slider, out)
	}

	// The user moves the slider: the output is redrawn under the move.
	moved := c.frontSays("comm_msg", slider, map[string]any{"method": "update", "state": map[string]any{"value": 3}, "buffer_paths": []any{}})
	var capturedAs, drawn string
	for _, o := range moved {
		if o.Type == "comm_msg" && o.CommID == out {
			if st, _ := o.Data["state"].(map[string]any); st["msg_id"] != "" && st["msg_id"] != nil {
				capturedAs = st["msg_id"].(string)
			}
		}
		if o.Type == "display_data" {
			drawn = fmt.Sprint(o.Data["text/plain"])
			if capturedAs == "" || o.Parent != capturedAs {
				t.Errorf("the redraw's parent %q is not the message the output captures (%q)", o.Parent, capturedAs)
			}
		}
	}
	if drawn != `"ababab"` {
		t.Fatalf("after n=3 the output shows %q; messages %+v", drawn, moved)
	}
	if r := c.execute("n.Value()"); r.data("execute_result", "text/plain") != "3" {
		t.Fatalf("the cell sees the slider at %q, want 3", r.data("execute_result", "text/plain"))
	}

	// A callback that panics: an error output under the message; the
	// session goes on.
	r = c.execute(`bad := widget.NewCheckbox("explode", false)
bad.OnChange(func(v bool) { panic("callback exploded") })
bad`)
	badID := widgetIDs(t, decodeOut(r.outputs))["CheckboxModel"]
	outs = c.frontSays("comm_msg", badID, map[string]any{"method": "update", "state": map[string]any{"value": true}})
	var perr commOut
	for _, o := range outs {
		if o.Type == "error" {
			perr = o
		}
	}
	if perr.Ename != "panic" || perr.Evalue != "callback exploded" {
		t.Fatalf("a panicking callback showed %+v (outputs %+v)", perr, outs)
	}
	if r := c.execute("n.Value() + 1"); r.data("execute_result", "text/plain") != "4" {
		t.Fatalf("after the panic: %v", r.reply)
	}

	// A callback that loops is stopped by an interrupt, as a cell is.
	r = c.execute(`spin := widget.NewButton("spin")
spins := 0
spin.OnClick(func() { for { spins++ } })
spin`)
	spinID := widgetIDs(t, decodeOut(r.outputs))["ButtonModel"]
	sent := c.interruptAfter(500 * time.Millisecond)
	outs = c.frontSays("comm_msg", spinID, map[string]any{"method": "custom", "content": map[string]any{"event": "click"}})
	t.Logf("the callback stopped %v after the interrupt", time.Since(<-sent))
	c.recv(c.control)
	var ierr commOut
	for _, o := range outs {
		if o.Type == "error" {
			ierr = o
		}
	}
	if ierr.Ename != "interrupted" {
		t.Fatalf("an interrupted callback showed %+v", ierr)
	}
	if r := c.execute("spins > 0 && n.Value() == 3"); r.data("execute_result", "text/plain") != "true" {
		t.Fatalf("after the interrupt: %v %q", r.reply, r.data("execute_result", "text/plain"))
	}
	// The Interact's function, made before the interrupt, still draws.
	drawn = ""
	for _, o := range c.frontSays("comm_msg", slider, map[string]any{"method": "update", "state": map[string]any{"value": 2}}) {
		if o.Type == "display_data" {
			drawn = fmt.Sprint(o.Data["text/plain"])
		}
	}
	if drawn != `"abab"` {
		t.Fatalf("after the interrupt, n=2 draws %q", drawn)
	}
}

// A front end that opens the version comm (the classic Notebook's
// jupyter-js-widgets 2.1) gets protocol 1: its version answered, models
// opened with their state as data, and views drawn on a "display" comm
// message beside a display_data without text/plain.
func TestWidgetsProtocol1(t *testing.T) {
	c := start(t)
	outs := c.frontSays("comm_open", "version-1", map[string]any{"target": "jupyter.widget.version"})
	var answered bool
	for _, o := range outs {
		answered = answered || o.Type == "comm_msg" && o.CommID == "version-1" && o.Data["version"] == "~2.1.4"
	}
	if !answered {
		t.Fatalf("the version comm was answered %+v", outs)
	}
	c.frontSays("comm_msg", "version-1", map[string]any{"validated": true, "frontend_version": "2.1.4"})
	r := c.execute(`import "github.com/coevolab/coevo/kernel/widget"
widget.NewFloatSlider("eps", 0, 1, 0.05)`)
	outs = decodeOut(r.outputs)
	id := widgetIDs(t, outs)["FloatSliderModel"]
	var opened map[string]any
	var displayMsg, viewData bool
	for _, o := range outs {
		if o.Type == "comm_open" && o.CommID == id {
			opened = o.Data
		}
		displayMsg = displayMsg || o.Type == "comm_msg" && o.CommID == id && o.Data["method"] == "display"
		if o.Type == "display_data" {
			_, text := o.Data["text/plain"]
			viewData = o.Data["application/vnd.jupyter.widget-view+json"] != nil && !text
		}
	}
	if opened["_model_module"] != "jupyter-js-widgets" || opened["_model_module_version"] != "~2.1.4" || opened["step"] != 0.05 || !displayMsg || !viewData {
		t.Fatalf("protocol 1: opened %v, display message %v, view data %v", opened, displayMsg, viewData)
	}
	// The front end syncs with "backbone".
	c.frontSays("comm_msg", id, map[string]any{"method": "backbone", "sync_data": map[string]any{"value": 0.25}})
	if r := c.execute(`import "github.com/coevolab/coevo/kernel/widget"
fmt.Sprint(widget.Models() > 0)`); !strings.Contains(r.data("execute_result", "text/plain"), "true") {
		t.Fatalf("%v", r.reply)
	}
}

// A comm_open to a target nobody registered is closed, as the
// specification asks.
func TestUnknownCommTarget(t *testing.T) {
	c := start(t)
	outs := c.frontSays("comm_open", "nobody-1", map[string]any{"target": "no.such.target"})
	var closed bool
	for _, o := range outs {
		closed = closed || o.Type == "comm_close" && o.CommID == "nobody-1"
		if o.Type == "error" {
			t.Errorf("an unknown target showed an error: %+v", o)
		}
	}
	if !closed {
		t.Fatalf("outputs %+v", outs)
	}
}

// When the worker dies, the new one replays the cells with their message
// ids, so the widgets keep their comm ids and work on, with the values
// the front end gave them.
func TestWidgetsSurviveRestore(t *testing.T) {
	c := start(t)
	r := c.execute(`import "github.com/coevolab/coevo/kernel/widget"
s := widget.NewIntSlider("s", 0, 100)
s`)
	id := widgetIDs(t, decodeOut(r.outputs))["IntSliderModel"]
	c.frontSays("comm_msg", id, map[string]any{"method": "update", "state": map[string]any{"value": 42}})
	r = c.execute("import \"os\"\nos.Exit(3)")
	if r.reply["ename"] != "worker died" {
		t.Fatalf("%v", r.reply)
	}
	if r := c.execute("s.Value()"); r.data("execute_result", "text/plain") != "42" {
		t.Fatalf("after the restore the slider reads %q, want 42 (the value the front end set)", r.data("execute_result", "text/plain"))
	}
	r = c.execute(`got := 0
s.OnChange(func(v int) { got = v })`)
	c.frontSays("comm_msg", id, map[string]any{"method": "update", "state": map[string]any{"value": 7}})
	if r := c.execute("got"); r.data("execute_result", "text/plain") != "7" {
		t.Fatalf("the slider's comm %s does not reach the new worker: got %q", id, r.data("execute_result", "text/plain"))
	}

	// A callback that kills the worker costs the worker, as a cell does:
	// an error under the click, the session restored, the widgets alive.
	r = c.execute("import \"os\"\nquit := widget.NewButton(\"quit\")\nquit.OnClick(func() { os.Exit(5) })\nquit")
	quitID := widgetIDs(t, decodeOut(r.outputs))["ButtonModel"]
	var died commOut
	restored := false
	for _, o := range c.frontSays("comm_msg", quitID, map[string]any{"method": "custom", "content": map[string]any{"event": "click"}}) {
		if o.Type == "error" {
			died = o
		}
		restored = restored || o.Type == "display_data" && strings.Contains(fmt.Sprint(o.Data["text/plain"]), "Session restored")
	}
	if died.Ename != "worker died" || !strings.Contains(died.Evalue, "status 5") || !restored {
		t.Fatalf("a callback calling os.Exit: error %+v, restore note %v", died, restored)
	}
	if r := c.execute("s.Value()"); r.data("execute_result", "text/plain") != "7" {
		t.Fatalf("after the callback killed the worker the slider reads %q, want 7", r.data("execute_result", "text/plain"))
	}

	// A callback that kills the worker on the value the user set would
	// kill every new worker the restore sets it in: the value is dropped.
	r = c.execute("s.OnChange(func(v int) {\n\tif v == 13 {\n\t\tos.Exit(6)\n\t}\n})")
	var notes []string
	for _, o := range c.frontSays("comm_msg", id, map[string]any{"method": "update", "state": map[string]any{"value": 13}}) {
		if o.Type == "display_data" {
			notes = append(notes, fmt.Sprint(o.Data["text/plain"]))
		}
	}
	if note := strings.Join(notes, " "); !strings.Contains(note, "last values were not restored") || !strings.Contains(note, "Session restored") {
		t.Fatalf("the restore says %q", note)
	}
	if r := c.execute("s.Value()"); r.data("execute_result", "text/plain") != "0" {
		t.Fatalf("after the restore the slider reads %q, want 0 (its value dropped)", r.data("execute_result", "text/plain"))
	}
}

func asSlice(v any) []any {
	s, _ := v.([]any)
	return s
}
