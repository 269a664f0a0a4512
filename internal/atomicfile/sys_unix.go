//go:build unix

package atomicfile

import (
	"errors"
	"syscall"
)

// writable reports whether the process may write path (a folder: create
// files in it), as access(2) says: nil, or why not.
func writable(path string) error {
	const wOK = 2
	err := syscall.Access(path, wOK)
	if errors.Is(err, syscall.EACCES) {
		return errors.New("not writable (permission denied)")
	}
	if errors.Is(err, syscall.EROFS) {
		return errors.New("on a read-only file system")
	}
	return nil
}

func dup(fd int) (int, error) { return syscall.Dup(fd) }
