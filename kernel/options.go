package kernel

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"os"
	"strconv"
	"strings"
	"time"
)

// The kernel's settings from the environment (a kernelspec's "env", as
// "coevo kernel install --memory-limit --interrupt-grace" writes them).
const (
	// MemoryLimitEnv is the worker's memory limit: "8GiB", "512MiB",
	// "25%" of the machine's memory, or "off". Default: DefaultMemoryFraction.
	MemoryLimitEnv = "COEVO_KERNEL_MEMORY_LIMIT"
	// InterruptGraceEnv is how long an interrupted cell may take to stop
	// before its worker is killed: a Go duration ("2s", "500ms").
	InterruptGraceEnv = "COEVO_KERNEL_INTERRUPT_GRACE"
	// ListenersEnv names sockets bound by the process that started this
	// one (cmd/coevo-kernel), "shell:5,iopub:6,…": name and descriptor.
	ListenersEnv = "COEVO_KERNEL_LISTENERS"
	// MaxMessageEnv bounds a message a client may send on any of the
	// five sockets: "256MiB", "1GiB". Default: zmtp.DefaultMaxMessage.
	MaxMessageEnv = "COEVO_KERNEL_MAX_MESSAGE"
)

// DefaultMemoryFraction of the machine's memory is the worker's limit when
// none is set: enough for large runs, and a runaway cell is stopped well
// before the machine swaps.
const DefaultMemoryFraction = 0.5

// DefaultInterruptGrace is how long an interrupted cell may take to stop.
const DefaultInterruptGrace = 2 * time.Second

// Options configure a kernel.
type Options struct {
	// Worker is the command line that starts a worker process (for coevo:
	// the binary with "kernel worker"); WorkerEnv is added to its
	// environment.
	Worker    []string
	WorkerEnv []string
	// MemoryLimit (bytes) kills a worker that uses more; 0: none.
	MemoryLimit int64
	// InterruptGrace: an interrupted cell still running after it costs
	// its worker (0: DefaultInterruptGrace).
	InterruptGrace time.Duration
	// MaxMessage bounds a message a client sends, in bytes: a
	// connection that sends a larger one is closed, before anything is
	// allocated for it (0: zmtp.DefaultMaxMessage, 256 MiB).
	MaxMessage int64
	// Listeners, by socket name (shell, iopub, stdin, control, heartbeat),
	// are bound already: the kernel serves on them instead of binding
	// (InheritedListeners reads them from a launcher's ListenersEnv).
	Listeners map[string]net.Listener
	// Log receives the kernel's log (Jupyter shows it in its own).
	Log io.Writer
}

// OptionsFromEnv reads MemoryLimitEnv and InterruptGraceEnv into opts;
// an error names the variable.
func OptionsFromEnv(opts Options) (Options, error) {
	mem := os.Getenv(MemoryLimitEnv)
	if mem == "" {
		mem = strconv.FormatFloat(100*DefaultMemoryFraction, 'f', -1, 64) + "%"
	}
	n, err := ParseMemoryLimit(mem)
	if err != nil {
		return opts, fmt.Errorf("%s=%s: %w", MemoryLimitEnv, mem, err)
	}
	opts.MemoryLimit = n
	if g := os.Getenv(InterruptGraceEnv); g != "" {
		d, err := ParseGrace(g)
		if err != nil {
			return opts, fmt.Errorf("%s=%s: %w", InterruptGraceEnv, g, err)
		}
		opts.InterruptGrace = d
	}
	if m := os.Getenv(MaxMessageEnv); m != "" {
		n, err := ParseMaxMessage(m)
		if err != nil {
			return opts, fmt.Errorf("%s=%s: %w", MaxMessageEnv, m, err)
		}
		opts.MaxMessage = n
	}
	return opts, nil
}

// InheritedListeners takes the sockets ListenersEnv names, checks each
// against conn (its address, and the five all there), and unsets the
// variable so that the worker does not inherit it. With no variable it
// returns nil; with one that is wrong, nil and an error (the caller binds
// the ports itself).
func InheritedListeners(conn Connection) (map[string]net.Listener, error) {
	spec := os.Getenv(ListenersEnv)
	if spec == "" {
		return nil, nil
	}
	os.Unsetenv(ListenersEnv)
	ports := map[string]int{"shell": conn.ShellPort, "iopub": conn.IOPubPort, "stdin": conn.StdinPort, "control": conn.ControlPort, "heartbeat": conn.HBPort}
	out := map[string]net.Listener{}
	fail := func(err error) (map[string]net.Listener, error) {
		for _, l := range out {
			l.Close()
		}
		return nil, fmt.Errorf("%s=%s: %w", ListenersEnv, spec, err)
	}
	for _, item := range strings.Split(spec, ",") {
		name, fdText, _ := strings.Cut(item, ":")
		fd, err := strconv.Atoi(fdText)
		port, known := ports[name]
		if err != nil || fd < 3 || !known {
			return fail(fmt.Errorf("%q is not NAME:DESCRIPTOR", item))
		}
		f := os.NewFile(uintptr(fd), name)
		l, err := net.FileListener(f)
		f.Close() // l has a copy
		if err != nil {
			return fail(fmt.Errorf("%s: %w", name, err))
		}
		out[name] = l
		want := conn.addr(port)
		switch a := l.Addr().(type) {
		case *net.TCPAddr:
			if conn.Transport != "tcp" || a.Port != port {
				return fail(fmt.Errorf("%s is bound to %v, not %s", name, a, want))
			}
		case *net.UnixAddr:
			if "ipc://"+a.Name != want {
				return fail(fmt.Errorf("%s is bound to %v, not %s", name, a, want))
			}
		}
	}
	if len(out) != len(ports) {
		return fail(fmt.Errorf("%d sockets, not 5", len(out)))
	}
	return out, nil
}

// ParseMaxMessage reads a message size limit: bytes with a unit, as
// ParseMemoryLimit has them, from 1 MiB (Jupyter's own messages need some
// room) to 64 GiB.
func ParseMaxMessage(s string) (int64, error) {
	n, err := parseSize(strings.TrimSpace(s))
	if err != nil {
		return 0, fmt.Errorf("want a size such as 256MiB or 1GiB")
	}
	if n < 1<<20 || n > 64<<30 {
		return 0, fmt.Errorf("%.0f bytes: want 1MiB to 64GiB", n)
	}
	return int64(n), nil
}

// parseSize reads bytes with a unit: B, KiB, MiB, GiB, TiB, or KB, MB, GB,
// TB (powers of 1000), or none (bytes).
func parseSize(s string) (float64, error) {
	num := strings.TrimRightFunc(s, func(r rune) bool { return (r < '0' || r > '9') && r != '.' })
	unit := strings.TrimSpace(s[len(num):])
	v, err := strconv.ParseFloat(num, 64)
	mult, known := map[string]float64{"": 1, "B": 1, "KiB": 1 << 10, "MiB": 1 << 20, "GiB": 1 << 30, "TiB": 1 << 40,
		"KB": 1e3, "MB": 1e6, "GB": 1e9, "TB": 1e12}[unit]
	if err != nil || !known || v < 0 {
		return 0, fmt.Errorf("not a size")
	}
	return v * mult, nil
}

// ParseGrace reads an interrupt grace period: a positive Go duration.
func ParseGrace(s string) (time.Duration, error) {
	d, err := time.ParseDuration(s)
	if err != nil || d <= 0 {
		return 0, fmt.Errorf("want a positive duration such as 2s or 500ms")
	}
	return d, nil
}

// ParseMemoryLimit reads a memory limit: bytes with a unit (B, KiB, MiB,
// GiB, TiB; KB, MB, GB, TB are powers of 1000), a percentage of the
// machine's memory, or "off" (0, no limit). A limit under 64 MiB is
// refused: a worker needs about 30 MiB to start.
func ParseMemoryLimit(s string) (int64, error) {
	s = strings.TrimSpace(s)
	if s == "off" || s == "none" {
		return 0, nil
	}
	var n float64
	if pct, ok := strings.CutSuffix(s, "%"); ok {
		p, err := strconv.ParseFloat(strings.TrimSpace(pct), 64)
		if err != nil || !(p > 0 && p <= 100) {
			return 0, fmt.Errorf("want a percentage in (0, 100]")
		}
		total, err := machineMemory()
		if err != nil {
			return 0, err
		}
		n = p / 100 * float64(total)
	} else {
		v, err := parseSize(s)
		if err != nil {
			return 0, fmt.Errorf("want a size such as 8GiB or 512MiB, a percentage such as 50%%, or off")
		}
		n = v
	}
	if n < 64<<20 {
		return 0, fmt.Errorf("%.0f bytes is under the 64 MiB a worker needs", n)
	}
	if n > 1<<62 {
		return 0, fmt.Errorf("too large")
	}
	return int64(n), nil
}

// machineMemory is the memory this process may use: the machine's
// (MemTotal), or its cgroup's limit if that is lower.
func machineMemory() (int64, error) {
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return 0, fmt.Errorf("the machine's memory is unknown (%v): give a size", err)
	}
	defer f.Close()
	var total int64
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "MemTotal:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			if err == nil {
				total = kb << 10
			}
		}
	}
	if total == 0 {
		return 0, fmt.Errorf("no MemTotal in /proc/meminfo: give a size")
	}
	if b, err := os.ReadFile("/sys/fs/cgroup/memory.max"); err == nil {
		if n, err := strconv.ParseInt(strings.TrimSpace(string(b)), 10, 64); err == nil && n < total {
			total = n
		}
	}
	return total, nil
}
