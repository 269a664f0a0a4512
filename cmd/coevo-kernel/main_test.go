package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// The test binary plays coevo-kernel (with COEVO_KERNEL_TEST_MAIN=1) and
// coevo: started as "BINARY kernel run FILE", it says so.
func TestMain(m *testing.M) {
	if os.Getenv("COEVO_KERNEL_TEST_MAIN") == "1" {
		os.Unsetenv("COEVO_KERNEL_TEST_MAIN")
		main()
		os.Exit(0)
	}
	if len(os.Args) == 4 && os.Args[1] == "kernel" && os.Args[2] == "run" {
		fmt.Print("coevo kernel run ", os.Args[3])
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// coevoKernel runs main with args, in a process of its own.
func coevoKernel(t *testing.T, env []string, args ...string) (stdout, stderr string, status int) {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(append(os.Environ(), "COEVO_KERNEL_TEST_MAIN=1"), env...)
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	err := cmd.Run()
	if err != nil {
		if _, ok := err.(*exec.ExitError); !ok {
			t.Fatal(err)
		}
	}
	return o.String(), e.String(), cmd.ProcessState.ExitCode()
}

// By hand, the worker says it is the kernel's; anything else is a usage
// error.
func TestByHand(t *testing.T) {
	if _, errs, st := coevoKernel(t, nil, "worker"); st != 1 || !strings.Contains(errs, "the worker is started by the kernel (coevo kernel run)") {
		t.Errorf("worker: status %d, stderr %q", st, errs)
	}
	for _, args := range [][]string{nil, {"run"}, {"--coevo", "x"}} {
		if _, errs, st := coevoKernel(t, nil, args...); st != 2 || !strings.HasPrefix(errs, "usage: coevo-kernel worker") {
			t.Errorf("%q: status %d, stderr %q", args, st, errs)
		}
	}
	if out, _, st := coevoKernel(t, nil, "--help"); st != 0 || !strings.Contains(out, "coevo kernel install") {
		t.Errorf("--help: status %d, %q", st, out)
	}
}

// A kernelspec of an earlier coevo ("coevo-kernel --coevo COEVO FILE")
// becomes "COEVO kernel run FILE"; a COEVO that cannot run is named.
func TestEarlierKernelspec(t *testing.T) {
	out, errs, st := coevoKernel(t, nil, "--coevo", os.Args[0], "/some/kernel-1.json")
	if st != 0 || out != "coevo kernel run /some/kernel-1.json" {
		t.Fatalf("status %d, stdout %q, stderr %q", st, out, errs)
	}
	if _, errs, st := coevoKernel(t, nil, "--coevo", "/nonexistent/coevo", "k.json"); st != 1 || !strings.Contains(errs, "cannot start /nonexistent/coevo") {
		t.Fatalf("status %d, stderr %q", st, errs)
	}
}
