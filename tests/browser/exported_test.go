package browsertest

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// The widget state and views an exported page carries, as nbconvert's
// lab template writes them.
var (
	stateTag = regexp.MustCompile(`(?s)<script type="application/vnd\.jupyter\.widget-state\+json">(.*?)</script>`)
	viewTag  = regexp.MustCompile(`<script type="application/vnd\.jupyter\.widget-view\+json">`)
)

type widgetState struct {
	State map[string]struct {
		ModelName string         `json:"model_name"`
		State     map[string]any `json:"state"`
	} `json:"state"`
}

// What the page draws of its widgets.
type drawn struct {
	Views    int      // widget views drawn (the manager's .widget-subarea with a widget in it)
	Readouts []string // sliders' readouts
	Selects  []string // dropdowns' values
	Pictures int      // pictures decoded inside output widgets
	Tables   int      // tables inside output widgets
	Pending  int      // view tags not replaced by a drawing
}

const drawnJS = `(function () {
	var views = Array.from(document.querySelectorAll(".widget-subarea")).filter(function (s) { return s.querySelector(".jupyter-widgets"); });
	return {
		views: views.length,
		readouts: Array.from(document.querySelectorAll(".widget-readout")).map(function (r) { return r.textContent.trim(); }),
		selects: Array.from(document.querySelectorAll(".jupyter-widgets select")).map(function (s) { return s.value; }),
		pictures: Array.from(document.querySelectorAll(".widget-output img")).filter(function (i) { return i.complete && i.naturalWidth > 0; }).length,
		tables: document.querySelectorAll(".widget-output table").length,
		pending: document.querySelectorAll('script[type="application/vnd.jupyter.widget-view+json"]').length - views.length,
	};
})()`

// TestExportedHTMLOffline opens the HTML pages "make kernel-test" exported
// from the executed notebooks (build/html, plain nbconvert with
// build/venv's configuration) in Chromium with the network off, and checks
// that each page that carries widget state draws its widgets in their last
// state: every view drawn, each slider reading the value its state holds,
// each dropdown the option its state chose, each output widget's pictures.
// The same page exported by nbconvert without build/venv's configuration,
// which loads the widget manager from a CDN, must draw none offline: the
// check can fail.
func TestExportedHTMLOffline(t *testing.T) {
	_, out, _ := setUp(t)
	dir := os.Getenv("EXPORTED_HTML")
	pages, _ := filepath.Glob(filepath.Join(dir, "*.html"))
	if dir == "" || len(pages) == 0 {
		t.Fatalf("no exported pages in EXPORTED_HTML=%q: make kernel-test exports the notebooks into build/html", dir)
	}
	browser := startChromium(t, filepath.Join(out, "exported-chromium.log"))
	withWidgets := 0
	for _, page := range pages {
		raw, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		m := stateTag.FindSubmatch(raw)
		if m == nil {
			continue
		}
		withWidgets++
		var st widgetState
		if err := json.Unmarshal(m[1], &st); err != nil {
			t.Fatalf("%s: the widget state does not decode: %v", page, err)
		}
		name := strings.TrimSuffix(filepath.Base(page), ".html")
		t.Run(name, func(t *testing.T) {
			views := len(viewTag.FindAll(raw, -1))
			got, requests := openOffline(t, browser, page, filepath.Join(out, "exported-"+name+".png"))
			var readouts, selects []string
			pictures, tables := 0, 0
			for _, model := range st.State {
				switch model.ModelName {
				case "IntSliderModel":
					readouts = append(readouts, fmt.Sprint(model.State["value"]))
				case "DropdownModel":
					labels, _ := model.State["_options_labels"].([]any)
					if i, ok := model.State["index"].(float64); ok && int(i) < len(labels) {
						selects = append(selects, fmt.Sprint(labels[int(i)]))
					}
				case "OutputModel":
					outputs, _ := model.State["outputs"].([]any)
					for _, o := range outputs {
						data, _ := o.(map[string]any)["data"].(map[string]any)
						if _, ok := data["image/png"]; ok {
							pictures++
						}
						if html, _ := data["text/html"].(string); strings.Contains(html, "<table") {
							tables++
						}
					}
				}
			}
			if got.Views != views || got.Pending != 0 {
				t.Errorf("%d of the page's %d widget views drawn offline", got.Views, views)
			}
			if !sameItems(got.Readouts, readouts) || !sameItems(got.Selects, selects) || got.Pictures != pictures || got.Tables != tables {
				t.Errorf("the page draws sliders at %v, dropdowns at %v, %d pictures and %d tables; the saved state has %v, %v, %d and %d",
					got.Readouts, got.Selects, got.Pictures, got.Tables, readouts, selects, pictures, tables)
			}
			t.Logf("%s: %d widget views drawn offline (sliders at %v, dropdowns at %v, %d pictures and %d tables in output widgets); requests that failed: %v",
				name, got.Views, got.Readouts, got.Selects, got.Pictures, got.Tables, requests)
		})
	}
	if withWidgets == 0 {
		t.Fatalf("no page in %s carries widget state: were the notebooks executed (nbconvert --execute) before the export?", dir)
	}
	t.Run("cdn-manager-draws-nothing", func(t *testing.T) {
		venv := os.Getenv("VENV")
		nb := filepath.Join(filepath.Dir(dir), "notebooks", "03-ratings.ipynb")
		tmp := t.TempDir()
		cmd := exec.Command(filepath.Join(venv, "bin", "jupyter"), "nbconvert", "--to", "html", "--output-dir", tmp, nb)
		// nbconvert as it comes: no configuration but an empty directory's.
		cmd.Env = append(os.Environ(), "JUPYTER_NO_CONFIG=1", "JUPYTER_CONFIG_DIR="+t.TempDir())
		if b, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("nbconvert without configuration: %v\n%s", err, b)
		}
		got, _ := openOffline(t, browser, filepath.Join(tmp, "03-ratings.html"), filepath.Join(out, "exported-03-ratings-cdn.png"))
		if got.Views != 0 {
			t.Errorf("nbconvert without build/venv's configuration (the manager from a CDN) drew %d widget views offline, want none", got.Views)
		}
	})
}

// openOffline opens a page from disk in a new tab with the network off,
// waits until its widgets are drawn (or 20 s), saves a screenshot and
// returns what it draws, and the addresses of the requests that failed.
func openOffline(t *testing.T, browser context.Context, page, shot string) (drawn, []string) {
	t.Helper()
	tab, closeTab := chromedp.NewContext(browser)
	defer closeTab()
	var mu sync.Mutex
	var failed []string
	urls := map[network.RequestID]string{}
	chromedp.ListenTarget(tab, func(ev any) {
		mu.Lock()
		defer mu.Unlock()
		switch ev := ev.(type) {
		case *network.EventRequestWillBeSent:
			urls[ev.RequestID] = ev.Request.URL
		case *network.EventLoadingFailed:
			if u := urls[ev.RequestID]; strings.HasPrefix(u, "http") {
				failed = append(failed, u)
			}
		}
	})
	run(t, tab, network.Enable(), network.EmulateNetworkConditions(true, 0, -1, -1))
	run(t, tab, chromedp.Navigate("file://"+page))
	var got drawn
	deadline := time.Now().Add(20 * time.Second)
	for {
		run(t, tab, chromedp.Evaluate(drawnJS, &got))
		if got.Pending == 0 && got.Views > 0 || time.Now().After(deadline) {
			break
		}
		time.Sleep(200 * time.Millisecond)
	}
	var png []byte
	if err := chromedp.Run(tab, chromedp.FullScreenshot(&png, 100)); err == nil {
		os.WriteFile(shot, png, 0o644)
	}
	mu.Lock()
	defer mu.Unlock()
	return got, append([]string(nil), failed...)
}

// sameItems tells whether a and b hold the same items, in any order.
func sameItems(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	n := map[string]int{}
	for _, x := range a {
		n[x]++
	}
	for _, x := range b {
		if n[x]--; n[x] < 0 {
			return false
		}
	}
	return true
}
