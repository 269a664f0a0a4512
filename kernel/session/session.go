// Package session evaluates Go cells in one persistent yaegi interpreter:
// what a cell declares stays for the cells after it, a cell may mix
// declarations, statements and IPython-like magics (%time, %timeit, %env,
// %who, %reset, %lsmagic), and the value of a final expression is the
// cell's result.
//
// Evaluation takes a context; cancelling it stops interpreted code (yaegi
// checks at every step) and is passed to compiled code that the cell hands
// it to. Run returns only when the cell's code has stopped: an interrupted
// cell stuck in a compiled call that takes no context keeps Run waiting,
// and the caller (the kernel's worker process) decides how long to wait.
//
// Errors read like a Go compiler's and name the cell: a compile error is
// "In[3]:2:5: undefined: x" with the line quoted, a panic shows its value
// and the cell lines (and compiled functions) it went through.
package session

import (
	"context"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"os"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/coevolab/coevo/kernel/internal/yaegi/interp"
	"github.com/traefik/yaegi/stdlib/syscall"
	"github.com/traefik/yaegi/stdlib/unrestricted"

	"github.com/coevolab/coevo/kernel/gostd"
	"github.com/coevolab/coevo/kernel/internal/cells"
	"github.com/coevolab/coevo/kernel/lower"
	"github.com/coevolab/coevo/kernel/native"
)

var stdioMu sync.Mutex

// Session is one interpreter and what its cells declared.
type Session struct {
	mu       sync.Mutex
	bindings []interp.Exports
	in       *interp.Interpreter
	out      *switchWriter
	errw     *switchWriter
	stdin    *switchReader
	symbols  interp.Exports
	imported map[string]bool   // "name path" of imports done by earlier cells
	names    map[string]string // top-level names cells declared: "func", "type", "var" or "const"
	sources  map[string]string // cell name -> code, to quote lines in errors
	native   *native.Builder   // builds %go get modules' packages and %%compile cells; nil: none
	natives  map[string]bool   // packages the Builder made, bound for every interpreter
	wraps    int               // functions made by evalWrapped

	hook     func()              // the function Call runs
	hookIn   *interp.Interpreter // the interpreter the hook is bound in
	hookProg *interp.Program     // its call of hook

	// model type-checks and lowers cells (kernel/lower) against what the
	// session declared; pkgs is every package the interpreter binds, by
	// import path, and static those bound when the session was made.
	model  *lower.Model
	pkgs   map[string]binding
	static map[string]bool
	// tx and units: the running cell's groups, checked and lowered
	// before any runs (units by the group's offset in the cell).
	tx    *lower.Tx
	units map[int]*lower.Unit
	done  int // the running cell's end of what ran

	framesMu sync.Mutex
	frames   []Frame // of the panic unwinding the running group
	onPanic  func(Frame)
}

// binding is a package the interpreter binds: its name and symbols.
type binding struct {
	name string
	syms map[string]reflect.Value
}

// env tells the session's type checker what the interpreter binds.
type env struct{ s *Session }

func (e env) Bindings(path string) (string, map[string]reflect.Value, bool) {
	b, ok := e.s.pkgs[path]
	return b.name, b.syms, ok
}

// Source gives the type checker the source of packages built natively
// for the session (of %go get modules, or of the kernel's modules but not
// bound into it), whose generic functions it instantiates.
func (e env) Source(path string) (string, []string, bool) {
	s := e.s
	if s.native == nil || s.static[path] || isStdPath(path) || !s.native.Provides(path) {
		return "", nil, false
	}
	dir, files, err := s.native.Source(path)
	return dir, files, err == nil
}

func isStdPath(p string) bool {
	first, _, _ := strings.Cut(p, "/")
	return !strings.Contains(first, ".")
}

// bind records bound packages, for the type checker.
func (s *Session) bind(ex interp.Exports) {
	for key, syms := range ex {
		if key == "." || !strings.Contains(key, "/") {
			continue
		}
		path := importPath(key)
		if old, ok := s.pkgs[path]; ok {
			merged := make(map[string]reflect.Value, len(old.syms)+len(syms))
			for k, v := range old.syms {
				merged[k] = v
			}
			for k, v := range syms {
				merged[k] = v
			}
			syms = merged
		}
		s.pkgs[path] = binding{name: pkgName(key), syms: syms}
		if s.model != nil {
			s.model.Universe().Forget(path)
		}
	}
}

// Cell is a notebook cell to run.
type Cell struct {
	Code string
	// Name is how errors and panics name the cell: the kernel uses
	// "In[N]" for execution count N. "" means "cell".
	Name string
	// Replay runs the cell to restore a session: magics that only report
	// (%timeit, %who, %lsmagic) are skipped, and %time runs its statement
	// without timing it.
	Replay bool
}

// Frame is a cell position a panic went through, as the interpreter
// reports it while the panic unwinds (cells.Frame, which the kernel process
// shares without linking the interpreter).
type Frame = cells.Frame

// New starts a session with the standard library and the given bindings
// (as generated by yaegi extract) available to import, and fmt imported.
// The standard library is unrestricted: os/exec and syscall are there,
// and os.Exit and log.Fatal end the process, as in a Go program (the
// kernel runs cells in a worker process that it replaces).
func New(bindings ...interp.Exports) (*Session, error) {
	s := &Session{
		bindings: bindings,
		out:      &switchWriter{},
		stdin:    &switchReader{},
		symbols:  interp.Exports{},
		sources:  map[string]string{},
		natives:  map[string]bool{},
	}
	s.errw = &switchWriter{panicLine: s.panicLine}
	s.pkgs = map[string]binding{}
	s.static = map[string]bool{}
	for _, b := range append(standard(), bindings...) {
		for k, v := range b {
			s.symbols[k] = v
		}
		s.bind(b)
	}
	for path := range s.pkgs {
		s.static[path] = true
	}
	s.bind(lower.Builtins)
	s.model = lower.NewModel(lower.NewUniverse(env{s}))
	if err := s.reset(); err != nil {
		return nil, err
	}
	return s, nil
}

// standard is the standard library's bindings: Go 1.26's (kernel/gostd),
// yaegi's syscall, and its unrestricted ones last (os.Exit, log.Fatal...
// the real ones, as gostd has them too).
func standard() []interp.Exports {
	return []interp.Exports{gostd.Symbols, syscall.Symbols, unrestricted.Symbols}
}

// reset makes a new interpreter: nothing declared, fmt imported.
func (s *Session) reset() error {
	// yaegi binds os.Stdin, os.Stdout and os.Stderr of interpreted code to
	// the writers and reader below only when YAEGI_SPECIAL_STDIO is set as
	// the interpreter is made (otherwise only *os.File values are used).
	// They become io.Reader and io.Writer values in cells.
	stdioMu.Lock()
	old, had := os.LookupEnv("YAEGI_SPECIAL_STDIO")
	os.Setenv("YAEGI_SPECIAL_STDIO", "1")
	in := interp.New(interp.Options{Stdout: s.out, Stderr: s.errw, Stdin: s.stdin, Unrestricted: true})
	if had {
		os.Setenv("YAEGI_SPECIAL_STDIO", old)
	} else {
		os.Unsetenv("YAEGI_SPECIAL_STDIO")
	}
	stdioMu.Unlock()
	for _, b := range append(append(standard(), lower.Builtins), s.bindings...) {
		if err := in.Use(b); err != nil {
			return err
		}
	}
	// fmt is imported in every session, as a notebook user expects.
	if _, err := in.Eval(`import "fmt"`); err != nil {
		return err
	}
	s.in = in
	s.imported = map[string]bool{` "fmt"`: true}
	s.names = map[string]string{}
	if s.model != nil {
		s.model.Reset()
		if s.tx != nil {
			s.tx = s.model.Begin() // a %reset in a cell: the groups after it see nothing before
		}
	}
	return nil
}

// SetBuilder gives the session a Builder for the packages of modules that
// %go get adds (and of the kernel's modules that are not bound) and for
// %%compile cells. Without one, they are errors.
func (s *Session) SetBuilder(b *native.Builder) {
	s.mu.Lock()
	s.native = b
	s.mu.Unlock()
}

// use binds a native package's exports into the interpreter, for this
// interpreter and those %reset makes.
func (s *Session) use(ex interp.Exports) error {
	if err := s.in.Use(ex); err != nil {
		return err
	}
	fresh := false
	for key := range ex {
		if !s.natives[key] {
			s.natives[key], fresh = true, true
		}
	}
	if fresh {
		s.bindings = append(s.bindings, ex)
	}
	s.bind(ex)
	return nil
}

// Output directs the standard output, error and input of the next cells.
func (s *Session) Output(stdout, stderr io.Writer, stdin io.Reader) {
	s.out.set(stdout)
	s.errw.set(stderr)
	s.stdin.set(stdin)
}

// OnPanic calls f with every frame a panic goes through as it unwinds, in
// any goroutine, as soon as the interpreter reports it: a panic in a
// goroutine a cell started ends the process, and f is the last word on
// where it happened.
func (s *Session) OnPanic(f func(Frame)) {
	s.framesMu.Lock()
	s.onPanic = f
	s.framesMu.Unlock()
}

// Result is what a cell evaluated to.
type Result struct {
	// Value is the value of the final expression; Show is false when the
	// cell ends with a declaration, an assignment or a statement.
	Value reflect.Value
	Show  bool
	// Reset reports that the cell ran %reset: what earlier cells declared
	// is gone.
	Reset bool
	// Payload holds the payloads of the execute reply (%load puts a file
	// in the cell: "set_next_input").
	Payload []map[string]any

	// Done, when the cell failed part-way, is the part of it that ran:
	// replaying it restores what the cell had declared before it failed
	// ("" if nothing ran).
	Done string
}

// Eval runs code as a cell named "cell".
func (s *Session) Eval(ctx context.Context, code string) (Result, error) {
	return s.Run(ctx, Cell{Code: code})
}

// Run evaluates a cell. Cancelling ctx interrupts it; the session keeps
// what earlier cells (and earlier groups of this cell) defined.
func (s *Session) Run(ctx context.Context, c Cell) (Result, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if c.Name == "" {
		c.Name = "cell"
	}
	s.sources[c.Name] = c.Code
	if r, ok, err := s.rawCellMagic(ctx, c); ok {
		return r, err
	}
	items, incomplete, err := split(c.Code)
	if err != nil {
		var se *scanError
		if errors.As(err, &se) {
			line, col := position(c.Code, se.off)
			return Result{}, s.located("syntax error", c.Name, line, col, se.msg)
		}
		return Result{}, &Error{Name: "syntax error", Message: err.Error()}
	}
	if incomplete {
		return Result{}, &Error{Name: "syntax error", Message: c.Name + ": the cell is incomplete (an unclosed bracket, string or comment)"}
	}
	gs := groups(items)
	s.tx, s.units = s.model.Begin(), map[int]*lower.Unit{}
	defer func() { s.tx, s.units = nil, nil }()
	var res Result
	if len(gs) > 0 && gs[0].kind == cellMagic {
		if name, _ := magicLine(c.Code, gs[0]); name == "time" {
			if err := s.prelower(ctx, c, gs[1:]); err != nil {
				return Result{}, err
			}
		}
		res, err = s.cellMagic(ctx, c, gs[0], gs[1:])
	} else if err = s.prelower(ctx, c, gs); err == nil {
		res, err = s.runGroups(ctx, c, gs)
	}
	if err != nil && s.done > 0 {
		res.Done = strings.TrimRight(c.Code[:s.done], " \t\r\n")
	}
	return res, err
}

// prelower checks and lowers a cell's groups before any runs, up to the
// first magic that changes what later groups can see (%go get, %reset):
// a cell that does not compile runs nothing.
func (s *Session) prelower(ctx context.Context, c Cell, gs []item) error {
	s.done = 0
	for _, g := range gs {
		switch g.kind {
		case cellMagic:
			return nil
		case magic:
			name, argOff := magicLine(c.Code, g)
			switch name {
			case "time":
				sub, err := s.subGroups(c, argOff, g.end)
				if err != nil {
					return err
				}
				if err := s.prelower(ctx, c, sub); err != nil {
					return err
				}
			case "go", "reset":
				return nil
			}
			continue
		}
		if _, err := s.unit(ctx, c, g); err != nil {
			return err
		}
	}
	return nil
}

// unit returns a group checked and lowered (now, if prelower did not).
func (s *Session) unit(ctx context.Context, c Cell, g item) (*lower.Unit, error) {
	if u, ok := s.units[g.off]; ok {
		return u, nil
	}
	src := c.Code[g.off:g.end]
	if g.kind != stmt {
		if err := s.importNative(ctx, c, g, src, importsOf(src)); err != nil {
			return nil, err
		}
	}
	u, err := s.tx.Lower(lower.Group{Cell: c.Name, Text: src, Line: g.line, Col: g.col, Decls: g.kind != stmt, Vars: g.vars})
	if err != nil {
		return nil, s.lowerError(err)
	}
	s.units[g.off] = u
	return u, nil
}

// lowerError is the session's error for a group that does not compile.
func (s *Session) lowerError(err error) error {
	var le *lower.Error
	if !errors.As(err, &le) {
		return &Error{Name: "compile error", Message: err.Error()}
	}
	msg := le.Msg
	if m := notBound.FindStringSubmatch(msg); m != nil {
		msg = fmt.Sprintf("cannot import %s: cells import the standard library, the packages bound into coevo (its engine and stats packages, display, gota, gonum and gonum/plot), other packages of the modules coevo is built from, and packages of modules added with %%go get MODULE@VERSION", strconv.Quote(m[1]))
	}
	e := s.located("compile error", le.Cell, le.Line, le.Col, msg)
	if le.More > 0 {
		e.Trace = append(e.Trace, fmt.Sprintf("(and %d more errors)", le.More))
	}
	return e
}

var notBound = regexp.MustCompile(`^cannot import (\S+): package \S+ is not bound$`)

// importsOf lists the imports of a group of declarations, as "name path".
func importsOf(src string) []string {
	f, err := parser.ParseFile(token.NewFileSet(), "", "package main;"+src, parser.ImportsOnly)
	if err != nil {
		return nil
	}
	var out []string
	for _, im := range f.Imports {
		name := ""
		if im.Name != nil {
			name = im.Name.Name
		}
		out = append(out, name+" "+im.Path.Value)
	}
	return out
}

func (s *Session) runGroups(ctx context.Context, c Cell, gs []item) (Result, error) {
	var res Result
	for k, g := range gs {
		var r Result
		var err error
		if g.kind == magic {
			r, err = s.lineMagic(ctx, c, g)
		} else {
			r, err = s.evalGroup(ctx, c, g)
		}
		res.Reset = res.Reset || r.Reset
		res.Payload = append(res.Payload, r.Payload...)
		if err != nil {
			return res, err
		}
		s.done = max(s.done, g.end)
		if k == len(gs)-1 {
			res.Value, res.Show = r.Value, r.Show
		}
	}
	return res, nil
}

// evalGroup runs a group of items of the cell: lowered (kernel/lower),
// with the hidden imports and declarations the lowering asks for first,
// positions mapped to the cell by a line directive.
func (s *Session) evalGroup(ctx context.Context, c Cell, g item) (Result, error) {
	u, err := s.unit(ctx, c, g)
	if err != nil {
		return Result{}, err
	}
	if err := s.prepare(ctx, c, g, u); err != nil {
		return Result{}, err
	}
	src := u.Text
	if strings.TrimSpace(src) == "" {
		s.commit(u)
		return Result{}, nil
	}
	code := lineDirective(c.Name, g.line, g.col) + src
	if g.kind == stmt && g.tail == g.off && needsWrap(src) {
		r, err := s.evalWrapped(ctx, c, g, src)
		if err == nil {
			s.commit(u)
		}
		return r, err
	}
	prog, err := s.in.Compile(code)
	if err != nil {
		resync(s.in)
		return Result{}, s.compileError(err, c.Name, g, src)
	}
	v, err := s.execute(ctx, prog)
	if err != nil {
		return Result{}, err
	}
	s.commit(u)
	show := u.Show == lower.ShowValue && v.IsValid() && v.Type() != placeholder
	return Result{Value: v, Show: show}, nil
}

// lowerStatement checks and lowers a statement a magic runs by itself
// (%timeit's), which declares nothing for the session.
func (s *Session) lowerStatement(ctx context.Context, c Cell, g item, line, col int, text string) (string, error) {
	u, err := s.tx.Lower(lower.Group{Cell: c.Name, Text: text, Line: line, Col: col})
	if err != nil {
		return "", s.lowerError(err)
	}
	if err := s.prepare(ctx, c, g, u); err != nil {
		return "", err
	}
	return u.Text, nil
}

// prepare makes the hidden imports and declarations a lowered group needs.
func (s *Session) prepare(ctx context.Context, c Cell, g item, u *lower.Unit) error {
	if len(u.Imports) > 0 {
		src := lineDirective(c.Name, g.line, g.col) + "import (\n" + strings.Join(u.Imports, "\n") + "\n)"
		if _, err := s.in.Eval(src); err != nil {
			resync(s.in)
			return &Error{Name: "compile error", Message: c.Name + ": importing what the cell uses: " + err.Error()}
		}
	}
	if u.Prelude != "" {
		prog, err := s.in.Compile(lineDirective("instantiated", 1, 1) + u.Prelude)
		if err != nil {
			resync(s.in)
			return &Error{Name: "compile error", Message: c.Name + ": the interpreter rejects generic code instantiated for this cell: " + err.Error()}
		}
		if _, err := s.execute(ctx, prog); err != nil {
			return err
		}
	}
	s.model.Prepared(u)
	return nil
}

// commit makes what a group declared the session's: it ran.
func (s *Session) commit(u *lower.Unit) {
	s.model.Commit(u)
	for name, kind := range u.Names() {
		s.names[name] = kind
	}
	for name := range s.names {
		if s.model.Lookup(name) == nil {
			delete(s.names, name)
		}
	}
}

// evalWrapped runs a statement yaegi gets wrong at a program's top level
// (see needsWrap) as the body of a function declared for it, then calls
// that function. The line directive stays right before the statement, so
// positions map to the cell; the function's name never reaches the user
// (panicError leaves its frames out).
func (s *Session) evalWrapped(ctx context.Context, c Cell, g item, src string) (Result, error) {
	s.wraps++
	name := fmt.Sprintf("%s%d", wrapPrefix, s.wraps)
	dir := lineDirective(c.Name, g.line, g.col)
	decl, err := s.in.Compile("func " + name + "() {" + dir + src + "\n}")
	if err != nil {
		resync(s.in)
		return Result{}, s.compileError(err, c.Name, g, src)
	}
	if _, err := s.in.Execute(decl); err != nil {
		return Result{}, &Error{Name: "error", Message: err.Error()}
	}
	call, err := s.in.Compile(dir + name + "()")
	if err != nil {
		resync(s.in)
		return Result{}, s.compileError(err, c.Name, g, src)
	}
	if _, err := s.execute(ctx, call); err != nil {
		return Result{}, err
	}
	return Result{}, nil
}

// execute runs a compiled program, and waits, after an interrupt, until
// its code has stopped.
func (s *Session) execute(ctx context.Context, prog *interp.Program) (reflect.Value, error) {
	s.framesMu.Lock()
	s.frames = nil
	s.framesMu.Unlock()
	// yaegi's stop reaches only a program already running: one started
	// after it would run on, so a cancelled cell does not start.
	if ctx.Err() != nil {
		return reflect.Value{}, &Error{Name: "interrupted", Message: "the cell was interrupted; earlier definitions are kept"}
	}
	v, err := s.in.ExecuteWithContext(ctx, prog)
	if err == nil {
		return v, nil
	}
	if ctx.Err() != nil && errors.Is(err, ctx.Err()) {
		waitStopped()
		return v, &Error{Name: "interrupted", Message: "the cell was interrupted; earlier definitions are kept"}
	}
	var p interp.Panic
	if errors.As(err, &p) {
		return v, s.panicError(p)
	}
	return v, &Error{Name: "error", Message: err.Error()}
}

// resync runs an empty program: a failed compile can leave symbols it
// declared without room in the interpreter's frame (Globals would panic),
// and running a program makes the room.
func resync(in *interp.Interpreter) { in.Eval("") }

// lineDirective makes the interpreter report positions of the source
// after it as positions in the named cell, in a file "NAME/_.go": yaegi
// scopes imports by the base name of the file, which must stay its
// default "_.go" for imports of one cell to serve the next.
func lineDirective(name string, line, col int) string {
	return fmt.Sprintf("/*line %s/_.go:%d:%d*/", name, line, col)
}

// cellOf returns the cell name of a file name made by lineDirective.
func cellOf(file string) string { return strings.TrimSuffix(file, "/_.go") }

// placeholder is the type of the value yaegi gives declarations and calls
// of functions that return nothing.
var placeholder = reflect.TypeOf((*any)(nil))

// declared returns the top-level names src declares, with their kinds.
func declared(kind itemKind, src string) map[string]string {
	out := map[string]string{}
	_, f, body := parseGroup(kind, src)
	if f == nil {
		return out
	}
	defer delete(out, "_")
	genDecl := func(d *ast.GenDecl) {
		for _, sp := range d.Specs {
			switch sp := sp.(type) {
			case *ast.TypeSpec:
				out[sp.Name.Name] = "type"
			case *ast.ValueSpec:
				for _, n := range sp.Names {
					out[n.Name] = strings.ToLower(d.Tok.String())
				}
			}
		}
	}
	if body != nil {
		for _, st := range body.List {
			switch st := st.(type) {
			case *ast.AssignStmt:
				if st.Tok == token.DEFINE {
					for _, l := range st.Lhs {
						if id, ok := l.(*ast.Ident); ok {
							out[id.Name] = "var"
						}
					}
				}
			case *ast.DeclStmt:
				if d, ok := st.Decl.(*ast.GenDecl); ok {
					genDecl(d)
				}
			}
		}
		return out
	}
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Recv == nil {
				out[d.Name.Name] = "func"
			}
		case *ast.GenDecl:
			genDecl(d)
		}
	}
	return out
}

// parseGroup parses a group as yaegi does: declarations as a file,
// statements as the body of a function (returned too). The file is nil if
// src does not parse.
func parseGroup(kind itemKind, src string) (*token.FileSet, *ast.File, *ast.BlockStmt) {
	fset := token.NewFileSet()
	if kind == stmt {
		f, err := parser.ParseFile(fset, "", "package main; func main() {"+src+"\n}", 0)
		if err != nil || len(f.Decls) == 0 {
			return fset, nil, nil
		}
		fd, ok := f.Decls[0].(*ast.FuncDecl)
		if !ok {
			return fset, nil, nil
		}
		return fset, f, fd.Body
	}
	f, err := parser.ParseFile(fset, "", "package main;"+src, 0)
	if err != nil {
		return fset, nil, nil
	}
	return fset, f, nil
}

// IsComplete reports "complete", "incomplete" or "invalid" for code typed
// so far, as the Jupyter is_complete request asks.
func IsComplete(code string) string { return cells.IsComplete(code) }

var keywords = []string{"break", "case", "chan", "const", "continue", "default", "defer", "else",
	"fallthrough", "for", "func", "go", "goto", "if", "import", "interface", "map", "package",
	"range", "return", "select", "struct", "switch", "type", "var",
	"append", "cap", "close", "complex", "copy", "delete", "imag", "len", "make", "max", "min",
	"new", "panic", "print", "println", "real", "recover", "clear", "true", "false", "nil"}

// Complete returns candidates for the identifier ending at cursor (a byte
// offset), and the offsets of the text they replace: the fields and
// methods of a value after "x.", "f()." or "x.y[i].", package members
// after "pkg.", import paths inside an import's quotes, magic names after
// a "%" that starts a line, else keywords, builtins, what cells declared
// and importable package names.
func (s *Session) Complete(code string, cursor int) (matches []string, start, end int) {
	if cursor > len(code) || cursor < 0 {
		cursor = len(code)
	}
	if m, from, ok := s.importCompletions(code, cursor); ok {
		return m, from, cursor
	}
	start = cursor
	for start > 0 && isIdent(code[start-1]) {
		start--
	}
	prefix := code[start:cursor]
	if start > 0 && code[start-1] == '%' {
		p := start - 1
		if p > 0 && code[p-1] == '%' {
			p--
		}
		if firstOnLine(code, p) {
			for _, m := range Magics() {
				if strings.HasPrefix(m.Name, prefix) && m.Cell == (p < start-1) {
					matches = append(matches, m.Name)
				}
			}
			return matches, start, cursor
		}
	}
	if start > 0 && code[start-1] == '.' {
		// A value's fields and methods, or else a package's members.
		s.mu.Lock()
		m, typed := s.memberCompletions(code, start-1, prefix)
		s.mu.Unlock()
		if typed {
			return m, start, cursor
		}
		q := start - 1
		for q > 0 && isIdent(code[q-1]) {
			q--
		}
		pkg := code[q : start-1]
		for path, syms := range s.symbols {
			if pkgName(path) != pkg {
				continue
			}
			for name := range syms {
				if strings.HasPrefix(name, prefix) && name != "_" {
					matches = append(matches, name)
				}
			}
		}
		sort.Strings(matches)
		return dedupe(matches), start, cursor
	}
	if prefix == "" {
		return nil, start, cursor
	}
	cands := append([]string(nil), keywords...)
	s.mu.Lock()
	for name := range s.in.Globals() {
		cands = append(cands, name)
	}
	for name := range s.names {
		cands = append(cands, name)
	}
	s.mu.Unlock()
	for path := range s.symbols {
		cands = append(cands, pkgName(path))
	}
	for _, c := range cands {
		if strings.HasPrefix(c, prefix) && !strings.HasPrefix(c, lower.Prefix) && !strings.HasPrefix(c, wrapPrefix) {
			matches = append(matches, c)
		}
	}
	sort.Strings(matches)
	return dedupe(matches), start, cursor
}

func isIdent(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// pkgName is the package name of a yaegi Exports key "import/path/name".
func pkgName(key string) string { return key[strings.LastIndex(key, "/")+1:] }

// importPath is the import path of a yaegi Exports key.
func importPath(key string) string { return key[:max(strings.LastIndex(key, "/"), 0)] }

func dedupe(s []string) []string {
	out := s[:0]
	for i, x := range s {
		if i == 0 || x != s[i-1] {
			out = append(out, x)
		}
	}
	return out
}

// Lookup returns the value bound to "pkg.Name", or to a name a cell
// declared (a variable, constant or function), for inspection.
func (s *Session) Lookup(name string) (reflect.Value, bool) {
	if pkg, sym, ok := strings.Cut(name, "."); ok {
		for path, syms := range s.symbols {
			if pkgName(path) == pkg {
				if v, ok := syms[sym]; ok {
					return v, true
				}
			}
		}
		return reflect.Value{}, false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if v, ok := s.in.Globals()[name]; ok {
		return v, true
	}
	if s.names[name] == "func" {
		if v, err := s.in.Eval(name); err == nil && v.IsValid() {
			return v, true
		}
	}
	return reflect.Value{}, false
}

// switchWriter forwards to the writer of the current cell.
type switchWriter struct {
	mu sync.Mutex
	w  io.Writer
	// panicLine, if set, takes the lines yaegi prints as a panic unwinds
	// interpreted frames ("In[3]:2:5: panic: main.f(...)"), which are then
	// not written: the panic reaches the user as the cell's error.
	panicLine func(Frame)
}

var panicLog = regexp.MustCompile(`^(?:(\S+):)?(\d+):(\d+): panic: (\S*)\(\.\.\.\)\n$`)

func (w *switchWriter) set(to io.Writer) { w.mu.Lock(); w.w = to; w.mu.Unlock() }
func (w *switchWriter) Write(p []byte) (int, error) {
	if w.panicLine != nil {
		if m := panicLog.FindSubmatch(p); m != nil {
			line, _ := strconv.Atoi(string(m[2]))
			col, _ := strconv.Atoi(string(m[3]))
			w.panicLine(Frame{Cell: cellOf(string(m[1])), Line: line, Col: col, Func: string(m[4])})
			return len(p), nil
		}
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.w == nil {
		return len(p), nil
	}
	return w.w.Write(p)
}

type switchReader struct {
	mu sync.Mutex
	r  io.Reader
}

func (r *switchReader) set(from io.Reader) { r.mu.Lock(); r.r = from; r.mu.Unlock() }
func (r *switchReader) Read(p []byte) (int, error) {
	r.mu.Lock()
	src := r.r
	r.mu.Unlock()
	if src == nil {
		return 0, io.EOF
	}
	return src.Read(p)
}

// Expression evaluates one expression in the session, as Jupyter's
// user_expressions ask: after a cell, without side effects meant.
func (s *Session) Expression(ctx context.Context, expr string) (Result, error) {
	if _, err := parser.ParseExpr(expr); err != nil {
		return Result{}, &Error{Name: "syntax error", Message: fmt.Sprintf("%q is not an expression", expr)}
	}
	return s.Run(ctx, Cell{Code: expr, Name: "user_expressions"})
}
