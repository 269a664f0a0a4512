package docs

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/doc"
	"go/parser"
	"go/printer"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Module is coevo's module path.
const Module = "github.com/coevolab/coevo"

// Documented are the directories, under the module's root, whose packages
// are documented: every package of engine and stats, and the kernel's
// packages that cells import.
var Documented = []string{"engine", "stats", "kernel/display", "kernel/widget"}

// Generate reads the packages of Documented under the module root and
// returns their documentation, gzipped JSON (a list of Package, by path),
// byte for byte the same for the same source.
func Generate(root string) ([]byte, error) {
	var dirs []string
	for _, d := range Documented {
		err := filepath.WalkDir(filepath.Join(root, d), func(path string, e os.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if e.IsDir() && (e.Name() == "testdata" || e.Name() == "internal") {
				return filepath.SkipDir
			}
			if e.IsDir() {
				dirs = append(dirs, path)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	sort.Strings(dirs)
	var list []*Package
	for _, dir := range dirs {
		p, err := packageDoc(root, dir)
		if err != nil {
			return nil, err
		}
		if p != nil {
			list = append(list, p)
		}
	}
	data, err := json.Marshal(list)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	zw.Write(data)
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// packageDoc documents the package in dir (nil if it has no Go files
// other than tests, or is a command).
func packageDoc(root, dir string) (*Package, error) {
	fset := token.NewFileSet()
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var files []*ast.File
	for _, e := range entries {
		n := e.Name()
		if e.IsDir() || !strings.HasSuffix(n, ".go") || strings.HasSuffix(n, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, n), nil, parser.ParseComments)
		if err != nil {
			return nil, err
		}
		if f.Name.Name == "main" || ignored(f) {
			continue
		}
		files = append(files, f)
	}
	if len(files) == 0 {
		return nil, nil
	}
	rel, _ := filepath.Rel(root, dir)
	path := Module + "/" + filepath.ToSlash(rel)
	p, err := doc.NewFromFiles(fset, files, path)
	if err != nil {
		return nil, err
	}
	out := &Package{Path: path, Symbols: map[string]string{}}
	out.Doc = fmt.Sprintf("package %s // import %q\n\n%s", p.Name, path, text(p, p.Doc, ""))
	decl := func(n ast.Node) string {
		var b strings.Builder
		(&printer.Config{Mode: printer.UseSpaces | printer.TabIndent, Tabwidth: 8}).Fprint(&b, fset, n)
		return b.String()
	}
	funcDecl := func(f *doc.Func) string {
		d := *f.Decl
		d.Body, d.Doc = nil, nil
		return decl(&d)
	}
	values := func(vs []*doc.Value) {
		for _, v := range vs {
			s := decl(v.Decl) + "\n" + text(p, v.Doc, "    ")
			for _, n := range v.Names {
				out.Symbols[n] = s
			}
		}
	}
	values(p.Consts)
	values(p.Vars)
	for _, f := range p.Funcs {
		out.Symbols[f.Name] = funcDecl(f) + "\n" + text(p, f.Doc, "    ")
	}
	for _, t := range p.Types {
		var b strings.Builder
		b.WriteString(decl(t.Decl) + "\n" + text(p, t.Doc, "    "))
		values(t.Consts)
		values(t.Vars)
		var sigs []string
		for _, f := range t.Funcs {
			out.Symbols[f.Name] = funcDecl(f) + "\n" + text(p, f.Doc, "    ")
			sigs = append(sigs, funcDecl(f))
		}
		for _, m := range t.Methods {
			out.Symbols[t.Name+"."+m.Name] = funcDecl(m) + "\n" + text(p, m.Doc, "    ")
			sigs = append(sigs, funcDecl(m))
		}
		if len(sigs) > 0 {
			b.WriteString("\n" + strings.Join(sigs, "\n") + "\n")
		}
		out.Symbols[t.Name] = b.String()
	}
	return out, nil
}

// ignored tells whether a file is left out of the default build (a
// generator's "//go:build ignore").
func ignored(f *ast.File) bool {
	for _, cg := range f.Comments {
		if cg.Pos() > f.Package {
			break
		}
		for _, c := range cg.List {
			if strings.HasPrefix(c.Text, "//go:build") && strings.Contains(c.Text, "ignore") {
				return true
			}
		}
	}
	return false
}

// text formats a doc comment as go doc does: as plain text, each line
// indented.
func text(p *doc.Package, comment, indent string) string {
	if strings.TrimSpace(comment) == "" {
		return ""
	}
	pr := p.Printer()
	pr.TextPrefix = indent
	pr.TextWidth = 80 - len(indent)
	return string(pr.Text(p.Parser().Parse(comment)))
}
