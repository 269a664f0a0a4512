package widget

import (
	"github.com/coevolab/coevo/kernel/comm"
	"github.com/coevolab/coevo/kernel/display"
)

// Box lays widgets out in a row (HBox) or a column (VBox).
type Box struct{ Core }

func newBox(name string, children []Widget) *Box {
	b := &Box{}
	b.name = name
	b.m = newModel(kind{model: name + "Model", view: name + "View", dom: true}, map[string]any{
		"children": modelsOf(children), "box_style": "",
	}, nil, kind{})
	return b
}

func modelsOf(ws []Widget) []*model {
	out := make([]*model, 0, len(ws))
	for _, w := range ws {
		if w != nil {
			out = append(out, w.Base().m)
		}
	}
	return out
}

// HBox lays children out in a row.
func HBox(children ...Widget) *Box { return newBox("HBox", children) }

// VBox lays children out in a column.
func VBox(children ...Widget) *Box { return newBox("VBox", children) }

// SetChildren replaces the box's children.
func (b *Box) SetChildren(children ...Widget) { b.m.set("children", modelsOf(children)) }

// Output is an area of the page that shows what code prints and displays
// while it runs inside Capture: text, tables, plots, as a cell's output
// does. It is how a callback redraws a figure.
type Output struct{ Core }

// NewOutput makes an empty output area.
func NewOutput() *Output {
	o := &Output{}
	o.name = "Output"
	o.m = newModel(kind{model: "OutputModel", view: "OutputView", module: v2Output, dom: true}, map[string]any{
		"msg_id": "", "outputs": []any{},
	}, nil, kind{})
	return o
}

// Capture runs f with what it prints and displays going to the output
// area instead of the cell's output. Call it from a cell or a widget's
// callback (the front end routes the output of the request being served;
// between requests there is none, and f's output goes nowhere visible).
func (o *Output) Capture(f func()) {
	id := comm.Parent()
	if id == "" {
		f()
		return
	}
	o.m.set("msg_id", id)
	defer o.m.set("msg_id", "")
	f()
}

// Show replaces what the output area shows with v, rendered as a cell's
// result is: a plot as a picture, a DataFrame as a table, text as text.
func (o *Output) Show(v any) {
	o.Capture(func() {
		display.Clear(true)
		display.Show(v)
	})
}

// Clear empties the output area.
func (o *Output) Clear() {
	o.Capture(func() { display.Clear(false) })
}
