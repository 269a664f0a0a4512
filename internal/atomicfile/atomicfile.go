// Package atomicfile writes result files so that no reader ever sees one
// half written: the content goes to a temporary file in the same folder,
// which is renamed over the target only when it is complete.
//
// A new file gets mode 0666 less the process umask (0644 under the usual
// umask 022), like a file made by the shell; a file that is replaced keeps
// its permissions. The temporary file is ".NAME-DIGITS"; RemoveStale
// deletes the ones a killed writer left behind.
package atomicfile

import (
	"errors"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// Write creates or replaces path with what write produces. On any error
// the temporary file is removed and path is left as it was.
func Write(path string, write func(w io.Writer) error) error {
	tmp, err := createTemp(path)
	if err != nil {
		return err
	}
	fail := func(err error) error {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if st, err := os.Stat(path); err == nil {
		// Keep the permissions of the file being replaced.
		if err := tmp.Chmod(st.Mode().Perm()); err != nil {
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
		return err
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return nil
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
// before they could rename them left beside it, and returns their names.
// Call it only while no other process writes path (for example while
// holding a lock on it): it cannot tell a stale file from one being written.
func RemoveStale(path string) ([]string, error) {
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
