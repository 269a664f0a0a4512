// Command coevo-kernel is the coevo Jupyter kernel's process, what the
// kernelspec that "coevo kernel install" writes starts:
//
//	coevo-kernel CONNECTION_FILE
//
// It binds the connection file's five ports, speaks the Jupyter protocol
// and supervises the worker process where cells run, coevo-worker, which it
// finds next to its own binary (make build writes coevo, coevo-kernel and
// coevo-worker to bin/; go install ./cmd/... all three to $GOBIN).
//
// It is a small program (the kernel's sockets and protocol, no interpreter,
// no engine): it listens a few milliseconds after it is started, before
// jupyter_client first connects, whose refused connections are tried again
// only 100-200 ms later. "coevo kernel run CONNECTION_FILE" runs the same
// kernel from the coevo binary.
//
// Kernelspecs of earlier versions of coevo start it as
// "coevo-kernel --coevo COEVO CONNECTION_FILE"; that still works.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"sync/atomic"
	"syscall"

	"github.com/coevolab/coevo/internal/input"
	"github.com/coevolab/coevo/kernel"
)

// version is set at build time with -ldflags "-X main.version=...".
var version = "dev"

const usage = `usage: coevo-kernel CONNECTION_FILE
coevo-kernel is the coevo Jupyter kernel: Jupyter starts it with a connection file.
Install it with "coevo kernel install"; see "coevo kernel --help".`

// maxConnectionFile bounds a connection file: a few hundred bytes.
const maxConnectionFile = 1 << 20

// usageError exits with status 2.
type usageError struct{ error }

func main() {
	ctx, cancel := context.WithCancel(context.Background())
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP)
	var got atomic.Int32
	go func() {
		s := <-sigs
		got.Store(int32(s.(syscall.Signal)))
		cancel()
	}()
	err := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	interrupted := ctx.Err() != nil
	signal.Stop(sigs)
	switch {
	case err == nil:
	case interrupted:
		// Stopped by SIGINT, SIGTERM or SIGHUP, not by a shutdown
		// request: 128 plus the signal's number, as coevo exits.
		os.Exit(128 + int(got.Load()))
	default:
		fmt.Fprintln(os.Stderr, "coevo-kernel:", err)
		var u usageError
		if errors.As(err, &u) {
			os.Exit(2)
		}
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 3 && args[0] == "--coevo" {
		args = args[2:] // a kernelspec of an earlier coevo
	}
	if len(args) == 1 && (args[0] == "-h" || args[0] == "--help" || args[0] == "help") {
		fmt.Fprintln(stdout, usage)
		return nil
	}
	if len(args) != 1 || args[0] == "" || args[0][0] == '-' {
		what := "missing CONNECTION_FILE"
		switch {
		case len(args) > 0 && strings.HasPrefix(args[0], "-"):
			what = fmt.Sprintf("unknown flag %q: coevo-kernel takes none", args[0])
		case len(args) > 1:
			what = fmt.Sprintf("unexpected argument %q", args[1])
		case len(args) == 1:
			what = "empty CONNECTION_FILE"
		}
		return usageError{fmt.Errorf("%s\n%s", what, usage)}
	}
	path := args[0]
	b, err := input.ReadAll(ctx, path, maxConnectionFile)
	if err != nil {
		var tl *input.TooLargeError
		if errors.As(err, &tl) {
			return usageError{fmt.Errorf("connection file %s: more than %d bytes", tl.Path, tl.Max)}
		}
		return usageError{fmt.Errorf("connection file %v", err)}
	}
	conn, err := kernel.ParseConnection(b)
	if err != nil {
		return usageError{fmt.Errorf("connection file %s: %v", path, err)}
	}
	bin, err := os.Executable()
	if err == nil {
		bin, err = filepath.EvalSymlinks(bin)
	}
	if err != nil {
		return err
	}
	// The cells run in coevo-worker, next to this binary. Without it the
	// kernel still answers, and each cell says what is missing.
	workerBin, missing := kernel.WorkerPath(bin)
	opts, err := kernel.OptionsFromEnv(kernel.Options{Worker: []string{workerBin}, Log: stderr})
	if err != nil {
		return usageError{err}
	}
	if missing != nil {
		fmt.Fprintf(stderr, "coevo-kernel: %v\n", missing)
	}
	if opts.Listeners, err = kernel.InheritedListeners(conn); err != nil {
		fmt.Fprintf(stderr, "coevo-kernel: %v: binding the ports here instead\n", err)
	}
	kernel.Version = version
	return kernel.New(conn, opts).Run(ctx)
}
