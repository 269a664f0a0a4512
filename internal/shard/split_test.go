package shard

import (
	"testing"
)

// Every item is in exactly one shard, for any number of items and shards,
// and Owns agrees with Items.
func TestSplitPartition(t *testing.T) {
	for n := 0; n <= 120; n++ {
		for count := 1; count <= 130; count++ {
			seen := make([]int, n)
			for k := range count {
				s := Split{k, count}
				prev := -1
				for _, i := range s.Items(n) {
					if i <= prev || !s.Owns(i) {
						t.Fatalf("n=%d split %s: items out of order or not owned: %v", n, s, s.Items(n))
					}
					prev = i
					seen[i]++
				}
			}
			for i, c := range seen {
				if c != 1 {
					t.Fatalf("n=%d count=%d: item %d in %d shards", n, count, i, c)
				}
			}
			// Shard sizes differ by at most one.
			if count <= n {
				lo, hi := len(Split{count - 1, count}.Items(n)), len(Split{0, count}.Items(n))
				if hi-lo > 1 {
					t.Fatalf("n=%d count=%d: shards of %d and %d items", n, count, lo, hi)
				}
			}
		}
	}
}

func TestParseSplit(t *testing.T) {
	for s, want := range map[string]Split{"0/1": Whole, "3/8": {3, 8}, " 7 / 8 ": {7, 8}} {
		got, err := ParseSplit(s)
		if err != nil || got != want {
			t.Errorf("%q: %v %v", s, got, err)
		}
	}
	for _, bad := range []string{"", "3", "8/8", "-1/4", "1/0", "a/b", "1/2/3", "2/-3"} {
		if _, err := ParseSplit(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

func TestSplitPath(t *testing.T) {
	for _, c := range []struct {
		out  string
		s    Split
		want string
	}{
		{"results.csv", Whole, "results.csv"},
		{"results.csv", Split{3, 8}, "results.shard-3-of-8.csv"},
		{"/a/b.c/runs", Split{0, 2}, "/a/b.c/runs.shard-0-of-2"},
		{"dir/.hidden", Split{1, 2}, "dir/.hidden.shard-1-of-2"},
		{"x.tar.gz", Split{1, 2}, "x.tar.shard-1-of-2.gz"},
	} {
		if got := c.s.Path(c.out); got != c.want {
			t.Errorf("%s of %q: %q, want %q", c.s, c.out, got, c.want)
		}
	}
}
