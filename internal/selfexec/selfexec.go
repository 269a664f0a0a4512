package selfexec

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"testing"
)

// Main runs main and exits 0 when the environment variable env is "1"
// (the test binary was started by Run), else runs the tests. The variable
// is unset before main runs, so that processes main starts are not
// commands too.
func Main(m *testing.M, env string, main func()) {
	if os.Getenv(env) == "1" {
		os.Unsetenv(env)
		main()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// Run runs the test binary as the command with args (env set to "1") and
// returns what it wrote and its exit status. It fails the test only if
// the process cannot be run at all.
func Run(t testing.TB, env string, args ...string) (stdout, stderr string, status int) {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), env+"=1")
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	if err := cmd.Run(); err != nil {
		var exit *exec.ExitError
		if !errors.As(err, &exit) {
			t.Fatal(err)
		}
	}
	return o.String(), e.String(), cmd.ProcessState.ExitCode()
}
