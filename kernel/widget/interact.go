package widget

import (
	"fmt"
	"reflect"

	"github.com/coevolab/coevo/kernel/display"
)

// Interactive is a function bound to controls: a column of the controls
// above an output area, which shows the function's result for the
// controls' values and is redrawn each time one of them changes.
type Interactive struct {
	*Box
	// Output shows the function's result.
	Output *Output
	// Controls are the controls, in the order of f's parameters.
	Controls []Widget

	f reflect.Value
}

// Interact binds f to controls: f takes one parameter per control, in
// order, of the type of the control's value (int for an IntSlider,
// float64 for a FloatSlider, string for a Dropdown or a Text, bool for a
// Checkbox), and may return a value to show (a plot, a DataFrame, text:
// anything a cell can show) and an error. It draws f's result at once and
// again whenever a control changes; what f prints when a control changes
// goes to the output area too (when it first draws, in front ends that
// speak protocol 2, to the cell: see firstDraw). A panic in f is the error
// of the cell or callback that called it, shown where that one's output
// goes.
//
//	gen := widget.NewIntSlider("generation", 0, 19)
//	run := widget.NewDropdown("run", []string{"|A| = 1", "|A| = 4"})
//	widget.Interact(func(run string, gen int) *plot.Plot { return row(run, gen) }, run, gen)
func Interact(f any, controls ...Widget) (*Interactive, error) {
	fv := reflect.ValueOf(f)
	if fv.Kind() != reflect.Func || fv.IsNil() {
		return nil, fmt.Errorf("widget.Interact: want a function of the controls' values, got %T", f)
	}
	ft := fv.Type()
	if ft.NumIn() != len(controls) || ft.IsVariadic() {
		return nil, fmt.Errorf("widget.Interact: the function takes %d parameters for %d controls (one per control, in order)", ft.NumIn(), len(controls))
	}
	for i, c := range controls {
		vt, ok := valueType(c)
		if !ok {
			return nil, fmt.Errorf("widget.Interact: control %d (%T) has no value to pass: use an IntSlider, FloatSlider, Dropdown, Text or Checkbox", i+1, c)
		}
		if in := ft.In(i); !vt.AssignableTo(in) {
			return nil, fmt.Errorf("widget.Interact: parameter %d of the function is %v, but control %d (%s) gives %v", i+1, in, i+1, c.Base().name, vt)
		}
	}
	if n := ft.NumOut(); n > 2 || n == 2 && !ft.Out(1).Implements(errorType) {
		return nil, fmt.Errorf("widget.Interact: the function returns %d values: want none, a value to show, or a value and an error", n)
	}
	in := &Interactive{Output: NewOutput(), Controls: controls, f: fv}
	children := append(append([]Widget{}, controls...), in.Output)
	in.Box = VBox(children...)
	in.Box.name = "Interactive"
	for _, c := range controls {
		onChange(c, in.Update)
	}
	if currentProtocol() == protocol2 {
		in.firstDraw()
	} else {
		in.Update()
	}
	return in, nil
}

// firstDraw draws the function's result into the output area's state, as
// protocol 2's Output model keeps it, instead of capturing the cell's
// output there. nbclient (nbconvert, make run) answers every output it
// captures for an Output widget with a comm_msg on the shell channel; sent
// while the cell's execute_reply arrives, that left nbclient waiting for
// the reply until the cell's timeout, about one run in three of notebook
// 04 (most likely a missed wakeup of the client's asyncio shell socket;
// without the capture it no longer happens). What f prints goes to the
// cell's output; later draws (a control moved) are captured as before.
func (in *Interactive) firstDraw() {
	v, ok := in.call()
	outputs := []any{}
	if ok {
		data, md := display.Split(display.Of(v))
		outputs = append(outputs, map[string]any{"output_type": "display_data", "data": data, "metadata": md})
	}
	in.Output.m.set("outputs", outputs)
}

// call calls the function with the controls' values and returns what it
// gives to show: its error, else its value (ok false if nothing).
func (in *Interactive) call() (v any, ok bool) {
	ft := in.f.Type()
	args := make([]reflect.Value, len(in.Controls))
	for i, c := range in.Controls {
		args[i] = valueOf(c).Convert(ft.In(i))
	}
	out := in.f.Call(args)
	if len(out) == 2 && !out[1].IsNil() {
		return out[1].Interface(), true
	}
	if len(out) > 0 {
		if v := out[0]; v.IsValid() && !(isNilable(v) && v.IsNil()) && v.CanInterface() {
			return v.Interface(), true
		}
	}
	return nil, false
}

var errorType = reflect.TypeOf((*error)(nil)).Elem()

// valueType is the type of a control's value.
func valueType(w Widget) (reflect.Type, bool) {
	switch w.(type) {
	case *IntSlider:
		return reflect.TypeOf(0), true
	case *FloatSlider:
		return reflect.TypeOf(0.0), true
	case *Dropdown, *Text:
		return reflect.TypeOf(""), true
	case *Checkbox:
		return reflect.TypeOf(false), true
	}
	return nil, false
}

func valueOf(w Widget) reflect.Value {
	switch c := w.(type) {
	case *IntSlider:
		return reflect.ValueOf(c.Value())
	case *FloatSlider:
		return reflect.ValueOf(c.Value())
	case *Dropdown:
		return reflect.ValueOf(c.Value())
	case *Text:
		return reflect.ValueOf(c.Value())
	case *Checkbox:
		return reflect.ValueOf(c.Value())
	}
	return reflect.Value{}
}

func onChange(w Widget, f func()) {
	switch c := w.(type) {
	case *IntSlider:
		c.OnChange(func(int) { f() })
	case *FloatSlider:
		c.OnChange(func(float64) { f() })
	case *Dropdown:
		c.OnChange(func(string) { f() })
	case *Text:
		c.OnChange(func(string) { f() })
	case *Checkbox:
		c.OnChange(func(bool) { f() })
	}
}

// Update calls the function with the controls' values and shows its
// result in the output area, replacing what it showed.
func (in *Interactive) Update() {
	in.Output.Capture(func() {
		display.Clear(true)
		if v, ok := in.call(); ok {
			display.Show(v)
		}
	})
}

func isNilable(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface, reflect.Map, reflect.Slice, reflect.Func, reflect.Chan:
		return true
	}
	return false
}
