package native

import (
	"context"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"golang.org/x/tools/go/packages"

	"github.com/coevolab/coevo/kernel/internal/ixexport"
)

// Import builds the package at path as a plugin, with its module's code
// compiled (or loads it from the cache), and registers it with the
// interpreter. Messages about a build (it takes seconds) go to out.
// skipped names the package's generic functions and types, which compiled
// code cannot carry.
func (b *Builder) Import(ctx context.Context, path string, out io.Writer) (skipped []string, err error) {
	h, err := b.ready()
	if err != nil {
		return nil, fmt.Errorf("cannot import %q: %w", path, err)
	}
	_, err = b.load(ctx, h, build{
		kind: "import", name: path, imports: []string{path},
		write: func(ctx context.Context, h *host, dir, _ string) error {
			s, err := b.writeRegistration(ctx, h, dir, path)
			skipped = s
			return err
		},
		built: func(d time.Duration) {
			fmt.Fprintf(out, "built %s natively in %.1f s; it loads from the cache from now on\n", path, d.Seconds())
		},
	})
	if err != nil {
		if errors.Is(err, context.Canceled) {
			return nil, err
		}
		return nil, fmt.Errorf("cannot import %q: %w", path, err)
	}
	return skipped, nil
}

// typesOf type-checks packages from source in the session module.
func (b *Builder) typesOf(ctx context.Context, h *host, patterns ...string) ([]*packages.Package, error) {
	cfg := &packages.Config{
		Context: ctx,
		Mode:    packages.NeedName | packages.NeedTypes | packages.NeedImports | packages.NeedDeps | packages.NeedTypesInfo | packages.NeedSyntax,
		Dir:     b.dir,
		Env:     b.env(h),
	}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		return nil, err
	}
	var msgs []string
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		for _, e := range p.Errors {
			msgs = append(msgs, e.Error())
		}
	})
	if len(msgs) > 0 {
		return nil, &goError{args: []string{"list", strings.Join(patterns, " ")}, msg: strings.Join(msgs, "\n")}
	}
	return pkgs, nil
}

// writeRegistration writes, into dir, the plugin's package main that
// registers the package at path with the interpreter (kernel/internal/ixexport).
func (b *Builder) writeRegistration(ctx context.Context, h *host, dir, path string) ([]string, error) {
	pkgs, err := b.typesOf(ctx, h, path)
	if err != nil {
		return nil, fmt.Errorf("reading its exported API: %w", err)
	}
	src, skipped, err := ixexport.Generate(pkgs[0].Types, ixexport.Options{Package: "main", Func: registerFunc})
	if err != nil {
		return nil, err
	}
	return skipped, os.WriteFile(filepath.Join(dir, "register.go"), src, 0o644)
}

// CompileError is a %%compile cell that does not build: the compiler's
// messages, at lines of the cell.
type CompileError struct {
	Errors []Diagnostic
}

// Diagnostic is one compiler message at a line and column of a cell.
type Diagnostic struct {
	Line, Col int
	Msg       string
}

func (e *CompileError) Error() string {
	var b strings.Builder
	for i, d := range e.Errors {
		if i > 0 {
			b.WriteString("; ")
		}
		fmt.Fprintf(&b, "%d:%d: %s", d.Line, d.Col, d.Msg)
	}
	return b.String()
}

// cellFile is the name the compiler gives a cell's code in its messages.
const cellFile = "coevo-cell.go"

// Compiled is a %%compile cell, built and loaded.
type Compiled struct {
	// Path is the import path under which the interpreter has the cell's
	// package: every name the cell declares is there as Exported(name).
	Path string
	// Names are the names the cell declares at its top level (generic
	// functions and types aside: compiled code cannot carry them), with
	// their kinds: "func", "var", "const" or "type".
	Names map[string]string
	// Built is how long the build took; 0 if the cell came from the cache.
	Built time.Duration
}

// Exported is the exported name under which a %%compile cell's package
// has a name the cell declares (which may not be exported itself): an
// alias of a type, a pointer to a variable, a function, a constant.
func Exported(name string) string { return "CoevoX_" + name }

// Compile builds the declarations of a %%compile cell natively: code is
// the cell after its %%compile line, which is line line of the cell. A
// cell seen before (same code, same module versions) loads from the cache.
// A cell that does not build is a *CompileError at its lines.
func (b *Builder) Compile(ctx context.Context, code string, line int) (*Compiled, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, cellFile, "package main\n"+code, parser.SkipObjectResolution)
	if err != nil {
		return nil, parseError(err, line)
	}
	var imports []string
	for _, im := range f.Imports {
		p, _ := strconv.Unquote(im.Path.Value)
		imports = append(imports, p)
	}
	imports = append(imports, "reflect", "go/constant", "go/token")
	h, err := b.ready()
	if err != nil {
		return nil, err
	}
	var built time.Duration
	pkg, err := b.load(ctx, h, build{
		kind: "cell", name: hash(code), imports: imports,
		write: func(ctx context.Context, h *host, dir, pkg string) error {
			if err := writeCell(dir, code, line, f); err != nil {
				return err
			}
			pkgs, err := b.typesOf(ctx, h, "./"+filepath.Base(dir))
			if err != nil {
				return err
			}
			src, _, err := ixexport.Generate(pkgs[0].Types, ixexport.Options{Package: "main", Func: registerFunc, Path: pkg, InPackage: true})
			if err != nil {
				return err
			}
			return os.WriteFile(filepath.Join(dir, "register.go"), src, 0o644)
		},
		built: func(d time.Duration) { built = d },
	})
	if err != nil {
		var ge *goError
		if errors.As(err, &ge) {
			if ce := buildErrors(ge.msg); ce != nil {
				return nil, ce
			}
		}
		return nil, err
	}
	kinds := declKinds(f)
	names := map[string]string{}
	for _, n := range cellNames(f) {
		names[n] = kinds[n].String()
	}
	return &Compiled{Path: pkg, Names: names, Built: built}, nil
}

// parseError maps a syntax error in a cell's code to the cell's lines.
func parseError(err error, line int) error {
	ce := buildErrors(err.Error())
	if ce == nil {
		return err
	}
	for i := range ce.Errors {
		ce.Errors[i].Line += line - 2 // "package main" came first
	}
	return ce
}

var diagLine = regexp.MustCompile(`(?m)^(?:\S*/)?` + regexp.QuoteMeta(cellFile) + `:(\d+):(\d+): (.*)$`)

// buildErrors reads the compiler's messages about the cell's file (nil
// if there are none: the build failed elsewhere).
func buildErrors(msg string) *CompileError {
	var ce CompileError
	for _, m := range diagLine.FindAllStringSubmatch(msg, -1) {
		l, _ := strconv.Atoi(m[1])
		c, _ := strconv.Atoi(m[2])
		ce.Errors = append(ce.Errors, Diagnostic{Line: l, Col: c, Msg: m[3]})
	}
	if len(ce.Errors) == 0 {
		return nil
	}
	return &ce
}

// cellNames lists the names a cell declares at its top level, generic
// functions and types aside.
func cellNames(f *ast.File) []string {
	var out []string
	add := func(name string) {
		if name != "_" && name != "init" && name != "main" {
			out = append(out, name)
		}
	}
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Recv == nil && d.Type.TypeParams == nil {
				add(d.Name.Name)
			}
		case *ast.GenDecl:
			for _, sp := range d.Specs {
				switch sp := sp.(type) {
				case *ast.TypeSpec:
					if sp.TypeParams == nil {
						add(sp.Name.Name)
					}
				case *ast.ValueSpec:
					for _, n := range sp.Names {
						add(n.Name)
					}
				}
			}
		}
	}
	sort.Strings(out)
	return out
}

// writeCell writes a cell's package: its code, positioned at its lines by
// a line directive, and an exported name for every name it declares
// (Exported), which the interpreter binds.
func writeCell(dir, code string, line int, f *ast.File) error {
	src := fmt.Sprintf("package main\n//line %s:%d:1\n%s", cellFile, line, code)
	if err := os.WriteFile(filepath.Join(dir, "cell.go"), []byte(src), 0o644); err != nil {
		return err
	}
	var b strings.Builder
	b.WriteString("package main\n\n// The names the cell declares, exported for the interpreter.\n")
	kinds := declKinds(f)
	for _, name := range cellNames(f) {
		x := Exported(name)
		switch kinds[name] {
		case token.FUNC:
			fmt.Fprintf(&b, "var %s = %s\n", x, name)
		case token.TYPE:
			fmt.Fprintf(&b, "type %s = %s\n", x, name)
		case token.VAR:
			fmt.Fprintf(&b, "var %s = &%s\n", x, name)
		case token.CONST:
			fmt.Fprintf(&b, "const %s = %s\n", x, name)
		}
	}
	return os.WriteFile(filepath.Join(dir, "coevo_names.go"), []byte(b.String()), 0o644)
}

// declKinds maps the names a cell declares at its top level to their
// kinds: token.FUNC, TYPE, VAR or CONST.
func declKinds(f *ast.File) map[string]token.Token {
	kinds := map[string]token.Token{}
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Recv == nil {
				kinds[d.Name.Name] = token.FUNC
			}
		case *ast.GenDecl:
			for _, sp := range d.Specs {
				switch sp := sp.(type) {
				case *ast.TypeSpec:
					kinds[sp.Name.Name] = token.TYPE
				case *ast.ValueSpec:
					for _, n := range sp.Names {
						kinds[n.Name] = d.Tok
					}
				}
			}
		}
	}
	return kinds
}
