package session

import (
	"context"
	"testing"
)

// A blank assignment in a loop at a cell's top level, over values that are
// not ints, as a user writes it while sketching (issue 25's report: the
// interpreter gave "_ = r" the range key's int slot, so the loop panicked
// with "reflect: call of reflect.Value.SetInt on ptr Value"). The count is
// Go's: the loop body runs once per element.
func TestBlankAssignInTopLevelRange(t *testing.T) {
	for _, c := range []struct {
		cells []string
		want  int64
	}{
		{[]string{"runs := []*int{nil, new(int)}", "n := 0\nfor _, r := range runs { _ = r; n++ }", "n"}, 2},
		{[]string{"n := 0\nfor _, s := range []string{\"a\", \"b\", \"c\"} { _ = s; n++ }", "n"}, 3},
		{[]string{"n := 0\nfor _, r := range map[int]*int{1: nil} { _, _ = r, r; n++ }\nn"}, 1},
		{[]string{"n := 0\nfor k, r := range []*int{nil, nil} { _ = r; n += k }\nn"}, 1},
	} {
		s, err := New()
		if err != nil {
			t.Fatal(err)
		}
		var last Result
		for _, cell := range c.cells {
			if last, err = s.Eval(context.Background(), cell); err != nil {
				t.Fatalf("%q: %v", cell, err)
			}
		}
		if !last.Value.IsValid() || !last.Value.CanInt() || last.Value.Int() != c.want {
			t.Errorf("%q: n = %v, want %d", c.cells, last.Value, c.want)
		}
	}
}
