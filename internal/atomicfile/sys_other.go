//go:build !unix

package atomicfile

import "errors"

func writable(string) error { return nil }

func dup(int) (int, error) { return -1, errors.New("not supported on this system") }
