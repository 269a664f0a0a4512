package cells

import "testing"

// What Jupyter's is_complete asks: a cell with an open bracket, raw string
// or block comment needs more lines; an unterminated rune or interpreted
// string (which cannot span lines in Go) is invalid.
func TestIsComplete(t *testing.T) {
	for code, want := range map[string]string{
		"x := 1":                     "complete",
		"func f() {":                 "incomplete",
		"s := `raw":                  "incomplete",
		"/* note":                    "incomplete",
		"y := 'x":                    "invalid",
		"z := \"abc":                 "invalid",
		"%%time\nfor i := range 3 {": "incomplete",
		"%time f(\n1)":               "complete",
		"m := map[string]int{\n":     "incomplete",
		"":                           "complete",
	} {
		if got := IsComplete(code); got != want {
			t.Errorf("IsComplete(%q) = %q, want %q", code, got, want)
		}
	}
}

func TestSplitKinds(t *testing.T) {
	code := "%%time\nimport \"fmt\"\nfunc (r T) M() {}\nfunc() {}()\nvar v = 1\n  %who\ntype T int"
	items, inc, err := Split(code)
	if err != nil || inc {
		t.Fatal(err, inc)
	}
	want := []struct {
		text string
		kind Kind
		line int
	}{{"%%time", CellMagic, 1}, {"import \"fmt\"", Import, 2}, {"func (r T) M() {}", Decl, 3}, {"func() {}()", Stmt, 4}, {"var v = 1", VarDecl, 5}, {"%who", Magic, 6}, {"type T int", Decl, 7}}
	if len(items) != len(want) {
		t.Fatalf("%+v", items)
	}
	for i, w := range want {
		it := items[i]
		if code[it.Off:it.End] != w.text || it.Kind != w.kind || it.Line != w.line {
			t.Errorf("item %d: %q kind %d line %d, want %+v", i, code[it.Off:it.End], it.Kind, it.Line, w)
		}
	}
	if items[5].Col != 3 {
		t.Errorf("%%who at column %d, want 3", items[5].Col)
	}
}

func TestFrameString(t *testing.T) {
	for f, want := range map[Frame]string{
		{Cell: "In[3]", Line: 2, Func: "main"}:           "In[3] line 2",
		{Cell: "In[1]", Line: 4, Func: "a func literal"}: "In[1] line 4, in a func literal",
		{Cell: "In[2]", Line: 7, Func: "f"}:              "In[2] line 7, in f",
	} {
		if got := f.String(); got != want {
			t.Errorf("%+v: %q, want %q", f, got, want)
		}
	}
}
