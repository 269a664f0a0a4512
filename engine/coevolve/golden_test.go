package coevolve

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// goldenRuns are small seeded runs of every method and both optimizers,
// whose files (testdata/golden/NAME) were written by the coevo of commit
// 4de0b0e (before engine/coevolve was made game-neutral, issue 31): the
// same settings must give the same files, byte for byte, checkpoint
// included.
var goldenRuns = []struct {
	name string
	cfg  func() Config
}{
	{"nash1", func() Config {
		c := PaperConfig(NashSolve, 1, 3)
		c.Generations, c.Population, c.Snapshot = 24, 12, 2
		return c
	}},
	{"nash4", func() Config {
		c := PaperConfig(NashSolve, 4, 5)
		c.Generations, c.Population, c.Snapshot = 16, 12, 3
		return c
	}},
	{"heuristic", func() Config {
		c := PaperConfig(Heuristic, 0, 3)
		c.Generations, c.Population, c.Games = 4, 10, 4
		return c
	}},
	{"icl", func() Config {
		c := PaperConfig(ICL, 30, 3)
		c.Generations, c.Population, c.Games = 4, 10, 2
		return c
	}},
	{"icl-noisefree", func() Config {
		c := PaperConfig(ICL, 50000, 7)
		c.Opponents, c.Generations, c.Population = 40, 3, 10
		return c
	}},
	{"nash2-gonum", func() Config {
		c := PaperConfig(NashSolve, 2, 4)
		c.Generations, c.Population, c.Snapshot, c.Optimizer = 10, 12, 2, Gonum
		return c
	}},
}

// goldenFiles are the files a run writes.
var goldenFiles = []string{RunFile, ArchiveFile, AdmittedFile, HistoryFile, CheckpointFile}

// The runs of goldenRuns give, byte for byte, the files the coevo of
// commit 4de0b0e wrote for them (testdata/golden; see its README).
// COEVO_WRITE_GOLDEN=1 writes them instead: only ever at that commit.
func TestGolden(t *testing.T) {
	skipOffAMD64(t)
	write := os.Getenv("COEVO_WRITE_GOLDEN") == "1"
	for _, g := range goldenRuns {
		dir := t.TempDir()
		if _, err := Evolve(context.Background(), g.cfg(), dir, Options{Workers: 2, CheckpointInterval: -1}); err != nil {
			t.Fatalf("%s: %v", g.name, err)
		}
		want := filepath.Join("testdata", "golden", g.name)
		if write {
			os.MkdirAll(want, 0o755)
		}
		for _, f := range goldenFiles {
			got, err := os.ReadFile(filepath.Join(dir, f))
			if os.IsNotExist(err) {
				if _, err := os.Stat(filepath.Join(want, f)); err == nil {
					t.Errorf("%s: the run wrote no %s, the golden run did", g.name, f)
				}
				continue
			}
			if err != nil {
				t.Fatal(err)
			}
			if write {
				if err := os.WriteFile(filepath.Join(want, f), got, 0o644); err != nil {
					t.Fatal(err)
				}
				continue
			}
			w, err := os.ReadFile(filepath.Join(want, f))
			if err != nil {
				t.Errorf("%s: %v", g.name, err)
				continue
			}
			if string(got) != string(w) {
				t.Errorf("%s: %s differs from the golden file (%d bytes, golden %d)", g.name, f, len(got), len(w))
			}
		}
	}
}

// A checkpoint the coevo of commit 4de0b0e wrote (testdata/golden/
// nash4-at8: nash4's first 8 generations) resumes to the files of the
// whole 16-generation run (testdata/golden/nash4), byte for byte.
func TestGoldenResume(t *testing.T) {
	skipOffAMD64(t)
	cfg := goldenRuns[1].cfg()
	if os.Getenv("COEVO_WRITE_GOLDEN") == "1" {
		c := cfg
		c.Generations = 8
		if _, err := Evolve(context.Background(), c, "testdata/golden/nash4-at8", Options{Workers: 2, CheckpointInterval: -1}); err != nil {
			t.Fatal(err)
		}
		return
	}
	dir := copyDir(t, "testdata/golden/nash4-at8")
	if _, err := Evolve(context.Background(), cfg, dir, Options{Workers: 2, CheckpointInterval: -1}); err != nil {
		t.Fatal(err)
	}
	for _, f := range goldenFiles {
		got, _ := os.ReadFile(filepath.Join(dir, f))
		want, err := os.ReadFile(filepath.Join("testdata/golden/nash4", f))
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != string(want) {
			t.Errorf("%s of the resumed run differs from the golden whole run", f)
		}
	}
}

// skipOffAMD64 skips a golden test where the compiler may fuse a
// multiplication and an addition (arm64, ppc64, s390x): the golden files
// were written on amd64, and such a machine rounds some sums otherwise.
func skipOffAMD64(t *testing.T) {
	if runtime.GOARCH != "amd64" {
		t.Skipf("golden files written on amd64; %s may round fused multiply-adds otherwise", runtime.GOARCH)
	}
}
