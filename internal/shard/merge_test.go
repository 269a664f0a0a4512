package shard

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Shards run in any order, one of them killed and resumed, merge into the
// file of the whole job byte for byte, for any number of shards.
func TestMergeEqualsWhole(t *testing.T) {
	j := testJob("100", []int{5, 10, 20, 40}, 5)
	for _, count := range []int{1, 2, 3, 8, 20, 27} {
		out := filepath.Join(t.TempDir(), "r.csv")
		for k := range count {
			s := Split{k, count}
			if k == count/2 {
				l := run(t, j, out, s, 1, uint64(k), true)
				l.f.Close()
			}
			run(t, j, out, s, -1, uint64(k), false)
		}
		given := 0 // the count the shard files show
		if count == 1 {
			given = 1 // one shard writes out itself: there are no shard files
		}
		n, err := j.Merge(out, given)
		if err != nil || n != count {
			t.Fatalf("%d shards: merged %d: %v", count, n, err)
		}
		if got := read(t, out); got != wantFile(j) {
			t.Fatalf("%d shards: merged file:\n%s\nwant:\n%s", count, got, wantFile(j))
		}
		// Merging again changes nothing.
		if _, err := j.Merge(out, count); err != nil || read(t, out) != wantFile(j) {
			t.Fatalf("second merge: %v", err)
		}
	}
}

// Each way a merge can go wrong is refused with a message naming the
// shard and the file, and leaves no results file.
func TestMergeRefusals(t *testing.T) {
	j := testJob("100", []int{5, 10, 20}, 4) // 12 items
	setup := func(t *testing.T) string {
		out := filepath.Join(t.TempDir(), "r.csv")
		for k := range 4 {
			run(t, j, out, Split{k, 4}, -1, 1, false)
		}
		return out
	}
	cases := []struct {
		name  string
		spoil func(out string)
		count int
		want  string
	}{
		{"missing", func(out string) { os.Remove(Split{2, 4}.Path(out)) }, 4, "shard 2/4 is missing (no "},
		{"incomplete", func(out string) {
			p := Split{1, 4}.Path(out)
			lines := strings.SplitAfter(read(t, p), "\n")
			os.WriteFile(p, []byte(strings.Join(lines[:2], "")), 0o644)
		}, 4, "r.shard-1-of-4.csv lacks 2 of 3 items (first size=10 seed=2)"},
		{"killed mid-line", func(out string) {
			p := Split{3, 4}.Path(out)
			os.WriteFile(p, []byte(read(t, p)+"nim,5"), 0o644)
		}, 4, "ends in an incomplete line"},
		{"duplicated row", func(out string) {
			p := Split{0, 4}.Path(out)
			lines := strings.SplitAfter(read(t, p), "\n")
			os.WriteFile(p, []byte(read(t, p)+lines[1]), 0o644)
		}, 4, "repeats line 2 (size=5 seed=1): duplicated rows"},
		{"row of another shard", func(out string) {
			other := strings.SplitAfter(read(t, Split{1, 4}.Path(out)), "\n")[1]
			p := Split{0, 4}.Path(out)
			os.WriteFile(p, []byte(read(t, p)+other), 0o644)
		}, 4, "size=5 seed=2 belongs to shard 1/4, not 0/4"},
		{"other settings", func(out string) {
			p := Split{2, 4}.Path(out)
			os.WriteFile(p, []byte(strings.Replace(read(t, p), ",100,", ",50,", 1)), 0o644)
		}, 4, `computed with budget "50"`},
		{"foreign split", func(out string) { os.WriteFile(Split{1, 3}.Path(out), nil, 0o644) }, 4, "r.shard-1-of-3.csv is not a shard of a split in 4 (foreign"},
		{"index beyond count", func(out string) { os.WriteFile(Split{5, 4}.Path(out), nil, 0o644) }, 4, "r.shard-5-of-4.csv is not a shard"},
		{"two splits, count not given", func(out string) { os.WriteFile(Split{0, 2}.Path(out), nil, 0o644) }, 0, "shard files of splits in 2 and 4 shards"},
		{"one shard, incomplete", func(out string) {
			os.WriteFile(out, []byte("game,size,seed,budget,result\nnim,5,1,100,32\n"), 0o644)
		}, 1, "shard 0/1 is incomplete: "},
		{"no shards", func(out string) {
			for k := range 4 {
				os.Remove(Split{k, 4}.Path(out))
			}
		}, 0, "no shard files ("},
		{"results the shards do not reproduce", func(out string) {
			os.WriteFile(out, []byte("game,size,seed,budget,result\nnim,5,1,100,0\n"), 0o644)
		}, 4, "holds size=5 seed=1 with results the shards do not reproduce: merging would lose it"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out := setup(t)
			c.spoil(out)
			prior, _ := os.ReadFile(out)
			_, err := j.Merge(out, c.count)
			var fe *FileError
			if !errors.As(err, &fe) || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got %v\nwant a FileError with %q", err, c.want)
			}
			if now, _ := os.ReadFile(out); string(now) != string(prior) {
				t.Fatalf("%s changed by a refused merge: %q", out, now)
			}
		})
	}
	// A shard still being written is refused.
	out := setup(t)
	l, err := j.Open(out, Split{3, 4})
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	if _, err := j.Merge(out, 4); err == nil || !strings.Contains(err.Error(), "shard 3/4: ") || !strings.Contains(err.Error(), "being written") {
		t.Fatalf("shard being written: %v", err)
	}
}
