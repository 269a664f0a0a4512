// Package display shows rich results in coevo notebook cells, and renders
// values for the kernel.
//
// A cell's final value is rendered by Of, by the methods it has: a gota
// DataFrame (or anything with a DataFrame() method) becomes an HTML table,
// a gonum plot a PNG (see PlotScale), an image.Image PNG, an error its
// message, and a value with HTML(), Markdown(), SVG() or PNG() methods
// that MIME type (PNG alone when it has both SVG and PNG: see Of).
//
// In a cell:
//
//	import "github.com/coevolab/coevo/kernel/display"
//	display.Show(display.Markdown("**bold**"))
//	id := display.Show(display.HTML("<b>0%</b>"))
//	display.Update(id, display.HTML("<b>100%</b>"))
//	p := display.NewProgress("games", 1000)   // an updating progress bar
//	display.Clear(true)                       // clear the cell's output (at the next output)
//	ctx := display.Context()                  // cancelled when the cell is interrupted
package display

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"html"
	"image"
	"image/png"
	"math"
	"reflect"
	"sync"
	"time"

	"github.com/go-gota/gota/dataframe"
	gplot "gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"

	"github.com/coevolab/coevo/kernel/wire"
	"github.com/coevolab/coevo/stats/plot"
)

// Bundle maps MIME types to data, as Jupyter's display messages carry.
// The entry MetadataKey, if any, is not data but the message's metadata
// (the size an image is shown at): the kernel sends it apart (Split).
// It is kernel/wire's Bundle, which the kernel process uses without
// linking this package's plotting.
type Bundle = wire.Bundle

// MetadataKey is the Bundle entry that holds a display message's metadata,
// such as {"image/png": {"width": 504, "height": 374}}. It has the form of
// a JSON MIME type, so a bundle passed on whole is still a valid one.
const MetadataKey = wire.MetadataKey

// Split returns the data of b, without MetadataKey, and its metadata (an
// empty map when it has none), as a display_data or execute_result message
// carries them.
func Split(b Bundle) (data Bundle, metadata map[string]any) { return wire.SplitBundle(b) }

// Plots are shown as the figures stats/plot draws for print, one column
// wide (plot.Width x plot.Height, 3.5 x 2.6 in, with 7 to 9 pt type),
// PlotScale times larger: 5.25 x 3.9 in, 504 x 374 CSS pixels, where the
// smallest type reads at 10.5 pt. The PNG has PixelRatio times as many
// pixels (1008 x 749, 288 dpi at the figure's own size): sharp on
// high-density screens, and fit for a paper.
var (
	PlotScale  = 1.5
	PixelRatio = 2.0
)

// cssDPI is the CSS pixels in an inch.
const cssDPI = 96

// Kinds of content a cell can show.
type (
	HTML     string
	Markdown string
	LaTeX    string
	SVG      string
	PNG      []byte
	JSON     struct{ Value any }
)

// Of renders v.
func Of(v any) Bundle {
	switch x := v.(type) {
	case nil:
		return Bundle{"text/plain": "nil"}
	case Bundle:
		return x
	case HTML:
		return Bundle{"text/html": string(x), "text/plain": "HTML"}
	case Markdown:
		return Bundle{"text/markdown": string(x), "text/plain": string(x)}
	case LaTeX:
		return Bundle{"text/latex": string(x), "text/plain": string(x)}
	case SVG:
		return Bundle{"image/svg+xml": string(x), "text/plain": "SVG image"}
	case PNG:
		return Bundle{"image/png": base64.StdEncoding.EncodeToString(x), "text/plain": "PNG image"}
	case JSON:
		b, _ := json.MarshalIndent(x.Value, "", "  ")
		return Bundle{"application/json": x.Value, "text/plain": string(b)}
	case dataframe.DataFrame:
		return frame(x)
	case *dataframe.DataFrame:
		return frame(*x)
	case interface{ DataFrame() dataframe.DataFrame }:
		return frame(x.DataFrame())
	case *gplot.Plot:
		return plotBundle(x)
	case interface{ Plot() (*gplot.Plot, error) }:
		p, err := x.Plot()
		if err != nil {
			return Bundle{"text/plain": "plot: " + err.Error()}
		}
		return plotBundle(p)
	case image.Image:
		var buf bytes.Buffer
		if err := png.Encode(&buf, x); err != nil {
			return Bundle{"text/plain": "image: " + err.Error()}
		}
		return Of(PNG(buf.Bytes()))
	case error:
		return Bundle{"text/plain": "error: " + x.Error()}
	}
	b := Bundle{"text/plain": plain(v)}
	if h, ok := v.(interface{ HTML() string }); ok {
		b["text/html"] = h.HTML()
	}
	if m, ok := v.(interface{ Markdown() string }); ok {
		b["text/markdown"] = m.Markdown()
	}
	// A picture goes as PNG when it can: Jupyter front ends and nbconvert
	// prefer SVG to PNG, and nbconvert 6.5's HTML export strips inline SVG
	// to an empty element, so a bundle with both exports blank.
	if p, ok := v.(interface{ PNG() ([]byte, error) }); ok {
		if data, err := p.PNG(); err == nil {
			b["image/png"] = base64.StdEncoding.EncodeToString(data)
		}
	}
	if s, ok := v.(interface{ SVG() string }); ok && b["image/png"] == nil {
		b["image/svg+xml"] = s.SVG()
	}
	return b
}

func plain(v any) string {
	if s, ok := v.(fmt.Stringer); ok {
		return s.String()
	}
	rv := reflect.ValueOf(v)
	if rv.Kind() == reflect.String {
		return fmt.Sprintf("%q", v)
	}
	return fmt.Sprintf("%+v", v)
}

// plotBundle draws p as a PNG, at its size (plot.Size: plot.Width x
// plot.Height unless the figure chose another, as a ratings figure of
// many players does) with PixelRatio*PlotScale pixels per CSS pixel,
// shown PlotScale times its size (metadata width and height, which
// Jupyter and nbconvert honour).
// There is no SVG beside it: it would be preferred, and nbconvert 6.5
// exports inline SVG blank.
func plotBundle(p *gplot.Plot) Bundle {
	w, h := plot.Size(p)
	dpi := cssDPI * PlotScale * PixelRatio
	c := vgimg.NewWith(vgimg.UseWH(w, h), vgimg.UseDPI(int(math.Round(dpi))))
	p.Draw(draw.New(c))
	var buf bytes.Buffer
	if _, err := (vgimg.PngCanvas{Canvas: c}).WriteTo(&buf); err != nil {
		return Bundle{"text/plain": "plot: " + err.Error()}
	}
	shown := func(l vg.Length) int { return int(math.Round(float64(l/vg.Inch) * cssDPI * PlotScale)) }
	return Bundle{
		"image/png":  base64.StdEncoding.EncodeToString(buf.Bytes()),
		"text/plain": "plot",
		MetadataKey:  map[string]any{"image/png": map[string]any{"width": shown(w), "height": shown(h)}},
	}
}

// Sink receives what cells publish; the kernel installs one per cell.
type Sink interface {
	// Display shows b, or replaces what display id shows when update.
	Display(b Bundle, id string, update bool)
	// Clear clears the cell's output: now, or when wait, just before the
	// next output arrives (which avoids flicker in a loop that redraws).
	Clear(wait bool)
}

var (
	mu      sync.Mutex
	sink    Sink
	cellCtx = context.Background()
	nextID  int
)

// Attach installs the kernel's sink and the running cell's context.
func Attach(s Sink, ctx context.Context) {
	mu.Lock()
	sink, cellCtx = s, ctx
	mu.Unlock()
}

// Context returns the running cell's context: pass it to long engine
// calls so that interrupting the cell stops them.
func Context() context.Context {
	mu.Lock()
	defer mu.Unlock()
	return cellCtx
}

func publish(b Bundle, id string, update bool) {
	mu.Lock()
	s := sink
	mu.Unlock()
	if s != nil {
		s.Display(b, id, update)
	}
}

// A SelfShower displays itself: Show, and a cell whose value it is, call
// ShowSelf instead of rendering it (as IPython calls _ipython_display_).
// Widgets are shown so: they tell the front end to draw a view of a model.
type SelfShower interface {
	ShowSelf()
}

// Show displays v now and returns its display id, for Update ("" for a
// SelfShower, which displays itself).
func Show(v any) string {
	if s, ok := v.(SelfShower); ok {
		s.ShowSelf()
		return ""
	}
	mu.Lock()
	nextID++
	id := fmt.Sprintf("coevo-%d-%d", time.Now().UnixNano(), nextID)
	mu.Unlock()
	publish(Of(v), id, false)
	return id
}

// Update replaces what display id shows.
func Update(id string, v any) { publish(Of(v), id, true) }

// Clear clears the running cell's output (Jupyter's clear_output): at
// once, or when wait is true, as soon as the next output arrives.
func Clear(wait bool) {
	mu.Lock()
	s := sink
	mu.Unlock()
	if s != nil {
		s.Clear(wait)
	}
}

// Progress is an updating progress bar; Set and Add redraw it at most ten
// times a second, Done draws it full and Stop where the work stopped.
type Progress struct {
	mu     sync.Mutex
	label  string
	total  float64
	done   float64
	id     string
	start  time.Time
	drawn  time.Time
	closed bool
}

// NewProgress shows a progress bar for total units of work.
func NewProgress(label string, total float64) *Progress {
	p := &Progress{label: label, total: total, start: time.Now()}
	p.id = Show(p.render())
	return p
}

// Set records done units, redrawing now and then.
func (p *Progress) Set(done float64) {
	p.mu.Lock()
	p.done = done
	redraw := time.Since(p.drawn) > 100*time.Millisecond
	if redraw {
		p.drawn = time.Now()
	}
	h := p.render()
	p.mu.Unlock()
	if redraw {
		Update(p.id, h)
	}
}

// Add records n more units.
func (p *Progress) Add(n float64) {
	p.mu.Lock()
	d := p.done + n
	p.mu.Unlock()
	p.Set(d)
}

// Done draws the bar complete.
func (p *Progress) Done() {
	p.mu.Lock()
	p.done, p.closed = p.total, true
	h := p.render()
	p.mu.Unlock()
	Update(p.id, h)
}

// Stop draws the bar where the work stopped (the last Set or Add), for
// work that may end before its total, such as a run that stops at its
// first success: the bar then shows how far it went, not 100%.
func (p *Progress) Stop() {
	p.mu.Lock()
	p.closed = true
	h := p.render()
	p.mu.Unlock()
	Update(p.id, h)
}

func (p *Progress) render() HTML {
	frac := 0.0
	if p.total > 0 {
		frac = min(1, p.done/p.total)
	}
	el := time.Since(p.start).Round(time.Second)
	return HTML(fmt.Sprintf(`<div><progress value="%g" max="1" style="width:40%%"></progress> %s: %g/%g (%.0f%%, %v)</div>`,
		frac, html.EscapeString(p.label), p.done, p.total, 100*frac, el))
}
