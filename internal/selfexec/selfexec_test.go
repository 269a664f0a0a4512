package selfexec_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/coevolab/coevo/internal/selfexec"
)

const env = "SELFEXEC_TEST_MAIN"

// main is the command this test binary plays: it echoes its arguments,
// writes to stderr and exits with the status its first argument names.
func main() {
	if os.Getenv(env) != "" {
		fmt.Fprintln(os.Stderr, "the variable was left set")
		os.Exit(3)
	}
	fmt.Println(strings.Join(os.Args[1:], " "))
	fmt.Fprintln(os.Stderr, "to stderr")
	if len(os.Args) > 1 && os.Args[1] == "fail" {
		os.Exit(7)
	}
}

func TestMain(m *testing.M) { selfexec.Main(m, env, main) }

func TestRun(t *testing.T) {
	out, errs, st := selfexec.Run(t, env, "a", "b")
	if out != "a b\n" || errs != "to stderr\n" || st != 0 {
		t.Errorf("Run(a b) = %q, %q, %d; want \"a b\\n\", \"to stderr\\n\", 0", out, errs, st)
	}
	out, _, st = selfexec.Run(t, env, "fail")
	if out != "fail\n" || st != 7 {
		t.Errorf("Run(fail) = %q, %d; want \"fail\\n\", 7", out, st)
	}
}
