// Package kernel is coevo's Jupyter kernel: Go cells evaluated in memory
// by a yaegi interpreter (package session), with the engine and stats
// packages bound, and results shown as rich displays (package display).
//
// It speaks the Jupyter messaging protocol 5.3 over five ZeroMQ sockets
// (go-zeromq/zmq4, pure Go) named by a connection file: shell and control
// (ROUTER), iopub (PUB), stdin (ROUTER) and heartbeat (REP). Every message
// is signed with HMAC-SHA256 and verified on receipt; a message with a bad
// signature is logged and dropped. Interrupts arrive as interrupt_request
// messages on control (the kernelspec says interrupt_mode "message") and
// cancel the running cell's context.
package kernel
