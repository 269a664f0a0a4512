// Package atomicfile writes the files coevo's users name as outputs, so
// that no reader ever sees one half written and nothing but a regular file
// is ever replaced.
//
// Write puts the content in a temporary file in the same folder, flushes
// it to disk and renames it over the target only when it is complete; a
// crash leaves the old file or the new one. That is for a regular file (or
// a name not yet taken). A device (/dev/null), a FIFO or the standard
// output (/dev/stdout, /dev/fd/N) is written through instead, never
// replaced; a symbolic link is followed, the link kept and its target
// written; a dangling link, a directory, a block device or a socket is
// refused with a *PathError before anything is written, and so is a name
// in a folder that does not exist or under a file. Check makes the same
// checks without writing, so that a command can refuse a bad output
// before it starts its work.
//
// A new file gets mode 0666 less the process umask (0644 under the usual
// umask 022), like a file made by the shell; a file that is replaced keeps
// its permissions. The temporary file is ".NAME-DIGITS"; RemoveStale
// deletes the ones a killed writer left behind. Errors name the target,
// never the temporary file.
package atomicfile

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// A PathError says that path cannot be written where it is: it names the
// path and the problem (a directory, a missing folder, a dangling link).
// Check returns one, and so does Write before it has written anything.
type PathError struct {
	Path    string
	Problem string
}

func (e *PathError) Error() string {
	if e.Path == "" {
		return e.Problem
	}
	return e.Path + ": " + e.Problem
}

// Write writes what write produces to path, as the package describes: a
// regular file is replaced atomically, a device or FIFO written through.
// On any error a regular file is left as it was. A FIFO that no process
// reads waits for a reader: WriteContext stops waiting when its context
// is done.
func Write(path string, write func(w io.Writer) error) error {
	return WriteContext(context.Background(), path, write)
}

// WriteContext is Write that gives up, with ctx's error, when ctx is done
// while it waits for a FIFO's reader or for a reader to take what it
// writes through.
func WriteContext(ctx context.Context, path string, write func(w io.Writer) error) error {
	t, err := resolve(path)
	if err != nil {
		return err
	}
	switch {
	case t.fd >= 0:
		return writeFD(t.fd, write)
	case t.through:
		return writeThrough(ctx, t.path, t.mode, write)
	}
	return replace(t.path, t.mode, write)
}

// Check reports, without writing, whether Write can write path: nil, or
// a *PathError naming the problem.
func Check(path string) error {
	_, err := resolve(path)
	return err
}

// target is where a write to a path goes.
type target struct {
	path    string      // the file written (links resolved)
	mode    fs.FileMode // its mode, 0 if it does not exist
	exists  bool
	through bool // a device or FIFO: written through, not replaced
	fd      int  // >= 0: the open descriptor /dev/stdout, /dev/fd/N name
}

// maxLinks bounds the symbolic links followed, as the kernel does (40).
const maxLinks = 40

// resolve follows path's links and decides how it is written.
func resolve(path string) (target, error) {
	if path == "" {
		return target{}, &PathError{"", "empty file name"}
	}
	p := path
	for range maxLinks {
		if fd, ok := openDescriptor(p); ok {
			return target{path: p, fd: fd, through: true}, nil
		}
		st, err := os.Lstat(p)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			if p != path {
				return target{}, &PathError{path, fmt.Sprintf("a symbolic link to %s, which does not exist", p)}
			}
			if err := checkFolder(path, filepath.Dir(p)); err != nil {
				return target{}, err
			}
			return target{path: p, fd: -1}, nil
		case errors.Is(err, syscall.ENOTDIR):
			return target{}, folderError(path, filepath.Dir(p))
		case err != nil:
			return target{}, err
		}
		m := st.Mode()
		switch {
		case m&fs.ModeSymlink != 0:
			to, err := os.Readlink(p)
			if err != nil {
				return target{}, err
			}
			if !filepath.IsAbs(to) {
				// Relative to the folder that holds the link, as the
				// kernel reads it (not to a path through a linked folder).
				dir, err := filepath.EvalSymlinks(filepath.Dir(p))
				if err != nil {
					return target{}, err
				}
				to = filepath.Join(dir, to)
			}
			p = to
			continue
		case m.IsRegular():
			if err := checkFolder(path, filepath.Dir(p)); err != nil {
				return target{}, err
			}
			return target{path: p, mode: m, exists: true, fd: -1}, nil
		case m.IsDir():
			return target{}, &PathError{path, "a directory, not a file"}
		case m&fs.ModeCharDevice != 0, m&fs.ModeNamedPipe != 0:
			if err := writable(p); err != nil {
				return target{}, &PathError{path, err.Error()}
			}
			return target{path: p, mode: m, exists: true, through: true, fd: -1}, nil
		case m&fs.ModeDevice != 0:
			return target{}, &PathError{path, "a block device: coevo writes files, not disks"}
		case m&fs.ModeSocket != 0:
			return target{}, &PathError{path, "a socket, not a file"}
		default:
			return target{}, &PathError{path, "not a file that can be written (" + m.Type().String() + ")"}
		}
	}
	return target{}, &PathError{path, fmt.Sprintf("more than %d symbolic links to follow", maxLinks)}
}

// openDescriptor recognizes the names of open descriptors: /dev/stdout,
// /dev/stderr, /dev/fd/N and /proc/self/fd/N. They are written through the
// descriptor itself: opened again by name, a regular file would be written
// from its start, over what the process already wrote to it.
func openDescriptor(p string) (int, bool) {
	switch p = filepath.Clean(p); p {
	case "/dev/stdout":
		return 1, true
	case "/dev/stderr":
		return 2, true
	}
	for _, dir := range []string{"/dev/fd/", "/proc/self/fd/"} {
		if n, ok := strings.CutPrefix(p, dir); ok {
			if fd, err := strconv.Atoi(n); err == nil && fd >= 0 && strconv.Itoa(fd) == n {
				return fd, true
			}
		}
	}
	return -1, false
}

// checkFolder checks that dir, the folder a new or replaced file of path
// goes in, exists, is a folder and can be written.
func checkFolder(path, dir string) error {
	st, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return &PathError{path, fmt.Sprintf("folder %s does not exist", dir)}
	case errors.Is(err, syscall.ENOTDIR):
		return folderError(path, dir)
	case err != nil:
		return &PathError{path, err.Error()}
	case !st.IsDir():
		return &PathError{path, fmt.Sprintf("%s is not a folder", dir)}
	}
	if err := writable(dir); err != nil {
		return &PathError{path, fmt.Sprintf("folder %s: %v", dir, err)}
	}
	return nil
}

// folderError names the file that stands where path needs a folder.
func folderError(path, dir string) error {
	for d := dir; ; d = filepath.Dir(d) {
		st, err := os.Stat(d)
		if err == nil && !st.IsDir() {
			return &PathError{path, fmt.Sprintf("%s is a file, not a folder", d)}
		}
		if err == nil || d == filepath.Dir(d) {
			return &PathError{path, fmt.Sprintf("folder %s does not exist", dir)}
		}
	}
}

// replace writes a regular file (or a new one) through a temporary file
// and a rename.
func replace(path string, mode fs.FileMode, write func(w io.Writer) error) error {
	tmp, err := createTemp(path)
	if err != nil {
		return renamed(err, path)
	}
	fail := func(err error) error {
		tmp.Close()
		os.Remove(tmp.Name())
		return renamed(err, path)
	}
	if mode != 0 {
		// Keep the permissions of the file being replaced.
		if err := tmp.Chmod(mode.Perm()); err != nil {
			return fail(err)
		}
	}
	if err := write(tmp); err != nil {
		return fail(err)
	}
	// Flush to disk before the rename, so that a crash leaves the old
	// file or the new one, never an empty one.
	if err := tmp.Sync(); err != nil {
		return fail(err)
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return renamed(err, path)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		os.Remove(tmp.Name())
		return renamed(err, path)
	}
	// And the rename itself, so that the new name survives a crash.
	if d, err := os.Open(filepath.Dir(path)); err == nil {
		d.Sync()
		d.Close()
	}
	return nil
}

// renamed makes an error about the temporary file one about path: users
// never hear of the temporary file.
func renamed(err error, path string) error {
	var pe *fs.PathError
	var le *os.LinkError
	switch {
	case errors.As(err, &pe) && strings.HasPrefix(filepath.Base(pe.Path), "."):
		return &fs.PathError{Op: pe.Op, Path: path, Err: pe.Err}
	case errors.As(err, &le):
		return &fs.PathError{Op: le.Op, Path: path, Err: le.Err}
	}
	return err
}

// writeThrough writes a device or FIFO in place. A FIFO is opened without
// waiting: while no process reads it, the open is tried again every 20 ms
// until ctx is done.
func writeThrough(ctx context.Context, path string, mode fs.FileMode, write func(w io.Writer) error) error {
	var f *os.File
	for {
		var err error
		f, err = os.OpenFile(path, os.O_WRONLY|syscall.O_NONBLOCK, 0)
		if err == nil {
			break
		}
		if mode&fs.ModeNamedPipe == 0 || !errors.Is(err, syscall.ENXIO) {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(20 * time.Millisecond):
		}
	}
	// A reader that stops reading would block the write for ever: the
	// context ends it (the FIFO is in the runtime's poller).
	stop := context.AfterFunc(ctx, func() { f.SetWriteDeadline(time.Now()) })
	defer stop()
	err := write(f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil && ctx.Err() != nil {
		return ctx.Err()
	}
	return err
}

// writeFD writes through an open descriptor of the process (a duplicate,
// so that closing it leaves the descriptor open).
func writeFD(fd int, write func(w io.Writer) error) error {
	d, err := dup(fd)
	if err != nil {
		return &PathError{fmt.Sprintf("/dev/fd/%d", fd), "not an open descriptor: " + err.Error()}
	}
	f := os.NewFile(uintptr(d), fmt.Sprintf("/dev/fd/%d", fd))
	err = write(f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// tempPrefix is the name of path's temporary files without their digits.
func tempPrefix(path string) string {
	return filepath.Join(filepath.Dir(path), "."+filepath.Base(path)+"-")
}

// createTemp makes a new temporary file beside path with mode 0666, which
// the kernel reduces by the umask (os.CreateTemp would make it 0600).
func createTemp(path string) (*os.File, error) {
	prefix := tempPrefix(path)
	for range 1000 {
		f, err := os.OpenFile(prefix+strconv.FormatUint(uint64(rand.Uint32()), 10), os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o666)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		return f, err
	}
	return nil, &fs.PathError{Op: "createtemp", Path: prefix + "*", Err: fs.ErrExist}
}

// RemoveStale removes the temporary files that writers of path killed
// before they could rename them left beside it (beside the file a link
// names, for a link), and returns their names. Call it only while no
// other process writes path (for example while holding a lock on it): it
// cannot tell a stale file from one being written.
func RemoveStale(path string) ([]string, error) {
	if t, err := resolve(path); err == nil && t.path != "" && t.fd < 0 {
		path = t.path
	}
	prefix := tempPrefix(path)
	entries, err := os.ReadDir(filepath.Dir(path))
	if err != nil {
		return nil, err
	}
	var removed []string
	for _, e := range entries {
		name := filepath.Join(filepath.Dir(path), e.Name())
		digits, ok := strings.CutPrefix(name, prefix)
		if !ok || digits == "" || strings.Trim(digits, "0123456789") != "" || e.IsDir() {
			continue
		}
		if err := os.Remove(name); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return removed, err
		}
		removed = append(removed, name)
	}
	return removed, nil
}
