package main

import (
	"strings"
	"testing"

	"github.com/coevolab/coevo/internal/selfexec"
)

// The test binary plays coevo-worker with COEVO_WORKER_TEST_MAIN=1.
func TestMain(m *testing.M) { selfexec.Main(m, "COEVO_WORKER_TEST_MAIN", main) }

func coevoWorker(t *testing.T, args ...string) (stdout, stderr string, status int) {
	t.Helper()
	return selfexec.Run(t, "COEVO_WORKER_TEST_MAIN", args...)
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
