package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/coevolab/coevo/kernel"
	"github.com/coevolab/coevo/kernel/session"
	"github.com/coevolab/coevo/kernel/symbols"
)

func kernelHelp(w io.Writer) {
	fmt.Fprint(w, `Usage: coevo kernel install [--user | --prefix DIR] [--name NAME]
       coevo kernel run CONNECTION_FILE

install writes a Jupyter kernelspec ("Go (coevo)") that starts this binary;
then "jupyter console --kernel coevo" or Jupyter's kernel menu use it.
run is what Jupyter starts, with a connection file.

Examples:
  coevo kernel install --user
  jupyter console --kernel coevo
`)
}

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
		if err := parseFlags(fs, args[1:], stdout, kernelHelp); err != nil {
			return err
		}
		if *user && *prefix != "" {
			return usagef("give --user or --prefix, not both")
		}
		if fs.NArg() > 0 {
			return usagef("unexpected argument %q", fs.Arg(0))
		}
		bin, err := os.Executable()
		if err != nil {
			return err
		}
		if bin, err = filepath.EvalSymlinks(bin); err != nil {
			return err
		}
		dir, err := kernel.KernelsDir(*prefix)
		if err != nil {
			return err
		}
		where, err := kernel.Install(dir, *name, kernel.NewSpec(bin))
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "installed kernelspec %q in %s (runs %s)\n", *name, where, bin)
		return nil
	case "run":
		if len(args) != 2 {
			return usagef("usage: coevo kernel run CONNECTION_FILE")
		}
		conn, err := kernel.ReadConnection(args[1])
		if err != nil {
			return usagef("%v", err)
		}
		logw, err := kernel.CaptureFDs()
		if err != nil {
			return err
		}
		sess, err := session.New(symbols.Symbols)
		if err != nil {
			return err
		}
		kernel.Version = version
		return kernel.New(conn, sess, logw).Run(ctx)
	}
	return usagef("unknown subcommand %q (want install or run)", args[0])
}
