package main

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// cpuTime is the processor time process pid has used so far (Linux).
func cpuTime(pid int) (time.Duration, bool) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, false
	}
	// Fields after the command name (in parentheses): utime and stime are
	// the 12th and 13th, in clock ticks of 1/100 s.
	f := strings.Fields(string(b[strings.LastIndexByte(string(b), ')')+1:]))
	var ut, st int64
	fmt.Sscan(f[11], &ut)
	fmt.Sscan(f[12], &st)
	return time.Duration(ut+st) * 10 * time.Millisecond, true
}

// interrupt starts coevo args as a process, waits until it has worked for
// half a second of processor time (so that it is inside its long loop,
// whatever the load), sends SIGINT and returns how long it took to exit.
// It fails the test unless the exit status is 130 and the message says
// "interrupted".
func interrupt(t *testing.T, args ...string) time.Duration {
	t.Helper()
	if _, ok := cpuTime(os.Getpid()); !ok {
		t.Skip("needs /proc")
	}
	cmd, stderr := coevoProcess(t, args...)
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	deadline := time.Now().Add(2 * time.Minute)
	for {
		if cpu, ok := cpuTime(cmd.Process.Pid); ok && cpu >= 500*time.Millisecond {
			break
		}
		select {
		case err := <-exited:
			t.Fatalf("%v ended before the signal: %v: %s", args, err, stderr)
		case <-time.After(10 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatalf("%v never got to work", args)
		}
	}
	sent := time.Now()
	cmd.Process.Signal(syscall.SIGINT)
	var err error
	select {
	case err = <-exited:
	case <-time.After(time.Minute):
		cmd.Process.Kill()
		t.Fatalf("%v: still running a minute after SIGINT", args)
	}
	took := time.Since(sent)
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 130 || !strings.Contains(stderr.String(), "interrupted") {
		t.Fatalf("%v after SIGINT: %v: %s", args, err, stderr)
	}
	return took
}

// Ctrl-C ends every long command with status 130. Each command below runs
// for minutes or more uncancelled (figures measured on 2 cores; each case
// says why), and SIGINT reaches it half a second of processor time into
// its work, inside the loop in question. The bound of 5 s is five times
// the second the issue asks for, to allow for a loaded CI machine; a
// command that only looked at Ctrl-C between its coarse steps (a
// generation, a position's whole search, a game compiled) would take
// minutes. The times measured are logged (go test -v).
func TestInterrupt(t *testing.T) {
	dir := t.TempDir()
	// A move rule whose every position tries 9 million values of v (the
	// condition v * 1 <= a1 is not a bound): 1000 positions, some 10^10
	// steps, without a move found for most of them.
	slowRules := filepath.Join(dir, "slow.rules")
	writeFile(t, slowRules, "state 1000\nmove -v : 1 <= v <= 9000000, v * 1 <= a1\n")
	// 2000 runs at 8 sizes, a million bootstrap resamples of 3 fits each.
	var csv strings.Builder
	csv.WriteString("n,T\n")
	for i := 0; i < 2000; i++ {
		n := 10 << (i % 8)
		fmt.Fprintf(&csv, "%d,%d\n", n, n*n*(1+i%7))
	}
	runs := filepath.Join(dir, "runs.csv")
	writeFile(t, runs, csv.String())
	// UMDA runs of a million tournaments a generation on SUBTRACTIONNIM
	// with 1000 positions: about a minute a generation.
	sweepCfg := filepath.Join(dir, "sweep.json")
	writeFile(t, sweepCfg, `{"game": "subtraction", "params": {"k": "3"}, "size": "n", "sizes": [1000], "seeds": 2, "mu": [1000000], "max_evals": 100000000}`)
	for _, c := range []struct {
		why  string
		args []string
	}{
		{"19 million positions, each with up to 19 million moves: 250 million moves before the budget stops it",
			[]string{"solve", "euclid", "--a", "19000000", "--b", "1"}},
		{"Chomp 15 x 15 solved by its index: 155 million positions, 98 s and 668 MB measured at load 7",
			[]string{"solve", "chomp", "--rows", "15", "--cols", "15", "--no-line", "--max-positions", "200000000"}},
		{"10^10 steps of move generation in one rule",
			[]string{"solve", "--rules", slowRules}},
		{"a million tournaments a generation, a minute each, for 100 generations",
			[]string{"umda", "--game", "subtraction", "--n", "1000", "--k", "3", "--mu", "1000000"}},
		{"the same runs in a sweep",
			[]string{"umda", "sweep", sweepCfg, "--out", filepath.Join(dir, "sweep.csv")}},
		{"Grundy's game on a heap of 2·10^7: its nim-sequence up to there (1.4·10^6 values in the first 4 s at load 7)",
			[]string{"solve", "grundy", "--heaps", "20000000"}},
		{"the same nim-sequence up to 10^8",
			[]string{"sg", "grundy", "--upto", "100000000"}},
		{"Othello perft 16: subtrees of depth 13, minutes each",
			[]string{"othello", "perft", "--depth", "16"}},
		{"a league of 4 players, a million games a pair",
			[]string{"othello", "league", "--players", "heuristic,random:1,random:2,random:3", "--games", "1000000"}},
		{"1000 generations of ICL-500",
			[]string{"coevolve", "icl", "--generations", "1000", "--out", filepath.Join(dir, "icl")}},
		{"Chomp 6x6: 923 positions, searches of up to 2 million candidates each (260 positions in the first minute)",
			[]string{"theory", "--game", "chomp", "--rows", "6", "--cols", "6"}},
		{"a million resamples of 2000 runs: 10^4 took 2.9 s",
			[]string{"regress", runs, "--bootstrap", "1000000"}},
	} {
		took := interrupt(t, c.args...)
		t.Logf("coevo %s: exit 130 %v after SIGINT (%s)", strings.Join(c.args, " "), took.Round(time.Millisecond), c.why)
		if took > 5*time.Second {
			t.Errorf("coevo %s: %v from SIGINT to exit", strings.Join(c.args, " "), took)
		}
	}
}
