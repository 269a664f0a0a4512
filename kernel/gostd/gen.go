//go:build ignore

// gen writes the interpreter's bindings of the standard library of the Go
// toolchain that runs it, one file a package, with yaegi's extractor:
//
//	go generate ./kernel/gostd
//
// Every package of "go list std" is bound except internal and vendored
// ones, cmd, unsafe (the interpreter has its own), syscall (yaegi's
// per-platform bindings serve it) and runtime/cgo, runtime/race.
package main

import (
	"bytes"
	"fmt"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/traefik/yaegi/extract"
)

var skip = map[string]bool{"unsafe": true, "syscall": true, "runtime/cgo": true, "runtime/race": true}

func main() {
	out, err := exec.Command("go", "list", "std").Output()
	if err != nil {
		log.Fatal(err)
	}
	old, _ := filepath.Glob("std_*.go")
	for _, f := range old {
		os.Remove(f)
	}
	var n int
	for _, p := range strings.Fields(string(out)) {
		if skip[p] || strings.Contains(p, "internal") || strings.HasPrefix(p, "vendor/") || strings.HasPrefix(p, "cmd/") {
			continue
		}
		ext := extract.Extractor{Dest: "gostd"}
		var buf bytes.Buffer
		if _, err := ext.Extract(p, "", &buf); err != nil {
			log.Fatalf("%s: %v", p, err)
		}
		file := "std_" + strings.NewReplacer("/", "_", ".", "_").Replace(p) + ".go"
		if err := os.WriteFile(file, buf.Bytes(), 0o644); err != nil {
			log.Fatal(err)
		}
		n++
	}
	fmt.Printf("gostd: %d packages of %s bound\n", n, runtime.Version())
}
