package session

import (
	"strings"
	"testing"
)

// splitTexts splits a complete cell and returns its items' texts.
func splitTexts(t *testing.T, code string) ([]item, []string) {
	t.Helper()
	items, inc, err := split(code)
	if err != nil || inc {
		t.Fatalf("%v %v", err, inc)
	}
	var got []string
	for _, it := range items {
		got = append(got, code[it.off:it.end])
	}
	return items, got
}

func TestSplitMagicLines(t *testing.T) {
	code := "%%time\nx := 1\n  %env A=1\ns := `\n%not a magic`\nf(x %\n2)\n%who"
	items, got := splitTexts(t, code)
	want := []string{"%%time", "x := 1", "%env A=1", "s := `\n%not a magic`", "f(x %\n2)", "%who"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("got %q\nwant %q", got, want)
	}
	if items[0].kind != cellMagic || items[2].kind != magic || items[2].line != 3 || items[2].col != 3 || items[5].kind != magic {
		t.Fatalf("%+v", items)
	}
}

// The semicolons of an if, for or switch header do not end a statement.
func TestSplitHeaders(t *testing.T) {
	code := "for i := 0; i < 3; i++ {\n\tn++\n}\nif x := f(); x > 0 { a() } else if y := g(); y { b() }; c := 1\nswitch v := h(); v {\n}"
	_, got := splitTexts(t, code)
	want := []string{"for i := 0; i < 3; i++ {\n\tn++\n}", "if x := f(); x > 0 { a() } else if y := g(); y { b() }", "c := 1", "switch v := h(); v {\n}"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("got %q\nwant %q", got, want)
	}
}

// The cell splitter never panics, and what it returns is consistent: items
// in order, inside the cell, trimmed, at the line and column it says;
// magic items start with "%".
func FuzzSplit(f *testing.F) {
	for _, s := range []string{
		"x := 1", "func f() {", "s := `raw", "%time x := f()\nx", "%%time\nfor i := 0; i < 3; i++ {\n}\n",
		"import (\n\t\"fmt\"\n)\nfmt.Println(1)", "a := 1; b := 2 /* c */ // d\n%who", "y := 'unterminated",
		"defer f()\ngoto L\nL:\n", "  %env A=1\n%", "func (r T) M() {}\nfunc() {}()", "x := [\n%", "\"\\\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, code string) {
		items, incomplete, err := split(code)
		IsComplete(code)
		if err != nil || incomplete {
			if items != nil {
				t.Fatalf("items with an error or an incomplete cell")
			}
			return
		}
		last := 0
		for _, it := range items {
			if it.off < last || it.end <= it.off || it.end > len(code) {
				t.Fatalf("item [%d,%d) out of order or bounds (last end %d, len %d)", it.off, it.end, last, len(code))
			}
			text := code[it.off:it.end]
			if isSpace(text[0]) || isSpace(text[len(text)-1]) {
				t.Fatalf("item %q not trimmed", text)
			}
			if line, col := position(code, it.off); line != it.line || col != it.col {
				t.Fatalf("item %q at %d:%d, says %d:%d", text, line, col, it.line, it.col)
			}
			if (it.kind == magic || it.kind == cellMagic) != (strings.HasPrefix(text, "%") && firstOnLine(code, it.off)) {
				t.Fatalf("item %q of kind %d", text, it.kind)
			}
			last = it.end
		}
	})
}
