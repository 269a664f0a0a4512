package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/coevolab/coevo/internal/atomicfile"
	"github.com/coevolab/coevo/internal/input"
	gplot "gonum.org/v1/plot"

	"github.com/coevolab/coevo/stats/plot"
)

// The files a user names go through here: outputs through
// internal/atomicfile (a regular file is replaced atomically, a device,
// FIFO or /dev/stdout written through, never replaced; a dangling link, a
// directory, a missing folder refused), inputs through internal/input
// (no hang on a FIFO without a writer, reads that end on Ctrl-C, caps).
// Every problem with a path is bad input, exit 2, naming the flag; the
// outputs are checked before any work starts.

// checkOutput checks the value of an output flag before the work starts.
func checkOutput(flag, path string) error {
	if path == "" {
		return usagef("--%s: empty value (give a file name, or leave the flag out)", flag)
	}
	if err := atomicfile.Check(path); err != nil {
		return usagef("--%s %v", flag, err)
	}
	return nil
}

// plotFormats are the extensions stats/plot writes.
var plotFormats = []string{".pdf", ".svg", ".png", ".eps"}

// checkPlot checks a plot flag's file: a writable path with the extension
// of a format the plot can be saved in.
func checkPlot(flag, path string) error {
	if err := checkOutput(flag, path); err != nil {
		return err
	}
	ext := strings.ToLower(filepath.Ext(path))
	for _, f := range plotFormats {
		if ext == f {
			return nil
		}
	}
	if ext == "" {
		return usagef("--%s %s: no extension to tell the format (want .pdf, .svg, .png or .eps)", flag, path)
	}
	return usagef("--%s %s: unknown format %q (want .pdf, .svg, .png or .eps)", flag, path, filepath.Ext(path))
}

// notInput refuses an output that is one of the inputs: writing it would
// destroy what the command reads. Files are compared as what they are
// (device and inode, links followed), not by their names.
func notInput(flag, out string, inputs ...string) error {
	so, err := os.Stat(out)
	if err != nil {
		return nil
	}
	for _, in := range inputs {
		if si, err := os.Stat(in); err == nil && os.SameFile(so, si) {
			return usagef("--%s %s: the same file as the input %s", flag, out, in)
		}
	}
	return nil
}

// output is an output flag and its file.
type output struct{ flag, path string }

// distinctOutputs refuses, before any work, two output flags that name the
// same file: the last writer would win, and the other's output be lost
// without a word. Files are compared as what they lead to: the device and
// inode of an existing file (links followed), the folder's and the name of
// a new one. Devices (/dev/null) and "-" (the standard output) may be
// named twice.
func distinctOutputs(outs ...output) error {
	seen := map[string]string{}
	for _, o := range outs {
		if o.path == "" || o.path == "-" {
			continue
		}
		id, ok := fileID(o.path)
		if !ok {
			continue
		}
		if other, dup := seen[id]; dup {
			return usagef("--%s %s and --%s %s: the same file; each output needs its own", other, outputPath(outs, other), o.flag, o.path)
		}
		seen[id] = o.flag
	}
	return nil
}

func outputPath(outs []output, flag string) string {
	for _, o := range outs {
		if o.flag == flag {
			return o.path
		}
	}
	return ""
}

// fileID identifies the file a write to path reaches: its device and
// inode if it exists (not a regular file: no identity, false), else its
// folder's device and inode and its name.
func fileID(path string) (string, bool) {
	p, err := atomicfile.Resolve(path)
	if err != nil {
		return "", false
	}
	if st, err := os.Stat(p); err == nil {
		sys, ok := st.Sys().(*syscall.Stat_t)
		if !ok || !st.Mode().IsRegular() {
			return "", false
		}
		return fmt.Sprintf("%d:%d", sys.Dev, sys.Ino), true
	}
	st, err := os.Stat(filepath.Dir(p))
	if err != nil {
		return "", false
	}
	sys, ok := st.Sys().(*syscall.Stat_t)
	if !ok {
		return "", false
	}
	return fmt.Sprintf("%d:%d/%s", sys.Dev, sys.Ino, filepath.Base(p)), true
}

// writeOutput writes an output flag's file. A path that turns out not to
// be writable is exit 2 naming the flag; a failing write (a full disk) is
// an error naming the flag and the file. Once ctx is done every write
// fails with its error, so that a long output (a matrix of millions of
// cells) stops at Ctrl-C, leaving the file as it was.
func writeOutput(ctx context.Context, flag, path string, write func(w io.Writer) error) error {
	err := atomicfile.WriteContext(ctx, path, func(w io.Writer) error { return write(ctxWriter{ctx, w}) })
	return outputError(ctx, flag, path, err)
}

// writeOwn writes a file whose name coevo makes from an output flag's
// value (the SLURM script beside --out), as writeOutput does, but never
// through a symbolic link: a link planted under that name is refused,
// exit 2 naming the flag (atomicfile.WriteNoFollow).
func writeOwn(ctx context.Context, flag, path string, write func(w io.Writer) error) error {
	err := atomicfile.WriteNoFollow(path, func(w io.Writer) error { return write(ctxWriter{ctx, w}) })
	return outputError(ctx, flag, path, err)
}

// outputError makes the error of writing an output flag's file the
// command's: ctx's when interrupted, exit 2 for a path that cannot be
// written, else an error naming the flag and the file.
func outputError(ctx context.Context, flag, path string, err error) error {
	var pe *atomicfile.PathError
	var fe *fs.PathError
	switch {
	case err == nil:
		return nil
	case ctx.Err() != nil:
		return ctx.Err()
	case errors.As(err, &pe):
		return usagef("--%s %v", flag, err)
	case errors.As(err, &fe):
		return fmt.Errorf("--%s %s: %s: %w", flag, path, fe.Op, fe.Err)
	}
	return fmt.Errorf("--%s %s: %w", flag, path, err)
}

// ctxWriter fails every write with ctx's error once ctx is done.
type ctxWriter struct {
	ctx context.Context
	w   io.Writer
}

func (c ctxWriter) Write(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.w.Write(p)
}

// savePlot saves p to a plot flag's file in the format of its extension.
func savePlot(ctx context.Context, flag, path string, p *gplot.Plot) error {
	if err := checkPlot(flag, path); err != nil {
		return err
	}
	// Drawing a heatmap of a few thousand players takes seconds without
	// looking at ctx: Ctrl-C does not wait for it.
	var data []byte
	err := interruptible(ctx, func() (err error) {
		plot.Finish(p)
		w, h := plot.Size(p)
		data, err = plot.Render(p, w, h, strings.TrimPrefix(strings.ToLower(filepath.Ext(path)), "."))
		return err
	})
	switch {
	case ctx.Err() != nil:
		return ctx.Err()
	case err != nil:
		return fmt.Errorf("--%s %s: %w", flag, path, err)
	}
	return writeOutput(ctx, flag, path, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// checkResults checks the results file of a command that appends to it
// (a sweep, a league, the seeds of coevolve): a regular file or a new
// name in an existing folder. A symbolic link is refused unless follow
// (--follow-symlink): in a shared folder, a link planted under the
// results' name would otherwise make the run create or extend a file
// elsewhere. Asked to follow, the user says the link is theirs: the file
// it leads to is appended to, and created if it does not exist yet (a
// dangling link), under the same checks as a file named directly. A link
// that another user made in a sticky folder every user may write (as
// /tmp) is refused even then (atomicfile.Resolve).
func checkResults(flag, path string, follow bool) error {
	if path == "" {
		return usagef("--%s: empty value (give a file name)", flag)
	}
	st, err := os.Lstat(path)
	if err == nil && st.Mode()&fs.ModeSymlink != 0 {
		to, _ := os.Readlink(path)
		if !follow {
			return usagef("--%s %s: a symbolic link (to %s); a results file is appended to: give the file itself, or add --follow-symlink", flag, path, to)
		}
		target, err := atomicfile.Resolve(path)
		if err != nil {
			return usagef("--%s %v", flag, err)
		}
		if err := checkResults(flag, target, false); err != nil {
			return usagef("--%s %s: a symbolic link to %s: %v", flag, path, target, strings.TrimPrefix(err.Error(), "--"+flag+" "))
		}
		return nil
	}
	switch {
	case err == nil && st.IsDir():
		return usagef("--%s %s: a directory, not a file", flag, path)
	case err == nil && !st.Mode().IsRegular():
		return usagef("--%s %s: not a regular file (%s): results are appended to a file", flag, path, strings.TrimLeft(st.Mode().Type().String(), "-"))
	}
	return checkOutput(flag, path)
}

// checkFolder checks a flag naming a folder that the command creates if
// needed (coevolve --out, kernel install --prefix): it may not exist yet,
// but nothing on its path may be a file, and if it exists it must be a
// folder (a link to one is fine).
func checkFolder(flag, path string) error {
	if path == "" {
		return usagef("--%s: empty value (give a folder)", flag)
	}
	// Not through another user's link planted in a shared sticky folder
	// (as /tmp): the files would be made where that user chose.
	if err := atomicfile.CheckLinks(path); err != nil {
		return usagef("--%s %v", flag, err)
	}
	for d := filepath.Clean(path); ; d = filepath.Dir(d) {
		st, err := os.Stat(d)
		switch {
		case err == nil && st.IsDir():
			return nil
		case err == nil && d == filepath.Clean(path):
			return usagef("--%s %s: not a folder (%s)", flag, path, describeMode(st.Mode()))
		case err == nil:
			return usagef("--%s %s: %s is a file, not a folder", flag, path, d)
		case errors.Is(err, fs.ErrNotExist):
			if to, lerr := os.Readlink(d); lerr == nil {
				return usagef("--%s %s: %s is a symbolic link to %s, which does not exist", flag, path, d, to)
			}
		case !errors.Is(err, fs.ErrNotExist) && !errors.Is(err, errNotDir):
			return usagef("--%s %s: %v", flag, path, err)
		}
		if d == filepath.Dir(d) {
			return nil
		}
	}
}

// errNotDir is the error of a path that goes through a file.
var errNotDir = syscall.ENOTDIR

func describeMode(m fs.FileMode) string {
	switch {
	case m.IsRegular():
		return "a file"
	case m&fs.ModeCharDevice != 0:
		return "a device"
	case m&fs.ModeNamedPipe != 0:
		return "a FIFO"
	}
	return m.Type().String()
}

// openInput opens a file the user named, with caps; the open and every
// read end when ctx is done (Ctrl-C on a FIFO nobody writes).
func openInput(ctx context.Context, path string, lim input.Limits) (*input.File, error) {
	f, err := input.Open(ctx, path, lim)
	if err != nil {
		return nil, inputError(ctx, err, "")
	}
	return f, nil
}

// readInput reads the whole of a small file the user named (what it is
// for the error, e.g. "sweep config"): at most max bytes, so that a wrong
// file (/dev/zero, a binary) fails at once instead of filling memory.
func readInput(ctx context.Context, path string, max int64, what string) ([]byte, error) {
	b, err := input.ReadAll(ctx, path, max)
	if err != nil {
		return nil, inputError(ctx, err, what)
	}
	return b, nil
}

// inputError makes an error met reading an input the command's: the
// context's when interrupted, else bad input (exit 2) naming the file.
func inputError(ctx context.Context, err error, what string) error {
	var tl *input.TooLargeError
	switch {
	case ctx.Err() != nil:
		return ctx.Err()
	case errors.As(err, &tl) && what != "":
		if tl.Line {
			return usagef("%s:%d: a line longer than %d bytes: not a %s", tl.Path, tl.At, tl.Max, what)
		}
		return usagef("%s: more than %d bytes: not a %s", tl.Path, tl.Max, what)
	}
	return usagef("%v", err)
}
