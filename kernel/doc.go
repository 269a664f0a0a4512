// Package kernel is coevo's Jupyter kernel: Go cells checked by go/types
// and interpreted from their SSA form by ixgo (package session) in a
// worker process (package worker, and kernel/runner on the worker's side),
// with the engine and stats packages bound, and results shown as rich
// displays (package display).
//
// This package is the kernel process (cmd/coevo-kernel, coevo kernel run),
// and links none of that: the interpreter, its bindings and the display
// live in the worker's binary (cmd/coevo-worker) alone, so that the kernel
// process starts in a few milliseconds and a few MB.
//
// The kernel process speaks the Jupyter messaging protocol 5.3 over five
// ZeroMQ sockets (ZMTP 3.1, package zmtp) named by a connection file:
// shell and control (ROUTER), iopub (PUB), stdin (ROUTER) and heartbeat
// (REP). Every message is signed with HMAC-SHA256 and verified on receipt;
// a message with a bad signature, or with a signature already seen (a
// replayed message), is logged and dropped. The kernel keeps the history
// and the execution count, and answers the heartbeat whatever a cell does.
//
// Cells run in the worker. When it dies — a panic in a goroutine, a stack
// overflow, os.Exit, its memory limit, a kill — the cell gets an error
// saying so in one line, and the kernel starts another worker and replays
// the cells that completed (output hidden; a cell with a line
// "//coevo:noreplay" is skipped), then shows a note saying it did.
// Interrupts arrive as interrupt_request messages on control (the
// kernelspec says interrupt_mode "message"): they cancel the running
// cell's context, and if the cell is still running after a grace period
// (2 s), its worker is killed and the session restored.
//
// Comm messages (comm_open, comm_msg, comm_close) from the front end go to
// the worker as requests, where package comm delivers them (Jupyter
// widgets, package widget, answer them); the kernel records the comms
// open, for comm_info_request, and the state the front end set on them,
// which it gives a restored worker after the cells.
package kernel
