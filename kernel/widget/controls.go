package widget

import (
	"encoding/json"
	"fmt"
	"math"
	"sync"
)

var (
	sliderStyle = kind{model: "SliderStyleModel", view: "StyleView", module: v2Ctrl, style: true}
	buttonStyle = kind{model: "ButtonStyleModel", view: "StyleView", module: v2Ctrl, style: true}
)

// describedStyle is the style of a control with a description: protocol 2
// models have one, of a kind for each control (model), with the width of
// the description and the given properties, unset; protocol 1 models none.
func describedStyle(model string, properties ...string) (map[string]any, kind) {
	if currentProtocol() == protocol1 {
		return nil, kind{}
	}
	st := map[string]any{"description_width": ""}
	for _, p := range properties {
		st[p] = nil
	}
	return st, kind{model: model, view: "StyleView", module: v2Ctrl, style: true}
}

// buttonStyleState is a button's style: protocol 2's has the font's
// properties too.
func buttonStyleState() map[string]any {
	if currentProtocol() == protocol1 {
		return map[string]any{"button_color": nil, "font_weight": ""}
	}
	st := map[string]any{}
	for _, p := range []string{"button_color", "font_family", "font_size", "font_style", "font_variant", "font_weight", "text_color", "text_decoration"} {
		st[p] = nil
	}
	return st
}

func sliderStyleState() map[string]any {
	if currentProtocol() == protocol1 {
		return map[string]any{"handle_color": nil}
	}
	return map[string]any{"description_width": "", "handle_color": nil}
}

// handlers holds a widget's change callbacks.
type handlers[T any] struct {
	mu sync.Mutex
	fs []func(T)
}

func (h *handlers[T]) add(f func(T)) {
	h.mu.Lock()
	h.fs = append(h.fs, f)
	h.mu.Unlock()
}

func (h *handlers[T]) call(v T) {
	h.mu.Lock()
	fs := append([]func(T){}, h.fs...)
	h.mu.Unlock()
	for _, f := range fs {
		f(v)
	}
}

// IntSlider chooses a whole number between a minimum and a maximum.
type IntSlider struct {
	Labeled
	changed handlers[int]
}

// NewIntSlider makes a slider from min to max in steps of 1, at min.
func NewIntSlider(description string, min, max int) *IntSlider {
	if max < min {
		min, max = max, min
	}
	s := &IntSlider{}
	s.name = "IntSlider"
	s.m = newModel(kind{model: "IntSliderModel", view: "IntSliderView", dom: true}, map[string]any{
		"value": min, "min": min, "max": max, "step": 1, "description": description, "description_allow_html": false,
		"disabled": false, "orientation": "horizontal", "_range": false, "readout": true, "readout_format": "d",
		"continuous_update": true, "behavior": "drag-tap",
	}, sliderStyleState(), sliderStyle)
	s.m.onSync = func(changed map[string]any) {
		if v, ok := changed["value"]; ok {
			s.changed.call(v.(int))
		}
	}
	return s
}

// Value returns the slider's value.
func (s *IntSlider) Value() int { v, _ := s.m.get("value").(int); return v }

// SetValue moves the slider to v (kept within its range) and calls the
// OnChange functions if it moved.
func (s *IntSlider) SetValue(v int) {
	lo, _ := s.m.get("min").(int)
	hi, _ := s.m.get("max").(int)
	v = min(max(v, lo), hi)
	if v == s.Value() {
		return
	}
	s.m.set("value", v)
	s.changed.call(v)
}

// SetRange sets the slider's minimum and maximum (the value is kept
// within them).
func (s *IntSlider) SetRange(lo, hi int) {
	if hi < lo {
		lo, hi = hi, lo
	}
	s.m.set("min", lo, "max", hi)
	s.SetValue(s.Value())
}

// SetStep sets the slider's step (at least 1).
func (s *IntSlider) SetStep(step int) { s.m.set("step", max(step, 1)) }

// SetContinuousUpdate says whether the value changes while the handle is
// dragged (true, the default) or only when it is let go.
func (s *IntSlider) SetContinuousUpdate(b bool) { s.m.set("continuous_update", b) }

// OnChange calls f with each new value, whether the user moved the
// slider or SetValue did.
func (s *IntSlider) OnChange(f func(value int)) { s.changed.add(f) }

// FloatSlider chooses a number between a minimum and a maximum.
type FloatSlider struct {
	Labeled
	changed handlers[float64]
}

// NewFloatSlider makes a slider from min to max in steps of step (a
// hundredth of the range if step <= 0), at min.
func NewFloatSlider(description string, min, max, step float64) *FloatSlider {
	if max < min {
		min, max = max, min
	}
	if step <= 0 || math.IsNaN(step) {
		step = (max - min) / 100
	}
	s := &FloatSlider{}
	s.name = "FloatSlider"
	s.m = newModel(kind{model: "FloatSliderModel", view: "FloatSliderView", dom: true}, map[string]any{
		"value": min, "min": min, "max": max, "step": step, "description": description, "description_allow_html": false,
		"disabled": false, "orientation": "horizontal", "_range": false, "readout": true, "readout_format": ".2f",
		"continuous_update": true, "behavior": "drag-tap",
	}, sliderStyleState(), sliderStyle)
	s.m.onSync = func(changed map[string]any) {
		if v, ok := changed["value"]; ok {
			s.changed.call(v.(float64))
		}
	}
	return s
}

// Value returns the slider's value.
func (s *FloatSlider) Value() float64 { v, _ := s.m.get("value").(float64); return v }

// SetValue moves the slider to v (kept within its range) and calls the
// OnChange functions if it moved.
func (s *FloatSlider) SetValue(v float64) {
	if math.IsNaN(v) {
		return
	}
	lo, _ := s.m.get("min").(float64)
	hi, _ := s.m.get("max").(float64)
	v = math.Min(math.Max(v, lo), hi)
	if v == s.Value() {
		return
	}
	s.m.set("value", v)
	s.changed.call(v)
}

// SetReadoutFormat sets how the value is printed beside the slider, as a
// d3-format string (".2f", the default; ".3g"; ".0%").
func (s *FloatSlider) SetReadoutFormat(f string) { s.m.set("readout_format", f) }

// SetContinuousUpdate says whether the value changes while the handle is
// dragged (true, the default) or only when it is let go.
func (s *FloatSlider) SetContinuousUpdate(b bool) { s.m.set("continuous_update", b) }

// OnChange calls f with each new value.
func (s *FloatSlider) OnChange(f func(value float64)) { s.changed.add(f) }

// Dropdown chooses one of a list of labels.
type Dropdown struct {
	Labeled
	changed handlers[string]
}

// NewDropdown makes a dropdown list of options, the first chosen.
func NewDropdown(description string, options []string) *Dropdown {
	d := &Dropdown{}
	d.name = "Dropdown"
	style, sk := describedStyle("DescriptionStyleModel")
	index := 0
	if len(options) == 0 {
		index = -1
	}
	d.m = newModel(kind{model: "DropdownModel", view: "DropdownView", dom: true}, map[string]any{
		"_options_labels": append([]string{}, options...), "index": index, "description": description,
		"description_allow_html": false, "disabled": false,
	}, style, sk)
	d.m.onSync = func(changed map[string]any) {
		if _, ok := changed["index"]; ok {
			d.changed.call(d.Value())
		}
	}
	return d
}

// Options returns the labels to choose from.
func (d *Dropdown) Options() []string {
	o, _ := d.m.get("_options_labels").([]string)
	return append([]string{}, o...)
}

// Index returns the position of the chosen label (-1: none).
func (d *Dropdown) Index() int {
	i, ok := d.m.get("index").(int)
	if !ok {
		return -1
	}
	return i
}

// Value returns the chosen label ("" if none).
func (d *Dropdown) Value() string {
	o, i := d.Options(), d.Index()
	if i < 0 || i >= len(o) {
		return ""
	}
	return o[i]
}

// SetValue chooses the option labelled v; a label not in the list is an
// error.
func (d *Dropdown) SetValue(v string) error {
	for i, o := range d.Options() {
		if o == v {
			d.SetIndex(i)
			return nil
		}
	}
	return fmt.Errorf("widget: %q is not an option of the dropdown (%q)", v, d.Options())
}

// SetIndex chooses the i-th option (-1: none).
func (d *Dropdown) SetIndex(i int) {
	if i < -1 || i >= len(d.Options()) || i == d.Index() {
		return
	}
	d.m.set("index", i)
	d.changed.call(d.Value())
}

// SetOptions replaces the options, keeping the chosen one if it is still
// there, else choosing the first.
func (d *Dropdown) SetOptions(options []string) {
	old := d.Value()
	i := 0
	if len(options) == 0 {
		i = -1
	}
	for k, o := range options {
		if o == old {
			i = k
		}
	}
	d.m.set("_options_labels", append([]string{}, options...), "index", i)
	if d.Value() != old {
		d.changed.call(d.Value())
	}
}

// OnChange calls f with each newly chosen label.
func (d *Dropdown) OnChange(f func(value string)) { d.changed.add(f) }

// Checkbox is a yes or no.
type Checkbox struct {
	Labeled
	changed handlers[bool]
}

// NewCheckbox makes a checkbox, ticked if value.
func NewCheckbox(description string, value bool) *Checkbox {
	c := &Checkbox{}
	c.name = "Checkbox"
	style, sk := describedStyle("CheckboxStyleModel", "background")
	c.m = newModel(kind{model: "CheckboxModel", view: "CheckboxView", dom: true}, map[string]any{
		"value": value, "description": description, "description_allow_html": false, "disabled": false, "indent": true,
	}, style, sk)
	c.m.onSync = func(changed map[string]any) {
		if v, ok := changed["value"]; ok {
			c.changed.call(v.(bool))
		}
	}
	return c
}

// Value tells whether the box is ticked.
func (c *Checkbox) Value() bool { v, _ := c.m.get("value").(bool); return v }

// SetValue ticks or unticks the box.
func (c *Checkbox) SetValue(v bool) {
	if v == c.Value() {
		return
	}
	c.m.set("value", v)
	c.changed.call(v)
}

// OnChange calls f with each new value.
func (c *Checkbox) OnChange(f func(value bool)) { c.changed.add(f) }

// Text is a line of text to type.
type Text struct {
	Labeled
	changed, submitted handlers[string]
}

// NewText makes a text field holding value.
func NewText(description, value string) *Text {
	t := &Text{}
	t.name = "Text"
	style, sk := describedStyle("TextStyleModel", "background", "font_size", "text_color")
	t.m = newModel(kind{model: "TextModel", view: "TextView", dom: true}, map[string]any{
		"value": value, "placeholder": "", "description": description, "description_allow_html": false,
		"disabled": false, "continuous_update": true,
	}, style, sk)
	t.m.onSync = func(changed map[string]any) {
		if v, ok := changed["value"]; ok {
			t.changed.call(v.(string))
		}
	}
	t.m.onCustom = func(content json.RawMessage) {
		var ev struct{ Event string }
		if json.Unmarshal(content, &ev) == nil && ev.Event == "submit" {
			t.submitted.call(t.Value())
		}
	}
	return t
}

// Value returns the text.
func (t *Text) Value() string { v, _ := t.m.get("value").(string); return v }

// SetValue replaces the text.
func (t *Text) SetValue(v string) {
	if v == t.Value() {
		return
	}
	t.m.set("value", v)
	t.changed.call(v)
}

// SetPlaceholder sets the grey text shown while the field is empty.
func (t *Text) SetPlaceholder(p string) { t.m.set("placeholder", p) }

// OnChange calls f with the text as it changes (each key typed).
func (t *Text) OnChange(f func(value string)) { t.changed.add(f) }

// OnSubmit calls f with the text when Enter is pressed in the field.
func (t *Text) OnSubmit(f func(value string)) { t.submitted.add(f) }

// Button is a button to click.
type Button struct {
	Core
	clicked handlers[struct{}]
}

// NewButton makes a button labelled description.
func NewButton(description string) *Button {
	b := &Button{}
	b.name = "Button"
	b.m = newModel(kind{model: "ButtonModel", view: "ButtonView", dom: true}, map[string]any{
		"description": description, "tooltip": "", "icon": "", "button_style": "", "disabled": false,
	}, buttonStyleState(), buttonStyle)
	b.m.onCustom = func(content json.RawMessage) {
		var ev struct{ Event string }
		if json.Unmarshal(content, &ev) == nil && ev.Event == "click" {
			b.clicked.call(struct{}{})
		}
	}
	return b
}

// OnClick calls f each time the button is clicked.
func (b *Button) OnClick(f func()) { b.clicked.add(func(struct{}) { f() }) }

// Click does what a click on the page does.
func (b *Button) Click() { b.clicked.call(struct{}{}) }

// SetDescription sets the button's label.
func (b *Button) SetDescription(s string) { b.m.set("description", s) }

// SetDisabled greys the button out (true) or enables it.
func (b *Button) SetDisabled(d bool) { b.m.set("disabled", d) }

// SetStyle gives the button one of the predefined looks: "primary",
// "success", "info", "warning", "danger" or "" (plain).
func (b *Button) SetStyle(style string) error {
	switch style {
	case "", "primary", "success", "info", "warning", "danger":
		b.m.set("button_style", style)
		return nil
	}
	return fmt.Errorf("widget: button style %q: want primary, success, info, warning, danger or \"\"", style)
}

// HTML shows a piece of HTML that a program can change (a caption, a
// status line).
type HTML struct{ Labeled }

// NewHTML makes an HTML widget showing value.
func NewHTML(value string) *HTML {
	h := &HTML{}
	h.name = "HTML"
	style, sk := describedStyle("HTMLStyleModel", "background", "font_size", "text_color")
	h.m = newModel(kind{model: "HTMLModel", view: "HTMLView", dom: true}, map[string]any{
		"value": value, "placeholder": "", "description": "", "description_allow_html": false,
	}, style, sk)
	return h
}

// Value returns the HTML shown.
func (h *HTML) Value() string { v, _ := h.m.get("value").(string); return v }

// SetValue replaces the HTML shown.
func (h *HTML) SetValue(v string) { h.m.set("value", v) }
