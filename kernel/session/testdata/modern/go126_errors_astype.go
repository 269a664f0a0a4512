// Go 1.26: errors.AsType, a generic errors.As.
package main

import (
	"errors"
	"fmt"
	"io/fs"
)

type NotFound struct{ Name string }

func (e *NotFound) Error() string { return e.Name + " not found" }

func find(name string) error {
	return fmt.Errorf("lookup: %w", &NotFound{name})
}

func main() {
	err := find("kayles")
	if nf, ok := errors.AsType[*NotFound](err); ok {
		fmt.Println("missing:", nf.Name)
	}
	_, ok := errors.AsType[*fs.PathError](err)
	fmt.Println(ok)
	pe, ok := errors.AsType[*fs.PathError](&fs.PathError{Op: "open", Path: "x", Err: fs.ErrNotExist})
	fmt.Println(pe.Op, ok)
}
