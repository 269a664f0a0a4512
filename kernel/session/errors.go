package session

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/scanner"
	"go/token"
	"go/types"
	"path"
	"reflect"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/coevolab/coevo/kernel/internal/yaegi/interp"
)

// Error is a failed cell: a syntax or compile error, a panic, an
// interrupt or a bad magic.
type Error struct {
	// Name is "syntax error", "compile error", "import error" (a package
	// that could not be built), "panic", "interrupted", "magic" or "go get".
	Name string
	// Message is one line: "In[3]:2:5: undefined: x" for a compile error,
	// the panic value for a panic.
	Message string
	// Trace holds the lines that say where: the cell line quoted with a
	// caret under the column, or the frames a panic went through, the
	// innermost first.
	Trace []string
}

func (e *Error) Error() string { return e.Name + ": " + e.Message }

// located is an error at a position of a cell, quoting its line.
func (s *Session) located(name, cell string, line, col int, msg string) *Error {
	return &Error{Name: name, Message: fmt.Sprintf("%s:%d:%d: %s", cell, line, col, msg), Trace: s.quote(cell, line, col)}
}

// quote returns the cell's line and a caret under column col (0: no caret).
func (s *Session) quote(cell string, line, col int) []string {
	src, ok := s.sources[cell]
	if !ok || line < 1 {
		return nil
	}
	lines := strings.Split(src, "\n")
	if line > len(lines) {
		return nil
	}
	text := strings.TrimRight(lines[line-1], " \t\r")
	out := []string{"    " + text}
	if col >= 1 && col <= len(text)+1 {
		// Keep the tabs before the column, so the caret lines up.
		pad := []byte(text[:col-1])
		for i, c := range pad {
			if c != '\t' {
				pad[i] = ' '
			}
		}
		out = append(out, "    "+string(pad)+"^")
	}
	return out
}

// position returns the 1-based line and column of byte offset off.
func position(src string, off int) (line, col int) {
	starts := lineStarts(src)
	l := lineOf(starts, off)
	return l + 1, off - starts[l] + 1
}

var locatedMsg = regexp.MustCompile(`^(.+?):(\d+):(\d+): (?s)(.*)$`)

// compileError turns yaegi's error for a group into a located error with
// the right cause.
func (s *Session) compileError(err error, cell string, g item, src string) *Error {
	var list scanner.ErrorList
	if e, ok := err.(scanner.ErrorList); ok && len(e) > 0 {
		list = e
	}
	where, msg := "", err.Error()
	line, col := 0, 0
	if len(list) > 0 {
		where, line, col, msg = list[0].Pos.Filename, list[0].Pos.Line, list[0].Pos.Column, list[0].Msg
	} else if m := locatedMsg.FindStringSubmatch(msg); m != nil {
		where, msg = m[1], m[4]
		line, _ = strconv.Atoi(m[2])
		col, _ = strconv.Atoi(m[3])
	}
	where = cellOf(where)
	msg = s.rewriteCompile(msg, cell, g, src, &line, &col)
	if where == "" || line == 0 {
		return &Error{Name: "compile error", Message: cell + ": " + msg}
	}
	e := s.located("compile error", where, line, col, msg)
	if n := len(list); n > 1 {
		e.Trace = append(e.Trace, fmt.Sprintf("(and %d more errors)", n-1))
	}
	return e
}

var importMsg = regexp.MustCompile(`^import ("[^"]*") error: unable to find source`)

// rewriteCompile replaces yaegi messages that name the wrong cause.
func (s *Session) rewriteCompile(msg, cell string, g item, src string, line, col *int) string {
	if m := importMsg.FindStringSubmatch(msg); m != nil {
		return fmt.Sprintf("cannot import %s: cells import the standard library, the packages bound into coevo (its engine and stats packages, display, gota, gonum and gonum/plot), other packages of the modules coevo is built from, and packages of modules added with %%go get MODULE@VERSION", m[1])
	}
	if msg == "constant definition loop" {
		// yaegi says this of ":=" with an undefined name on the right.
		if name, l, c, ok := s.undefined(g.kind, lineDirective(cell, g.line, g.col)+src); ok {
			*line, *col = l, c
			return "undefined: " + name
		}
	}
	if m := boundAssign.FindStringSubmatch(msg); m != nil {
		return fmt.Sprintf("cannot assign to a variable of type %s bound from compiled code: the interpreter (yaegi) takes a bound number, string or bool variable for a constant. ++ and -- work; to set it, call a function of the compiled code", m[1])
	}
	return msg
}

// boundAssign is yaegi's error for an assignment to a variable of a basic
// type that comes from compiled code (a %%compile cell, a package).
var boundAssign = regexp.MustCompile(`^cannot assign to .* \((\w+) constant\)$`)

// undefined finds a name src uses that nothing defines: not the universe,
// not a cell, not an imported package. Its position is in the cell, as
// the line directive that starts src says.
func (s *Session) undefined(kind itemKind, src string) (name string, line, col int, ok bool) {
	fset, f, _ := parseGroup(kind, src)
	if f == nil {
		return "", 0, 0, false
	}
	known := s.in.Globals()
	pkgs := map[string]bool{}
	for key := range s.imported {
		name, path, _ := strings.Cut(key, " ")
		if name == "" {
			name = s.packageName(strings.Trim(path, `"`))
		}
		pkgs[name] = true
	}
	for _, im := range f.Imports {
		p, _ := strconv.Unquote(im.Path.Value)
		if im.Name != nil {
			pkgs[im.Name.Name] = true
		} else {
			pkgs[s.packageName(p)] = true
		}
	}
	for _, id := range f.Unresolved {
		n := id.Name
		if _, ok := known[n]; ok || s.names[n] != "" || pkgs[n] || types.Universe.Lookup(n) != nil || n == "_" {
			continue
		}
		pos := fset.Position(id.Pos())
		return n, pos.Line, pos.Column, true
	}
	return "", 0, 0, false
}

// packageName is the name a bound package is imported under.
func (s *Session) packageName(path string) string {
	for key := range s.symbols {
		if importPath(key) == path {
			return pkgName(key)
		}
	}
	return path[strings.LastIndex(path, "/")+1:]
}

// panicLine records a frame of the panic unwinding now.
func (s *Session) panicLine(f Frame) {
	s.framesMu.Lock()
	s.frames = append(s.frames, f)
	on := s.onPanic
	s.framesMu.Unlock()
	if on != nil {
		on(f)
	}
}

// panicError describes a panic: its value (with the right cause where the
// interpreter words it after its own internals), the compiled functions
// it came through and the cell lines.
func (s *Session) panicError(p interp.Panic) *Error {
	v := p.Value
	if rv, ok := v.(reflect.Value); ok && rv.IsValid() && rv.CanInterface() {
		v = rv.Interface()
	}
	msg := fmt.Sprint(v)
	if e, ok := v.(error); ok {
		msg = e.Error()
	}
	var trace []string
	if better := rewritePanic(v); better != "" {
		trace = append(trace, "(the interpreter said: "+msg+")")
		msg = better
	}
	for _, f := range compiledFrames(p.Stack) {
		trace = append(trace, "  "+f)
	}
	s.framesMu.Lock()
	var frames []Frame
	for _, f := range s.frames {
		// a statement evalWrapped runs: the frame of its call at the
		// top level names the statement already
		if !strings.HasPrefix(strings.TrimPrefix(f.Func, "main."), wrapPrefix) {
			frames = append(frames, f)
		}
	}
	s.framesMu.Unlock()
	for i := 0; i < len(frames); {
		j := i + 1
		for j < len(frames) && frames[j] == frames[i] {
			j++
		}
		line := "  " + s.describeFrame(frames[i])
		if j-i > 1 {
			line += fmt.Sprintf("  (%d times)", j-i)
		}
		trace = append(trace, line)
		i = j
	}
	return &Error{Name: "panic", Message: msg, Trace: trace}
}

// describeFrame says where a frame is. yaegi reports the statement of
// the cell's top level that was running, which Run evaluates one at a
// time, so that line is exact and quoted; in a function it reports the
// function body's first statement, so the frame names the function and
// its lines instead.
func (s *Session) describeFrame(f Frame) string {
	if f.Func == "main" || f.Func == "" {
		where := f.String()
		if q := s.quote(f.Cell, f.Line, 0); len(q) > 0 {
			where += ": " + strings.TrimSpace(q[0])
		}
		return where
	}
	// generic code, instantiated by the lowering (kernel/lower)
	fn := strings.TrimPrefix(f.Func, "main.")
	base, lit := strings.CutSuffix(fn, ".func")
	if d := s.model.Display(base); d != "" {
		if lit {
			return "in a func literal of " + d + " (instantiated generic code)"
		}
		return "in " + d + " (instantiated generic code)"
	}
	if name, from, to, ok := s.enclosingFunc(f.Cell, f.Line, f.Col); ok {
		return fmt.Sprintf("%s, in %s (lines %d-%d)", f.Cell, name, from, to)
	}
	return f.String()
}

// enclosingFunc finds the innermost function of a cell whose body holds
// a position: its name ("a func literal" for one) and lines.
func (s *Session) enclosingFunc(cell string, line, col int) (name string, from, to int, ok bool) {
	code, known := s.sources[cell]
	if !known {
		return "", 0, 0, false
	}
	items, _, err := split(code)
	if err != nil {
		return "", 0, 0, false
	}
	inside := func(fset *token.FileSet, body *ast.BlockStmt) bool {
		if body == nil {
			return false
		}
		a, b := fset.Position(body.Lbrace), fset.Position(body.Rbrace)
		after := line > a.Line || line == a.Line && col > a.Column
		before := line < b.Line || line == b.Line && col < b.Column
		return after && before
	}
	for _, g := range groups(items) {
		if g.kind == magic || g.kind == cellMagic {
			continue
		}
		fset, f, _ := parseGroup(g.kind, lineDirective(cell, g.line, g.col)+code[g.off:g.end])
		if f == nil {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			var body *ast.BlockStmt
			fname := "a func literal"
			switch n := n.(type) {
			case *ast.FuncDecl:
				body, fname = n.Body, n.Name.Name
			case *ast.FuncLit:
				body = n.Body
			default:
				return true
			}
			if fname == "main" && g.kind == stmt {
				return true // the wrapper of the cell's statements
			}
			if inside(fset, body) {
				name, from, to, ok = fname, fset.Position(n.Pos()).Line, fset.Position(n.End()).Line, true
			}
			return true
		})
	}
	return name, from, to, ok
}

// rewritePanic returns the Go runtime's wording for a panic that the
// interpreter raises from its reflect-based internals, or "".
func rewritePanic(v any) string {
	if e, ok := v.(*reflect.ValueError); ok && e.Kind == reflect.Invalid {
		return "runtime error: invalid memory address or nil pointer dereference"
	}
	s, ok := v.(string)
	if !ok {
		return ""
	}
	switch {
	case strings.HasPrefix(s, "reflect: ") && strings.HasSuffix(s, "index out of range"):
		return "runtime error: index out of range"
	case strings.HasPrefix(s, "reflect.Value.Slice") && strings.Contains(s, "out of bounds"):
		return "runtime error: slice bounds out of range"
	}
	return ""
}

// compiledFrames returns the compiled functions a panic came through
// before it reached the interpreter, innermost first, from a
// runtime/debug.Stack text.
func compiledFrames(stack []byte) []string {
	lines := strings.Split(string(stack), "\n")
	// Frames are pairs: "pkg.Func(args)" then "\tfile:line +0x..".
	var out []string
	inPanic := false
	for i := 0; i+1 < len(lines); i++ {
		fn := lines[i]
		if strings.HasPrefix(fn, "\t") || fn == "" || strings.HasPrefix(fn, "goroutine ") {
			continue
		}
		if strings.HasPrefix(fn, "panic(") {
			inPanic, out = true, nil
			continue
		}
		if !inPanic {
			continue
		}
		name := fn[:max(strings.LastIndex(fn, "("), 0)]
		if strings.HasPrefix(name, "github.com/traefik/yaegi/") || strings.HasPrefix(name, "github.com/coevolab/coevo/kernel/internal/yaegi/") || strings.HasPrefix(name, "reflect.") {
			inPanic = false
			continue
		}
		if strings.HasPrefix(name, "runtime.") {
			continue
		}
		file := strings.TrimSpace(lines[i+1])
		if k := strings.LastIndex(file, " +0x"); k >= 0 {
			file = file[:k]
		}
		dir, base := path.Split(file)
		out = append(out, fmt.Sprintf("%s (%s), compiled", name, path.Join(path.Base(dir), base)))
	}
	return out
}

// waitStopped returns once no program of an interpreter is running:
// yaegi's ExecuteWithContext returns at an interrupt while the goroutine
// running the program may still be in a compiled call.
func waitStopped() {
	buf := make([]byte, 1<<20)
	for d := time.Millisecond; ; d = min(2*d, 10*time.Millisecond) {
		n := runtime.Stack(buf, true)
		for n == len(buf) && len(buf) < 64<<20 {
			buf = make([]byte, 2*len(buf))
			n = runtime.Stack(buf, true)
		}
		if !bytes.Contains(buf[:n], []byte("interp.(*Interpreter).ExecuteWithContext.func1(")) {
			return
		}
		time.Sleep(d)
	}
}
