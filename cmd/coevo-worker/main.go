// Command coevo-worker is the coevo kernel's worker: the process that owns
// a notebook's Go interpreter (ixgo, the standard library's bindings, and
// coevo's engine and stats bound for cells). The kernel process
// (coevo-kernel, or "coevo kernel run") starts it with its pipes on
// descriptors 3 and 4, from the directory of its own binary: make build
// writes coevo, coevo-kernel and coevo-worker to bin/, go install ./cmd/...
// all three to $GOBIN.
//
// It is the only coevo program that links the interpreter: every coevo
// command, and the kernel process that answers Jupyter, would otherwise
// carry its 40 MB and build its tables at every start.
package main

import (
	"fmt"
	"os"

	"github.com/coevolab/coevo/kernel/runner"
	// coevo's engine and stats packages, display, widgets, gota and gonum,
	// registered with the interpreter for cells to import.
	_ "github.com/coevolab/coevo/kernel/symbols"
)

const usage = `usage: coevo-worker (started by the coevo kernel, with its pipes on descriptors 3 and 4)
Install the kernel with "coevo kernel install"; see "coevo kernel --help".`

func main() {
	args := os.Args[1:]
	// "worker": as "coevo kernel worker" of an earlier coevo passes it on.
	if len(args) == 1 && (args[0] == "-h" || args[0] == "--help" || args[0] == "help") {
		fmt.Println(usage)
		return
	}
	if len(args) > 1 || len(args) == 1 && args[0] != "worker" {
		fmt.Fprintln(os.Stderr, usage)
		os.Exit(2)
	}
	if err := runner.Main(); err != nil {
		fmt.Fprintln(os.Stderr, "coevo-worker:", err)
		os.Exit(1)
	}
}
