package session

import (
	"errors"
	"fmt"
	"path"
	"regexp"
	"runtime/debug"
	"strconv"
	"strings"

	"github.com/goplus/ixgo"
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

// cannotImport says why a package cannot be imported, and what can.
func (s *Session) cannotImport(path string, err error) string {
	return fmt.Sprintf("cannot import %q: cells import the standard library, the packages bound into coevo (its engine and stats packages, display, gota, gonum and gonum/plot), other packages of the modules coevo is built from, and packages of modules added with %%go get MODULE@VERSION", path)
}

// closureName is how go/ssa names a func literal: f$1.
var closureName = regexp.MustCompile(`\$(\d+)`)

// stackFrame is a line pair of a stack trace: a function and where.
var stackFrame = regexp.MustCompile(`(?m)^(\S.*)\(.*\)\n\t(.+):(\d+)(?: \+0x[0-9a-f]+)?$`)

// runError turns what running a cell's code returned into the session's
// error: a panic with the cell lines it went through.
func (s *Session) runError(err error, b *build) *Error {
	var value any
	var stack []byte
	var pe ixgo.PanicError
	var fe ixgo.FatalError
	switch {
	case errors.As(err, &pe):
		value, stack = pe.Value, pe.Stack()
	case errors.As(err, &fe):
		value, stack = fe.Value, fe.Stack()
	default:
		return &Error{Name: "error", Message: err.Error()}
	}
	var trace []string
	if fe.Stack() != nil {
		// a panic of compiled code: the compiled functions it went through
		s.framesMu.Lock()
		compiled := s.compiledStack
		s.compiledStack = nil
		s.framesMu.Unlock()
		for _, f := range compiledFrames(compiled) {
			trace = append(trace, "  "+f)
		}
	}
	return &Error{Name: "panic", Message: panicText(value), Trace: append(trace, s.panicTrace(stack)...)}
}

// panicHook is called by the interpreter where a panic starts in
// interpreted code (panic, an index out of range), and when a panic of
// compiled code reaches a cell's function: it tells OnPanic where, and
// keeps the stack of compiled code, which is still there.
func (s *Session) panicHook(info *ixgo.PanicInfo) {
	var fe ixgo.FatalError
	if errors.As(info.Error, &fe) {
		stack := debug.Stack()
		s.framesMu.Lock()
		s.compiledStack = stack
		s.framesMu.Unlock()
		return
	}
	pos := info.Position()
	s.framesMu.Lock()
	on := s.onPanic
	s.framesMu.Unlock()
	if on != nil && pos.IsValid() {
		on(Frame{Cell: pos.Filename, Line: pos.Line, Col: pos.Column, Func: cellFunc(info.Parent().String())})
	}
}

// compiledFrames returns the compiled functions a panic came through
// before it reached the interpreter, innermost first, from a
// runtime/debug.Stack text taken while it unwinds.
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
		if strings.HasPrefix(name, "github.com/goplus/") || strings.HasPrefix(name, "reflect.") {
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

// panicText is a panic value as Go prints it after "panic: ".
func panicText(v any) string {
	if re, ok := v.(ixgo.RuntimeError); ok && strings.HasPrefix(string(re), "interface conversion:") {
		// Go's *runtime.TypeAssertionError says no "runtime error: "
		// (ixgo's RuntimeError for it does)
		return string(re)
	}
	switch v := v.(type) {
	case error:
		return v.Error()
	case fmt.Stringer:
		return v.String()
	case nil:
		return "nil"
	}
	return fmt.Sprint(v)
}

// panicTrace describes the frames of a stack trace: the cells' lines,
// quoted, the functions they are in; compiled functions by name.
func (s *Session) panicTrace(stack []byte) []string {
	var lines []string
	var frames []Frame
	for _, m := range stackFrame.FindAllSubmatch(stack, -1) {
		fn, file := string(m[1]), string(m[2])
		line, _ := strconv.Atoi(string(m[3]))
		if _, ok := s.sources[file]; ok {
			frames = append(frames, Frame{Cell: file, Line: line, Func: fn})
			continue
		}
		if strings.HasPrefix(fn, "runtime.") || strings.HasPrefix(fn, "github.com/goplus/") || strings.HasPrefix(fn, "reflect.") {
			continue
		}
	}
	s.lastFrames = frames
	for i := 0; i < len(frames); {
		j := i + 1
		for j < len(frames) && frames[j] == frames[i] {
			j++
		}
		f := frames[i]
		line := "  " + s.describeFrame(f)
		if j-i > 1 {
			line += fmt.Sprintf("  (%d times)", j-i)
		}
		lines = append(lines, line)
		i = j
	}
	return lines
}

// cellFunc is how a function of the program is named to the user: "main"
// for a cell's statements, "f" for f, "a func literal of f".
func cellFunc(fn string) string {
	fn = strings.TrimPrefix(fn, "main.")
	fn = closureName.ReplaceAllString(fn, ".func$1")
	if strings.HasPrefix(fn, segFunc) || strings.HasPrefix(fn, checkFunc) {
		if _, rest, ok := strings.Cut(fn, ".func"); ok && rest != "" {
			return "a func literal"
		}
		return "main"
	}
	if base, rest, ok := strings.Cut(fn, ".func"); ok && rest != "" {
		return "a func literal of " + base
	}
	return fn
}

// describeFrame says where a frame is: the cell line, quoted, and the
// function it is in unless it is the cell's statements.
func (s *Session) describeFrame(f Frame) string {
	where := fmt.Sprintf("%s line %d", f.Cell, f.Line)
	if fn := cellFunc(f.Func); fn != "main" {
		where += ", in " + fn
	}
	if q := s.quote(f.Cell, f.Line, 0); len(q) > 0 {
		where += ": " + strings.TrimSpace(q[0])
	}
	return where
}

// position returns the 1-based line and column of byte offset off.
func position(src string, off int) (line, col int) {
	starts := lineStarts(src)
	l := lineOf(starts, off)
	return l + 1, off - starts[l] + 1
}
