package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
	"unicode/utf16"

	"golang.org/x/sys/unix"
)

// The fault probe's fourth round (issue 34): pipes, a run's own files,
// failed writes that said nothing, forged checkpoints, memory under a cap,
// and messages in the user's terms. Each case failed on the coevo of
// before the issue (run them against another build with
// COEVO_PROBE_EXE=its test binary COEVO_PROBE_ONLY=round4).

// probeExe is the binary the probe runs.
func probeExe(t *testing.T) string {
	if alt := os.Getenv("COEVO_PROBE_EXE"); alt != "" {
		return alt
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return exe
}

// probeSetup runs coevo args with the probe's binary to prepare a case,
// and fails the test if it fails.
func probeSetup(t *testing.T, args ...string) string {
	t.Helper()
	cmd := exec.Command(probeExe(t), args...)
	cmd.Env = append(os.Environ(), "COEVO_MAIN=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("setting up: coevo %s: %v: %s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// probeInterrupted runs coevo args until it has used busy of processor
// time and sends SIGINT; timed, under /usr/bin/time, it returns the run's
// peak resident memory in bytes.
func probeInterrupted(t *testing.T, busy time.Duration, timed bool, args ...string) int64 {
	t.Helper()
	cmd := exec.Command(probeExe(t), args...)
	rssFile := ""
	if timed {
		rssFile = filepath.Join(t.TempDir(), "rss")
		cmd = exec.Command("/usr/bin/time", append([]string{"-f", "%M", "-o", rssFile, probeExe(t)}, args...)...)
		// time ignores SIGINT: the signal goes to the process group.
		cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	}
	cmd.Env = append(os.Environ(), "COEVO_MAIN=1")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	pid := cmd.Process.Pid
	for deadline := time.Now().Add(2 * time.Minute); ; time.Sleep(20 * time.Millisecond) {
		if timed {
			// coevo is time's child.
			b, _ := os.ReadFile(fmt.Sprintf("/proc/%d/task/%d/children", cmd.Process.Pid, cmd.Process.Pid))
			if f := strings.Fields(string(b)); len(f) > 0 {
				pid, _ = strconv.Atoi(f[0])
			}
		}
		found := !timed || pid != cmd.Process.Pid
		if cpu, ok := cpuTime(pid); ok && found && cpu >= busy || time.Now().After(deadline) {
			break
		}
	}
	if timed {
		syscall.Kill(-cmd.Process.Pid, syscall.SIGINT)
	} else {
		cmd.Process.Signal(syscall.SIGINT)
	}
	cmd.Wait()
	if !strings.Contains(stderr.String(), "saved") {
		t.Fatalf("setting up: coevo %s saved nothing: %s", strings.Join(args, " "), stderr.String())
	}
	return timedRSS(rssFile)
}

// timedRSS reads the peak resident memory /usr/bin/time -f %M wrote to
// path (kilobytes), in bytes; 0 if none.
func timedRSS(path string) int64 {
	b, _ := os.ReadFile(path)
	f := strings.Fields(string(b))
	if len(f) == 0 {
		return 0
	}
	kb, _ := strconv.ParseInt(f[len(f)-1], 10, 64)
	return kb << 10
}

// silentPipe returns the reading end of a pipe whose writer (held open
// until cleanup) writes nothing: sleep 30 | coevo ...
func silentPipe(t *testing.T) (r *os.File, cleanup func()) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	return r, func() { r.Close(); w.Close() }
}

// fullPipe returns the writing end of a pipe that nobody reads (held
// open until cleanup): coevo ... | less, the pager left open; full says
// whether the pipe is full enough that its writer waits.
func fullPipe(t *testing.T) (w *os.File, full func() bool, cleanup func()) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	full = func() bool {
		size, err1 := unix.FcntlInt(r.Fd(), unix.F_GETPIPE_SZ, 0)
		n, err2 := unix.IoctlGetInt(int(r.Fd()), unix.TIOCINQ) // FIONREAD
		// A writer waits once the pipe's pages are taken, which small
		// writes leave partly filled (45,646 bytes of 65,536 measured).
		return err1 == nil && err2 == nil && n >= size/2
	}
	return w, full, func() { r.Close(); w.Close() }
}

// all passes when every check passes.
func all(checks ...func(probeResult) string) func(probeResult) string {
	return func(r probeResult) string {
		for _, c := range checks {
			if msg := c(r); msg != "" {
				return msg
			}
		}
		return ""
	}
}

// unchanged checks that the file p still holds what it held.
func unchanged(t *testing.T, p string) func(probeResult) string {
	before, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return func(probeResult) string {
		after, err := os.ReadFile(p)
		if err != nil || !bytes.Equal(after, before) {
			return fmt.Sprintf("%s was changed (%d bytes, now %d; %v)", p, len(before), len(after), err)
		}
		return ""
	}
}

// oneLine: exit status want, with one line on stderr naming each of says.
func oneLineStatus(want int, says ...string) func(probeResult) string {
	return func(r probeResult) string {
		if r.status != want || strings.Count(r.stderr, "\n") != 1 {
			return fmt.Sprintf("status %d, want %d with one line: %s", r.status, want, firstLines(r.stderr))
		}
		for _, s := range says {
			if !strings.Contains(r.stderr, s) {
				return fmt.Sprintf("stderr does not name %q: %s", s, firstLines(r.stderr))
			}
		}
		return ""
	}
}

// savedTo: the signal's status, and "saved to" the checkpoint, which is
// there.
func savedTo(ck string) func(probeResult) string {
	return func(r probeResult) string {
		if msg := interrupted(r); msg != "" {
			return msg
		}
		if !strings.Contains(r.stderr, "saved to") {
			return "no \"saved to\": " + firstLines(r.stderr)
		}
		if _, err := os.Stat(ck); err != nil {
			return "said saved, but " + err.Error()
		}
		return ""
	}
}

func stdoutLacks(s string) func(probeResult) string {
	return func(r probeResult) string {
		if strings.Contains(r.stdout, s) {
			return fmt.Sprintf("stdout has %q", s)
		}
		return ""
	}
}

// utf16LE encodes s as UTF-16, little-endian, with its byte order mark,
// as Windows' Notepad and Excel's "Unicode text" save it.
func utf16LE(s string) string {
	var b bytes.Buffer
	b.WriteString("\xff\xfe")
	for _, u := range utf16.Encode([]rune(s)) {
		b.WriteByte(byte(u))
		b.WriteByte(byte(u >> 8))
	}
	return b.String()
}

// terminalOut opens a pseudo-terminal: its terminal end is a process's
// standard output, and shown returns what the terminal received (once done
// has run).
func terminalOut(t *testing.T) (tty *os.File, shown func() string, done func()) {
	ptmx, err := os.OpenFile("/dev/ptmx", os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := unix.IoctlSetPointerInt(int(ptmx.Fd()), unix.TIOCSPTLCK, 0); err != nil {
		t.Fatal(err)
	}
	n, err := unix.IoctlGetInt(int(ptmx.Fd()), unix.TIOCGPTN)
	if err != nil {
		t.Fatal(err)
	}
	tty, err = os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	read := make(chan struct{})
	go func() {
		defer close(read)
		buf := make([]byte, 4096)
		for {
			n, err := ptmx.Read(buf)
			b.Write(buf[:n])
			if err != nil {
				return // EIO: every terminal end closed
			}
		}
	}()
	return tty, func() string { return b.String() }, func() {
		tty.Close()
		select {
		case <-read:
		case <-time.After(5 * time.Second):
		}
		ptmx.Close()
	}
}

// checkpointValues reads the count of values of an sg checkpoint's header.
func checkpointValues(t *testing.T, path string) int {
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitN(string(b), "\n", 4)
	n, err := strconv.Atoi(strings.TrimPrefix(lines[2], "values "))
	if err != nil || len(lines) < 4 {
		t.Fatalf("%s: not a checkpoint: %q", path, lines[:min(3, len(lines))])
	}
	return n
}

// mountTmpfs mounts a tmpfs of size bytes at dir with flags, and returns
// how to unmount it; false when mounts cannot be made (not root).
func mountTmpfs(dir string, size int, flags uintptr) (func(), bool) {
	if err := syscall.Mount("tmpfs", dir, "tmpfs", flags, fmt.Sprintf("size=%d", size)); err != nil {
		return nil, false
	}
	return func() { syscall.Unmount(dir, syscall.MNT_DETACH) }, true
}

func round4Cases(t *testing.T, root string) []probeCase {
	n := 0
	dir := func() *probeDir {
		n++
		d := &probeDir{t, filepath.Join(root, fmt.Sprintf("round4-%03d", n))}
		d.mkdir(".")
		return d
	}
	var cases []probeCase
	add := func(c probeCase) {
		c.name = "round 4: " + c.name
		cases = append(cases, c)
	}
	var later []func() // cleanups after every case (mounts)
	t.Cleanup(func() {
		for _, f := range later {
			f()
		}
	})

	// Signals reach commands blocked on a pipe, reading or writing.
	d := dir()
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGINT} {
		in, done := silentPipe(t)
		add(probeCase{name: "bt fit - on a silent pipe, " + signalName(sig), args: []string{"bt", "fit", "-"},
			stdin: in, cleanup: done, drive: "idle", sig: sig, want: interrupted})
	}
	out, filled, done := fullPipe(t)
	add(probeCase{name: "sg into a full pipe, SIGINT", args: []string{"sg", "grundy", "--upto", "100000000", "--format", "csv"},
		stdout: out, ready: filled, cleanup: done, drive: "idle", want: interrupted})
	out, filled, done = fullPipe(t)
	ck := filepath.Join(d.dir, "pipe.ckpt")
	add(probeCase{name: "sg --checkpoint into a full pipe, SIGTERM", args: []string{"sg", "grundy", "--upto", "100000000", "--format", "csv", "--checkpoint", ck},
		stdout: out, ready: filled, cleanup: done, drive: "idle", sig: syscall.SIGTERM, want: savedTo(ck)})
	out, filled, done = fullPipe(t)
	add(probeCase{name: "solve's line of 10^8 steps into a full pipe, SIGTERM", args: []string{"solve", "subtraction", "--n", "100000000", "--k", "1", "--max-line", "0"},
		stdout: out, ready: filled, cleanup: done, drive: "idle", sig: syscall.SIGTERM, want: interrupted})
	// An output flag naming the standard output writes through it.
	var ring strings.Builder
	ring.WriteString("a,b,wins_a,wins_b,draws\n")
	for i := range 200 {
		fmt.Fprintf(&ring, "p%d,p%d,%d,%d,1\n", i, (i+1)%200, 2+i%3, 1+i%2)
		fmt.Fprintf(&ring, "p%d,p%d,1,1,1\n", i, (i+7)%200)
	}
	out, filled, done = fullPipe(t)
	add(probeCase{name: "bt fit --los /dev/stdout into a full pipe, SIGINT", args: []string{"bt", "fit", d.file("ring.csv", ring.String()), "--los", "/dev/stdout"},
		stdout: out, ready: filled, cleanup: done, drive: "idle", want: interrupted})
	// SIGHUP (a closed terminal, a dropped ssh) saves as Ctrl-C does.
	ck = filepath.Join(d.dir, "hup.ckpt")
	add(probeCase{name: "sg --checkpoint, SIGHUP", args: []string{"sg", "grundy", "--upto", "100000000", "--summary", "--checkpoint", ck},
		drive: "busy", sig: syscall.SIGHUP, want: savedTo(ck)})
	hupRun := filepath.Join(d.dir, "hup-run")
	add(probeCase{name: "coevolve, SIGHUP", args: []string{"coevolve", "icl", "--opponents", "50", "--generations", "1000", "--population", "10", "--checkpoint-interval", "0", "--out", hupRun},
		drive: "busy", sig: syscall.SIGHUP, want: all(interrupted, func(probeResult) string {
			if _, err := os.Stat(filepath.Join(hupRun, "checkpoint.gz")); err != nil {
				return "no checkpoint after SIGHUP: " + err.Error()
			}
			return ""
		})})

	// A run's own files are never written over, nor another run's.
	d = dir()
	run := filepath.Join(d.dir, "run")
	probeSetup(t, "coevolve", "icl", "--opponents", "2", "--generations", "2", "--population", "4", "--games", "1", "--out", run)
	for _, c := range []struct{ flag, file string }{{"--league", "history.csv"}, {"--performance", "run.json"}, {"--csv", "checkpoint.gz"}} {
		p := filepath.Join(run, c.file)
		add(probeCase{name: "ciao RUN " + c.flag + " RUN/" + c.file, args: []string{"ciao", run, "--games", "2", c.flag, p},
			want: all(refused(c.flag[2:], c.file), unchanged(t, p))})
	}
	// Through a link to the run's file, found by what it is, not its name.
	link := d.link("alias.csv", filepath.Join(run, "history.csv"))
	add(probeCase{name: "ciao RUN --csv a link to RUN/history.csv", args: []string{"ciao", run, "--games", "2", "--csv", link},
		keep: []string{link}, want: all(refused("--csv", "history.csv"), unchanged(t, filepath.Join(run, "history.csv")))})
	icl := []string{"coevolve", "icl", "--opponents", "2", "--generations", "1", "--population", "4", "--games", "1"}
	theirs := d.mkdir("theirs")
	hist := d.file("theirs/history.csv", "their history\n")
	d.file("theirs/run.json", "{\"theirs\": true}\n")
	add(probeCase{name: "coevolve --out a folder of another's history.csv and run.json", args: append(append([]string{}, icl...), "--out", theirs),
		want: all(refused("--out", "history.csv", "--force"), unchanged(t, hist))})
	forced := d.mkdir("forced")
	d.file("forced/history.csv", "their history\n")
	add(probeCase{name: "coevolve --out such a folder --force", args: append(append([]string{}, icl...), "--out", forced, "--force"),
		want: succeeded(fileHas(filepath.Join(forced, "history.csv"), "generation,"))})
	wpc := d.file("w.wpc", probeWPC(false))
	add(probeCase{name: "othello show --svg its own player file", args: []string{"othello", "show", "--black", "file:" + wpc, "--white", "random:1", "--svg", wpc},
		want: all(refused("--svg", "w.wpc"), unchanged(t, wpc))})
	// A checkpoint is not replaced by a new run without --force.
	ck = filepath.Join(d.dir, "g.ckpt")
	probeInterrupted(t, 300*time.Millisecond, false, "sg", "grundy", "--upto", "100000000", "--summary", "--checkpoint", ck)
	add(probeCase{name: "sg --checkpoint an existing checkpoint, no --resume", args: []string{"sg", "grundy", "--upto", "1000", "--checkpoint", ck},
		want: all(refused("--checkpoint", "--resume", "--force"), unchanged(t, ck))})
	// Another user's link to a folder, planted in a sticky folder every
	// user may write (as /tmp), is not followed (as root neither).
	if p := filepath.Join(root, ".lchown-test4"); os.Symlink("x", p) == nil {
		foreign := os.Lchown(p, 54321, 54321) == nil
		os.Remove(p)
		if foreign {
			mine := d.mkdir("mine")
			shared := d.mkdir("shared")
			os.Chmod(shared, 0o777|os.ModeSticky)
			planted := d.link("shared/run", mine)
			os.Lchown(planted, 54321, 54321)
			add(probeCase{name: "coevolve --out another user's link in a sticky folder", args: append(append([]string{}, icl...), "--out", planted),
				keep: []string{planted}, want: all(refused("--out", "user 54321"), func(probeResult) string {
					if entries, _ := os.ReadDir(mine); len(entries) > 0 {
						return fmt.Sprintf("files made in %s through the link", mine)
					}
					return ""
				})})
		}
	}

	// Every failed write to standard output is exit 1 naming the file.
	d = dir()
	full := d.node("full", devFull)
	pairs := d.file("p.csv", probePairs)
	for _, args := range [][]string{
		{"games"},
		{"othello", "perft", "--depth", "1"},
		{"othello", "play", "--black", "heuristic", "--white", "random:1", "--games", "2"},
		{"othello", "show", "--black", "heuristic", "--white", "random:1"},
		{"theory", "--game", "subtraction", "--n", "10", "--k", "2"},
		{"coevolve", "matching-sides"},
		{"ciao", run, "--games", "2"},
		{"gp", "--game", "nim", "--heaps", "2", "--max-heap", "3", "--population", "50", "--generations", "2"},
		{"bt", "groups", pairs},
		{"bt", "fit", pairs},
		{"solve", "nim", "--heaps", "1,2"},
		{"version"},
	} {
		f, err := os.OpenFile(full, os.O_WRONLY, 0)
		if err != nil {
			t.Fatal(err)
		}
		name := strings.Join(args[:min(2, len(args))], " ")
		if len(args) > 1 && filepath.IsAbs(args[1]) {
			name = args[0] + " " + filepath.Base(args[1])
		}
		add(probeCase{name: name + " > /dev/full", args: args, stdout: f, cleanup: func() { f.Close() },
			keep: []string{full}, want: failed(full, "no space left on device")})
	}

	// Two outputs on one path are refused before any work.
	d = dir()
	pairs = d.file("p.csv", probePairs)
	x := filepath.Join(d.dir, "x.csv")
	for _, c := range []struct {
		name string
		args []string
		says []string
	}{
		{"bt fit --los x --cov x", []string{"bt", "fit", pairs, "--los", x, "--cov", x}, []string{"--los", "--cov"}},
		{"bt fit --plot p.svg --cov p.svg", []string{"bt", "fit", pairs, "--plot", filepath.Join(d.dir, "p.svg"), "--cov", filepath.Join(d.dir, "p.svg")}, []string{"--plot", "--cov"}},
		{"othello show --svg z.svg --png z.svg", []string{"othello", "show", "--black", "heuristic", "--white", "random:1", "--svg", filepath.Join(d.dir, "z.svg"), "--png", filepath.Join(d.dir, "z.svg")}, []string{"--svg", "--png"}},
		{"ciao --csv c --league c", []string{"ciao", run, "--games", "2", "--csv", filepath.Join(d.dir, "c.csv"), "--league", filepath.Join(d.dir, "c.csv")}, []string{"--csv", "--league"}},
	} {
		add(probeCase{name: c.name, args: c.args, want: all(refused(c.says...), notExists(x), notExists(filepath.Join(d.dir, "p.svg")),
			notExists(filepath.Join(d.dir, "z.svg")), notExists(filepath.Join(d.dir, "c.csv")))})
	}

	y := d.file("y.csv", "old\n")
	add(probeCase{name: "bt fit --csv y --los a link to y", args: []string{"bt", "fit", pairs, "--csv", y, "--los", d.link("to-y.csv", y)},
		want: all(refused("--csv", "--los"), unchanged(t, y))})

	// Resumes check every setting that changes results, and take a lock.
	d = dir()
	league := filepath.Join(d.dir, "league.csv")
	probeSetup(t, "othello", "league", "--players", "heuristic,random:1,random:2", "--games", "2", "--out", league)
	add(probeCase{name: "othello league resumed with its players reordered", args: []string{"othello", "league", "--players", "random:2,random:1,heuristic", "--games", "2", "--out", league},
		want: all(refused("--players", "order"), unchanged(t, league))})
	lockCk := filepath.Join(d.dir, "locked.ckpt")
	probeInterrupted(t, 200*time.Millisecond, false, "sg", "grundy", "--upto", "100000000", "--summary", "--checkpoint", lockCk)
	var first *exec.Cmd
	add(probeCase{name: "two sg --resume of one checkpoint", args: []string{"sg", "grundy", "--upto", "100000000", "--summary", "--checkpoint", lockCk, "--resume"},
		setup: func() {
			first = exec.Command(probeExe(t), "sg", "grundy", "--upto", "100000000", "--summary", "--checkpoint", lockCk, "--resume")
			first.Env = append(os.Environ(), "COEVO_MAIN=1")
			if err := first.Start(); err != nil {
				t.Fatal(err)
			}
			// Resuming, past its reading of the checkpoint.
			for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
				if cpu, ok := cpuTime(first.Process.Pid); ok && cpu >= 200*time.Millisecond {
					break
				}
			}
		},
		cleanup: func() { first.Process.Kill(); first.Wait() },
		quick:   10 * time.Second,
		want:    refused("--checkpoint", "another process")})
	// -0 is 0: recorded so, a rerun with 0 resumes the league.
	league0 := filepath.Join(d.dir, "league0.csv")
	probeSetup(t, "othello", "league", "--players", "heuristic,random:1", "--games", "2", "--epsilon", "-0", "--out", league0)
	add(probeCase{name: "othello league --epsilon -0, again with --epsilon 0", args: []string{"othello", "league", "--players", "heuristic,random:1", "--games", "2", "--epsilon", "0", "--out", league0},
		want: succeeded(func(probeResult) string {
			if b, _ := os.ReadFile(league0); bytes.Contains(b, []byte(",-0,")) {
				return "the results record -0: " + string(b)
			}
			return ""
		})})

	// Numbers that give Inf or NaN downstream are refused up front.
	d = dir()
	pairs = d.file("p.csv", probePairs)
	for _, c := range [][]string{
		{"--elo-mean", "1e308"},
		{"--pair-prior", "1e308"},
		{"--prior", "1e308"},
		{"--smoothing", "1e308"},
	} {
		add(probeCase{name: "bt fit " + strings.Join(c, " "), args: append([]string{"bt", "fit", pairs}, c...), want: refused(c[0])})
	}
	add(probeCase{name: "coevolve --step-size 1e308", args: append(append([]string{}, icl...), "--step-size", "1e308", "--out", filepath.Join(d.dir, "huge")),
		want: refused("--step-size")})

	// Memory: a forged checkpoint header, a resume's cost, sizes that
	// overflow, and what does not fit under a cap.
	d = dir()
	forged := d.file("forged.ckpt", "coevo nim-sequence checkpoint 1\nrule grundy\nvalues 1073741823\nbytes 1\n")
	if err := os.Truncate(forged, 1<<30); err != nil { // a sparse file: no disk
		t.Fatal(err)
	}
	add(probeCase{name: "sg --resume a forged checkpoint header", args: []string{"sg", "grundy", "--upto", "1000", "--checkpoint", forged, "--resume"},
		quick: 10 * time.Second, want: refused("--checkpoint", "cut short")})
	// A resume to the values it holds reads them and computes nothing: its
	// memory is the resume's (issue 34: 5.7 million values resumed at
	// 84.6 MB, the run that saved them had peaked at 17.9 MB).
	if _, err := os.Stat("/usr/bin/time"); err == nil {
		rssCk := filepath.Join(d.dir, "rss.ckpt")
		runRSS := probeInterrupted(t, 3*time.Second, true, "sg", "grundy", "--upto", "100000000", "--summary", "--checkpoint", rssCk)
		upto := strconv.Itoa(checkpointValues(t, rssCk) - 1)
		add(probeCase{name: "sg --resume within twice the memory of the run that saved", args: []string{"sg", "grundy", "--upto", upto, "--summary", "--checkpoint", rssCk, "--resume"},
			timed: true, want: succeeded(func(r probeResult) string {
				if r.maxRSS == 0 || runRSS == 0 || r.maxRSS > 2*runRSS {
					return fmt.Sprintf("the resume of %s values peaked at %.1f MB, the run that saved them at %.1f MB", upto, float64(r.maxRSS)/(1<<20), float64(runRSS)/(1<<20))
				}
				return ""
			})})
	} else {
		t.Log("fault probe: no /usr/bin/time: the case of a resume's memory is left out")
	}
	var big strings.Builder
	big.WriteString(strings.SplitN(probeArchive(), "\n", 2)[0] + "\n")
	for g := 1; g <= 1000; g++ {
		fmt.Fprintf(&big, "g%d,%d,10,0.5%s\n", g, g, strings.Repeat(",0.1", 64))
	}
	add(probeCase{name: "ciao a 1000-player archive at --games 4194304", args: []string{"ciao", d.file("big/archive.csv", big.String()), "--games", "4194304"},
		quick: 10 * time.Second, want: refused("--games")})
	add(probeCase{name: "coevolve --seeds of 2·10^9 seeds", args: append(append([]string{}, icl...), "--out", filepath.Join(d.dir, "seeds"), "--seeds", strings.TrimSuffix(strings.Repeat("1-999999,", 2000), ",")),
		quick: 10 * time.Second, want: refused("--seeds")})
	add(probeCase{name: "solve silverdollar 68 34", args: []string{"solve", "silverdollar", "--m", "68", "--k", "34"}, quick: 10 * time.Second, want: refused("--max-positions")})
	add(probeCase{name: "solve silverdollar 100 50", args: []string{"solve", "silverdollar", "--m", "100", "--k", "50"}, quick: 10 * time.Second, want: refused("--max-positions")})
	add(probeCase{name: "umda silverdollar 68 34", args: []string{"umda", "--game", "silverdollar", "--m", "68", "--k", "34"}, quick: 10 * time.Second, want: refused("--max-positions")})
	if _, err := exec.LookPath("prlimit"); err == nil {
		const cap = 1_500_000 << 10 // ulimit -v 1500000
		for _, c := range []struct {
			args []string
			says string
		}{
			{[]string{"gp", "--population", "1000000"}, "--population 1000000"},
			{[]string{"umda", "--game", "subtraction", "--n", "30", "--k", "3", "--mu", "10000000"}, "--mu 10000000"},
			{[]string{"sg", "grundy", "--upto", "1000000000"}, "--upto 1000000000"},
		} {
			add(probeCase{name: strings.Join(c.args[:2], " ") + " under ulimit -v 1.5 GB", args: c.args, addressSpace: cap, quick: 10 * time.Second,
				want: oneLineStatus(1, c.says, "ulimit -v")})
		}
	} else {
		t.Log("fault probe: no prlimit: the cases of a run under ulimit -v are left out")
	}

	// Messages in the user's terms.
	d = dir()
	add(probeCase{name: "bt fit a UTF-16 file", args: []string{"bt", "fit", d.file("u16.csv", utf16LE(probePairs))}, want: refused("u16.csv", "UTF-16")})
	add(probeCase{name: "regress a UTF-16 file", args: []string{"regress", d.file("r16.csv", utf16LE(probeRuns)), "--bootstrap", "10"}, want: refused("r16.csv", "UTF-16")})
	lf := probeSetup(t, "bt", "fit", d.file("lf.csv", probePairs), "--csv", "-")
	add(probeCase{name: "bt fit a file of CR line ends", args: []string{"bt", "fit", d.file("cr.csv", strings.ReplaceAll(probePairs, "\n", "\r")), "--csv", "-"},
		want: succeeded(func(r probeResult) string {
			if r.stdout != lf {
				return fmt.Sprintf("stdout %q, the same file with LF line ends gives %q", r.stdout, lf)
			}
			return ""
		})})
	add(probeCase{name: "regress a file of CR line ends", args: []string{"regress", d.file("rcr.csv", strings.ReplaceAll(probeRuns, "\n", "\r")), "--bootstrap", "10"},
		want: succeeded(stdoutHas("power law"))})
	ports := freePorts(t, 5)
	bomConn := d.file("bom.json", "\ufeff"+fmt.Sprintf(`{"transport":"tcp","ip":"127.0.0.1","shell_port":%d,"iopub_port":%d,"stdin_port":%d,"control_port":%d,"hb_port":%d,"key":"k","signature_scheme":"hmac-sha256"}`, ports[0], ports[1], ports[2], ports[3], ports[4]))
	add(probeCase{name: "kernel run a connection file with a BOM", args: []string{"kernel", "run", bomConn}, drive: "idle", want: interrupted})
	add(probeCase{name: "kernel run CONN --bogus", args: []string{"kernel", "run", bomConn, "--bogus"}, want: refused("--bogus")})
	ro := d.mkdir("ro")
	if unmount, ok := mountTmpfs(ro, 1<<20, syscall.MS_RDONLY); ok {
		later = append(later, unmount)
		add(probeCase{name: "kernel install --prefix on a read-only mount", args: []string{"kernel", "install", "--prefix", ro}, exe: installedCoevo(t, d.mkdir("bin")),
			want: all(oneLineStatus(1, "--prefix", ro, "read-only"), stderrLacks("/."))})
	}
	fullDisk := d.mkdir("fulldisk")
	if unmount, ok := mountTmpfs(fullDisk, 64<<10, 0); ok {
		later = append(later, unmount)
		f, _ := os.Create(filepath.Join(fullDisk, "filler"))
		f.Write(make([]byte, 1<<20)) // until the disk is full
		f.Close()
		add(probeCase{name: "kernel install --prefix on a full disk", args: []string{"kernel", "install", "--prefix", fullDisk}, exe: installedCoevo(t, d.mkdir("bin2")),
			want: all(oneLineStatus(1, "--prefix", fullDisk, "no space left"), stderrLacks("/.coevo-"))})
	}
	ck = filepath.Join(d.dir, "kayles.ckpt")
	add(probeCase{name: "sg kayles --checkpoint, Ctrl-C", args: []string{"sg", "kayles", "--upto", "100000000", "--checkpoint", ck}, drive: "busy",
		want: all(savedTo(ck), stderrLacks("<nil>"))})
	add(probeCase{name: "bt fit --exclude every player", args: []string{"bt", "fit", pairs, "--exclude", "A", "--exclude", "B", "--exclude", "C"},
		want: refused("--exclude", "every player")})
	// What a file names (players) reaches a terminal escaped: a name can
	// set the window's title, clear the screen, or worse. To a file or a
	// pipe the data go as they are (CSV, JSON).
	evil := d.file("evil.csv", "a,b,wins_a,wins_b,draws\n\"\x1b]0;pwned\x07\x1b[2J\",B,3,2,1\nB,C,2,2,0\n\"\x1b]0;pwned\x07\x1b[2J\",C,4,1,0\n")
	tty, shown, done := terminalOut(t)
	add(probeCase{name: "bt fit names with escape sequences, on a terminal", args: []string{"bt", "fit", evil}, stdout: tty, cleanup: done,
		want: succeeded(func(probeResult) string {
			switch s := shown(); {
			case strings.Contains(s, "\x1b"):
				return fmt.Sprintf("the terminal got an escape character: %q", s)
			case !strings.Contains(s, `\x1b]0;pwned\a\x1b[2J`):
				return fmt.Sprintf("the name is not shown escaped: %q", s)
			}
			return ""
		})})
	wpcEvil := d.file("\x1b[2J\x1b]0;pwned\x07.wpc", probeWPC(false))
	tty, shown2, done2 := terminalOut(t)
	add(probeCase{name: "othello league, a player file named with escape sequences, on a terminal", args: []string{"othello", "league", "--players", "heuristic,file:" + wpcEvil, "--games", "2"},
		stdout: tty, cleanup: done2, want: succeeded(func(probeResult) string {
			if s := shown2(); strings.Contains(s, "\x1b") || !strings.Contains(s, "heuristic") {
				return fmt.Sprintf("the terminal got %q", s)
			}
			return ""
		})})
	return cases
}
