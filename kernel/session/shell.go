package session

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"time"
	"unicode"

	"github.com/coevolab/coevo/internal/atomicfile"
	"github.com/coevolab/coevo/kernel/internal/cells"
)

// The magics whose cell is not Go: the rest of the cell is a shell script
// or a file's text, taken as it is.
var rawCellMagics = cells.RawCellMagics

// rawCell tells whether a cell's first line is a magic whose cell is not Go.
func rawCell(code string) bool {
	first := skipBlank(code, 0)
	if !strings.HasPrefix(code[first:], "%%") {
		return false
	}
	name, _ := magicLine(code, item{off: first, end: lineEnd(code, first)})
	return rawCellMagics[name]
}

// rawCellMagic runs a cell whose first line is %%bash, %%sh or
// %%writefile; ok is false for any other cell.
func (s *Session) rawCellMagic(ctx context.Context, c Cell) (r Result, ok bool, err error) {
	first := skipBlank(c.Code, 0)
	if !strings.HasPrefix(c.Code[first:], "%%") {
		return Result{}, false, nil
	}
	end := lineEnd(c.Code, first)
	g := item{off: first, end: end, kind: cellMagic}
	g.line, g.col = position(c.Code, first)
	name, argOff := magicLine(c.Code, g)
	if !rawCellMagics[name] {
		return Result{}, false, nil
	}
	body := ""
	if end < len(c.Code) {
		body = c.Code[end+1:]
	}
	args := strings.TrimSpace(c.Code[argOff:end])
	if name == "writefile" {
		return Result{}, true, s.writefile(ctx, c, g, args, body)
	}
	if c.Replay {
		// A script's effects are outside the session (files, programs),
		// and outlast the worker: a restore does not run it again.
		return Result{}, true, nil
	}
	raise := true
	switch args {
	case "":
	case "--no-raise-error":
		raise = false
	default:
		return Result{}, true, s.magicError(c, g, fmt.Sprintf("%%%%%s %s: the only option is --no-raise-error (the rest of the cell is the script)", name, args))
	}
	shell := "/bin/bash"
	if name == "sh" {
		shell = "/bin/sh"
	}
	status, err := s.run(ctx, exec.Command(shell, "-c", body))
	switch {
	case err != nil:
		return Result{}, true, err
	case status != "" && raise:
		return Result{}, true, &Error{Name: "shell", Message: fmt.Sprintf("%%%%%s: the script %s", name, status),
			Trace: []string{"(%%" + name + " --no-raise-error runs on)"}}
	case status != "":
		fmt.Fprintf(s.errw, "%s\n", status)
	}
	return Result{}, true, nil
}

// shellLine runs a line "!command" with bash: its output streams to the
// cell as it comes, and a status other than 0 is shown after it.
func (s *Session) shellLine(ctx context.Context, c Cell, g item) (Result, error) {
	cmd := strings.TrimSpace(strings.TrimPrefix(c.Code[g.off:g.end], "!"))
	if cmd == "" {
		return Result{}, s.magicError(c, g, "! needs a command: !ls -l")
	}
	if c.Replay {
		return Result{}, nil
	}
	status, err := s.run(ctx, exec.Command("/bin/bash", "-c", cmd))
	if err != nil {
		return Result{}, err
	}
	if status != "" {
		fmt.Fprintf(s.errw, "%s\n", status)
	}
	return Result{}, nil
}

// interruptGrace is how long a command has to end after SIGINT before it
// is killed; it is well inside the kernel's grace period before it kills
// the worker.
const interruptGrace = time.Second

// run runs a command as the cell's, in a process group of its own: its
// output streams to the cell's, its input is empty, and cancelling ctx
// sends it SIGINT, as Ctrl-C in a terminal would, then SIGKILL. status
// says how a command that did not succeed ended ("exited with status 2",
// "was killed by signal terminated"), "" if it did; err is an interrupt
// or a command that could not start.
func (s *Session) run(ctx context.Context, cmd *exec.Cmd) (status string, err error) {
	if ctx.Err() != nil {
		return "", &Error{Name: "interrupted", Message: "the cell was interrupted; earlier definitions are kept"}
	}
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr // the cell's: see stdio.go
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	// A program the command left in the background may hold its output
	// open: the cell ends with the command all the same.
	cmd.WaitDelay = 500 * time.Millisecond
	if err := cmd.Start(); err != nil {
		return "", &Error{Name: "shell", Message: fmt.Sprintf("cannot run %s: %v", cmd.Path, err)}
	}
	pgid := cmd.Process.Pid
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	var werr error
	interrupted := false
	select {
	case werr = <-done:
	case <-ctx.Done():
		interrupted = true
		syscall.Kill(-pgid, syscall.SIGINT)
		select {
		case werr = <-done:
		case <-time.After(interruptGrace):
			syscall.Kill(-pgid, syscall.SIGKILL)
			werr = <-done
		}
	}
	if interrupted {
		return "", &Error{Name: "interrupted", Message: "the cell was interrupted: its command was sent SIGINT; earlier definitions are kept"}
	}
	var ee *exec.ExitError
	switch {
	case werr == nil:
		return "", nil
	case errors.As(werr, &ee):
		if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			return fmt.Sprintf("was killed by signal %v", ws.Signal()), nil
		}
		return fmt.Sprintf("exited with status %d", ee.ExitCode()), nil
	}
	return "", &Error{Name: "shell", Message: werr.Error()}
}

// writefile writes (or with -a appends) the rest of the cell to a file,
// saying which, as IPython's %%writefile does. The file is written as
// coevo writes its outputs (internal/atomicfile): a new or replaced
// regular file whole or not at all, a device or a FIFO written through
// (a FIFO's reader waited for until the cell is interrupted), a
// directory, a missing folder or a dangling link refused by name.
func (s *Session) writefile(ctx context.Context, c Cell, g item, args, body string) error {
	appendTo := false
	if rest, ok := cutFlag(args, "-a"); ok {
		appendTo, args = true, rest
	} else if rest, ok := cutFlag(args, "--append"); ok {
		appendTo, args = true, rest
	}
	name, err := unquote(args)
	if err != nil || name == "" {
		return s.magicError(c, g, "%%writefile needs a file: %%writefile [-a] FILE")
	}
	if c.Replay {
		return nil // the file outlasts the worker
	}
	if body != "" && !strings.HasSuffix(body, "\n") {
		body += "\n"
	}
	fail := func(err error) error {
		if ctx.Err() != nil {
			return &Error{Name: "interrupted", Message: "the cell was interrupted while %%writefile waited for " + name + "; earlier definitions are kept"}
		}
		var pe *atomicfile.PathError
		if errors.As(err, &pe) && pe.Path == name {
			return s.magicError(c, g, "%%writefile "+err.Error())
		}
		return s.magicError(c, g, fmt.Sprintf("%%%%writefile %s: %v", name, err))
	}
	if err := atomicfile.Check(name); err != nil {
		return fail(err)
	}
	st, statErr := os.Stat(name)
	write := func(w io.Writer) error { _, err := io.WriteString(w, body); return err }
	if appendTo && statErr == nil && st.Mode().IsRegular() {
		f, err := os.OpenFile(name, os.O_WRONLY|os.O_APPEND, 0)
		if err == nil {
			err = write(f)
			if cerr := f.Close(); err == nil {
				err = cerr
			}
		}
		if err != nil {
			return fail(err)
		}
	} else if err := atomicfile.WriteContext(ctx, name, write); err != nil {
		// A device or FIFO is written through, appended to or not.
		return fail(err)
	}
	verb := "Writing"
	switch {
	case appendTo && statErr == nil:
		verb = "Appending to"
	case statErr == nil:
		verb = "Overwriting"
	}
	fmt.Fprintf(s.out, "%s %s\n", verb, name)
	return nil
}

// load reads a file into the cell, replacing it, as IPython's %load does:
// the front end is asked (a set_next_input payload) to put the file's
// text in the cell, under a comment naming it; running the cell then
// runs the file's code.
func (s *Session) load(c Cell, g item, args string) (Result, error) {
	name, err := unquote(args)
	if err != nil || name == "" {
		return Result{}, s.magicError(c, g, "%load needs a file: %load FILE")
	}
	if c.Replay {
		return Result{}, nil
	}
	st, err := os.Stat(name)
	if err == nil && !st.Mode().IsRegular() {
		err = errors.New("not a regular file")
	}
	const limit = 8 << 20
	if err == nil && st.Size() > limit {
		err = fmt.Errorf("%d bytes: a cell of more than %d MiB would not be readable", st.Size(), limit>>20)
	}
	var data []byte
	if err == nil {
		data, err = os.ReadFile(name)
	}
	if err != nil {
		return Result{}, s.magicError(c, g, fmt.Sprintf("%%load %s: %v", name, err))
	}
	text := "// %load " + args + "\n" + strings.TrimRight(string(data), "\n")
	return Result{Payload: []map[string]any{{"source": "set_next_input", "text": text, "replace": true}}}, nil
}

// cutFlag removes a leading flag from args.
func cutFlag(args, flag string) (string, bool) {
	if args == flag {
		return "", true
	}
	if strings.HasPrefix(args, flag) && len(args) > len(flag) && unicode.IsSpace(rune(args[len(flag)])) {
		return strings.TrimSpace(args[len(flag):]), true
	}
	return args, false
}

// unquote reads a file name, perhaps in double or single quotes.
func unquote(s string) (string, error) {
	s = strings.TrimSpace(s)
	switch {
	case len(s) >= 2 && s[0] == '"' && s[len(s)-1] == '"':
		return strconv.Unquote(s)
	case len(s) >= 2 && s[0] == '\'' && s[len(s)-1] == '\'':
		return s[1 : len(s)-1], nil
	}
	return s, nil
}
