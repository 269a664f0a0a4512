// Package input opens the files coevo's users name as inputs: without
// hanging on a FIFO that no process writes yet, reading with a context so
// that Ctrl-C (or SIGTERM) ends any wait, and at most a set number of
// bytes, so that a wrong file (/dev/zero, a disk image, a binary) fails at
// once instead of filling memory.
//
//	f, err := input.Open(ctx, "results.csv", input.Limits{Bytes: 1 << 30})
//	if err != nil { ... }       // an *input.Error: missing, a directory, ...
//	defer f.Close()
//	rows, err := parse(f)       // a read past the cap fails with *TooLargeError
//
// Open refuses, with an *Error naming the path, an empty name, a missing
// file, a dangling symbolic link, a path through a file, a directory and a
// socket. A FIFO is opened in the background: while no process writes it
// Open waits, and returns ctx's error when ctx is done. Reads return ctx's
// error once ctx is done, also a read that waits on a FIFO or a terminal.
package input
