// Command gen writes kernel/symbols: a file per package bound into the
// kernel, which registers the package with the interpreter (ixgo) when
// the worker starts. Run it with go generate ./kernel/symbols.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/packages"

	"github.com/coevolab/coevo/kernel/internal/ixexport"
)

func main() {
	out := flag.String("out", ".", "the directory to write to")
	flag.Parse()
	cfg := &packages.Config{Mode: packages.NeedName | packages.NeedTypes | packages.NeedImports | packages.NeedDeps}
	pkgs, err := packages.Load(cfg, flag.Args()...)
	if err != nil {
		fail(err)
	}
	if packages.PrintErrors(pkgs) > 0 {
		os.Exit(1)
	}
	old, _ := filepath.Glob(filepath.Join(*out, "bind_*.go"))
	for _, f := range old {
		os.Remove(f)
	}
	for _, p := range pkgs {
		src, skipped, err := ixexport.Generate(p.Types, ixexport.Options{Package: "symbols"})
		if err != nil {
			fail(err)
		}
		if len(skipped) > 0 {
			fmt.Fprintf(os.Stderr, "gen: %s: generic, not bound (cells cannot call them): %s\n", p.PkgPath, strings.Join(skipped, ", "))
		}
		name := filepath.Join(*out, "bind_"+ixexport.FileName(p.PkgPath))
		if err := os.WriteFile(name, src, 0o644); err != nil {
			fail(err)
		}
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "gen:", err)
	os.Exit(1)
}
