package session

import (
	"os"

	"github.com/goplus/ixgo"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"sort"
	"strings"
	"sync"
	"unicode"
)

var (
	importBlock = regexp.MustCompile(`(?m)^[ \t]*import[ \t]*\(`)
	closeParen  = regexp.MustCompile(`(?m)^[ \t]*\)`)
	importName  = regexp.MustCompile(`^(?:import[ \t]+)?(?:[\pL_][\pL\pN_]*|\.)?[ \t]*$`)
)

// importCompletions completes an import path being typed: the cursor is
// inside the quotes of an import line (import "..." or a line of an
// import block). ok is false elsewhere.
func (s *Session) importCompletions(code string, cursor int) (matches []string, start int, ok bool) {
	lineStart := strings.LastIndexByte(code[:cursor], '\n') + 1
	line := code[lineStart:cursor]
	q := strings.IndexByte(line, '"')
	if q < 0 || strings.Count(line, `"`) != 1 {
		return nil, 0, false
	}
	head := strings.TrimSpace(line[:q])
	inBlock := false
	if loc := importBlock.FindAllStringIndex(code[:lineStart], -1); len(loc) > 0 {
		inBlock = !closeParen.MatchString(code[loc[len(loc)-1][1]:lineStart])
	}
	switch {
	case strings.HasPrefix(head, "import") && importName.MatchString(head):
	case inBlock && importName.MatchString(head) && !strings.HasPrefix(head, "import"):
	default:
		return nil, 0, false
	}
	prefix := line[q+1:]
	for _, p := range s.importPaths() {
		if strings.HasPrefix(p, prefix) {
			matches = append(matches, p)
		}
	}
	return matches, lineStart + q + 1, true
}

// importPaths lists what cells can import: the standard library, the
// packages bound into the kernel, and the packages of the modules the
// kernel was built from and of those added with %go get (found in the
// module cache), which are built natively when imported.
func (s *Session) importPaths() []string {
	seen := map[string]bool{}
	var out []string
	add := func(p string) {
		if p != "" && !seen[p] && !strings.HasPrefix(p, "coevo.invalid/") {
			seen[p] = true
			out = append(out, p)
		}
	}
	for _, p := range ixgo.PackageList() {
		add(p)
	}
	mods := map[string]string{}
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, d := range bi.Deps {
			mods[d.Path] = d.Version
		}
	}
	s.mu.Lock()
	b := s.native
	s.mu.Unlock()
	if b != nil {
		for p, v := range b.Modules() {
			mods[p] = v
		}
	}
	for m, v := range mods {
		for _, p := range modulePackages(m, v) {
			add(p)
		}
	}
	sort.Strings(out)
	return out
}

var (
	pkgsMu   sync.Mutex
	pkgsSeen = map[string][]string{} // "module@version" -> its packages
)

// modulePackages lists the importable packages of a module version in the
// module cache (none if it is not there): directories holding Go files,
// not internal, testdata or vendor ones, nor nested modules.
func modulePackages(mod, version string) []string {
	key := mod + "@" + version
	pkgsMu.Lock()
	defer pkgsMu.Unlock()
	if p, ok := pkgsSeen[key]; ok {
		return p
	}
	var out []string
	root := filepath.Join(modCache(), escapePath(mod)+"@"+escapePath(version))
	filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return nil
		}
		name := d.Name()
		if path != root {
			if name == "internal" || name == "testdata" || name == "vendor" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") {
				return filepath.SkipDir
			}
			if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil {
				return filepath.SkipDir
			}
		}
		entries, _ := os.ReadDir(path)
		for _, e := range entries {
			if n := e.Name(); strings.HasSuffix(n, ".go") && !strings.HasSuffix(n, "_test.go") {
				rel, _ := filepath.Rel(root, path)
				out = append(out, strings.TrimSuffix(mod+"/"+filepath.ToSlash(rel), "/."))
				break
			}
		}
		return nil
	})
	pkgsSeen[key] = out
	return out
}

// modCache is the Go module cache: GOMODCACHE, else GOPATH's pkg/mod.
func modCache() string {
	if c := os.Getenv("GOMODCACHE"); c != "" {
		return c
	}
	gopath := os.Getenv("GOPATH")
	if gopath == "" {
		home, _ := os.UserHomeDir()
		gopath = filepath.Join(home, "go")
	}
	return filepath.Join(filepath.SplitList(gopath)[0], "pkg", "mod")
}

// escapePath escapes a module path or version as the module cache does:
// each capital letter becomes "!" and the letter in lower case.
func escapePath(s string) string {
	var b strings.Builder
	for _, r := range s {
		if unicode.IsUpper(r) {
			b.WriteByte('!')
			r = unicode.ToLower(r)
		}
		b.WriteRune(r)
	}
	return b.String()
}

// packageName is the name a package is imported under.
func (s *Session) packageName(path string) string {
	if p, err := s.importer.Import(path); err == nil {
		return p.Name()
	}
	return path[strings.LastIndex(path, "/")+1:]
}
