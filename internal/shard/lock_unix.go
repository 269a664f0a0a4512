//go:build unix

package shard

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"syscall"
)

// lockFile opens path with flag and takes an advisory lock on it without
// waiting: exclusive for a writer, shared for a reader. A file renamed over
// path between the open and the lock (a writer finishing) is opened again,
// so the lock is always on the file that path names. On a filesystem
// without flock (Lustre mounted without -o flock, some NFS set-ups) the
// file is opened unlocked and locked reports false.
func lockFile(path string, flag int, exclusive bool) (f *os.File, locked bool, err error) {
	how := syscall.LOCK_SH
	if exclusive {
		how = syscall.LOCK_EX
	}
	for range 100 {
		// Without waiting: a FIFO named as a results file would block
		// the open of a reader until some process writes it.
		f, err := os.OpenFile(path, flag|syscall.O_NONBLOCK, 0o666)
		if errors.Is(err, syscall.ELOOP) && flag&noFollow != 0 {
			to, _ := os.Readlink(path)
			return nil, false, &FileError{Path: path, Msg: fmt.Sprintf("a symbolic link (to %s), not followed: give the file itself", to)}
		}
		if err != nil {
			return nil, false, err
		}
		if st, err := f.Stat(); err == nil && !st.Mode().IsRegular() {
			f.Close()
			return nil, false, &FileError{Path: path, Msg: "not a regular file: results go to a file"}
		}
		if err := syscall.Flock(int(f.Fd()), how|syscall.LOCK_NB); err != nil {
			switch {
			case errors.Is(err, syscall.EWOULDBLOCK):
				f.Close()
				return nil, false, lockedError(path)
			case errors.Is(err, syscall.ENOSYS), errors.Is(err, syscall.EOPNOTSUPP), errors.Is(err, syscall.ENOLCK), errors.Is(err, syscall.EINVAL):
				return f, false, nil
			}
			f.Close()
			return nil, false, &fs.PathError{Op: "lock", Path: path, Err: err}
		}
		fi, err1 := f.Stat()
		pi, err2 := os.Stat(path)
		if err1 == nil && err2 == nil && os.SameFile(fi, pi) {
			return f, true, nil
		}
		f.Close()
	}
	return nil, false, lockedError(path)
}

// noFollow makes an open refuse a symbolic link (ELOOP).
const noFollow = syscall.O_NOFOLLOW
