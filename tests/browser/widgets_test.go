package browsertest

import (
	"context"
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// logConsole writes what the page logs to its console, and the exceptions
// it throws, to path: where the front end's widget manager says what went
// wrong.
func logConsole(t *testing.T, tab context.Context, path string) {
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	closed := false
	t.Cleanup(func() { mu.Lock(); closed = true; f.Close(); mu.Unlock() })
	chromedp.ListenTarget(tab, func(ev any) {
		var line string
		switch ev := ev.(type) {
		case *runtime.EventConsoleAPICalled:
			var args []string
			for _, a := range ev.Args {
				if a.Value != nil {
					args = append(args, string(a.Value))
				} else {
					args = append(args, a.Description)
				}
			}
			line = fmt.Sprintf("console.%s: %s", ev.Type, strings.Join(args, " "))
		case *runtime.EventExceptionThrown:
			line = "exception: " + ev.ExceptionDetails.Text
			if ev.ExceptionDetails.Exception != nil {
				line += " " + ev.ExceptionDetails.Exception.Description
			}
		default:
			return
		}
		mu.Lock()
		defer mu.Unlock()
		if !closed {
			fmt.Fprintln(f, line)
		}
	})
}

// What coevoWidgets in page.js reports of a cell's widget area.
type widgetArea struct {
	Manager   bool
	Shown     bool
	Sliders   int
	Readouts  []string
	Dropdowns []string
	Images    []struct {
		Decoded bool
		W, H    float64
		Print   string
	}
	Text string
}

func widgetsOf(t *testing.T, ctx context.Context, cell int) widgetArea {
	t.Helper()
	var w widgetArea
	run(t, ctx, chromedp.Evaluate(fmt.Sprintf("coevoWidgets(%d)", cell), &w))
	return w
}

// figure returns the fingerprint of the picture a widget area draws ("" if
// none is drawn and decoded).
func (w widgetArea) figure() string {
	for _, im := range w.Images {
		if im.Decoded && im.W >= 100 && im.H >= 100 {
			return im.Print
		}
	}
	return ""
}

// usesWidgets tells whether a notebook cell binds a function to a slider
// or a dropdown.
func usesWidgets(src string) bool {
	return strings.Contains(src, "widget.Interact(") && (strings.Contains(src, "widget.NewIntSlider(") || strings.Contains(src, "widget.NewDropdown("))
}

// choose selects the last option of the cell's first dropdown, as a user
// does.
func choose(t *testing.T, ctx context.Context, cell int) {
	t.Helper()
	var ok bool
	run(t, ctx, chromedp.Evaluate(fmt.Sprintf(`(function () {
		var s = Jupyter.notebook.get_cell(%d).element.find(".widget-area select").first();
		if (s.length !== 1) return false;
		// The view listens with addEventListener: a native event, as a
		// user's choice makes.
		s[0].value = s.find("option").last().val();
		s[0].dispatchEvent(new Event("change", { bubbles: true }));
		return true;
	})()`, cell), &ok))
	if !ok {
		t.Fatalf("cell %d: no dropdown to choose from", cell)
	}
}

// moveSlider presses End on the cell's first slider, as a user moving it
// to its maximum: the front end sends the new value, the kernel runs the
// callbacks, and the output is redrawn.
func moveSlider(t *testing.T, ctx context.Context, cell int) {
	t.Helper()
	var ok bool
	run(t, ctx, chromedp.Evaluate(fmt.Sprintf(`(function () {
		$("#coevo-handle").removeAttr("id");
		var h = Jupyter.notebook.get_cell(%d).element.find(".widget-area .ui-slider-handle").first();
		h.attr("id", "coevo-handle");
		return h.length === 1;
	})()`, cell), &ok))
	if !ok {
		t.Fatalf("cell %d: no slider handle to move", cell)
	}
	run(t, ctx, chromedp.SendKeys("#coevo-handle", kb.End, chromedp.ByQuery))
}

// shootCell saves a screenshot of a cell's widgets (the controls and what
// they draw), on the page grown to its full height so that nothing is cut.
func shootCell(t *testing.T, ctx context.Context, cell int, path string) {
	t.Helper()
	var png []byte
	sel := fmt.Sprintf("#coevo-widgets-%d", cell)
	err := chromedp.Run(ctx,
		chromedp.Evaluate(fmt.Sprintf(`void Jupyter.notebook.get_cell(%d).element.find(".widget-area").attr("id", "coevo-widgets-%d")`, cell, cell), nil),
		chromedp.Evaluate(growPage, nil, awaited),
		chromedp.Screenshot(sel, &png, chromedp.ByQuery))
	if err != nil {
		t.Errorf("screenshot of cell %d: %v", cell, err)
		return
	}
	if err := os.WriteFile(path, png, 0o644); err != nil {
		t.Error(err)
	}
}

// checkWidgets moves the slider of a cell that binds a figure to widgets
// and checks that the figure is redrawn (or, with no slider, chooses
// another option of its dropdown and checks that what it shows changes),
// saving the cell before and after as shot+"-before.png" and
// shot+"-after.png".
func checkWidgets(t *testing.T, ctx context.Context, cell int, shot string) {
	t.Helper()
	before := widgetsOf(t, ctx, cell)
	if !before.Manager {
		t.Fatal("the widget manager (jupyter-js-widgets) is not loaded in the page: is the nbextension enabled?")
	}
	if before.Sliders == 0 {
		if !before.Shown || len(before.Dropdowns) == 0 || before.Text == "" {
			t.Fatalf("cell %d: the widgets are not drawn: %+v", cell, before)
		}
		shootCell(t, ctx, cell, shot+"-before.png")
		choose(t, ctx, cell)
		var after widgetArea
		poll(t, ctx, time.Minute, fmt.Sprintf("cell %d redrawn after another option was chosen", cell), func() bool {
			after = widgetsOf(t, ctx, cell)
			return after.Text != before.Text && fmt.Sprint(after.Dropdowns) != fmt.Sprint(before.Dropdowns)
		})
		waitIdle(t, ctx, time.Minute)
		shootCell(t, ctx, cell, shot+"-after.png")
		t.Logf("cell %d: dropdown %v -> %v, output redrawn; screenshots %s-before.png, -after.png", cell, before.Dropdowns, after.Dropdowns, shot)
		return
	}
	if !before.Shown || before.figure() == "" {
		t.Fatalf("cell %d: the widgets are not drawn: %+v", cell, before)
	}
	shootCell(t, ctx, cell, shot+"-before.png")
	moved := time.Now()
	moveSlider(t, ctx, cell)
	var after widgetArea
	poll(t, ctx, time.Minute, fmt.Sprintf("cell %d's figure redrawn after the slider moved", cell), func() bool {
		after = widgetsOf(t, ctx, cell)
		return after.figure() != "" && after.figure() != before.figure()
	})
	redrawn := time.Since(moved)
	waitIdle(t, ctx, time.Minute)
	after = widgetsOf(t, ctx, cell)
	shootCell(t, ctx, cell, shot+"-after.png")
	if fmt.Sprint(after.Readouts) == fmt.Sprint(before.Readouts) {
		t.Errorf("cell %d: the slider reads %v before and after the move", cell, after.Readouts)
	}
	if len(after.Images) != len(before.Images) {
		t.Errorf("cell %d: %d pictures before the move, %d after: a redraw must replace the figure", cell, len(before.Images), len(after.Images))
	}
	t.Logf("cell %d: slider %v -> %v, figure redrawn %.2f s after the key (polled every 0.1 s); screenshots %s-before.png, -after.png",
		cell, before.Readouts, after.Readouts, redrawn.Seconds(), shot)
}

// widgets runs a scratch notebook of widgets: a slider and a dropdown
// bound to a plot, moved from the page; the kernel sees the value the page
// set; a button whose callback panics shows the panic under its cell and
// the session goes on.
func widgets(t *testing.T, browser context.Context, srv *server, shot string) {
	cells := []string{
		"import (\n\t\"math\"\n\n\t\"github.com/coevolab/coevo/kernel/widget\"\n\t\"github.com/coevolab/coevo/stats/plot\"\n\tgplot \"gonum.org/v1/plot\"\n)\n\n" +
			"power := widget.NewIntSlider(\"power\", 1, 4)\nshape := widget.NewDropdown(\"shape\", []string{\"solid\", \"dashed\"})\n" +
			"ui, err := widget.Interact(func(k int, s string) *gplot.Plot {\n" +
			"\tvar x, y []float64\n\tfor i := 0; i <= 50; i++ {\n\t\tx = append(x, float64(i)/50)\n\t\ty = append(y, math.Pow(x[i], float64(k)))\n\t}\n" +
			"\tp := plot.New(fmt.Sprintf(\"x^{%d}\", k), \"x\", \"y\")\n" +
			"\tplot.Line(p, x, y, plot.Color(0), s == \"dashed\", \"\")\n\treturn p\n}, power, shape)\n" +
			"if err != nil {\n\tpanic(err)\n}\nui",
		"power.Value()",
		"boom := widget.NewButton(\"explode\")\nboom.OnClick(func() { panic(\"a callback's panic\") })\nboom",
		"power.Value() * 10",
	}
	writeNotebook(t, srv.dir+"/widgets.ipynb", cells)
	ctx := open(t, browser, srv, "widgets.ipynb")
	defer screenshot(t, ctx, shot+".png")
	runCell(t, ctx, 0)
	waitIdle(t, ctx, 2*time.Minute)
	if ps := problems(pageState(t, ctx).Cells[0], nil); len(ps) > 0 {
		t.Fatalf("the widget cell: %s", strings.Join(ps, "\n"))
	}
	checkWidgets(t, ctx, 0, shot)

	runCell(t, ctx, 1)
	waitIdle(t, ctx, time.Minute)
	if c := pageState(t, ctx).Cells[1]; !strings.Contains(c.Text, "4") {
		t.Errorf("after the slider moved to its end the kernel reads power = %q, want 4", c.Text)
	}

	runCell(t, ctx, 2)
	waitIdle(t, ctx, time.Minute)
	run(t, ctx, chromedp.Evaluate(`void Jupyter.notebook.get_cell(2).element.find(".widget-subarea button").first().click()`, nil))
	poll(t, ctx, time.Minute, "the callback's panic shown", func() bool {
		return strings.Contains(strings.Join(pageState(t, ctx).Cells[2].Errors, "\n"), "a callback's panic")
	})
	waitIdle(t, ctx, time.Minute)
	runCell(t, ctx, 3)
	waitIdle(t, ctx, time.Minute)
	if c := pageState(t, ctx).Cells[3]; !strings.Contains(c.Text, "40") || len(c.Errors) > 0 {
		t.Errorf("after the callback's panic the session shows %q, want 40", c.Text)
	}
}
