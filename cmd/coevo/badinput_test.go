package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// badCase is bad input to one command: it must exit 2 with one line on
// standard error that names the flag or file (want).
type badCase struct {
	args []string
	want string
}

func checkBad(t *testing.T, cases []badCase) {
	t.Helper()
	for _, c := range cases {
		out, errs, st := coevo(c.args...)
		if st != 2 || !strings.Contains(errs, c.want) || strings.Count(errs, "\n") != 1 || out != "" {
			t.Errorf("%q: status %d, stderr %q, stdout %q; want 2 and one line naming %q", c.args, st, errs, out, c.want)
		}
	}
}

// badFiles writes the bad input files the tables below name: a rule file
// with a BOM-less error, a directory, a file that is all zero bytes.
func badFiles(t *testing.T) (dir, zeros string) {
	t.Helper()
	dir = t.TempDir()
	zeros = filepath.Join(dir, "zeros")
	if err := os.WriteFile(zeros, make([]byte, 2<<20), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir, zeros
}

// Issue 17, section 2 and 3: coevo solve.
func TestBadInputSolve(t *testing.T) {
	dir, zeros := badFiles(t)
	rule := func(name, src string) string {
		p := filepath.Join(dir, name)
		writeFile(t, p, src)
		return p
	}
	unclosed := rule("unclosed.rules", "state 3 4\nmove -(v 0 : 1 <= v <= a1\n")
	huge := rule("huge.rules", "state 5\nmove -v : 1 <= v <= a1 * 100000000\n")
	overflow := rule("overflow.rules", "state 2147483000 5\nmove v 0 : 1 <= v <= 1000, v <= a1\nmove 0 -v : 1 <= v <= a2\n")
	growing := rule("growing.rules", "state 10\nmove v : 1 <= v <= a1\n")
	checkBad(t, []badCase{
		{[]string{"solve", "--rules", dir}, dir + ": a directory"},
		{[]string{"solve", "--rules", zeros}, zeros + ": more than 1048576 bytes"},
		{[]string{"solve", "--rules", filepath.Join(zeros, "x.rules")}, "x.rules"}, // a path through a file
		{[]string{"solve", "--rules", filepath.Join(dir, "missing.rules")}, "missing.rules"},
		{[]string{"solve", "--rules", unclosed}, "unclosed.rules: line 2, column 7: ( is never closed"},
		{[]string{"solve", "--rules", huge}, "huge.rules: line 2: from state 5 the moves try more than 10000000 choices"},
		{[]string{"solve", "--rules", overflow}, "overflow.rules: line 2: from state 2147483000 5 the move makes component a1 = 2147483648, outside the 32-bit range"},
		// Its moves are counted as its positions are found (v ranges over
		// 1..a1): refused once those found have more than the budget.
		{[]string{"solve", "--rules", growing, "--max-moves", "100000"}, "growing.rules: the game has at least 100082 moves, more than --max-moves 100000"},
		{[]string{"solve", "euclid", "--a", "9223372036854775807", "--b", "1", "--max-positions", "1000"}, "raise --max-positions"},
		{[]string{"solve", "euclid", "--a", "3000000", "--b", "1", "--max-moves", "1000000"}, "raise --max-moves"},
		// Euclid's game counts its positions (issue 24): 2^63 of them,
		// refused at once, not after 2.2 GB of exploring.
		{[]string{"solve", "euclid", "--a", "9223372036854775807", "--b", "1"}, "at least 4611686018427387904 positions, more than --max-positions 20000000"},
		{[]string{"solve", "silverdollar", "--m", "40", "--k", "20"}, "at least 137846528820 positions"},
		// Chomp counts its boards: C(40, 20) - 1 of them (all but the
		// empty one), refused before any is explored.
		{[]string{"solve", "chomp", "--rows", "20", "--cols", "20"}, "at least 137846528819 positions, more than --max-positions 20000000"},
		{[]string{"solve", "nim", "--heaps", "3", "--max-positions", "0"}, "--max-positions 0"},
		{[]string{"solve", "nim", "--heaps", "3", "--max-positions", "-5"}, "--max-positions -5"},
		{[]string{"solve", "nim", "--heaps", "3", "--max-moves", "0"}, "--max-moves 0"},
		{[]string{"solve", "nim", "--heaps", "3", "--max-line", "-1"}, "--max-line -1"},
		{[]string{"solve", "chess"}, "chess"},
	})
}

// Issue 17: coevo umda and coevo theory.
func TestBadInputUMDATheory(t *testing.T) {
	game := []string{"--game", "subtraction", "--n", "30", "--k", "3"}
	var cases []badCase
	for _, c := range []badCase{
		{[]string{"--mu", "10000000000"}, "--mu 10000000000: want 1 to 10000000"},
		{[]string{"--mu", "0"}, "--mu 0"},
		{[]string{"--mu", "1000", "--max-evals", "999"}, "--mu 1000 is more than --max-evals 999"},
		{[]string{"--gamma", "NaN"}, `--gamma "NaN"`},
		{[]string{"--gamma", "Inf"}, `--gamma "Inf"`},
		{[]string{"--gamma", "-0.1"}, `--gamma "-0.1"`},
		{[]string{"--gamma", "0.5"}, "--gamma 0.5: must be below 1/Delta = 0.333 for this game (Delta 3)"},
		{[]string{"--workers", "100000000"}, "--workers 100000000"},
		{[]string{"--workers", "-3"}, "--workers -3"},
		{[]string{"--max-evals", "0"}, "--max-evals 0"},
		{[]string{"--max-evals", "-5"}, "--max-evals -5"},
		{[]string{"--max-positions", "0"}, "--max-positions 0"},
		{[]string{"--max-positions", "10"}, "raise --max-positions"},
	} {
		cases = append(cases, badCase{append(append([]string{"umda"}, game...), c.args...), c.want})
	}
	for _, c := range []badCase{
		{[]string{"--max-search", "0"}, "--max-search 0"},
		{[]string{"--max-search", "-1"}, "--max-search -1"},
		{[]string{"--max-moves", "-1"}, "--max-moves -1"},
		{[]string{"--max-moves", "5"}, "raise --max-moves"},
	} {
		cases = append(cases, badCase{append(append([]string{"theory"}, game...), c.args...), c.want})
	}
	// Chomp 20 x 20, refused at once by both (see TestBadInputSolve).
	for _, cmd := range []string{"umda", "theory"} {
		cases = append(cases, badCase{[]string{cmd, "--game", "chomp", "--rows", "20", "--cols", "20"}, "at least 137846528819 positions, more than --max-positions 20000000"})
	}
	checkBad(t, cases)
}

// Issue 17: --workers is 0 (all cores) to 1024 for every command that
// takes it: 10^8 goroutines only fill memory.
func TestBadInputWorkers(t *testing.T) {
	dir := t.TempDir()
	var cases []badCase
	for _, cmd := range [][]string{
		{"umda", "--game", "subtraction", "--n", "30", "--k", "3"},
		{"ciao", dir},
		{"coevolve", "icl", "--out", filepath.Join(dir, "icl")},
		{"gp"},
		{"othello", "perft", "--depth", "3"},
		{"othello", "play"},
		{"othello", "league", "--players", "heuristic,random:1"},
	} {
		for _, n := range []string{"-3", "1025", "100000000"} {
			cases = append(cases, badCase{append(cmd[:len(cmd):len(cmd)], "--workers", n), "--workers " + n + ": want 0 (all cores) to 1024"})
		}
	}
	checkBad(t, cases)
}

// Issue 17: the files coevo bt and coevo ciao read: a directory or a
// missing file is bad input, like bad data.
func TestBadInputFiles(t *testing.T) {
	dir, zeros := badFiles(t)
	run := filepath.Join(dir, "run")
	if err := os.MkdirAll(filepath.Join(run, "archive.csv"), 0o755); err != nil {
		t.Fatal(err)
	}
	checkBad(t, []badCase{
		{[]string{"bt", "fit", dir}, dir},
		{[]string{"bt", "fit", filepath.Join(dir, "missing.csv")}, "missing.csv"},
		{[]string{"bt", "fit", zeros}, zeros},
		{[]string{"bt", "groups", dir}, dir},
		{[]string{"ciao", run}, filepath.Join(run, "archive.csv")},
		{[]string{"ciao", filepath.Join(dir, "missing")}, "missing"},
		{[]string{"othello", "league", "--players", "file:" + dir + ",heuristic"}, dir},
		{[]string{"othello", "league", "--players", "file:" + zeros + ",heuristic"}, zeros},
	})
}

// Issue 17: coevo regress, and the CSV files it reads.
func TestBadInputRegress(t *testing.T) {
	dir, zeros := badFiles(t)
	good := filepath.Join(dir, "runs.csv")
	writeFile(t, good, "n,T\n10,100\n20,800\n40,6400\n")
	bom := filepath.Join(dir, "bom.csv")
	writeFile(t, bom, "\ufeffn,T\n10,100\n20,800\n40,6400\n")
	if out, errs, st := coevo("regress", bom, "--json"); st != 0 || !strings.Contains(out, `"used":3`) {
		t.Fatalf("a CSV with a BOM: status %d %s %s", st, out, errs)
	}
	checkBad(t, []badCase{
		{[]string{"regress", good, "--level", "0"}, "--level 0"},
		{[]string{"regress", good, "--level", "1"}, "--level 1"},
		{[]string{"regress", good, "--level", "-0.5"}, "--level -0.5"},
		{[]string{"regress", good, "--bootstrap", "0"}, "--bootstrap 0"},
		{[]string{"regress", good, "--bootstrap", "-5"}, "--bootstrap -5"},
		{[]string{"regress", good, "--bootstrap", "1000000000"}, "--bootstrap 1000000000: want 1 to 1000000"},
		{[]string{"regress", dir}, dir + ": a directory"},
		{[]string{"regress", zeros}, zeros + ":1: line longer than 1048576 bytes"},
		{[]string{"regress", filepath.Join(dir, "missing.csv")}, "missing.csv"},
		{[]string{"regress", good, "--x", "size"}, `lacks column "size"`},
	})
}

// Issue 17: coevo umda sweep's config file.
func TestBadInputSweep(t *testing.T) {
	dir, zeros := badFiles(t)
	out := filepath.Join(dir, "r.csv")
	cfg := func(name, src string) string {
		p := filepath.Join(dir, name)
		writeFile(t, p, src)
		return p
	}
	base := `"game": "subtraction", "params": {"k": "3"}, "size": "n", "sizes": [8], "seeds": 1`
	checkBad(t, []badCase{
		{[]string{"umda", "sweep", dir, "--out", out}, dir + ": a directory"},
		{[]string{"umda", "sweep", zeros, "--out", out}, zeros + ": more than 1048576 bytes"},
		{[]string{"umda", "sweep", cfg("mu.json", "{"+base+`, "mu": [100000000000]}`), "--out", out}, "mu.json: mu 100000000000: want 1 to 10000000"},
		{[]string{"umda", "sweep", cfg("budget.json", "{"+base+`, "mu": [100], "max_evals": 50}`), "--out", out}, "budget.json: mu 100 is more than max_evals 50"},
		{[]string{"umda", "sweep", cfg("two.json", "{"+base+`, "mu": [10]} {}`), "--out", out}, "two.json: more than one JSON object"},
		{[]string{"umda", "sweep", cfg("ok.json", "{"+base+`, "mu": [10]}`), "--out", out, "--workers", "5000"}, "--workers 5000"},
		{[]string{"umda", "sweep", cfg("ok.json", "{"+base+`, "mu": [10]}`), "--out", os.DevNull}, os.DevNull + ": not a regular file"},
	})
	// A config saved with a byte order mark is read.
	bom := cfg("bom.json", "\ufeff{"+base+`, "mu": [10]}`)
	if _, errs, st := coevo("umda", "sweep", bom, "--out", out); st != 0 {
		t.Fatalf("a config with a BOM: status %d %s", st, errs)
	}
}
