package slurmtest

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// cluster returns the coevo binary to test, or skips without a cluster.
func cluster(t *testing.T) string {
	t.Helper()
	if os.Getenv("COEVO_SLURM_TEST") != "1" || os.Getenv("SLURM_CONF") == "" {
		t.Skip("no SLURM cluster: make slurm-test runs this on a one-node cluster (scripts/slurm-local.sh)")
	}
	bin := os.Getenv("COEVO")
	if !filepath.IsAbs(bin) {
		t.Fatalf("COEVO=%q: want the absolute path of bin/coevo", bin)
	}
	return bin
}

// sh runs a command and returns its standard output, failing the test
// unless it exits with status want.
func sh(t *testing.T, want int, name string, args ...string) string {
	t.Helper()
	var out, errb bytes.Buffer
	cmd := exec.Command(name, args...)
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	status := 0
	if ee, ok := err.(*exec.ExitError); ok {
		status = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if status != want {
		t.Fatalf("%s %s: status %d, want %d\n%s%s", name, strings.Join(args, " "), status, want, out.String(), errb.String())
	}
	return out.String() + errb.String()
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// waitFor polls cond every 50 ms for up to limit.
func waitFor(t *testing.T, limit time.Duration, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(limit)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("%s: not after %v\nsqueue:\n%s", what, limit, sh(t, 0, "squeue"))
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// drain waits until squeue lists nothing of the job.
func drain(t *testing.T, job string) {
	t.Helper()
	waitFor(t, 5*time.Minute, "job "+job+" drained", func() bool {
		return strings.TrimSpace(sh(t, 0, "squeue", "-h", "-j", job)) == ""
	})
}

// states reads each array task's state and exit code from scontrol (no
// accounting database here, so no sacct).
func states(t *testing.T, job string) map[string]string {
	t.Helper()
	out := sh(t, 0, "scontrol", "show", "job", job)
	got := map[string]string{}
	for _, rec := range strings.Split(strings.TrimSpace(out), "\n\n") {
		var task, state, exit string
		for _, f := range strings.Fields(rec) {
			k, v, _ := strings.Cut(f, "=")
			switch k {
			case "ArrayTaskId":
				task = v
			case "JobState":
				state = v
			case "ExitCode":
				exit = v
			}
		}
		got[task] = state + " " + exit
	}
	return got
}

// submitted reads the job id from coevo's --submit output.
func submitted(t *testing.T, out string) string {
	t.Helper()
	m := regexp.MustCompile(`submitted job (\d+): (\d+) array tasks`).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("no job id in %q", out)
	}
	return m[1]
}

// rows counts the data rows of a results file (0 if it is absent).
func rows(path string) int {
	b, err := os.ReadFile(path)
	if err != nil || len(b) == 0 {
		return 0
	}
	return strings.Count(string(b), "\n") - 1
}

// An 8-task array of a sweep completes, and its merge is byte for byte the
// file of the same sweep run on one machine.
func TestSLURMArrayMerge(t *testing.T) {
	coevo := cluster(t)
	dir := t.TempDir()
	cfg := filepath.Join(dir, "sweep.json")
	os.WriteFile(cfg, []byte(`{"game": "subtraction", "params": {"k": "2"}, "size": "n",
 "sizes": [8, 12, 16, 20], "seeds": 6, "mu": [20], "max_evals": 1000000}`), 0o644)
	single := filepath.Join(dir, "single.csv")
	sh(t, 0, coevo, "umda", "sweep", cfg, "--out", single)

	out := filepath.Join(dir, "results.csv")
	start := time.Now()
	job := submitted(t, sh(t, 0, coevo, "umda", "sweep", cfg, "--out", out, "--slurm", "--shards", "8", "--submit"))
	drain(t, job)
	t.Logf("8-task array %s: submitted to drained in %.1f s", job, time.Since(start).Seconds())
	st := states(t, job)
	for k := range 8 {
		if s := st[fmt.Sprint(k)]; s != "COMPLETED 0:0" {
			t.Errorf("task %d: %q (log: %s)", k, s, readFile(t, filepath.Join(dir, fmt.Sprintf("results.slurm-%s_%d.err", job, k))))
		}
	}
	sh(t, 0, coevo, "umda", "sweep", cfg, "--out", out, "--merge", "--shards", "8")
	if got, want := readFile(t, out), readFile(t, single); got != want {
		t.Fatalf("merged:\n%s\nsingle machine:\n%s", got, want)
	}
	logs, _ := filepath.Glob(filepath.Join(dir, "results.slurm-*"))
	if len(logs) != 16 {
		t.Errorf("%d task logs, want 8 .out and 8 .err: %v", len(logs), logs)
	}
	for _, l := range logs {
		if strings.Contains(readFile(t, l), "\r") {
			t.Errorf("%s has carriage returns", l)
		}
	}
}

// One array task cancelled with scancel part way leaves an incomplete
// shard that merge refuses; submitted again it resumes from its file, and
// the merge equals the single-machine run.
func TestSLURMCancelResubmit(t *testing.T) {
	coevo := cluster(t)
	dir := t.TempDir()
	cfg := filepath.Join(dir, "sweep.json")
	// 48 runs, 6 per shard: 3 of size 100 (censored at the budget, about
	// 0.2 s each) then 3 of size 20 (milliseconds).
	os.WriteFile(cfg, []byte(`{"game": "subtraction", "params": {"k": "3"}, "size": "n",
 "sizes": [100, 20], "seeds": 24, "mu": [50], "max_evals": 100000}`), 0o644)
	single := filepath.Join(dir, "single.csv")
	sh(t, 0, coevo, "umda", "sweep", cfg, "--out", single)

	out := filepath.Join(dir, "results.csv")
	job := submitted(t, sh(t, 0, coevo, "umda", "sweep", cfg, "--out", out, "--slurm", "--shards", "8", "--submit"))
	shard3 := filepath.Join(dir, "results.shard-3-of-8.csv")
	waitFor(t, 5*time.Minute, "shard 3 has a row", func() bool { return rows(shard3) >= 1 })
	sh(t, 0, "scancel", job+"_3")
	drain(t, job)
	if n := rows(shard3); n < 1 || n >= 6 {
		t.Fatalf("the cancelled task left %d of 6 rows: the cancel came too late to test a resume", n)
	}
	st := states(t, job)
	if !strings.HasPrefix(st["3"], "CANCELLED") {
		t.Errorf("task 3: %q", st["3"])
	}
	for _, k := range []string{"0", "1", "2", "4", "5", "6", "7"} {
		if st[k] != "COMPLETED 0:0" {
			t.Errorf("task %s: %q", k, st[k])
		}
	}
	refused := sh(t, 2, coevo, "umda", "sweep", cfg, "--out", out, "--merge", "--shards", "8")
	if !strings.Contains(refused, "shard 3/8 is incomplete") {
		t.Fatalf("merge of an incomplete shard: %s", refused)
	}

	kept := rows(shard3)
	again := strings.TrimSpace(sh(t, 0, "sbatch", "--parsable", "--array=3", filepath.Join(dir, "results.sbatch")))
	again, _, _ = strings.Cut(again, ";")
	drain(t, again)
	if s := states(t, again)["3"]; s != "COMPLETED 0:0" {
		t.Fatalf("resubmitted task 3: %q", s)
	}
	log := readFile(t, filepath.Join(dir, fmt.Sprintf("results.slurm-%s_3.err", again)))
	if want := fmt.Sprintf("%d runs to do, %d already in %s", 6-kept, kept, shard3); !strings.Contains(log, want) {
		t.Fatalf("resubmitted task did not resume (want %q):\n%s", want, log)
	}
	sh(t, 0, coevo, "umda", "sweep", cfg, "--out", out, "--merge", "--shards", "8")
	if got, want := readFile(t, out), readFile(t, single); got != want {
		t.Fatalf("merged:\n%s\nsingle machine:\n%s", got, want)
	}
}
