package shard

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"io"
	"os"
	"slices"
	"sync"

	"github.com/coevolab/coevo/internal/atomicfile"
)

// A Log is the results file of a run of a job, or of one shard of it,
// open for adding rows. It is the run's checkpoint: a run that is stopped
// at any point, even killed, leaves every row it finished, and the next
// run resumes from them (Todo).
//
// While a Log is open the file is locked: a second writer gets ErrLocked.
// Each row is appended with one write, so adding n rows costs O(n) and a
// killed run loses at most the row being written (an incomplete last line
// is dropped when the file is opened again). Close rewrites the file in
// work order, atomically, when the rows were added in another order.
type Log struct {
	job   *Job
	split Split
	path  string
	f     *os.File

	mu     sync.Mutex
	t      *table
	last   int // last item added
	read   int // rows found when opened
	notes  []string
	closed bool
}

// Open opens the results file of split s of the job whose whole results go
// to out (the file is s.Path(out)), creating it if needed, and locks it.
// It removes temporary files a killed writer left, and checks every row
// already there: a row of another job, of another shard, or computed with
// other settings is refused with a *FileError naming the line and the
// field; a row repeated identically is dropped (Notes says so).
func (j *Job) Open(out string, s Split) (*Log, error) {
	path := s.Path(out)
	f, locked, err := lockFile(path, os.O_RDWR|os.O_CREATE|os.O_APPEND|j.noFollow(), true)
	if err != nil {
		return nil, err
	}
	l := &Log{job: j, split: s, path: path, f: f, last: -1}
	if !locked {
		l.notef("cannot be locked here (the filesystem has no flock): make sure no other process writes it")
	}
	if err := l.load(); err != nil {
		f.Close()
		return nil, err
	}
	return l, nil
}

func (l *Log) load() error {
	// A device (/dev/zero) or a pipe named as the results file would be
	// read without end.
	st, err := l.f.Stat()
	if err == nil && !st.Mode().IsRegular() {
		return &FileError{Path: l.path, Msg: "not a regular file: results go to a file"}
	}
	if err == nil && st.Size() > l.job.maxFileSize() {
		return &FileError{Path: l.path, Msg: fmt.Sprintf("%d bytes, more than a results file of %s's %d items can hold: not its results file, move it aside", st.Size(), l.job.name, len(l.job.items))}
	}
	data, err := io.ReadAll(io.LimitReader(l.f, l.job.maxFileSize()))
	if err != nil {
		return err
	}
	// A last line without its newline is a write that was interrupted:
	// dropped, but only once the rest has shown the file is ours.
	keep := len(data)
	if keep > 0 && data[keep-1] != '\n' {
		keep = bytes.LastIndexByte(data, '\n') + 1
	}
	var header bytes.Buffer
	l.job.write(&header, nil)
	if keep == 0 && len(data) > 0 && !bytes.HasPrefix(header.Bytes(), data) {
		return &FileError{Path: l.path, Line: 1, Msg: fmt.Sprintf("not a results file of %s: move it aside", l.job.name)}
	}
	if l.t, err = l.job.read(l.path, data[:keep], l.split, false); err != nil {
		return err
	}
	if keep < len(data) {
		if err := l.f.Truncate(int64(keep)); err != nil {
			return err
		}
		l.notef("dropped an incomplete last line (a write that was interrupted)")
	}
	if keep == 0 {
		if _, err := l.f.Write(header.Bytes()); err != nil {
			return err
		}
	}
	removed, err := atomicfile.RemoveStale(l.path)
	if err != nil {
		return err
	}
	if len(removed) > 0 {
		l.notef("removed %d temporary files left by an interrupted run", len(removed))
	}
	if l.t.dups > 0 {
		l.notef("dropped %d duplicated rows", l.t.dups)
	}
	l.read = l.t.n
	for i := len(l.t.rows) - 1; i >= 0; i-- {
		if l.t.rows[i] != nil {
			l.last = i
			break
		}
	}
	return nil
}

func (l *Log) notef(format string, a ...any) {
	l.notes = append(l.notes, fmt.Sprintf("%s: ", l.path)+fmt.Sprintf(format, a...))
}

// Path is the results file.
func (l *Log) Path() string { return l.path }

// Notes says what opening the file repaired, one sentence each.
func (l *Log) Notes() []string { return slices.Clone(l.notes) }

// Resumed is the number of rows that were in the file when it was opened.
func (l *Log) Resumed() int { return l.read }

// Todo lists, in work order, the items of the split not in the file.
func (l *Log) Todo() []int {
	l.mu.Lock()
	defer l.mu.Unlock()
	var todo []int
	for _, i := range l.split.Items(len(l.job.items)) {
		if l.t.rows[i] == nil {
			todo = append(todo, i)
		}
	}
	return todo
}

// Add appends the row of item i. It is safe to call from several
// goroutines. The row must carry the item's key and settings.
func (l *Log) Add(i int, row []string) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	switch {
	case l.closed:
		return fmt.Errorf("%s: Add after Close", l.path)
	case i < 0 || i >= len(l.job.items) || !l.split.Owns(i):
		return fmt.Errorf("%s: item %d is not in shard %s of %d items", l.path, i, l.split, len(l.job.items))
	case l.t.rows[i] != nil:
		return fmt.Errorf("%s: %s added twice", l.path, l.job.Describe(i))
	}
	if got, msg := l.job.match(row, l.split); msg != "" || got != i {
		return fmt.Errorf("%s: the row of %s does not carry its key and settings: %s", l.path, l.job.Describe(i), msg)
	}
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	w.Write(row)
	w.Flush()
	if _, err := l.f.Write(b.Bytes()); err != nil {
		return err
	}
	l.t.rows[i] = slices.Clone(row)
	l.t.n++
	if i < l.last {
		l.t.sorted = false
	}
	l.last = i
	return nil
}

// Close releases the file, first rewriting it in work order (atomically)
// if its rows are out of order or were repeated.
func (l *Log) Close() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.closed {
		return nil
	}
	l.closed = true
	var err error
	if !l.t.sorted {
		err = atomicfile.Write(l.path, func(w io.Writer) error { return l.job.write(w, l.t.rows) })
	}
	if cerr := l.f.Close(); err == nil {
		err = cerr
	}
	return err
}
