package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"text/tabwriter"
)

// cancelAfter is a standard output that cancels the command's context
// (as Ctrl-C does) once n bytes have reached it.
type cancelAfter struct {
	n      int
	cancel context.CancelFunc
	b      bytes.Buffer
}

func (c *cancelAfter) Write(p []byte) (int, error) {
	c.b.Write(p)
	if c.b.Len() >= c.n {
		c.cancel()
	}
	return len(p), nil
}

// Ctrl-C while a long output is being written stops it, with status 130,
// in every output format: each of these writes tens of megabytes or more,
// and the context is cancelled after the first megabyte.
func TestLongOutputsStopOnCtrlC(t *testing.T) {
	dir := t.TempDir()
	// 400 players, each against 10 others: a 160,000-cell matrix.
	var pairs strings.Builder
	pairs.WriteString("a,b,wins_a,wins_b,draws\n")
	rng := rand.New(rand.NewPCG(3, 4))
	for i := range 400 {
		for range 10 {
			if j := rng.IntN(400); j != i {
				fmt.Fprintf(&pairs, "p%d,p%d,%d,%d,%d\n", i, j, rng.IntN(5), rng.IntN(5), rng.IntN(2))
			}
		}
	}
	btFile := filepath.Join(dir, "pairs.csv")
	writeFile(t, btFile, pairs.String())
	for _, c := range []struct {
		args []string
		full int // bytes of the whole output, at least
		at   int // cancel after this many bytes
	}{
		{[]string{"sg", "kayles", "--upto", "30000000", "--format", "json"}, 60e6, 1 << 20},
		{[]string{"sg", "kayles", "--upto", "30000000", "--format", "csv"}, 60e6, 1 << 20},
		{[]string{"solve", "subtraction", "--n", "30000000", "--k", "1", "--max-line", "0"}, 400e6, 1 << 20},
		{[]string{"solve", "subtraction", "--n", "30000000", "--k", "1", "--max-line", "0", "--json"}, 900e6, 1 << 20},
		{[]string{"bt", "fit", btFile, "--los", "-"}, 600e3, 64 << 10},
		{[]string{"bt", "fit", btFile, "--los", "-", "--json"}, 1e6, 64 << 10},
	} {
		ctx, cancel := context.WithCancel(context.Background())
		out := &cancelAfter{n: c.at, cancel: cancel}
		var errs bytes.Buffer
		st := run(ctx, c.args, out, &errs)
		cancel()
		if st != 130 || !strings.Contains(errs.String(), "interrupted") {
			t.Errorf("coevo %s: status %d after Ctrl-C, want 130: %s", strings.Join(c.args, " "), st, errs.String())
		}
		// What was written after the cancel: at most a buffer and a row.
		if n := out.b.Len(); n > c.at+(256<<10) || n >= c.full {
			t.Errorf("coevo %s: wrote %d bytes, cancelled after %d", strings.Join(c.args, " "), n, c.at)
		}
	}
}

// The line of coevo solve --json is streamed: its bytes are those of
// encoding/json encoding the whole result, and the line is the one the
// engine plays.
func TestSolveJSONStreamed(t *testing.T) {
	dir := t.TempDir()
	rulesFile := filepath.Join(dir, "a<b&c.rules")
	writeFile(t, rulesFile, "state 5 6\nmove -v -w : 0 <= v <= a1, 0 <= w <= a2, 1 <= v + w\n")
	for _, args := range [][]string{
		{"nim", "--heaps", "1,3,5,7"},
		{"nim", "--heaps", "3,4,5,1", "--max-line", "2"},
		{"kayles", "--heaps", "40,7", "--max-line", "0", "--seed", "9"},
		{"chomp", "--rows", "4", "--cols", "5", "--max-line", "3"},
		{"euclid", "--a", "30", "--b", "7"},
		{"--rules", "../../docs/rules/divisor.rules", "--max-line", "0"},
		{"--rules", rulesFile},
		{"nim", "--heaps", "1,2", "--max-line", "1"},
		{"nim", "--heaps", "1,2", "--no-line"},
	} {
		out, errs, st := coevo(append(append([]string{"solve"}, args...), "--json")...)
		if st != 0 {
			t.Fatalf("%v: status %d: %s", args, st, errs)
		}
		var res solveResult
		if err := json.Unmarshal([]byte(out), &res); err != nil {
			t.Fatalf("%v: %v: %s", args, err, out)
		}
		var want bytes.Buffer
		enc := json.NewEncoder(&want)
		enc.SetEscapeHTML(false)
		enc.Encode(res)
		if out != want.String() {
			t.Errorf("%v: streamed\n%s\nencoding/json\n%s", args, out, want.String())
		}
		// The text form prints the same line.
		text, _, _ := coevo(append([]string{"solve"}, args...)...)
		for _, st := range res.Line {
			if line := fmt.Sprintf("  SG = %d | %s\n", st.SG, st.Position); !strings.Contains(text, line) {
				t.Errorf("%v: the text lacks %q", args, line)
			}
		}
		if res.Truncated != strings.Contains(text, "... (stopped after") {
			t.Errorf("%v: truncated %v in JSON, not in the text:\n%s", args, res.Truncated, text)
		}
	}
	// The line ends where the game does, or at --max-line.
	out, _, _ := coevo("solve", "nim", "--heaps", "1,3,5,7", "--json", "--max-line", "0")
	var full solveResult
	json.Unmarshal([]byte(out), &full)
	if full.Truncated || full.Line[len(full.Line)-1].Position != "0 0 0 0" {
		t.Errorf("the whole line of Nim 1 3 5 7: %+v", full)
	}
	for n := 1; n <= len(full.Line)+1; n++ {
		out, _, _ := coevo("solve", "nim", "--heaps", "1,3,5,7", "--json", "--max-line", fmt.Sprint(n))
		var r solveResult
		json.Unmarshal([]byte(out), &r)
		want := full.Line[:min(n, len(full.Line))]
		if fmt.Sprint(r.Line) != fmt.Sprint(want) || r.Truncated != (n < len(full.Line)) {
			t.Errorf("--max-line %d: %v truncated %v, want %v", n, r.Line, r.Truncated, want)
		}
	}
}

// printTabwriter is how coevo printed the matrix before it was streamed:
// text/tabwriter, right-aligned, padding 1.
func printTabwriter(w io.Writer, t *losTable) {
	fmt.Fprintln(w, "likelihood of superiority, % (row stronger than column):")
	tw := tabwriter.NewWriter(w, 0, 0, 1, ' ', tabwriter.AlignRight)
	fmt.Fprint(tw, "\t\t")
	for b := range t.Players {
		fmt.Fprintf(tw, "%d\t", b+1)
	}
	fmt.Fprintln(tw)
	for a, p := range t.Players {
		fmt.Fprintf(tw, "%d\t%s\t", a+1, p)
		for b := range t.Players {
			if a == b {
				fmt.Fprint(tw, "-\t")
				continue
			}
			fmt.Fprintf(tw, "%.0f\t", 100*float64(t.P[a][b]))
		}
		fmt.Fprintln(tw)
	}
	tw.Flush()
}

func randomLOS(rng *rand.Rand, n int) *losTable {
	t := &losTable{P: make([][]num, n)}
	names := []string{"a", "Ärger", "player <7>", "x,y", "日本"}
	for a := range n {
		t.Players = append(t.Players, fmt.Sprintf("%s%d", names[rng.IntN(len(names))], rng.IntN(1000)))
		t.P[a] = make([]num, n)
		for b := range n {
			switch {
			case a == b:
				t.P[a][b] = num(math.NaN())
			case rng.IntN(7) == 0:
				t.P[a][b] = num(rng.Float64() * 1e-8)
			case rng.IntN(7) == 0:
				t.P[a][b] = 1
			default:
				t.P[a][b] = num(rng.Float64())
			}
		}
	}
	return t
}

// The streamed matrix is what text/tabwriter and encoding/json made of it.
func TestLOSStreamedAsBefore(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{1, 2, 3, 9, 10, 11, 57, 120} {
		los := randomLOS(rng, n)
		var want, got bytes.Buffer
		printTabwriter(&want, los)
		if err := los.print(context.Background(), &got); err != nil {
			t.Fatal(err)
		}
		if got.String() != want.String() {
			t.Fatalf("%d players: printed\n%s\ntabwriter\n%s", n, got.String(), want.String())
		}
		out := struct {
			Name  string    `json:"name"`
			Value num       `json:"value"`
			LOS   *losTable `json:"los,omitempty"`
		}{"<&>", 0.25, nil}
		got.Reset()
		if err := encodeLOS(context.Background(), &got, out, los); err != nil {
			t.Fatal(err)
		}
		out.LOS = los
		want.Reset()
		enc := json.NewEncoder(&want)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(out); err != nil {
			t.Fatal(err)
		}
		if got.String() != want.String() {
			t.Fatalf("%d players: streamed\n%s\nencoding/json\n%s", n, got.String(), want.String())
		}
	}
}

// appendNum writes floats as encoding/json does.
func TestAppendNum(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	xs := []float64{0, math.Copysign(0, -1), 1, -1, 0.1, 1e-6, 9.99e-7, 1e-7, 1e20, 1e21, 123456789e13, 5e-324, math.MaxFloat64, -1e-300, 0.30000000000000004}
	for range 100000 {
		xs = append(xs, math.Float64frombits(rng.Uint64()))
	}
	for _, x := range xs {
		want, err := json.Marshal(x)
		if err != nil {
			want = []byte("null") // NaN and the infinities: num writes null
		}
		if got := appendNum(nil, x); string(got) != string(want) {
			t.Fatalf("%v (%#x): %s, encoding/json %s", x, math.Float64bits(x), got, want)
		}
	}
}

// An output file that Ctrl-C stops is left as it was, and no temporary
// file is left beside it.
func TestWriteOutputStopsOnCtrlC(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.csv")
	writeFile(t, path, "old\n")
	ctx, cancel := context.WithCancel(context.Background())
	rows := 0
	err := writeOutput(ctx, "csv", path, func(w io.Writer) error {
		bw := bufio.NewWriter(w)
		for {
			if _, err := fmt.Fprintf(bw, "row %d\n", rows); err != nil {
				return err
			}
			if rows++; rows == 100000 {
				cancel()
			}
			if rows > 10_000_000 {
				return fmt.Errorf("still writing %d rows after Ctrl-C", rows)
			}
		}
	})
	if err != context.Canceled {
		t.Fatalf("%v, want context.Canceled", err)
	}
	if b, _ := os.ReadFile(path); string(b) != "old\n" {
		t.Errorf("the file holds %d bytes", len(b))
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("left beside it: %v", entries)
	}
}
