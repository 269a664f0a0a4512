package shard

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
)

// A Split names one shard of a job: shard Index of Count, counted from 0.
// Item i of the work list belongs to shard i mod Count, so the shards of a
// work list ordered by size get similar mixes of small and large items, and
// every item is in exactly one shard for any Count.
type Split struct {
	Index, Count int
}

// Whole is the split of a job run on one machine: one shard holding all.
var Whole = Split{0, 1}

// ParseSplit reads "i/N", as given to --shard (0 <= i < N).
func ParseSplit(s string) (Split, error) {
	a, b, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(strings.TrimSpace(a))
	n, err2 := strconv.Atoi(strings.TrimSpace(b))
	if !ok || err1 != nil || err2 != nil || n < 1 || i < 0 || i >= n {
		return Split{}, fmt.Errorf("%q: want I/N, shard I of N counted from 0 (0 <= I < N)", s)
	}
	return Split{i, n}, nil
}

// String is "i/N".
func (s Split) String() string { return fmt.Sprintf("%d/%d", s.Index, s.Count) }

// IsWhole reports whether s is the whole job.
func (s Split) IsWhole() bool { return s.Count == 1 }

// Owns reports whether item i of the work list belongs to shard s.
func (s Split) Owns(i int) bool { return i%s.Count == s.Index }

// Items lists the items of a work list of n items that belong to s.
func (s Split) Items(n int) []int {
	var items []int
	for i := s.Index; i < n; i += s.Count {
		items = append(items, i)
	}
	return items
}

// Path is the results file of shard s of a job whose whole results go to
// out: out itself for the whole job, else out with ".shard-I-of-N" before
// its extension (results.csv -> results.shard-3-of-8.csv).
func (s Split) Path(out string) string {
	if s.IsWhole() {
		return out
	}
	stem, ext := splitExt(out)
	return fmt.Sprintf("%s.shard-%d-of-%d%s", stem, s.Index, s.Count, ext)
}

// splitExt splits path into the part before the extension of its base name
// and the extension (".csv"); a base name that is all extension has none.
func splitExt(path string) (stem, ext string) {
	ext = filepath.Ext(path)
	if ext == filepath.Base(path) {
		ext = ""
	}
	return strings.TrimSuffix(path, ext), ext
}
