package browsertest

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// What the dashboard's page shows.
type dashboard struct {
	Cells    int      // output areas
	Code     bool     // a cell's source shown
	Errors   []string // error outputs and stderr
	Readouts []string
	Selects  []string
	Figure   string // fingerprint of the output widget's picture ("" if none decoded)
	Title    string // the figure's alt text or nothing
	Kernel   string // the kernel's status, as Voila's page knows it
}

const dashboardJS = `(function () {
	function print(s) { var h = 0; for (var k = 0; k < s.length; k++) h = (h * 31 + s.charCodeAt(k)) | 0; return s.length + ":" + h; }
	var img = Array.from(document.querySelectorAll(".widget-output img")).find(function (i) { return i.complete && i.naturalWidth > 100; });
	return {
		cells: document.querySelectorAll(".jp-OutputArea").length,
		code: !!document.querySelector(".jp-InputArea:not(.jp-mod-hidden) .cm-content, .jp-InputArea .cm-editor"),
		errors: Array.from(document.querySelectorAll(".jp-RenderedText[data-mime-type='application/vnd.jupyter.stderr']")).map(function (e) { return e.textContent.slice(0, 2000); }),
		readouts: Array.from(document.querySelectorAll(".widget-readout")).map(function (r) { return r.textContent.trim(); }),
		selects: Array.from(document.querySelectorAll(".jupyter-widgets select")).map(function (s) { return s.value; }),
		figure: img ? print(img.src) : "",
	};
})()`

// TestVoila serves notebooks/09-dashboard.ipynb with Voila (from
// build/venv) and the coevo kernel, as "voila notebooks/09-dashboard.ipynb"
// does: the page shows the dashboard's widgets and figure without its
// code; End on the slider (its largest heap, 400) redraws the figure, and
// another game from the dropdown redraws it again.
func TestVoila(t *testing.T) {
	root, out, coevo := setUp(t)
	srv := startServer(t, voila(t), root, filepath.Join(out, "voila-server.log"))
	browser := startChromium(t, filepath.Join(out, "voila-chromium.log"))
	name := "09-dashboard.ipynb"
	data, err := os.ReadFile(filepath.Join(root, "notebooks", name))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(srv.dir, name), data, 0o644); err != nil {
		t.Fatal(err)
	}
	tab, closeTab := chromedp.NewContext(browser)
	defer closeTab()
	logConsole(t, tab, filepath.Join(out, "voila-console.log"))
	opened := time.Now()
	run(t, tab, chromedp.Navigate(srv.url(name)))
	shot := filepath.Join(out, "voila-dashboard")
	defer func() {
		var png []byte
		if err := chromedp.Run(tab, chromedp.FullScreenshot(&png, 100)); err == nil {
			os.WriteFile(shot+".png", png, 0o644)
		}
	}()
	var before dashboard
	poll(t, tab, runLimit, "the dashboard drawn", func() bool {
		run(t, tab, chromedp.Evaluate(dashboardJS, &before))
		return before.Figure != "" && len(before.Readouts) == 1 && len(before.Selects) == 1
	})
	t.Logf("the dashboard drawn %.1f s after the page was asked for: slider %v, game %v", time.Since(opened).Seconds(), before.Readouts, before.Selects)
	// Voila ran the notebook in coevo's kernel process.
	kernels := srv.kernelProcs()
	if len(kernels) != 1 || !strings.HasPrefix(kernels[0].cmd, filepath.Join(filepath.Dir(coevo), "coevo-kernel")+" ") {
		t.Errorf("Voila's kernels: %+v, want one, coevo's (%s)", kernels, filepath.Join(filepath.Dir(coevo), "coevo-kernel"))
	}
	if before.Code || len(before.Errors) > 0 {
		t.Errorf("the dashboard shows code (%v) or errors %q", before.Code, before.Errors)
	}
	if before.Readouts[0] != "40" || before.Selects[0] != "0.77" {
		t.Errorf("the dashboard opens at %v and %v, want the notebook's first values 40 and 0.77", before.Readouts, before.Selects)
	}

	mark := func(sel, id string) {
		var ok bool
		run(t, tab, chromedp.Evaluate(fmt.Sprintf(`(function () { var e = document.querySelector(%q); if (!e) return false; e.id = %q; return true; })()`, sel, id), &ok))
		if !ok {
			t.Fatalf("the dashboard has no %s", sel)
		}
	}
	mark(".noUi-handle", "coevo-handle")
	run(t, tab, chromedp.SendKeys("#coevo-handle", kb.End, chromedp.ByQuery))
	var moved dashboard
	poll(t, tab, time.Minute, "the figure redrawn after the slider moved", func() bool {
		run(t, tab, chromedp.Evaluate(dashboardJS, &moved))
		return moved.Figure != "" && moved.Figure != before.Figure
	})
	if fmt.Sprint(moved.Readouts) != "[400]" {
		t.Errorf("after End the slider reads %v, want [400]", moved.Readouts)
	}
	mark(".jupyter-widgets select", "coevo-select")
	run(t, tab, chromedp.SetValue("#coevo-select", "0.6", chromedp.ByQuery))
	run(t, tab, chromedp.Evaluate(`void document.getElementById("coevo-select").dispatchEvent(new Event("change", { bubbles: true }))`, nil))
	var chosen dashboard
	poll(t, tab, time.Minute, "the figure redrawn after another game was chosen", func() bool {
		run(t, tab, chromedp.Evaluate(dashboardJS, &chosen))
		return chosen.Figure != "" && chosen.Figure != moved.Figure
	})
	if len(chosen.Errors) > 0 {
		t.Errorf("the dashboard shows errors %q", chosen.Errors)
	}
	t.Logf("End on the slider: %v -> %v, figure redrawn; game %v -> %v, figure redrawn; screenshot %s.png",
		before.Readouts, moved.Readouts, moved.Selects, chosen.Selects, shot)
}
