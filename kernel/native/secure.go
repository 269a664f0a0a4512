package native

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
)

// A plugin runs in the worker as the user, with the user's rights: a
// plugin file someone else could write or replace, or a session module
// whose sources someone else could change before a build, would run their
// code as the user. So, as ssh refuses a key file others can read or
// write, the Builder refuses a cache or module directory, or a plugin,
// that another user can write (mode bits), or that is owned by another
// user, and so is every directory above it: each must be owned by the user
// or root and writable by no one else, unless it is a sticky directory
// owned by root such as /tmp (where others cannot rename or remove what is
// not theirs).

// InsecureError is a path the Builder refuses to build into or load from.
type InsecureError struct {
	Path   string
	Reason string
}

func (e *InsecureError) Error() string {
	return fmt.Sprintf("refusing to use %s for compiled code: %s; a plugin put there would run as you in your kernel. "+
		"Fix it (chmod go-w %s, or chown it), or set %s to a directory of your own", e.Path, e.Reason, e.Path, CacheEnv)
}

// checkSecure checks path (which must exist) and every directory above it.
func checkSecure(path string) error {
	abs, err := filepath.Abs(path)
	if err != nil {
		return err
	}
	uid := uint32(os.Getuid())
	for p := abs; ; p = filepath.Dir(p) {
		fi, err := os.Lstat(p)
		if err != nil {
			return err
		}
		if fi.Mode()&fs.ModeSymlink != 0 {
			// Resolve a link and check where it leads, then go on above
			// the link itself.
			target, err := filepath.EvalSymlinks(p)
			if err != nil {
				return err
			}
			if err := checkSecure(target); err != nil {
				return err
			}
		} else if err := checkOne(p, fi, uid, p == abs); err != nil {
			return err
		}
		if parent := filepath.Dir(p); parent == p {
			return nil
		}
	}
}

// checkOne checks one path: its owner, and who may write it.
func checkOne(p string, fi fs.FileInfo, uid uint32, leaf bool) error {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return nil
	}
	if st.Uid != uid && st.Uid != 0 {
		return &InsecureError{Path: p, Reason: fmt.Sprintf("it is owned by uid %d, not by you (uid %d)", st.Uid, uid)}
	}
	perm := fi.Mode().Perm()
	if perm&0o022 == 0 {
		return nil
	}
	// A sticky directory of root's (/tmp) above the cache is safe.
	if !leaf && fi.IsDir() && fi.Mode()&fs.ModeSticky != 0 && st.Uid == 0 {
		return nil
	}
	who := "other users"
	if perm&0o002 == 0 {
		who = "its group"
	}
	return &InsecureError{Path: p, Reason: fmt.Sprintf("%s can write it (mode %v)", who, fi.Mode())}
}

// makeSecureDir makes dir, readable and writable by the user alone if it
// is new, and checks it and what is above it.
func makeSecureDir(dir string) error {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	return checkSecure(dir)
}
