package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/coevolab/coevo/engine/umda"
	"github.com/coevolab/coevo/internal/shard"
)

// TestMain lets the tests run this binary as coevo itself (COEVO_MAIN=1),
// so that they can kill a real process in the middle of a sweep.
func TestMain(m *testing.M) {
	if os.Getenv("COEVO_MAIN") == "1" {
		// The fault probe caps the address space of the processes it
		// starts, as the probe did (4 GiB): a reader without a
		// cap then fails instead of filling the machine.
		if v, err := strconv.ParseUint(os.Getenv("COEVO_TEST_MAX_ADDRESS_SPACE"), 10, 64); err == nil {
			if err := syscall.Setrlimit(syscall.RLIMIT_AS, &syscall.Rlimit{Cur: v, Max: v}); err != nil {
				panic(err)
			}
		}
		main()
	}
	os.Exit(m.Run())
}

// coevoProcess starts coevo args as a process of its own.
func coevoProcess(t *testing.T, args ...string) (*exec.Cmd, *bytes.Buffer) {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, args...)
	cmd.Env = append(os.Environ(), "COEVO_MAIN=1")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return cmd, &stderr
}

const sweepCfg = `{"game": "subtraction", "params": {"k": "2"}, "size": "n",
 "sizes": [8, 12, 16], "seeds": 4, "mu": [20], "max_evals": 1000000}`

// slowCfg has runs of about 50 ms: the runs of size 100
// are censored at the budget, those of size 20 are not.
const slowCfg = `{"game": "subtraction", "params": {"k": "3"}, "size": "n",
 "sizes": [20, 100], "seeds": 8, "mu": [50], "max_evals": 50000}`

func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// sweepOnce runs a sweep straight through and returns its results file.
func sweepOnce(t *testing.T, cfg, out string, extra ...string) string {
	t.Helper()
	if _, errs, st := coevo(append([]string{"umda", "sweep", cfg, "--out", out}, extra...)...); st != 0 {
		t.Fatalf("status %d: %s", st, errs)
	}
	return readFile(t, out)
}

// A sweep interrupted and resumed writes the same results as one run
// straight through; each run appears once, in config order; the file is
// 0644 under umask 022 and no temporary file is left.
func TestSweepResume(t *testing.T) {
	old := syscall.Umask(0o022)
	defer syscall.Umask(old)
	dir := t.TempDir()
	cfg := filepath.Join(dir, "sweep.json")
	writeFile(t, cfg, sweepCfg)
	full := filepath.Join(dir, "full.csv")
	want := sweepOnce(t, cfg, full)
	if n := strings.Count(want, "\n"); n != 1+3*4 {
		t.Fatalf("%d lines:\n%s", n, want)
	}
	if st, _ := os.Stat(full); st.Mode().Perm() != 0o644 {
		t.Fatalf("mode %v, want 0644", st.Mode().Perm())
	}
	// What a killed sweep leaves: some runs, out of order, the last one
	// cut mid-line, and the temporary file of a rewrite.
	part := filepath.Join(dir, "part.csv")
	lines := strings.SplitAfter(want, "\n")
	writeFile(t, part, lines[0]+lines[5]+lines[2]+lines[3]+lines[9][:20])
	writeFile(t, filepath.Join(dir, ".part.csv-42"), "half")
	// A cancelled sweep stops and reports the interruption.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if st := run(ctx, []string{"umda", "sweep", cfg, "--out", filepath.Join(dir, "cancelled.csv")}, io.Discard, io.Discard); st != 130 {
		t.Fatalf("cancelled sweep: status %d", st)
	}
	_, errs, st := coevo("umda", "sweep", cfg, "--out", part)
	if st != 0 {
		t.Fatalf("resume: status %d: %s", st, errs)
	}
	if got := readFile(t, part); got != want {
		t.Fatalf("resumed results differ:\n%s\nvs\n%s", got, want)
	}
	for _, w := range []string{"9 runs to do, 3 already", "incomplete last line", "removed 1 temporary file"} {
		if !strings.Contains(errs, w) {
			t.Errorf("stderr lacks %q:\n%s", w, errs)
		}
	}
	// Progress on a log (not a terminal) has plain lines, no \r.
	if strings.Contains(errs, "\r") || !strings.Contains(errs, "coevo umda sweep: 9/9 runs\n") {
		t.Errorf("progress into a log:\n%q", errs)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".*")); len(left) != 0 {
		t.Fatalf("temporary files left: %v", left)
	}
	for _, bad := range []string{`{"game": "chess"}`, `{"game": "nim", "size": "heaps"}`, `{"game": "subtraction", "size": "n", "sizes": [8], "seeds": 1, "mu": [20], "colour": 1}`,
		`{"game": "subtraction", "size": "n", "sizes": [8], "seeds": 1, "mu": [20], "max_evals": -1}`,
		`{"game": "subtraction", "size": "n", "sizes": [8], "seeds": 1, "mu": [20], "params": {"n": "3"}}`,
		`{"game": "subtraction", "size": "n", "sizes": [8], "seeds": 1000000000000, "mu": [20]}`,
		`{"game": "subtraction", "size": "n", "sizes": [8], "seeds": 1, "mu": [20], "gamma": "NaN"}`,
		`{"game": "subtraction", "size": "n", "sizes": [8], "seeds": 1, "mu": [20], "gamma": "0.6"}`,
		`{"game": "subtraction", "size": "n", "sizes": [8], "seeds": 1, "mu": [20], "params": {"colour": "3"}}`} {
		writeFile(t, cfg, bad)
		if _, errs, st := coevo("umda", "sweep", cfg, "--out", filepath.Join(dir, "x.csv")); st != 2 || strings.Count(strings.TrimSpace(errs), "\n") != 0 {
			t.Errorf("%s: status %d %q", bad, st, errs)
		}
	}
	// An --out that cannot be a file is bad input too.
	writeFile(t, cfg, sweepCfg)
	for _, out := range []string{dir, filepath.Join(dir, "no", "such", "dir.csv")} {
		for _, extra := range [][]string{nil, {"--merge"}} {
			if _, errs, st := coevo(append([]string{"umda", "sweep", cfg, "--out", out}, extra...)...); st != 2 || !strings.Contains(errs, filepath.Dir(out)) {
				t.Errorf("--out %s %v: status %d %q", out, extra, st, errs)
			}
		}
	}
}

// Issue 17: a sweep killed (SIGKILL, a real process) and resumed with a
// changed config refuses, naming the field, and changes nothing; resumed
// with its own config it ends with the file of a run straight through.
func TestSweepKillAndResumeChangedConfig(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "sweep.json")
	writeFile(t, cfg, slowCfg)
	want := sweepOnce(t, cfg, filepath.Join(dir, "full.csv"))
	out := filepath.Join(dir, "results.csv")
	cmd, _ := coevoProcess(t, "umda", "sweep", cfg, "--out", out, "--workers", "1")
	waitRows(t, out, 3)
	cmd.Process.Kill()
	cmd.Wait()
	killed := readFile(t, out)
	if n := strings.Count(killed, "\n") - 1; n < 3 || n >= 16 {
		t.Fatalf("killed sweep left %d rows", n)
	}
	for _, c := range []struct{ from, to, field string }{
		{`"k": "3"`, `"k": "4"`, `params "k=3"`},
		{`"max_evals": 50000`, `"max_evals": 60000`, `max_evals "50000"`},
		{`"mu": [50]`, `"mu": [50], "gamma": "0.001"`, `gamma_setting "auto"`},
		{`"subtraction"`, `"silverdollar"`, ""}, // its parameters differ: refused before any row is read
		{`"seeds": 8`, `"seeds": 1`, "is not a work item of this coevo umda sweep"},
	} {
		writeFile(t, cfg, strings.Replace(slowCfg, c.from, c.to, 1))
		_, errs, st := coevo("umda", "sweep", cfg, "--out", out)
		if st != 2 || !strings.Contains(errs, c.field) {
			t.Errorf("%s -> %s: status %d: %s", c.from, c.to, st, errs)
		}
		if readFile(t, out) != killed {
			t.Fatalf("%s -> %s: the refused resume changed the file", c.from, c.to)
		}
	}
	writeFile(t, cfg, slowCfg)
	if got := sweepOnce(t, cfg, out); got != want {
		t.Fatalf("resumed:\n%s\nwant:\n%s", got, want)
	}
}

// SIGTERM (what SLURM sends on scancel or at the time limit) stops a sweep
// with status 143 (128 + 15), its rows kept in order.
func TestSweepSIGTERM(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "sweep.json")
	// 80 runs, a second or more: the signal must land before the end even
	// when a loaded machine delays this test's polling
	writeFile(t, cfg, strings.Replace(slowCfg, `"seeds": 8`, `"seeds": 40`, 1))
	out := filepath.Join(dir, "results.csv")
	cmd, stderr := coevoProcess(t, "umda", "sweep", cfg, "--out", out)
	waitRows(t, out, 2)
	cmd.Process.Signal(syscall.SIGTERM)
	err := cmd.Wait()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 143 || !strings.Contains(stderr.String(), "interrupted") {
		t.Fatalf("after SIGTERM: %v: %s", err, stderr)
	}
	full := sweepOnce(t, cfg, filepath.Join(dir, "full.csv"))
	got := readFile(t, out)
	// The rows kept are rows of the full file, in its order.
	rest := full
	for _, line := range strings.SplitAfter(got, "\n") {
		k := strings.Index(rest, line)
		if k < 0 {
			t.Fatalf("row %q not in order in the full results", line)
		}
		rest = rest[k+len(line):]
	}
}

// waitRows waits until the results file at path holds at least n rows.
func waitRows(t *testing.T, path string, n int) {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		if b, err := os.ReadFile(path); err == nil && strings.Count(string(b), "\n")-1 >= n {
			return
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatalf("%s never held %d rows", path, n)
}

// A size or mu listed twice runs once; a second writer of the same file
// is refused while the first writes it.
func TestSweepDuplicatesAndTwoWriters(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "sweep.json")
	writeFile(t, cfg, sweepCfg)
	want := sweepOnce(t, cfg, filepath.Join(dir, "once.csv"))
	writeFile(t, cfg, strings.Replace(strings.Replace(sweepCfg, "[8, 12, 16]", "[8, 12, 8, 16, 12]", 1), "[20]", "[20, 20]", 1))
	out := filepath.Join(dir, "twice.csv")
	_, errs, st := coevo("umda", "sweep", cfg, "--out", out)
	if st != 0 || !strings.Contains(errs, "28 repeated runs dropped") {
		t.Fatalf("status %d: %s", st, errs)
	}
	if got := readFile(t, out); got != want {
		t.Fatalf("duplicated config:\n%s\nwant:\n%s", got, want)
	}

	writeFile(t, cfg, sweepCfg)
	c, _ := readSweepConfig(context.Background(), cfg)
	job, _, _ := c.sweepJob()
	first, err := job.Open(out, shard.Whole)
	if err != nil {
		t.Fatal(err)
	}
	_, errs, st = coevo("umda", "sweep", cfg, "--out", out)
	if st != 1 || !strings.Contains(errs, "twice.csv is being written by another process") {
		t.Fatalf("second writer: status %d: %s", st, errs)
	}
	first.Close()
	if got := readFile(t, out); got != want {
		t.Fatalf("file changed:\n%s", got)
	}
}

// Shards run separately (one killed part way and resumed) merge into the
// file of the single-machine run, byte for byte; merge refusals exit 2.
func TestSweepShardsMerge(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "sweep.json")
	writeFile(t, cfg, sweepCfg)
	want := sweepOnce(t, cfg, filepath.Join(dir, "single.csv"))
	out := filepath.Join(dir, "results.csv")
	for i := range 3 {
		if _, errs, st := coevo("umda", "sweep", cfg, "--out", out, "--shard", fmt.Sprintf("%d/3", i), "--workers", "2"); st != 0 {
			t.Fatalf("shard %d/3: status %d: %s", i, st, errs)
		}
	}
	// Keep two rows of shard 2, as a kill would, and resume it.
	path := shard.Split{Index: 2, Count: 3}.Path(out)
	lines := strings.SplitAfter(readFile(t, path), "\n")
	writeFile(t, path, strings.Join(lines[:3], ""))
	if _, errs, st := coevo("umda", "sweep", cfg, "--out", out, "--shard", "2/3"); st != 0 || !strings.Contains(errs, "2 runs to do, 2 already") {
		t.Fatalf("resumed shard: status %d: %s", st, errs)
	}
	if _, err := os.Stat(out); err == nil {
		t.Fatal("a shard run wrote the merged file")
	}
	stdout, errs, st := coevo("umda", "sweep", cfg, "--out", out, "--merge")
	if st != 0 || !strings.Contains(stdout, "merged 3 shards") {
		t.Fatalf("merge: status %d: %s", st, errs)
	}
	if got := readFile(t, out); got != want {
		t.Fatalf("merged:\n%s\nwant:\n%s", got, want)
	}
	os.Remove(shard.Split{Index: 1, Count: 3}.Path(out))
	os.Remove(out)
	if _, errs, st := coevo("umda", "sweep", cfg, "--out", out, "--merge", "--shards", "3"); st != 2 || !strings.Contains(errs, "shard 1/3 is missing") {
		t.Fatalf("missing shard: status %d: %s", st, errs)
	}
	if _, err := os.Stat(out); err == nil {
		t.Fatal("a refused merge left a results file")
	}
}

// The cluster flags are checked together; each bad combination exits 2
// with one line naming the flag.
func TestSweepClusterFlags(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "sweep.json")
	writeFile(t, cfg, sweepCfg)
	out := filepath.Join(dir, "r.csv")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--shard", "5/5"}, "--shard"},
		{[]string{"--shard", "1"}, "--shard"},
		{[]string{"--shard", "0/2", "--merge"}, "--shard"},
		{[]string{"--merge", "--slurm"}, "--merge and --slurm"},
		{[]string{"--submit"}, "--submit goes with --slurm"},
		{[]string{"--time", "1:00"}, "--time goes with --slurm"},
		{[]string{"--shards", "4"}, "--shards goes with --slurm or --merge"},
		{[]string{"--slurm", "--shards", "0"}, "--shards 0"},
		{[]string{"--slurm", "--cpus", "0"}, "--cpus 0"},
		{[]string{"--slurm", "--submit", "--dry-run"}, "--submit and --dry-run"},
		{[]string{"--slurm", "--time", "2 hours"}, `--slurm: time "2 hours"`},
		{[]string{"--slurm", "--partition", "a b"}, "--slurm: partition"},
		{[]string{"--workers", "-3"}, "--workers -3"},
	} {
		_, errs, st := coevo(append([]string{"umda", "sweep", cfg, "--out", out}, c.args...)...)
		if st != 2 || !strings.Contains(errs, c.want) || strings.Count(strings.TrimSpace(errs), "\n") != 0 {
			t.Errorf("%v: status %d: %q, want %q", c.args, st, errs, c.want)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("bad flags wrote files: %v", entries)
	}
}

// --slurm writes the job array script: one task per shard, each running
// this coevo on its shard; --dry-run prints it; --submit hands it to
// sbatch and prints the job id and the merge command.
func TestSweepSLURMScript(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "sweep.json")
	writeFile(t, cfg, sweepCfg)
	out := filepath.Join(dir, "results.csv")
	exe, _ := os.Executable()
	merge := fmt.Sprintf("%s umda sweep %s --out %s --merge --shards 4", exe, cfg, out)
	want := fmt.Sprintf(`#!/bin/bash
# coevo umda sweep as a SLURM job array, written by coevo %s (docs/cluster.md).
# 12 work items in 4 shards: array task I runs shard I/4 and writes
# results.shard-I-of-4.csv; a task that is cancelled or runs out of time
# resumes from that file when submitted again: sbatch --array=I %s/results.sbatch
#
# Submit:  sbatch %s/results.sbatch
# Merge, when every task has finished:
#   %s
#SBATCH --job-name=coevo-umda-sweep
#SBATCH --array=0-3
#SBATCH --ntasks=1
#SBATCH --cpus-per-task=2
#SBATCH --output=%s/results.slurm-%%A_%%a.out
#SBATCH --error=%s/results.slurm-%%A_%%a.err
#SBATCH --partition=short
#SBATCH --time=0-01:30:00
set -eu
exec %s umda sweep %s --out %s --shard "$SLURM_ARRAY_TASK_ID/4" --workers 2
`, version, dir, dir, merge, dir, dir, exe, cfg, out)
	args := []string{"umda", "sweep", cfg, "--out", out, "--slurm", "--shards", "4", "--cpus", "2", "--partition", "short", "--time", "0-01:30:00"}
	stdout, errs, st := coevo(append(args, "--dry-run")...)
	if st != 0 || stdout != want {
		t.Fatalf("status %d %s\n%s\nwant:\n%s", st, errs, stdout, want)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Fatalf("--dry-run wrote files: %v", entries)
	}
	stdout, _, st = coevo(args...)
	script := filepath.Join(dir, "results.sbatch")
	if st != 0 || readFile(t, script) != want || !strings.Contains(stdout, "sbatch "+script) || !strings.Contains(stdout, merge) {
		t.Fatalf("status %d: %s", st, stdout)
	}
	// --submit, with an sbatch that records what it was given.
	bin := t.TempDir()
	writeFile(t, filepath.Join(bin, "sbatch"), "#!/bin/sh\necho \"$@\" > "+filepath.Join(bin, "args")+"\necho 777\n")
	os.Chmod(filepath.Join(bin, "sbatch"), 0o755)
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	stdout, errs, st = coevo(append(args, "--submit")...)
	if st != 0 || !strings.Contains(stdout, "submitted job 777: 4 array tasks") || !strings.Contains(stdout, merge) {
		t.Fatalf("--submit: status %d: %s %s", st, stdout, errs)
	}
	if got := readFile(t, filepath.Join(bin, "args")); got != "--parsable "+script+"\n" {
		t.Fatalf("sbatch was given %q", got)
	}
	// By default, one task per run up to 100.
	stdout, _, _ = coevo("umda", "sweep", cfg, "--out", out, "--slurm", "--dry-run")
	if !strings.Contains(stdout, "#SBATCH --array=0-11\n") || !strings.Contains(stdout, `--shard "$SLURM_ARRAY_TASK_ID/12" --workers 1`) {
		t.Fatalf("default split:\n%s", stdout)
	}
}

// Rows drawn by another version of the sampler (another umda.Stream) are
// results of other draws: a resume refuses them, naming umda_stream, and
// leaves the file as it was.
func TestSweepRefusesOtherStream(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "sweep.json")
	writeFile(t, cfg, sweepCfg)
	out := filepath.Join(dir, "results.csv")
	full := sweepOnce(t, cfg, out)
	col := slices.Index(sweepHeader, "umda_stream")
	lines := strings.Split(strings.TrimSuffix(full, "\n"), "\n")
	// the first run as an older coevo wrote it, the rest to do
	old := strings.Split(lines[1], ",")
	if old[col] != strconv.Itoa(umda.Stream) {
		t.Fatalf("row %q: umda_stream %q, want %d", lines[1], old[col], umda.Stream)
	}
	old[col] = strconv.Itoa(umda.Stream - 1)
	older := lines[0] + "\n" + strings.Join(old, ",") + "\n"
	writeFile(t, out, older)
	_, errs, st := coevo("umda", "sweep", cfg, "--out", out)
	if st != 2 || !strings.Contains(errs, "umda_stream") {
		t.Errorf("resume over a row of stream %d: status %d: %s", umda.Stream-1, st, errs)
	}
	if readFile(t, out) != older {
		t.Error("the refused resume changed the file")
	}
}
