package browsertest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// server is a Jupyter Notebook server started by the test.
type server struct {
	base    string // http://127.0.0.1:PORT
	token   string
	dir     string // where the notebooks are copied: notebooks/ of the tree served
	runtime string // JUPYTER_RUNTIME_DIR: the kernels' connection files
	log     string
}

// startServer starts jupyter-notebook on a free port of 127.0.0.1 with a
// random token, the kernelspecs of JUPYTER_PATH and private config, data
// and runtime directories, and stops it (and every kernel it started) when
// the test ends. It serves a tree laid out like the repository at root, so
// that notebooks read ../datasets as they do in the checkout, but with a
// notebooks/ directory of its own for the copies the test runs.
func startServer(t *testing.T, root, logPath string) *server {
	t.Helper()
	// Jupyter comes from Debian's packages, for Debian's Python.
	python := os.Getenv("PYTHON")
	if python == "" {
		python = "/usr/bin/python3"
	}
	if err := exec.Command(python, "-c", "import notebook").Run(); err != nil {
		t.Fatalf("%s has no Jupyter Notebook (%v): make browser-test installs Debian's jupyter-notebook", python, err)
	}
	tmp := t.TempDir()
	tree := filepath.Join(tmp, "tree")
	s := &server{dir: filepath.Join(tree, "notebooks"), runtime: filepath.Join(tmp, "runtime"), log: logPath}
	for _, d := range []string{s.dir, s.runtime, filepath.Join(tmp, "config"), filepath.Join(tmp, "data")} {
		if err := os.MkdirAll(d, 0o700); err != nil {
			t.Fatal(err)
		}
	}
	entries, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.Name() != "notebooks" {
			if err := os.Symlink(filepath.Join(root, e.Name()), filepath.Join(tree, e.Name())); err != nil {
				t.Fatal(err)
			}
		}
	}
	// The widget manager of the classic Notebook: Debian's
	// jupyter-nbextension-jupyter-js-widgets enables it in /etc/jupyter;
	// enable it in the server's own configuration too, so that the test
	// does not depend on the system's.
	nbconfig := filepath.Join(tmp, "config", "nbconfig")
	if err := os.MkdirAll(nbconfig, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(nbconfig, "notebook.json"), []byte(`{"load_extensions": {"jupyter-js-widgets/extension": true}}`), 0o600); err != nil {
		t.Fatal(err)
	}
	tok := make([]byte, 24)
	rand.Read(tok)
	s.token = hex.EncodeToString(tok)
	port := freePort(t)
	s.base = fmt.Sprintf("http://127.0.0.1:%d", port)

	logf, err := os.Create(logPath)
	if err != nil {
		t.Fatal(err)
	}
	args := []string{"-m", "notebook", "--no-browser", "--ip=127.0.0.1", "--port=" + strconv.Itoa(port), "--port-retries=0",
		"--notebook-dir=" + tree, "--NotebookApp.token=" + s.token}
	if os.Geteuid() == 0 {
		args = append(args, "--allow-root") // as in a container
	}
	cmd := exec.Command(python, args...)
	cmd.Env = append(os.Environ(),
		"JUPYTER_CONFIG_DIR="+filepath.Join(tmp, "config"),
		"JUPYTER_DATA_DIR="+filepath.Join(tmp, "data"),
		"JUPYTER_RUNTIME_DIR="+s.runtime)
	cmd.Stdout, cmd.Stderr = logf, logf
	// If the test binary dies (a go test timeout skips the cleanups), the
	// server still gets SIGTERM and shuts its kernels down.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGTERM}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan struct{})
	go func() { cmd.Wait(); logf.Close(); close(exited) }()
	t.Cleanup(func() { s.stop(t, cmd.Process.Pid, exited) })

	deadline := time.Now().Add(2 * time.Minute)
	for {
		var status map[string]any
		if s.api("GET", "/api/status", &status) == nil {
			return s
		}
		select {
		case <-exited:
			t.Fatalf("jupyter-notebook exited at start:\n%s", tail(logPath))
		case <-time.After(200 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			t.Fatalf("jupyter-notebook did not answer on %s within 2 minutes:\n%s", s.base, tail(logPath))
		}
	}
}

// stop shuts the server down as Ctrl-C would (SIGTERM: it shuts its kernels
// down), kills its process group if it hangs, and then kills and reports
// any kernel process left behind.
func (s *server) stop(t *testing.T, pid int, exited chan struct{}) {
	kernels := s.kernelProcs()
	syscall.Kill(pid, syscall.SIGTERM)
	select {
	case <-exited:
	case <-time.After(30 * time.Second):
		t.Errorf("jupyter-notebook still running 30 s after SIGTERM: killed")
		syscall.Kill(-pid, syscall.SIGKILL)
		<-exited
	}
	for _, k := range kernels {
		if left := k.leftovers(); len(left) > 0 {
			t.Errorf("kernel %d (%s) left %d processes running after the server stopped: killed", k.pid, k.cmd, len(left))
			k.kill()
		}
	}
	if t.Failed() {
		t.Logf("notebook server log (%s):\n%s", s.log, tail(s.log))
	}
}

var client = &http.Client{Timeout: time.Minute}

// api calls the server's REST API with the token and decodes the JSON answer
// into out (when out is not nil).
func (s *server) api(method, path string, out any) error {
	req, err := http.NewRequest(method, s.base+path, nil)
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "token "+s.token)
	resp, err := client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode/100 != 2 {
		return fmt.Errorf("%s %s: %s: %s", method, path, resp.Status, body)
	}
	if out == nil {
		return nil
	}
	return json.Unmarshal(body, out)
}

// path is where the server sees a notebook copied into s.dir.
func (s *server) path(name string) string {
	return "notebooks/" + name
}

// url is the address of a notebook's page, with the token.
func (s *server) url(name string) string {
	return s.base + "/notebooks/" + s.path(name) + "?token=" + s.token
}

// proc is a process seen in /proc.
type proc struct {
	pid, sid int
	start    string // start time in clock ticks since boot: tells a reused pid
	cmd      string
}

// procs lists the processes of this machine.
func procs() []proc {
	dirs, _ := os.ReadDir("/proc")
	var ps []proc
	for _, d := range dirs {
		pid, err := strconv.Atoi(d.Name())
		if err != nil {
			continue
		}
		stat, err := os.ReadFile(filepath.Join("/proc", d.Name(), "stat"))
		if err != nil {
			continue
		}
		// pid (comm) state ppid pgrp session ... field 22 is starttime.
		i := strings.LastIndexByte(string(stat), ')')
		if i < 0 {
			continue
		}
		f := strings.Fields(string(stat[i+1:]))
		if len(f) < 20 {
			continue
		}
		sid, _ := strconv.Atoi(f[3])
		cmd, _ := os.ReadFile(filepath.Join("/proc", d.Name(), "cmdline"))
		ps = append(ps, proc{pid: pid, sid: sid, start: f[19], cmd: strings.TrimSpace(strings.ReplaceAll(string(cmd), "\x00", " "))})
	}
	return ps
}

// kernelProcs lists the kernels this server runs: the processes whose
// command line names a connection file in the server's runtime directory.
// jupyter_client starts each kernel in a session of its own.
func (s *server) kernelProcs() []proc {
	var ks []proc
	for _, p := range procs() {
		if strings.Contains(p.cmd, s.runtime+string(filepath.Separator)) {
			ks = append(ks, p)
		}
	}
	return ks
}

// kernelProc finds the process of one kernel by its id.
func (s *server) kernelProc(id string) (proc, bool) {
	for _, p := range s.kernelProcs() {
		if strings.Contains(p.cmd, "kernel-"+id+".json") {
			return p, true
		}
	}
	return proc{}, false
}

// leftovers lists the processes still alive of a kernel: itself and
// anything else in its session (helpers it started).
func (k proc) leftovers() []proc {
	var left []proc
	for _, p := range procs() {
		if p.pid == k.pid && p.start == k.start || p.sid == k.pid && p.pid != k.pid {
			left = append(left, p)
		}
	}
	return left
}

// kill ends a kernel and every process of its session.
func (k proc) kill() {
	for _, p := range k.leftovers() {
		syscall.Kill(p.pid, syscall.SIGKILL)
	}
}

// startChromium starts Debian's Chromium headless with a fresh profile and
// returns a chromedp context for its first tab; the browser and every
// process of its group are killed when the test ends.
func startChromium(t *testing.T, logPath string) context.Context {
	t.Helper()
	exe := os.Getenv("CHROMIUM")
	if exe == "" {
		exe = "/usr/bin/chromium"
	}
	if _, err := os.Stat(exe); err != nil {
		t.Fatalf("no Chromium at %s (set CHROMIUM): make browser-test installs Debian's chromium", exe)
	}
	logf, err := os.Create(logPath)
	if err != nil {
		t.Fatal(err)
	}
	var pgid int
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(exe),
		chromedp.UserDataDir(t.TempDir()),
		// As root Chromium needs no sandbox; and with the network closed
		// every background connection would be refused.
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.WindowSize(1280, 1024),
		chromedp.WSURLReadTimeout(time.Minute),
		chromedp.CombinedOutput(logf),
		chromedp.ModifyCmdFunc(func(cmd *exec.Cmd) {
			cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
		}),
	)
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	// chromedp's own messages go to the log too: they may come after the
	// test has ended, when t.Logf would panic.
	logw := func(format string, args ...any) { fmt.Fprintf(logf, "chromedp: "+format+"\n", args...) }
	ctx, cancel := chromedp.NewContext(actx, chromedp.WithLogf(logw), chromedp.WithErrorf(logw))
	t.Cleanup(func() {
		cancel()
		cancelAlloc() // kills the browser and waits for it
		if pgid > 0 {
			syscall.Kill(-pgid, syscall.SIGKILL) // its zygote and renderers
		}
		logf.Close()
	})
	if err := chromedp.Run(ctx); err != nil {
		t.Fatalf("starting %s: %v\n%s", exe, err, tail(logPath))
	}
	if p := chromedp.FromContext(ctx).Browser.Process(); p != nil {
		pgid = p.Pid
	}
	return ctx
}

// freePort asks the kernel for a free TCP port of 127.0.0.1.
func freePort(t *testing.T) int {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// tail returns the last lines of a log file.
func tail(path string) string {
	b, _ := os.ReadFile(path)
	lines := strings.Split(strings.TrimRight(string(b), "\n"), "\n")
	if len(lines) > 40 {
		lines = lines[len(lines)-40:]
	}
	return strings.Join(lines, "\n")
}
