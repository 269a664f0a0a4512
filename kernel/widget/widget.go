package widget

import (
	"fmt"
	"sort"
	"strings"
)

// Widget is any widget of this package: controls, boxes, outputs.
type Widget interface {
	// ModelID is the id of the widget's model (its comm).
	ModelID() string
	// ShowSelf displays the widget in the running cell's output (a cell
	// whose value is a widget shows it so).
	ShowSelf()
	// Close closes the widget: its views leave the page.
	Close()
	// Base returns what every widget has (its model): boxes and Interact
	// reach their children's models through it.
	Base() *Core
}

// Core is what every widget has: a model kept in step with the views on
// the page, a layout, and a description of itself for text front ends.
type Core struct {
	m    *model
	name string // "IntSlider", for String
}

// Base returns c: a widget's core is the widget, for the Widget interface.
func (c *Core) Base() *Core { return c }

// ModelID is the id of the widget's model, which is its comm's id.
func (c *Core) ModelID() string { return c.m.c.ID() }

// ShowSelf displays the widget where the running cell (or callback)
// shows output. A cell whose value is a widget shows it this way.
func (c *Core) ShowSelf() { c.m.show(c.String()) }

// Close closes the widget and its layout and style: its views leave the
// page, and its callbacks are called no more.
func (c *Core) Close() { c.m.close() }

// OnClose calls f when the widget is closed, by Close or by the front end.
func (c *Core) OnClose(f func()) {
	c.m.mu.Lock()
	c.m.onClose = append(c.m.onClose, f)
	c.m.mu.Unlock()
}

// Layout returns the widget's layout: its size, margins and how a box
// places its children, in CSS terms.
func (c *Core) Layout() *Layout {
	if c.m.layout == nil {
		return &Layout{} // a model without a view: setting it does nothing
	}
	return c.m.layout
}

// String describes the widget as text front ends show it:
// IntSlider(value=3, min=0, max=10, description="generation").
func (c *Core) String() string {
	c.m.mu.Lock()
	defer c.m.mu.Unlock()
	var parts []string
	for _, k := range []string{"value", "index", "min", "max", "step", "description", "_options_labels", "children"} {
		v, ok := c.m.state[k]
		if !ok {
			continue
		}
		switch x := v.(type) {
		case string:
			if x == "" && k == "description" {
				continue
			}
			v = fmt.Sprintf("%q", x)
		case []*model:
			v = fmt.Sprintf("%d widgets", len(x))
		}
		name := strings.TrimPrefix(k, "_")
		if name == "options_labels" {
			name = "options"
		}
		parts = append(parts, fmt.Sprintf("%s=%v", name, v))
	}
	return c.name + "(" + strings.Join(parts, ", ") + ")"
}

// Labeled is what controls with a description have.
type Labeled struct{ Core }

// SetDescription sets the label shown beside the control.
func (l *Labeled) SetDescription(s string) { l.m.set("description", s) }

// Description returns the label shown beside the control.
func (l *Labeled) Description() string { s, _ := l.m.get("description").(string); return s }

// SetDisabled greys the control out (true) so that it cannot be changed
// on the page, or enables it.
func (l *Labeled) SetDisabled(b bool) { l.m.set("disabled", b) }

// Layout sets a widget's size and placement. Properties are CSS ones
// ("width", "max-width", "margin", "flex-flow", ...); values are CSS
// values ("400px", "100%", "0 0 0 2em").
type Layout struct{ m *model }

// layoutProperties are the CSS properties a layout model has (the same in
// both protocols, snake_case on the wire).
var layoutProperties = []string{"align-content", "align-items", "align-self", "border", "bottom", "display",
	"flex", "flex-flow", "height", "justify-content", "left", "margin", "max-height", "max-width",
	"min-height", "min-width", "order", "overflow", "overflow-x", "overflow-y", "padding", "right", "top",
	"visibility", "width"}

func newLayout() *Layout {
	return &Layout{m: newModel(kind{model: "LayoutModel", view: "LayoutView", module: v2Base}, map[string]any{}, nil, kind{})}
}

// Set sets a CSS property of the layout ("width", "400px"); an empty
// value unsets it. overflow-x and overflow-y are ipywidgets 7's: front ends
// of protocol 2 (ipywidgets 8) have overflow alone, and Set says so.
func (l *Layout) Set(property, value string) error {
	p := strings.ToLower(strings.TrimSpace(property))
	i := sort.SearchStrings(layoutProperties, p)
	if i == len(layoutProperties) || layoutProperties[i] != p {
		return fmt.Errorf("widget: layout has no property %q (it has %s)", property, strings.Join(layoutProperties, ", "))
	}
	if (p == "overflow-x" || p == "overflow-y") && currentProtocol() == protocol2 {
		return fmt.Errorf("widget: layout property %q is not drawn by ipywidgets 8's front ends (JupyterLab 4, Notebook 7): set overflow", property)
	}
	if l.m == nil {
		return nil
	}
	var v any = value
	if value == "" {
		v = nil
	}
	l.m.set(strings.ReplaceAll(p, "-", "_"), v)
	return nil
}

// Get returns a CSS property of the layout ("" if unset).
func (l *Layout) Get(property string) string {
	if l.m == nil {
		return ""
	}
	s, _ := l.m.get(strings.ReplaceAll(strings.ToLower(property), "-", "_")).(string)
	return s
}
