package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/coevolab/coevo/internal/selfexec"
)

// The test binary plays coevo-kernel with COEVO_KERNEL_TEST_MAIN=1.
func TestMain(m *testing.M) { selfexec.Main(m, "COEVO_KERNEL_TEST_MAIN", main) }

func coevoKernel(t *testing.T, args ...string) (stdout, stderr string, status int) {
	t.Helper()
	return selfexec.Run(t, "COEVO_KERNEL_TEST_MAIN", args...)
}

const connJSON = `{"transport":"tcp","ip":"127.0.0.1","shell_port":5001,"iopub_port":5002,"stdin_port":5003,"control_port":5004,"hb_port":5005,"key":"k","signature_scheme":"hmac-sha256"}`

// Bad usage and bad connection files exit 2 naming what is wrong, also in
// the form earlier kernelspecs use (--coevo COEVO FILE).
func TestBadInput(t *testing.T) {
	dir := t.TempDir()
	badPort := filepath.Join(dir, "kernel-1.json")
	os.WriteFile(badPort, []byte(strings.Replace(connJSON, `"shell_port":5001`, `"shell_port":70000`, 1)), 0o644)
	fifo := filepath.Join(dir, "fifo")
	cases := []struct {
		args []string
		want string
	}{
		{nil, "missing CONNECTION_FILE\nusage: coevo-kernel CONNECTION_FILE"},
		{[]string{"a", "b"}, "unexpected argument \"b\"\nusage: coevo-kernel CONNECTION_FILE"},
		{[]string{"--verbose"}, "unknown flag \"--verbose\": coevo-kernel takes none\nusage: coevo-kernel CONNECTION_FILE"},
		{[]string{"/nonexistent/kernel.json"}, "/nonexistent/kernel.json"},
		{[]string{badPort}, "shell_port 70000: not a port (1-65535)"},
		{[]string{"--coevo", "/usr/bin/coevo", badPort}, "shell_port 70000: not a port (1-65535)"},
		{[]string{dir}, dir},
	}
	if err := exec.Command("mkfifo", fifo).Run(); err == nil {
		// A FIFO with a writer that sends nonsense is read, and refused.
		go func() {
			if f, err := os.OpenFile(fifo, os.O_WRONLY, 0); err == nil {
				f.WriteString("not json")
				f.Close()
			}
		}()
		cases = append(cases, struct {
			args []string
			want string
		}{[]string{fifo}, "connection file " + fifo})
	}
	for _, c := range cases {
		_, errs, st := coevoKernel(t, c.args...)
		if st != 2 || !strings.HasPrefix(errs, "coevo-kernel: ") || !strings.Contains(errs, c.want) {
			t.Errorf("%q: status %d, stderr %q; want 2 and %q", c.args, st, errs, c.want)
		}
	}
	if out, _, st := coevoKernel(t, "--help"); st != 0 || !strings.Contains(out, "coevo kernel install") {
		t.Errorf("--help: status %d, %q", st, out)
	}
}
