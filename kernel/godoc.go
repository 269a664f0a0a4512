package kernel

import (
	"context"
	"os/exec"
	"strings"
	"time"
)

// goDoc returns "go doc" for a bound symbol "pkg.Name" when the Go
// toolchain is at hand (it is on the machines coevo installs on), else "".
func goDoc(name string) string {
	pkg, sym, ok := strings.Cut(name, ".")
	if !ok {
		return ""
	}
	path, ok := docPaths[pkg]
	if !ok {
		path = pkg
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, "go", "doc", path+"."+sym).Output()
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(out))
}

// docPaths maps package names to import paths for go doc.
var docPaths = map[string]string{}

// RegisterDoc tells inspect where a package name's documentation is.
func RegisterDoc(name, importPath string) { docPaths[name] = importPath }
