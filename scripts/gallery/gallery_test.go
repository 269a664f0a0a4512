package main

import (
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/coevolab/coevo/stats/plot"
)

// The gallery draws every figure in every format, PNGs at 300 dpi one
// column wide, and docs/figures.md shows each of them; the committed page
// is the one the gallery writes.
func TestGallery(t *testing.T) {
	if err := os.Chdir("../.."); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	out, docs := filepath.Join(dir, "out"), filepath.Join(dir, "docs")
	n, err := run(out, docs)
	if err != nil {
		t.Fatal(err)
	}
	if n != len(gallery()) || n < 6 {
		t.Fatalf("%d figures", n)
	}
	md, err := os.ReadFile(filepath.Join(docs, "figures.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range gallery() {
		for _, ext := range []string{"png", "pdf", "svg"} {
			if st, err := os.Stat(filepath.Join(out, f.name+"."+ext)); err != nil || st.Size() == 0 {
				t.Errorf("%s.%s: %v", f.name, ext, err)
			}
		}
		r, err := os.Open(filepath.Join(docs, "figures", f.name+".png"))
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(r)
		r.Close()
		if err != nil || img.Bounds().Dx() != 1050 || img.Bounds().Dy() != 780 {
			t.Errorf("%s.png: %v %v", f.name, img.Bounds(), err)
		}
		if !strings.Contains(string(md), "(figures/"+f.name+".png)") {
			t.Errorf("figures.md does not show %s", f.name)
		}
	}
	committed, err := os.ReadFile("docs/figures.md")
	if err != nil {
		t.Fatal(err)
	}
	if string(committed) != string(md) {
		t.Error("docs/figures.md differs from what the gallery writes: run make run (or go run ./scripts/gallery)")
	}
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
