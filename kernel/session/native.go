package session

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/coevolab/coevo/kernel/native"
)

// hasPackage tells whether the interpreter has bindings for path.
func (s *Session) hasPackage(path string) bool {
	for key := range s.symbols {
		if importPath(key) == path {
			return true
		}
	}
	return false
}

// importNative builds (or loads from the cache) the packages a group
// imports that the interpreter has no bindings for, when a module of the
// session provides them, and binds them. imports are "name path" keys.
func (s *Session) importNative(ctx context.Context, c Cell, g item, src string, imports []string) error {
	if s.native == nil {
		return nil
	}
	for _, key := range imports {
		_, quoted, _ := strings.Cut(key, " ")
		path, err := strconv.Unquote(quoted)
		if err != nil || s.hasPackage(path) || !s.native.Provides(path) {
			continue
		}
		ex, err := s.native.Import(ctx, path, s.out)
		if err != nil {
			if errors.Is(err, context.Canceled) {
				return &Error{Name: "interrupted", Message: "the cell was interrupted; earlier definitions are kept"}
			}
			line, col := g.line, g.col
			if i := strings.Index(src, quoted); i >= 0 {
				line, col = position(c.Code, g.off+i)
			}
			return s.multiline(s.located("import error", c.Name, line, col, firstLine(err.Error())), err.Error())
		}
		if err := s.use(ex); err != nil {
			return err
		}
		for k, v := range ex {
			s.symbols[k] = v
		}
	}
	return nil
}

// multiline puts the lines of msg after its first into e's trace.
func (s *Session) multiline(e *Error, msg string) *Error {
	if _, rest, ok := strings.Cut(msg, "\n"); ok {
		for _, l := range strings.Split(rest, "\n") {
			e.Trace = append(e.Trace, "  "+l)
		}
	}
	return e
}

func firstLine(s string) string {
	l, _, _ := strings.Cut(s, "\n")
	return l
}

// goMagic runs %go get MODULE@VERSION...
func (s *Session) goMagic(ctx context.Context, c Cell, g item, args string) error {
	f := strings.Fields(args)
	if len(f) == 0 || f[0] != "get" {
		return s.magicError(c, g, "%go runs get: %go get MODULE@VERSION")
	}
	if s.native == nil {
		return s.magicError(c, g, "%go get: this session has no Go module (the kernel's worker makes one)")
	}
	if err := s.native.Get(ctx, f[1:], s.out); err != nil {
		if errors.Is(err, context.Canceled) {
			return &Error{Name: "interrupted", Message: "the cell was interrupted; earlier definitions are kept"}
		}
		e := s.magicError(c, g, "%go get: "+firstLine(err.Error()))
		e.Name = "go get"
		return s.multiline(e, err.Error())
	}
	return nil
}

// compileCell builds a %%compile cell's declarations natively and makes
// them the session's: a dot import of the package they were built into.
func (s *Session) compileCell(ctx context.Context, c Cell, g item, argOff int, rest []item) (Result, error) {
	if argOff < g.end {
		return Result{}, s.magicError(c, g, "%%compile takes no arguments: the rest of the cell is what it compiles")
	}
	for _, r := range rest {
		if r.kind == stmt || r.kind == magic {
			return Result{}, s.located("compile error", c.Name, r.line, r.col,
				"a %%compile cell holds declarations (func, type, var, const, import): run statements in a cell of their own")
		}
	}
	if s.native == nil {
		return Result{}, s.magicError(c, g, "%%compile: this session has no Go module to build in (the kernel's worker makes one)")
	}
	start := lineEnd(c.Code, g.off)
	if start < len(c.Code) {
		start++ // the newline
	}
	comp, err := s.native.Compile(ctx, c.Code[start:], g.line+1)
	var ce *native.CompileError
	switch {
	case errors.Is(err, context.Canceled):
		return Result{}, &Error{Name: "interrupted", Message: "the cell was interrupted; earlier definitions are kept"}
	case errors.As(err, &ce):
		d := ce.Errors[0]
		e := s.located("compile error", c.Name, d.Line, d.Col, d.Msg)
		for _, d := range ce.Errors[1:] {
			e.Trace = append(e.Trace, fmt.Sprintf("%s:%d:%d: %s", c.Name, d.Line, d.Col, d.Msg))
		}
		return Result{}, e
	case err != nil:
		return Result{}, s.multiline(&Error{Name: "compile error", Message: c.Name + ": " + firstLine(err.Error())}, err.Error())
	}
	if err := s.use(comp.Exports); err != nil {
		return Result{}, err
	}
	prog, err := s.in.Compile(lineDirective(c.Name, g.line, g.col) + "import . " + strconv.Quote(comp.Path))
	if err != nil {
		resync(s.in)
		return Result{}, &Error{Name: "compile error", Message: c.Name + ": binding the compiled declarations: " + err.Error()}
	}
	if _, err := s.execute(ctx, prog); err != nil {
		return Result{}, err
	}
	// yaegi reads a constant bound into it as untyped only through a
	// selector (pkg.N), not through a dot import: declare the cell's
	// constants again from its package, imported under a name of its own.
	pkg := "coevo" + comp.Path[strings.LastIndex(comp.Path, "/")+1:]
	var consts []string
	for name, kind := range declared(decl, c.Code[start:]) {
		if kind == "const" {
			consts = append(consts, fmt.Sprintf("%s = %s.%s", name, pkg, name))
		}
	}
	if len(consts) > 0 {
		sort.Strings(consts)
		src := "const (\n" + strings.Join(consts, "\n") + "\n)"
		if key := pkg + " " + strconv.Quote(comp.Path); !s.imported[key] {
			src = "import " + key + "\n" + src
			s.imported[key] = true
		}
		if _, err := s.in.Eval(lineDirective(c.Name, g.line, g.col) + src); err != nil {
			resync(s.in)
			return Result{}, &Error{Name: "compile error", Message: c.Name + ": binding the compiled constants: " + err.Error()}
		}
	}
	if err := s.model.AddCompiled(comp.Path); err != nil {
		return Result{}, &Error{Name: "compile error", Message: c.Name + ": the session's type checker cannot read the compiled declarations: " + err.Error()}
	}
	for name, kind := range s.model.Names() {
		s.names[name] = kind
	}
	if comp.Built > 0 && !c.Replay {
		fmt.Fprintf(s.out, "compiled natively in %.1f s; unchanged, this cell loads from the cache\n", comp.Built.Seconds())
	}
	return Result{}, nil
}
