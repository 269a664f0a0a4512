// Package ctxio reads and writes files that a context must be able to end
// even when the system cannot: the standard input and output of a command,
// which the Go runtime leaves blocking (a pipe whose writer writes nothing,
// `sleep 30 | coevo bt fit -`; a full pipe that nobody reads; a terminal
// stopped by Ctrl-S), so that neither a deadline nor closing the file ends
// a read or write that waits.
//
// Reader and Writer do each read or write on a goroutine of their own and
// wait for it or for the context: once the context is done, a read returns
// its error at once, and a write that has not finished within a grace
// period returns it too (a write that goes through, to a terminal or a
// pipe that is read, still does: what a command prints as it stops is not
// lost). The goroutine of a read or write abandoned so stays blocked until
// the process ends, which is what a command that was interrupted does
// next.
//
//	in := ctxio.NewReader(ctx, os.Stdin)
//	out := ctxio.NewWriter(ctx, os.Stdout, 250*time.Millisecond)
//	_, err := io.Copy(out, in) // ends with ctx's error on Ctrl-C
package ctxio
