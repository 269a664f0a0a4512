package jupyter

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// pins reads NAME==VERSION lines (names normalized as pip does: lower
// case, "_" and "." as "-").
func pins(t *testing.T, path string, line *regexp.Regexp) map[string]string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, m := range line.FindAllStringSubmatch(string(b), -1) {
		name := strings.NewReplacer("_", "-", ".", "-").Replace(strings.ToLower(m[1]))
		out[name] = m[2]
	}
	return out
}

// The versions requirements.in asks for are the ones requirements.txt
// pins (with hashes) and environment.yml lists for conda users.
func TestPinsAgree(t *testing.T) {
	in := pins(t, "requirements.in", regexp.MustCompile(`(?m)^([A-Za-z0-9_.-]+)==(\S+)$`))
	txt := pins(t, "requirements.txt", regexp.MustCompile(`(?m)^([A-Za-z0-9_.-]+)==(\S+) \\$`))
	env := pins(t, "../environment.yml", regexp.MustCompile(`(?m)^\s+- ([A-Za-z0-9_.-]+)==(\S+)$`))
	if len(in) < 9 {
		t.Fatalf("requirements.in pins %d packages: %v", len(in), in)
	}
	for name, v := range in {
		if txt[name] != v {
			t.Errorf("%s: requirements.in asks for %s, requirements.txt pins %q: regenerate it (docs/jupyter.md)", name, v, txt[name])
		}
		if name != "flit-core" && env[name] != v {
			t.Errorf("%s: requirements.in asks for %s, environment.yml lists %q", name, v, env[name])
		}
	}
	for name := range env {
		if _, ok := in[name]; !ok {
			t.Errorf("environment.yml lists %s, which requirements.in does not pin", name)
		}
	}
	if !strings.Contains(mustRead(t, "requirements.txt"), "--hash=sha256:") {
		t.Error("requirements.txt has no hashes")
	}
}

func mustRead(t *testing.T, path string) string {
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
