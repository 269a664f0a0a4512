package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"syscall"
	"time"
)

// Signals. SIGINT (Ctrl-C), SIGTERM (what SLURM sends on scancel and at a
// time limit, what kill sends) and SIGHUP (a terminal closed, an ssh
// connection dropped; not under nohup, which ignores it) cancel the
// command's context: it stops within a second, saving what it saves on
// Ctrl-C (a checkpoint, the rows done), and exits with 128 plus the
// signal's number, as a shell reports a process the signal killed: 130,
// 143 and 129. A second signal, a second or more after the first, ends
// the process at once (a checkpoint being saved is written atomically:
// the previous one stays whole).
//
// Standard input and output are read and written through internal/ctxio
// when they are pipes, terminals or devices (stdout.go), whose reads and
// writes the Go runtime leaves blocking: a command waiting on a pipe whose
// writer writes nothing (sleep 30 | coevo bt fit -), or on a full pipe
// nobody reads (coevo sg ... | less, the pager left open), still ends on
// the signal.

// signalError is the cause of a context a signal cancelled.
type signalError struct{ sig syscall.Signal }

func (e signalError) Error() string { return "interrupted by " + signalName(e.sig) }

// signalName is the conventional name of sig: SIGINT, SIGTERM, SIGHUP.
func signalName(sig syscall.Signal) string {
	switch sig {
	case syscall.SIGINT:
		return "SIGINT"
	case syscall.SIGTERM:
		return "SIGTERM"
	case syscall.SIGHUP:
		return "SIGHUP"
	}
	return sig.String()
}

// interruptStatus is the exit status of a command ctx's signal ended:
// 128 plus the signal's number, 130 when no signal is known (a test's
// cancelled context).
func interruptStatus(ctx context.Context) (int, string) {
	var se signalError
	if errors.As(context.Cause(ctx), &se) {
		msg := "interrupted"
		if se.sig != syscall.SIGINT {
			msg += " (" + signalName(se.sig) + ")"
		}
		return 128 + int(se.sig), msg
	}
	return 130, "interrupted"
}

// notifySignals returns a context that the first SIGINT, SIGTERM or
// SIGHUP cancels; the second ends the process.
func notifySignals() (context.Context, func()) {
	ctx, cancel := context.WithCancelCause(context.Background())
	ch := make(chan os.Signal, 2)
	signal.Notify(ch, syscall.SIGINT, syscall.SIGTERM)
	// SIGHUP ignored when coevo starts stays ignored: that is what nohup
	// asks for, and Notify would catch it again.
	if !signal.Ignored(syscall.SIGHUP) {
		signal.Notify(ch, syscall.SIGHUP)
	}
	go func() {
		s, ok := <-ch
		if !ok {
			return
		}
		cancel(signalError{s.(syscall.Signal)})
		first := time.Now()
		for s := range ch {
			// The same signal sent twice at once (timeout(1) signals the
			// command and its process group; a wrapper script passes on
			// what it gets) is not a second one.
			if time.Since(first) < time.Second {
				continue
			}
			fmt.Fprintf(os.Stderr, "coevo: %s again: stopped at once\n", signalName(s.(syscall.Signal)))
			os.Exit(128 + int(s.(syscall.Signal)))
		}
	}()
	return ctx, func() { signal.Stop(ch); cancel(nil) }
}
