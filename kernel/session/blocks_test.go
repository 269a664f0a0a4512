package session

import (
	"strings"
	"testing"
)

// A multi-value definition inside a top-level loop, if or block (which
// yaegi v0.16.1 failed on: "undefined: a") gives what Go gives.
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

// A panic in a function called from inside a loop names the lines, the
// function's and the loop's, and no name the kernel made.
func TestPanicLineInLoop(t *testing.T) {
	s, _ := New()
	run(t, s, "In[1]", "func pair(i int) (int, int) { return i, 10 / i }")
	_, e := run(t, s, "In[2]", "x := 0\nfor i := 1; i >= 0; i-- {\n\ta, b := pair(i)\n\tx += a + b\n}")
	if e == nil || e.Name != "panic" || e.Message != "runtime error: integer divide by zero" {
		t.Fatalf("want a panic, got %v", e)
	}
	want := "  In[1] line 1, in pair: func pair(i int) (int, int) { return i, 10 / i }\n  In[2] line 3: a, b := pair(i)"
	if tr := strings.Join(e.Trace, "\n"); tr != want {
		t.Fatalf("trace:\n%s\nwant\n%s", tr, want)
	}
}
