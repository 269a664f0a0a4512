package native

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"debug/elf"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"runtime"
	"runtime/debug"
	"sort"
	"strings"
)

// host is what a plugin must agree with: the running binary's toolchain,
// build settings and the versions of the modules it was built from.
type host struct {
	goVersion string // runtime.Version(): "go1.26.8"
	gocmd     string // the go command of that toolchain
	main      string // the main module's path: "github.com/coevolab/coevo"
	// mainVersion is the main module's version: "" for a build from a
	// checkout, whose directory is then checkout ("" if unknown: a
	// -trimpath build, or the checkout has moved).
	mainVersion string
	checkout    string
	deps        map[string]string // module path -> version
	replaces    map[string]string // module path -> its replacement ("path version" or a directory)
	flags       []string          // go build flags that change compiled packages: -trimpath, -tags...
	env         []string          // GOARCH=amd64, GOAMD64=v1, CGO_ENABLED=1...
	// id names this binary: the hash of the above and of its Go build ID,
	// which changes whenever any package linked into it changes.
	id string
}

// hostInfo reads the running binary's build information. The error says
// why plugins cannot be built for it.
func hostInfo() (*host, error) {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return nil, errors.New("this binary has no build information (it was not built by the go command in module mode)")
	}
	h := &host{goVersion: runtime.Version(), main: bi.Main.Path, deps: map[string]string{}, replaces: map[string]string{}}
	if bi.Main.Version != "(devel)" && bi.Main.Version != "" {
		h.mainVersion = bi.Main.Version
	}
	for _, d := range bi.Deps {
		h.deps[d.Path] = d.Version
		if r := d.Replace; r != nil {
			if r.Version == "" {
				h.replaces[d.Path] = r.Path
			} else {
				h.replaces[d.Path] = r.Path + " " + r.Version
			}
		}
	}
	settings := map[string]string{}
	for _, s := range bi.Settings {
		settings[s.Key] = s.Value
	}
	if settings["CGO_ENABLED"] != "1" {
		return nil, fmt.Errorf("this kernel was built with CGO_ENABLED=%s: Go plugins need cgo; rebuild coevo with a C compiler installed (Debian: gcc)", settings["CGO_ENABLED"])
	}
	for _, f := range []string{"-trimpath", "-race", "-msan", "-asan"} {
		if settings[f] == "true" {
			h.flags = append(h.flags, f)
		}
	}
	for _, f := range []string{"-tags", "-gcflags", "-asmflags"} {
		if v, ok := settings[f]; ok {
			h.flags = append(h.flags, f+"="+v)
		}
	}
	for k, v := range settings {
		if k == "CGO_ENABLED" || k == "GOOS" || k == "GOARCH" || k == "GOEXPERIMENT" || strings.HasPrefix(k, "CGO_") ||
			k == "GO386" || k == "GOAMD64" || k == "GOARM" || k == "GOARM64" || k == "GOMIPS" || k == "GOMIPS64" || k == "GOPPC64" || k == "GORISCV64" || k == "GOWASM" {
			h.env = append(h.env, k+"="+v)
		}
	}
	sort.Strings(h.env)
	if h.mainVersion == "" {
		h.checkout = checkoutDir(h.main)
	}
	if len(bi.Deps) == 0 && h.checkout != "" {
		// A test binary records no module versions: those of the
		// checkout's go.mod are the ones it was built with.
		data, _ := os.ReadFile(filepath.Join(h.checkout, "go.mod"))
		h.deps = parseRequires(string(data))
	}
	gocmd, err := goCommand(h.goVersion)
	if err != nil {
		return nil, err
	}
	h.gocmd = gocmd

	sum := sha256.New()
	fmt.Fprintln(sum, h.goVersion, h.main, h.mainVersion, h.checkout, buildID())
	for _, m := range sortedKeys(h.deps) {
		fmt.Fprintln(sum, m, h.deps[m], h.replaces[m])
	}
	fmt.Fprintln(sum, h.flags, h.env)
	h.id = hex.EncodeToString(sum.Sum(nil))
	return h, nil
}

// checkoutDir finds the source directory the binary was built from: the
// directory of this package's source file, as the binary records it, less
// the package's place in its module. "" if it is not there any more, or
// not a checkout of module main.
func checkoutDir(main string) string {
	pc := reflect.ValueOf(hostInfo).Pointer()
	file, _ := runtime.FuncForPC(pc).FileLine(pc)
	rel, ok := strings.CutPrefix(reflect.TypeFor[host]().PkgPath(), main+"/")
	if !ok || !filepath.IsAbs(file) {
		return ""
	}
	dir := filepath.Dir(file)
	root, ok := strings.CutSuffix(dir, string(filepath.Separator)+filepath.FromSlash(rel))
	if !ok || modulePath(filepath.Join(root, "go.mod")) != main {
		return ""
	}
	return root
}

// modulePath reads the module path of a go.mod file ("" if none).
func modulePath(gomod string) string {
	f, err := os.Open(gomod)
	if err != nil {
		return ""
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(sc.Text()), "module "); ok {
			return strings.Trim(strings.TrimSpace(rest), `"`)
		}
	}
	return ""
}

// goCommand finds the go command of the toolchain that built the binary:
// the one on PATH, or GOROOT's, if it reports the same version.
func goCommand(want string) (string, error) {
	var found []string
	cands := []string{"go"}
	if root := os.Getenv("GOROOT"); root != "" {
		cands = append(cands, filepath.Join(root, "bin", "go"))
	}
	for _, c := range cands {
		path, err := exec.LookPath(c)
		if err != nil {
			continue
		}
		cmd := exec.Command(path, "env", "GOVERSION")
		cmd.Env = append(os.Environ(), "GOTOOLCHAIN=local")
		out, err := cmd.Output()
		if err != nil {
			continue
		}
		v := strings.TrimSpace(string(out))
		if v == want {
			return path, nil
		}
		found = append(found, fmt.Sprintf("%s is %s", path, v))
	}
	if len(found) == 0 {
		return "", fmt.Errorf("no go command on PATH: compiled code needs %s, the Go toolchain this kernel was built with", want)
	}
	return "", fmt.Errorf("compiled code needs %s, the Go toolchain this kernel was built with, and %s: put %s first on PATH (or set GOROOT), or rebuild coevo with this one", want, strings.Join(found, "; "), want)
}

// buildID returns the Go build ID of the running executable ("" if it
// cannot be read): it changes whenever any package linked into it does.
func buildID() string {
	exe, err := os.Executable()
	if err != nil {
		return ""
	}
	f, err := elf.Open(exe)
	if err != nil {
		return ""
	}
	defer f.Close()
	sec := f.Section(".note.go.buildid")
	if sec == nil {
		return ""
	}
	data, err := sec.Data()
	if err != nil {
		return ""
	}
	// An ELF note: name size, description size, type, "Go\0\0", the ID.
	if i := bytes.Index(data, []byte("Go\x00\x00")); i >= 0 {
		return string(bytes.TrimRight(data[i+4:], "\x00"))
	}
	return ""
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
