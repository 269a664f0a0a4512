package session

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/goplus/ixgo"

	"github.com/coevolab/coevo/kernel/native"
)

// importNatives makes the packages a phase imports importable when no
// binding has them and a module of the session provides them: a package
// with generic functions or types is interpreted from its source (as
// slices is), which instantiates them; any other is built natively, as a
// plugin, so its code runs compiled.
func (s *Session) importNatives(ctx context.Context, c Cell, cc *cellCode) error {
	if s.native == nil {
		return nil
	}
	for _, im := range cc.imports {
		path := im.path
		if _, ok := ixgo.LookupPackage(path); ok || isStdPath(path) || s.fromSource[path] != "" || !s.native.Provides(path) {
			continue
		}
		if dir, files, err := s.native.Source(path); err == nil && hasGenerics(dir, files) {
			s.fromSource[path] = dir
			continue
		}
		skipped, err := s.native.Import(ctx, path, s.out)
		if err != nil {
			if errors.Is(err, context.Canceled) {
				return errInterrupted
			}
			return s.multiline(s.located("import error", c.Name, im.line, im.col, firstLine(err.Error())), err.Error())
		}
		if len(skipped) > 0 {
			fmt.Fprintf(s.errw, "note: %s: %s generic, and so not in its compiled code: a %%%%compile cell can wrap it\n", path, strings.Join(skipped, ", "))
		}
	}
	return nil
}

// lookupSource finds the source of a package the session interprets from
// source (importNatives), for the interpreter's importer.
func (s *Session) lookupSource(root, path string) (string, bool) {
	dir, ok := s.fromSource[path]
	if !ok && s.native != nil && !isStdPath(path) && s.native.Provides(path) {
		// a package the source package imports, of the session's modules
		if d, _, err := s.native.Source(path); err == nil {
			s.fromSource[path] = d
			return d, true
		}
	}
	return dir, ok
}

func isStdPath(p string) bool {
	first, _, _ := strings.Cut(p, "/")
	return !strings.Contains(first, ".")
}

// hasGenerics tells whether a package's files declare an exported generic
// function or type.
func hasGenerics(dir string, files []string) bool {
	fset := token.NewFileSet()
	for _, name := range files {
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.SkipObjectResolution)
		if err != nil {
			continue
		}
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil && d.Type.TypeParams != nil && d.Name.IsExported() {
					return true
				}
			case *ast.GenDecl:
				for _, sp := range d.Specs {
					if ts, ok := sp.(*ast.TypeSpec); ok && ts.TypeParams != nil && ts.Name.IsExported() {
						return true
					}
				}
			}
		}
	}
	return false
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
			return errInterrupted
		}
		e := s.magicError(c, g, "%go get: "+firstLine(err.Error()))
		e.Name = "go get"
		return s.multiline(e, err.Error())
	}
	return nil
}

// compileCell builds a %%compile cell's declarations natively and makes
// them the session's: a function calls the compiled one, a type is an
// alias of the compiled type, a variable is the compiled variable (the
// same storage), a constant the compiled constant.
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
		return Result{}, errInterrupted
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
	if err := s.bindCompiled(c, g, comp); err != nil {
		return Result{}, err
	}
	if comp.Built > 0 && !c.Replay {
		fmt.Fprintf(s.out, "compiled natively in %.1f s; unchanged, this cell loads from the cache\n", comp.Built.Seconds())
	}
	return Result{}, nil
}

// bindCompiled declares a compiled cell's names in the session (see
// compileCell), then checks that the session compiles with them.
func (s *Session) bindCompiled(c Cell, g item, comp *native.Compiled) error {
	pkg, err := s.importer.Import(comp.Path)
	if err != nil {
		return &Error{Name: "compile error", Message: c.Name + ": the interpreter cannot read the compiled declarations: " + err.Error()}
	}
	reg, _ := ixgo.LookupPackage(comp.Path)
	alias := hidden + "C" + shortHash(comp.Path)
	imports := map[string]string{comp.Path: alias}
	qual := func(p *types.Package) string {
		if p.Path() == comp.Path {
			return "" // the session's alias of the compiled type
		}
		if _, ok := imports[p.Path()]; !ok {
			imports[p.Path()] = hidden + "I" + shortHash(p.Path())
		}
		return imports[p.Path()]
	}
	var decls []*progDecl
	vars := map[string]*sessVar{}
	names := make([]string, 0, len(comp.Names))
	for n := range comp.Names {
		names = append(names, n)
	}
	sort.Strings(names)
	line, col := g.line+1, 1
	for _, name := range names {
		x := native.Exported(name)
		obj := pkg.Scope().Lookup(x)
		if obj == nil {
			continue
		}
		d := &progDecl{names: []string{name}, cell: c.Name, line: line, col: col}
		switch comp.Names[name] {
		case "func":
			sig, ok := obj.Type().(*types.Signature)
			if !ok {
				continue
			}
			d.kind, d.text = "func", forwarder(name, alias+"."+x, sig, qual)
		case "type":
			d.kind, d.text = "type", fmt.Sprintf("type %s = %s.%s", name, alias, x)
		case "const":
			d.kind, d.text = "const", fmt.Sprintf("const %s = %s.%s", name, alias, x)
		case "var":
			p, ok := obj.Type().(*types.Pointer)
			rv, found := reg.Vars[x]
			if !ok || !found {
				continue
			}
			s.seq++
			// a compiled type's key needs no fingerprint: a zero typeKeys
			vars[name] = &sessVar{name: name, typ: p.Elem(), key: typeKeys{}.key(p.Elem()), ptr: rv.Elem().Interface(), cell: c.Name, line: line, col: col, seq: s.seq}
			continue
		default:
			continue
		}
		s.seq++
		d.seq = s.seq
		decls = append(decls, d)
	}
	// The session with them: checked as a cell with nothing else.
	cc := &cellCode{cell: c.Name, decls: decls}
	for path, name := range imports {
		cc.imports = append(cc.imports, importSpec{name: name, path: path, cell: c.Name, line: g.line, col: g.col})
	}
	sort.Slice(cc.imports, func(i, j int) bool { return cc.imports[i].path < cc.imports[j].path })
	saved := s.vars
	s.vars = map[string]*sessVar{}
	for n, v := range saved {
		s.vars[n] = v
	}
	for n, v := range vars {
		s.vars[n] = v
	}
	b, err := s.compile(cc)
	if err != nil {
		s.vars = saved
		return s.compileErr(err)
	}
	if _, err := s.loadBuild(b); err != nil {
		s.vars = saved
		return err
	}
	return nil
}

// forwarder writes a function of the session that calls a compiled one.
func forwarder(name, target string, sig *types.Signature, qual types.Qualifier) string {
	var params, args []string
	for i := 0; i < sig.Params().Len(); i++ {
		t := types.TypeString(sig.Params().At(i).Type(), qual)
		a := "a" + strconv.Itoa(i)
		if sig.Variadic() && i == sig.Params().Len()-1 {
			t = "..." + strings.TrimPrefix(t, "[]")
			a += "..."
		}
		params = append(params, fmt.Sprintf("a%d %s", i, t))
		args = append(args, a)
	}
	var results []string
	for i := 0; i < sig.Results().Len(); i++ {
		results = append(results, types.TypeString(sig.Results().At(i).Type(), qual))
	}
	res := strings.Join(results, ", ")
	if len(results) > 1 {
		res = "(" + res + ")"
	}
	call := fmt.Sprintf("%s(%s)", target, strings.Join(args, ", "))
	if len(results) > 0 {
		call = "return " + call
	}
	return fmt.Sprintf("func %s(%s) %s { %s }", name, strings.Join(params, ", "), res, call)
}

func shortHash(s string) string {
	h := sha256.Sum256([]byte(s))
	return hex.EncodeToString(h[:4])
}
