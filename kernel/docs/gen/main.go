// Command gen writes the documentation of coevo's packages that the
// kernel embeds (kernel/docs/coevo.json.gz). go generate runs it, from
// kernel/docs and from kernel/symbols:
//
//	go generate ./kernel/docs
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/coevolab/coevo/internal/atomicfile"
	"github.com/coevolab/coevo/kernel/docs"
)

func main() {
	root := flag.String("root", "../..", "the module's root directory")
	out := flag.String("out", "coevo.json.gz", "the file to write")
	flag.Parse()
	dir, err := filepath.Abs(*root)
	if err == nil {
		var data []byte
		if data, err = docs.Generate(dir); err == nil {
			err = atomicfile.Write(*out, func(w io.Writer) error { _, err := w.Write(data); return err })
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}
