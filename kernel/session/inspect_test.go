package session_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/coevolab/coevo/kernel/session"
	_ "github.com/coevolab/coevo/kernel/symbols"
)

// Inspection shows a cell's type with its fields, methods and comments;
// a value of it by its type's name; a member of a value; and the
// documentation of coevo's packages from the binary, with no Go toolchain
// on PATH (an installed kernel may have none).
func TestInspectValuesAndDocs(t *testing.T) {
	t.Setenv("PATH", "")
	s, err := session.New()
	if err != nil {
		t.Fatal(err)
	}
	for i, code := range []string{
		`import "github.com/coevolab/coevo/stats/bt"
r := bt.NewResults()
r.Add("a", "b", 6, 4, 0, bt.NoSeat)
fit, _ := bt.Fit(r)`,
		`// point is a place on the board.
type point struct {
	X, Y int // coordinates
}

// Sum adds the coordinates.
func (p point) Sum() int { return p.X + p.Y }
p := point{X: 2, Y: 3}`,
	} {
		if _, err := s.Run(context.Background(), session.Cell{Code: code, Name: fmt.Sprintf("In[%d]", i+1)}); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		code string
		want []string
	}{
		{"point", []string{"type point struct {\n\tX, Y int // coordinates\n}\n    point is a place on the board.", "func (p point) Sum() int\n    Sum adds the coordinates.", "(declared in In[2]: 2 fields, 1 methods)"}},
		{"p", []string{"p: point = {X:2 Y:3}", "type point struct"}},
		{"p.Sum", []string{"p.Sum: method Sum() int", "Sum adds the coordinates."}},
		{"p.X", []string{"p.X: field X int", "coordinates"}},
		{"fit.Elo", []string{"fit.Elo: method Elo() []float64", "func (f *Ratings) Elo() []float64\n    Elo returns the ratings on the Elo scale"}},
		{"fit", []string{"fit: *bt.Ratings = ", "Ratings is a fitted Bradley-Terry model."}},
		{"bt.Fit", []string{"bt.Fit: func(*bt.Results) (*bt.Ratings, error)", "Fit "}},
		{"bt.Ratings", []string{"bt.Ratings: type bt.Ratings", "func (f *Ratings) CI(level float64)"}},
		{"bt", []string{"package bt // import \"github.com/coevolab/coevo/stats/bt\""}},
	} {
		got, found := s.Inspect(c.code, len(c.code))
		for _, w := range c.want {
			if !found || !strings.Contains(got, w) {
				t.Errorf("inspect %q: %v\n%s\nwant it to hold %q", c.code, found, got, w)
			}
		}
	}
}
