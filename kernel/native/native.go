package native

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"plugin"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/coevolab/coevo/internal/atomicfile"
	"github.com/coevolab/coevo/kernel/internal/cache"
	"github.com/coevolab/coevo/kernel/internal/ixexport"
)

// Environment variables that place a session's files (kernel/internal/cache
// holds them, for the kernel process).
const (
	// CacheEnv is the directory of the kernel's caches (default: coevo/kernel
	// under the user's cache directory, os.UserCacheDir).
	CacheEnv = cache.Env
	// ModuleEnv is the directory of a session's Go module: the kernel
	// gives each session one, which its workers share.
	ModuleEnv = cache.ModuleEnv
)

// CacheDir returns the directory of the kernel's caches: $COEVO_KERNEL_CACHE,
// or coevo/kernel under the user's cache directory.
func CacheDir() (string, error) { return cache.Dir() }

// sessionModule is the module path of every session's module.
const sessionModule = "coevo.session"

// Builder builds packages and compiled cells for one session's
// interpreter and loads them. It is safe for use by one cell at a time.
type Builder struct {
	dir   string // the session's module
	cache string // plugins and their index

	once    sync.Once
	host    *host
	hostErr error

	mu     sync.Mutex
	loaded map[string]bool // by plugin key: a plugin opens (and registers its package) once per process

	srcMu   sync.Mutex
	sources map[string]*pkgSource
}

// pkgSource is where a package's source is.
type pkgSource struct {
	dir   string
	files []string
	err   error
}

// New returns a Builder for the session module in dir (made when first
// needed) with plugins cached under cache.
func New(dir, cache string) *Builder {
	return &Builder{dir: dir, cache: cache, loaded: map[string]bool{}, sources: map[string]*pkgSource{}}
}

// Dir is the session module's directory.
func (b *Builder) Dir() string { return b.dir }

func (b *Builder) hostInfo() (*host, error) {
	b.once.Do(func() { b.host, b.hostErr = hostInfo() })
	return b.host, b.hostErr
}

// ready returns the host, with the session module made, and the module
// and the cache checked: nobody else may write them (see checkSecure).
func (b *Builder) ready() (*host, error) {
	h, err := b.hostInfo()
	if err != nil {
		return nil, err
	}
	for _, dir := range []string{filepath.Join(b.cache, "plugins"), filepath.Join(b.cache, "index"), b.dir} {
		if err := makeSecureDir(dir); err != nil {
			return nil, err
		}
	}
	if err := b.ensureModule(h); err != nil {
		return nil, err
	}
	return h, nil
}

// ensureModule writes the session module's go.mod and go.sum if they are
// not there: every module of the binary required at its version, the
// binary's own module replaced by its checkout.
func (b *Builder) ensureModule(h *host) error {
	gomod := filepath.Join(b.dir, "go.mod")
	if _, err := os.Stat(gomod); err == nil {
		return nil
	}
	var m strings.Builder
	fmt.Fprintf(&m, "// The Go module of a coevo kernel session: %%go get adds to it.\nmodule %s\n\ngo %s\n\nrequire (\n", sessionModule, strings.TrimPrefix(h.goVersion, "go"))
	if h.mainVersion != "" {
		fmt.Fprintf(&m, "\t%s %s\n", h.main, h.mainVersion)
	} else if h.checkout != "" {
		fmt.Fprintf(&m, "\t%s v0.0.0-00010101000000-000000000000\n", h.main)
	}
	for _, p := range sortedKeys(h.deps) {
		fmt.Fprintf(&m, "\t%s %s\n", p, h.deps[p])
	}
	m.WriteString(")\n")
	if h.mainVersion == "" && h.checkout != "" {
		fmt.Fprintf(&m, "\nreplace %s => %s\n", h.main, h.checkout)
	}
	for _, p := range sortedKeys(h.replaces) {
		fmt.Fprintf(&m, "\nreplace %s => %s\n", p, h.replaces[p])
	}
	var sum []byte
	if h.checkout != "" {
		sum, _ = os.ReadFile(filepath.Join(h.checkout, "go.sum"))
	}
	if err := os.WriteFile(filepath.Join(b.dir, "go.sum"), sum, 0o644); err != nil {
		return err
	}
	return atomicfile.Write(gomod, func(w io.Writer) error { _, err := io.WriteString(w, m.String()); return err })
}

// requires reads the module versions the session's go.mod requires.
func (b *Builder) requires() map[string]string {
	data, _ := os.ReadFile(filepath.Join(b.dir, "go.mod"))
	return parseRequires(string(data))
}

// parseRequires reads the require directives of a go.mod file.
func parseRequires(gomod string) map[string]string {
	out := map[string]string{}
	block := false
	for _, line := range strings.Split(gomod, "\n") {
		line, _, _ = strings.Cut(line, "//")
		f := strings.Fields(line)
		switch {
		case len(f) == 0:
		case block && f[0] == ")":
			block = false
		case block && len(f) >= 2:
			out[strings.Trim(f[0], `"`)] = f[1]
		case f[0] == "require" && len(f) == 2 && f[1] == "(":
			block = true
		case f[0] == "require" && len(f) >= 3:
			out[strings.Trim(f[1], `"`)] = f[2]
		}
	}
	return out
}

// env is the environment of the go commands the Builder runs: the
// binary's target and settings, module mode, no workspace, no other
// toolchain, and the user's caches and proxy.
func (b *Builder) env(h *host) []string {
	set := append([]string{"GOFLAGS=-mod=mod", "GOWORK=off", "GOTOOLCHAIN=local", "GO111MODULE=on"}, h.env...)
	override := map[string]bool{}
	for _, kv := range set {
		k, _, _ := strings.Cut(kv, "=")
		override[k] = true
	}
	var env []string
	for _, kv := range os.Environ() {
		if k, _, _ := strings.Cut(kv, "="); !override[k] {
			env = append(env, kv)
		}
	}
	return append(env, set...)
}

// goCmd runs the go command in the session module; what it writes to its
// standard error goes to progress (if not nil) and comes back in the
// error. Cancelling ctx stops it and the compilers it started.
func (b *Builder) goCmd(ctx context.Context, h *host, progress io.Writer, args ...string) (string, error) {
	cmd := exec.CommandContext(ctx, h.gocmd, args...)
	cmd.Dir = b.dir
	cmd.Env = b.env(h)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	var stdout, stderr bytes.Buffer
	cmd.Stdout = &stdout
	cmd.Stderr = &stderr
	if progress != nil {
		cmd.Stderr = io.MultiWriter(&stderr, progress)
	}
	err := cmd.Run()
	if ctx.Err() != nil {
		return "", ctx.Err()
	}
	if err != nil {
		msg := strings.TrimSpace(stderr.String())
		if msg == "" {
			msg = err.Error()
		}
		return stdout.String(), &goError{args: args, msg: msg}
	}
	return stdout.String(), nil
}

// goError is a go command that failed, with what it said.
type goError struct {
	args []string
	msg  string
}

func (e *goError) Error() string { return "go " + strings.Join(e.args, " ") + ": " + e.msg }

// exactVersion matches a module version that names one release or commit
// (v1.2.3, v0.0.0-20240101000000-abcdef123456, v2.0.0+incompatible).
var exactVersion = regexp.MustCompile(`^v\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?(\+incompatible)?$`)

// Get adds modules, each "path@version" with an exact version, to the
// session's module, as go get does; what go prints goes to out. A module
// already required at that version costs nothing, so replaying a %go get
// is fast. A module that cannot be had is an error naming it, and the
// module is left as it was.
func (b *Builder) Get(ctx context.Context, modules []string, out io.Writer) error {
	if len(modules) == 0 {
		return errors.New("%go get needs a module and its version: %go get golang.org/x/exp@v0.0.0-20250718183923-645b1fa84792")
	}
	for _, m := range modules {
		path, v, ok := strings.Cut(m, "@")
		if !ok || path == "" {
			return fmt.Errorf("%s: give an exact version, %s@vX.Y.Z (the module proxy may not list versions)", m, m)
		}
		if !exactVersion.MatchString(v) {
			return fmt.Errorf("%s: %q is not an exact version (want vX.Y.Z or a pseudo-version such as v0.0.0-20250718183923-645b1fa84792)", m, v)
		}
	}
	h, err := b.ready()
	if err != nil {
		return err
	}
	have := b.requires()
	var want []string
	for _, m := range modules {
		path, v, _ := strings.Cut(m, "@")
		if path == h.main {
			return fmt.Errorf("%s: the kernel's own module comes from the binary's source; it cannot be changed in a session", m)
		}
		// go get would downgrade the kernel's own module with it, and
		// fail looking for its versions on the proxy: say what is wrong.
		if hv, ok := h.deps[path]; ok && semverLess(v, hv) {
			return fmt.Errorf("%s: older than %s, the version this kernel is built with; a session can add newer versions of the kernel's modules, not older ones (a plugin shares every package with the kernel). Use %s@%s or newer, or rebuild coevo with the older version", m, hv, path, hv)
		}
		if have[path] != v {
			want = append(want, m)
		}
	}
	if len(want) == 0 {
		return nil
	}
	gomod, sum := filepath.Join(b.dir, "go.mod"), filepath.Join(b.dir, "go.sum")
	oldMod, _ := os.ReadFile(gomod)
	oldSum, _ := os.ReadFile(sum)
	var said bytes.Buffer
	if _, err := b.goCmd(ctx, h, &said, append([]string{"get"}, want...)...); err != nil {
		os.WriteFile(gomod, oldMod, 0o644)
		os.WriteFile(sum, oldSum, 0o644)
		var ge *goError
		if errors.As(err, &ge) {
			return fmt.Errorf("cannot get %s: %s", strings.Join(want, " "), getSaid(ge.msg, h.main))
		}
		return fmt.Errorf("cannot get %s: %w", strings.Join(want, " "), err)
	}
	for _, line := range strings.Split(strings.TrimSpace(said.String()), "\n") {
		if line != "" && !strings.HasPrefix(line, "go: downloading ") {
			fmt.Fprintln(out, line)
		}
	}
	now := b.requires()
	var past []string
	for _, p := range sortedKeys(h.deps) {
		if v := now[p]; v != "" && v != h.deps[p] && v != have[p] {
			past = append(past, fmt.Sprintf("%s %s (coevo has %s)", p, v, h.deps[p]))
		}
	}
	if len(past) > 0 {
		fmt.Fprintf(out, "note: this session now selects %s: packages that import these cannot be built in it\n", strings.Join(past, ", "))
	}
	return nil
}

// noVersion matches go get's words for a version the proxy or the
// repository does not have: the proxy's answer for its .info file, or an
// unknown revision.
var noVersion = regexp.MustCompile(`(\S+)@(\S+): (?:reading \S+/@v/\S+\.info: (\d{3}[^;\n]*)|invalid version: unknown revision \S+)`)

// ownModule matches go get's failure to list the kernel's own module's
// versions, which it tries when a requested version would downgrade a
// module the kernel requires.
var ownModule = regexp.MustCompile(`module (\S+): reading \S+/@v/list: `)

// getSaid is what a failed go get said, in the user's terms where it can
// be: a version that does not exist, a change the kernel's module cannot
// follow; else goSaid.
func getSaid(msg, main string) string {
	said := goSaid(msg)
	if m := noVersion.FindStringSubmatch(msg); m != nil {
		if m[3] == "" {
			return fmt.Sprintf("%s has no version %s: its repository has no such revision (go said: %s)", m[1], m[2], said)
		}
		return fmt.Sprintf("%s@%s is not on the module proxy (%s): check the module's path and that the version exists (go said: %s)", m[1], m[2], strings.TrimSpace(m[3]), said)
	}
	if m := ownModule.FindStringSubmatch(msg); m != nil && m[1] == main {
		return fmt.Sprintf("it needs older versions of modules that %s (this kernel) requires, and a session cannot change the kernel's own module; use newer versions (go said: %s)", main, said)
	}
	return said
}

// semverLess compares two module versions (vMAJOR.MINOR.PATCH, with a
// pre-release such as a pseudo-version's, and a build suffix such as
// +incompatible, ignored), as semantic versioning orders them.
func semverLess(a, b string) bool {
	parse := func(v string) (nums [3]string, pre string) {
		v, _, _ = strings.Cut(strings.TrimPrefix(v, "v"), "+")
		v, pre, _ = strings.Cut(v, "-")
		f := strings.SplitN(v, ".", 3)
		copy(nums[:], f)
		return nums, pre
	}
	an, ap := parse(a)
	bn, bp := parse(b)
	for i := range an {
		if c := cmpNumeric(an[i], bn[i]); c != 0 {
			return c < 0
		}
	}
	switch {
	case ap == bp:
		return false
	case ap == "":
		return false // a release is above its pre-releases
	case bp == "":
		return true
	}
	af, bf := strings.Split(ap, "."), strings.Split(bp, ".")
	for i := 0; i < len(af) && i < len(bf); i++ {
		an, bn := isNumeric(af[i]), isNumeric(bf[i])
		switch {
		case an && bn:
			if c := cmpNumeric(af[i], bf[i]); c != 0 {
				return c < 0
			}
		case an != bn:
			return an // numeric identifiers sort first
		case af[i] != bf[i]:
			return af[i] < bf[i]
		}
	}
	return len(af) < len(bf)
}

func isNumeric(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// cmpNumeric compares decimal strings without leading zeros by value.
func cmpNumeric(a, b string) int {
	if len(a) != len(b) {
		if len(a) < len(b) {
			return -1
		}
		return 1
	}
	return strings.Compare(a, b)
}

// goSaid is what a failed go command said, less its progress lines and
// "go: " prefixes, on one line.
func goSaid(msg string) string {
	var lines []string
	for _, l := range strings.Split(msg, "\n") {
		l = strings.TrimSpace(l)
		if l == "" || strings.HasPrefix(l, "go: downloading ") {
			continue
		}
		lines = append(lines, strings.TrimPrefix(l, "go: "))
	}
	return strings.Join(lines, "; ")
}

// isStd tells whether an import path is the standard library's: its first
// element has no dot.
func isStd(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	return !strings.Contains(first, ".")
}

// within tells whether package path is in module mod.
func within(path, mod string) bool {
	return path == mod || strings.HasPrefix(path, mod+"/")
}

// Provides tells whether a module the session can build from provides
// the package at path: the binary's own module and the modules it was
// built from, and the modules added with Get.
func (b *Builder) Provides(path string) bool {
	if isStd(path) {
		return false
	}
	h, err := b.hostInfo()
	if err != nil {
		// Let Import say why nothing can be built.
		return true
	}
	if within(path, h.main) {
		return true
	}
	for m := range h.deps {
		if within(path, m) {
			return true
		}
	}
	for m := range b.requires() {
		if within(path, m) {
			return true
		}
	}
	return false
}

// A build is one plugin: the package at path (an import), or a cell.
type build struct {
	kind    string   // "import" or "cell"
	name    string   // the import path, or a hash of the cell's code
	imports []string // what its dependencies are found from
	// write writes the package's files into dir, as package pkg (its import
	// path); h and ctx for the go commands it may run.
	write func(ctx context.Context, h *host, dir, pkg string) error
	// built is told the build's time, once built.
	built func(time.Duration)
}

// indexEntry records a plugin built for a package or cell, with the
// versions of the modules it holds.
type indexEntry struct {
	Key  string            `json:"key"`
	Mods map[string]string `json:"mods"`
}

// load opens a build's plugin, which registers its package with the
// interpreter: from this process, from the cache or built now. pkg is the
// import path of the plugin's package.
func (b *Builder) load(ctx context.Context, h *host, bd build) (pkg string, err error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	idxPath := filepath.Join(b.cache, "index", hash(h.id, bd.kind, bd.name)+".json")
	var index []indexEntry
	if data, err := os.ReadFile(idxPath); err == nil {
		json.Unmarshal(data, &index)
	}
	// The fast way: the modules a plugin of this package holds are at the
	// versions the session's module now selects.
	req := b.requires()
	for _, e := range index {
		if b.current(h, req, e.Mods) {
			if err := b.open(e.Key); err == nil {
				return pkgPath(e.Key), nil
			}
		}
	}
	mods, err := b.closure(ctx, h, bd.imports)
	if err != nil {
		return "", err
	}
	key := hash(h.id, bd.kind, bd.name, fmt.Sprint(mods))[:24]
	if _, err := os.Stat(b.pluginFile(key)); err != nil {
		t0 := time.Now()
		if err := b.build(ctx, h, key, bd); err != nil {
			return "", err
		}
		if bd.built != nil {
			bd.built(time.Since(t0))
		}
		b.prune()
	}
	if err := b.open(key); err != nil {
		return "", err
	}
	index = append([]indexEntry{{Key: key, Mods: mods}}, index...)
	if len(index) > 8 {
		index = index[:8]
	}
	if data, err := json.Marshal(index); err == nil {
		os.MkdirAll(filepath.Dir(idxPath), 0o755)
		atomicfile.Write(idxPath, func(w io.Writer) error { _, err := w.Write(data); return err })
	}
	return pkgPath(key), nil
}

func pkgPath(key string) string { return sessionModule + "/p" + key }

func (b *Builder) pluginFile(key string) string {
	return filepath.Join(b.cache, "plugins", "p"+key+".so")
}

// current tells whether the session selects the module versions mods.
func (b *Builder) current(h *host, req, mods map[string]string) bool {
	for m, v := range mods {
		have, ok := req[m]
		if !ok {
			have, ok = h.deps[m]
		}
		if !ok || have != v {
			return false
		}
	}
	return true
}

// closure lists the modules (and their versions) that provide the
// packages imports depend on, and checks that the binary's modules among
// them are at the binary's versions: a plugin that holds another version
// of a package the binary has cannot be opened.
func (b *Builder) closure(ctx context.Context, h *host, imports []string) (map[string]string, error) {
	mods := map[string]string{}
	var nonStd []string
	for _, p := range imports {
		if !isStd(p) {
			nonStd = append(nonStd, p)
		}
	}
	if len(nonStd) == 0 {
		return mods, nil
	}
	out, err := b.goCmd(ctx, h, nil, append([]string{"list", "-deps", "-f", "{{with .Module}}{{.Path}} {{.Version}} {{$.ImportPath}}{{end}}"}, nonStd...)...)
	if err != nil {
		var ge *goError
		if errors.As(err, &ge) {
			return nil, listError(ge.msg)
		}
		return nil, err
	}
	var clash []string
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		f := strings.Fields(line)
		if len(f) < 3 || f[0] == sessionModule {
			continue
		}
		mod, v, pkg := f[0], f[1], f[2]
		if mod == h.main {
			continue // the checkout, or the binary's version: the binary's build ID covers it
		}
		if hv, ok := h.deps[mod]; ok && hv != v {
			clash = append(clash, fmt.Sprintf("%s (module %s %s; this kernel was built with %s)", pkg, mod, v, hv))
		}
		mods[mod] = v
	}
	if len(clash) > 0 {
		return nil, fmt.Errorf("these packages would be at other versions than this kernel's own, and a plugin must share its packages' versions with the kernel: %s. Get an older version of the module that needs them, or rebuild coevo with these versions (go get in its checkout)", strings.Join(clash, "; "))
	}
	return mods, nil
}

// listError rewords what go list says of a package no module provides.
func listError(msg string) error {
	if m := regexp.MustCompile(`no required module provides package (\S+)`).FindStringSubmatch(msg); m != nil {
		return fmt.Errorf("no module of this session provides %s: add its module with %%go get MODULE@VERSION", strings.TrimSuffix(m[1], ";"))
	}
	return errors.New(msg)
}

// build writes a build's package into the session module and builds it
// as a plugin into the cache.
func (b *Builder) build(ctx context.Context, h *host, key string, bd build) error {
	pkg := pkgPath(key)
	dir := filepath.Join(b.dir, "p"+key)
	if err := os.RemoveAll(dir); err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if err := bd.write(ctx, h, dir, pkg); err != nil {
		return err
	}
	file := b.pluginFile(key)
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		return err
	}
	tmp := fmt.Sprintf("%s.%d.tmp", file, os.Getpid())
	args := append([]string{"build", "-buildmode=plugin"}, h.flags...)
	if _, err := b.goCmd(ctx, h, nil, append(args, "-o", tmp, "./p"+key)...); err != nil {
		os.Remove(tmp)
		return err
	}
	// go build honours the umask, which may let the group write it.
	if err := os.Chmod(tmp, 0o700); err != nil {
		os.Remove(tmp)
		return err
	}
	return os.Rename(tmp, file)
}

// registerFunc is the function every plugin the Builder makes exports:
// it describes the plugin's package for the interpreter (ixexport), which
// the plugin does not link (a session's modules may have its
// dependencies, golang.org/x/tools, at other versions than the kernel).
const registerFunc = "CoevoPackage"

// open opens a plugin once per process, which registers its package with
// the interpreter.
func (b *Builder) open(key string) error {
	if b.loaded[key] {
		return nil
	}
	file := b.pluginFile(key)
	if err := checkSecure(file); err != nil {
		return err
	}
	p, err := plugin.Open(file)
	if err != nil {
		return b.openError(err)
	}
	now := time.Now()
	os.Chtimes(file, now, now) // used: prune keeps it
	sym, err := p.Lookup(registerFunc)
	if err != nil {
		return err
	}
	describe, ok := sym.(func() map[string]any)
	if !ok {
		return fmt.Errorf("plugin %s: %s is a %T", file, registerFunc, sym)
	}
	if err := ixexport.Register(describe()); err != nil {
		return fmt.Errorf("plugin %s: %v", file, err)
	}
	b.loaded[key] = true
	return nil
}

// unused is how long a cached plugin may go unopened before a build
// removes it.
const unused = 30 * 24 * time.Hour

// prune removes the cached plugins no session opened for a while (each is
// megabytes; a changed cell leaves its old one behind).
func (b *Builder) prune() {
	entries, _ := os.ReadDir(filepath.Join(b.cache, "plugins"))
	for _, e := range entries {
		if info, err := e.Info(); err == nil && time.Since(info.ModTime()) > unused {
			os.Remove(filepath.Join(b.cache, "plugins", e.Name()))
		}
	}
}

var otherVersion = regexp.MustCompile(`plugin was built with a different version of package (\S+)`)

// openError says what a failed plugin.Open means.
func (b *Builder) openError(err error) error {
	m := otherVersion.FindStringSubmatch(err.Error())
	if m == nil {
		return err
	}
	if h, _ := b.hostInfo(); h != nil && within(m[1], h.main) && h.checkout != "" {
		return fmt.Errorf("package %s has changed in %s since this kernel was built: rebuild coevo (make build) and restart the kernel (%v)", m[1], h.checkout, err)
	}
	return fmt.Errorf("package %s is loaded in this worker at another version than the plugin's (a plugin built against other module versions, or the kernel binary rebuilt since): restart the kernel (%v)", m[1], err)
}

// hash is a hex SHA-256 of the parts.
func hash(parts ...string) string {
	s := sha256.New()
	for _, p := range parts {
		fmt.Fprintf(s, "%d:%s;", len(p), p)
	}
	return hex.EncodeToString(s.Sum(nil))
}

// Source returns the directory and Go files of a package of the session's
// modules (for the session's type checker, which reads the generic
// declarations that bindings cannot carry).
func (b *Builder) Source(path string) (dir string, files []string, err error) {
	b.srcMu.Lock()
	defer b.srcMu.Unlock()
	if s, ok := b.sources[path]; ok {
		return s.dir, s.files, s.err
	}
	s := &pkgSource{}
	b.sources[path] = s
	h, err := b.ready()
	if err != nil {
		s.err = err
		return "", nil, err
	}
	out, err := b.goCmd(context.Background(), h, nil, "list", "-f", "{{.Dir}}{{range .GoFiles}}\n{{.}}{{end}}", path)
	if err != nil {
		s.err = err
		return "", nil, err
	}
	f := strings.Split(strings.TrimSpace(out), "\n")
	if len(f) < 2 {
		s.err = fmt.Errorf("package %s has no Go files", path)
		return "", nil, s.err
	}
	s.dir, s.files = f[0], f[1:]
	return s.dir, s.files, nil
}
