// Command coevo-kernel is what the coevo kernelspec starts: it binds the
// five ports of a Jupyter connection file and becomes the kernel
// ("coevo kernel run"), which inherits the bound sockets.
//
//	coevo-kernel --coevo /path/to/coevo CONNECTION_FILE
//
// Why: jupyter_client connects as soon as it has started the kernel, and a
// connection that is refused is tried again only 100-200 ms later (libzmq's
// reconnect interval). coevo is a large program (the interpreter and every
// binding): by the time its packages are initialized, jupyter_client has
// often been refused already. This program imports the standard library
// only, so it listens within a few milliseconds; connections made before
// coevo is up wait in the listen backlog instead of being refused.
//
// If anything goes wrong here (a file it cannot read, a port it cannot
// bind), it starts coevo without sockets, and coevo, which checks the
// connection file field by field, says what is wrong.
package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net"
	"os"
	"runtime"
	"strings"
	"syscall"
)

// listenersEnv must match kernel.ListenersEnv.
const listenersEnv = "COEVO_KERNEL_LISTENERS"

func main() {
	args := os.Args[1:]
	if len(args) != 3 || args[0] != "--coevo" {
		fmt.Fprintln(os.Stderr, "usage: coevo-kernel --coevo COEVO_BINARY CONNECTION_FILE (coevo kernel install writes it into the kernelspec)")
		os.Exit(2)
	}
	coevo, connFile := args[1], args[2]
	env := os.Environ()
	spec, files, err := listen(connFile)
	if err == nil {
		env = append(env, listenersEnv+"="+spec)
	}
	err = syscall.Exec(coevo, []string{coevo, "kernel", "run", connFile}, env)
	runtime.KeepAlive(files) // their finalizers would close the descriptors
	fmt.Fprintf(os.Stderr, "coevo-kernel: cannot start %s: %v\n", coevo, err)
	os.Exit(1)
}

// listen binds the connection file's ports and returns "name:fd,…" of
// descriptors that stay open across exec, and their files.
func listen(path string) (string, []*os.File, error) {
	// A regular file of a connection file's size only: anything else (a
	// FIFO that nobody writes, a device) is coevo's to read and report.
	// (Opening a FIFO would wait for a writer: look before.)
	if fi, err := os.Stat(path); err != nil || !fi.Mode().IsRegular() {
		return "", nil, fmt.Errorf("%s: not a regular file", path)
	}
	f, err := os.Open(path)
	if err != nil {
		return "", nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, 1<<20))
	if err != nil {
		return "", nil, err
	}
	var c struct {
		Transport   string `json:"transport"`
		IP          string `json:"ip"`
		ShellPort   int    `json:"shell_port"`
		IOPubPort   int    `json:"iopub_port"`
		StdinPort   int    `json:"stdin_port"`
		ControlPort int    `json:"control_port"`
		HBPort      int    `json:"hb_port"`
	}
	if err := json.Unmarshal(b, &c); err != nil {
		return "", nil, err
	}
	ports := []struct {
		name string
		port int
	}{{"shell", c.ShellPort}, {"iopub", c.IOPubPort}, {"stdin", c.StdinPort}, {"control", c.ControlPort}, {"heartbeat", c.HBPort}}
	var out []string
	var files []*os.File
	fail := func(err error) (string, []*os.File, error) {
		for _, f := range files {
			f.Close()
		}
		return "", nil, err
	}
	for _, p := range ports {
		var l net.Listener
		switch c.Transport {
		case "", "tcp":
			if p.port <= 0 || p.port > 65535 {
				return fail(fmt.Errorf("port %d", p.port))
			}
			ip := c.IP
			if ip == "*" {
				ip = ""
			}
			l, err = net.Listen("tcp", net.JoinHostPort(ip, fmt.Sprint(p.port)))
		case "ipc":
			path := fmt.Sprintf("%s-%d", c.IP, p.port)
			// A socket file left by an earlier kernel is replaced, as
			// libzmq does; any other file is not.
			if fi, err := os.Lstat(path); err == nil && fi.Mode()&os.ModeSocket != 0 {
				os.Remove(path)
			}
			l, err = net.Listen("unix", path)
			if err == nil {
				l.(*net.UnixListener).SetUnlinkOnClose(false)
			}
		default:
			return fail(fmt.Errorf("transport %q", c.Transport))
		}
		if err != nil {
			return fail(err)
		}
		f, err := l.(interface{ File() (*os.File, error) }).File()
		l.Close() // the copy in f stays open
		if err != nil {
			return fail(err)
		}
		files = append(files, f)
		// Keep it open across exec.
		if _, _, e := syscall.Syscall(syscall.SYS_FCNTL, f.Fd(), syscall.F_SETFD, 0); e != 0 {
			return fail(e)
		}
		out = append(out, fmt.Sprintf("%s:%d", p.name, f.Fd()))
	}
	return strings.Join(out, ","), files, nil
}
