package display

import (
	"bytes"
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"strings"
	"sync"
	"testing"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	gplot "gonum.org/v1/plot"
)

type framer struct{}

func (framer) DataFrame() dataframe.DataFrame {
	return dataframe.New(series.New([]string{"<x>"}, series.String, "a&b"))
}

func TestByMethods(t *testing.T) {
	if h := Of(framer{})["text/html"].(string); !strings.Contains(h, "&lt;x&gt;") || !strings.Contains(h, "a&amp;b") {
		t.Fatalf("not escaped: %s", h)
	}
	img := image.NewRGBA(image.Rect(0, 0, 2, 2))
	img.Set(0, 0, color.White)
	png, _ := base64.StdEncoding.DecodeString(Of(img)["image/png"].(string))
	if !strings.HasPrefix(string(png), "\x89PNG") {
		t.Fatal("image not PNG")
	}
	p := gplot.New()
	b := Of(p)
	if _, svg := b["image/svg+xml"]; svg || b["image/png"] == nil {
		t.Fatalf("plot bundle %v: want a PNG and no SVG", keys(b))
	}
	// A value with both SVG and PNG goes as PNG (nbconvert would export
	// the SVG blank); with SVG alone, as SVG.
	if b := Of(picture{}); b["image/png"] == nil || b["image/svg+xml"] != nil {
		t.Fatalf("picture bundle %v: want the PNG only", keys(b))
	}
	if b := Of(drawing{}); b["image/svg+xml"] != "<svg/>" {
		t.Fatalf("drawing bundle %v: want the SVG", keys(b))
	}
	if Of(errors.New("bad"))["text/plain"] != "error: bad" {
		t.Fatal("error")
	}
	if Of(Markdown("**x**"))["text/markdown"] != "**x**" || Of(LaTeX("$x$"))["text/latex"] != "$x$" {
		t.Fatal("markdown or latex")
	}
	if Of("s")["text/plain"] != `"s"` || Of(3)["text/plain"] != "3" {
		t.Fatal("plain")
	}
}

type picture struct{}

func (picture) SVG() string { return "<svg/>" }
func (picture) PNG() ([]byte, error) {
	var buf bytes.Buffer
	png.Encode(&buf, image.NewGray(image.Rect(0, 0, 2, 2)))
	return buf.Bytes(), nil
}

type drawing struct{}

func (drawing) SVG() string { return "<svg/>" }

func keys(b Bundle) []string {
	var k []string
	for x := range b {
		k = append(k, x)
	}
	return k
}

type recorder struct {
	mu  sync.Mutex
	got []string
}

func (r *recorder) Display(b Bundle, id string, update bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	kind := "show"
	if update {
		kind = "update"
	}
	r.got = append(r.got, kind+" "+id)
}

func (r *recorder) Clear(wait bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.got = append(r.got, fmt.Sprintf("clear %v", wait))
}

func TestShowUpdateProgress(t *testing.T) {
	r := &recorder{}
	ctx, cancel := context.WithCancel(context.Background())
	Attach(r, ctx)
	defer Attach(nil, context.Background())
	id := Show(HTML("a"))
	Update(id, HTML("b"))
	p := NewProgress("work", 10)
	p.Done()
	Clear(true)
	if len(r.got) != 5 || r.got[0] != "show "+id || r.got[1] != "update "+id || !strings.HasPrefix(r.got[3], "update ") || r.got[4] != "clear true" {
		t.Fatalf("%v", r.got)
	}
	cancel()
	if Context().Err() == nil {
		t.Fatal("cell context not attached")
	}
}
