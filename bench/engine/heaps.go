package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/coevolab/coevo/engine/heap"
	"github.com/coevolab/coevo/internal/measure"
)

// peerEnv names the environment variable that gives the path of the peer:
// the "analyze" program of Tomek Czajka's octal-games analyzer
// (github.com/tczajka/octal-games, old/src, built with g++ -O2). It prints
// a line "n=2^k largest G[i]=v ..." when g(0..2^k-1) are known, and stops
// when it proves a period.
const peerEnv = "COEVO_OCTAL_PEER"

// usage is what one timed process used.
type usage struct {
	cpu, wall time.Duration
	rssKB     int64
	out       string // the child's report line
	stopped   bool   // killed at the time cap
}

func (m usage) String() string {
	if m.stopped {
		return fmt.Sprintf("> %6.1fs (stopped)", m.cpu.Seconds())
	}
	return fmt.Sprintf("%7.2fs %5.0f MB", m.cpu.Seconds(), float64(m.rssKB)/1024)
}

// finish fills m from the ended process p.
func (m *usage) finish(p *os.ProcessState, start time.Time) {
	m.wall = time.Since(start)
	m.cpu = p.UserTime() + p.SystemTime()
	if ru, ok := p.SysUsage().(*syscall.Rusage); ok {
		m.rssKB = ru.Maxrss
	}
}

// child runs this program again to compute one sequence in a fresh
// process, so that its CPU time and peak memory are its own. On Linux a
// child started by Go (vfork, then exec) begins with the parent's peak
// resident set as its own ru_maxrss, so the parent first returns its free
// memory and resets its peak (measured: a child of a parent that had held
// 300 MB reported 310 MB for /bin/true, 3 MB after the reset).
func child(limit time.Duration, args ...string) (usage, error) {
	var m usage
	cmd := exec.Command(os.Args[0], append([]string{"-child"}, args...)...)
	cmd.Stderr = os.Stderr
	start := time.Now()
	var out strings.Builder
	cmd.Stdout = &out
	measure.ResetPeakRSS() // the child's peak starts from ours
	if err := cmd.Start(); err != nil {
		return m, err
	}
	timer := time.AfterFunc(limit, func() { cmd.Process.Kill() })
	err := cmd.Wait()
	m.stopped = !timer.Stop()
	m.finish(cmd.ProcessState, start)
	m.out = strings.TrimSpace(out.String())
	if err != nil && !m.stopped {
		return m, fmt.Errorf("%v: %v", args, err)
	}
	return m, nil
}

// runChild is the child's side: "-child METHOD GAME N" computes g(0..N)
// and prints what the parent compares.
func runChild(args []string) {
	if len(args) < 3 {
		fail(fmt.Errorf("child: want METHOD GAME N, got %q", args))
	}
	n, err := strconv.Atoi(args[2])
	if err != nil {
		fail(err)
	}
	var g []int32
	switch args[0] {
	case "new": // every value computed, no period filled in
		a, err := heapRule(args[1]).Analyze(context.Background(), n, heap.AnalyzeOptions{ComputeAll: true})
		if err != nil {
			fail(err)
		}
		g = a.Values
		fmt.Printf("rare=%d ", a.Rare)
	case "prove": // stop as soon as the period is proved; keep no values
		a, err := heapRule(args[1]).Analyze(context.Background(), n, heap.AnalyzeOptions{StopAtPeriod: true, SummaryOnly: true})
		if err != nil {
			fail(err)
		}
		fmt.Printf("%s\n", a.Period)
		return
	case "emit": // as coevo sg computes: values handed out as they become final (and dropped), a period looked for
		count := 0
		a, err := heapRule(args[1]).Analyze(context.Background(), n, heap.AnalyzeOptions{Emit: func(from int, g []int32) error {
			count += len(g)
			return nil
		}})
		if err != nil {
			fail(err)
		}
		fmt.Printf("rare=%d computed=%d emitted=%d\n", a.Rare, a.Computed, count)
		return
	case "summary": // every value computed, none kept past the run (as the peer)
		a, err := heapRule(args[1]).Analyze(context.Background(), n, heap.AnalyzeOptions{ComputeAll: true, SummaryOnly: true})
		if err != nil {
			fail(err)
		}
		fmt.Printf("rare=%d computed=%d\n", a.Rare, a.Computed)
		return
	case "legs": // every value to n, then on to the second bound, with the CPU time of each leg
		cpu0 := measure.CPUTime()
		a, err := heapRule(args[1]).Analyze(context.Background(), n, heap.AnalyzeOptions{ComputeAll: true})
		if err != nil {
			fail(err)
		}
		cpu1 := measure.CPUTime()
		fmt.Printf("leg1 cpu=%.3f %s\n", cpu1-cpu0, summary(a.Values))
		m, err := strconv.Atoi(args[3])
		if err != nil {
			fail(err)
		}
		a, err = heapRule(args[1]).Analyze(context.Background(), m, heap.AnalyzeOptions{ComputeAll: true, Resume: a.Values})
		if err != nil {
			fail(err)
		}
		fmt.Printf("leg2 cpu=%.3f %s\n", measure.CPUTime()-cpu0, summary(a.Values))
		return
	case "previous":
		r := previousRules[args[1]]
		if g, err = r.sparse(context.Background(), n); err != nil {
			fail(err)
		}
	}
	fmt.Println(summary(g))
}

// summary names a sequence: its length, its largest value with the first
// heap that has it (what the peer prints), and a hash of every value.
func summary(g []int32) string {
	top, at := int32(-1), 0
	h := fnv.New64a()
	var b [4]byte
	for i, v := range g {
		if v > top {
			top, at = v, i
		}
		b[0], b[1], b[2], b[3] = byte(v), byte(v>>8), byte(v>>16), byte(v>>24)
		h.Write(b[:])
	}
	return fmt.Sprintf("values=%d largest G[%d]=%d hash=%016x", len(g), at, top, h.Sum64())
}

func heapRule(name string) *heap.Rule {
	if name == "grundy" {
		return heap.GrundysGame()
	}
	r, err := heap.Octal(name)
	if err != nil {
		fail(err)
	}
	return r
}

// previousRules are the games the previous method is timed on.
var previousRules = map[string]previousRule{
	"grundy": {take: []uint8{4}, unequal: true},
	".127":   {take: []uint8{0, 1, 2, 7}},
	".376":   {take: []uint8{0, 3, 7, 6}},
	".74":    {take: []uint8{0, 7, 4}},
}

// peerRun runs the peer on game until it prints the line for 2^k values
// (or stops by itself), and returns its usage, that line and, when it
// stopped, its last line.
func peerRun(path, game string, k int, limit time.Duration) (usage, string, error) {
	var m usage
	cmd := exec.Command(path, game)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return m, "", err
	}
	start := time.Now()
	measure.ResetPeakRSS() // see child
	if err := cmd.Start(); err != nil {
		return m, "", err
	}
	timer := time.AfterFunc(limit, func() { cmd.Process.Kill() })
	want := fmt.Sprintf("n=2^%d ", k)
	line, last := "", ""
	sc := bufio.NewScanner(stdout)
	for sc.Scan() {
		last = sc.Text()
		if strings.HasPrefix(last, want) {
			line = last
			cmd.Process.Kill()
			break
		}
	}
	cmd.Wait()
	m.stopped = !timer.Stop()
	m.finish(cmd.ProcessState, start)
	if line == "" {
		return m, last, nil
	}
	return m, line, nil
}

var peerLargest = regexp.MustCompile(`largest G\[(\d+)\]=(\d+)`)

// benchSparse times Grundy's game to 2^grundyK, .127 to 2^octalK and .376
// (two splitting removals) to 2^multiK, each by the current method, the
// previous one and the peer; Grundy's game again keeping no values, as the
// peer; the proof of .127's period; and, with long, the proof of .1777's.
func benchSparse(grundyK, octalK, multiK, wideK int, prevCap time.Duration, long bool) {
	peer := os.Getenv(peerEnv)
	if peer != "" {
		if _, err := os.Stat(peer); err != nil {
			fmt.Printf("%s=%s: %v; the peer is skipped\n", peerEnv, peer, err)
			peer = ""
		}
	} else {
		fmt.Printf("%s is not set: the peer (Czajka's octal-games analyzer) is skipped\n", peerEnv)
	}
	measure.ResetPeakRSS()
	fmt.Printf("\nSparse space: CPU time and peak memory of a process per run, g(0..2^k-1) computed value by value (load average %s)\n", measure.LoadAverage())
	fmt.Printf("(a child's peak memory counts from this benchmark's own resident memory, %s: a figure at that value is that floor)\n", measure.PeakRSS())
	fmt.Printf("%-22s %-18s %-18s %-18s %s\n", "", "coevo", "previous", "peer", "coevo/previous  coevo/peer")
	for _, c := range []struct {
		game, peerGame string
		k              int
	}{{"grundy", "grundy", grundyK}, {".127", ".127", octalK}, {".376", ".376", multiK}, {".74", ".74", wideK}} {
		if c.k <= 0 {
			continue
		}
		n := 1<<c.k - 1
		cur, err := child(24*time.Hour, "new", c.game, strconv.Itoa(n))
		if err != nil {
			fail(err)
		}
		row := fmt.Sprintf("%-22s %-18s", fmt.Sprintf("%s to 2^%d", c.game, c.k), cur)
		prevCol, prevRatio := "(skipped)", ""
		if prevCap > 0 {
			prev, err := child(prevCap, "previous", c.game, strconv.Itoa(n))
			if err != nil {
				fail(err)
			}
			prevCol = prev.String()
			switch {
			case prev.stopped:
				prevRatio = fmt.Sprintf("< %.4f", cur.cpu.Seconds()/prev.cpu.Seconds())
			case !sameValues(prev.out, cur.out):
				fail(fmt.Errorf("%s: previous method gives %s, current %s", c.game, prev.out, cur.out))
			default:
				prevRatio = fmt.Sprintf("%.3f", cur.cpu.Seconds()/prev.cpu.Seconds())
			}
		}
		peerCol, peerRatio, note := "(not set)", "", ""
		if peer != "" {
			pm, line, err := peerRun(peer, c.peerGame, c.k, 24*time.Hour)
			if err != nil {
				fail(err)
			}
			switch {
			case strings.HasPrefix(line, fmt.Sprintf("n=2^%d ", c.k)):
				peerCol = pm.String()
				peerRatio = fmt.Sprintf("%.3f", cur.cpu.Seconds()/pm.cpu.Seconds())
				if err := agreeWithPeer(line, cur.out); err != nil {
					fail(fmt.Errorf("%s: %v", c.game, err))
				}
				note = "  (largest value agrees with the peer)"
			default:
				peerCol = "stops early"
				note = fmt.Sprintf("  (the peer ended: %q)", line)
			}
		}
		fmt.Printf("%s %-18s %-18s %-15s %s%s\n", row, prevCol, peerCol, prevRatio, peerRatio, note)
		fmt.Printf("%-22s %s\n", "", cur.out)
	}
	// The peer keeps its values in 4 bytes but gives none back: so does
	// coevo with SummaryOnly, in 1 byte while they fit.
	if grundyK > 0 {
		sum, err := child(24*time.Hour, "summary", "grundy", strconv.Itoa(1<<grundyK-1))
		if err != nil {
			fail(err)
		}
		fmt.Printf("\n%-22s %-18s  (SummaryOnly: values kept in 1 byte, none returned; %s)\n",
			fmt.Sprintf("grundy to 2^%d", grundyK), sum, sum.out)
	}
	// The time to prove .127's period (period 4, last exception 46577).
	cur, err := child(24*time.Hour, "prove", ".127", strconv.Itoa(1<<28))
	if err != nil {
		fail(err)
	}
	fmt.Printf("\nProof of .127's period: coevo %s  (%s)\n", cur, cur.out)
	if peer != "" {
		pm, line, err := peerRun(peer, ".127", 40, time.Hour)
		if err != nil {
			fail(err)
		}
		fmt.Printf("                        peer  %s  (%s)   coevo/peer %.3f\n", pm, line, cur.cpu.Seconds()/pm.cpu.Seconds())
	}
	if long {
		// Flammenkamp (OEIS A071509): period 60620715, last exception
		// 160949017; the proof needs 443,139,470 values, more than the
		// peer's limit of 2^28.
		cur, err := child(24*time.Hour, "prove", ".1777", strconv.Itoa(600_000_000))
		if err != nil {
			fail(err)
		}
		fmt.Printf("Proof of .1777's period: coevo %s  (%s)\n", cur, cur.out)
	}
}

// sameValues reports whether two child reports name the same sequence.
func sameValues(a, b string) bool {
	cut := func(s string) string { return s[strings.Index(s, "values="):] }
	return strings.Contains(a, "values=") && strings.Contains(b, "values=") && cut(a) == cut(b)
}

// agreeWithPeer checks the largest value and its first heap against the
// peer's line for the same 2^k values.
func agreeWithPeer(line, ours string) error {
	p, o := peerLargest.FindStringSubmatch(line), peerLargest.FindStringSubmatch(ours)
	if p == nil || o == nil {
		return errors.New("no largest value to compare")
	}
	if p[1] != o[1] || p[2] != o[2] {
		return fmt.Errorf("largest value: peer G[%s]=%s, coevo G[%s]=%s", p[1], p[2], o[1], o[2])
	}
	return nil
}
