// Package figurestest checks the figures of the executed notebooks as a
// plain HTML export shows them: "jupyter nbconvert --to html", with no
// flags. nbconvert prefers SVG to PNG, and nbconvert 6.5 (Debian 12's)
// strips inline SVG to an empty element, so a figure shows everywhere
// only if the kernel sends it as a PNG alone; the notebook then shows it
// at the size its metadata gives, where kernel/display's tests read its
// text back at 10 pt or more.
//
// "make kernel-test" (part of "make test") executes every notebook into
// build/notebooks, exports each to HTML into build/html the plain way
// (build/venv's nbconvert 7) and
// runs this test on both (COEVO_FIGURES_TEST=1, FIGURES_NOTEBOOKS,
// FIGURES_HTML); without them it skips.
package figurestest

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

type output struct {
	OutputType string                     `json:"output_type"`
	Data       map[string]json.RawMessage `json:"data"`
	Metadata   map[string]json.RawMessage `json:"metadata"`
}

type notebook struct {
	Cells []struct {
		CellType string   `json:"cell_type"`
		Outputs  []output `json:"outputs"`
	} `json:"cells"`
}

// text joins a notebook's multiline string (a string or a list of them).
func text(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var parts []string
	json.Unmarshal(raw, &parts)
	return strings.Join(parts, "")
}

// An <img> tag of a PNG and its size, its attributes in any order:
// nbconvert 6.5 writes src, width=N, height=N; nbconvert 7 alt, class,
// height="N", src, width="N".
var (
	imgTag    = regexp.MustCompile(`<img\s[^>]*src="data:image/png;base64,[^>]*>`)
	imgSrc    = regexp.MustCompile(`\ssrc="data:image/png;base64,([^"]+)"`)
	imgWidth  = regexp.MustCompile(`\swidth="?(\d+)`)
	imgHeight = regexp.MustCompile(`\sheight="?(\d+)`)
)

// attr returns the first group of re in tag ("" if none).
func attr(re *regexp.Regexp, tag string) string {
	if m := re.FindStringSubmatch(tag); m != nil {
		return m[1]
	}
	return ""
}

func TestEveryFigureInPlainHTML(t *testing.T) {
	if os.Getenv("COEVO_FIGURES_TEST") == "" {
		t.Skip("set COEVO_FIGURES_TEST=1, FIGURES_NOTEBOOKS and FIGURES_HTML (make kernel-test does)")
	}
	nbs, err := filepath.Glob(filepath.Join(os.Getenv("FIGURES_NOTEBOOKS"), "*.ipynb"))
	if err != nil || len(nbs) == 0 {
		t.Fatalf("no executed notebooks in %q: %v", os.Getenv("FIGURES_NOTEBOOKS"), err)
	}
	total := 0
	for _, path := range nbs {
		name := strings.TrimSuffix(filepath.Base(path), ".ipynb")
		raw, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		var nb notebook
		if err := json.Unmarshal(raw, &nb); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		html, err := os.ReadFile(filepath.Join(os.Getenv("FIGURES_HTML"), name+".html"))
		if err != nil {
			t.Fatalf("%s: no HTML export: %v", name, err)
		}
		shown := map[string][2]string{} // PNG data -> width, height in the HTML
		for _, tag := range imgTag.FindAllString(string(html), -1) {
			shown[attr(imgSrc, tag)] = [2]string{attr(imgWidth, tag), attr(imgHeight, tag)}
		}
		if strings.Contains(string(html), `class="jp-RenderedSVG`) {
			t.Errorf("%s: the HTML has an inline SVG output, which nbconvert 6.5 exports blank", name)
		}
		figures := 0
		for i, c := range nb.Cells {
			for _, o := range c.Outputs {
				_, svg := o.Data["image/svg+xml"]
				pngData, hasPNG := o.Data["image/png"]
				if !svg && !hasPNG {
					continue
				}
				figures++
				if !hasPNG {
					t.Errorf("%s cell %d: a figure as SVG alone", name, i)
					continue
				}
				if svg {
					t.Errorf("%s cell %d: a figure as SVG and PNG: the export takes the SVG, blank", name, i)
				}
				data := strings.Join(strings.Fields(text(pngData)), "")
				size, ok := shown[data]
				if !ok {
					t.Errorf("%s cell %d: the figure is not in the HTML export", name, i)
					continue
				}
				img := decode(t, data)
				if img == nil || !inked(img) {
					t.Errorf("%s cell %d: the PNG is blank", name, i)
				}
				// The size the kernel asked for is the size the export shows.
				var md struct{ Width, Height int }
				if mdRaw, ok := o.Metadata["image/png"]; ok {
					json.Unmarshal(mdRaw, &md)
				}
				if md.Width > 0 {
					if size[0] != itoa(md.Width) || size[1] != itoa(md.Height) {
						t.Errorf("%s cell %d: shown at %v, the kernel asked for %d x %d", name, i, size, md.Width, md.Height)
					}
					if img != nil && img.Bounds().Dx() < md.Width {
						t.Errorf("%s cell %d: %d pixels shown %d wide", name, i, img.Bounds().Dx(), md.Width)
					}
				}
			}
		}
		t.Logf("%s: %d figures checked", name, figures)
		total += figures
	}
	if total < 10 {
		t.Errorf("%d figures in all the notebooks: too few, did they run?", total)
	}
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}

func decode(t *testing.T, data string) image.Image {
	raw, err := base64.StdEncoding.DecodeString(data)
	if err != nil {
		t.Error(err)
		return nil
	}
	img, err := png.Decode(bytes.NewReader(raw))
	if err != nil {
		t.Error(err)
		return nil
	}
	return img
}

// inked reports whether an image has a pixel that is not white.
func inked(img image.Image) bool {
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y += 2 {
		for x := b.Min.X; x < b.Max.X; x += 2 {
			if r, g, bl, _ := img.At(x, y).RGBA(); r < 0xf000 || g < 0xf000 || bl < 0xf000 {
				return true
			}
		}
	}
	return false
}
