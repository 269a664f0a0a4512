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

// server is a Jupyter server started by the test.
type server struct {
	front   *frontEnd
	base    string // http://127.0.0.1:PORT
	token   string
	dir     string // where the notebooks are copied: notebooks/ of the tree served
	runtime string // JUPYTER_RUNTIME_DIR: the kernels' connection files
	log     string
	pid     int // the server's process
}

// frontEnd is a Jupyter front end the tests run: its name, the Python that
// runs it and the arguments of its server (after the port, token and
// directory, which startServer gives each in its own way).
type frontEnd struct {
	name   string // classic, lab, notebook7, voila
	python string
	module string // python -m MODULE
	// notebookPath is the path of a notebook's page, from the tree's root.
	notebookPath string
}

// The front ends. The classic Notebook 6.4 is Debian's, for Debian's
// Python (PYTHON); the others come from PyPI into build/venv (VENV).
func classicNotebook() *frontEnd {
	python := os.Getenv("PYTHON")
	if python == "" {
		python = "/usr/bin/python3"
	}
	return &frontEnd{name: "classic", python: python, module: "notebook", notebookPath: "/notebooks/"}
}

func venvFrontEnd(t *testing.T, name, module, page string) *frontEnd {
	venv := os.Getenv("VENV")
	if venv == "" {
		t.Fatal("VENV is not set: make browser-test sets it to build/venv, where Jupyter is installed from PyPI")
	}
	return &frontEnd{name: name, python: filepath.Join(venv, "bin", "python"), module: module, notebookPath: page}
}

func jupyterLab(t *testing.T) *frontEnd { return venvFrontEnd(t, "lab", "jupyterlab", "/lab/tree/") }
func notebook7(t *testing.T) *frontEnd {
	return venvFrontEnd(t, "notebook7", "notebook", "/notebooks/")
}
func voila(t *testing.T) *frontEnd { return venvFrontEnd(t, "voila", "voila", "/voila/render/") }

// args are the server's command line.
func (f *frontEnd) args(tree, token string, port int) []string {
	args := []string{"-m", f.module, "--no-browser", "--port=" + strconv.Itoa(port)}
	switch f.name {
	case "classic":
		args = append(args, "--ip=127.0.0.1", "--port-retries=0", "--notebook-dir="+tree, "--NotebookApp.token="+token)
	case "voila":
		// Voila serves the tree's notebooks as dashboards, each run in a
		// kernel of its own when its page opens; the page may then talk
		// to that kernel (widgets).
		args = append(args, "--Voila.ip=127.0.0.1", "--Voila.port_retries=0", "--Voila.root_dir="+tree,
			"--Voila.token="+token, "--VoilaConfiguration.show_tracebacks=True")
	default:
		args = append(args, "--ip=127.0.0.1", "--ServerApp.port_retries=0", "--ServerApp.root_dir="+tree,
			"--IdentityProvider.token="+token, "--expose-app-in-browser")
	}
	if os.Geteuid() == 0 && f.name != "voila" { // Voila runs as root without asking
		args = append(args, "--allow-root") // as in a container
	}
	return args
}

// startServer starts a front end's server on a free port of 127.0.0.1 with
// a random token, the kernelspecs of JUPYTER_PATH and private config, data
// and runtime directories, and stops it (and every kernel it started) when
// the test ends. It serves a tree laid out like the repository at root, so
// that notebooks read ../datasets as they do in the checkout, but with a
// notebooks/ directory of its own for the copies the test runs.
func startServer(t *testing.T, front *frontEnd, root, logPath string) *server {
	t.Helper()
	python := front.python
	if err := exec.Command(python, "-c", "import "+front.module).Run(); err != nil {
		t.Fatalf("%s has no %s (%v): make browser-test installs it", python, front.module, err)
	}
	tmp := t.TempDir()
	tree := filepath.Join(tmp, "tree")
	s := &server{front: front, dir: filepath.Join(tree, "notebooks"), runtime: filepath.Join(tmp, "runtime"), log: logPath}
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
	// JupyterLab's and Notebook 7's settings: every cell in the page (not
	// only those scrolled into view, so that the checks see them all), no
	// news fetched and no announcement to answer.
	settings := filepath.Join(tmp, "lab-settings")
	for file, body := range map[string]string{
		"@jupyterlab/notebook-extension/tracker.jupyterlab-settings":      `{"windowingMode": "none"}`,
		"@jupyterlab/apputils-extension/notification.jupyterlab-settings": `{"fetchNews": "false", "checkForUpdates": false}`,
		"@jupyter-widgets/jupyterlab-manager/plugin.jupyterlab-settings":  `{"saveState": true}`,
	} {
		path := filepath.Join(settings, file)
		if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
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
	cmd := exec.Command(python, front.args(tree, s.token, port)...)
	cmd.Env = append(os.Environ(),
		"JUPYTER_CONFIG_DIR="+filepath.Join(tmp, "config"),
		"JUPYTER_DATA_DIR="+filepath.Join(tmp, "data"),
		"JUPYTER_RUNTIME_DIR="+s.runtime,
		"JUPYTERLAB_SETTINGS_DIR="+settings,
		"JUPYTERLAB_WORKSPACES_DIR="+filepath.Join(tmp, "workspaces"))
	cmd.Stdout, cmd.Stderr = logf, logf
	// If the test binary dies (a go test timeout skips the cleanups), the
	// server still gets SIGTERM and shuts its kernels down.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGTERM}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	s.pid = cmd.Process.Pid
	exited := make(chan struct{})
	go func() { cmd.Wait(); logf.Close(); close(exited) }()
	t.Cleanup(func() { s.stop(t, cmd.Process.Pid, exited) })

	deadline := time.Now().Add(2 * time.Minute)
	for {
		ready := "/api/status"
		if front.name == "voila" {
			ready = "/voila/tree" // Voila has no REST API of its own
		}
		if s.api("GET", ready, nil) == nil {
			return s
		}
		select {
		case <-exited:
			t.Fatalf("the %s server exited at start:\n%s", front.name, tail(logPath))
		case <-time.After(200 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			t.Fatalf("the %s server did not answer on %s within 2 minutes:\n%s", front.name, s.base, tail(logPath))
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
		// Jupyter Server 2.21 (JupyterLab's, Notebook 7's) sometimes
		// stops in its "Shutting down 6 extensions" for good: its kernels
		// are checked below all the same.
		report := t.Errorf
		if s.front.name != "classic" {
			report = t.Logf
		}
		report("the %s server still running 30 s after SIGTERM: killed", s.front.name)
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
		t.Logf("%s server log (%s):\n%s", s.front.name, s.log, tail(s.log))
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

// url is the address of a notebook's page, with the token. JupyterLab
// opens it in a workspace of its own, so that the page shows it alone
// (not the documents an earlier page of the workspace had open).
func (s *server) url(name string) string {
	if s.front.name == "lab" {
		return s.base + "/lab/workspaces/" + strings.TrimSuffix(name, ".ipynb") + "/tree/" + s.path(name) + "?token=" + s.token
	}
	return s.base + s.front.notebookPath + s.path(name) + "?token=" + s.token
}

// proc is a process seen in /proc.
type proc struct {
	pid, ppid, sid int
	start          string // start time in clock ticks since boot: tells a reused pid
	cmd            string
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
		ppid, _ := strconv.Atoi(f[1])
		sid, _ := strconv.Atoi(f[3])
		cmd, _ := os.ReadFile(filepath.Join("/proc", d.Name(), "cmdline"))
		ps = append(ps, proc{pid: pid, ppid: ppid, sid: sid, start: f[19], cmd: strings.TrimSpace(strings.ReplaceAll(string(cmd), "\x00", " "))})
	}
	return ps
}

// kernelProcs lists the kernels this server runs: the processes whose
// command line names a connection file in the server's runtime directory
// (Voila keeps them in a directory of its own: its children then).
// jupyter_client starts each kernel in a session of its own.
func (s *server) kernelProcs() []proc {
	var ks []proc
	for _, p := range procs() {
		if strings.Contains(p.cmd, s.runtime+string(filepath.Separator)) || p.ppid == s.pid && strings.Contains(p.cmd, "kernel-") {
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
