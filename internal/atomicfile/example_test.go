package atomicfile_test

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/coevolab/coevo/internal/atomicfile"
)

// A command checks its output before its work, then writes it: a regular
// file is replaced atomically, and a path that cannot be written is a
// *PathError naming the problem.
func ExampleWrite() {
	dir, _ := os.MkdirTemp("", "example")
	defer os.RemoveAll(dir)
	out := filepath.Join(dir, "ratings.csv")
	if err := atomicfile.Check(out); err != nil {
		fmt.Println(err)
		return
	}
	err := atomicfile.Write(out, func(w io.Writer) error {
		_, err := io.WriteString(w, "player,elo\nA,1650\n")
		return err
	})
	b, _ := os.ReadFile(out)
	fmt.Printf("%v %q\n", err, b)

	var pe *atomicfile.PathError
	err = atomicfile.Check(filepath.Join(out, "x.csv")) // under a file
	fmt.Println(errors.As(err, &pe), pe.Problem == out+" is a file, not a folder")
	// Output:
	// <nil> "player,elo\nA,1650\n"
	// true true
}
