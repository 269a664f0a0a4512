package display

import (
	"math"
	"strings"
	"testing"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
)

// A long frame shows its first and last rows with a count, as pandas
// does; one of MaxRows rows shows whole.
func TestLongFrameHeadAndTail(t *testing.T) {
	frameOf := func(n int) dataframe.DataFrame {
		gen := make([]int, n)
		for i := range gen {
			gen[i] = i + 1
		}
		return dataframe.New(series.New(gen, series.Int, "generation"))
	}
	b := Of(frameOf(160))
	html, text := b["text/html"].(string), b["text/plain"].(string)
	if got := strings.Count(html, "<tr><th>"); got != 1+MinRows+1 {
		t.Errorf("%d table rows for 160, want the header, %d rows and an ellipsis row", got, MinRows)
	}
	for _, want := range []string{"<tr><th>4</th><td>5</td>", "<tr><th>…</th><td>…</td></tr>", "<tr><th>155</th><td>156</td>", "<tr><th>159</th><td>160</td>", "160 rows × 1 columns"} {
		if !strings.Contains(html, want) {
			t.Errorf("html lacks %q", want)
		}
	}
	lines := strings.Split(text, "\n")
	if len(lines) != 1+MinRows+1+1 || strings.Join(strings.Fields(lines[6]), " ") != "… …" || lines[len(lines)-1] != "[160 rows × 1 columns]" {
		t.Errorf("text:\n%s", text)
	}
	if got := strings.Count(Of(frameOf(MaxRows))["text/html"].(string), "<tr><th>"); got != MaxRows+1 {
		t.Errorf("a frame of %d rows shows %d", MaxRows, got-1)
	}
}

// Whole numbers print as integers, floats with the decimals their most
// precise value needs, missing values blank; an unrounded value (1/3)
// gets 6 significant digits, tiny ones an exponent.
func TestFrameNumbers(t *testing.T) {
	na := []any{3, nil, 5}
	df := dataframe.New(
		series.New([]string{"heuristic", "random", "x"}, series.String, "player"),
		series.New(na, series.Int, "points"),
		series.New([]float64{1600, 1652.5, math.NaN()}, series.Float, "elo"),
		series.New([]float64{1.0 / 3, 0.5, 2}, series.Float, "share"),
		series.New([]float64{1.2e-7, 0.05, 1}, series.Float, "p"),
	)
	text := Of(df)["text/plain"].(string)
	want := "   player     points     elo     share        p\n" +
		"0  heuristic       3  1600.0  0.333333  1.2e-07\n" +
		"1  random             1652.5       0.5     0.05\n" +
		"2  x               5                 2        1\n" +
		"[3 rows × 5 columns]"
	if text != want {
		t.Errorf("text:\n%s\nwant:\n%s", text, want)
	}
	html := Of(df)["text/html"].(string)
	if !strings.Contains(html, "<tr><th>1</th><td>random</td><td></td><td>1652.5</td>") {
		t.Errorf("html: %s", html)
	}
}
