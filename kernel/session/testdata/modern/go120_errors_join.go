// Go 1.20: errors.Join and wrapping several errors with %w.
package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
)

var ErrBad = errors.New("bad input")

func main() {
	err := errors.Join(ErrBad, fs.ErrNotExist)
	fmt.Println(err)
	fmt.Println(errors.Is(err, ErrBad), errors.Is(err, fs.ErrNotExist), errors.Is(err, os.ErrClosed))
	w := fmt.Errorf("reading: %w and %w", ErrBad, fs.ErrPermission)
	fmt.Println(w, errors.Is(w, fs.ErrPermission))
	fmt.Println(errors.Join(nil, nil) == nil)
}
