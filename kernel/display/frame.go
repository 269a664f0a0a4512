package display

import (
	"fmt"
	"html"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
)

// MaxRows bounds the rows of a DataFrame shown whole; a longer one is
// shown as its first and last MinRows/2 rows, with a count (as pandas
// shows a long frame).
var MaxRows = 60

// MinRows is how many rows of a long DataFrame are shown.
var MinRows = 10

// frame renders a DataFrame as an HTML table and as text: whole numbers
// as integers, each float column with the decimals its values need (at
// most 10 significant digits: a value rounded to what it means reads as
// such), missing values blank, a long frame as head and tail.
func frame(df dataframe.DataFrame) Bundle {
	if df.Err != nil {
		return Bundle{"text/plain": "DataFrame error: " + df.Err.Error()}
	}
	rows, cols := df.Dims()
	names := df.Names()
	shown := shownRows(rows)
	text := make([][]string, cols)
	numeric := make([]bool, cols)
	for j := 0; j < cols; j++ {
		text[j], numeric[j] = formatColumn(df.Col(names[j]), shown)
	}

	var b strings.Builder
	b.WriteString(`<table class="dataframe"><thead><tr><th></th>`)
	for _, n := range names {
		b.WriteString("<th>" + html.EscapeString(n) + "</th>")
	}
	b.WriteString("</tr></thead><tbody>")
	for k, i := range shown {
		if k > 0 && i != shown[k-1]+1 {
			b.WriteString("<tr><th>…</th>" + strings.Repeat("<td>…</td>", cols) + "</tr>")
		}
		fmt.Fprintf(&b, "<tr><th>%d</th>", i)
		for j := 0; j < cols; j++ {
			b.WriteString("<td>" + html.EscapeString(text[j][k]) + "</td>")
		}
		b.WriteString("</tr>")
	}
	b.WriteString("</tbody></table>")
	fmt.Fprintf(&b, "<p>%d rows × %d columns</p>", rows, cols)
	return Bundle{"text/html": b.String(), "text/plain": plainFrame(names, text, numeric, shown, rows)}
}

// shownRows returns the rows to show: all, or the first and last
// MinRows/2 of a frame longer than MaxRows.
func shownRows(rows int) []int {
	var out []int
	if rows <= MaxRows || MinRows >= rows {
		for i := 0; i < rows; i++ {
			out = append(out, i)
		}
		return out
	}
	half := max(MinRows/2, 1)
	for i := 0; i < half; i++ {
		out = append(out, i)
	}
	for i := rows - half; i < rows; i++ {
		out = append(out, i)
	}
	return out
}

// formatColumn formats the shown rows of a column, reporting whether it
// is numeric (right-aligned in text).
func formatColumn(s series.Series, rows []int) ([]string, bool) {
	out := make([]string, len(rows))
	switch s.Type() {
	case series.Float:
		vals := make([]float64, len(rows))
		na := make([]bool, len(rows))
		for k, i := range rows {
			e := s.Elem(i)
			na[k] = e.IsNA()
			vals[k] = e.Float()
		}
		return formatFloats(vals, na), true
	case series.Int:
		for k, i := range rows {
			if e := s.Elem(i); !e.IsNA() {
				out[k] = e.String()
			}
		}
		return out, true
	}
	for k, i := range rows {
		if e := s.Elem(i); !e.IsNA() {
			out[k] = e.String()
		}
	}
	return out, false
}

// formatFloats formats a column of floats alike: with the decimals the
// most precise value needs in its shortest form, at least one, as a float
// column reads apart from an integer one ("1600.0", "1652.5"),
// in exponent form when values are very large or small, and with 6
// significant digits when some value needs more than 10 (an unrounded
// result, like 1/3). Missing values are blank.
func formatFloats(v []float64, na []bool) []string {
	decimals, exp, long := 1, false, false
	for k, x := range v {
		if na[k] || math.IsNaN(x) || math.IsInf(x, 0) {
			continue
		}
		if a := math.Abs(x); a != 0 && (a < 1e-4 || a >= 1e15) {
			exp = true
		}
		e := strconv.FormatFloat(x, 'e', -1, 64)
		mant, _, _ := strings.Cut(strings.TrimPrefix(e, "-"), "e")
		if len(strings.Replace(mant, ".", "", 1)) > 10 {
			long = true
		}
		f := strconv.FormatFloat(x, 'f', -1, 64)
		if _, frac, ok := strings.Cut(f, "."); ok {
			decimals = max(decimals, len(frac))
		}
	}
	out := make([]string, len(v))
	for k, x := range v {
		switch {
		case na[k] || math.IsNaN(x):
		case math.IsInf(x, 1):
			out[k] = "inf"
		case math.IsInf(x, -1):
			out[k] = "-inf"
		case long:
			out[k] = strconv.FormatFloat(x, 'g', 6, 64)
		case exp || decimals > 8:
			out[k] = strconv.FormatFloat(x, 'g', -1, 64)
		default:
			out[k] = strconv.FormatFloat(x, 'f', decimals, 64)
		}
	}
	return out
}

// plainFrame lays the formatted columns out as text: numbers right-
// aligned, a "…" row where rows are left out, the size below.
func plainFrame(names []string, text [][]string, numeric []bool, shown []int, rows int) string {
	idx := make([]string, len(shown))
	for k, i := range shown {
		idx[k] = strconv.Itoa(i)
	}
	cols := append([][]string{idx}, text...)
	heads := append([]string{""}, names...)
	right := append([]bool{true}, numeric...)
	width := make([]int, len(cols))
	for j, c := range cols {
		width[j] = utf8.RuneCountInString(heads[j])
		for _, s := range c {
			width[j] = max(width[j], utf8.RuneCountInString(s))
		}
	}
	pad := func(s string, j int) string {
		fill := strings.Repeat(" ", width[j]-utf8.RuneCountInString(s))
		if right[j] {
			return fill + s
		}
		return s + fill
	}
	var b strings.Builder
	line := func(cell func(j int) string) {
		parts := make([]string, len(cols))
		for j := range cols {
			parts[j] = pad(cell(j), j)
		}
		b.WriteString(strings.TrimRight(strings.Join(parts, "  "), " ") + "\n")
	}
	line(func(j int) string { return heads[j] })
	for k, i := range shown {
		if k > 0 && i != shown[k-1]+1 {
			line(func(int) string { return "…" })
		}
		line(func(j int) string { return cols[j][k] })
	}
	fmt.Fprintf(&b, "[%d rows × %d columns]", rows, len(names))
	return b.String()
}
