package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

func coevo(args ...string) (stdout, stderr string, status int) {
	var o, e bytes.Buffer
	status = run(context.Background(), args, &o, &e)
	return o.String(), e.String(), status
}

// The contract of issue 2: coevo solve nim --heaps 1,3,5,7 --json.
func TestSolveNimJSON(t *testing.T) {
	out, errs, st := coevo("solve", "nim", "--heaps", "1,3,5,7", "--json")
	if st != 0 {
		t.Fatalf("status %d: %s", st, errs)
	}
	var r struct {
		SG     int `json:"sg"`
		Winner int `json:"winner"`
		Line   []struct {
			Position string `json:"position"`
			SG       int    `json:"sg"`
		} `json:"line"`
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	// Paper 001 fig. 1: SG 0, player 2 wins.
	if r.SG != 0 || r.Winner != 2 || r.Line[0].Position != "1 3 5 7" || r.Line[len(r.Line)-1].Position != "0 0 0 0" {
		t.Fatalf("%+v", r)
	}
	text, _, _ := coevo("solve", "nim", "--heaps", "1,3,5,7")
	for _, want := range []string{"SG value of the start: 0", "player 2", "SG = 0 | 1 3 5 7"} {
		if !strings.Contains(text, want) {
			t.Errorf("text output lacks %q:\n%s", want, text)
		}
	}
}

// Paper 004: *(3,4,5,1) is an N-position; the winning move empties heap 1.
func TestSolveBouton(t *testing.T) {
	out, _, st := coevo("solve", "nim", "--heaps", "3,4,5,1", "--json")
	var r struct {
		SG, Winner   int
		WinningMoves []string `json:"winning_moves"`
	}
	json.Unmarshal([]byte(out), &r)
	if st != 0 || r.SG != 3 || r.Winner != 1 || len(r.WinningMoves) != 1 || r.WinningMoves[0] != "heap 1: 3 -> [0]" {
		t.Fatalf("status %d: %s", st, out)
	}
}

// Every example of the CLI contract runs and prints JSON with sg
// and winner; values that are known are checked.
func TestSolveContract(t *testing.T) {
	cases := []struct {
		args []string
		sg   int // -1: not checked here
	}{
		{[]string{"subtraction", "--n", "30", "--k", "3"}, 29 % 4},
		{[]string{"subtraction", "--set", "1,3,4", "--heap", "7"}, 0}, // {1,3,4}: period 7, g(7)=0 (Winning Ways ch. 4)
		{[]string{"silverdollar", "--m", "6", "--k", "2"}, -1},
		{[]string{"turningturtles", "--m", "5"}, 1 ^ 2 ^ 3 ^ 4 ^ 5},
		{[]string{"chomp", "--rows", "3", "--cols", "4"}, -1},
		{[]string{"ga1", "--bits", "0011101"}, -1},
		// Paper 002 theorem 3.2: runs 2,1,3,1 are n = 4 heaps, t = 2, value (2 + 7) mod 3 = 0.
		{[]string{"ga2", "--bits", "0011101"}, 0},
		{[]string{"crossover-mutation", "--bits", "000", "--bits2", "111"}, 0},
		{[]string{"octal", "--code", "0.77", "--heaps", "5,9"}, 4 ^ 4},
		{[]string{"grundy", "--heaps", "7,10"}, 0 ^ 0},
		{[]string{"kayles", "--heaps", "70"}, 6},
		{[]string{"arckayles", "--edges", "1-2,2-3,3-4"}, 2},
		{[]string{"cram", "--rows", "2", "--cols", "2"}, 0},
		{[]string{"euclid", "--a", "21", "--b", "8"}, -1},
		{[]string{"figure1"}, 3},
		{[]string{"figure4", "--n", "6"}, -1},
	}
	for _, c := range cases {
		out, errs, st := coevo(append(append([]string{"solve"}, c.args...), "--json")...)
		if st != 0 {
			t.Fatalf("%v: status %d: %s", c.args, st, errs)
		}
		var r struct{ SG, Winner int }
		if err := json.Unmarshal([]byte(out), &r); err != nil {
			t.Fatalf("%v: %v in %q", c.args, err, out)
		}
		if (r.SG == 0) != (r.Winner == 2) || (c.sg >= 0 && r.SG != c.sg) {
			t.Errorf("%v: sg %d winner %d, want sg %d", c.args, r.SG, r.Winner, c.sg)
		}
	}
}

func TestSolveRules(t *testing.T) {
	out, errs, st := coevo("solve", "--rules", "../../docs/rules/nim1357.rules", "--json")
	if st != 0 || !strings.Contains(out, `"sg":0,"winner":2`) {
		t.Fatalf("status %d: %s %s", st, out, errs)
	}
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.rules")
	os.WriteFile(bad, []byte("state 3\nmove -v : 1 <= v <= a1 @\n"), 0o644)
	_, errs, st = coevo("solve", "--rules", bad)
	if st != 2 || !strings.Contains(errs, "bad.rules: line 2, column 24") || strings.Count(errs, "\n") != 1 {
		t.Fatalf("status %d: %q", st, errs)
	}
	// A sum of components too large to compile whole (paper 001 section 3.2.2).
	big := filepath.Join(dir, "big.rules")
	os.WriteFile(big, []byte("state 1000 2000 3000\nmove -v 0 0 : 1 <= v <= a1\nmove 0 -v 0 : 1 <= v <= a2\nmove 0 0 -v : 1 <= v <= a3\n"), 0o644)
	out, errs, st = coevo("solve", "--rules", big, "--json", "--no-line")
	if want := fmt.Sprintf(`"sg":%d,`, 1000^2000^3000); st != 0 || !strings.Contains(out, want) {
		t.Fatalf("status %d: %s %s", st, out, errs)
	}
	cyc := filepath.Join(dir, "cycle.rules")
	os.WriteFile(cyc, []byte("state 0\nmove 1 : a1 < 3\nmove -1 : a1 > 0\n"), 0o644)
	_, errs, st = coevo("solve", "--rules", cyc)
	if st != 2 || !strings.Contains(errs, "cycle") {
		t.Fatalf("status %d: %q", st, errs)
	}
}

func TestSG(t *testing.T) {
	out, _, st := coevo("sg", "octal", "--code", "0.77", "--upto", "300", "--format", "csv", "--period")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if st != 0 || lines[0] != "n,sg" || len(lines) != 1+301+1 {
		t.Fatalf("status %d, %d lines", st, len(lines))
	}
	// OEIS A002186: g(70) = 6, the last exception; period 12 from 71.
	if lines[1+70] != "70,6" || !strings.Contains(lines[len(lines)-1], "period 12, pre-period 71") {
		t.Fatalf("%q %q", lines[71], lines[len(lines)-1])
	}
	out, _, st = coevo("sg", "grundy", "--upto", "20", "--format", "json")
	var r struct{ Values []int }
	json.Unmarshal([]byte(out), &r)
	// OEIS A002188.
	want := []int{0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0}
	if st != 0 || len(r.Values) != 21 {
		t.Fatalf("status %d: %s", st, out)
	}
	for i := range want {
		if r.Values[i] != want[i] {
			t.Fatalf("g(%d) = %d", i, r.Values[i])
		}
	}
	out, _, st = coevo("sg", "subtraction", "--set", "1,2,3", "--upto", "40", "--period")
	if st != 0 || !strings.Contains(out, "period 4, pre-period 0") {
		t.Fatalf("status %d: %s", st, out)
	}
}

// Bad usage: exit 2 with exactly one line naming the problem.
func TestBadUsage(t *testing.T) {
	cases := [][]string{
		{"solve", "chess"},
		{"solve", "nim", "--depth", "3"},
		{"solve", "nim", "--heaps", "1,x"},
		{"solve", "chomp", "--rows", "3"},
		{"solve"},
		{"solve", "--rules", "/nonexistent/file.rules"},
		{"sg", "octal", "--code", "0.78"},
		{"sg", "octal", "--upto", "10"},
		{"sg", "chess"},
		{"sg", "grundy", "--format", "xml"},
		{"frobnicate"},
		{},
	}
	for _, c := range cases {
		_, errs, st := coevo(c...)
		if st != 2 {
			t.Errorf("%v: status %d, want 2", c, st)
		}
		if len(c) > 0 && strings.Count(strings.TrimSpace(errs), "\n") != 0 {
			t.Errorf("%v: error is not one line: %q", c, errs)
		}
	}
}

func TestHelp(t *testing.T) {
	for _, c := range []string{"solve", "sg", "games"} {
		out, _, st := coevo(c, "--help")
		if st != 0 || !strings.Contains(out, "Usage: coevo "+c) {
			t.Errorf("%s --help: status %d: %s", c, st, out)
		}
	}
	out, _, _ := coevo("games")
	for _, name := range []string{"nim", "chomp", "crossover-mutation", "source: paper 002 ruleset 4.1"} {
		if !strings.Contains(out, name) {
			t.Errorf("games lacks %q", name)
		}
	}
}

// A NaN or infinite value in any float flag is bad usage naming the flag,
// whatever the command (issues 16 and 17).
func TestNonFiniteFloatFlags(t *testing.T) {
	data := filepath.Join("..", "..", "datasets", "003_table3b.csv")
	cases := []struct {
		flag string
		args []string
	}{
		{"--elo-mean", []string{"bt", "fit", data, "--format", "matrix", "--elo-mean", "NaN"}},
		{"--prior", []string{"bt", "fit", data, "--format", "matrix", "--prior", "+Inf"}},
		{"--smoothing", []string{"bt", "fit", data, "--format", "matrix", "--smoothing", "nan"}},
		{"--level", []string{"regress", "x.csv", "--level", "NaN"}},
		{"--bound-exponent", []string{"regress", "x.csv", "--bound-exponent", "-Inf"}},
	}
	for _, c := range cases {
		_, errs, st := coevo(c.args...)
		if st != 2 || !strings.Contains(errs, c.flag) || !strings.Contains(errs, "finite") {
			t.Errorf("%v: status %d, stderr %q; want 2 and a message naming %s", c.args, st, errs, c.flag)
		}
	}
}

// Ctrl-C in a long sparse-space run stops it within a second (issue 17):
// the values computed so far are printed and saved to the checkpoint, and
// --resume continues to the same values as a run in one go.
func TestSGInterruptResume(t *testing.T) {
	dir := t.TempDir()
	ckpt := filepath.Join(dir, "g.ckpt")
	ctx, cancel := context.WithCancel(context.Background())
	var out, errs bytes.Buffer
	var cancelled time.Time
	go func() {
		time.Sleep(500 * time.Millisecond)
		cancelled = time.Now()
		cancel()
	}()
	st := run(ctx, []string{"sg", "grundy", "--upto", "100000000", "--format", "csv", "--checkpoint", ckpt}, &out, &errs)
	if el := time.Since(cancelled); el > 5*time.Second {
		t.Errorf("run ended %v after the interrupt", el)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if st != 130 || len(lines) < 1000 || !strings.Contains(errs.String(), "add --resume to continue") {
		t.Fatalf("status %d, %d lines, stderr %q", st, len(lines), errs.String())
	}
	n := len(lines) + 5000 // past the interruption
	want, _, _ := coevo("sg", "grundy", "--upto", strconv.Itoa(n), "--format", "csv")
	got, errs2, st := coevo("sg", "grundy", "--upto", strconv.Itoa(n), "--format", "csv", "--checkpoint", ckpt, "--resume")
	if st != 0 || got != want {
		t.Fatalf("resumed: status %d (%s), output differs: %v", st, errs2, got != want)
	}
	// A checkpoint of another game, or none, is refused naming the file.
	for _, c := range [][]string{
		{"sg", "kayles", "--upto", "10", "--checkpoint", ckpt, "--resume"},
		{"sg", "kayles", "--upto", "10", "--checkpoint", filepath.Join(dir, "none"), "--resume"},
		{"sg", "kayles", "--upto", "10", "--resume"},
	} {
		if _, errs, st := coevo(c...); st != 2 || !strings.Contains(errs, "--") {
			t.Errorf("%v: status %d: %s", c, st, errs)
		}
	}
}

// --summary stops at the proof of a published period: .127 has period 4
// and last exception 46577 (OEIS A071464; Gangolli and Plambeck 1989).
func TestSGSummary(t *testing.T) {
	out, errs, st := coevo("sg", "octal", "--code", "0.127", "--upto", "100000000", "--summary", "--format", "json")
	var r struct {
		Values, Period, Rare int
		LastException        int `json:"last_exception"`
	}
	if err := json.Unmarshal([]byte(out), &r); st != 0 || err != nil {
		t.Fatalf("status %d: %s %s", st, out, errs)
	}
	// The proof needs 2*46578 + 2*4 + 3 values (k = 3).
	if r.Period != 4 || r.LastException != 46577 || r.Values != 93167 || r.Rare != 693 {
		t.Fatalf("%+v", r)
	}
}
