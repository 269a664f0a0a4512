package shard

import (
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// testJob is a sweep of sizes x seeds with a budget setting; the result of
// an item is a function of its key and budget.
func testJob(budget string, sizes []int, seeds int) *Job {
	j := NewJob("test sweep", []string{"game", "size", "seed", "budget", "result"}, []string{"size", "seed"}, []string{"game", "budget"})
	for _, n := range sizes {
		for s := 1; s <= seeds; s++ {
			j.Add([]string{strconv.Itoa(n), strconv.Itoa(s)}, []string{"nim", budget})
		}
	}
	return j
}

func testRow(j *Job, i int) []string {
	it := j.items[i]
	n, _ := strconv.Atoi(it.key[0])
	s, _ := strconv.Atoi(it.key[1])
	return []string{"nim", it.key[0], it.key[1], it.settings[1], strconv.Itoa(n*n + 7*s)}
}

// run computes the items of split s that are still to do, in a shuffled
// order (as parallel workers finish them), stopping after stop of them
// (stop < 0: all), and closes the log unless killed.
func run(t *testing.T, j *Job, out string, s Split, stop int, seed uint64, kill bool) *Log {
	t.Helper()
	l, err := j.Open(out, s)
	if err != nil {
		t.Fatal(err)
	}
	todo := l.Todo()
	rand.New(rand.NewPCG(seed, 1)).Shuffle(len(todo), func(a, b int) { todo[a], todo[b] = todo[b], todo[a] })
	for k, i := range todo {
		if k == stop {
			break
		}
		if err := l.Add(i, testRow(j, i)); err != nil {
			t.Fatal(err)
		}
	}
	if !kill {
		if err := l.Close(); err != nil {
			t.Fatal(err)
		}
	}
	return l
}

// wantFile is the results file of the whole job, written independently.
func wantFile(j *Job) string {
	var b strings.Builder
	b.WriteString("game,size,seed,budget,result\n")
	for i := range j.items {
		b.WriteString(strings.Join(testRow(j, i), ",") + "\n")
	}
	return b.String()
}

func read(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// A run stopped part way (closed, or killed without Close) resumes: the
// rows it finished are kept, only the rest is computed, and the file ends
// up in work order, as a run straight through writes it.
func TestLogResume(t *testing.T) {
	j := testJob("100", []int{5, 10, 20}, 7)
	dir := t.TempDir()
	out := filepath.Join(dir, "r.csv")
	run(t, j, out, Whole, 6, 1, false)
	l := run(t, j, out, Whole, 4, 2, true) // killed: no Close
	l.f.Close()                            // the kill releases the lock
	l, err := j.Open(out, Whole)
	if err != nil {
		t.Fatal(err)
	}
	if l.Resumed() != 10 || len(l.Todo()) != j.Len()-10 {
		t.Fatalf("resumed %d, %d to do", l.Resumed(), len(l.Todo()))
	}
	l.Close()
	run(t, j, out, Whole, -1, 3, false)
	if got := read(t, out); got != wantFile(j) {
		t.Fatalf("resumed file:\n%s\nwant:\n%s", got, wantFile(j))
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Fatalf("files left: %v", entries)
	}
}

// Resuming with other settings is refused, naming the row and the field;
// so is a row of another job or of another shard; nothing is changed.
func TestLogRefusesOtherSettings(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "r.csv")
	run(t, testJob("100", []int{5, 10}, 3), out, Whole, 4, 1, false)
	before := read(t, out)
	for _, c := range []struct {
		job  *Job
		s    Split
		want string
	}{
		{testJob("200", []int{5, 10}, 3), Whole, `was computed with budget "100", and this test sweep has budget "200"`},
		{testJob("100", []int{5}, 3), Whole, `size=10 seed=`},
		{testJob("100", []int{5, 10}, 2), Whole, `seed=3 is not a work item of this test sweep`},
	} {
		_, err := c.job.Open(out, c.s)
		var fe *FileError
		if !errors.As(err, &fe) || !strings.Contains(err.Error(), c.want) || fe.Line < 2 {
			t.Errorf("got %v, want a FileError with a line and %q", err, c.want)
		}
	}
	// A shard file holding a row of another shard.
	j := testJob("100", []int{5, 10}, 3)
	os.WriteFile(Split{1, 2}.Path(out), []byte(before), 0o644)
	if _, err := j.Open(out, Split{1, 2}); err == nil || !strings.Contains(err.Error(), "belongs to shard 0/2, not 1/2") {
		t.Errorf("row of another shard: %v", err)
	}
	// A file of something else is refused and left as it was, even when
	// its last line has no newline (which in a results file is dropped).
	for _, other := range []string{"a,b\n1,2\n", "a,b\n1,2", "notes without a newline"} {
		os.WriteFile(out, []byte(other), 0o644)
		if _, err := j.Open(out, Whole); err == nil || !strings.Contains(err.Error(), "results file") {
			t.Errorf("%q: %v", other, err)
		}
		if got := read(t, out); got != other {
			t.Errorf("%q changed to %q", other, got)
		}
	}
	// The start of a header, cut by a kill, is ours: it is replaced.
	os.WriteFile(out, []byte("game,si"), 0o644)
	l, err := j.Open(out, Whole)
	if err != nil {
		t.Fatal(err)
	}
	l.Close()
	if got := read(t, out); got != "game,size,seed,budget,result\n" {
		t.Errorf("cut header: %q", got)
	}
}

// Rows repeated identically are dropped; a repeat with other results is
// refused; an incomplete last line (a killed write) is dropped; temporary
// files of killed rewrites are removed.
func TestLogRepairs(t *testing.T) {
	j := testJob("100", []int{5, 10}, 3)
	dir := t.TempDir()
	out := filepath.Join(dir, "r.csv")
	want := wantFile(j)
	lines := strings.SplitAfter(want, "\n")
	os.WriteFile(out, []byte(lines[0]+lines[3]+lines[1]+lines[3]+lines[2]+lines[1]+"nim,10,2,1"), 0o644)
	os.WriteFile(filepath.Join(dir, ".r.csv-12345"), []byte("half"), 0o600)
	l, err := j.Open(out, Whole)
	if err != nil {
		t.Fatal(err)
	}
	notes := strings.Join(l.Notes(), "\n")
	for _, w := range []string{"removed 1 temporary", "incomplete last line", "dropped 2 duplicated rows"} {
		if !strings.Contains(notes, w) {
			t.Errorf("notes lack %q: %s", w, notes)
		}
	}
	if l.Resumed() != 3 {
		t.Errorf("resumed %d rows, want 3", l.Resumed())
	}
	l.Close()
	if got := read(t, out); got != strings.Join(lines[:4], "") {
		t.Errorf("repaired file:\n%s", got)
	}
	os.WriteFile(out, []byte(lines[0]+lines[1]+strings.Replace(lines[1], ",32\n", ",33\n", 1)), 0o644)
	if _, err := j.Open(out, Whole); err == nil || !strings.Contains(err.Error(), "r.csv:3: repeats the run of line 2 (size=5 seed=1) with other results") {
		t.Errorf("conflicting repeat: %v", err)
	}
}

// A second writer of the same file is refused while the first holds it,
// and may write once it has finished; readers of other files are not.
func TestLogTwoWriters(t *testing.T) {
	j := testJob("100", []int{5, 10}, 3)
	out := filepath.Join(t.TempDir(), "r.csv")
	first, err := j.Open(out, Whole)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := j.Open(out, Whole); !errors.Is(err, ErrLocked) || !strings.Contains(err.Error(), "r.csv is being written by another process") {
		t.Fatalf("second writer: %v", err)
	}
	if _, err := j.Merge(out, 2); !errors.Is(err, ErrLocked) {
		t.Fatalf("merge into a file being written: %v", err)
	}
	shard, err := j.Open(out, Split{0, 2})
	if err != nil {
		t.Fatalf("another file: %v", err)
	}
	shard.Close()
	for _, i := range first.Todo() {
		first.Add(i, testRow(j, i))
	}
	first.Close()
	second, err := j.Open(out, Whole)
	if err != nil {
		t.Fatalf("after the first closed: %v", err)
	}
	if len(second.Todo()) != 0 {
		t.Fatalf("%d to do", len(second.Todo()))
	}
	second.Close()
}

// Add refuses rows that do not carry their item's key and settings.
func TestLogAddChecks(t *testing.T) {
	j := testJob("100", []int{5}, 2)
	l, err := j.Open(filepath.Join(t.TempDir(), "r.csv"), Whole)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	row := testRow(j, 0)
	row[3] = "99"
	if err := l.Add(0, row); err == nil {
		t.Error("row with another budget accepted")
	}
	if err := l.Add(0, testRow(j, 1)); err == nil {
		t.Error("row of item 1 accepted as item 0")
	}
	if err := l.Add(0, testRow(j, 0)); err != nil {
		t.Fatal(err)
	}
	if err := l.Add(0, testRow(j, 0)); err == nil {
		t.Error("item added twice")
	}
}
