//go:build unix

package atomicfile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
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

// foreignLink says why the link at path (st its Lstat) may not be
// followed: it sits in a sticky folder that every user may write (as
// /tmp) and belongs neither to this process's user nor to the folder's
// owner, the rule of Linux's fs.protected_symlinks. nil otherwise.
func foreignLink(path string, st fs.FileInfo) error {
	ls, ok := st.Sys().(*syscall.Stat_t)
	if !ok {
		return nil
	}
	dir := filepath.Dir(path)
	dst, err := os.Stat(dir)
	if err != nil {
		return nil
	}
	ds, ok := dst.Sys().(*syscall.Stat_t)
	if !ok || dst.Mode()&fs.ModeSticky == 0 || dst.Mode().Perm()&0o002 == 0 {
		return nil
	}
	if int(ls.Uid) == os.Geteuid() || ls.Uid == ds.Uid {
		return nil
	}
	return fmt.Errorf("a symbolic link of user %d in %s, a folder every user may write: not followed (another user may have planted it; Linux's fs.protected_symlinks refuses it too)", ls.Uid, dir)
}
