package browsertest

import (
	"context"
	_ "embed"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// lab.js is page.js for JupyterLab 4 and Notebook 7.
//
//go:embed lab.js
var labJS string

// openLab opens a notebook in JupyterLab or Notebook 7 in a new tab, waits
// until its kernel is idle, installs lab.js, and shuts the kernel down
// when the test ends.
func openLab(t *testing.T, browser context.Context, srv *server, name string) context.Context {
	t.Helper()
	tab, closeTab := chromedp.NewContext(browser)
	t.Cleanup(closeTab)
	logConsole(t, tab, filepath.Join(filepath.Dir(srv.log), srv.front.name+"-"+strings.TrimSuffix(name, ".ipynb")+"-console.log"))
	run(t, tab, chromedp.Navigate(srv.url(name)))
	ready := fmt.Sprintf(`(function () {
		var w = window.jupyterapp && jupyterapp.shell.currentWidget;
		var s = w && w.sessionContext && w.context && w.context.isReady && w.context.path === %q && w.sessionContext.session;
		var k = s && s.kernel;
		return !!(k && k.status === "idle" && k.connectionStatus === "connected" && w.content.widgets.length > 0);
	})()`, srv.path(name))
	poll(t, tab, openLimit, name+" open with an idle kernel", func() bool {
		var ok bool
		run(t, tab, chromedp.Evaluate(ready, &ok))
		return ok
	})
	run(t, tab, chromedp.Evaluate(labJS, nil))
	var sessions []struct {
		ID, Path string
		Kernel   struct{ ID string }
	}
	if err := srv.api("GET", "/api/sessions", &sessions); err != nil {
		t.Fatal(err)
	}
	for _, s := range sessions {
		if s.Path != srv.path(name) {
			continue
		}
		k, ok := srv.kernelProc(s.Kernel.ID)
		if !ok {
			t.Fatalf("%s: no process for kernel %s", name, s.Kernel.ID)
		}
		t.Cleanup(func() { shutdown(t, srv, s.ID, k) })
		return tab
	}
	t.Fatalf("%s: no session on the server", name)
	return nil
}

// shiftEnter runs cell i as a user does: selects it and presses
// Shift+Enter, which runs it and selects the next.
func shiftEnter(t *testing.T, ctx context.Context, i int) {
	t.Helper()
	var ok bool
	run(t, ctx, chromedp.Evaluate(fmt.Sprintf("coevoSelect(%d)", i), &ok))
	if !ok {
		t.Fatalf("cell %d could not be selected", i)
	}
	run(t, ctx, chromedp.KeyEvent(kb.Enter, chromedp.KeyModifiers(input.ModifierShift)))
}

// TestJupyterLab runs the notebooks in JupyterLab 4, and TestNotebook7 in
// Notebook 7, both from PyPI (build/venv) with ipywidgets 8's widget
// manager: every notebook cell by cell as a user runs it (Shift+Enter),
// the widgets moved from the keyboard and clicked, Interrupt and Restart
// from the Kernel menu, Tab completion, the contextual help, and the
// kernel's name, logo and Go highlighting.
func TestJupyterLab(t *testing.T) { modern(t, jupyterLab) }
func TestNotebook7(t *testing.T)  { modern(t, notebook7) }

func modern(t *testing.T, frontEnd func(*testing.T) *frontEnd) {
	root, out, coevo := setUp(t)
	front := frontEnd(t)
	notebooks := notebooksFor(t, root, front.name)
	srv := startServer(t, front, root, filepath.Join(out, front.name+"-server.log"))
	checkKernelspec(t, srv, coevo)
	browser := startChromium(t, filepath.Join(out, front.name+"-chromium.log"))
	shot := func(name string) string { return filepath.Join(out, front.name+"-"+name) }

	t.Run("kernel-shown", func(t *testing.T) { kernelShown(t, browser, srv, shot("kernel.png")) })
	for _, nb := range notebooks {
		name := filepath.Base(nb)
		t.Run(strings.TrimSuffix(name, ".ipynb"), func(t *testing.T) {
			data, err := os.ReadFile(nb)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(srv.dir, name), data, 0o644); err != nil {
				t.Fatal(err)
			}
			runNotebookByCell(t, browser, srv, name, shot(strings.TrimSuffix(name, ".ipynb")+".png"))
		})
	}
	t.Run("widgets", func(t *testing.T) { modernWidgets(t, browser, srv, shot("widgets")) })
	t.Run("faults-caught", func(t *testing.T) { modernFaults(t, browser, srv, shot("faults.png")) })
	t.Run("interrupt-restart", func(t *testing.T) { interruptRestart(t, browser, srv, shot("interrupt.png")) })
	t.Run("complete-inspect", func(t *testing.T) { completeInspect(t, browser, srv, shot("complete")) })
}

// runCellByKey runs cell i with Shift+Enter and waits until it has run
// (its prompt shows a new number) and the kernel is idle; a markdown cell
// is only rendered.
func runCellByKey(t *testing.T, ctx context.Context, i int, limit time.Duration) {
	t.Helper()
	before := pageState(t, ctx).Cells[i]
	shiftEnter(t, ctx, i)
	if before.Type != "code" {
		return
	}
	poll(t, ctx, limit, fmt.Sprintf("cell %d run", i), func() bool {
		var st status
		run(t, ctx, chromedp.Evaluate("coevoStatus()", &st))
		if st.Dead {
			t.Fatalf("the kernel died (%s); dialog: %q", st.Status, st.Dialog)
		}
		c := pageState(t, ctx).Cells[i]
		_, err := strconv.Atoi(c.Prompt)
		return err == nil && c.Prompt != before.Prompt
	})
	waitIdle(t, ctx, limit)
}

// runByCell runs every cell in order, as a user pressing Shift+Enter,
// and returns what the page shows.
func runByCell(t *testing.T, ctx context.Context) state {
	t.Helper()
	n := len(pageState(t, ctx).Cells)
	for i := 0; i < n; i++ {
		runCellByKey(t, ctx, i, runLimit)
	}
	// Shift+Enter on the last cell added an empty one below it.
	st := pageState(t, ctx)
	st.Cells = st.Cells[:n]
	return st
}

// runNotebookByCell opens a notebook, runs it cell by cell, checks what
// the page shows as runNotebook does in the classic Notebook, moves the
// widgets of the cells that bind a figure to them, and saves a screenshot.
func runNotebookByCell(t *testing.T, browser context.Context, srv *server, name, shot string) {
	ctx := openLab(t, browser, srv, name)
	defer labScreenshot(t, ctx, shot)
	start := time.Now()
	st := runByCell(t, ctx)
	t.Logf("%s: every cell run with Shift+Enter in %.1f s", name, time.Since(start).Seconds())
	code, tables, plots, bars, updates := 0, 0, 0, 0, 0
	for _, c := range st.Cells {
		if c.Type != "code" {
			continue
		}
		code++
		for _, p := range problems(c, st.Events) {
			t.Errorf("cell %d (%s): %s", c.Index, firstLine(c.Source), p)
		}
		if wantsTable(c.Source) {
			tables++
		}
		if wantsPlot(c.Source) {
			plots++
		}
		if n := strings.Count(c.Source, "display.NewProgress("); n > 0 {
			bars += n
			for _, e := range st.Events {
				if e.Cell == c.Index && e.Kind == "update" {
					updates++
				}
			}
		}
	}
	t.Logf("%s: %d code cells checked, %d DataFrames, %d plots, %d progress bars updated %d times in place; screenshot %s",
		name, code, tables, plots, bars, updates, shot)
	k := 0
	for _, c := range st.Cells {
		if c.Type == "code" && usesWidgets(c.Source) {
			k++
			checkLabWidgets(t, ctx, c.Index, fmt.Sprintf("%s-widgets-%d", strings.TrimSuffix(shot, ".png"), k))
		}
	}
}

// labScreenshot saves the whole notebook: JupyterLab's and Notebook 7's
// pages scroll inside the notebook, so the window is made as tall as the
// notebook for the picture (at most 16,000 pixels, Chromium's limit).
func labScreenshot(t *testing.T, ctx context.Context, path string) {
	t.Helper()
	var h int64
	if err := chromedp.Run(ctx, chromedp.Evaluate(`(function () {
		var w = jupyterapp.shell.currentWidget;
		// The notebook scrolls in its outer node (a windowed list).
		var n = w && w.content ? w.content.outerNode || w.content.node : document.body;
		return Math.ceil(n.scrollHeight + document.documentElement.clientHeight - n.clientHeight);
	})()`, &h)); err != nil {
		t.Errorf("screenshot %s: %v", path, err)
		return
	}
	h = min(max(h, 1024), 16000)
	var png []byte
	err := chromedp.Run(ctx,
		emulation.SetDeviceMetricsOverride(1280, h, 1, false),
		chromedp.Sleep(500*time.Millisecond), // the layout follows the window
		chromedp.Evaluate(`(function () {
			var w = jupyterapp.shell.currentWidget;
			if (w && w.content) (w.content.outerNode || w.content.node).scrollTop = 0;
		})()`, nil),
		chromedp.Sleep(300*time.Millisecond),
		chromedp.CaptureScreenshot(&png),
		emulation.ClearDeviceMetricsOverride())
	if err != nil {
		t.Errorf("screenshot %s: %v", path, err)
		return
	}
	if err := os.WriteFile(path, png, 0o644); err != nil {
		t.Error(err)
	}
}

// shootLabCell saves a screenshot of a cell's outputs.
func shootLabCell(t *testing.T, ctx context.Context, cell int, path string) {
	t.Helper()
	var ok bool
	run(t, ctx, chromedp.Evaluate(fmt.Sprintf(`coevoMark(%d, ".jp-OutputArea-output", 0, "coevo-shot")`, cell), &ok))
	if !ok {
		t.Errorf("cell %d has no output to photograph", cell)
		return
	}
	var png []byte
	if err := chromedp.Run(ctx, chromedp.Screenshot("#coevo-shot", &png, chromedp.ByQuery)); err != nil {
		t.Errorf("screenshot of cell %d: %v", cell, err)
		return
	}
	if err := os.WriteFile(path, png, 0o644); err != nil {
		t.Error(err)
	}
}

// mark gives the n-th match of sel in cell's outputs (cell < 0: the page)
// the id id, failing the test if there is none.
func mark(t *testing.T, ctx context.Context, cell int, sel string, n int, id string) {
	t.Helper()
	var ok bool
	run(t, ctx, chromedp.Evaluate(fmt.Sprintf("coevoMark(%d, %q, %d, %q)", cell, sel, n, id), &ok))
	if !ok {
		t.Fatalf("no %s (number %d) in cell %d", sel, n, cell)
	}
}

// checkLabWidgets moves the slider of a cell that binds a figure to
// widgets, from the keyboard (End: the slider's last value), and checks
// that the figure is redrawn (or, with no slider, chooses the last option
// of its dropdown and checks that what it shows changes), saving the cell
// before and after.
func checkLabWidgets(t *testing.T, ctx context.Context, cell int, shot string) {
	t.Helper()
	var before widgetArea
	poll(t, ctx, time.Minute, fmt.Sprintf("cell %d's widgets drawn", cell), func() bool {
		before = widgetsOf(t, ctx, cell)
		return before.Manager && before.Shown && (before.Sliders > 0 && before.figure() != "" || len(before.Dropdowns) > 0)
	})
	shootLabCell(t, ctx, cell, shot+"-before.png")
	if before.Sliders == 0 {
		mark(t, ctx, cell, ".jupyter-widgets select", 0, "coevo-select")
		var last string
		run(t, ctx, chromedp.Evaluate(`(function () { var s = document.getElementById("coevo-select"); return s.options[s.options.length - 1].value; })()`, &last))
		run(t, ctx, chromedp.SetValue("#coevo-select", last, chromedp.ByQuery))
		run(t, ctx, chromedp.Evaluate(`void document.getElementById("coevo-select").dispatchEvent(new Event("change", { bubbles: true }))`, nil))
		var after widgetArea
		poll(t, ctx, time.Minute, fmt.Sprintf("cell %d redrawn after another option was chosen", cell), func() bool {
			after = widgetsOf(t, ctx, cell)
			return after.Text != before.Text && fmt.Sprint(after.Dropdowns) != fmt.Sprint(before.Dropdowns)
		})
		waitIdle(t, ctx, time.Minute)
		shootLabCell(t, ctx, cell, shot+"-after.png")
		t.Logf("cell %d: dropdown %v -> %v, output redrawn; screenshots %s-before.png, -after.png", cell, before.Dropdowns, after.Dropdowns, shot)
		return
	}
	moved := time.Now()
	mark(t, ctx, cell, ".noUi-handle", 0, "coevo-handle")
	run(t, ctx, chromedp.SendKeys("#coevo-handle", kb.End, chromedp.ByQuery))
	var after widgetArea
	poll(t, ctx, time.Minute, fmt.Sprintf("cell %d's figure redrawn after the slider moved", cell), func() bool {
		after = widgetsOf(t, ctx, cell)
		return after.figure() != "" && after.figure() != before.figure()
	})
	redrawn := time.Since(moved)
	waitIdle(t, ctx, time.Minute)
	after = widgetsOf(t, ctx, cell)
	shootLabCell(t, ctx, cell, shot+"-after.png")
	if fmt.Sprint(after.Readouts) == fmt.Sprint(before.Readouts) {
		t.Errorf("cell %d: the slider reads %v before and after the move", cell, after.Readouts)
	}
	if len(after.Images) != len(before.Images) {
		t.Errorf("cell %d: %d pictures before the move, %d after: a redraw must replace the figure", cell, len(before.Images), len(after.Images))
	}
	t.Logf("cell %d: slider %v -> %v by the End key, figure redrawn %.2f s after it (polled every 0.1 s); screenshots %s-before.png, -after.png",
		cell, before.Readouts, after.Readouts, redrawn.Seconds(), shot)
}

// modernWidgets runs a scratch notebook of widgets: a slider and a
// dropdown bound to a plot, moved from the page; the kernel reads the
// value the page set; a button click runs its callback in the kernel (a
// later cell reads what it counted); a callback's panic leaves the
// session going.
func modernWidgets(t *testing.T, browser context.Context, srv *server, shot string) {
	cells := []string{
		"import (\n\t\"math\"\n\n\t\"github.com/coevolab/coevo/kernel/widget\"\n\t\"github.com/coevolab/coevo/stats/plot\"\n\tgplot \"gonum.org/v1/plot\"\n)\n\n" +
			"power := widget.NewIntSlider(\"power\", 1, 4)\nshape := widget.NewDropdown(\"shape\", []string{\"solid\", \"dashed\"})\n" +
			"ui, err := widget.Interact(func(k int, s string) *gplot.Plot {\n" +
			"\tvar x, y []float64\n\tfor i := 0; i <= 50; i++ {\n\t\tx = append(x, float64(i)/50)\n\t\ty = append(y, math.Pow(x[i], float64(k)))\n\t}\n" +
			"\tp := plot.New(fmt.Sprintf(\"x^{%d}\", k), \"x\", \"y\")\n" +
			"\tplot.Line(p, x, y, plot.Color(0), s == \"dashed\", \"\")\n\treturn p\n}, power, shape)\n" +
			"if err != nil {\n\tpanic(err)\n}\nui",
		"power.Value()",
		"clicks := 0\ncount := widget.NewButton(\"count\")\ncount.OnClick(func() { clicks++ })\n" +
			"boom := widget.NewButton(\"explode\")\nboom.OnClick(func() { panic(\"a callback's panic\") })\nwidget.HBox(count, boom)",
		"clicks * 10",
	}
	writeNotebook(t, filepath.Join(srv.dir, "widgets.ipynb"), cells)
	ctx := openLab(t, browser, srv, "widgets.ipynb")
	defer labScreenshot(t, ctx, shot+".png")
	runCellByKey(t, ctx, 0, 2*time.Minute)
	if ps := problems(pageState(t, ctx).Cells[0], nil); len(ps) > 0 {
		t.Fatalf("the widget cell: %s", strings.Join(ps, "\n"))
	}
	checkLabWidgets(t, ctx, 0, shot)
	runCellByKey(t, ctx, 1, time.Minute)
	if c := pageState(t, ctx).Cells[1]; strings.TrimSpace(c.Text) != "4" {
		t.Errorf("after the slider moved to its end the kernel reads power = %q, want 4", c.Text)
	}
	runCellByKey(t, ctx, 2, time.Minute)
	// Two clicks on count, one on explode, with the mouse.
	for _, b := range []int{0, 0, 1} {
		mark(t, ctx, 2, "button.jupyter-button", b, "coevo-button")
		run(t, ctx, chromedp.Click("#coevo-button", chromedp.ByQuery))
		time.Sleep(300 * time.Millisecond)
		waitIdle(t, ctx, time.Minute)
	}
	runCellByKey(t, ctx, 3, time.Minute)
	if c := pageState(t, ctx).Cells[3]; strings.TrimSpace(c.Text) != "20" || len(c.Errors) > 0 {
		t.Errorf("after two clicks on count and one on explode (its callback panics) the session shows clicks*10 = %q, want 20", c.Text)
	}
}

// modernFaults runs the faulty cells of faults cell by cell: each check
// must catch its fault here too.
func modernFaults(t *testing.T, browser context.Context, srv *server, shot string) {
	var sources []string
	for _, c := range faultCells {
		sources = append(sources, c.source)
	}
	writeNotebook(t, filepath.Join(srv.dir, "faults.ipynb"), sources)
	ctx := openLab(t, browser, srv, "faults.ipynb")
	defer labScreenshot(t, ctx, shot)
	st := runByCell(t, ctx)
	for i, c := range faultCells {
		ps := strings.Join(problems(st.Cells[i], st.Events), "\n")
		if c.caught == "" && ps != "" || !strings.Contains(ps, c.caught) {
			t.Errorf("cell %d (%s): the checks found %q, want %q", i, firstLine(c.source), ps, c.caught)
		}
	}
}

// menu clicks an item of the menu bar's menu title (Kernel), found by its
// command (kernel:interrupt), as a user does with the mouse.
func menu(t *testing.T, ctx context.Context, title, command string) {
	t.Helper()
	var ok bool
	run(t, ctx, chromedp.Evaluate(fmt.Sprintf(`(function () {
		var old = document.getElementById("coevo-menu"); if (old) old.removeAttribute("id");
		var m = Array.from(document.querySelectorAll(".lm-MenuBar-item")).find(function (e) { return e.textContent.trim() === %q; });
		if (!m) return false;
		m.id = "coevo-menu";
		return true;
	})()`, title), &ok))
	if !ok {
		t.Fatalf("no %s menu in the menu bar", title)
	}
	item := fmt.Sprintf(`.lm-Menu-item[data-command=%q]`, command)
	run(t, ctx, chromedp.Click("#coevo-menu", chromedp.ByQuery))
	misses := 0
	poll(t, ctx, 10*time.Second, fmt.Sprintf("%s > %s shown", title, command), func() bool {
		var shown bool
		run(t, ctx, chromedp.Evaluate(fmt.Sprintf(`(function () {
			var e = document.querySelector('%s');
			return !!e && e.getBoundingClientRect().height > 0;
		})()`, item), &shown))
		if misses++; !shown && misses == 50 {
			var items []string
			run(t, ctx, chromedp.Evaluate(`Array.from(document.querySelectorAll(".lm-Menu-item")).map(function (e) { return e.getAttribute("data-command"); })`, &items))
			t.Logf("the %s menu shows %v", title, items)
		}
		return shown
	})
	pointAndClick(t, ctx, item)
}

// pointAndClick moves the mouse onto the element sel finds and clicks it:
// a menu acts on the item the mouse is over.
func pointAndClick(t *testing.T, ctx context.Context, sel string) {
	t.Helper()
	var box struct{ X, Y float64 }
	run(t, ctx, chromedp.Evaluate(fmt.Sprintf(`(function () {
		var r = document.querySelector(%q).getBoundingClientRect();
		return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
	})()`, sel), &box))
	run(t, ctx, chromedp.MouseEvent(input.MouseMoved, box.X, box.Y), chromedp.Sleep(100*time.Millisecond), chromedp.MouseClickXY(box.X, box.Y))
}

// interruptRestart stops running cells with Kernel > Interrupt (an
// interpreted loop and an engine call), checks that the session keeps its
// variables, then restarts the kernel with Kernel > Restart (and the
// dialog's Restart button) and checks that they are gone and that the new
// session runs cells.
func interruptRestart(t *testing.T, browser context.Context, srv *server, shot string) {
	cells := []string{
		"x := 41",
		"fmt.Println(\"looping\")\nn := 0\nfor i := 0; i < 1<<62; i++ {\n\tn += i % 7\n}\nn",
		"import (\n\t\"github.com/coevolab/coevo/engine/heap\"\n\t\"github.com/coevolab/coevo/kernel/display\"\n)\n\n" +
			"fmt.Println(\"solving\")\nseq, err := heap.GrundysGame().SequenceContext(display.Context(), 50000000, nil)\nerr",
		"x + 1",
		"y := 2\ny * 21",
	}
	writeNotebook(t, filepath.Join(srv.dir, "interrupt.ipynb"), cells)
	ctx := openLab(t, browser, srv, "interrupt.ipynb")
	defer labScreenshot(t, ctx, shot)
	runCellByKey(t, ctx, 0, time.Minute)
	for _, x := range []struct {
		cell    int
		started string
	}{{1, "looping"}, {2, "solving"}} {
		i := x.cell
		shiftEnter(t, ctx, i)
		poll(t, ctx, time.Minute, fmt.Sprintf("cell %d printing %q", i, x.started), func() bool {
			c := pageState(t, ctx).Cells[i]
			return c.Prompt == "*" && strings.Contains(c.Text, x.started)
		})
		time.Sleep(time.Second) // well inside the loop
		menu(t, ctx, "Kernel", "kernelmenu:interrupt")
		clicked := time.Now()
		poll(t, ctx, interruptLimit, fmt.Sprintf("cell %d stopped", i), func() bool { return pageState(t, ctx).Cells[i].Prompt != "*" })
		waitIdle(t, ctx, interruptLimit)
		t.Logf("cell %d stopped by Kernel > Interrupt: idle %.2f s after the click", i, time.Since(clicked).Seconds())
		c := pageState(t, ctx).Cells[i]
		if len(c.Errors) == 0 || !strings.Contains(strings.ToLower(strings.Join(c.Errors, "\n")), "interrupt") {
			t.Errorf("cell %d interrupted from the menu: want an interrupt error, the page shows %q", i, c.Text)
		}
	}
	runCellByKey(t, ctx, 3, time.Minute)
	if c := pageState(t, ctx).Cells[3]; len(c.Errors) > 0 || strings.TrimSpace(c.Text) != "42" {
		t.Errorf("after the interrupts x + 1 shows %q, want 42 (the session keeps its variables)", c.Text)
	}

	menu(t, ctx, "Kernel", "kernelmenu:restart")
	accept := ".jp-Dialog .jp-Dialog-button.jp-mod-accept"
	run(t, ctx, chromedp.WaitVisible(accept, chromedp.ByQuery), chromedp.Click(accept, chromedp.ByQuery))
	restarted := time.Now()
	poll(t, ctx, time.Minute, "the kernel restarting", func() bool {
		var s string
		run(t, ctx, chromedp.Evaluate(`jupyterapp.shell.currentWidget.sessionContext.session.kernel.status`, &s))
		return s != "idle" || time.Since(restarted) > 5*time.Second
	})
	waitIdle(t, ctx, time.Minute)
	t.Logf("Kernel > Restart: idle again %.2f s after the click", time.Since(restarted).Seconds())
	runCellByKey(t, ctx, 3, time.Minute)
	if c := pageState(t, ctx).Cells[3]; !strings.Contains(strings.Join(c.Errors, "\n"), "undefined: x") {
		t.Errorf("after a restart x + 1 shows %q, want the error undefined: x (a new session)", c.Text)
	}
	runCellByKey(t, ctx, 4, time.Minute)
	if c := pageState(t, ctx).Cells[4]; len(c.Errors) > 0 || strings.TrimSpace(c.Text) != "42" {
		t.Errorf("after a restart y * 21 shows %q, want 42", c.Text)
	}
}

// completeInspect types in a cell as a user does: "r." and Tab, where r
// is a *strings.Replacer, must list the methods Go's reflection finds on
// that type, the same that the kernel answers to complete_request; with
// the contextual help open (Help > Show Contextual Help), the cursor in
// strings.Repeat( must show the kernel's inspection: the documentation
// that go doc prints.
func completeInspect(t *testing.T, browser context.Context, srv *server, shot string) {
	var want []string
	rt := reflect.TypeOf(strings.NewReplacer("a", "b"))
	for i := 0; i < rt.NumMethod(); i++ {
		want = append(want, rt.Method(i).Name)
	}
	doc, err := exec.Command("go", "doc", "strings.Repeat").Output()
	if err != nil {
		t.Fatalf("go doc strings.Repeat: %v", err)
	}
	// The first sentence of the documentation, on one line.
	docLine := strings.Join(strings.Fields(strings.SplitN(string(doc), "\n\n", 2)[1]), " ")
	docLine = docLine[:strings.Index(docLine, ".")+1]

	writeNotebook(t, filepath.Join(srv.dir, "complete.ipynb"), []string{"import \"strings\"\n\nr := strings.NewReplacer(\"a\", \"b\")", ""})
	ctx := openLab(t, browser, srv, "complete.ipynb")
	runCellByKey(t, ctx, 0, time.Minute)
	var ok bool
	run(t, ctx, chromedp.Evaluate("coevoSelect(1)", &ok))
	run(t, ctx, chromedp.KeyEvent(kb.Enter), chromedp.KeyEvent("r."), chromedp.KeyEvent(kb.Tab))
	var shown []string
	poll(t, ctx, 30*time.Second, "the completer listing r.'s methods", func() bool {
		run(t, ctx, chromedp.Evaluate(`Array.from(document.querySelectorAll(".jp-Completer:not(.lm-mod-hidden) .jp-Completer-item .jp-Completer-match")).map(function (e) { return e.textContent; })`, &shown))
		return len(shown) > 0
	})
	var kernelSays []string
	run(t, ctx, chromedp.Evaluate(`jupyterapp.shell.currentWidget.sessionContext.session.kernel.requestComplete({code: "r.", cursor_pos: 2}).then(function (r) { return r.content.matches; })`, &kernelSays, awaited))
	sort.Strings(shown)
	sort.Strings(kernelSays)
	if fmt.Sprint(shown) != fmt.Sprint(want) || fmt.Sprint(kernelSays) != fmt.Sprint(want) {
		t.Errorf("Tab after r. (a *strings.Replacer): the completer shows %v, the kernel answers %v, reflection finds %v", shown, kernelSays, want)
	}
	labScreenshot(t, ctx, shot+".png")
	t.Logf("Tab after r. shows %v", shown)

	// Leave the completer, empty the cell, type strings.Repeat and press
	// Shift+Tab: the tooltip shows the kernel's inspection.
	run(t, ctx, chromedp.KeyEvent(kb.Escape))
	run(t, ctx, chromedp.Evaluate(`(function () {
		var c = jupyterapp.shell.currentWidget.content.activeCell;
		c.model.sharedModel.setSource("");
	})()`, nil))
	run(t, ctx, chromedp.Evaluate(`coevoEditor(1, "coevo-editor")`, &ok))
	if !ok {
		t.Fatal("cell 1 has no editor")
	}
	run(t, ctx, chromedp.Click("#coevo-editor", chromedp.ByQuery), chromedp.KeyEvent("strings.Repeat"),
		chromedp.KeyEvent(kb.Tab, chromedp.KeyModifiers(input.ModifierShift)))
	shows := func(what, sel string) string {
		var text string
		poll(t, ctx, 30*time.Second, what+" showing strings.Repeat's documentation", func() bool {
			run(t, ctx, chromedp.Evaluate(fmt.Sprintf(`Array.from(document.querySelectorAll(%q)).map(function (e) { return e.innerText; }).join("\n")`, sel), &text))
			return strings.Contains(strings.Join(strings.Fields(text), " "), docLine)
		})
		return text
	}
	defer func() {
		if t.Failed() {
			labScreenshot(t, ctx, shot+"-help.png")
		}
	}()
	tip := shows("the tooltip (Shift+Tab)", ".jp-Tooltip")
	labScreenshot(t, ctx, shot+"-tooltip.png")
	t.Logf("Shift+Tab shows %q", firstLine(strings.TrimSpace(tip)))
	if srv.front.name != "lab" {
		return // Notebook 7 has no contextual help panel
	}
	// Help > Show Contextual Help, and the name typed again.
	run(t, ctx, chromedp.KeyEvent(kb.Escape))
	menu(t, ctx, "Help", "inspector:toggle")
	run(t, ctx, chromedp.Evaluate(`coevoEditor(1, "coevo-editor")`, &ok))
	run(t, ctx, chromedp.Click("#coevo-editor", chromedp.ByQuery), chromedp.KeyEvent(kb.End), chromedp.KeyEvent(kb.Backspace), chromedp.KeyEvent("t"))
	help := shows("the contextual help", ".jp-Inspector-content")
	labScreenshot(t, ctx, shot+"-help.png")
	t.Logf("the contextual help shows %q", firstLine(strings.TrimSpace(help)))
}

// kernelShown opens a notebook of Go and checks that the page names the
// kernel (its kernelspec's display name), shows its logo (the launcher's
// card in JupyterLab, beside the notebook's name in Notebook 7) and
// highlights Go: keywords, strings and names in different colours.
func kernelShown(t *testing.T, browser context.Context, srv *server, shot string) {
	writeNotebook(t, filepath.Join(srv.dir, "kernel.ipynb"), []string{"import \"strings\"\n\n// twice says s twice.\nfunc twice(s string) string {\n\treturn strings.Repeat(s, 2)\n}"})
	ctx := openLab(t, browser, srv, "kernel.ipynb")
	var name string
	poll(t, ctx, 30*time.Second, "the kernel's name shown", func() bool {
		run(t, ctx, chromedp.Evaluate(`Array.from(document.querySelectorAll(".jp-Toolbar-kernelName, .jp-KernelStatus")).map(function (e) { return e.textContent; }).join("|")`, &name))
		return strings.Contains(name, "Go (coevo)")
	})
	type token struct{ Text, Color string }
	var tokens []token
	run(t, ctx, chromedp.Evaluate(`(function () {
		var c = jupyterapp.shell.currentWidget.content.widgets[0];
		return Array.from(c.node.querySelectorAll(".cm-line span")).map(function (s) {
			return { text: s.textContent, color: getComputedStyle(s).color };
		});
	})()`, &tokens))
	colors := map[string]string{}
	for _, tk := range tokens {
		colors[tk.Text] = tk.Color
	}
	var plain string
	run(t, ctx, chromedp.Evaluate(`getComputedStyle(jupyterapp.shell.currentWidget.content.widgets[0].node.querySelector(".cm-content")).color`, &plain))
	for _, tk := range []string{"import", "func", "return", `"strings"`, "// twice says s twice."} {
		if c, ok := colors[tk]; !ok || c == plain {
			t.Errorf("Go highlighting: %s is drawn as plain text (colour %q, text %q); tokens %v", tk, c, plain, tokens)
		}
	}
	if colors["func"] == colors[`"strings"`] || colors["func"] == colors["// twice says s twice."] {
		t.Errorf("Go highlighting: keywords, strings and comments in one colour: %v", colors)
	}
	if srv.front.name == "lab" {
		menu(t, ctx, "File", "launcher:create")
	}
	logo := `img[src*="kernelspecs/coevo/logo"]`
	var logoOK bool
	defer func() {
		if t.Failed() {
			labScreenshot(t, ctx, shot)
			var imgs string
			chromedp.Run(ctx, chromedp.Evaluate(`Array.from(document.querySelectorAll("img")).map(function (i) { return i.src + " " + i.naturalWidth; }).join("\n")`, &imgs))
			t.Logf("images in the page:\n%s", imgs)
		}
	}()
	poll(t, ctx, 30*time.Second, "the kernel's logo shown", func() bool {
		run(t, ctx, chromedp.Evaluate(`Array.from(document.querySelectorAll('`+logo+`')).some(function (im) { return im.complete && im.naturalWidth > 0 && im.getBoundingClientRect().width > 0; })`, &logoOK))
		return logoOK
	})
	labScreenshot(t, ctx, shot)
	t.Logf("the page names the kernel %q, shows its logo and highlights Go (%d tokens); screenshot %s", "Go (coevo)", len(tokens), shot)
}
