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
// written (but not a link that another user planted in a sticky folder
// every user may write, such as /tmp: the rule of Linux's
// fs.protected_symlinks, applied whatever that setting, since this package
// follows links itself); a dangling link, a directory, a block device or
// a socket is refused with a *PathError before anything is written, and
// so is a name in a folder that does not exist or under a file. Check makes the same
// checks without writing, so that a command can refuse a bad output
// before it starts its work.
//
// The files a program names itself inside a folder (a run's checkpoint
// and results, the shard files and the job script beside a results file,
// the figures of a gallery) are written by WriteNoFollow, which never
// follows a link: the user named the folder, not the file, and a link
// planted under one of those names (by another user of a shared folder,
// or of a folder made before the run) must not redirect the write to a
// file elsewhere. A symbolic link, a device, a FIFO or a directory under
// the name is refused with a *PathError before anything is written
// (CheckNoFollow refuses it before the work); the temporary file is made
// in the folder itself and renamed over the name, and a rename replaces a
// link planted after the check, it never follows it.
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

	"github.com/coevolab/coevo/internal/ctxio"
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
		return writeFD(ctx, t.fd, write)
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

// WriteNoFollow writes path, a file the program names itself in a folder,
// atomically as Write replaces a regular file, but only as a regular file
// of that folder: a symbolic link under the name is refused, not followed
// (and so are a device, a FIFO, a directory), with a *PathError, before
// anything is written. See the package documentation.
func WriteNoFollow(path string, write func(w io.Writer) error) error {
	t, err := resolveNoFollow(path)
	if err != nil {
		return err
	}
	return replace(t.path, t.mode, write)
}

// CheckNoFollow reports, without writing, whether WriteNoFollow can write
// path: nil, or a *PathError naming the problem.
func CheckNoFollow(path string) error {
	_, err := resolveNoFollow(path)
	return err
}

// resolveNoFollow decides how path is written without following a link:
// a regular file or a new name in a writable folder, nothing else.
func resolveNoFollow(path string) (target, error) {
	if path == "" {
		return target{}, &PathError{"", "empty file name"}
	}
	st, err := os.Lstat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if err := checkFolder(path, filepath.Dir(path)); err != nil {
			return target{}, err
		}
		return target{path: path, fd: -1}, nil
	case errors.Is(err, syscall.ENOTDIR):
		return target{}, folderError(path, filepath.Dir(path))
	case err != nil:
		return target{}, err
	}
	m := st.Mode()
	switch {
	case m&fs.ModeSymlink != 0:
		to, _ := os.Readlink(path)
		return target{}, &PathError{path, fmt.Sprintf("a symbolic link (to %s), not followed: this file is written by its name in its folder; remove the link", to)}
	case m.IsRegular():
		if err := checkFolder(path, filepath.Dir(path)); err != nil {
			return target{}, err
		}
		return target{path: path, mode: m, exists: true, fd: -1}, nil
	case m.IsDir():
		return target{}, &PathError{path, "a directory, not a file"}
	}
	return target{}, &PathError{path, "not a regular file (" + strings.TrimLeft(m.Type().String(), "-") + "): move it aside"}
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
	if err := CheckLinks(filepath.Dir(path)); err != nil {
		return target{}, err
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
			to, err := readLink(path, p, st)
			if err != nil {
				return target{}, err
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

// readLink returns the file the link p (met following path) names, as
// the kernel reads it. A link that another user planted in a sticky folder
// every user may write (such as /tmp) is refused with a *PathError, as
// Linux refuses to follow it when fs.protected_symlinks is set: this
// package follows links itself, so it applies that rule whatever the
// setting.
func readLink(path, p string, st fs.FileInfo) (string, error) {
	if err := foreignLink(p, st); err != nil {
		return "", &PathError{path, err.Error()}
	}
	to, err := os.Readlink(p)
	if err != nil {
		return "", err
	}
	if !filepath.IsAbs(to) {
		// Relative to the folder that holds the link, as the kernel
		// reads it (not to a path through a linked folder).
		dir, err := filepath.EvalSymlinks(filepath.Dir(p))
		if err != nil {
			return "", err
		}
		to = filepath.Join(dir, to)
	}
	return to, nil
}

// Resolve returns the file path leads to through its symbolic links, as
// Write follows them (at most 40, none that another user planted in a
// shared sticky folder): path itself when it is not a link. The file need
// not exist: the target of a dangling link is returned, for a caller that
// means to create it (an append asked to follow links). Problems with the
// links are a *PathError.
func Resolve(path string) (string, error) {
	if path == "" {
		return "", &PathError{"", "empty file name"}
	}
	p := path
	for range maxLinks {
		st, err := os.Lstat(p)
		if err != nil || st.Mode()&fs.ModeSymlink == 0 {
			return p, nil
		}
		if p, err = readLink(path, p, st); err != nil {
			return "", err
		}
	}
	return "", &PathError{path, fmt.Sprintf("more than %d symbolic links to follow", maxLinks)}
}

// CheckLinks returns a *PathError when following path, folder by folder,
// goes through a symbolic link that another user planted in a sticky
// folder every user may write (as /tmp): the rule readLink applies to a
// file's own links, applied to every folder on the way (a folder coevo
// makes files in: a run's --out, a kernelspec's --prefix). The links are
// followed as the kernel follows them, at most 40; parts that do not
// exist end the walk.
func CheckLinks(path string) error {
	if path == "" {
		return nil
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil
	}
	done, rest := "/", strings.Split(strings.TrimPrefix(abs, "/"), "/")
	for links := 0; len(rest) > 0; {
		name := rest[0]
		rest = rest[1:]
		switch name {
		case "", ".":
			continue
		case "..":
			done = filepath.Dir(done)
			continue
		}
		p := filepath.Join(done, name)
		st, err := os.Lstat(p)
		if err != nil {
			return nil
		}
		if st.Mode()&fs.ModeSymlink == 0 {
			done = p
			continue
		}
		if links++; links > maxLinks {
			return &PathError{path, fmt.Sprintf("more than %d symbolic links to follow", maxLinks)}
		}
		if err := foreignLink(p, st); err != nil {
			return &PathError{path, fmt.Sprintf("%s is %v", p, err)}
		}
		to, err := os.Readlink(p)
		if err != nil {
			return nil
		}
		if filepath.IsAbs(to) {
			done = "/"
		}
		rest = append(strings.Split(strings.Trim(to, "/"), "/"), rest...)
	}
	return nil
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
// so that closing it leaves the descriptor open). The descriptor is
// blocking (the standard output, a full pipe nobody reads): the writes go
// through internal/ctxio, so that ctx ends one that waits.
func writeFD(ctx context.Context, fd int, write func(w io.Writer) error) error {
	d, err := dup(fd)
	if err != nil {
		return &PathError{fmt.Sprintf("/dev/fd/%d", fd), "not an open descriptor: " + err.Error()}
	}
	f := os.NewFile(uintptr(d), fmt.Sprintf("/dev/fd/%d", fd))
	err = write(ctxio.NewWriter(ctx, f, fdGrace))
	if err != nil && ctx.Err() != nil {
		// A write may still wait on the duplicate: leave it open (the
		// process is ending).
		return ctx.Err()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// fdGrace is how long a write through a descriptor may still take once
// ctx is done.
const fdGrace = 250 * time.Millisecond

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
	return removeStale(path)
}

// RemoveStaleNoFollow is RemoveStale for a file written by WriteNoFollow:
// it looks beside path itself, even when path is a link.
func RemoveStaleNoFollow(path string) ([]string, error) { return removeStale(path) }

func removeStale(path string) ([]string, error) {
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
