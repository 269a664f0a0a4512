package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func writeConnection(t *testing.T, json string) string {
	t.Helper()
	f := filepath.Join(t.TempDir(), "kernel-1.json")
	if err := os.WriteFile(f, []byte(json), 0o644); err != nil {
		t.Fatal(err)
	}
	return f
}

const connJSON = `{"transport":"tcp","ip":"127.0.0.1","shell_port":5001,"iopub_port":5002,"stdin_port":5003,"control_port":5004,"hb_port":5005,"key":"k","signature_scheme":"hmac-sha256"}`

// Bad connection files and settings exit 2 with one line naming the field.
func TestKernelRunBadInput(t *testing.T) {
	cases := []struct{ conn, env, want string }{
		{strings.Replace(connJSON, `"127.0.0.1"`, `"999.1.1.1"`, 1), "", `ip "999.1.1.1": not an IP address`},
		{strings.Replace(connJSON, `"shell_port":5001`, `"shell_port":70000`, 1), "", "shell_port 70000: not a port (1-65535)"},
		{strings.Replace(connJSON, `"hb_port":5005`, `"hb_port":5001`, 1), "", "hb_port 5001: the same port as shell_port"},
		{connJSON, "lots", "COEVO_KERNEL_MEMORY_LIMIT=lots: want a size"},
	}
	for _, c := range cases {
		t.Setenv("COEVO_KERNEL_MEMORY_LIMIT", c.env)
		_, errs, st := coevo("kernel", "run", writeConnection(t, c.conn))
		if st != 2 || !strings.Contains(errs, c.want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("status %d, stderr %q; want 2 and %q", st, errs, c.want)
		}
	}
	if _, errs, st := coevo("kernel", "run", "/nonexistent/kernel.json"); st != 2 || !strings.Contains(errs, "/nonexistent/kernel.json") {
		t.Errorf("missing file: status %d, %q", st, errs)
	}
}

func TestKernelInstall(t *testing.T) {
	prefix := t.TempDir()
	for _, bad := range [][]string{
		{"--name", ""}, {"--name", "../x"}, {"--name", "a/b"},
		{"--memory-limit", "lots"}, {"--memory-limit", "1MiB"}, {"--interrupt-grace", "-1s"},
		{"--max-message", "100KiB"}, {"--max-message", "huge"},
	} {
		_, errs, st := coevo(append([]string{"kernel", "install", "--prefix", prefix}, bad...)...)
		if st != 2 || !strings.Contains(errs, bad[0]) {
			t.Errorf("%v: status %d, stderr %q", bad, st, errs)
		}
	}
	entries, _ := os.ReadDir(filepath.Join(prefix, "share", "jupyter", "kernels"))
	if len(entries) != 0 {
		t.Fatalf("refused installs left %v", entries)
	}
	out, errs, st := coevo("kernel", "install", "--prefix", prefix, "--name", "coevo-small", "--memory-limit", "4GiB", "--interrupt-grace", "5s", "--max-message", "1GiB")
	if st != 0 {
		t.Fatalf("status %d: %s", st, errs)
	}
	b, err := os.ReadFile(filepath.Join(prefix, "share", "jupyter", "kernels", "coevo-small", "kernel.json"))
	if err != nil {
		t.Fatalf("%v (%s)", err, out)
	}
	var spec struct {
		Argv []string
		Env  map[string]string
	}
	json.Unmarshal(b, &spec)
	if spec.Env["COEVO_KERNEL_MEMORY_LIMIT"] != "4GiB" || spec.Env["COEVO_KERNEL_INTERRUPT_GRACE"] != "5s" || spec.Env["COEVO_KERNEL_MAX_MESSAGE"] != "1GiB" || spec.Argv[1] != "kernel" || spec.Argv[2] != "run" {
		t.Fatalf("%s", b)
	}
}

// The worker mode is for the kernel only: by hand it says so.
func TestKernelWorkerByHand(t *testing.T) {
	_, errs, st := coevo("kernel", "worker")
	if st == 0 || !strings.Contains(errs, "started by the kernel") {
		t.Fatalf("status %d: %q", st, errs)
	}
}
