// Command coevo-kernel is the coevo kernel's worker binary: the process
// that owns a notebook's Go interpreter (yaegi, the standard library's
// bindings, and coevo's engine and stats bound for cells). The kernel
// process, "coevo kernel run", starts it as
//
//	coevo-kernel worker
//
// with its pipes on descriptors 3 and 4, and finds it next to the coevo
// binary: make build writes both to bin/, go install ./cmd/... both to
// $GOBIN. Keeping the interpreter here, and only here, keeps coevo itself
// small and quick to start: every coevo command, and the kernel process
// that answers Jupyter, would otherwise carry the interpreter's 40 MB and
// its tables, built at every start.
//
// Kernelspecs written by earlier versions of coevo start this program as
// "coevo-kernel --coevo COEVO CONNECTION_FILE" (it bound the ports, then
// became coevo): it now becomes "COEVO kernel run CONNECTION_FILE" at
// once. "coevo kernel install" writes a kernelspec that starts coevo
// directly.
package main

import (
	"fmt"
	"os"
	"syscall"

	"github.com/coevolab/coevo/kernel/runner"
	"github.com/coevolab/coevo/kernel/symbols"
)

const usage = `usage: coevo-kernel worker
coevo-kernel is the coevo kernel's worker: "coevo kernel run" starts it.
Install the kernel with "coevo kernel install"; see "coevo kernel --help".`

func main() {
	args := os.Args[1:]
	switch {
	case len(args) == 1 && args[0] == "worker":
		// Started by "coevo kernel run", with its pipes on descriptors 3 and 4.
		if err := runner.Main(symbols.Symbols); err != nil {
			fmt.Fprintln(os.Stderr, "coevo-kernel:", err)
			os.Exit(1)
		}
	case len(args) == 3 && args[0] == "--coevo":
		// A kernelspec of an earlier coevo.
		coevo, connFile := args[1], args[2]
		err := syscall.Exec(coevo, []string{coevo, "kernel", "run", connFile}, os.Environ())
		fmt.Fprintf(os.Stderr, "coevo-kernel: cannot start %s: %v\n", coevo, err)
		os.Exit(1)
	case len(args) == 1 && (args[0] == "-h" || args[0] == "--help" || args[0] == "help"):
		fmt.Println(usage)
	default:
		fmt.Fprintln(os.Stderr, usage)
		os.Exit(2)
	}
}
