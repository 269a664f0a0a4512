package lower

import (
	"fmt"
	"os"
	"sort"
	"strings"
)

// An editor collects replacements of byte ranges of a text. Rewrites
// replace the tokens around an expression and leave the expression's text
// to the edits inside it, so edits never overlap; insertions at one offset
// keep the order they were made in.
type editor struct {
	edits []edit
}

type edit struct {
	start, end int
	text       string
	seq        int
}

func (e *editor) replace(start, end int, text string) {
	e.edits = append(e.edits, edit{start, end, text, len(e.edits)})
}

func (e *editor) insert(at int, text string) { e.replace(at, at, text) }

// apply returns src with the edits made; overlapping edits are an error
// (a rewrite that would lose text).
func (e *editor) apply(src string) (string, error) {
	edits := append([]edit(nil), e.edits...)
	sort.SliceStable(edits, func(i, j int) bool {
		a, b := edits[i], edits[j]
		if a.start != b.start {
			return a.start < b.start
		}
		// an insertion before a replacement at the same offset
		if (a.end == a.start) != (b.end == b.start) {
			return a.end == a.start
		}
		return a.seq < b.seq
	})
	var b strings.Builder
	at := 0
	for _, ed := range edits {
		if ed.start < at || ed.end > len(src) || ed.start > ed.end {
			return "", fmt.Errorf("overlapping rewrites at offset %d", ed.start)
		}
		b.WriteString(src[at:ed.start])
		b.WriteString(ed.text)
		at = ed.end
	}
	b.WriteString(src[at:])
	return b.String(), nil
}

// blank returns s with every byte but newlines made a space: text taken
// out of what the interpreter sees, its lines kept.
func blank(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c != '\n' {
			b[i] = ' '
		}
	}
	return string(b)
}

func readFile(name string) ([]byte, error) { return os.ReadFile(name) }
