package main

import (
	"encoding/json"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"testing"
)

// The test binary plays coevo: started as "BINARY kernel run FILE" by the
// launcher, it reports the sockets it inherited and whether each is a
// listening socket on its port.
func TestMain(m *testing.M) {
	if len(os.Args) == 4 && os.Args[1] == "kernel" && os.Args[2] == "run" {
		spec := os.Getenv(listenersEnv)
		if spec == "" {
			fmt.Print("none")
			os.Exit(0)
		}
		var out []string
		for _, item := range strings.Split(spec, ",") {
			name, fd, _ := strings.Cut(item, ":")
			var n int
			fmt.Sscan(fd, &n)
			l, err := net.FileListener(os.NewFile(uintptr(n), name))
			if err != nil {
				out = append(out, fmt.Sprintf("%s: %v", name, err))
				continue
			}
			out = append(out, fmt.Sprintf("%s=%d", name, l.Addr().(*net.TCPAddr).Port))
		}
		sort.Strings(out)
		fmt.Print(strings.Join(out, " "))
		os.Exit(0)
	}
	os.Exit(m.Run())
}

func freePort(t *testing.T) int {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// The launcher binds the five ports and becomes coevo, which inherits
// them; with a connection file it cannot use, it becomes coevo with none.
func TestLauncher(t *testing.T) {
	dir := t.TempDir()
	launcher := filepath.Join(dir, "coevo-kernel")
	if out, err := exec.Command("go", "build", "-o", launcher, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	ports := map[string]int{"shell_port": freePort(t), "iopub_port": freePort(t), "stdin_port": freePort(t), "control_port": freePort(t), "hb_port": freePort(t)}
	conn := map[string]any{"transport": "tcp", "ip": "127.0.0.1", "key": "k"}
	for k, v := range ports {
		conn[k] = v
	}
	b, _ := json.Marshal(conn)
	file := filepath.Join(dir, "kernel.json")
	os.WriteFile(file, b, 0o600)
	out, err := exec.Command(launcher, "--coevo", os.Args[0], file).Output()
	if err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("control=%d heartbeat=%d iopub=%d shell=%d stdin=%d", ports["control_port"], ports["hb_port"], ports["iopub_port"], ports["shell_port"], ports["stdin_port"])
	if string(out) != want {
		t.Fatalf("coevo inherited %q, want %q", out, want)
	}
	// A port in use: coevo starts without sockets (and says what is wrong).
	busy, err := net.Listen("tcp", fmt.Sprintf("127.0.0.1:%d", ports["iopub_port"]))
	if err != nil {
		t.Skipf("port taken meanwhile: %v", err)
	}
	defer busy.Close()
	out, err = exec.Command(launcher, "--coevo", os.Args[0], file).Output()
	if err != nil || string(out) != "none" {
		t.Fatalf("with a port in use, coevo inherited %q (%v), want none", out, err)
	}
}

// A FIFO is not read here (nobody may ever write it): coevo gets it, with
// no sockets, and reads it under its own care.
func TestLauncherLeavesFIFOs(t *testing.T) {
	dir := t.TempDir()
	launcher := filepath.Join(dir, "coevo-kernel")
	if out, err := exec.Command("go", "build", "-o", launcher, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip(err)
	}
	out, err := exec.Command(launcher, "--coevo", os.Args[0], fifo).Output()
	if err != nil || string(out) != "none" {
		t.Fatalf("%q %v", out, err)
	}
}
