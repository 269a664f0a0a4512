package atomicfile

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"syscall"
	"testing"
)

func TestWrite(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "r.csv")
	if err := Write(path, func(w io.Writer) error { _, err := io.WriteString(w, "old\n"); return err }); err != nil {
		t.Fatal(err)
	}
	// A failing writer leaves the old content and no temporary file.
	boom := errors.New("boom")
	if err := Write(path, func(w io.Writer) error { io.WriteString(w, "half"); return boom }); !errors.Is(err, boom) {
		t.Fatalf("got %v", err)
	}
	if b, _ := os.ReadFile(path); string(b) != "old\n" {
		t.Fatalf("content %q", b)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Fatalf("%d files left", len(entries))
	}
}

// A new file has mode 0666 less the umask (issue 17: files were 0600
// whatever the umask); a replaced file keeps its mode.
func TestWriteMode(t *testing.T) {
	old := syscall.Umask(0o022)
	defer syscall.Umask(old)
	dir := t.TempDir()
	path := filepath.Join(dir, "r.csv")
	write := func(w io.Writer) error { _, err := io.WriteString(w, "x\n"); return err }
	if err := Write(path, write); err != nil {
		t.Fatal(err)
	}
	if st, _ := os.Stat(path); st.Mode().Perm() != 0o644 {
		t.Fatalf("umask 022: mode %v, want 0644", st.Mode().Perm())
	}
	syscall.Umask(0o077)
	other := filepath.Join(dir, "private.csv")
	if err := Write(other, write); err != nil {
		t.Fatal(err)
	}
	if st, _ := os.Stat(other); st.Mode().Perm() != 0o600 {
		t.Fatalf("umask 077: mode %v, want 0600", st.Mode().Perm())
	}
	os.Chmod(path, 0o640)
	if err := Write(path, write); err != nil {
		t.Fatal(err)
	}
	if st, _ := os.Stat(path); st.Mode().Perm() != 0o640 {
		t.Fatalf("replaced file: mode %v, want 0640 kept", st.Mode().Perm())
	}
}

// RemoveStale removes the temporary files of that path only.
func TestRemoveStale(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "r.csv")
	for _, name := range []string{"r.csv", ".r.csv-123", ".r.csv-4567", ".r.csv-x1", ".r.csv-", "r.csv-9", ".r.csv.shard-0-of-2.csv-77", ".rr.csv-5"} {
		os.WriteFile(filepath.Join(dir, name), nil, 0o644)
	}
	removed, err := RemoveStale(path)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{filepath.Join(dir, ".r.csv-123"), filepath.Join(dir, ".r.csv-4567")}
	if !slices.Equal(removed, want) {
		t.Fatalf("removed %v, want %v", removed, want)
	}
	left, _ := os.ReadDir(dir)
	if len(left) != 6 {
		t.Fatalf("%d files left, want 6", len(left))
	}
}
