package widget

import (
	"encoding/json"
	"fmt"
	"math"
	"sort"
	"strings"
	"sync"

	"github.com/coevolab/coevo/kernel/comm"
	"github.com/coevolab/coevo/kernel/display"
)

// The two widget protocols this package speaks. Protocol 1 is ipywidgets
// 6's, which the classic Notebook's jupyter-js-widgets 2.1 front end
// speaks (Debian 12's jupyter-nbextension-jupyter-js-widgets); it
// announces itself by opening a comm to "jupyter.widget.version" when it
// connects. Protocol 2 is the default: ipywidgets 8's version 2.1.0
// (@jupyter-widgets/base 2.0.0, controls 2.0.0, output 1.0.0), which the
// widget managers of JupyterLab 4, Notebook 7 and Voila 0.5
// (jupyterlab_widgets 3) draw, which nbclient (the engine of "jupyter
// nbconvert --execute") saves in the notebook, and which
// @jupyter-widgets/html-manager 1.0 draws in an exported page.
// JupyterLab 4's manager registers controls 2.0.0 alone: ipywidgets 7's
// models (controls 1.5.0) are not drawn there.
const (
	protocol1 = 1
	protocol2 = 2
)

// Module names and versions of each protocol's models.
const (
	v1Module  = "jupyter-js-widgets"
	v1Version = "~2.1.4" // ipywidgets 6.0's __frontend_version__
	v2Base    = "@jupyter-widgets/base"
	v2BaseV   = "2.0.0"
	v2Ctrl    = "@jupyter-widgets/controls"
	v2CtrlV   = "2.0.0"
	v2Output  = "@jupyter-widgets/output"
	v2OutputV = "1.0.0"
	// protocolVersion is what protocol 2's comm_open metadata carries.
	protocolVersion = "2.1.0"
	targetWidget    = "jupyter.widget"
	targetVersion   = "jupyter.widget.version"
	// targetControl is the comm an ipywidgets 8 front end opens to fetch
	// every widget's state at once (control protocol 1.0.0).
	targetControl = "jupyter.widget.control"
)

// ViewMIME is the MIME type of a widget's view in a display message.
const ViewMIME = "application/vnd.jupyter.widget-view+json"

var (
	protoMu  sync.Mutex
	protocol = protocol2
	frontend string // the version a protocol 1 front end reported
)

func currentProtocol() int {
	protoMu.Lock()
	defer protoMu.Unlock()
	return protocol
}

func init() {
	comm.Register(targetVersion, openVersion)
	comm.Register(targetWidget, openFromFrontEnd)
	comm.Register(targetControl, openControl)
}

// openControl answers the control comm of an ipywidgets 8 front end: its
// "request_states" gets one "update_states" message with the state of
// every widget open, as ipywidgets 8 sends it (the manager then makes the
// models it lacks, on a page reloaded while the kernel runs, instead of
// asking for each one's state in turn).
func openControl(c *comm.Comm, _ json.RawMessage) {
	c.OnMsg(func(data json.RawMessage) {
		var msg struct{ Method string }
		if json.Unmarshal(data, &msg) != nil || msg.Method != "request_states" {
			return
		}
		p := currentProtocol()
		states := map[string]any{}
		for _, m := range openModels() {
			m.mu.Lock()
			st := m.wireState(p, nil)
			m.mu.Unlock()
			states[m.c.ID()] = map[string]any{
				"model_name": st["_model_name"], "model_module": st["_model_module"],
				"model_module_version": st["_model_module_version"], "state": st,
			}
		}
		c.Send(map[string]any{"method": "update_states", "states": states, "buffer_paths": []any{}}, nil)
	})
}

// openVersion answers the version comm of a protocol 1 front end with the
// range of its versions this package speaks to, as ipywidgets 6 does.
func openVersion(c *comm.Comm, _ json.RawMessage) {
	protoMu.Lock()
	protocol = protocol1
	protoMu.Unlock()
	c.OnMsg(func(data json.RawMessage) {
		var v struct {
			Validated       bool   `json:"validated"`
			FrontendVersion string `json:"frontend_version"`
		}
		if json.Unmarshal(data, &v) == nil {
			protoMu.Lock()
			frontend = v.FrontendVersion
			protoMu.Unlock()
		}
	})
	c.Send(map[string]any{"version": v1Version}, nil)
}

// openFromFrontEnd answers a widget the front end creates. The core
// widgets are all made in the kernel, so this only closes the comm.
func openFromFrontEnd(c *comm.Comm, _ json.RawMessage) { c.Close(nil) }

// kind is what the front end needs to make a model and its view.
type kind struct {
	model, view string
	module      string // protocol 2's module of the model: v2Ctrl, v2Base or v2Output
	style       bool   // a style model: its view is StyleView, in the base module
	dom         bool   // a visible widget: it has a layout and CSS classes
}

// model is the kernel side of a widget: its state, its comm and what it
// does when the front end changes it.
type model struct {
	kind kind
	c    *comm.Comm

	mu     sync.Mutex
	state  map[string]any // keys as the front end names them (protocol 2's)
	proto  int            // the protocol the comm was opened with
	layout *Layout
	style  *model

	// onSync is called (without the lock) with the keys the front end
	// changed, after they are stored; onCustom with a custom message.
	onSync   func(changed map[string]any)
	onCustom func(content json.RawMessage)
	onClose  []func()
}

// newModel opens a model of kind k with the given state. A visible widget
// gets a layout model, and style, if given, becomes its style model.
func newModel(k kind, state map[string]any, style map[string]any, styleKind kind) *model {
	m := &model{kind: k, state: state}
	if k.dom {
		m.layout = newLayout()
		m.state["_dom_classes"] = []string{}
		m.state["tabbable"] = nil
		if _, ok := m.state["tooltip"]; !ok {
			m.state["tooltip"] = nil
		}
	}
	if style != nil {
		m.style = newModel(styleKind, style, nil, kind{})
	}
	m.open()
	return m
}

// open opens the comm, sending the whole state.
func (m *model) open() {
	m.mu.Lock()
	m.proto = currentProtocol()
	state := m.wireState(m.proto, nil)
	m.mu.Unlock()
	var data any = state
	var meta map[string]any
	if m.proto == protocol2 {
		data = map[string]any{"state": state, "buffer_paths": []any{}}
		meta = map[string]any{"version": protocolVersion}
	}
	m.c = comm.Open(targetWidget, data, meta)
	m.c.OnMsg(m.handle)
	m.c.OnClose(func(json.RawMessage) { m.closed() })
	register(m)
}

// wireState is the state as protocol p names it: all of it, or the given
// keys. The lock is held.
func (m *model) wireState(p int, keys []string) map[string]any {
	out := map[string]any{}
	all := keys == nil
	if all {
		for k := range m.state {
			keys = append(keys, k)
		}
		if p == protocol1 {
			out["msg_throttle"] = 1
		}
		mod, ver, viewMod, viewVer := m.modules(p)
		out["_model_name"], out["_view_name"] = m.kind.model, m.kind.view
		out["_model_module"], out["_model_module_version"] = mod, ver
		out["_view_module"], out["_view_module_version"] = viewMod, viewVer
		if m.layout != nil {
			out["layout"] = ref(m.layout.m)
		}
		if m.style != nil {
			out["style"] = ref(m.style)
		}
	}
	for _, k := range keys {
		v, ok := m.state[k]
		if !ok {
			continue
		}
		if p == protocol1 {
			switch {
			case k == "index" && m.kind.model == "DropdownModel":
				// Protocol 1 selects by label.
				labels, _ := m.state["_options_labels"].([]string)
				i, _ := v.(int)
				label := ""
				if i >= 0 && i < len(labels) {
					label = labels[i]
				}
				out["value"] = label
				continue
			case k == "indent" || k == "outputs" || k == "tabbable" || k == "description_allow_html" || k == "behavior",
				k == "tooltip" && m.kind.model != "ButtonModel":
				continue // not in protocol 1's models
			}
		} else {
			switch {
			case k == "_range":
				continue // protocol 1's sliders only
			case k == "index" && v == -1:
				v = nil // no option chosen
			case k == "border" && m.kind.model == "LayoutModel":
				// ipywidgets 8's layout has a border for each side.
				for _, side := range []string{"border_top", "border_right", "border_bottom", "border_left"} {
					out[side] = v
				}
				continue
			}
		}
		out[k] = jsonValue(v)
	}
	return out
}

// modules returns the model's module and version and its view's.
func (m *model) modules(p int) (mod, ver, viewMod, viewVer string) {
	if p == protocol1 {
		return v1Module, v1Version, v1Module, v1Version
	}
	switch m.kind.module {
	case v2Base:
		mod, ver = v2Base, v2BaseV
	case v2Output:
		mod, ver = v2Output, v2OutputV
	default:
		mod, ver = v2Ctrl, v2CtrlV
	}
	if m.kind.style {
		return mod, ver, v2Base, v2BaseV
	}
	return mod, ver, mod, ver
}

// jsonValue makes v encodable: references to models become
// "IPY_MODEL_<id>", non-finite numbers null.
func jsonValue(v any) any {
	switch x := v.(type) {
	case *model:
		return ref(x)
	case []*model:
		out := make([]string, len(x))
		for i, c := range x {
			out[i] = ref(c)
		}
		return out
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return nil
		}
	}
	return v
}

func ref(m *model) string { return "IPY_MODEL_" + m.c.ID() }

// set changes state keys and sends them to the front end.
func (m *model) set(kv ...any) {
	keys := make([]string, 0, len(kv)/2)
	m.mu.Lock()
	for i := 0; i+1 < len(kv); i += 2 {
		k := kv[i].(string)
		m.state[k] = kv[i+1]
		keys = append(keys, k)
	}
	p := m.proto
	state := m.wireState(p, keys)
	m.mu.Unlock()
	m.send(p, state)
}

// get returns a state value.
func (m *model) get(key string) any {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.state[key]
}

func (m *model) send(p int, state map[string]any) {
	if len(state) == 0 {
		return
	}
	msg := map[string]any{"method": "update", "state": state}
	if p == protocol1 {
		msg["buffers"] = []any{}
	} else {
		msg["buffer_paths"] = []any{}
	}
	m.c.Send(msg, nil)
}

// frontMsg is what the front end sends on a widget's comm: protocol 1's
// "backbone" with sync_data, protocol 2's "update" with state,
// "request_state", or "custom" with content.
type frontMsg struct {
	Method   string          `json:"method"`
	SyncData json.RawMessage `json:"sync_data"`
	State    json.RawMessage `json:"state"`
	Content  json.RawMessage `json:"content"`
}

// handle answers a message from the front end.
func (m *model) handle(data json.RawMessage) {
	var msg frontMsg
	if err := json.Unmarshal(data, &msg); err != nil {
		panic(fmt.Sprintf("widget %s: a message from the front end does not decode: %v", m.c.ID(), err))
	}
	switch msg.Method {
	case "backbone", "update":
		raw := msg.SyncData
		if msg.Method == "update" {
			raw = msg.State
		}
		var changes map[string]any
		if err := json.Unmarshal(raw, &changes); err != nil || len(changes) == 0 {
			return
		}
		changed := m.apply(changes)
		m.mu.Lock()
		f := m.onSync
		m.mu.Unlock()
		if f != nil && len(changed) > 0 {
			f(changed)
		}
	case "request_state":
		m.mu.Lock()
		p := currentProtocol()
		state := m.wireState(p, nil)
		m.mu.Unlock()
		m.send(p, state)
	case "custom":
		m.mu.Lock()
		f := m.onCustom
		m.mu.Unlock()
		if f != nil {
			f(msg.Content)
		}
	}
}

// apply stores what the front end changed, in this package's types, and
// returns the keys whose values changed. Keys the front end may not
// change (model names, references) are ignored.
func (m *model) apply(changes map[string]any) map[string]any {
	m.mu.Lock()
	defer m.mu.Unlock()
	changed := map[string]any{}
	for k, v := range changes {
		if strings.HasPrefix(k, "_") || k == "layout" || k == "style" || k == "children" {
			continue
		}
		if k == "value" && m.kind.model == "DropdownModel" {
			// Protocol 1 selects by label.
			labels, _ := m.state["_options_labels"].([]string)
			label, _ := v.(string)
			k, v = "index", -1
			for i, l := range labels {
				if l == label {
					v = i
					break
				}
			}
		}
		old, known := m.state[k]
		if !known {
			continue
		}
		nv, ok := convert(v, old)
		if !ok {
			continue
		}
		if fmt.Sprint(nv) != fmt.Sprint(old) {
			m.state[k] = nv
			changed[k] = nv
		}
	}
	return changed
}

// convert gives a JSON value the Go type of the value it replaces.
func convert(v, like any) (any, bool) {
	switch like.(type) {
	case int:
		if i, ok := v.(int); ok {
			return i, true
		}
		f, ok := v.(float64)
		if !ok || math.IsNaN(f) || math.IsInf(f, 0) {
			return nil, false
		}
		return int(math.Round(f)), true
	case float64:
		f, ok := v.(float64)
		return f, ok
	case string:
		s, ok := v.(string)
		return s, ok
	case bool:
		b, ok := v.(bool)
		return b, ok
	case nil:
		return v, true
	}
	return v, true
}

// closed forgets a model whose comm the front end closed.
func (m *model) closed() {
	unregister(m)
	m.mu.Lock()
	fs := m.onClose
	m.mu.Unlock()
	for _, f := range fs {
		f()
	}
}

// close closes the model's comm (and its layout's and style's).
func (m *model) close() {
	m.c.Close(nil)
	m.closed()
	if m.layout != nil {
		m.layout.m.close()
	}
	if m.style != nil {
		m.style.close()
	}
}

// show displays the model's view: protocol 1 front ends draw it on a
// "display" comm message; the display_data message, with no text/plain
// that the classic Notebook would print beside it, marks the place in the
// notebook (protocol 2 front ends draw it there).
func (m *model) show(text string) {
	p := currentProtocol()
	view := map[string]any{"model_id": m.c.ID()}
	b := display.Bundle{ViewMIME: view}
	if p == protocol1 {
		m.c.Send(map[string]any{"method": "display"}, nil)
	} else {
		view["version_major"], view["version_minor"] = 2, 0
		b["text/plain"] = text
	}
	display.Show(b)
}

// The models open in this worker, for Close and CloseAll.
var (
	regMu  sync.Mutex
	models = map[*model]bool{}
)

func register(m *model) {
	regMu.Lock()
	models[m] = true
	regMu.Unlock()
}

func unregister(m *model) {
	regMu.Lock()
	delete(models, m)
	regMu.Unlock()
}

// Models returns the number of widget models open (a visible widget
// counts its layout and style models too).
func Models() int {
	regMu.Lock()
	defer regMu.Unlock()
	return len(models)
}

// openModels returns the models open, in the order of their ids.
func openModels() []*model {
	regMu.Lock()
	all := make([]*model, 0, len(models))
	for m := range models {
		all = append(all, m)
	}
	regMu.Unlock()
	sort.Slice(all, func(i, j int) bool { return all[i].c.ID() < all[j].c.ID() })
	return all
}

// CloseAll closes every widget: their views leave the page.
func CloseAll() {
	for _, m := range openModels() {
		m.c.Close(nil)
		m.closed()
	}
}
