package main

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/coevolab/coevo/kernel"
)

// The fault probe of issue 24: every command and flag that takes a path,
// given what a user (or a hostile neighbour in a shared folder) may name
// there: a device, a FIFO with no process at the other end, a dangling
// symbolic link, a link to a device or a file, a directory, a path under
// a file, a missing folder, an empty value; and the other faults the issue
// lists. Each case runs coevo as a process of its own under a 4 GiB
// address-space cap, lets it run, or sends it SIGINT (or SIGTERM) once it
// is blocked or busy, and checks its exit status, its standard error and
// what became of the special file: a device, FIFO or link must never be
// replaced by a regular file. The counts are logged (go test -v -run
// TestFaultProbe): the report gives them before and after.
//
// Devices are made with mknod in the test's own folder when the test runs
// as root (so that a regression replaces a node of the test, not the
// machine's /dev/null); otherwise the real /dev/null, /dev/full and
// /dev/zero are used, which a non-root process cannot replace.

// probeResult is what a probed run did.
type probeResult struct {
	status         int // exit status; -1 when killed by the probe
	stdout, stderr string
	took           time.Duration // from start, or from the signal, to exit
	signalled      bool
	sig            syscall.Signal // the signal sent
	maxRSS         int64          // peak resident memory, bytes
}

// probeCase is one probed command line.
type probeCase struct {
	name string
	args []string
	// drive: "" lets the command run to its end (at most 20 s); "idle"
	// sends sig once the process sits blocked (its processor time still
	// for 200 ms); "busy" sends it after half a second of processor time.
	drive string
	sig   syscall.Signal
	// quick: the command must end within this time by itself (0: 20 s).
	quick time.Duration
	// before runs just before the signal.
	before func()
	// keep lists special files (nodes, FIFOs, links) that must be left
	// as they were.
	keep []string
	// want returns what is wrong with the result, or "".
	want func(r probeResult) string
	// cleanup runs after the case (e.g. closing a FIFO's writer).
	cleanup func()
	// exe, if set, is the binary to run instead of this test binary (a
	// copy of it installed with a worker binary beside it).
	exe string
	// stdin and stdout, if set, are the process's standard input and
	// output (a pipe nobody writes, a full pipe nobody reads, /dev/full)
	// instead of the probe's.
	stdin, stdout *os.File
	// addressSpace, if set, is the address-space limit (ulimit -v) the
	// process starts under, instead of the 4 GiB set after its start.
	addressSpace uint64
	// env is added to the process's environment.
	env []string
	// setup runs just before the process starts.
	setup func()
	// ready, if set, must also hold before the signal is sent (the pipe
	// the process writes is full).
	ready func() bool
	// timed runs the process under /usr/bin/time, for its peak memory
	// (a process started by Go inherits its parent's in its rusage: Go
	// starts it sharing the parent's memory until its exec).
	timed bool
}

// probeDir makes the special files of one case in its own folder.
type probeDir struct {
	t   *testing.T
	dir string
}

// Linux device numbers of the memory devices (major 1).
const (
	devNull = 0x103
	devZero = 0x105
	devFull = 0x107
)

// canMknod says whether device nodes can be made (root), and so whether
// the probe may use devices at all as root.
func canMknod(dir string) bool {
	p := filepath.Join(dir, ".mknod-test")
	err := syscall.Mknod(p, syscall.S_IFCHR|0o666, devNull)
	os.Remove(p)
	return err == nil
}

// node returns a character device at dir/name (mknod) or, when the probe
// cannot make one and is not root, the system's device of that number.
func (d *probeDir) node(name string, dev int) string {
	p := filepath.Join(d.dir, name)
	if err := syscall.Mknod(p, syscall.S_IFCHR|0o666, dev); err == nil {
		return p
	}
	if os.Geteuid() == 0 {
		d.t.Fatalf("mknod %s as root: cannot probe devices safely", p)
	}
	return map[int]string{devNull: "/dev/null", devZero: "/dev/zero", devFull: "/dev/full"}[dev]
}

func (d *probeDir) file(name, content string) string {
	p := filepath.Join(d.dir, name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		d.t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		d.t.Fatal(err)
	}
	return p
}

func (d *probeDir) fifo(name string) string {
	p := filepath.Join(d.dir, name)
	if err := syscall.Mkfifo(p, 0o644); err != nil {
		d.t.Fatal(err)
	}
	return p
}

func (d *probeDir) link(name, target string) string {
	p := filepath.Join(d.dir, name)
	if err := os.Symlink(target, p); err != nil {
		d.t.Fatal(err)
	}
	return p
}

func (d *probeDir) mkdir(name string) string {
	p := filepath.Join(d.dir, name)
	if err := os.MkdirAll(p, 0o755); err != nil {
		d.t.Fatal(err)
	}
	return p
}

// state describes a path for the keep checks: its type, and a link's
// target.
func state(p string) string {
	st, err := os.Lstat(p)
	if err != nil {
		return "missing"
	}
	s := st.Mode().Type().String()
	if st.Mode()&os.ModeSymlink != 0 {
		t, _ := os.Readlink(p)
		s += " -> " + t
	}
	if st.Mode()&os.ModeCharDevice != 0 {
		if sys, ok := st.Sys().(*syscall.Stat_t); ok {
			s += fmt.Sprintf(" %#x", sys.Rdev)
		}
	}
	return s
}

// runProbe runs one case.
func runProbe(t *testing.T, c probeCase) probeResult {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	if alt := os.Getenv("COEVO_PROBE_EXE"); alt != "" {
		// Another build's test binary (make the comparison with an older
		// coevo: go test -c of it, then COEVO_PROBE_EXE=that binary).
		exe = alt
	}
	if c.exe != "" {
		exe = c.exe
	}
	cmd := exec.Command(exe, c.args...)
	cmd.Env = append(os.Environ(), "COEVO_MAIN=1", "COEVO_TEST_MAX_ADDRESS_SPACE=4294967296")
	if c.addressSpace > 0 {
		// The limit set before coevo starts, as ulimit -v sets it.
		cmd = exec.Command("prlimit", append([]string{fmt.Sprintf("--as=%d", c.addressSpace), "--", exe}, c.args...)...)
		cmd.Env = append(os.Environ(), "COEVO_MAIN=1",
			// The test binary links the C library (net's resolver; make
			// build builds coevo without it), whose malloc takes 64 MB
			// of address space for each thread's arena.
			"MALLOC_ARENA_MAX=1")
	}
	cmd.Env = append(cmd.Env, c.env...)
	var rssFile string
	if c.timed {
		rssFile = filepath.Join(t.TempDir(), "rss")
		cmd.Args = append([]string{"/usr/bin/time", "-f", "%M", "-o", rssFile}, cmd.Args...)
		cmd.Path = "/usr/bin/time"
	}
	var stdout, stderr capped
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if c.stdout != nil {
		cmd.Stdout = c.stdout
	}
	if c.stdin != nil {
		cmd.Stdin = c.stdin
	}
	if c.setup != nil {
		c.setup()
	}
	start := time.Now()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	r := probeResult{status: -1}
	finish := func(err error) probeResult {
		r.status = cmd.ProcessState.ExitCode()
		var ee *exec.ExitError
		if errors.As(err, &ee) && ee.ProcessState.ExitCode() == -1 {
			r.status = -1 // killed by a signal
		}
		r.stdout, r.stderr = stdout.String(), stderr.String()
		if rssFile != "" {
			r.maxRSS = timedRSS(rssFile)
		}
		return r
	}
	limit := 20 * time.Second
	if c.quick > 0 {
		limit = c.quick
	}
	if c.drive != "" {
		// Wait until blocked or busy, then signal.
		lastCPU, still := time.Duration(-1), 0
		for {
			select {
			case err := <-exited:
				r.took = time.Since(start)
				return finish(err)
			case <-time.After(50 * time.Millisecond):
			}
			cpu, ok := cpuTime(cmd.Process.Pid)
			if !ok {
				continue
			}
			ready := false
			switch c.drive {
			case "idle":
				if cpu == lastCPU {
					still++
				} else {
					still = 0
				}
				lastCPU = cpu
				// Blocked, not starved of processor time on a loaded
				// machine: no thread is runnable.
				ready = still >= 4 && time.Since(start) > 300*time.Millisecond && asleep(cmd.Process.Pid) && (c.ready == nil || c.ready())
			case "busy":
				ready = cpu >= 500*time.Millisecond
			}
			if ready {
				break
			}
			if time.Since(start) > limit {
				cmd.Process.Kill()
				<-exited
				r.stderr = stderr.String() + fmt.Sprintf("[probe: neither %s nor exited after %v]", c.drive, limit)
				return r
			}
		}
		if c.before != nil {
			c.before()
		}
		sig := c.sig
		if sig == 0 {
			sig = syscall.SIGINT
		}
		sent := time.Now()
		cmd.Process.Signal(sig)
		r.signalled, r.sig = true, sig
		select {
		case err := <-exited:
			r.took = time.Since(sent)
			return finish(err)
		case <-time.After(5 * time.Second):
			cmd.Process.Kill()
			<-exited
			r.stdout, r.stderr = stdout.String(), stderr.String()+"[probe: still running 5 s after the signal]"
			return r
		}
	}
	select {
	case err := <-exited:
		r.took = time.Since(start)
		return finish(err)
	case <-time.After(limit):
		cmd.Process.Kill()
		<-exited
		r.stdout, r.stderr = stdout.String(), stderr.String()+fmt.Sprintf("[probe: still running after %v]", limit)
		return r
	}
}

// asleep reports whether no thread of process pid is running or runnable
// (Linux: the state in /proc/PID/task/TID/stat).
func asleep(pid int) bool {
	tasks, err := os.ReadDir(fmt.Sprintf("/proc/%d/task", pid))
	if err != nil {
		return false
	}
	for _, task := range tasks {
		b, err := os.ReadFile(fmt.Sprintf("/proc/%d/task/%s/stat", pid, task.Name()))
		if err != nil {
			continue // the thread has ended
		}
		f := strings.Fields(string(b[bytes.LastIndexByte(b, ')')+1:]))
		if len(f) > 0 && f[0] == "R" {
			return false
		}
	}
	return true
}

// capped keeps the first 64 KiB written to it.
type capped struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (c *capped) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if room := 64<<10 - c.b.Len(); room > 0 {
		c.b.Write(p[:min(len(p), room)])
	}
	return len(p), nil
}

func (c *capped) String() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.b.String()
}

// Expectations.

// tempName matches the temporary files of internal/atomicfile.
var tempName = regexp.MustCompile(`/\.[^/ ]+-[0-9]{3,}\b`)

// common checks every result: no panic, no temporary file named, no
// crash of the runtime.
func common(r probeResult) string {
	switch {
	case strings.Contains(r.stderr, "internal error") || strings.Contains(r.stderr, "panic:") || strings.Contains(r.stderr, "fatal error"):
		return "crashed: " + firstLines(r.stderr)
	case tempName.MatchString(r.stderr):
		return "names a temporary file: " + firstLines(r.stderr)
	}
	return ""
}

func firstLines(s string) string {
	if len(s) > 300 {
		s = s[:300] + "..."
	}
	return strings.ReplaceAll(s, "\n", "⏎")
}

// refused: exit 2 with one line on stderr naming each of says.
func refused(says ...string) func(probeResult) string {
	return func(r probeResult) string {
		if r.status != 2 || strings.Count(r.stderr, "\n") != 1 {
			return fmt.Sprintf("status %d, want 2 with one line: %s", r.status, firstLines(r.stderr))
		}
		for _, s := range says {
			if !strings.Contains(r.stderr, s) {
				return fmt.Sprintf("stderr does not name %q: %s", s, firstLines(r.stderr))
			}
		}
		return ""
	}
}

// failed: exit 1, stderr naming each of says.
func failed(says ...string) func(probeResult) string {
	return func(r probeResult) string {
		if r.status != 1 {
			return fmt.Sprintf("status %d, want 1: %s", r.status, firstLines(r.stderr))
		}
		for _, s := range says {
			if !strings.Contains(r.stderr, s) {
				return fmt.Sprintf("stderr does not name %q: %s", s, firstLines(r.stderr))
			}
		}
		return ""
	}
}

// succeeded: exit 0; then each extra check.
func succeeded(checks ...func(probeResult) string) func(probeResult) string {
	return func(r probeResult) string {
		if r.status != 0 {
			return fmt.Sprintf("status %d, want 0: %s", r.status, firstLines(r.stderr))
		}
		for _, c := range checks {
			if msg := c(r); msg != "" {
				return msg
			}
		}
		return ""
	}
}

// interrupted: the signal ended it with 128 plus its number (130 for
// SIGINT, 143 for SIGTERM, 129 for SIGHUP) and "interrupted".
func interrupted(r probeResult) string {
	if !r.signalled {
		return fmt.Sprintf("ended before the signal, status %d: %s", r.status, firstLines(r.stderr))
	}
	if r.status != 128+int(r.sig) || !strings.Contains(r.stderr, "interrupted") {
		return fmt.Sprintf("status %d after %v (%v), want %d and \"interrupted\": %s", r.status, r.sig, r.took.Round(time.Millisecond), 128+int(r.sig), firstLines(r.stderr))
	}
	return ""
}

// refusedOrInterrupted: refused at once, or blocked until the signal and
// then ended with 130.
func refusedOrInterrupted(says ...string) func(probeResult) string {
	return func(r probeResult) string {
		if r.signalled {
			return interrupted(r)
		}
		return refused(says...)(r)
	}
}

func notExists(p string) func(probeResult) string {
	return func(probeResult) string {
		if _, err := os.Lstat(p); err == nil {
			return p + " was created"
		}
		return ""
	}
}

func fileHas(p, s string) func(probeResult) string {
	return func(probeResult) string {
		b, err := os.ReadFile(p)
		if err != nil || !strings.Contains(string(b), s) {
			return fmt.Sprintf("%s lacks %q (%v)", p, s, err)
		}
		return ""
	}
}

func stdoutHas(s string) func(probeResult) string {
	return func(r probeResult) string {
		if !strings.Contains(r.stdout, s) {
			return fmt.Sprintf("stdout lacks %q", s)
		}
		return ""
	}
}

func stderrLacks(s string) func(probeResult) string {
	return func(r probeResult) string {
		if strings.Contains(r.stderr, s) {
			return fmt.Sprintf("stderr says %q: %s", s, firstLines(r.stderr))
		}
		return ""
	}
}

// Inputs of the cases.

const probePairs = "a,b,wins_a,wins_b,draws\nA,B,3,2,1\nB,C,2,2,0\nA,C,4,1,0\n"

const probeRuns = "n,T\n10,100\n20,800\n40,6400\n10,120\n20,700\n40,6000\n"

const probeSweep = `{"game": "subtraction", "params": {"k": "2"}, "size": "n", "sizes": [8], "seeds": 1, "mu": [10], "max_evals": 100000}`

// probeArchive is an archive of three random WPC players.
func probeArchive() string {
	var b strings.Builder
	b.WriteString("name,generation,games,fitness")
	for r := 1; r <= 8; r++ {
		for c := 'a'; c <= 'h'; c++ {
			fmt.Fprintf(&b, ",%c%d", c, r)
		}
	}
	b.WriteString("\n")
	rng := rand.New(rand.NewPCG(1, 2))
	for g := 1; g <= 3; g++ {
		fmt.Fprintf(&b, "g%d,%d,10,0.5", g, g)
		for range 64 {
			fmt.Fprintf(&b, ",%.3f", rng.Float64()-0.5)
		}
		b.WriteString("\n")
	}
	return b.String()
}

func probeWPC(bom bool) string {
	var b strings.Builder
	if bom {
		b.WriteString("\ufeff")
	}
	for r := 0; r < 8; r++ {
		for c := 0; c < 8; c++ {
			fmt.Fprintf(&b, "%d ", (r*8+c)%5-2)
		}
		b.WriteString("\n")
	}
	return b.String()
}

// freePorts returns n TCP ports free on 127.0.0.1 now.
func freePorts(t *testing.T, n int) []int {
	var ports []int
	var ls []net.Listener
	for range n {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		ls = append(ls, l)
		ports = append(ports, l.Addr().(*net.TCPAddr).Port)
	}
	for _, l := range ls {
		l.Close()
	}
	return ports
}

// outputFlag is a flag whose value is a file coevo writes: the command
// line around it (what comes after the value), the file name's extension,
// and whether the file is appended to (a results file) rather than
// written whole.
type outputFlag struct {
	name   string
	args   func(d *probeDir) []string // before the flag
	ext    string
	append bool
	// regular: only a regular file makes sense (a checkpoint): devices and
	// FIFOs are refused.
	regular bool
	// output: a string the file (or stdout, written through) holds.
	holds string
}

func outputFlags() []outputFlag {
	btFile := func(d *probeDir) string { return d.file("in/pairs.csv", probePairs) }
	archive := func(d *probeDir) string { return d.file("in/run/archive.csv", probeArchive()) }
	return []outputFlag{
		{name: "bt fit --los", args: func(d *probeDir) []string { return []string{"bt", "fit", btFile(d), "--los"} }, ext: ".csv", holds: "player,"},
		{name: "bt fit --cov", args: func(d *probeDir) []string { return []string{"bt", "fit", btFile(d), "--cov"} }, ext: ".csv", holds: "player,"},
		{name: "bt fit --plot", args: func(d *probeDir) []string { return []string{"bt", "fit", btFile(d), "--plot"} }, ext: ".svg", holds: "<svg"},
		{name: "regress --plot", args: func(d *probeDir) []string {
			return []string{"regress", d.file("in/runs.csv", probeRuns), "--bootstrap", "10", "--plot"}
		}, ext: ".svg", holds: "<svg"},
		{name: "ciao --plot", args: func(d *probeDir) []string { return []string{"ciao", archive(d), "--games", "2", "--plot"} }, ext: ".svg", holds: "<svg"},
		{name: "ciao --csv", args: func(d *probeDir) []string { return []string{"ciao", archive(d), "--games", "2", "--csv"} }, ext: ".csv", holds: "g1"},
		{name: "ciao --league", args: func(d *probeDir) []string { return []string{"ciao", archive(d), "--games", "2", "--league"} }, ext: ".csv", holds: "first,second"},
		{name: "othello show --svg", args: func(d *probeDir) []string {
			return []string{"othello", "show", "--black", "heuristic", "--white", "random:1", "--svg"}
		}, ext: ".svg", holds: "<svg"},
		{name: "othello show --png", args: func(d *probeDir) []string {
			return []string{"othello", "show", "--black", "heuristic", "--white", "random:1", "--png"}
		}, ext: ".png", holds: "PNG"},
		{name: "othello league --out", args: func(d *probeDir) []string {
			return []string{"othello", "league", "--players", "heuristic,random:1", "--games", "2", "--out"}
		}, ext: ".csv", append: true, holds: "first,second"},
		{name: "umda sweep --out", args: func(d *probeDir) []string {
			return []string{"umda", "sweep", d.file("in/sweep.json", probeSweep), "--out"}
		},
			ext: ".csv", append: true, holds: "game,params"},
		{name: "sg --checkpoint", args: func(d *probeDir) []string { return []string{"sg", "kayles", "--upto", "100", "--checkpoint"} },
			ext: ".ckpt", regular: true},
	}
}

// outputCases probes every output flag with every kind of path.
func outputCases(t *testing.T, root string) []probeCase {
	var cases []probeCase
	n := 0
	mk := func(f outputFlag, kind string) probeCase {
		n++
		d := &probeDir{t, filepath.Join(root, fmt.Sprintf("out%03d", n))}
		d.mkdir(".")
		args := f.args(d)
		flagName := args[len(args)-1]
		c := probeCase{name: f.name + " " + kind}
		var path string
		switch kind {
		case "null":
			path = d.node("null"+f.ext, devNull)
			c.keep = []string{path}
			switch {
			case f.append || f.regular:
				c.want = refused(flagName)
			default:
				c.want = succeeded()
			}
		case "full":
			path = d.node("full"+f.ext, devFull)
			c.keep = []string{path}
			switch {
			case f.append || f.regular:
				c.want = refused(flagName)
			default:
				c.want = failed(flagName, "no space left on device")
			}
		case "fifo":
			path = d.fifo("fifo" + f.ext)
			c.keep = []string{path}
			c.drive = "idle"
			switch {
			case f.append || f.regular:
				c.want = refused(flagName)
			default:
				// Written through once a process reads it: with none, it
				// waits, and Ctrl-C ends it.
				c.want = interrupted
			}
		case "dangling":
			target := filepath.Join(d.dir, "target"+f.ext)
			path = d.link("dangling"+f.ext, target)
			c.keep = []string{path}
			c.want = func(r probeResult) string {
				if msg := refused(flagName)(r); msg != "" {
					return msg
				}
				return notExists(target)(r)
			}
		case "link-null":
			path = d.link("link-null"+f.ext, d.node("null"+f.ext, devNull))
			c.keep = []string{path, filepath.Join(d.dir, "null"+f.ext)}
			switch {
			case f.append || f.regular:
				c.want = refused(flagName)
			default:
				c.want = succeeded()
			}
		case "link-file":
			target := d.file("real"+f.ext, "old\n")
			path = d.link("link-file"+f.ext, target)
			c.keep = []string{path}
			switch {
			case f.append:
				c.want = refused(flagName, "--follow-symlink")
			case f.regular:
				// A file that is there is not replaced by a new run's
				// checkpoint without --force (issue 34).
				c.want = refused(flagName, "--force")
			case f.holds != "":
				c.want = succeeded(fileHas(target, f.holds))
			default:
				c.want = succeeded()
			}
		case "follow-link":
			// Asked to follow: a link to an existing (here empty) file.
			target := d.file("real"+f.ext, "")
			path = d.link("link"+f.ext, target)
			c.keep = []string{path}
			c.want = succeeded(fileHas(target, f.holds))
		case "follow-dangling":
			// Asked to follow a link to a file not made yet: made.
			target := filepath.Join(d.dir, "made"+f.ext)
			path = d.link("dangling"+f.ext, target)
			c.keep = []string{path}
			c.want = succeeded(fileHas(target, f.holds))
		case "follow-dangling-no-folder":
			path = d.link("dangling"+f.ext, filepath.Join(d.dir, "missing", "made"+f.ext))
			c.keep = []string{path}
			c.want = refused(flagName, "missing")
		case "link-foreign", "follow-foreign":
			// Another user's link in a shared sticky folder (as /tmp),
			// to a file of ours: not followed even when asked.
			target := d.file("mine"+f.ext, "mine\n")
			shared := d.mkdir("shared")
			os.Chmod(shared, 0o777|os.ModeSticky)
			path = d.link("shared/planted"+f.ext, target)
			os.Lchown(path, 54321, 54321)
			c.keep = []string{path}
			c.want = func(r probeResult) string {
				if msg := refused(flagName, "user 54321")(r); msg != "" {
					return msg
				}
				return fileHas(target, "mine\n")(r)
			}
		case "dir":
			path = d.mkdir("dir" + f.ext)
			c.want = refused(flagName)
		case "under-file":
			path = filepath.Join(d.file("file", "x\n"), "x"+f.ext)
			c.want = refused(flagName)
		case "no-folder":
			path = filepath.Join(d.dir, "missing", "x"+f.ext)
			c.want = refused(flagName)
		case "empty":
			path = ""
			c.want = refused(flagName)
		}
		c.args = append(args, path)
		if strings.HasPrefix(kind, "follow-") {
			c.args = append(c.args, "--follow-symlink")
		}
		return c
	}
	// Making a link of another user needs root (lchown).
	foreign := false
	if p := filepath.Join(root, ".lchown-test"); os.Symlink("x", p) == nil {
		foreign = os.Lchown(p, 54321, 54321) == nil
		os.Remove(p)
	}
	for _, f := range outputFlags() {
		kinds := []string{"null", "full", "fifo", "dangling", "link-null", "link-file", "dir", "under-file", "no-folder", "empty"}
		if f.append {
			kinds = append(kinds, "follow-link", "follow-dangling", "follow-dangling-no-folder")
			if foreign {
				kinds = append(kinds, "follow-foreign")
			}
		} else if foreign {
			kinds = append(kinds, "link-foreign")
		}
		for _, kind := range kinds {
			cases = append(cases, mk(f, kind))
		}
	}
	// --los /dev/stdout: a link to the standard output, written through.
	n++
	d := &probeDir{t, filepath.Join(root, fmt.Sprintf("out%03d", n))}
	d.mkdir(".")
	stdout := d.link("stdout", "/proc/self/fd/1")
	cases = append(cases, probeCase{name: "bt fit --los /dev/stdout", args: []string{"bt", "fit", d.file("pairs.csv", probePairs), "--los", stdout},
		keep: []string{stdout}, want: succeeded(stdoutHas("player,"))})
	return cases
}

// inputFlag is a command line taking a file to read: args puts path in.
type inputFlag struct {
	name string
	args func(d *probeDir, path string) []string
	// kinds this input refuses without waiting even as a FIFO (it is also
	// an output).
	regular bool
	what    string // what the error names besides the path ("" the path)
}

func inputFlags() []inputFlag {
	return []inputFlag{
		{name: "bt fit FILE", args: func(d *probeDir, p string) []string { return []string{"bt", "fit", p} }},
		{name: "bt groups FILE", args: func(d *probeDir, p string) []string { return []string{"bt", "groups", p} }},
		{name: "regress FILE", args: func(d *probeDir, p string) []string { return []string{"regress", p} }},
		{name: "solve --rules", args: func(d *probeDir, p string) []string { return []string{"solve", "--rules", p} }},
		{name: "umda sweep CONFIG", args: func(d *probeDir, p string) []string {
			return []string{"umda", "sweep", p, "--out", filepath.Join(d.dir, "r.csv")}
		}},
		{name: "othello play file:", args: func(d *probeDir, p string) []string {
			return []string{"othello", "play", "--black", "file:" + p, "--white", "random:1", "--games", "2"}
		}},
		{name: "othello league file:", args: func(d *probeDir, p string) []string {
			return []string{"othello", "league", "--players", "file:" + p + ",heuristic", "--games", "2"}
		}},
		{name: "ciao ARCHIVE", args: func(d *probeDir, p string) []string { return []string{"ciao", p, "--games", "2"} }},
		{name: "sg --checkpoint --resume", args: func(d *probeDir, p string) []string {
			return []string{"sg", "kayles", "--upto", "100", "--checkpoint", p, "--resume"}
		}, regular: true},
		{name: "kernel run", args: func(d *probeDir, p string) []string { return []string{"kernel", "run", p} }},
	}
}

func inputCases(t *testing.T, root string) []probeCase {
	var cases []probeCase
	n := 0
	for _, f := range inputFlags() {
		for _, kind := range []string{"fifo", "fifo-silent", "zero", "dir", "missing", "under-file", "empty", "dangling"} {
			if kind == "dir" && f.name == "ciao ARCHIVE" {
				continue // a run's folder is what ciao reads
			}
			n++
			d := &probeDir{t, filepath.Join(root, fmt.Sprintf("in%03d", n))}
			d.mkdir(".")
			c := probeCase{name: f.name + " " + kind}
			var path string
			switch kind {
			case "fifo":
				path = d.fifo("fifo")
				c.keep = []string{path}
				c.drive = "idle"
				c.want = refusedOrInterrupted(path)
				if !f.regular {
					c.want = interrupted
				}
			case "fifo-silent":
				// A writer that holds the FIFO open and writes nothing.
				path = d.fifo("fifo")
				w, err := os.OpenFile(path, os.O_RDWR, 0)
				if err != nil {
					t.Fatal(err)
				}
				c.cleanup = func() { w.Close() }
				c.keep = []string{path}
				c.drive = "idle"
				c.want = refusedOrInterrupted(path)
				if !f.regular {
					c.want = interrupted
				}
			case "zero":
				path = d.node("zero", devZero)
				c.keep = []string{path}
				c.quick = 10 * time.Second
				c.want = refused(path)
			case "dir":
				path = d.mkdir("dir")
				c.want = refused(path)
			case "missing":
				path = filepath.Join(d.dir, "missing")
				c.want = refused(path)
			case "under-file":
				path = filepath.Join(d.file("file", "x\n"), "x")
				c.want = refused(path)
			case "empty":
				path = ""
				c.want = refused()
			case "dangling":
				path = d.link("dangling", filepath.Join(d.dir, "target"))
				c.keep = []string{path}
				c.want = refused(path)
			}
			c.args = f.args(d, path)
			cases = append(cases, c)
		}
	}
	return cases
}

// otherCases are the rest of the list, and more of the same kinds.
func otherCases(t *testing.T, root string) []probeCase {
	n := 0
	dir := func() *probeDir {
		n++
		d := &probeDir{t, filepath.Join(root, fmt.Sprintf("other%03d", n))}
		d.mkdir(".")
		return d
	}
	var cases []probeCase
	add := func(c probeCase) { cases = append(cases, c) }

	// Usage.
	add(probeCase{name: "bare coevo", args: []string{}, want: refused("coevo")})
	add(probeCase{name: "version extra", args: []string{"version", "extra"}, want: refused("extra")})
	add(probeCase{name: "games extra", args: []string{"games", "extra"}, want: refused("extra")})
	d := dir()
	add(probeCase{name: "bt groups --ci 0.5", args: []string{"bt", "groups", d.file("p.csv", probePairs), "--ci", "0.5"}, want: refused("ci")})
	add(probeCase{name: "bt groups --los", args: []string{"bt", "groups", d.file("p.csv", probePairs), "--los", "-"}, want: refused("los")})

	// Empty values.
	d = dir()
	pairs := d.file("p.csv", probePairs)
	for _, c := range [][]string{
		// The flag with the empty value is the last but one.
		{"bt", "fit", pairs, "--format", ""},
		{"bt", "fit", pairs, "--anchor", ""},
		{"bt", "fit", pairs, "--plot", ""},
		{"bt", "fit", pairs, "--exclude", ""},
		{"othello", "league", "--players", "heuristic,random:1", "--games", "2", "--out", ""},
		{"othello", "show", "--black", "heuristic", "--white", "random:1", "--svg", ""},
		{"coevolve", "icl", "--opponents", "2", "--generations", "1", "--population", "4", "--out", filepath.Join(d.dir, "run"), "--seeds", ""},
		{"coevolve", "icl", "--opponents", "2", "--generations", "1", "--population", "4", "--out", ""},
		{"regress", d.file("runs.csv", probeRuns), "--x", ""},
		{"umda", "--game", "subtraction", "--n", "10", "--k", "2", "--gamma", ""},
		{"sg", "octal", "--upto", "10", "--code", ""},
		{"kernel", "install", "--prefix", ""},
		{"umda", "sweep", d.file("s.json", probeSweep), "--out", filepath.Join(d.dir, "r.csv"), "--slurm", "--dry-run", "--partition", ""},
	} {
		add(probeCase{name: "empty " + c[len(c)-2], args: c, want: refused(c[len(c)-2])})
	}

	// Outputs checked before the work: the input is a FIFO nobody writes,
	// so a command that reads it before looking at its outputs hangs.
	d = dir()
	for _, c := range []struct {
		args []string
		flag string
	}{
		{[]string{"bt", "fit", d.fifo("f1"), "--los", d.mkdir("losdir")}, "--los"},
		{[]string{"bt", "fit", d.fifo("f2"), "--cov", d.mkdir("covdir")}, "--cov"},
		{[]string{"bt", "fit", d.fifo("f3"), "--plot", filepath.Join(d.dir, "x.bmp")}, "--plot"},
		{[]string{"regress", d.fifo("f4"), "--plot", filepath.Join(d.dir, "x.bmp")}, "--plot"},
		{[]string{"regress", d.fifo("f5"), "--plot", d.mkdir("plotdir.svg")}, "--plot"},
		{[]string{"ciao", d.fifo("f6"), "--league", d.mkdir("leaguedir")}, "--league"},
		{[]string{"ciao", d.fifo("f7"), "--csv", filepath.Join(pairs, "x.csv")}, "--csv"},
		{[]string{"othello", "league", "--players", "file:" + d.fifo("f8") + ",heuristic", "--games", "2", "--out", d.mkdir("outdir")}, "--out"},
		{[]string{"umda", "sweep", d.fifo("f9"), "--out", d.mkdir("sweepdir")}, "--out"},
		{[]string{"sg", "kayles", "--checkpoint", d.mkdir("ckptdir")}, "--checkpoint"},
	} {
		add(probeCase{name: "before work " + c.args[0] + " " + c.flag, args: c.args, drive: "idle", want: refused(c.flag)})
	}
	add(probeCase{name: "kernel install --prefix FILE/x", args: []string{"kernel", "install", "--prefix", filepath.Join(pairs, "x")}, want: refused("--prefix")})
	add(probeCase{name: "kernel install --prefix FILE", args: []string{"kernel", "install", "--prefix", pairs}, want: refused("--prefix")})

	// Outputs that are inputs.
	d = dir()
	runsSVG := d.file("runs.svg", probeRuns)
	add(probeCase{name: "regress --plot is the input", args: []string{"regress", runsSVG, "--plot", runsSVG}, want: refused("--plot")})
	pairsCopy := d.file("p.csv", probePairs)
	add(probeCase{name: "bt fit --los is the input", args: []string{"bt", "fit", pairsCopy, "--los", pairsCopy}, want: refused("--los")})
	add(probeCase{name: "bt fit --cov is the input (a link)", args: []string{"bt", "fit", pairsCopy, "--cov", d.link("plink.csv", pairsCopy)}, want: refused("--cov")})

	// More inputs: PGN, a run folder whose checkpoint is a FIFO.
	d = dir()
	add(probeCase{name: "bt fit FIFO.pgn", args: []string{"bt", "fit", d.fifo("games.pgn")}, drive: "idle", want: interrupted})
	zeroPGN := d.node("zero.pgn", devZero)
	add(probeCase{name: "bt fit /dev/zero as PGN", args: []string{"bt", "fit", zeroPGN}, keep: []string{zeroPGN}, quick: 10 * time.Second, want: refused(zeroPGN)})
	d.file("run/archive.csv", probeArchive())
	ckFIFO := d.fifo("run/checkpoint.gz")
	add(probeCase{name: "ciao DIR with a FIFO checkpoint", args: []string{"ciao", filepath.Join(d.dir, "run"), "--games", "2"}, keep: []string{ckFIFO}, quick: 10 * time.Second, want: succeeded()})

	// Merges and scripts write --out too.
	d = dir()
	sweepCfg := d.file("s.json", probeSweep)
	for _, kind := range []string{"null", "fifo", "dir", "dangling", "link"} {
		var out string
		var keep []string
		switch kind {
		case "null":
			out = d.node("null-"+kind+".csv", devNull)
			keep = []string{out}
		case "fifo":
			out = d.fifo("fifo.csv")
			keep = []string{out}
		case "dir":
			out = d.mkdir("dir.csv")
		case "dangling":
			out = d.link("dangling.csv", filepath.Join(d.dir, "target.csv"))
			keep = []string{out}
		case "link":
			out = d.link("link.csv", d.file("real.csv", ""))
			keep = []string{out}
		}
		add(probeCase{name: "umda sweep --merge --out " + kind, args: []string{"umda", "sweep", sweepCfg, "--out", out, "--merge"}, keep: keep, want: refused("--out")})
		add(probeCase{name: "othello league --merge --out " + kind, args: []string{"othello", "league", "--players", "heuristic,random:1", "--games", "2", "--out", out, "--merge"}, keep: keep, want: refused("--out")})
	}
	d.mkdir("r.sbatch")
	add(probeCase{name: "umda sweep --slurm, the script a directory", args: []string{"umda", "sweep", sweepCfg, "--out", filepath.Join(d.dir, "r.csv"), "--slurm"}, want: refused("--out", "r.sbatch")})
	seedsDir := d.mkdir("seeds")
	runsLink := d.link("seeds/runs.csv", d.file("elsewhere.csv", ""))
	add(probeCase{name: "coevolve --seeds, runs.csv a link", args: []string{"coevolve", "icl", "--opponents", "2", "--generations", "1", "--population", "4", "--seeds", "1-2", "--out", seedsDir},
		keep: []string{runsLink}, want: refused("runs.csv")})
	add(probeCase{name: "coevolve --out a dangling link", args: []string{"coevolve", "icl", "--opponents", "2", "--generations", "1", "--population", "4", "--out", d.link("nowhere", filepath.Join(d.dir, "nowhere-target"))},
		want: refused("--out")})
	add(probeCase{name: "kernel install --prefix a dangling link", args: []string{"kernel", "install", "--prefix", d.link("nowhere2", filepath.Join(d.dir, "nowhere2-target"))}, want: refused("--prefix")})
	prefixNull := d.node("prefix-null", devNull)
	add(probeCase{name: "kernel install --prefix /dev/null", args: []string{"kernel", "install", "--prefix", prefixNull}, keep: []string{prefixNull}, want: refused("--prefix")})

	// Cluster flags.
	d = dir()
	four := d.file("four.json", `{"game": "subtraction", "params": {"k": "2"}, "size": "n", "sizes": [8, 9], "seeds": 2, "mu": [10], "max_evals": 100000}`)
	add(probeCase{name: "--slurm --cpus 100000", args: []string{"umda", "sweep", four, "--out", filepath.Join(d.dir, "r.csv"), "--slurm", "--cpus", "100000", "--dry-run"}, want: refused("--cpus")})
	add(probeCase{name: "--shards 1000000 for 4 runs", args: []string{"umda", "sweep", four, "--out", filepath.Join(d.dir, "r.csv"), "--slurm", "--shards", "1000000", "--dry-run"}, want: refused("--shards")})
	add(probeCase{name: "--merge --shards 1000000 for 4 runs", args: []string{"umda", "sweep", four, "--out", filepath.Join(d.dir, "r.csv"), "--merge", "--shards", "1000000"}, want: refused("--shards")})
	add(probeCase{name: "league --slurm --cpus 100000", args: []string{"othello", "league", "--players", "heuristic,random:1", "--games", "2", "--out", filepath.Join(d.dir, "l.csv"), "--slurm", "--cpus", "100000", "--dry-run"}, want: refused("--cpus")})

	// Sweep configs.
	d = dir()
	cfg := func(name, body string) string { return d.file(name, body) }
	add(probeCase{name: "sweep config float gamma", args: []string{"umda", "sweep", cfg("g.json", `{"game": "subtraction", "params": {"k": "2"}, "size": "n", "sizes": [8], "seeds": 1, "mu": [10], "gamma": 0.01}`), "--out", filepath.Join(d.dir, "g.csv")},
		want: succeeded(stderrLacks("Go struct"), fileHas(filepath.Join(d.dir, "g.csv"), ",0.01,"))})
	add(probeCase{name: "sweep config string sizes", args: []string{"umda", "sweep", cfg("s.json", `{"game": "subtraction", "params": {"k": "2"}, "size": "n", "sizes": "8", "seeds": 1, "mu": [10]}`), "--out", filepath.Join(d.dir, "s.csv")},
		want: func(r probeResult) string {
			if msg := refused("sizes")(r); msg != "" {
				return msg
			}
			return stderrLacks("Go struct")(r)
		}})
	add(probeCase{name: "sweep config duplicate key", args: []string{"umda", "sweep", cfg("d.json", `{"game": "subtraction", "game": "nim", "params": {"k": "2"}, "size": "n", "sizes": [8], "seeds": 1, "mu": [10]}`), "--out", filepath.Join(d.dir, "d.csv")},
		want: refused(`"game"`)})
	add(probeCase{name: "sweep config duplicate param", args: []string{"umda", "sweep", cfg("p.json", `{"game": "subtraction", "params": {"k": "2", "k": "3"}, "size": "n", "sizes": [8], "seeds": 1, "mu": [10]}`), "--out", filepath.Join(d.dir, "p.csv")},
		want: refused(`"k"`)})
	add(probeCase{name: "sweep too big", args: []string{"umda", "sweep", cfg("big.json", `{"game": "chomp", "params": {"rows": "20"}, "size": "cols", "sizes": [20], "seeds": 1, "mu": [10]}`), "--out", filepath.Join(d.dir, "big.csv")},
		quick: 10 * time.Second, want: refused("max-positions")})

	// Readers.
	d = dir()
	add(probeCase{name: "WPC file with a BOM", args: []string{"othello", "play", "--black", "file:" + d.file("bom.wpc", probeWPC(true)), "--white", "random:1", "--games", "2"}, want: succeeded()})
	add(probeCase{name: "CSV duplicate column", args: []string{"regress", d.file("dup.csv", "n,T,n\n10,100,5\n20,800,6\n40,6400,7\n"), "--bootstrap", "10"}, want: refused(`"n"`)})
	zero := d.node("zero", devZero)
	add(probeCase{name: "sg --checkpoint /dev/zero --resume", args: []string{"sg", "kayles", "--checkpoint", zero, "--resume"}, keep: []string{zero}, quick: 10 * time.Second, want: refused("--checkpoint")})
	add(probeCase{name: "sg --resume a /dev/zero copy", args: []string{"sg", "kayles", "--checkpoint", d.file("zeros.ckpt", strings.Repeat("\x00", 3<<20)), "--resume"}, quick: 10 * time.Second, want: refused("--checkpoint")})
	runDir := d.mkdir("badrun")
	d.file("badrun/checkpoint.gz", "not gzip at all\n")
	add(probeCase{name: "coevolve corrupt checkpoint.gz", args: []string{"coevolve", "icl", "--opponents", "2", "--generations", "1", "--population", "4", "--out", runDir}, want: refused("checkpoint.gz")})
	add(probeCase{name: "coevolve --out FILE", args: []string{"coevolve", "icl", "--opponents", "2", "--generations", "1", "--population", "4", "--out", pairs}, want: refused("--out")})
	add(probeCase{name: "coevolve --out FILE/x", args: []string{"coevolve", "icl", "--opponents", "2", "--generations", "1", "--population", "4", "--out", filepath.Join(pairs, "x")}, want: refused("--out")})
	nullNode := d.node("null", devNull)
	add(probeCase{name: "coevolve --out /dev/null", args: []string{"coevolve", "icl", "--opponents", "2", "--generations", "1", "--population", "4", "--out", nullNode}, keep: []string{nullNode}, want: refused("--out")})
	add(probeCase{name: "ciao --csv is the archive", args: []string{"ciao", d.file("run/archive.csv", probeArchive()), "--games", "2", "--csv", filepath.Join(d.dir, "run/archive.csv")}, want: refused("--csv")})

	// Games refused before they grow.
	d = dir()
	for _, c := range []struct {
		name string
		args []string
		says string
	}{
		{"euclid huge a", []string{"solve", "euclid", "--a", "9223372036854775807", "--b", "1"}, "--max-positions"},
		{"silverdollar 40 20", []string{"solve", "silverdollar", "--m", "40", "--k", "20"}, "--max-positions"},
		{"turningturtles 40", []string{"solve", "turningturtles", "--m", "40"}, "--max-positions"},
		{"umda silverdollar 40 20", []string{"umda", "--game", "silverdollar", "--m", "40", "--k", "20"}, "--max-positions"},
		{"rules growing state", []string{"solve", "--rules", d.file("grow.rules", "state 10\nmove v : 1 <= v <= 2\n")}, "grow.rules"},
		{"rules growing second component", []string{"solve", "--rules", d.file("grow2.rules", "state 10 3\nmove -v 0 : 1 <= v <= a1\nmove 0 v : 1 <= v <= 2\nmove 0 -1 : 1 <= a2\n")}, "grow2.rules"},
		{"rules state 1000000", []string{"solve", "--rules", d.file("big.rules", "state 1000000\nmove -v : 1 <= v <= a1\n")}, "big.rules"},
		// Moves of two and three variables, bounds on an earlier variable,
		// a filter, a vector that is not affine: counted, not listed.
		{"rules two variables", []string{"solve", "--rules", d.file("two.rules", "state 3000 3000\nmove -v -w : 1 <= v <= a1, 1 <= w <= a2\n")}, "two.rules"},
		{"rules three variables", []string{"solve", "--rules", d.file("three.rules", "state 200 200 200\nmove -u -v -w : 0 <= u <= a1, 0 <= v <= a2, 1 <= w <= a3\n")}, "three.rules"},
		{"rules bound on a variable", []string{"solve", "--rules", d.file("tri.rules", "state 3000 3000\nmove -v -w : 1 <= v <= a1, 0 <= w <= v\n")}, "tri.rules"},
		{"rules filter", []string{"solve", "--rules", d.file("odd.rules", "state 100000\nmove -v : 1 <= v <= a1, v odd\n"), "--max-moves", "20000000"}, "odd.rules"},
		{"rules not affine", []string{"solve", "--rules", d.file("sq.rules", "state 100000\nmove -(v*v%a1)-1 : 1 <= v <= a1\n"), "--max-moves", "20000000"}, "sq.rules"},
	} {
		add(probeCase{name: c.name, args: c.args, quick: 10 * time.Second, want: refused(c.says)})
	}
	// Finite games with a growing component are solved.
	add(probeCase{name: "rules finite with a growing component", args: []string{"solve", "--rules", d.file("ok.rules", "state 6 0\nmove -1 v : 1 <= v <= 2\n"), "--json"},
		want: succeeded(stdoutHas(`"sg":`))})

	// Leagues.
	var players []string
	for k := 1; k <= 2000; k++ {
		players = append(players, "random:"+strconv.Itoa(k))
	}
	add(probeCase{name: "othello league 2000 players", args: []string{"othello", "league", "--players", strings.Join(players, ",")}, drive: "busy", want: refusedOrInterrupted("--players")})
	add(probeCase{name: "othello league 2000 players --out", args: []string{"othello", "league", "--players", strings.Join(players, ","), "--out", filepath.Join(d.dir, "l2000.csv")}, drive: "busy", want: refusedOrInterrupted("--players")})
	add(probeCase{name: "othello league 7.2M games", args: []string{"othello", "league", "--players", "heuristic,random:1,random:2", "--games", "2400000", "--out", filepath.Join(d.dir, "l7.csv")}, drive: "busy",
		want: refusedOrInterrupted("--games")})

	// Ctrl-C and SIGTERM.
	// (2*10^8 values: the text format is fast enough that 3*10^7 ended
	// within the half second of processor time before the signal.)
	add(probeCase{name: "sg printing, Ctrl-C", args: []string{"sg", "kayles", "--upto", "200000000"}, drive: "busy", want: interrupted})
	// Every format of a long listing: sg's JSON (2*10^8), an optimal line of 10^8
	// steps as text and JSON, a line whose every step scans a heap of
	// 10^8 tokens.
	add(probeCase{name: "sg printing JSON, Ctrl-C", args: []string{"sg", "kayles", "--upto", "200000000", "--format", "json"}, drive: "busy", want: interrupted})
	add(probeCase{name: "solve line printing, Ctrl-C", args: []string{"solve", "subtraction", "--n", "100000000", "--k", "1", "--max-line", "0"}, drive: "busy", want: interrupted})
	add(probeCase{name: "solve line printing JSON, Ctrl-C", args: []string{"solve", "subtraction", "--n", "100000000", "--k", "1", "--max-line", "0", "--json"}, drive: "busy", want: interrupted})
	add(probeCase{name: "solve line on a heap of 10^8, Ctrl-C", args: []string{"solve", "kayles", "--heaps", "100000000"}, drive: "busy", want: interrupted})
	conn := func() string {
		p := freePorts(t, 5)
		return d.file(fmt.Sprintf("kernel-%d.json", p[0]), fmt.Sprintf(`{"transport":"tcp","ip":"127.0.0.1","shell_port":%d,"iopub_port":%d,"stdin_port":%d,"control_port":%d,"hb_port":%d,"key":"k","signature_scheme":"hmac-sha256"}`, p[0], p[1], p[2], p[3], p[4]))
	}
	add(probeCase{name: "kernel run SIGINT", args: []string{"kernel", "run", conn()}, drive: "idle", want: interrupted})
	add(probeCase{name: "kernel run SIGTERM", args: []string{"kernel", "run", conn()}, drive: "idle", sig: syscall.SIGTERM, want: interrupted})

	// Files coevo names itself inside a folder are never written through
	// a link planted there: the run is refused before its work, and the
	// link and what it points to are left as they were.
	d = dir()
	victim := d.file("elsewhere/victim.txt", "precious\n")
	elsewhere := filepath.Dir(victim)
	icl := []string{"coevolve", "icl", "--opponents", "2", "--generations", "1", "--population", "4", "--games", "1"}
	untouched := func(r probeResult) string {
		if b, err := os.ReadFile(victim); err != nil || string(b) != "precious\n" {
			return fmt.Sprintf("%s now holds %q (%v)", victim, b, err)
		}
		if entries, _ := os.ReadDir(elsewhere); len(entries) != 1 {
			return fmt.Sprintf("files made in %s: %v", elsewhere, entries)
		}
		return ""
	}
	both := func(checks ...func(probeResult) string) func(probeResult) string {
		return func(r probeResult) string {
			for _, c := range checks {
				if msg := c(r); msg != "" {
					return msg
				}
			}
			return ""
		}
	}
	for _, name := range []string{"history.csv", "run.json", "archive.csv"} {
		run := d.mkdir("run-" + name)
		link := d.link(filepath.Base(run)+"/"+name, victim)
		add(probeCase{name: "coevolve, " + name + " a planted link", args: append(slices.Clone(icl), "--out", run), keep: []string{link},
			want: both(refused(name, "symbolic link"), untouched)})
	}
	danglingRun := d.mkdir("run-dangling")
	dangling := d.link("run-dangling/checkpoint.gz", filepath.Join(elsewhere, "created.gz"))
	add(probeCase{name: "coevolve, checkpoint.gz a dangling link", args: append(slices.Clone(icl), "--out", danglingRun), keep: []string{dangling},
		want: both(refused("checkpoint.gz", "symbolic link"), untouched)})
	seeds := d.mkdir("seeds")
	seedLink := d.link("seeds/seed-2", elsewhere)
	add(probeCase{name: "coevolve --seeds, seed-2 a planted link", args: append(slices.Clone(icl), "--out", seeds, "--seeds", "1-2"), keep: []string{seedLink},
		want: both(refused("seed-2", "symbolic link"), untouched)})
	cfg2 := d.file("two.json", `{"game": "subtraction", "params": {"k": "2"}, "size": "n", "sizes": [8, 9], "seeds": 1, "mu": [10], "max_evals": 100000}`)
	shardLink := d.link("r.shard-0-of-2.csv", victim)
	for _, follow := range []bool{false, true} {
		args := []string{"umda", "sweep", cfg2, "--out", filepath.Join(d.dir, "r.csv"), "--shard", "0/2"}
		name := "umda sweep --shard, the shard file a planted link"
		if follow {
			args, name = append(args, "--follow-symlink"), name+", --follow-symlink"
		}
		add(probeCase{name: name, args: args, keep: []string{shardLink}, want: both(refused("r.shard-0-of-2.csv", "symbolic link"), untouched)})
	}
	scriptLink := d.link("s.sbatch", victim)
	add(probeCase{name: "umda sweep --slurm, the script a planted link", args: []string{"umda", "sweep", cfg2, "--out", filepath.Join(d.dir, "s.csv"), "--slurm"},
		keep: []string{scriptLink}, want: both(refused("--out", "s.sbatch", "symbolic link"), untouched)})
	// kernel install replaces the kernelspec folder: a link planted there
	// is replaced by the folder, what it points to left alone.
	prefix := d.mkdir("prefix")
	spec := d.file("theirs/kernel.json", "theirs\n")
	d.mkdir("prefix/share/jupyter/kernels")
	d.link("prefix/share/jupyter/kernels/coevo", filepath.Dir(spec))
	add(probeCase{name: "kernel install --prefix, the kernelspec a planted link", args: []string{"kernel", "install", "--prefix", prefix},
		exe: installedCoevo(t, d.mkdir("bin")),
		want: succeeded(fileHas(spec, "theirs"), func(probeResult) string {
			st, err := os.Lstat(filepath.Join(prefix, "share/jupyter/kernels/coevo"))
			if err != nil || !st.IsDir() {
				return fmt.Sprintf("the kernelspec is not a folder: %v %v", st, err)
			}
			return fileHas(filepath.Join(prefix, "share/jupyter/kernels/coevo/kernel.json"), "argv")(probeResult{})
		})})

	// "saved" only when saved.
	d = dir()
	ck := filepath.Join(d.mkdir("ck"), "g.ckpt")
	add(probeCase{name: "sg checkpoint saved", args: []string{"sg", "grundy", "--upto", "100000000", "--summary", "--checkpoint", ck}, drive: "busy",
		want: func(r probeResult) string {
			if msg := interrupted(r); msg != "" {
				return msg
			}
			if !strings.Contains(r.stderr, "saved to") {
				return "no \"saved\": " + firstLines(r.stderr)
			}
			if _, err := os.Stat(ck); err != nil {
				return "said saved, but " + err.Error()
			}
			return ""
		}})
	gone := d.mkdir("gone")
	add(probeCase{name: "sg checkpoint not saved", args: []string{"sg", "grundy", "--upto", "100000000", "--summary", "--checkpoint", filepath.Join(gone, "g.ckpt")}, drive: "busy",
		before: func() { os.RemoveAll(gone) },
		want: func(r probeResult) string {
			if strings.Contains(r.stderr, "saved to") {
				return "says saved, but the folder is gone: " + firstLines(r.stderr)
			}
			if r.status != 1 || !strings.Contains(r.stderr, "--checkpoint") {
				return fmt.Sprintf("status %d, want 1 naming --checkpoint: %s", r.status, firstLines(r.stderr))
			}
			return ""
		}})

	// Stale temporary files are removed on resume.
	d = dir()
	run := filepath.Join(d.dir, "run")
	coevolveArgs := []string{"coevolve", "icl", "--opponents", "2", "--population", "4", "--games", "1", "--out", run}
	pre := exec.Command(os.Args[0], append(coevolveArgs, "--generations", "1")...)
	pre.Env = append(os.Environ(), "COEVO_MAIN=1")
	if out, err := pre.CombinedOutput(); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	var stale []string
	for _, name := range []string{".checkpoint.gz-123", ".history.csv-4567", ".run.json-89", ".archive.csv-1011"} {
		stale = append(stale, d.file("run/"+name, "partial"))
	}
	add(probeCase{name: "coevolve resume removes temp files", args: append(coevolveArgs, "--generations", "2"),
		want: succeeded(func(probeResult) string {
			for _, p := range stale {
				if _, err := os.Stat(p); err == nil {
					return p + " left"
				}
			}
			return ""
		})})
	ck2 := filepath.Join(d.dir, "k.ckpt")
	staleCk := d.file(".k.ckpt-4242", "partial")
	add(probeCase{name: "sg resume removes temp files", args: []string{"sg", "kayles", "--upto", "100", "--checkpoint", ck2}, want: succeeded(notExists(staleCk))})
	return cases
}

// TestFaultProbe runs the probe and logs the counts.
func TestFaultProbe(t *testing.T) {
	if _, ok := cpuTime(os.Getpid()); !ok {
		t.Skip("needs /proc")
	}
	root := t.TempDir()
	if os.Geteuid() == 0 && !canMknod(root) {
		t.Skip("root without mknod: devices cannot be probed safely")
	}
	var cases []probeCase
	if os.Getenv("COEVO_PROBE_ONLY") != "round4" {
		cases = append(cases, outputCases(t, root)...)
		cases = append(cases, inputCases(t, root)...)
		cases = append(cases, otherCases(t, root)...)
	}
	old := len(cases)
	cases = append(cases, round4Cases(t, root)...)
	var (
		mu    sync.Mutex
		wrong []string
	)
	t.Run("cases", func(t *testing.T) {
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				t.Parallel()
				before := map[string]string{}
				for _, p := range c.keep {
					before[p] = state(p)
				}
				r := runProbe(t, c)
				if c.cleanup != nil {
					c.cleanup()
				}
				msg := common(r)
				if msg == "" {
					msg = c.want(r)
				}
				for _, p := range c.keep {
					if s := state(p); s != before[p] && msg == "" {
						msg = fmt.Sprintf("%s was %s, now %s", p, before[p], s)
					}
				}
				if msg != "" {
					mu.Lock()
					wrong = append(wrong, fmt.Sprintf("%s (coevo %s): %s", c.name, strings.Join(c.args, " "), msg))
					mu.Unlock()
					t.Error(msg)
				}
			})
		}
	})
	sort.Strings(wrong)
	t.Logf("fault probe: %d cases (%d of them issue 34's), %d right, %d wrong", len(cases), len(cases)-old, len(cases)-len(wrong), len(wrong))
	for _, w := range wrong {
		t.Logf("wrong: %s", w)
	}
}

// installedCoevo copies this test binary into dir as coevo, with a worker
// binary (an empty executable) beside it, as make build installs them:
// kernel install refuses a coevo whose coevo-worker is missing.
func installedCoevo(t *testing.T, dir string) string {
	t.Helper()
	b, err := os.ReadFile(probeExe(t))
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(dir, "coevo")
	if err := os.WriteFile(bin, b, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, kernel.WorkerBinary), nil, 0o755); err != nil {
		t.Fatal(err)
	}
	return bin
}
