package display_test

import (
	"context"
	"fmt"
	"image"
	"sort"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"

	"github.com/coevolab/coevo/kernel/display"
)

// Of renders a value by what it is: here a DataFrame becomes an HTML table
// with a text version, and a Markdown value keeps its MIME type.
func ExampleOf() {
	df := dataframe.New(
		series.New([]int{0, 1, 2}, series.Int, "n"),
		series.New([]int{0, 1, 2}, series.Int, "sg"),
	)
	b := display.Of(df)
	fmt.Println(mimeTypes(b))
	fmt.Println(display.Of(display.Markdown("**Kayles** is periodic"))["text/markdown"])
	fmt.Println(mimeTypes(display.Of(image.NewRGBA(image.Rect(0, 0, 4, 4)))))
	// Output:
	// [text/html text/plain]
	// **Kayles** is periodic
	// [image/png text/plain]
}

func mimeTypes(b display.Bundle) []string {
	var m []string
	for k := range b {
		m = append(m, k)
	}
	sort.Strings(m)
	return m
}

// printSink is what a kernel does with a cell's displays: here, print
// what would be sent.
type printSink struct{}

func (printSink) Display(b display.Bundle, id string, update bool) {
	kind := "display_data"
	if update {
		kind = "update_display_data"
	}
	fmt.Println(kind, b["text/plain"])
}

func (printSink) Clear(wait bool) { fmt.Println("clear_output wait =", wait) }

// A cell shows values as it runs, replaces one it showed, and clears its
// output; the kernel attaches a Sink for each cell.
func ExampleShow() {
	display.Attach(printSink{}, context.Background())
	defer display.Attach(nil, context.Background())

	id := display.Show(display.Markdown("generation 1"))
	display.Update(id, display.Markdown("generation 2"))
	display.Clear(true)
	display.Show(42)
	// Output:
	// display_data generation 1
	// update_display_data generation 2
	// clear_output wait = true
	// display_data 42
}
