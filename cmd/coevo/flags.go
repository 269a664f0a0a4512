package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
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
		return usagef("%v (see coevo %s --help)", err, fs.Name())
	}
	return nil
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
	f, ok := stderr.(*os.File)
	if !ok {
		return nil, func() {}
	}
	if st, err := f.Stat(); err != nil || st.Mode()&os.ModeCharDevice == 0 {
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
