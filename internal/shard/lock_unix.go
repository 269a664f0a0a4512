//go:build unix

package shard

import (
	"errors"
	"io/fs"
	"os"
	"syscall"
)

// lockFile opens path with flag and takes an advisory lock on it without
// waiting: exclusive for a writer, shared for a reader. A file renamed over
// path between the open and the lock (a writer finishing) is opened again,
// so the lock is always on the file that path names.
func lockFile(path string, flag int, exclusive bool) (*os.File, error) {
	how := syscall.LOCK_SH
	if exclusive {
		how = syscall.LOCK_EX
	}
	for range 100 {
		f, err := os.OpenFile(path, flag, 0o666)
		if err != nil {
			return nil, err
		}
		if err := syscall.Flock(int(f.Fd()), how|syscall.LOCK_NB); err != nil {
			f.Close()
			if errors.Is(err, syscall.EWOULDBLOCK) {
				return nil, lockedError(path)
			}
			return nil, &fs.PathError{Op: "lock", Path: path, Err: err}
		}
		fi, err1 := f.Stat()
		pi, err2 := os.Stat(path)
		if err1 == nil && err2 == nil && os.SameFile(fi, pi) {
			return f, nil
		}
		f.Close()
	}
	return nil, lockedError(path)
}
