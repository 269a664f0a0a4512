package atomicfile

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"
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

// node makes a character device at dir/name with the Linux device numbers
// dev (root only), or skips the test: the system's /dev/null must never
// be the target of a test that might replace it.
func node(t *testing.T, dir, name string, dev int) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := syscall.Mknod(p, syscall.S_IFCHR|0o666, dev); err != nil {
		t.Skipf("mknod: %v (devices are tested as root)", err)
	}
	return p
}

func isDevice(t *testing.T, p string) {
	t.Helper()
	st, err := os.Lstat(p)
	if err != nil || st.Mode()&os.ModeCharDevice == 0 {
		t.Fatalf("%s is no longer a device: %v %v", p, st.Mode(), err)
	}
}

func writeString(s string) func(w io.Writer) error {
	return func(w io.Writer) error { _, err := io.WriteString(w, s); return err }
}

// Issue 24: a device is written through, never replaced by a regular
// file; a full one fails naming the target, not the temporary file.
func TestWriteDevice(t *testing.T) {
	dir := t.TempDir()
	null := node(t, dir, "null", 0x103)
	if err := Write(null, writeString("gone\n")); err != nil {
		t.Fatal(err)
	}
	isDevice(t, null)
	full := node(t, dir, "full", 0x107)
	err := Write(full, writeString("x\n"))
	if !errors.Is(err, syscall.ENOSPC) || !strings.Contains(err.Error(), full) || strings.Contains(err.Error(), ".full-") {
		t.Fatalf("got %v, want no space left naming %s", err, full)
	}
	isDevice(t, full)
	// A link to a device: the link stays, the device is written.
	link := filepath.Join(dir, "link")
	os.Symlink(null, link)
	if err := Write(link, writeString("x\n")); err != nil {
		t.Fatal(err)
	}
	if to, err := os.Readlink(link); err != nil || to != null {
		t.Fatalf("link now %q, %v", to, err)
	}
	isDevice(t, null)
	if entries, _ := os.ReadDir(dir); len(entries) != 3 {
		t.Fatalf("%d files in the folder, want the 3 made", len(entries))
	}
}

// A link to a regular file is kept, and its target replaced atomically
// (its mode kept); a relative link is read from the link's folder.
func TestWriteLinkToFile(t *testing.T) {
	dir := t.TempDir()
	os.Mkdir(filepath.Join(dir, "data"), 0o755)
	target := filepath.Join(dir, "data", "r.csv")
	os.WriteFile(target, []byte("old\n"), 0o640)
	link := filepath.Join(dir, "r.csv")
	os.Symlink("data/r.csv", link)
	if err := Write(link, writeString("new\n")); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(target); string(b) != "new\n" {
		t.Fatalf("target holds %q", b)
	}
	if st, _ := os.Lstat(link); st.Mode()&os.ModeSymlink == 0 {
		t.Fatal("the link was replaced")
	}
	if st, _ := os.Stat(target); st.Mode().Perm() != 0o640 {
		t.Fatalf("mode %v, want 0640 kept", st.Mode().Perm())
	}
}

// Paths that cannot be written are refused with a *PathError naming the
// path and the problem, before anything is written: Check says the same.
func TestWriteRefused(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	os.WriteFile(file, []byte("x\n"), 0o644)
	os.Mkdir(filepath.Join(dir, "sub"), 0o755)
	dangling := filepath.Join(dir, "dangling")
	os.Symlink(filepath.Join(dir, "target"), dangling)
	loop := filepath.Join(dir, "loop")
	os.Symlink(loop, loop)
	for _, c := range []struct{ path, want string }{
		{"", "empty file name"},
		{filepath.Join(dir, "sub"), "a directory"},
		{filepath.Join(dir, "missing", "x.csv"), "folder " + filepath.Join(dir, "missing") + " does not exist"},
		{filepath.Join(file, "x.csv"), file + " is a file, not a folder"},
		{filepath.Join(file, "a", "x.csv"), file + " is a file, not a folder"},
		{dangling, "a symbolic link to " + filepath.Join(dir, "target") + ", which does not exist"},
		{loop, "more than 40 symbolic links"},
	} {
		var pe *PathError
		if err := Check(c.path); !errors.As(err, &pe) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Check(%q) = %v, want %q", c.path, err, c.want)
		}
		called := false
		err := Write(c.path, func(io.Writer) error { called = true; return nil })
		if !errors.As(err, &pe) || called {
			t.Errorf("Write(%q) = %v (writer called: %v), want a *PathError first", c.path, err, called)
		}
	}
	if _, err := os.Lstat(filepath.Join(dir, "target")); err == nil {
		t.Fatal("a dangling link's target was created")
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 4 {
		t.Fatalf("%d entries, want the 4 made", len(entries))
	}
}

// A FIFO is written through once a process reads it; with none, the
// write waits, and ends with the context.
func TestWriteFIFO(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	if err := WriteContext(ctx, fifo, writeString("x\n")); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("no reader: %v, want the context's error", err)
	}
	got := make(chan string, 1)
	go func() {
		b, _ := os.ReadFile(fifo)
		got <- string(b)
	}()
	if err := WriteContext(context.Background(), fifo, writeString("through\n")); err != nil {
		t.Fatal(err)
	}
	if s := <-got; s != "through\n" {
		t.Fatalf("the reader got %q", s)
	}
	if st, _ := os.Lstat(fifo); st.Mode()&os.ModeNamedPipe == 0 {
		t.Fatal("the FIFO was replaced")
	}
}

// /dev/stdout and /dev/fd/N are written through the open descriptor, at
// its offset: a regular file behind it is not replaced, and what the
// process wrote before stays.
func TestWriteDescriptor(t *testing.T) {
	dir := t.TempDir()
	out, err := os.Create(filepath.Join(dir, "out"))
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	io.WriteString(out, "before\n")
	fd := int(out.Fd())
	if err := Write(fmt.Sprintf("/dev/fd/%d", fd), writeString("through\n")); err != nil {
		t.Fatal(err)
	}
	io.WriteString(out, "after\n")
	if b, _ := os.ReadFile(out.Name()); string(b) != "before\nthrough\nafter\n" {
		t.Fatalf("the file holds %q", b)
	}
}

// WriteNoFollow writes a file of a folder by its name: a link planted
// under the name is refused and its target left alone, whether it points
// to a file, a missing file or a device; a regular file or a new name is
// written as Write writes it.
func TestWriteNoFollow(t *testing.T) {
	dir := t.TempDir()
	elsewhere := t.TempDir()
	victim := filepath.Join(elsewhere, "victim.txt")
	os.WriteFile(victim, []byte("precious\n"), 0o644)
	write := func(w io.Writer) error { _, err := io.WriteString(w, "run\n"); return err }
	for _, c := range []struct {
		name, target string
	}{
		{"history.csv", victim},
		{"run.json", filepath.Join(elsewhere, "missing.txt")},
		{"checkpoint.gz", "/dev/null"},
		{"archive.csv", "archive.csv"}, // a loop
	} {
		link := filepath.Join(dir, c.name)
		if err := os.Symlink(c.target, link); err != nil {
			t.Fatal(err)
		}
		var pe *PathError
		if err := CheckNoFollow(link); !errors.As(err, &pe) || !strings.Contains(pe.Problem, "symbolic link (to "+c.target+")") {
			t.Errorf("CheckNoFollow %s -> %s: %v", c.name, c.target, err)
		}
		if err := WriteNoFollow(link, write); !errors.As(err, &pe) || pe.Path != link {
			t.Errorf("WriteNoFollow %s -> %s: %v", c.name, c.target, err)
		}
		if to, err := os.Readlink(link); err != nil || to != c.target {
			t.Errorf("%s: the link became %q (%v)", c.name, to, err)
		}
	}
	if b, _ := os.ReadFile(victim); string(b) != "precious\n" {
		t.Errorf("the link's target now holds %q", b)
	}
	if entries, _ := os.ReadDir(elsewhere); len(entries) != 1 {
		t.Errorf("files made beside the target: %v", entries)
	}
	// Not a regular file: refused, left as it was.
	fifo := filepath.Join(dir, "fifo")
	syscall.Mkfifo(fifo, 0o644)
	sub := filepath.Join(dir, "sub")
	os.Mkdir(sub, 0o755)
	for _, p := range []string{fifo, sub, filepath.Join(victim, "x"), filepath.Join(dir, "no", "x"), ""} {
		var pe *PathError
		if err := WriteNoFollow(p, write); !errors.As(err, &pe) {
			t.Errorf("%q: %v, want a *PathError", p, err)
		}
	}
	if st, err := os.Lstat(fifo); err != nil || st.Mode()&os.ModeNamedPipe == 0 {
		t.Errorf("the FIFO was replaced: %v %v", st, err)
	}
	// A new name and a regular file are written, in place.
	for _, name := range []string{"new.csv", "new.csv"} {
		p := filepath.Join(dir, name)
		if err := WriteNoFollow(p, write); err != nil {
			t.Fatal(err)
		}
		if b, _ := os.ReadFile(p); string(b) != "run\n" {
			t.Fatalf("%s holds %q", name, b)
		}
	}
}

// RemoveStaleNoFollow looks beside the name, not beside a link's target:
// a link planted in the folder does not make it delete files elsewhere.
func TestRemoveStaleNoFollow(t *testing.T) {
	dir, elsewhere := t.TempDir(), t.TempDir()
	os.WriteFile(filepath.Join(elsewhere, "x.csv"), nil, 0o644)
	theirs := filepath.Join(elsewhere, ".x.csv-123")
	os.WriteFile(theirs, nil, 0o644)
	link := filepath.Join(dir, "history.csv")
	os.Symlink(filepath.Join(elsewhere, "x.csv"), link)
	ours := filepath.Join(dir, ".history.csv-456")
	os.WriteFile(ours, nil, 0o644)
	removed, err := RemoveStaleNoFollow(link)
	if err != nil || !slices.Equal(removed, []string{ours}) {
		t.Fatalf("removed %v (%v), want %s", removed, err, ours)
	}
	if _, err := os.Stat(theirs); err != nil {
		t.Errorf("removed the temporary file beside the link's target: %v", err)
	}
}

// A link that another user made in a sticky folder every user may write
// (as /tmp) is not followed, as Linux's fs.protected_symlinks rules, even
// where that setting is off: a file of the process's user is not replaced
// through a link planted there. (Making a link of another user needs
// root.)
func TestForeignLinkInStickyFolder(t *testing.T) {
	shared, home := t.TempDir(), t.TempDir()
	if err := os.Chmod(shared, 0o777|os.ModeSticky); err != nil {
		t.Fatal(err)
	}
	victim := filepath.Join(home, ".profile")
	os.WriteFile(victim, []byte("mine\n"), 0o644)
	planted := filepath.Join(shared, "los.csv")
	os.Symlink(victim, planted)
	if err := os.Lchown(planted, 54321, 54321); err != nil {
		t.Skipf("cannot make a link of another user: %v", err)
	}
	write := func(w io.Writer) error { _, err := io.WriteString(w, "player\n"); return err }
	var pe *PathError
	if err := Write(planted, write); !errors.As(err, &pe) || !strings.Contains(pe.Problem, "user 54321") {
		t.Errorf("Write: %v", err)
	}
	if _, err := Resolve(planted); !errors.As(err, &pe) {
		t.Errorf("Resolve: %v", err)
	}
	if b, _ := os.ReadFile(victim); string(b) != "mine\n" {
		t.Errorf("the target now holds %q", b)
	}
	// The process's own link there is followed; so is the other user's
	// link in a folder that is not shared.
	own := filepath.Join(shared, "own.csv")
	os.Symlink(victim, own)
	if err := Write(own, write); err != nil {
		t.Errorf("own link: %v", err)
	}
	os.Chmod(shared, 0o755)
	if got, err := Resolve(planted); err != nil || got != victim {
		t.Errorf("not shared: Resolve %q %v", got, err)
	}
}

// A folder reached through another user's link in a sticky folder every
// user may write is refused too (a run's --out, shared/run, planted as a
// link to a folder of ours), at any depth, and by Write for a file under
// it; the process's own links there, and relative links, are followed.
func TestCheckLinks(t *testing.T) {
	shared, home := t.TempDir(), t.TempDir()
	if err := os.Chmod(shared, 0o777|os.ModeSticky); err != nil {
		t.Fatal(err)
	}
	planted := filepath.Join(shared, "run")
	os.Symlink(home, planted)
	if err := os.Lchown(planted, 54321, 54321); err != nil {
		t.Skipf("cannot make a link of another user: %v", err)
	}
	var pe *PathError
	for _, p := range []string{planted, filepath.Join(planted, "seed-1"), planted + "/./x/../y"} {
		if err := CheckLinks(p); !errors.As(err, &pe) || !strings.Contains(pe.Problem, "user 54321") || !strings.Contains(pe.Problem, planted) {
			t.Errorf("CheckLinks(%s): %v", p, err)
		}
	}
	// Through a link of ours that leads into the shared folder.
	mine := filepath.Join(home, "to-shared")
	os.Symlink(shared, mine)
	if err := CheckLinks(filepath.Join(mine, "run", "x.csv")); !errors.As(err, &pe) {
		t.Errorf("through our link to the shared folder: %v", err)
	}
	if err := Write(filepath.Join(planted, "x.csv"), func(w io.Writer) error { return nil }); !errors.As(err, &pe) {
		t.Errorf("Write under the planted link: %v", err)
	}
	if _, err := os.Stat(filepath.Join(home, "x.csv")); err == nil {
		t.Errorf("written through the planted link")
	}
	own := filepath.Join(shared, "own")
	os.Symlink("../"+filepath.Base(home), own)
	os.Symlink(home, own+"-abs")
	for _, p := range []string{own + "/x", own + "-abs/x", filepath.Join(home, "x"), "relative/x"} {
		if err := CheckLinks(p); err != nil {
			t.Errorf("CheckLinks(%s): %v", p, err)
		}
	}
}

// Resolve follows links to the file they name, existing or not.
func TestResolve(t *testing.T) {
	dir := t.TempDir()
	os.Symlink("b", filepath.Join(dir, "a"))
	os.Symlink(filepath.Join(dir, "c"), filepath.Join(dir, "b"))
	os.Symlink("loop", filepath.Join(dir, "loop"))
	for _, c := range []struct{ path, want string }{
		{filepath.Join(dir, "a"), filepath.Join(dir, "c")},
		{filepath.Join(dir, "plain"), filepath.Join(dir, "plain")},
		{filepath.Join(dir, "loop"), ""},
	} {
		got, err := Resolve(c.path)
		if got != c.want || (err != nil) != (c.want == "") {
			t.Errorf("Resolve(%s) = %q, %v; want %q", c.path, got, err, c.want)
		}
	}
}
