package shard

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/coevolab/coevo/internal/atomicfile"
)

// A Job is the work list of a long job and the shape of its results file,
// a CSV file with one row per work item. Some columns identify the item
// (its key: a sweep's size, mu and seed); some record the settings its
// result depends on (the game, the budget, ...); the rest are results.
// The results file lists the rows in the order of the work list, whatever
// the order in which they were computed.
type Job struct {
	// FollowLinks lets Open and Merge follow a results file that is a
	// symbolic link. Without it they refuse one: a link planted under the
	// results' name (in a shared folder) would otherwise make the run
	// create or extend a file elsewhere. It applies to the results file
	// itself, the name the user gave; a shard file, whose name the job
	// makes beside it, is never written through a link.
	FollowLinks bool

	name          string
	header        []string
	key, settings []int // columns of the header
	items         []item
	index         map[string]int // joined key -> item
}

type item struct{ key, settings []string }

// NewJob describes a job named name (the command, for messages) whose
// results file has the columns header; key and settings name the columns
// that identify an item and that record its settings. It panics if a name
// is not in header: that is a programming error.
func NewJob(name string, header, key, settings []string) *Job {
	cols := func(names []string) []int {
		var c []int
		for _, n := range names {
			i := slices.Index(header, n)
			if i < 0 {
				panic(fmt.Sprintf("shard.NewJob: column %q not in header %v", n, header))
			}
			c = append(c, i)
		}
		return c
	}
	return &Job{name: name, header: slices.Clone(header), key: cols(key), settings: cols(settings), index: map[string]int{}}
}

// Add appends a work item, given by the values its row has in the key
// columns and the settings columns (in the order NewJob named them). An
// item whose key is already in the job is dropped and Add returns false:
// work listed twice is done once.
func (j *Job) Add(key, settings []string) bool {
	if len(key) != len(j.key) || len(settings) != len(j.settings) {
		panic(fmt.Sprintf("shard.Job.Add: %d key and %d settings values, want %d and %d", len(key), len(settings), len(j.key), len(j.settings)))
	}
	k := joinKey(key)
	if _, ok := j.index[k]; ok {
		return false
	}
	j.index[k] = len(j.items)
	j.items = append(j.items, item{slices.Clone(key), slices.Clone(settings)})
	return true
}

// Len is the number of work items.
func (j *Job) Len() int { return len(j.items) }

// Name is the job's name, as given to NewJob.
func (j *Job) Name() string { return j.name }

// Header is the header of the results file.
func (j *Job) Header() []string { return slices.Clone(j.header) }

// Describe names item i by its key, e.g. "size=10 mu=100 seed=3".
func (j *Job) Describe(i int) string { return j.describe(j.items[i].key) }

func (j *Job) describe(key []string) string {
	parts := make([]string, len(key))
	for n, c := range j.key {
		parts[n] = j.header[c] + "=" + key[n]
	}
	return strings.Join(parts, " ")
}

func joinKey(key []string) string { return strings.Join(key, "\x1f") }

// ErrLocked is returned (wrapped, naming the file) when another process
// is writing a results file: each file has one writer at a time.
var ErrLocked = errors.New("locked")

func lockedError(path string) error {
	return fmt.Errorf("%s is being written by another process (%w): each results file has one writer at a time; wait for it to finish or write to another file", path, ErrLocked)
}

// A FileError is a problem with what a results file holds: a row of
// another job, one computed with other settings, a duplicated row, a
// missing or foreign shard. Nothing is written when one is returned.
type FileError struct {
	Path string
	Line int // 0: about the whole file
	Msg  string
}

func (e *FileError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", e.Path, e.Line, e.Msg)
	}
	if e.Path == "" {
		return e.Msg
	}
	return e.Path + ": " + e.Msg
}

// table is what a results file holds: a row per item (nil: not there).
type table struct {
	rows   [][]string
	line   []int // line of each row in the file
	n      int   // rows held
	dups   int   // rows that repeat another identically
	sorted bool  // rows appear in work order, once each
}

// read parses the content of the results file at path, which must hold
// rows of split s of j only, each once or repeated identically (refused
// when strict), with the settings of the job.
func (j *Job) read(path string, data []byte, s Split, strict bool) (*table, error) {
	t := &table{rows: make([][]string, len(j.items)), line: make([]int, len(j.items)), sorted: true}
	r := csv.NewReader(bytes.NewReader(data))
	r.FieldsPerRecord = -1
	head, err := r.Read()
	if err == io.EOF {
		return t, nil
	}
	if err != nil {
		return nil, &FileError{Path: path, Msg: fmt.Sprintf("not a results file of %s: %v", j.name, err)}
	}
	if !slices.Equal(head, j.header) {
		return nil, &FileError{Path: path, Line: 1, Msg: fmt.Sprintf("not a results file of %s: its header is %q, not %q (another command's file, or an older coevo's); move it aside",
			j.name, strings.Join(head, ","), strings.Join(j.header, ","))}
	}
	last := -1
	for {
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, &FileError{Path: path, Msg: err.Error()}
		}
		line, _ := r.FieldPos(0)
		i, msg := j.match(rec, s)
		if msg != "" {
			return nil, &FileError{Path: path, Line: line, Msg: msg}
		}
		if t.rows[i] != nil {
			switch {
			case !slices.Equal(t.rows[i], rec):
				return nil, &FileError{Path: path, Line: line, Msg: fmt.Sprintf("repeats the run of line %d (%s) with other results", t.line[i], j.Describe(i))}
			case strict:
				return nil, &FileError{Path: path, Line: line, Msg: fmt.Sprintf("repeats line %d (%s): duplicated rows", t.line[i], j.Describe(i))}
			}
			t.dups++
			t.sorted = false
			continue
		}
		if i < last {
			t.sorted = false
		}
		last = i
		t.rows[i], t.line[i] = rec, line
		t.n++
	}
	return t, nil
}

// match finds the item of a row of split s and checks its settings; it
// returns the item, or a message saying why the row does not belong.
func (j *Job) match(rec []string, s Split) (int, string) {
	if len(rec) != len(j.header) {
		return 0, fmt.Sprintf("%d fields, want %d (%s)", len(rec), len(j.header), strings.Join(j.header, ","))
	}
	key := make([]string, len(j.key))
	for n, c := range j.key {
		key[n] = rec[c]
	}
	i, ok := j.index[joinKey(key)]
	if !ok {
		return 0, fmt.Sprintf("%s is not a work item of this %s: the file belongs to another job; move it aside or change the settings back", j.describe(key), j.name)
	}
	for n, c := range j.settings {
		if want := j.items[i].settings[n]; rec[c] != want {
			return 0, fmt.Sprintf("%s was computed with %s %q, and this %s has %s %q: its results do not hold for these settings; change the setting back or write to another file",
				j.describe(key), j.header[c], rec[c], j.name, j.header[c], want)
		}
	}
	if !s.Owns(i) {
		return 0, fmt.Sprintf("%s belongs to shard %d/%d, not %s: a file of another shard", j.describe(key), i%s.Count, s.Count, s)
	}
	return i, ""
}

// write writes the header and the rows held, in work order.
func (j *Job) write(w io.Writer, rows [][]string) error {
	cw := csv.NewWriter(w)
	cw.Write(j.header)
	for _, r := range rows {
		if r != nil {
			cw.Write(r)
		}
	}
	cw.Flush()
	return cw.Error()
}

// LockDir takes the writer's lock of a directory a run writes into (the
// file .lock in it), so that a second process running into the same
// directory is refused with ErrLocked instead of both writing its files.
// release gives the lock back; on a system or filesystem without flock
// there is no lock.
func LockDir(dir string) (release func(), err error) {
	f, _, err := lockFile(filepath.Join(dir, ".lock"), os.O_RDWR|os.O_CREATE|noFollow, true)
	if errors.Is(err, ErrLocked) {
		return nil, fmt.Errorf("%s: another process is running into this directory (%w): wait for it to finish or use another directory", dir, ErrLocked)
	}
	if err != nil {
		return nil, err
	}
	return func() { f.Close() }, nil
}

// LockFile takes the writer's lock of the file path through a lock file
// beside it, ".NAME.lock" (which stays), so that a second process that
// would write path (a second run resuming the same checkpoint) is refused
// with ErrLocked instead of both writing it: path itself is replaced by
// every save, and a lock on it would not outlast the first. release gives
// the lock back; on a system or filesystem without flock there is no
// lock. A symbolic link under the lock file's name is refused.
func LockFile(path string) (release func(), err error) {
	lock := filepath.Join(filepath.Dir(path), "."+filepath.Base(path)+".lock")
	f, _, err := lockFile(lock, os.O_RDWR|os.O_CREATE|noFollow, true)
	if errors.Is(err, ErrLocked) {
		return nil, fmt.Errorf("%s is being written by another process (%w, %s): wait for it to finish, or give another file", path, ErrLocked, lock)
	}
	if err != nil {
		return nil, err
	}
	return func() { f.Close() }, nil
}

// maxRowBytes bounds a results row: rows hold a few settings and
// numbers, and a file longer than its rows can be is not the job's (a
// file read into memory to resume must not fill it).
const maxRowBytes = 4 << 10

func (j *Job) maxFileSize() int64 { return int64(len(j.items)+1) * maxRowBytes }

// noFollow is the open flag that refuses a symbolic link at path, unless
// the job follows links and path is the results file out itself.
func (j *Job) noFollow(path, out string) int {
	if j.FollowLinks && path == out {
		return 0
	}
	return noFollow
}

// rewrite writes path whole, atomically: through a link only where the
// open followed one (noFollow).
func (j *Job) rewrite(path, out string, write func(io.Writer) error) error {
	if j.noFollow(path, out) == 0 {
		return atomicfile.Write(path, write)
	}
	return atomicfile.WriteNoFollow(path, write)
}

// removeStale removes the temporary files killed writers of path left,
// beside it or, where the job follows a link, beside its target.
func (j *Job) removeStale(path, out string) ([]string, error) {
	if j.noFollow(path, out) == 0 {
		return atomicfile.RemoveStale(path)
	}
	return atomicfile.RemoveStaleNoFollow(path)
}
