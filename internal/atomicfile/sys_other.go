//go:build !unix

package atomicfile

import (
	"errors"
	"io/fs"
)

func writable(string) error { return nil }

func dup(int) (int, error) { return -1, errors.New("not supported on this system") }

func foreignLink(string, fs.FileInfo) error { return nil }
