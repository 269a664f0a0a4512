package slurmtest

import (
	"fmt"
	"path/filepath"
	"testing"
	"time"
)

// Coevolution over seeds and an Othello league run as job arrays too: each
// merge is byte for byte the single-machine file (docs/cluster.md).
func TestSLURMCoevolveSeedsAndLeague(t *testing.T) {
	coevo := cluster(t)
	dir := t.TempDir()
	args := []string{"coevolve", "nashsolve", "--archive", "2", "--generations", "4", "--population", "10", "--seeds", "1-6"}
	single := filepath.Join(dir, "single")
	sh(t, 0, coevo, append(args, "--out", single)...)
	runs := filepath.Join(dir, "runs")
	start := time.Now()
	job := submitted(t, sh(t, 0, coevo, append(args, "--out", runs, "--slurm", "--shards", "3", "--submit")...))
	drain(t, job)
	t.Logf("coevolve: 3-task array %s drained in %.1f s", job, time.Since(start).Seconds())
	for k, s := range states(t, job) {
		if s != "COMPLETED 0:0" {
			t.Errorf("task %s: %q", k, s)
		}
	}
	sh(t, 0, coevo, append(args, "--out", runs, "--merge", "--shards", "3")...)
	if got, want := readFile(t, filepath.Join(runs, "runs.csv")), readFile(t, filepath.Join(single, "runs.csv")); got != want {
		t.Fatalf("merged runs.csv:\n%s\nsingle machine:\n%s", got, want)
	}
	for s := 1; s <= 6; s++ {
		for _, f := range []string{"archive.csv", "admitted.csv", "history.csv"} {
			a, b := filepath.Join(single, fmt.Sprintf("seed-%d", s), f), filepath.Join(runs, fmt.Sprintf("seed-%d", s), f)
			if readFile(t, a) != readFile(t, b) {
				t.Errorf("seed %d: %s differs between the array and the single machine", s, f)
			}
		}
	}

	league := []string{"othello", "league", "--players", "heuristic,random:1,random:2,random-mover", "--games", "20", "--seed", "2"}
	one := filepath.Join(dir, "league-single.csv")
	sh(t, 0, coevo, append(league, "--out", one)...)
	out := filepath.Join(dir, "league.csv")
	job = submitted(t, sh(t, 0, coevo, append(league, "--out", out, "--slurm", "--shards", "4", "--submit")...))
	drain(t, job)
	sh(t, 0, coevo, append(league, "--out", out, "--merge", "--shards", "4")...)
	if got, want := readFile(t, out), readFile(t, one); got != want {
		t.Fatalf("merged league:\n%s\nsingle machine:\n%s", got, want)
	}
}
