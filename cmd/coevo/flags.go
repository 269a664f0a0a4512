package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"regexp"
	"strings"

	"github.com/coevolab/coevo/engine/games"
)

// errHelp: --help was asked for and printed.
var errHelp = errors.New("help printed")

// parseFlags parses args with fs, printing help to stdout on --help and
// turning flag errors into one-line usage errors.
func parseFlags(fs *flag.FlagSet, args []string, stdout io.Writer, help func(io.Writer)) error {
	fs.SetOutput(io.Discard)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			help(stdout)
			return errHelp
		}
		// The flag package names flags with one dash; coevo's help and
		// messages use two.
		msg := flagName.ReplaceAllString(err.Error(), "$1 --$2")
		return usagef("%s (see coevo %s --help)", msg, fs.Name())
	}
	if err := emptyFlags(fs); err != nil {
		return err
	}
	return finiteFlags(fs)
}

// flagName finds a flag's name in the flag package's errors.
var flagName = regexp.MustCompile(`(flag|for|defined:|argument:) -([A-Za-z])`)

// emptyFlags rejects a flag given an empty value (--out ""): no flag of
// coevo means anything by it, and ignoring it would hide a script's empty
// variable.
func emptyFlags(fs *flag.FlagSet) error {
	var err error
	fs.Visit(func(f *flag.Flag) {
		if err == nil && f.Value.String() == "" {
			err = usagef("--%s: empty value (give a value, or leave the flag out)", f.Name)
		}
	})
	return err
}

// finiteFlags rejects a NaN or infinite value given to any float flag of
// fs: no command means anything by them, and they would flow into results.
// It makes -0 0: the two are the same number, and a setting recorded as
// "-0" would refuse a rerun with 0.
func finiteFlags(fs *flag.FlagSet) error {
	var err error
	fs.Visit(func(f *flag.Flag) {
		g, ok := f.Value.(flag.Getter)
		if !ok || err != nil {
			return
		}
		x, ok := g.Get().(float64)
		switch {
		case !ok:
		case math.IsNaN(x) || math.IsInf(x, 0):
			err = usagef("--%s %s: not a finite number", f.Name, f.Value)
		case x == 0 && math.Signbit(x):
			f.Value.Set("0")
		}
	})
	return err
}

// parseFileFlags parses "FILE [flags]" or "[flags] FILE [flags]": one
// file argument, with flags before or after it. usage names the command
// line for the error when the file is missing.
func parseFileFlags(fs *flag.FlagSet, args []string, stdout io.Writer, help func(io.Writer), usage string) (string, error) {
	if err := parseFlags(fs, args, stdout, help); err != nil {
		return "", err
	}
	if fs.NArg() == 0 {
		return "", usagef("missing FILE (%s)", usage)
	}
	file := fs.Arg(0)
	if err := parseFlags(fs, fs.Args()[1:], stdout, help); err != nil {
		return "", err
	}
	if fs.NArg() > 0 {
		return "", usagef("unexpected argument %q", fs.Arg(0))
	}
	return file, nil
}

// addGameFlags registers the parameters of a registered game as string
// flags, and gameArgs collects the ones given.
func addGameFlags(fs *flag.FlagSet, spec *games.Spec) {
	if spec == nil {
		return
	}
	for _, p := range spec.Params {
		fs.String(p.Name, p.Default, p.Usage)
	}
}

func gameArgs(fs *flag.FlagSet, spec *games.Spec) games.Args {
	a := games.Args{}
	fs.Visit(func(f *flag.Flag) {
		for _, p := range spec.Params {
			if p.Name == f.Name {
				a[f.Name] = f.Value.String()
			}
		}
	})
	return a
}

// flagDefaults renders the flags of fs like flag.PrintDefaults, with "--".
func flagDefaults(w io.Writer, fs *flag.FlagSet) {
	fs.VisitAll(func(f *flag.Flag) {
		name, u := flag.UnquoteUsage(f)
		if name != "" {
			name = " " + name
		}
		def := ""
		if f.DefValue != "" && f.DefValue != "false" && f.DefValue != "0" {
			def = fmt.Sprintf(" (default %s)", f.DefValue)
		}
		fmt.Fprintf(w, "  --%s%s\n        %s%s\n", f.Name, name, u, def)
	})
}

// progressTo returns a progress printer on stderr when it is a terminal,
// and a function that clears its line at the end.
func progressTo(stderr io.Writer, what string) (progress func(int), done func()) {
	f := terminal(stderr)
	if f == nil {
		return nil, func() {}
	}
	shown := false
	return func(n int) {
			if n >= 1<<18 {
				shown = true
				fmt.Fprintf(f, "\r%s: %d so far%s", what, n, strings.Repeat(" ", 8))
			}
		}, func() {
			if shown {
				fmt.Fprint(f, "\r\033[K")
			}
		}
}

// terminal returns w as a file when it is a terminal, else nil.
func terminal(w io.Writer) *os.File {
	f, ok := w.(*os.File)
	if !ok {
		return nil
	}
	if st, err := f.Stat(); err != nil || st.Mode()&os.ModeCharDevice == 0 {
		return nil
	}
	return f
}

// countProgress reports done of total things on stderr: an updating line
// on a terminal; elsewhere (a log file, a SLURM job's output) a plain line
// at each tenth, never a carriage return. end finishes the line.
func countProgress(stderr io.Writer, prefix, what string, total int) (step func(done int), end func()) {
	if f := terminal(stderr); f != nil {
		shown := false
		return func(done int) {
				shown = true
				fmt.Fprintf(f, "\r%s: %d/%d %s", prefix, done, total, what)
			}, func() {
				if shown {
					fmt.Fprint(f, "\r\033[K")
				}
			}
	}
	tenth := 0
	return func(done int) {
		if total > 0 && done*10/total > tenth {
			tenth = done * 10 / total
			fmt.Fprintf(stderr, "%s: %d/%d %s\n", prefix, done, total, what)
		}
	}, func() {}
}
