package session

import (
	"strings"
	"testing"
)

// yaegi v0.16.1 fails on a multi-value definition inside a top-level loop,
// if or block ("undefined: a"); the session runs such statements inside a
// function, so they give what Go gives.
func TestMultiValueDefineInTopLevelBlocks(t *testing.T) {
	s, _ := New()
	eval(t, s, "func pair(i int) (int, int) { return i, 10 * i }")
	eval(t, s, "s := 0\nm := map[string]int{\"a\": 5}")
	eval(t, s, "for i := 1; i <= 3; i++ {\n\ta, b := pair(i)\n\ts += a + b\n}")
	// 11 * (1 + 2 + 3)
	if r := eval(t, s, "s"); r.Value.Interface() != 66 {
		t.Fatalf("after the loop s = %v, want 66", r.Value)
	}
	eval(t, s, "if v, ok := m[\"a\"]; ok {\n\tw, ok2 := m[\"b\"]\n\tif !ok2 {\n\t\ts += v + w\n\t}\n}")
	if r := eval(t, s, "s"); r.Value.Interface() != 71 {
		t.Fatalf("after the if s = %v, want 71", r.Value)
	}
	eval(t, s, "for _, k := range []string{\"a\", \"b\"} {\n\tswitch v, ok := m[k]; {\n\tcase ok:\n\t\ts += v\n\t}\n}")
	if r := eval(t, s, "s"); r.Value.Interface() != 76 {
		t.Fatalf("after the range s = %v, want 76", r.Value)
	}
	eval(t, s, "func() { s += 1000 }()")
	if r := eval(t, s, "s"); r.Value.Interface() != 1076 {
		t.Fatalf("after a function literal's call s = %v, want 1076 (it ran once)", r.Value)
	}
}

// A panic in a wrapped statement still names the cell's line.
func TestWrappedStatementPanicLine(t *testing.T) {
	s, _ := New()
	run(t, s, "In[1]", "func pair(i int) (int, int) { return i, 10 / i }")
	_, e := run(t, s, "In[2]", "x := 0\nfor i := 1; i >= 0; i-- {\n\ta, b := pair(i)\n\tx += a + b\n}")
	if e == nil || e.Name != "panic" {
		t.Fatalf("want a panic, got %v", e)
	}
	tr := strings.Join(e.Trace, "\n")
	t.Logf("trace:\n%s", tr)
	if !strings.Contains(tr, "In[2] line 2: for i := 1") || strings.Contains(tr, wrapPrefix) {
		t.Fatalf("trace does not name the cell's loop:\n%s", tr)
	}
}

func TestNeedsWrap(t *testing.T) {
	for src, want := range map[string]bool{
		"a, b := f()":                              false, // top level: yaegi is right
		"for { a, b := f(); _, _ = a, b }":         true,
		"if x { v, ok := m[k]; _, _ = v, ok }":     true,
		"{ v, ok := x.(int); _, _ = v, ok }":       true,
		"for { a := f(); _ = a }":                  false,
		"for k, v := range m { _, _ = k, v }":      false,
		"go func() { a, b := f(); _, _ = a, b }()": false,
		"for { g := func() { a, b := f() }; g() }": true, // a closure in a top-level block
		"for {": false, // not a statement
	} {
		if got := needsWrap(src); got != want {
			t.Errorf("needsWrap(%q) = %v, want %v", src, got, want)
		}
	}
}
