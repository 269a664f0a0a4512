package main

import (
	"bytes"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// The test binary plays coevo-worker with COEVO_WORKER_TEST_MAIN=1.
func TestMain(m *testing.M) {
	if os.Getenv("COEVO_WORKER_TEST_MAIN") == "1" {
		os.Unsetenv("COEVO_WORKER_TEST_MAIN")
		main()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

func coevoWorker(t *testing.T, args ...string) (stdout, stderr string, status int) {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), "COEVO_WORKER_TEST_MAIN=1")
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	if err := cmd.Run(); err != nil {
		if _, ok := err.(*exec.ExitError); !ok {
			t.Fatal(err)
		}
	}
	return o.String(), e.String(), cmd.ProcessState.ExitCode()
}

// By hand, the worker says it is the kernel's; other arguments are a usage
// error.
func TestByHand(t *testing.T) {
	for _, args := range [][]string{nil, {"worker"}} {
		if _, errs, st := coevoWorker(t, args...); st != 1 || !strings.Contains(errs, "the worker is started by the kernel") {
			t.Errorf("%q: status %d, stderr %q", args, st, errs)
		}
	}
	for _, args := range [][]string{{"run"}, {"worker", "x"}} {
		if _, errs, st := coevoWorker(t, args...); st != 2 || !strings.HasPrefix(errs, "usage: coevo-worker") {
			t.Errorf("%q: status %d, stderr %q", args, st, errs)
		}
	}
	if out, _, st := coevoWorker(t, "--help"); st != 0 || !strings.Contains(out, "coevo kernel install") {
		t.Errorf("--help: status %d, %q", st, out)
	}
}
