package main

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"

	"gonum.org/v1/plot/vg"

	"github.com/coevolab/coevo/stats/plot"
)

// The gallery draws every figure in every format, PNGs at 300 dpi at each
// figure's size (one column wide), and docs/figures.md shows each of the
// gallery's; every figure keeps the figure rules that plot.Check reads
// from its drawing; and the committed page and PNGs in docs/ are the ones
// the gallery draws (make figures), so that docs show what coevo draws.
func TestGallery(t *testing.T) {
	if err := os.Chdir("../.."); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	out, docs := filepath.Join(dir, "out"), filepath.Join(dir, "docs")
	figs, err := run(out, docs)
	if err != nil {
		t.Fatal(err)
	}
	if len(figs) != len(gallery())+len(paper003()) || len(gallery()) < 10 {
		t.Fatalf("%d figures", len(figs))
	}
	md, err := os.ReadFile(filepath.Join(docs, "figures.md"))
	if err != nil {
		t.Fatal(err)
	}
	exact := referenceBuild()
	var stale []string
	for _, f := range figs {
		w, h := plot.Size(f.p)
		if err := plot.Check(f.p, w, h); err != nil {
			t.Errorf("%s breaks the figure rules:\n%v", f.name, err)
		}
		for _, ext := range []string{"png", "pdf", "svg"} {
			if st, err := os.Stat(filepath.Join(out, f.name+"."+ext)); err != nil || st.Size() == 0 {
				t.Errorf("%s.%s: %v", f.name, ext, err)
			}
		}
		drawnPNG, err := os.ReadFile(filepath.Join(docs, "figures", f.name+".png"))
		if err != nil {
			t.Fatal(err)
		}
		img := decode(t, f.name, drawnPNG)
		if dx, dy := img.Bounds().Dx(), img.Bounds().Dy(); dx != pixels(w) || dy != pixels(h) {
			t.Errorf("%s.png: %d x %d pixels, want %d x %d (%.2f x %.2f in at 300 dpi)", f.name, dx, dy, pixels(w), pixels(h), w/vg.Inch, h/vg.Inch)
		}
		if f.title != "" && !strings.Contains(string(md), "(figures/"+f.name+".png)") {
			t.Errorf("figures.md does not show %s", f.name)
		}
		committed, err := os.ReadFile(filepath.Join("docs/figures", f.name+".png"))
		switch {
		case err != nil:
			stale = append(stale, f.name+" (missing)")
		case bytes.Equal(committed, drawnPNG):
		case exact:
			stale = append(stale, fmt.Sprintf("%s (%d pixels differ)", f.name, differ(decode(t, f.name, committed), img)))
		default:
			t.Logf("%s: %d pixels differ from docs/figures/%s.png on this build (%s)", f.name, differ(decode(t, f.name, committed), img), f.name, build())
		}
	}
	if stale != nil {
		t.Errorf("docs/figures differs from what the gallery draws: %s; run make figures", strings.Join(stale, ", "))
	}
	committed, err := os.ReadFile("docs/figures.md")
	if err != nil {
		t.Fatal(err)
	}
	if string(committed) != string(md) {
		t.Error("docs/figures.md differs from what the gallery writes: run make figures")
	}
	// Without -docs nothing is written there: make run leaves the
	// repository as it was.
	again := filepath.Join(dir, "again")
	if _, err := run(filepath.Join(again, "out"), ""); err != nil {
		t.Fatal(err)
	}
	if entries, _ := os.ReadDir(again); len(entries) != 1 {
		t.Errorf("without -docs the gallery wrote %d entries", len(entries))
	}
}

// pixels is a length's pixels at 300 dpi, rounded as vgimg rounds them.
func pixels(l vg.Length) int { return int(float64(l/vg.Inch)*float64(plot.DPI) + 0.5) }

func decode(t *testing.T, name string, b []byte) image.Image {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("%s.png: %v", name, err)
	}
	return img
}

// differ counts the pixels that differ between two images of one size.
func differ(a, b image.Image) int {
	if a.Bounds() != b.Bounds() {
		return a.Bounds().Dx() * a.Bounds().Dy()
	}
	n := 0
	for y := a.Bounds().Min.Y; y < a.Bounds().Max.Y; y++ {
		for x := a.Bounds().Min.X; x < a.Bounds().Max.X; x++ {
			r1, g1, b1, a1 := a.At(x, y).RGBA()
			r2, g2, b2, a2 := b.At(x, y).RGBA()
			if r1 != r2 || g1 != g2 || b1 != b2 || a1 != a2 {
				n++
			}
		}
	}
	return n
}

// referenceBuild reports whether this test runs on the build the
// committed figures are drawn with: amd64 at its baseline instruction set
// (GOAMD64=v1), where Go computes x*y+z in two roundings. With GOAMD64=v3
// or on arm64 it fuses them (FMA), and the rasteriser's anti-aliasing
// differs in some pixels (up to a few thousand of a figure's million):
// there the figures are drawn and checked, and the difference reported,
// not failed.
func referenceBuild() bool {
	return build() == "amd64 v1"
}

func build() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	arch, level := "", ""
	for _, s := range bi.Settings {
		switch s.Key {
		case "GOARCH":
			arch = s.Value
		case "GOAMD64":
			level = s.Value
		}
	}
	if arch == "amd64" && level == "" {
		level = "v1"
	}
	return strings.TrimSpace(arch + " " + level)
}

// The gallery names its files itself: a link planted under one of them
// (out/ratings-table6.png -> a file elsewhere) is refused, and the file
// it points to is left as it was.
func TestSaveFigureRefusesLinks(t *testing.T) {
	dir, elsewhere := t.TempDir(), t.TempDir()
	victim := filepath.Join(elsewhere, "notes.txt")
	os.WriteFile(victim, []byte("mine\n"), 0o644)
	p := plot.New("t", "x", "y")
	link := filepath.Join(dir, "ratings-table6.png")
	os.Symlink(victim, link)
	if err := saveFigure(p, link); err == nil || !strings.Contains(err.Error(), "symbolic link") {
		t.Fatalf("saved through a link: %v", err)
	}
	if b, _ := os.ReadFile(victim); string(b) != "mine\n" {
		t.Fatalf("the link's target holds %q", b)
	}
	if err := saveFigure(p, filepath.Join(dir, "plain.svg")); err != nil {
		t.Fatal(err)
	}
}
