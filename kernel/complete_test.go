package kernel_test

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"
)

// complete sends a complete_request with the cursor at the end of code.
func (c *client) complete(code string) (matches []string, start int) {
	c.t.Helper()
	c.send(c.shell, "complete_request", map[string]any{"code": code, "cursor_pos": utf8.RuneCountInString(code)})
	var r struct {
		Matches     []string
		CursorStart int `json:"cursor_start"`
	}
	json.Unmarshal(c.recv(c.shell).Content, &r)
	return r.Matches, r.CursorStart
}

func (c *client) inspect(code string) string {
	c.t.Helper()
	c.send(c.shell, "inspect_request", map[string]any{"code": code, "cursor_pos": utf8.RuneCountInString(code), "detail_level": 0})
	var r struct {
		Found bool
		Data  map[string]string
	}
	json.Unmarshal(c.recv(c.shell).Content, &r)
	return r.Data["text/plain"]
}

// Completion and inspection of the session's values over the wire, with
// the engine's real types and a type a cell declared.
func TestCompleteValuesOverTheWire(t *testing.T) {
	c := start(t)
	r := c.execute(`import "github.com/coevolab/coevo/engine/heap"
seq, _ := heap.Kayles().Sequence(20)
// board is a pair of heaps.
type board struct{ A, B int }

// Sum is the position's size: α + β.
func (b board) Sum() int { return b.A + b.B }
b := board{1, 2}`)
	if r.reply["status"] != "ok" {
		t.Fatalf("%v", r.reply)
	}
	if m, _ := c.complete("seq.Data"); strings.Join(m, " ") != "DataFrame" {
		t.Errorf("seq.Data completes to %v", m)
	}
	if m, _ := c.complete("heap.Kayles().Seq"); !strings.Contains(strings.Join(m, " "), "Sequence") {
		t.Errorf("heap.Kayles().Seq completes to %v", m)
	}
	if m, _ := c.complete("x := \"é\"\nb."); strings.Join(m, " ") != "A B Sum" {
		t.Errorf("b. completes to %v", m)
	}
	m, start := c.complete("import \"github.com/coevolab/coevo/kernel/wid")
	if strings.Join(m, " ") != "github.com/coevolab/coevo/kernel/widget" || start != 8 {
		t.Errorf("an import path completes to %v from %d", m, start)
	}
	if got := c.inspect("b.Sum"); !strings.Contains(got, "Sum is the position's size: α + β.") {
		t.Errorf("inspect b.Sum: %q", got)
	}
	if got := c.inspect("seq.DataFrame"); !strings.Contains(got, "DataFrame returns columns n and sg") {
		t.Errorf("inspect seq.DataFrame: %q", got)
	}
}
