// Package zmtp is the ZeroMQ socket layer of coevo's Jupyter kernel: the
// listening side of the three socket types a kernel binds — ROUTER (shell,
// control, stdin), PUB (iopub) and REP (heartbeat) — speaking ZMTP 3.1
// (https://rfc.zeromq.org/spec/37/) with the NULL security mechanism over
// TCP or IPC, as libzmq, pyzmq and jupyter_client expect.
//
// It exists so that no bytes a peer sends can end the kernel. Every size
// read from the wire is checked against a limit before anything is
// allocated for it: a frame's length against what is left of its message's
// budget (Options.MaxMessage, 256 MiB by default), a command against
// MaxCommand, the READY metadata field by field; and the memory of a large
// frame grows with the bytes that actually arrive, not with the length it
// claims. A peer that breaks the protocol is disconnected, and the reason
// logged; the other peers and the socket go on. Each connection's handshake
// runs on its own goroutine under a deadline, so a peer that connects and
// says nothing delays nobody. Outgoing messages go through a bounded queue
// per peer (Options.Queue messages, Options.QueueBytes bytes): a peer that
// stops reading loses messages (as with libzmq's high
// water mark) instead of stalling the kernel or growing its memory. A
// sender that would outrun the peers that read can wait for them
// (Socket.Wait), a peer that stops reading holding it up only once.
//
//	shell, err := zmtp.Listen(zmtp.Router, "tcp://127.0.0.1:5555", zmtp.Options{})
//	frames, err := shell.Recv()    // the peer's identity, then the message's frames
//	err = shell.Send(reply)        // reply[0] is the identity of the peer to send to
//
// The parser is Reader, which a fuzz test drives with arbitrary bytes.
package zmtp
