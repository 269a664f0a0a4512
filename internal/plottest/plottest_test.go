package plottest

import (
	"image/color"
	"testing"

	gplot "gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

// A plain gonum plot read back: its title above the data, its x label and
// tick labels below, its y tick labels left, bottom to top, its turned y
// label flagged, and a black square painted where its data say.
func TestRender(t *testing.T) {
	p := gplot.New()
	p.Title.Text = "title"
	p.X.Label.Text, p.Y.Label.Text = "x label", "y label"
	p.X.Min, p.X.Max, p.Y.Min, p.Y.Max = 0, 10, 0, 10
	p.X.Tick.Marker = gplot.ConstantTicks([]gplot.Tick{{Value: 0, Label: "x0"}, {Value: 10, Label: "x10"}})
	p.Y.Tick.Marker = gplot.ConstantTicks([]gplot.Tick{{Value: 0, Label: "y0"}, {Value: 5, Label: "y5"}, {Value: 10, Label: "y10"}})
	sq, err := plotter.NewPolygon(plotter.XYs{{X: 6, Y: 6}, {X: 9, Y: 6}, {X: 9, Y: 9}, {X: 6, Y: 9}})
	if err != nil {
		t.Fatal(err)
	}
	sq.Color = color.Black
	p.Add(sq)
	f := Render(p, 4*vg.Inch, 3*vg.Inch)
	strs := func(ts []Text) (s []string) {
		for _, t := range ts {
			s = append(s, t.S)
		}
		return s
	}
	for _, c := range []struct {
		what      string
		got, want []string
	}{
		{"above", strs(f.Above()), []string{"title"}},
		{"below", strs(f.Below()), []string{"x0", "x label", "x10"}},
		{"left", strs(f.Left()), []string{"y0", "y5", "y10"}},
	} {
		if len(c.got) != len(c.want) {
			t.Errorf("%s: %q, want %q", c.what, c.got, c.want)
			continue
		}
		for i := range c.got {
			if c.got[i] != c.want[i] {
				t.Errorf("%s: %q, want %q", c.what, c.got, c.want)
				break
			}
		}
	}
	turned := false
	for _, tx := range f.Texts {
		if tx.S == "y label" {
			turned = tx.Turned
		}
	}
	if !turned || !f.Text("y label") || f.Text("nothing") {
		t.Errorf("the y label: turned %v, found %v", turned, f.Text("y label"))
	}
	if c := f.Point(p, 7.5, 7.5); !Near(c, color.Black, 0) {
		t.Errorf("inside the square: %v", c)
	}
	if c := f.Point(p, 3, 3); !Near(c, color.White, 0) {
		t.Errorf("outside the square: %v", c)
	}
}
