//go:build !unix

package shard

import "os"

// lockFile opens path; without flock there is no lock on this system.
func lockFile(path string, flag int, exclusive bool) (*os.File, bool, error) {
	f, err := os.OpenFile(path, flag, 0o666)
	return f, false, err
}

// noFollow: this system's opens have no such flag.
const noFollow = 0
