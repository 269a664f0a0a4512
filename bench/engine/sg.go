package main

import (
	"bufio"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/coevolab/coevo/internal/measure"
)

// benchLongGrundy times Grundy's game to 2^(k-1) and 2^k values, past heap
// 7,250,049 where values take 2 bytes: coevo in one process whose second
// leg continues from the first's values, the peer in one process read at
// its lines for those two bounds. It prints the CPU times, their ratios,
// and the growth exponent of each program from one bound to the next
// (CPU time ~ n^e: e = log2 of the ratio, n doubling).
func benchLongGrundy(k int) {
	fmt.Printf("\nGrundy's game to 2^%d and 2^%d, every value computed: CPU time (user+sys) of one process each (load average %s)\n", k-1, k, measure.LoadAverage())
	cur, err := child(48*time.Hour, "legs", "grundy", strconv.Itoa(1<<(k-1)-1), strconv.Itoa(1<<k-1))
	if err != nil {
		fail(err)
	}
	var ours [2]float64
	var sums [2]string
	for _, l := range strings.Split(cur.out, "\n") {
		var leg int
		var cpu float64
		if n, _ := fmt.Sscanf(l, "leg%d cpu=%f", &leg, &cpu); n == 2 && leg >= 1 && leg <= 2 {
			ours[leg-1] = cpu
			sums[leg-1] = l[strings.Index(l, "values="):]
		}
	}
	if ours[0] == 0 || ours[1] == 0 {
		fail(fmt.Errorf("grundy legs: %q", cur.out))
	}
	fmt.Printf("  coevo: %s at 2^%d, %s at 2^%d (%s peak memory, the values returned as []int32)\n",
		secs(ours[0]), k-1, secs(ours[1]), k, mb(cur.rssKB))
	peer := peerPath()
	if peer == "" {
		fmt.Printf("  growth exponent coevo %.2f; the peer is not set\n", math.Log2(ours[1]/ours[0]))
		return
	}
	cpu, lines, err := peerCPUAt(peer, "grundy", []int{k - 1, k})
	if err != nil {
		fail(err)
	}
	for i, kk := range []int{k - 1, k} {
		if lines[i] == "" {
			fail(fmt.Errorf("the peer stopped before 2^%d", kk))
		}
		if err := agreeWithPeer(lines[i], sums[i]); err != nil {
			fail(fmt.Errorf("grundy to 2^%d: %v", kk, err))
		}
	}
	fmt.Printf("  peer:  %s at 2^%d, %s at 2^%d\n", secs(cpu[0]), k-1, secs(cpu[1]), k)
	fmt.Printf("  coevo/peer CPU: %.3f at 2^%d, %.3f at 2^%d; growth exponent coevo %.2f, peer %.2f (largest values agree with the peer)\n",
		ours[0]/cpu[0], k-1, ours[1]/cpu[1], k, math.Log2(ours[1]/ours[0]), math.Log2(cpu[1]/cpu[0]))
	fmt.Printf("  (load average at the end %s)\n", measure.LoadAverage())
}

// peerPath is the peer's program, or "" when it is not set or missing
// (benchSparse has said so).
func peerPath() string {
	p := os.Getenv(peerEnv)
	if p == "" {
		return ""
	}
	if _, err := os.Stat(p); err != nil {
		return ""
	}
	return p
}

// peerCPUAt runs the peer on game and returns its CPU time (user+sys,
// from /proc) and its line when it prints the line for each 2^k of ks
// (ascending), then kills it.
func peerCPUAt(path, game string, ks []int) ([]float64, []string, error) {
	cmd := exec.Command(path, game)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, nil, err
	}
	defer cmd.Wait()
	defer cmd.Process.Kill()
	cpu := make([]float64, len(ks))
	lines := make([]string, len(ks))
	next := 0
	sc := bufio.NewScanner(stdout)
	for next < len(ks) && sc.Scan() {
		if l := sc.Text(); strings.HasPrefix(l, fmt.Sprintf("n=2^%d ", ks[next])) {
			c, err := procCPU(cmd.Process.Pid)
			if err != nil {
				return nil, nil, err
			}
			cpu[next], lines[next] = c, l
			next++
		}
	}
	return cpu, lines, nil
}

// procCPU is the user and system CPU time of process pid so far, in
// seconds, from /proc/PID/stat (in clock ticks of 1/100 s).
func procCPU(pid int) (float64, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, err
	}
	// The fields after the command name, which is in parentheses.
	f := strings.Fields(string(b[strings.LastIndexByte(string(b), ')')+1:]))
	if len(f) < 13 {
		return 0, fmt.Errorf("/proc/%d/stat: %q", pid, b)
	}
	ut, err1 := strconv.ParseFloat(f[11], 64)
	st, err2 := strconv.ParseFloat(f[12], 64)
	if err1 != nil || err2 != nil {
		return 0, fmt.Errorf("/proc/%d/stat: %q", pid, b)
	}
	return (ut + st) / 100, nil
}

// benchSGMemory compares the peak memory of "coevo sg grundy --upto N
// --format csv > /dev/null" with the same computation in process (the
// values kept as the method needs them, none returned), for N = 2^k-1 and
// each k of list; and each program's floor, its peak for N = 10, so that
// what the values cost above it can be compared too.
func benchSGMemory(list, coevo string) {
	if coevo == "" {
		var done func()
		coevo, done = buildCoevo()
		defer done()
	}
	fmt.Printf("\ncoevo sg grundy --upto N --format csv > /dev/null against the same run in process: peak memory (load average %s)\n", measure.LoadAverage())
	cliFloor, err := command(coevo, "sg", "grundy", "--upto", "10", "--format", "csv")
	if err != nil {
		fail(err)
	}
	inFloor, err := child(time.Hour, "summary", "grundy", "10")
	if err != nil {
		fail(err)
	}
	fmt.Printf("  floors (N = 10): coevo sg %s, in process %s: each program's own start (its code pages and package initialisation)\n", mb(cliFloor.rssKB), mb(inFloor.rssKB))
	fmt.Printf("  %-14s %-22s %-22s %-12s %s\n", "N", "coevo sg (CPU, peak)", "in process", "sg/in proc.", "above the floors: sg, in process, ratio")
	for _, f := range strings.Split(list, ",") {
		k, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || k < 4 || k > 29 {
			fail(fmt.Errorf("-sg-memory: bad exponent %q", f))
		}
		n := strconv.Itoa(1<<k - 1)
		cli, err := command(coevo, "sg", "grundy", "--upto", n, "--format", "csv")
		if err != nil {
			fail(err)
		}
		in, err := child(24*time.Hour, "summary", "grundy", n)
		if err != nil {
			fail(err)
		}
		above, inAbove := cli.rssKB-cliFloor.rssKB, in.rssKB-inFloor.rssKB
		fmt.Printf("  %-14s %6.2fs %-14s %7.2fs %-12s %-12.2f %s, %s, %.2f\n", fmt.Sprintf("2^%d-1", k),
			cli.cpu.Seconds(), mb(cli.rssKB), in.cpu.Seconds(), mb(in.rssKB), float64(cli.rssKB)/float64(in.rssKB),
			mb(above), mb(inAbove), float64(above)/float64(max(inAbove, 1)))
	}
}

// command runs a program with its output to /dev/null and returns its
// CPU time and peak memory.
func command(path string, args ...string) (usage, error) {
	var m usage
	null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		return m, err
	}
	defer null.Close()
	cmd := exec.Command(path, args...)
	cmd.Stdout, cmd.Stderr = null, os.Stderr
	measure.ResetPeakRSS() // see child
	start := time.Now()
	if err := cmd.Run(); err != nil {
		return m, fmt.Errorf("%s %v: %v", path, args, err)
	}
	m.finish(cmd.ProcessState, start)
	return m, nil
}

func secs(s float64) string { return fmt.Sprintf("%.2fs", s) }

func mb(kb int64) string { return fmt.Sprintf("%.1f MB", float64(kb)/1024) }

// buildCoevo builds cmd/coevo into a temporary folder; done removes it.
func buildCoevo() (path string, done func()) {
	dir, err := os.MkdirTemp("", "bench-sg")
	if err != nil {
		fail(err)
	}
	path = filepath.Join(dir, "coevo")
	if out, err := exec.Command("go", "build", "-o", path, "github.com/coevolab/coevo/cmd/coevo").CombinedOutput(); err != nil {
		os.RemoveAll(dir)
		fail(fmt.Errorf("go build ./cmd/coevo (run the benchmark in the repository, or give -coevo): %v\n%s", err, out))
	}
	return path, func() { os.RemoveAll(dir) }
}

// benchCheapOctal times a cheap octal game, .106 (15 rare values, so the
// method's time per value is small and what the command adds around it
// shows), to 2^k values: coevo sg from the command line in each output
// format to /dev/null, the same run in process (every value computed,
// none kept: as the peer), the peer, and coevo's start (--upto 10); reps
// runs of each, interleaved, medians. In process, the values are handed
// out as they become final, as coevo sg has them, and dropped. The
// differences say where the command's time goes: its start, and
// formatting and writing the values (each format against in process);
// --summary looks for a period as it goes and keeps no values.
func benchCheapOctal(game string, k, reps int, coevo string) {
	if coevo == "" {
		var done func()
		coevo, done = buildCoevo()
		defer done()
	}
	n := strconv.Itoa(1<<k - 1)
	fmt.Printf("\nA cheap octal game, %s to 2^%d values: coevo sg to /dev/null against the same run in process (values handed out, not written) and the peer, CPU time (user+sys), median of %d (load average %s)\n",
		game, k, reps, measure.LoadAverage())
	peer := peerPath()
	type row struct {
		name string
		run  func() (float64, error)
		cpu  []float64
	}
	cli := func(args ...string) func() (float64, error) {
		return func() (float64, error) {
			m, err := command(coevo, append([]string{"sg", "octal", "--code", game}, args...)...)
			return m.cpu.Seconds(), err
		}
	}
	rows := []*row{
		{name: "coevo sg (text)", run: cli("--upto", n)},
		{name: "coevo sg --format csv", run: cli("--upto", n, "--format", "csv")},
		{name: "coevo sg --format json", run: cli("--upto", n, "--format", "json")},
		{name: "coevo sg --summary", run: cli("--upto", n, "--summary")},
		{name: "in process", run: func() (float64, error) {
			m, err := child(time.Hour, "emit", game, n)
			return m.cpu.Seconds(), err
		}},
		{name: "coevo's start", run: cli("--upto", "10")},
	}
	if peer != "" {
		rows = append(rows, &row{name: "peer", run: func() (float64, error) {
			cpu, lines, err := peerCPUAt(peer, game, []int{k})
			if err == nil && lines[0] == "" {
				err = fmt.Errorf("the peer stopped before 2^%d", k)
			}
			return cpu[0], err
		}})
	}
	for r := 0; r < reps; r++ {
		for _, x := range rows {
			c, err := x.run()
			if err != nil {
				fail(err)
			}
			x.cpu = append(x.cpu, c)
		}
	}
	med := func(x *row) float64 {
		v := slices.Clone(x.cpu)
		slices.Sort(v)
		return v[len(v)/2]
	}
	peerCPU := 0.0
	if peer != "" {
		peerCPU = med(rows[len(rows)-1])
	}
	for _, x := range rows {
		vs := ""
		if peerCPU > 0 && x.name != "peer" && x.name != "coevo's start" {
			vs = fmt.Sprintf("   %.2f of the peer's", med(x)/peerCPU)
		}
		fmt.Printf("  %-24s %6.2fs%s\n", x.name, med(x), vs)
	}
	if peer == "" {
		fmt.Printf("  (the peer is not set: %s)\n", peerEnv)
	}
	text, in, start := med(rows[0]), med(rows[4]), med(rows[5])
	fmt.Printf("  where coevo sg's time goes: the method %.2fs (in process), coevo's start %.2fs, formatting and writing the values: text %.2fs, csv %.2fs, json %.2fs (each less in process and the start)\n",
		in, start, text-in-start, med(rows[1])-in-start, med(rows[2])-in-start)
	if peerCPU > 0 {
		fmt.Printf("  target: coevo sg from the command line no slower than the peer: text %.2f, csv %.2f, json %.2f of its CPU (%s)\n",
			text/peerCPU, med(rows[1])/peerCPU, med(rows[2])/peerCPU, met(max(text, med(rows[1]), med(rows[2])) <= peerCPU))
	}
	fmt.Printf("  (load average at the end %s)\n", measure.LoadAverage())
}

func met(ok bool) string {
	if ok {
		return "met"
	}
	return "NOT met"
}
