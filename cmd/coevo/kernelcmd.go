package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/coevolab/coevo/kernel"
	"github.com/coevolab/coevo/kernel/worker"
)

func kernelHelp(w io.Writer) {
	fmt.Fprint(w, `Usage: coevo kernel install [--user | --prefix DIR] [--name NAME] [--memory-limit SIZE] [--interrupt-grace D] [--max-message SIZE]
       coevo kernel run CONNECTION_FILE

install writes a Jupyter kernelspec ("Go (coevo)"); then "jupyter console
--kernel coevo" or Jupyter's kernel menu use it. It starts coevo-kernel, the
kernel process (sockets, protocol, supervisor), or "coevo kernel run" (the
same kernel, from this binary) when coevo-kernel is not next to coevo. Cells
run in a worker process, coevo-worker (the Go interpreter and its bindings),
which must be next to this binary: make build builds all three into bin/,
go install ./cmd/... installs all three.

If a cell kills the worker (a panic in a goroutine, a stack overflow,
os.Exit, too much memory), the kernel starts another and replays the cells
that completed. An interrupted cell that does not stop
within the grace period costs its worker the same way.

Flags of install:
  --memory-limit SIZE   the worker's memory limit: 8GiB, 512MiB, 25%, or off
                        (default: 50% of the machine's memory; sets
                        COEVO_KERNEL_MEMORY_LIMIT in the kernelspec)
  --interrupt-grace D   how long an interrupted cell may take to stop (default 2s;
                        sets COEVO_KERNEL_INTERRUPT_GRACE)
  --max-message SIZE    the largest message a client may send (default 256MiB;
                        a connection that sends more is closed; sets
                        COEVO_KERNEL_MAX_MESSAGE)

Examples:
  coevo kernel install --user
  coevo kernel install --user --name coevo-small --memory-limit 4GiB
  jupyter console --kernel coevo
`)
}

// maxConnectionFile bounds a connection file: a few hundred bytes.
const maxConnectionFile = 1 << 20

func cmdKernel(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return usagef("missing subcommand: install or run (see coevo kernel --help)")
	}
	switch args[0] {
	case "-h", "--help", "-help", "help":
		kernelHelp(stdout)
		return errHelp
	case "install":
		fs := flag.NewFlagSet("kernel install", flag.ContinueOnError)
		user := fs.Bool("user", false, "install for this user (the default)")
		prefix := fs.String("prefix", "", "install under `DIR`/share/jupyter/kernels")
		name := fs.String("name", "coevo", "kernelspec name")
		memory := fs.String("memory-limit", "", "the worker's memory limit")
		grace := fs.String("interrupt-grace", "", "how long an interrupted cell may take to stop")
		maxMessage := fs.String("max-message", "", "the largest message a client may send")
		if err := parseFlags(fs, args[1:], stdout, kernelHelp); err != nil {
			return err
		}
		if *user && *prefix != "" {
			return usagef("give --user or --prefix, not both")
		}
		if fs.NArg() > 0 {
			return usagef("unexpected argument %q", fs.Arg(0))
		}
		if err := kernel.CheckName(*name); err != nil {
			return usagef("--name: %v", err)
		}
		if *prefix != "" {
			if err := checkFolder("prefix", *prefix); err != nil {
				return err
			}
		}
		env := map[string]string{}
		if *memory != "" {
			if _, err := kernel.ParseMemoryLimit(*memory); err != nil {
				return usagef("--memory-limit %s: %v", *memory, err)
			}
			env[kernel.MemoryLimitEnv] = *memory
		}
		if *grace != "" {
			if _, err := kernel.ParseGrace(*grace); err != nil {
				return usagef("--interrupt-grace %s: %v", *grace, err)
			}
			env[kernel.InterruptGraceEnv] = *grace
		}
		if *maxMessage != "" {
			if _, err := kernel.ParseMaxMessage(*maxMessage); err != nil {
				return usagef("--max-message %s: %v", *maxMessage, err)
			}
			env[kernel.MaxMessageEnv] = *maxMessage
		}
		bin, err := executable()
		if err != nil {
			return err
		}
		// A kernelspec whose cells cannot run is no use: the worker
		// binary must be there.
		if _, err := kernel.WorkerPath(bin); err != nil {
			return err
		}
		dir, err := kernel.KernelsDir(*prefix)
		if err != nil {
			return err
		}
		spec := kernel.NewSpec(bin)
		if len(env) > 0 {
			spec.Env = env
		}
		where, err := kernel.Install(dir, *name, spec)
		if err != nil {
			if *prefix != "" {
				return fmt.Errorf("--prefix %s: %w", *prefix, err)
			}
			return err
		}
		fmt.Fprintf(stdout, "installed kernelspec %q in %s (runs %s)\n", *name, where, spec.Argv[0])
		return nil
	case "run":
		switch {
		case len(args) > 1 && (args[1] == "-h" || args[1] == "--help" || args[1] == "-help"):
			kernelHelp(stdout)
			return errHelp
		case len(args) < 2:
			return usagef("missing CONNECTION_FILE (usage: coevo kernel run CONNECTION_FILE)")
		case strings.HasPrefix(args[1], "-") && args[1] != "-":
			return usagef("unknown flag %q: kernel run takes no flags (usage: coevo kernel run CONNECTION_FILE)", args[1])
		case len(args) > 2:
			what := "argument"
			if strings.HasPrefix(args[2], "-") {
				what = "flag"
			}
			return usagef("unexpected %s %q: kernel run takes no flags (usage: coevo kernel run CONNECTION_FILE)", what, args[2])
		}
		// Read here, with ctx: a FIFO nobody writes waits for Ctrl-C.
		b, err := readInput(ctx, args[1], maxConnectionFile, "connection file")
		if err != nil {
			if ctx.Err() != nil {
				return err
			}
			return usagef("connection file %v", err)
		}
		conn, err := kernel.ParseConnection(b)
		if err != nil {
			return usagef("connection file %s: %v", args[1], err)
		}
		bin, err := executable()
		if err != nil {
			return err
		}
		// The cells run in coevo-worker, next to this binary. Without it
		// the kernel still answers, and each cell says what is missing.
		workerBin, missing := kernel.WorkerPath(bin)
		opts, err := kernel.OptionsFromEnv(kernel.Options{Worker: []string{workerBin}, Log: stderr})
		if err != nil {
			return usagef("%v", err)
		}
		if missing != nil {
			fmt.Fprintf(stderr, "coevo kernel: %v\n", missing)
		}
		// Sockets bound by a launcher that started this process, if any.
		if opts.Listeners, err = kernel.InheritedListeners(conn); err != nil {
			fmt.Fprintf(stderr, "coevo kernel: %v: binding the ports here instead\n", err)
		}
		kernel.Version = version
		err = kernel.New(conn, opts).Run(ctx)
		if ctx.Err() != nil {
			// Stopped by SIGINT or SIGTERM, not by a shutdown request.
			return ctx.Err()
		}
		return err
	case "worker":
		// Started by "kernel run" of an earlier coevo, with its pipes on
		// descriptors 3 and 4: the worker is coevo-worker's to run.
		if os.Getenv(worker.Env) != "1" {
			return errors.New("the worker is started by the kernel (coevo kernel run), with its pipes on descriptors 3 and 4")
		}
		bin, err := executable()
		if err != nil {
			return err
		}
		workerBin, err := kernel.WorkerPath(bin)
		if err != nil {
			return err
		}
		err = syscall.Exec(workerBin, []string{workerBin}, os.Environ())
		return fmt.Errorf("cannot start %s: %w", workerBin, err)
	}
	return usagef("unknown subcommand %q (want install or run)", args[0])
}

// executable is this binary's path, symbolic links resolved: the worker
// binary is looked for next to it. (A variable, for the tests.)
var executable = func() (string, error) {
	bin, err := os.Executable()
	if err != nil {
		return "", err
	}
	return filepath.EvalSymlinks(bin)
}
