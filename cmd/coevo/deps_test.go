package main

import (
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// coevo and the kernel process (cmd/coevo-kernel, package kernel) must not
// link the interpreter: its bindings make a binary three times larger and
// cost every command tens of MB of memory and milliseconds of start-up,
// which the worker binary (cmd/coevo-worker) alone pays. Nor may the kernel
// process link the kernel's display, which links gonum/plot and gota for
// cells.
func TestCoevoLinksNoInterpreter(t *testing.T) {
	goCmd := filepath.Join(runtime.GOROOT(), "bin", "go")
	heavy := []string{
		"github.com/goplus/",
		"github.com/coevolab/coevo/kernel/symbols",
		"github.com/coevolab/coevo/kernel/session",
		"github.com/coevolab/coevo/kernel/runner",
		"github.com/coevolab/coevo/kernel/native",
	}
	for _, pkg := range []string{"github.com/coevolab/coevo/cmd/coevo", "github.com/coevolab/coevo/cmd/coevo-kernel", "github.com/coevolab/coevo/kernel"} {
		out, err := exec.Command(goCmd, "list", "-deps", pkg).Output()
		if err != nil {
			t.Fatalf("go list -deps %s: %v", pkg, err)
		}
		deps := strings.Fields(string(out))
		if len(deps) < 20 {
			t.Fatalf("go list -deps %s: only %q", pkg, deps)
		}
		for _, d := range deps {
			for _, h := range heavy {
				if d == strings.TrimSuffix(h, "/") || strings.HasPrefix(d, h) {
					t.Errorf("%s links %s", pkg, d)
				}
			}
			if pkg != "github.com/coevolab/coevo/cmd/coevo" && (d == "github.com/coevolab/coevo/kernel/display" || d == "gonum.org/v1/plot") {
				t.Errorf("%s links %s", pkg, d)
			}
		}
	}
	// The worker binary does link it (else the test above looks at nothing).
	out, err := exec.Command(goCmd, "list", "-deps", "github.com/coevolab/coevo/cmd/coevo-worker").Output()
	if err != nil || !strings.Contains(string(out), "github.com/goplus/ixgo\n") {
		t.Fatalf("go list -deps cmd/coevo-worker: %v, no interpreter in\n%s", err, out)
	}
}
