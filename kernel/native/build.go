package native

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"go/ast"
	gobuild "go/build"
	"go/parser"
	"go/token"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/coevolab/coevo/kernel/internal/yaegi/interp"
	"github.com/traefik/yaegi/extract"
)

// Import returns the bindings of the package at path, built as a plugin
// with its module's code compiled, or loaded from the cache. Messages
// about a build (it takes seconds) go to out.
func (b *Builder) Import(ctx context.Context, path string, out io.Writer) (interp.Exports, error) {
	h, err := b.ready()
	if err != nil {
		return nil, fmt.Errorf("cannot import %q: %w", path, err)
	}
	ex, _, err := b.load(ctx, h, build{
		kind: "import", name: path, imports: []string{path}, symbol: "Symbols",
		write: func(ctx context.Context, h *host, dir, _ string) error {
			return writeBindings(h, b.env(h), b.dir, dir, path)
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
	return ex, nil
}

// extractMu serializes binding generation, which sets the process's
// go/build context and environment for the go list calls it makes.
var extractMu sync.Mutex

// writeBindings writes the bindings of the package at path, as yaegi
// extract makes them, into dir as package main with a Symbols variable.
// The package is type-checked from source in the session module.
func writeBindings(h *host, env []string, module, dir, path string) error {
	extractMu.Lock()
	defer extractMu.Unlock()
	saved := map[string]*string{}
	for _, kv := range env {
		k, v, _ := strings.Cut(kv, "=")
		if old, ok := os.LookupEnv(k); ok {
			saved[k] = &old
		} else {
			saved[k] = nil
		}
		os.Setenv(k, v)
	}
	oldDir := gobuild.Default.Dir
	gobuild.Default.Dir = module
	defer func() {
		gobuild.Default.Dir = oldDir
		for k, v := range saved {
			if v == nil {
				os.Unsetenv(k)
			} else {
				os.Setenv(k, *v)
			}
		}
	}()
	var src bytes.Buffer
	if _, err := (&extract.Extractor{Dest: "main"}).Extract(path, "", &src); err != nil {
		return fmt.Errorf("reading its exported API: %w", err)
	}
	files := map[string]string{
		"bindings.go": src.String(),
		"symbols.go":  "package main\n\nimport \"reflect\"\n\n// Symbols are the bindings of " + path + " for the interpreter.\nvar Symbols = map[string]map[string]reflect.Value{}\n",
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			return err
		}
	}
	return nil
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
	// Path is the import path under which Exports binds what the cell
	// declares; a dot import of it makes the names the cell's.
	Path    string
	Exports interp.Exports
	// Built is how long the build took; 0 if the cell came from the cache.
	Built time.Duration
}

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
	imports = append(imports, "reflect", "go/constant")
	h, err := b.ready()
	if err != nil {
		return nil, err
	}
	var built time.Duration
	ex, pkg, err := b.load(ctx, h, build{
		kind: "cell", name: hash(code), imports: imports, symbol: "CoevoSymbols",
		write: func(_ context.Context, _ *host, dir, pkg string) error { return writeCell(dir, pkg, code, line, f) },
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
	return &Compiled{Path: pkg, Exports: ex, Built: built}, nil
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

// writeCell writes a cell's package: its code, positioned at its lines by
// a line directive, and its bindings, which name every function,
// variable, constant and type it declares (generic ones aside: the
// interpreter cannot instantiate them).
func writeCell(dir, pkg, code string, line int, f *ast.File) error {
	src := fmt.Sprintf("package main\n//line %s:%d:1\n%s", cellFile, line, code)
	if err := os.WriteFile(filepath.Join(dir, "cell.go"), []byte(src), 0o644); err != nil {
		return err
	}
	var entries []string
	add := func(name, value string) {
		if name != "_" && name != "init" && name != "main" {
			entries = append(entries, fmt.Sprintf("\t\t%q: %s,\n", name, value))
		}
	}
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Recv == nil && d.Type.TypeParams == nil {
				add(d.Name.Name, "coevoreflect.ValueOf("+d.Name.Name+")")
			}
		case *ast.GenDecl:
			for _, sp := range d.Specs {
				switch sp := sp.(type) {
				case *ast.TypeSpec:
					if sp.TypeParams == nil {
						add(sp.Name.Name, "coevoreflect.ValueOf((*"+sp.Name.Name+")(nil))")
					}
				case *ast.ValueSpec:
					for _, n := range sp.Names {
						if d.Tok == token.CONST {
							add(n.Name, "coevoConst("+n.Name+")")
						} else {
							add(n.Name, "coevoreflect.ValueOf(&"+n.Name+").Elem()")
						}
					}
				}
			}
		}
	}
	sort.Strings(entries)
	name := pkg[strings.LastIndex(pkg, "/")+1:]
	syms := fmt.Sprintf(`package main

import (
	coevoconstant "go/constant"
	coevoreflect "reflect"
)

// CoevoSymbols are the bindings of the cell's declarations for the interpreter.
var CoevoSymbols = map[string]map[string]coevoreflect.Value{
	%q: {
%s	},
}

// coevoConst binds a constant of a basic kind as an untyped constant, as
// yaegi extract does, so that 2.5 * N works for an integer N.
func coevoConst(v any) coevoreflect.Value {
	switch x := v.(type) {
	case int:
		return coevoreflect.ValueOf(coevoconstant.MakeInt64(int64(x)))
	case float64:
		return coevoreflect.ValueOf(coevoconstant.MakeFloat64(x))
	case string:
		return coevoreflect.ValueOf(coevoconstant.MakeString(x))
	case bool:
		return coevoreflect.ValueOf(coevoconstant.MakeBool(x))
	}
	return coevoreflect.ValueOf(v)
}
`, pkg+"/"+name, strings.Join(entries, ""))
	return os.WriteFile(filepath.Join(dir, "coevo_symbols.go"), []byte(syms), 0o644)
}
