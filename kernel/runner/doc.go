// Package runner is the kernel's worker process: the side of kernel/worker
// that owns the interpreter. It reads requests on descriptor 3, runs cells
// in a kernel/session, and writes events on descriptor 4 (Main).
//
// It links the interpreter and every binding, and so lives only in the
// kernel's worker binary (cmd/coevo-kernel); the kernel process (package
// kernel) imports kernel/worker, which starts and watches this process
// without linking any of it.
package runner
