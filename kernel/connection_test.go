package kernel

import (
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

const goodConnection = `{"transport":"tcp","ip":"127.0.0.1","shell_port":5001,"iopub_port":5002,"stdin_port":5003,"control_port":5004,"hb_port":5005,"key":"k","signature_scheme":"hmac-sha256"}`

// Bad connection files are refused with a message that names the field.
func TestParseConnectionErrors(t *testing.T) {
	cases := map[string]string{
		strings.Replace(goodConnection, `"127.0.0.1"`, `"999.1.1.1"`, 1):              `ip "999.1.1.1": not an IP address`,
		strings.Replace(goodConnection, `"shell_port":5001`, `"shell_port":70000`, 1): "shell_port 70000: not a port (1-65535)",
		strings.Replace(goodConnection, `"hb_port":5005`, `"hb_port":5004`, 1):        "hb_port 5004: the same port as control_port",
		strings.Replace(goodConnection, `"stdin_port":5003`, `"stdin_port":0`, 1):     "stdin_port 0: not a port (1-65535)",
		strings.Replace(goodConnection, `"hmac-sha256"`, `"hmac-md5"`, 1):             `signature_scheme "hmac-md5" is not supported`,
		strings.Replace(goodConnection, `"tcp"`, `"udp"`, 1):                          `transport "udp": want tcp or ipc`,
		`{"ip": `: "not a JSON connection file",
	}
	for in, want := range cases {
		if _, err := ParseConnection([]byte(in)); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: got %v, want %q", in, err, want)
		}
	}
	c, err := ParseConnection([]byte(goodConnection))
	if err != nil || c.HBPort != 5005 || c.addr(c.ShellPort) != "tcp://127.0.0.1:5001" {
		t.Fatalf("%+v %v", c, err)
	}
	// A byte order mark, as an editor on Windows saves one, is skipped.
	if c, err := ParseConnection([]byte("\ufeff" + goodConnection)); err != nil || c.ShellPort != 5001 {
		t.Fatalf("with a BOM: %+v %v", c, err)
	}
}

// Install's errors name the kernelspec, never its temporary folder: on a
// read-only folder, and on a full disk (a tmpfs of 64 KiB, filled; needs
// root to mount).
func TestInstallErrorsNameTheKernelspec(t *testing.T) {
	ro := t.TempDir()
	if err := syscall.Mount("tmpfs", ro, "tmpfs", syscall.MS_RDONLY, "size=1m"); err != nil {
		t.Skipf("cannot mount a tmpfs: %v", err)
	}
	defer syscall.Unmount(ro, syscall.MNT_DETACH)
	if _, err := Install(filepath.Join(ro, "kernels"), "coevo", NewSpec("/bin/true")); err == nil || !strings.Contains(err.Error(), "read-only file system") {
		t.Errorf("read-only: %v", err)
	}
	full := t.TempDir()
	if err := syscall.Mount("tmpfs", full, "tmpfs", 0, "size=64k"); err != nil {
		t.Fatal(err)
	}
	defer syscall.Unmount(full, syscall.MNT_DETACH)
	os.MkdirAll(filepath.Join(full, "kernels"), 0o755)
	f, _ := os.Create(filepath.Join(full, "filler"))
	f.Write(make([]byte, 1<<20))
	f.Close()
	_, err := Install(filepath.Join(full, "kernels"), "coevo", NewSpec("/bin/true"))
	if err == nil || !strings.Contains(err.Error(), filepath.Join(full, "kernels", "coevo")) || strings.Contains(err.Error(), "/.coevo-") {
		t.Errorf("full disk: %v", err)
	}
}

func TestReadConnectionNamesTheFile(t *testing.T) {
	dir := t.TempDir()
	if _, err := ReadConnection(dir); err == nil || !strings.Contains(err.Error(), "a directory") {
		t.Fatalf("%v", err)
	}
	f := filepath.Join(dir, "kernel-1.json")
	os.WriteFile(f, []byte(`{"ip":"x"}`), 0o644)
	if _, err := ReadConnection(f); err == nil || !strings.HasPrefix(err.Error(), "connection file "+f+": ip") {
		t.Fatalf("%v", err)
	}
}

// The connection file reader never panics, and what it accepts can be
// served: a valid address and five distinct ports.
func FuzzParseConnection(f *testing.F) {
	f.Add([]byte(goodConnection))
	f.Add([]byte(`{"transport":"ipc","ip":"/tmp/k","shell_port":1,"iopub_port":2,"stdin_port":3,"control_port":4,"hb_port":5}`))
	f.Add([]byte(`{"ip":"*","shell_port":1,"iopub_port":1}`))
	f.Add([]byte(`{"ip":"::1","shell_port":65535,"iopub_port":-1}`))
	f.Add([]byte(`[]`))
	f.Fuzz(func(t *testing.T, b []byte) {
		c, err := ParseConnection(b)
		if err != nil {
			return
		}
		seen := map[int]bool{}
		for _, p := range c.ports() {
			if p.port < 0 || p.port > 65535 || seen[p.port] {
				t.Fatalf("accepted %s %d", p.name, p.port)
			}
			seen[p.port] = true
		}
		if c.Transport == "tcp" && c.IP != "*" && c.IP != "localhost" && net.ParseIP(c.IP) == nil {
			t.Fatalf("accepted ip %q", c.IP)
		}
		if c.SignatureScheme != "" && c.SignatureScheme != "hmac-sha256" {
			t.Fatalf("accepted scheme %q", c.SignatureScheme)
		}
	})
}

func TestCheckName(t *testing.T) {
	for _, ok := range []string{"coevo", "coevo-small", "go_1.26"} {
		if err := CheckName(ok); err != nil {
			t.Errorf("%q: %v", ok, err)
		}
	}
	for _, bad := range []string{"", ".", "..", "../x", "a/b", "with space"} {
		if err := CheckName(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

func TestParseMemoryLimit(t *testing.T) {
	for in, want := range map[string]int64{"8GiB": 8 << 30, "512MiB": 512 << 20, "1.5GiB": 3 << 29, "2GB": 2e9, "off": 0, "100000000": 1e8} {
		if got, err := ParseMemoryLimit(in); err != nil || got != want {
			t.Errorf("%q: %d %v, want %d", in, got, err, want)
		}
	}
	for _, bad := range []string{"", "lots", "-1GiB", "10MiB", "0%", "150%", "8 parsecs"} {
		if _, err := ParseMemoryLimit(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	total, err := machineMemory()
	if err != nil {
		t.Skip(err)
	}
	if half, err := ParseMemoryLimit("50%"); err != nil || half != total/2 {
		t.Errorf("50%% of %d: %d %v", total, half, err)
	}
}

func TestParseMaxMessage(t *testing.T) {
	for in, want := range map[string]int64{"256MiB": 256 << 20, "1GiB": 1 << 30, "1MiB": 1 << 20, "2.5MB": 2.5e6} {
		if got, err := ParseMaxMessage(in); err != nil || got != want {
			t.Errorf("%q: %d %v, want %d", in, got, err, want)
		}
	}
	for _, bad := range []string{"", "lots", "-1GiB", "100KiB", "65GiB", "off", "50%"} {
		if _, err := ParseMaxMessage(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

// The kernelspec starts coevo-kernel when it is next to coevo, else coevo
// itself; the worker binary is found next to it, and its absence is an
// error that names it.
func TestNewSpecAndWorkerPath(t *testing.T) {
	dir := t.TempDir()
	bin := filepath.Join(dir, "coevo")
	if argv := NewSpec(bin).Argv; len(argv) != 4 || argv[0] != bin || argv[1] != "kernel" || argv[2] != "run" || argv[3] != "{connection_file}" {
		t.Fatalf("argv %q", argv)
	}
	k := filepath.Join(dir, KernelBinary)
	os.WriteFile(k, nil, 0o755)
	if argv := NewSpec(bin).Argv; len(argv) != 2 || argv[0] != k || argv[1] != "{connection_file}" {
		t.Fatalf("with %s: argv %q", KernelBinary, argv)
	}
	want := filepath.Join(dir, WorkerBinary)
	if _, err := WorkerPath(bin); err == nil || !strings.Contains(err.Error(), want+" is missing (no such file)") {
		t.Fatalf("missing: %v", err)
	}
	os.WriteFile(want, []byte("#!/bin/sh\n"), 0o644)
	if _, err := WorkerPath(k); err == nil || !strings.Contains(err.Error(), "not an executable file") {
		t.Fatalf("not executable: %v", err)
	}
	os.Chmod(want, 0o755)
	if w, err := WorkerPath(bin); err != nil || w != want {
		t.Fatalf("%q %v", w, err)
	}
}

// Sockets a launcher bound are taken from ListenersEnv, checked against the
// connection file; a wrong one is refused (and the ports bound anew).
func TestInheritedListeners(t *testing.T) {
	// bind does what the launcher does: five listening descriptors, handed
	// over (InheritedListeners takes them).
	bind := func() (Connection, []string) {
		conn := Connection{Transport: "tcp", IP: "127.0.0.1"}
		var spec []string
		ports := []*int{&conn.ShellPort, &conn.IOPubPort, &conn.StdinPort, &conn.ControlPort, &conn.HBPort}
		for i, name := range []string{"shell", "iopub", "stdin", "control", "heartbeat"} {
			l, err := net.Listen("tcp", "127.0.0.1:0")
			if err != nil {
				t.Fatal(err)
			}
			f, _ := l.(*net.TCPListener).File()
			// A bare descriptor, as the launcher passes it: an *os.File
			// left to its finalizer would close the number later, when
			// another socket may have it.
			fd, err := syscall.Dup(int(f.Fd()))
			if err != nil {
				t.Fatal(err)
			}
			f.Close()
			l.Close()
			*ports[i] = l.Addr().(*net.TCPAddr).Port
			spec = append(spec, fmt.Sprintf("%s:%d", name, fd))
		}
		return conn, spec
	}
	conn, spec := bind()
	t.Setenv(ListenersEnv, strings.Join(spec, ","))
	got, err := InheritedListeners(conn)
	if err != nil || len(got) != 5 || got["iopub"].Addr().(*net.TCPAddr).Port != conn.IOPubPort {
		t.Fatalf("%v %v", got, err)
	}
	for _, l := range got {
		l.Close()
	}
	if os.Getenv(ListenersEnv) != "" {
		t.Error("the variable is left for the worker to inherit")
	}
	conn, spec = bind()
	conn.IOPubPort++
	t.Setenv(ListenersEnv, strings.Join(spec, ","))
	if _, err := InheritedListeners(conn); err == nil || !strings.Contains(err.Error(), "iopub is bound to") {
		t.Errorf("a socket on another port: %v", err)
	}
	conn, spec = bind()
	for _, bad := range []string{"shell:x", "nosuch:5", strings.Join(spec[:4], ",")} {
		t.Setenv(ListenersEnv, bad)
		if _, err := InheritedListeners(conn); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}
