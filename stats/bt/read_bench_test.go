package bt

import (
	"os"
	"slices"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/coevolab/coevo/internal/synthleague"
)

var (
	benchOnce   sync.Once
	benchDir    string
	benchFiles  synthleague.Files
	benchErr    error
	benchLeague = [2]int{2000, 2000000}
)

// TestMain removes the league BenchmarkRead wrote.
func TestMain(m *testing.M) {
	code := m.Run()
	if benchDir != "" {
		os.RemoveAll(benchDir)
	}
	os.Exit(code)
}

// cpuTime is the CPU time (user + system) of this process so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkRead reads the 2,000-player, 2,000,000-game league of bench/bt
// in each format, from a file, straight into pairs: with the readers of
// today and, in the same run and interleaved with them, the readers as
// they were before (oldread_test.go). It reports MB/s of wall time and of
// CPU time (both goroutines) for each, and the ratio of the CPU rates.
//
//	go test -run XXX -bench Read -benchtime 3x ./stats/bt
func BenchmarkRead(b *testing.B) {
	benchOnce.Do(func() {
		benchDir, benchErr = os.MkdirTemp("", "btread")
		if benchErr != nil {
			return
		}
		benchFiles, _, benchErr = synthleague.Write(benchDir, benchLeague[0], benchLeague[1], 1)
	})
	if benchErr != nil {
		b.Fatal(benchErr)
	}
	for _, format := range []string{"pairs", "games", "pgn"} {
		b.Run(format, func(b *testing.B) {
			path := benchFiles.Path(format)
			st, err := os.Stat(path)
			if err != nil {
				b.Fatal(err)
			}
			size := float64(st.Size())
			var wall, cpu, oldWall, oldCPU time.Duration
			for i := 0; i < b.N; i++ {
				w0, c0 := time.Now(), cpuTime()
				players, p, err := ReadPairsFile(path, format)
				wall, cpu = wall+time.Since(w0), cpu+cpuTime()-c0
				if err != nil {
					b.Fatal(err)
				}
				f, err := os.Open(path)
				if err != nil {
					b.Fatal(err)
				}
				w0, c0 = time.Now(), cpuTime()
				oldPlayers, q, err := oldReadPairsOf(f, path, format)
				oldWall, oldCPU = oldWall+time.Since(w0), oldCPU+cpuTime()-c0
				f.Close()
				if err != nil {
					b.Fatal(err)
				}
				if i == 0 && (!slices.Equal(players, oldPlayers) || !slices.Equal(p.I, q.I) || !slices.Equal(p.J, q.J) ||
					!slices.Equal(p.WinsI, q.WinsI) || !slices.Equal(p.WinsJ, q.WinsJ) || !slices.Equal(p.Draws, q.Draws)) {
					b.Fatal("the readers disagree")
				}
			}
			rate := func(d time.Duration) float64 { return size * float64(b.N) / d.Seconds() / 1e6 }
			b.ReportMetric(rate(wall), "MB/s")
			b.ReportMetric(rate(cpu), "MB/cpu-s")
			b.ReportMetric(rate(oldWall), "MB/s-before")
			b.ReportMetric(rate(oldCPU), "MB/cpu-s-before")
			b.ReportMetric(oldCPU.Seconds()/cpu.Seconds(), "x-cpu")
		})
	}
}

// The name index numbers names as a map would, whatever their length.
func TestNameIndex(t *testing.T) {
	x := newNameIndex()
	m := map[string]int{}
	var names []string
	for i := 0; i < 5000; i++ {
		s := string(make([]byte, i%40))
		b := []byte(s)
		for k := range b {
			b[k] = byte('a' + (i*7+k*13)%26)
		}
		if i%3 == 0 && len(b) > 0 {
			b[len(b)-1] = byte(i)
		}
		names = append(names, string(b), string(b[:len(b)/2]))
	}
	for _, s := range names {
		want, ok := m[s]
		if !ok {
			want = len(m)
			m[s] = want
		}
		if x.find([]byte(s)) != map[bool]int{true: want, false: -1}[ok] {
			t.Fatalf("find %q", s)
		}
		if got := x.index([]byte(s)); got != want {
			t.Fatalf("%q: %d, want %d", s, got, want)
		}
	}
	if len(x.names) != len(m) {
		t.Fatalf("%d names, want %d", len(x.names), len(m))
	}
}
