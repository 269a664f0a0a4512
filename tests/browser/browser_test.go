package browsertest

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// page.js records how outputs arrive and reports what the page shows.
//
//go:embed page.js
var pageJS string

// How long a notebook may take to open and to run all its cells, and an
// interrupt to stop a cell: generous, as other work may share the cores.
const (
	openLimit      = 2 * time.Minute
	runLimit       = 15 * time.Minute
	interruptLimit = 15 * time.Second
	shutdownLimit  = 20 * time.Second
)

// What coevoState and coevoStatus in page.js report.
type (
	status struct {
		Running int
		Idle    bool
		Status  string
		Dead    bool
		Dialog  string
	}
	output struct {
		Type, Name    string
		Mimes         []string
		Table         bool // text/html holding a <table>
		Ename, Evalue string
		Text          string
	}
	picture struct {
		Decoded bool
		W, H    float64
	}
	cell struct {
		Index                int
		Type, Source, Prompt string
		Outputs              []output
		Errors, Stderr       []string
		Text                 string
		Tables               []int // rows of each rendered table
		Images, SVGs         []picture
		Bars                 []float64 // value of each progress bar
	}
	event struct {
		Kind, Type, Display string
		Cell                int
		Progress            bool      // the output is a progress bar
		Bars                []float64 // the cell's bars right after it
	}
	state struct {
		Cells  []cell
		Events []event
	}
)

func TestNotebooksInBrowser(t *testing.T) {
	if os.Getenv("COEVO_BROWSER_TEST") != "1" {
		t.Skip("needs Jupyter Notebook and Chromium: make browser-test (part of make test) runs this")
	}
	root, out, coevo := setUp(t)
	notebooks := notebooksFor(t, root, "classic")

	srv := startServer(t, classicNotebook(), root, filepath.Join(out, "notebook-server.log"))
	checkKernelspec(t, srv, coevo)
	browser := startChromium(t, filepath.Join(out, "chromium.log"))

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
			runNotebook(t, browser, srv, name, filepath.Join(out, strings.TrimSuffix(name, ".ipynb")+".png"))
		})
	}
	t.Run("widgets", func(t *testing.T) {
		widgets(t, browser, srv, filepath.Join(out, "widgets"))
	})
	t.Run("faults-caught", func(t *testing.T) {
		faults(t, browser, srv, filepath.Join(out, "faults.png"))
	})
	t.Run("interrupt", func(t *testing.T) {
		interrupt(t, browser, srv, filepath.Join(out, "interrupt.png"))
	})
}

// notebooksFor lists the notebooks a front end runs: every
// notebooks/*.ipynb, or those BROWSER_NOTEBOOKS matches (a glob: none if
// none match); and if BROWSER_WIDGET_NOTEBOOKS names the front end (a
// comma-separated list of classic, lab, notebook7), only those of them
// with a cell that binds a figure to widgets (the cells the widget checks
// move), so that make test stays within its time (docs/jupyter.md).
func notebooksFor(t *testing.T, root, front string) []string {
	t.Helper()
	glob := os.Getenv("BROWSER_NOTEBOOKS")
	if glob == "" {
		glob = "*.ipynb"
	}
	notebooks, _ := filepath.Glob(filepath.Join(root, "notebooks", glob))
	if len(notebooks) == 0 && os.Getenv("BROWSER_NOTEBOOKS") == "" {
		t.Fatal("no notebooks in notebooks/")
	}
	if !slices.Contains(strings.Split(os.Getenv("BROWSER_WIDGET_NOTEBOOKS"), ","), front) {
		return notebooks
	}
	var some []string
	for _, nb := range notebooks {
		data, err := os.ReadFile(nb)
		if err != nil {
			t.Fatal(err)
		}
		var doc struct {
			Cells []struct {
				CellType string          `json:"cell_type"`
				Source   json.RawMessage `json:"source"`
			} `json:"cells"`
		}
		if err := json.Unmarshal(data, &doc); err != nil {
			t.Fatalf("%s: %v", nb, err)
		}
		for _, c := range doc.Cells {
			var src string
			if json.Unmarshal(c.Source, &src) != nil {
				var lines []string
				json.Unmarshal(c.Source, &lines)
				src = strings.Join(lines, "")
			}
			if c.CellType == "code" && usesWidgets(src) {
				some = append(some, nb)
				break
			}
		}
	}
	t.Logf("%s: the notebooks with widgets (BROWSER_WIDGET_NOTEBOOKS=%s): %d of %d", front, os.Getenv("BROWSER_WIDGET_NOTEBOOKS"), len(some), len(notebooks))
	return some
}

// setUp returns the checkout's root, and build/browser, where screenshots
// and logs go; it skips the test unless make browser-test runs it.
func setUp(t *testing.T) (root, out, coevo string) {
	if os.Getenv("COEVO_BROWSER_TEST") != "1" {
		t.Skip("needs Jupyter and Chromium: make browser-test (part of make test) runs this")
	}
	coevo = os.Getenv("COEVO")
	if !filepath.IsAbs(coevo) {
		t.Fatalf("COEVO=%q: want the absolute path of bin/coevo", coevo)
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	out = filepath.Join(root, "build", "browser")
	if err := os.MkdirAll(out, 0o755); err != nil {
		t.Fatal(err)
	}
	return root, out, coevo
}

// checkKernelspec checks that the server runs the kernel of coevo.
func checkKernelspec(t *testing.T, srv *server, coevo string) {
	t.Helper()
	var specs struct {
		Kernelspecs map[string]struct{ Spec struct{ Argv []string } }
	}
	if err := srv.api("GET", "/api/kernelspecs", &specs); err != nil {
		t.Fatal(err)
	}
	// The kernelspec runs coevo's kernel process: coevo-kernel beside
	// coevo (or coevo itself, or through a launcher that names it).
	if argv := specs.Kernelspecs["coevo"].Spec.Argv; !slices.Contains(argv, coevo) && (len(argv) == 0 || argv[0] != filepath.Join(filepath.Dir(coevo), "coevo-kernel")) {
		t.Fatalf("the server's coevo kernelspec runs %q, want %s: is JUPYTER_PATH set to the test kernelspec?", argv, coevo)
	}
}

// runNotebook opens a notebook, runs all its cells from the Cell menu,
// checks what the page shows and saves a screenshot of it.
func runNotebook(t *testing.T, browser context.Context, srv *server, name, shot string) {
	ctx := open(t, browser, srv, name)
	defer screenshot(t, ctx, shot)
	start := time.Now()
	st := runAll(t, ctx)
	t.Logf("%s: all cells ran in %.1f s", name, time.Since(start).Seconds())

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
	// Cells that bind a figure to a slider: move it, see the figure change.
	k := 0
	for _, c := range st.Cells {
		if c.Type == "code" && usesWidgets(c.Source) {
			k++
			checkWidgets(t, ctx, c.Index, fmt.Sprintf("%s-widgets-%d", strings.TrimSuffix(shot, ".png"), k))
		}
	}
}

// runAll runs every cell from the Cell menu's Run All, waits until they
// have all run, and returns what the page shows.
func runAll(t *testing.T, ctx context.Context) state {
	t.Helper()
	run(t, ctx, chromedp.Click("#celllink", chromedp.ByQuery), chromedp.Click("#run_all_cells > a", chromedp.ByQuery))
	waitIdle(t, ctx, runLimit)
	return pageState(t, ctx)
}

// problems lists what is wrong with a code cell as the page shows it: it
// did not run, shows an error or writes to stderr; a table, image or plot
// is not rendered where the kernel sent one or where the source shows a
// DataFrame or a plot; a progress bar is not one display updated in place.
func problems(c cell, events []event) []string {
	var ps []string
	if _, err := strconv.Atoi(c.Prompt); err != nil {
		ps = append(ps, fmt.Sprintf("did not run: prompt In [%s]", c.Prompt))
	}
	for _, o := range c.Outputs {
		if o.Type == "error" {
			ps = append(ps, fmt.Sprintf("error output %s: %s", o.Ename, o.Evalue))
		}
	}
	for _, e := range c.Errors {
		ps = append(ps, "shows an error:\n"+e)
	}
	for _, e := range c.Stderr {
		ps = append(ps, "writes to stderr:\n"+e)
	}
	table, image := false, false
	for _, o := range c.Outputs {
		table = table || o.Table
		for _, m := range o.Mimes {
			image = image || m == "image/png" || m == "image/svg+xml"
		}
	}
	if (table || wantsTable(c.Source)) && !hasTable(c) {
		ps = append(ps, fmt.Sprintf("want a DataFrame as an HTML table, the page shows %d tables (rows %v); outputs %s", len(c.Tables), c.Tables, kinds(c)))
	}
	if (image || wantsPlot(c.Source)) && !hasPicture(c) {
		ps = append(ps, fmt.Sprintf("want a plot as an image, the page shows images %+v and SVGs %+v; outputs %s", c.Images, c.SVGs, kinds(c)))
	}
	if n := strings.Count(c.Source, "display.NewProgress("); n > 0 {
		ps = append(ps, progressProblems(c, n, events)...)
	}
	return ps
}

// progressProblems checks that each of a cell's n progress bars is one
// display updated in place: added once, redrawn part way and at the end,
// never shown twice. (What a finished bar shows is display.Progress's
// business: Done draws it full today.)
func progressProblems(c cell, n int, events []event) []string {
	var ps []string
	shown := map[string]bool{}
	added, updates, partway, most := 0, 0, false, 0
	for _, e := range events {
		if e.Cell != c.Index {
			continue
		}
		most = max(most, len(e.Bars))
		switch {
		case e.Kind == "add" && e.Progress:
			added++
			if e.Display == "" {
				ps = append(ps, "a progress bar was shown without a display id, so it cannot be updated in place")
			}
			shown[e.Display] = true
		case e.Kind == "update" && shown[e.Display]:
			updates++
			for _, v := range e.Bars {
				partway = partway || v > 0 && v < 1
			}
		}
	}
	if added != n {
		ps = append(ps, fmt.Sprintf("%d progress displays added, want %d (one per bar, updated in place)", added, n))
	}
	if most > n {
		ps = append(ps, fmt.Sprintf("the page showed %d progress bars at once, want at most %d", most, n))
	}
	if updates < 2 || !partway {
		ps = append(ps, fmt.Sprintf("progress updated %d times (part way: %v); want updates while it ran and at the end", updates, partway))
	}
	if len(c.Bars) != n {
		ps = append(ps, fmt.Sprintf("the page ends with %d progress bars, want %d", len(c.Bars), n))
	}
	return ps
}

// operand is the start of a Go expression up to a method call: a chain of
// names, each perhaps indexed, called without nested calls, or an empty
// composite literal ("kg[:24].", "fake{}.", "r.Sub(3).").
const operand = `(?:\w+(?:\{\}|\[[^\]]*\]|\([^()]*\))?\.)+`

var (
	// A cell whose result is a DataFrame: its last line is an expression
	// calling DataFrame(), e.g. "table.DataFrame()" or
	// "run.Trace.DataFrame().Subset(rows)" (not "fmt.Println(t.DataFrame())").
	dataFrameLine = regexp.MustCompile(`^` + operand + `DataFrame\(\)`)
	// A variable holding a plot: "p, _ := fit.Plot()", "p, err := plot.Ratings(...)".
	plotAssign = regexp.MustCompile(`(?m)^\s*(\w+)(?:, *\w+)? *:?= *(?:` + operand + `Plot\(\)|plot\.\w+\()`)
)

// wantsTable tells whether a cell's source ends in a DataFrame.
func wantsTable(src string) bool {
	return dataFrameLine.MatchString(lastLine(src))
}

// wantsPlot tells whether a cell's source ends in a variable that holds a
// plot the cell made.
func wantsPlot(src string) bool {
	last := lastLine(src)
	for _, m := range plotAssign.FindAllStringSubmatch(src, -1) {
		if m[1] == last {
			return true
		}
	}
	return false
}

func hasTable(c cell) bool {
	for _, rows := range c.Tables {
		if rows >= 2 { // a header and data
			return true
		}
	}
	return false
}

func hasPicture(c cell) bool {
	for _, p := range append(c.Images, c.SVGs...) {
		if p.Decoded && p.W >= 100 && p.H >= 100 {
			return true
		}
	}
	return false
}

// kinds summarizes a cell's outputs by type and MIME types.
func kinds(c cell) string {
	var s []string
	for _, o := range c.Outputs {
		s = append(s, o.Type+strings.Join(append([]string{""}, o.Mimes...), " "))
	}
	return "[" + strings.Join(s, "; ") + "]"
}

func lastLine(src string) string {
	lines := strings.Split(strings.TrimSpace(src), "\n")
	return strings.TrimSpace(lines[len(lines)-1])
}

func firstLine(src string) string {
	l, _, _ := strings.Cut(strings.TrimSpace(src), "\n")
	if len(l) > 60 {
		l = l[:60] + "..."
	}
	return l
}

// faultCells go wrong in the ways the checks look for, each with what the
// checks must say of it (a good cell first: nothing).
var faultCells = []struct{ source, caught string }{
	{"import (\n\t\"os\"\n\n\t\"github.com/coevolab/coevo/kernel/display\"\n)\n\n" +
		"// fake has the methods of a table and a plot but shows text.\ntype fake struct{}\n\n" +
		"func (fake) DataFrame() string     { return \"a DataFrame as text\" }\n" +
		"func (fake) Plot() (string, error) { return \"a plot as text\", nil }", ""},
	{"fake{}.DataFrame()", "as an HTML table"},
	{"p, _ := fake{}.Plot()\np", "as an image"},
	{"fmt.Fprintln(os.Stderr, \"a warning\")", "stderr"},
	{"bar := display.NewProgress(\"appended\", 2)\n" +
		"display.Show(display.HTML(`<progress value=\"0.5\" max=\"1\"></progress>`))\nbar.Done()", "progress displays added"},
	{"silent := display.NewProgress(\"drawn only at the end\", 5)\nsilent.Done()", "want updates while it ran"},
	{"panic(\"a failing cell\")", "error output"},
	{"%%compile\nfunc broken() int {\n\treturn missing\n}", "error output compile error: In[8]:3:9: undefined: missing"},
}

// faults runs a scratch notebook of faultCells and checks that each fault
// is caught (and that a good cell passes): the notebook checks can fail.
func faults(t *testing.T, browser context.Context, srv *server, shot string) {
	cells := faultCells
	var sources []string
	for _, c := range cells {
		sources = append(sources, c.source)
	}
	writeNotebook(t, filepath.Join(srv.dir, "faults.ipynb"), sources)
	ctx := open(t, browser, srv, "faults.ipynb")
	defer screenshot(t, ctx, shot)
	st := runAll(t, ctx)
	for i, c := range cells {
		ps := strings.Join(problems(st.Cells[i], st.Events), "\n")
		if c.caught == "" && ps != "" || !strings.Contains(ps, c.caught) {
			t.Errorf("cell %d (%s): the checks found %q, want %q", i, firstLine(c.source), ps, c.caught)
		}
	}
}

// interrupt runs a scratch notebook whose cells loop and compute for
// minutes, stops them with the toolbar's interrupt button and the Kernel
// menu, and checks that each cell ends with an interrupt error, the kernel
// is idle soon after, and the session keeps its variables.
func interrupt(t *testing.T, browser context.Context, srv *server, shot string) {
	cells := []string{
		"x := 41",
		"fmt.Println(\"looping\")\nn := 0\nfor i := 0; i < 1<<62; i++ {\n\tn += i % 7\n}\nn",
		"import (\n\t\"github.com/coevolab/coevo/engine/heap\"\n\t\"github.com/coevolab/coevo/kernel/display\"\n)\n\n" +
			"fmt.Println(\"solving\")\nseq, err := heap.GrundysGame().SequenceContext(display.Context(), 50000000, nil)\nerr",
		"x + 1",
	}
	writeNotebook(t, filepath.Join(srv.dir, "interrupt.ipynb"), cells)
	ctx := open(t, browser, srv, "interrupt.ipynb")
	defer screenshot(t, ctx, shot)

	runCell(t, ctx, 0)
	waitIdle(t, ctx, time.Minute)
	for _, x := range []struct {
		cell    int
		started string // what the cell prints before its long part
		how     string
		click   chromedp.Action
	}{
		{1, "looping", "the toolbar button", chromedp.Click(`button[data-jupyter-action="jupyter-notebook:interrupt-kernel"]`, chromedp.ByQuery)},
		{2, "solving", "Kernel > Interrupt", chromedp.Tasks{chromedp.Click("#kernellink", chromedp.ByQuery), chromedp.Click("#int_kernel > a", chromedp.ByQuery)}},
	} {
		i, started, how := x.cell, x.started, x.how
		runCell(t, ctx, i)
		poll(t, ctx, time.Minute, fmt.Sprintf("cell %d printing %q", i, started), func() bool {
			c := pageState(t, ctx).Cells[i]
			return c.Prompt == "*" && strings.Contains(c.Text, started)
		})
		time.Sleep(time.Second) // well inside the loop
		run(t, ctx, x.click)
		clicked := time.Now()
		waitIdle(t, ctx, interruptLimit)
		t.Logf("cell %d stopped by %s: idle %.2f s after the click", i, how, time.Since(clicked).Seconds())
		c := pageState(t, ctx).Cells[i]
		if len(c.Errors) == 0 || !strings.Contains(strings.ToLower(strings.Join(c.Errors, "\n")), "interrupt") {
			t.Errorf("cell %d interrupted by %s: want an interrupt error, the page shows %q", i, how, c.Text)
		}
	}
	runCell(t, ctx, 3)
	waitIdle(t, ctx, time.Minute)
	c := pageState(t, ctx).Cells[3]
	if len(c.Errors) > 0 || !strings.Contains(c.Text, "42") {
		t.Errorf("after the interrupts x + 1 shows %q, want 42 (the session keeps its variables)", c.Text)
	}
}

// open opens a notebook in a new tab, waits until its kernel is idle,
// installs page.js, and shuts the kernel down when the test ends.
func open(t *testing.T, browser context.Context, srv *server, name string) context.Context {
	t.Helper()
	tab, closeTab := chromedp.NewContext(browser)
	t.Cleanup(closeTab)
	logConsole(t, tab, filepath.Join(filepath.Dir(srv.log), strings.TrimSuffix(name, ".ipynb")+"-console.log"))
	run(t, tab, chromedp.Navigate(srv.url(name)))
	ready := `!!(window.Jupyter && Jupyter.notebook && Jupyter.notebook._fully_loaded && Jupyter.notebook.kernel &&
		Jupyter.notebook.kernel.is_connected() && $("#kernel_indicator_icon").hasClass("kernel_idle_icon"))`
	poll(t, tab, openLimit, name+" open with an idle kernel", func() bool {
		var ok bool
		run(t, tab, chromedp.Evaluate(ready, &ok))
		return ok
	})
	run(t, tab, chromedp.Evaluate(pageJS, nil))

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

// shutdown ends a notebook's session as closing it in Jupyter does, and
// checks that its kernel and whatever it started exit.
func shutdown(t *testing.T, srv *server, session string, k proc) {
	if err := srv.api("DELETE", "/api/sessions/"+session, nil); err != nil {
		t.Errorf("shutting the session down: %v", err)
	}
	deadline := time.Now().Add(shutdownLimit)
	for len(k.leftovers()) > 0 {
		if time.Now().After(deadline) {
			t.Errorf("kernel %d still running %v after its session was shut down: killed", k.pid, shutdownLimit)
			k.kill()
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// runCell runs one cell as shift-enter would.
func runCell(t *testing.T, ctx context.Context, i int) {
	t.Helper()
	run(t, ctx, chromedp.Evaluate(fmt.Sprintf("Jupyter.notebook.select(%d); Jupyter.notebook.execute_selected_cells()", i), nil))
}

// waitIdle waits until no cell is running and the kernel is idle.
func waitIdle(t *testing.T, ctx context.Context, limit time.Duration) {
	t.Helper()
	var st status
	calm := 0
	poll(t, ctx, limit, "the kernel idle with no cell running", func() bool {
		run(t, ctx, chromedp.Evaluate("coevoStatus()", &st))
		if st.Dead {
			t.Fatalf("the kernel died (%s); dialog: %q", st.Status, st.Dialog)
		}
		if st.Running == 0 && st.Idle {
			calm++
		} else {
			calm = 0
		}
		return calm >= 2 // idle twice in a row, 100 ms apart
	})
}

func pageState(t *testing.T, ctx context.Context) state {
	t.Helper()
	var st state
	run(t, ctx, chromedp.Evaluate("coevoState()", &st))
	return st
}

// growPage lets the classic page, which scrolls inside #site, grow to its
// full height, then waits two frames so that the page's size is the grown
// one: a screenshot then holds all of it.
const growPage = `new Promise(function (done) {
	var s = document.createElement("style");
	s.textContent = "body, #site { height: auto !important; overflow: visible !important; }";
	document.head.appendChild(s);
	requestAnimationFrame(function () { requestAnimationFrame(done); });
})`

func awaited(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }

// screenshot saves the whole notebook, not just the window: the classic
// page scrolls inside #site, so let it grow to its full height first.
func screenshot(t *testing.T, ctx context.Context, path string) {
	t.Helper()
	var png []byte
	if err := chromedp.Run(ctx, chromedp.Evaluate(growPage, nil, awaited), chromedp.FullScreenshot(&png, 100)); err != nil {
		t.Errorf("screenshot %s: %v", path, err)
		return
	}
	if err := os.WriteFile(path, png, 0o644); err != nil {
		t.Error(err)
	}
}

// poll checks cond every 100 ms until it holds, failing the test after limit.
func poll(t *testing.T, ctx context.Context, limit time.Duration, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(limit)
	for !cond() {
		if time.Now().After(deadline) {
			var st status
			chromedp.Run(ctx, chromedp.Evaluate(`window.coevoStatus ? coevoStatus() : {status: document.title}`, &st))
			if st.Status == "" {
				st.Status = "unknown"
			}
			t.Fatalf("waiting for %s: not after %v (kernel: %s; cells running: %d; dialog: %q)", what, limit, st.Status, st.Running, st.Dialog)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func run(t *testing.T, ctx context.Context, actions ...chromedp.Action) {
	t.Helper()
	if err := chromedp.Run(ctx, actions...); err != nil {
		t.Fatalf("browser: %v", err)
	}
}

// writeNotebook writes a notebook of code cells for the coevo kernel.
func writeNotebook(t *testing.T, path string, sources []string) {
	t.Helper()
	type codeCell struct {
		CellType       string   `json:"cell_type"`
		ExecutionCount *int     `json:"execution_count"`
		Metadata       struct{} `json:"metadata"`
		Outputs        []any    `json:"outputs"`
		Source         string   `json:"source"`
	}
	nb := map[string]any{
		"nbformat": 4, "nbformat_minor": 4,
		"metadata": map[string]any{
			"kernelspec":    map[string]string{"name": "coevo", "display_name": "Go (coevo)", "language": "go"},
			"language_info": map[string]string{"name": "go"},
		},
	}
	var cells []codeCell
	for _, s := range sources {
		cells = append(cells, codeCell{CellType: "code", Outputs: []any{}, Source: s})
	}
	nb["cells"] = cells
	data, err := json.MarshalIndent(nb, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}
