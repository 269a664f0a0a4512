package main

import (
	"errors"
	"strconv"
	"testing"
)

// The sweep config reader never panics; every error it returns is a usage
// error (exit 2) naming the file; a config it accepts lists its runs, each
// once, with settings that build a game at every size. Run on the
// committed corpus by go test; make fuzz runs it longer.
func FuzzSweepConfig(f *testing.F) {
	for _, s := range []string{
		sweepCfg,
		slowCfg,
		"\ufeff" + sweepCfg,
		`{"game": "subtraction", "params": {"k": "3"}, "size": "n", "sizes": [10, 10, 20], "seeds": 2, "mu": [20, 20], "gamma": "0.01", "max_evals": 5000}`,
		`{"game": "chomp", "params": {"rows": "3"}, "size": "cols", "sizes": [2, 3], "seeds": 1, "mu": [10]}`,
		`{"game": "nim", "size": "heaps", "sizes": [3], "seeds": 1, "mu": [10]}`,
		`{"game": "subtraction", "size": "n", "sizes": [8], "seeds": 1e12, "mu": [20]}`,
		`{"game": "subtraction", "size": "n", "sizes": [8], "seeds": 1, "mu": [20], "gamma": "NaN"}`,
		`{"game": "subtraction", "size": "n", "sizes": [8], "seeds": 1, "mu": [20]} {}`,
		`{"game": "subtraction", "params": {"k": "-3"}, "size": "n", "sizes": [-8], "seeds": 1, "mu": [-20]}`,
		`[]`, `{`, ``,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		cfg, err := parseSweepConfig(data, "c.json")
		if err != nil {
			var ue *usageError
			if !errors.As(err, &ue) || len(ue.msg) < 7 || ue.msg[:7] != "c.json:" {
				t.Fatalf("error %T does not name the file: %v", err, err)
			}
			return
		}
		if cfg.gamma < 0 || cfg.gamma >= 1 || cfg.MaxEvals < 1 {
			t.Fatalf("accepted gamma %v, max_evals %d", cfg.gamma, cfg.MaxEvals)
		}
		if len(cfg.Sizes)*len(cfg.Mu)*cfg.Seeds > 10000 {
			return // a large work list: built only when small, to keep fuzzing quick
		}
		job, runs, dropped := cfg.sweepJob()
		if job.Len() != len(runs) || len(runs)+dropped != len(cfg.Sizes)*len(cfg.Mu)*cfg.Seeds {
			t.Fatalf("%d items, %d runs, %d dropped", job.Len(), len(runs), dropped)
		}
		seen := map[sweepRun]bool{}
		for i, r := range runs {
			if seen[r] || job.Describe(i) != "size="+strconv.Itoa(r.size)+" mu="+strconv.Itoa(r.mu)+" seed="+strconv.FormatUint(r.seed, 10) {
				t.Fatalf("run %d: %+v (%s)", i, r, job.Describe(i))
			}
			seen[r] = true
		}
	})
}
