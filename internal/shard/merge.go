package shard

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/coevolab/coevo/internal/atomicfile"
)

// ShardFiles lists the shard files of out found beside it
// (results.shard-I-of-N.csv for out results.csv), by shard count.
func ShardFiles(out string) (map[int][]Split, error) {
	stem, ext := splitExt(filepath.Base(out))
	re := regexp.MustCompile(`^` + regexp.QuoteMeta(stem) + `\.shard-([0-9]+)-of-([0-9]+)` + regexp.QuoteMeta(ext) + `$`)
	entries, err := os.ReadDir(filepath.Dir(out))
	if err != nil {
		return nil, err
	}
	found := map[int][]Split{}
	for _, e := range entries {
		m := re.FindStringSubmatch(e.Name())
		if m == nil {
			continue
		}
		i, _ := strconv.Atoi(m[1])
		n, _ := strconv.Atoi(m[2])
		found[n] = append(found[n], Split{i, n})
	}
	return found, nil
}

// Merge writes out, the results file of the whole job, from the files of
// its count shards (count 0: the count that the shard files beside out
// show), and returns the count. The file is byte for byte the one a run
// of the whole job on one machine writes. Merge refuses, with a *FileError
// listing every problem and writing nothing, when a shard file is missing,
// incomplete, still being written or of another split; when a row is
// duplicated, belongs to another shard or job, or was computed with other
// settings; or when out already holds rows the shards do not reproduce
// (merging would lose them). Merging again is harmless. With count 1 the
// one shard wrote out itself, and Merge checks that it is complete.
func (j *Job) Merge(out string, count int) (int, error) {
	found, err := ShardFiles(out)
	if err != nil {
		return 0, err
	}
	counts := make([]int, 0, len(found))
	for n := range found {
		counts = append(counts, n)
	}
	sort.Ints(counts)
	stem, ext := splitExt(out)
	pattern := stem + ".shard-I-of-N" + ext
	switch {
	case count == 1:
		// The one shard wrote out itself: check that it is complete.
		rows := make([][]string, len(j.items))
		if problems := j.readShard(out, Whole, rows); len(problems) > 0 {
			return 0, &FileError{Path: out, Msg: "not merged: " + strings.Join(problems, "; ")}
		}
		return 1, nil
	case count == 0 && len(counts) == 0:
		return 0, &FileError{Path: out, Msg: fmt.Sprintf("no shard files (%s) to merge", pattern)}
	case count == 0 && len(counts) > 1:
		return 0, &FileError{Path: out, Msg: fmt.Sprintf("shard files of splits in %s shards beside it (%s): say which to merge, and remove the others", joinInts(counts, " and "), pattern)}
	case count == 0:
		count = counts[0]
	}
	var problems []string
	for _, n := range counts {
		for _, s := range found[n] {
			if n != count || s.Index >= n {
				problems = append(problems, fmt.Sprintf("%s is not a shard of a split in %d (foreign: remove it)", s.Path(out), count))
			}
		}
	}

	lock, _, err := lockFile(out, os.O_RDWR|os.O_CREATE|j.noFollow(), true)
	if err != nil {
		return 0, err
	}
	defer lock.Close()
	prior, err := io.ReadAll(io.LimitReader(lock, j.maxFileSize()+1))
	if err == nil && int64(len(prior)) > j.maxFileSize() {
		return 0, &FileError{Path: out, Msg: fmt.Sprintf("more than %d bytes: not a results file of %s, move it aside", j.maxFileSize(), j.name)}
	}
	if err != nil {
		return 0, err
	}
	if len(prior) == 0 {
		// Created by the lock, or empty: leave nothing behind if refused.
		defer func() {
			if st, err := os.Stat(out); err == nil && st.Size() == 0 {
				os.Remove(out)
			}
		}()
	}

	rows := make([][]string, len(j.items))
	for k := range count {
		s := Split{k, count}
		problems = append(problems, j.readShard(s.Path(out), s, rows)...)
	}
	if len(prior) > 0 {
		problems = append(problems, j.checkPrior(out, prior, rows)...)
	}
	if len(problems) > 0 {
		const most = 8
		if len(problems) > most {
			problems = append(problems[:most], fmt.Sprintf("and %d more", len(problems)-most))
		}
		return 0, &FileError{Path: out, Msg: "not merged: " + strings.Join(problems, "; ")}
	}
	if _, err := atomicfile.RemoveStale(out); err != nil {
		return 0, err
	}
	if err := atomicfile.Write(out, func(w io.Writer) error { return j.write(w, rows) }); err != nil {
		return 0, err
	}
	return count, nil
}

// readShard reads the file of shard s into rows, returning its problems.
func (j *Job) readShard(path string, s Split, rows [][]string) []string {
	f, _, err := lockFile(path, os.O_RDONLY, false)
	switch {
	case os.IsNotExist(err):
		return []string{fmt.Sprintf("shard %s is missing (no %s): run it (--shard %s; on SLURM, array task %d)", s, path, s, s.Index)}
	case err != nil:
		return []string{fmt.Sprintf("shard %s: %v", s, err)}
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, j.maxFileSize()+1))
	if err != nil {
		return []string{fmt.Sprintf("shard %s: %v", s, err)}
	}
	if int64(len(data)) > j.maxFileSize() {
		return []string{fmt.Sprintf("%s: more than %d bytes: not a shard file of %s", path, j.maxFileSize(), j.name)}
	}
	if n := len(data); n > 0 && data[n-1] != '\n' {
		return []string{fmt.Sprintf("%s ends in an incomplete line (its run was killed): run shard %s again, it resumes", path, s)}
	}
	t, err := j.read(path, data, s, true)
	if err != nil {
		return []string{err.Error()}
	}
	var missing []int
	for _, i := range s.Items(len(j.items)) {
		if t.rows[i] == nil {
			missing = append(missing, i)
		} else {
			rows[i] = t.rows[i]
		}
	}
	if len(missing) > 0 {
		return []string{fmt.Sprintf("shard %s is incomplete: %s lacks %d of %d items (first %s): run it again (--shard %s; on SLURM, array task %d), it resumes",
			s, path, len(missing), len(missing)+t.n, j.Describe(missing[0]), s, s.Index)}
	}
	return nil
}

// checkPrior checks that every row already in out is among rows.
func (j *Job) checkPrior(out string, prior []byte, rows [][]string) []string {
	t, err := j.read(out, prior, Whole, false)
	if err != nil {
		return []string{err.Error()}
	}
	for i, r := range t.rows {
		if r != nil && rows[i] != nil && !slices.Equal(r, rows[i]) {
			return []string{fmt.Sprintf("%s:%d holds %s with results the shards do not reproduce: merging would lose it; move %s aside", out, t.line[i], j.Describe(i), out)}
		}
	}
	return nil
}

func joinInts(a []int, sep string) string {
	s := make([]string, len(a))
	for i, v := range a {
		s[i] = strconv.Itoa(v)
	}
	return strings.Join(s, sep)
}
