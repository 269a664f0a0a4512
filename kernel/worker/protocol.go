// Package worker is the kernel's handle on the process that owns its
// interpreter (kernel/runner), and the protocol between the two.
//
// The kernel process (package kernel) keeps the sockets, signatures,
// history and the Jupyter protocol; it starts a worker (cmd/coevo-kernel,
// or a test binary) and talks to it over two pipes: requests go in on the
// worker's file descriptor 3 and events come out on descriptor 4, one JSON
// object a line. The worker's descriptors 1 and 2 are pipes too, so
// that what compiled code writes there reaches the cell, and a Go crash
// report reaches the kernel rather than a terminal.
//
// A cell that crashes the worker (a panic in a goroutine, a stack
// overflow, os.Exit, running out of memory, a kill) costs the worker, not
// the session: the kernel reads how it died from its exit status and
// crash report (Death), starts another and replays the cells.
//
// This package is the kernel's side (Start), and the protocol; the
// worker's side, which links the interpreter, is kernel/runner.
package worker

import (
	"github.com/coevolab/coevo/kernel/comm"
	"github.com/coevolab/coevo/kernel/internal/cells"
	"github.com/coevolab/coevo/kernel/wire"
)

// Request is what the kernel asks of the worker. Op is "execute",
// "complete", "inspect", "interrupt" (cancel the running cell), "input"
// (the answer to an input event) or "comm" (a comm message from the front
// end, whose callbacks run as a cell does).
type Request struct {
	Op   string `json:"op"`
	Code string `json:"code,omitempty"`
	// Cell names the cell in errors ("In[3]"); ID, if not 0, tells it
	// apart from others of the same name (silent ones): the goroutines the
	// cell starts carry both (CellLabel, CellIDLabel).
	Cell string `json:"cell,omitempty"`
	ID   int    `json:"id,omitempty"`
	// Pos is a byte offset in Code, for complete and inspect.
	Pos        int  `json:"pos,omitempty"`
	Silent     bool `json:"silent,omitempty"`
	AllowStdin bool `json:"allow_stdin,omitempty"`
	// Replay restores a session: output is dropped, input refused, and
	// magics that only report are skipped.
	Replay          bool              `json:"replay,omitempty"`
	UserExpressions map[string]string `json:"user_expressions,omitempty"`
	// Value answers the input event InputID.
	Value   string `json:"value,omitempty"`
	InputID int    `json:"input_id,omitempty"`
	// MsgID is the id of the Jupyter message the request serves (execute
	// and comm): what the request prints goes out as its child, and comms
	// it opens are named after it.
	MsgID string `json:"msg_id,omitempty"`
	// Comm is the comm message of a comm request.
	Comm *comm.Message `json:"comm,omitempty"`
}

// Event is what the worker tells the kernel. Kind is "stream" (Name is
// stdout or stderr; Text is at most StreamChunk bytes, cut between
// characters), "display" (Data, DisplayID, Update), "clear" (Wait),
// "input" (Prompt, Password: the cell reads standard input), "comm" (a
// comm message to the front end), "frame" (a panic is unwinding through
// Frame), or "reply" (the request is done).
//
// Mark, if not 0, orders the event after what the worker wrote to its
// descriptors 1 and 2 before it: the worker wrote its Mark-th Sentinel
// to both just before the event, and the kernel delivers the event once
// it has read past that marker on both (see Sentinel).
type Event struct {
	Kind      string        `json:"kind"`
	Mark      int           `json:"mark,omitempty"`
	Name      string        `json:"name,omitempty"`
	Text      string        `json:"text,omitempty"`
	Data      wire.Bundle   `json:"data,omitempty"`
	DisplayID string        `json:"display_id,omitempty"`
	Update    bool          `json:"update,omitempty"`
	Wait      bool          `json:"wait,omitempty"`
	Prompt    string        `json:"prompt,omitempty"`
	Password  bool          `json:"password,omitempty"`
	InputID   int           `json:"input_id,omitempty"`
	Frame     *cells.Frame  `json:"frame,omitempty"`
	Comm      *comm.Message `json:"comm,omitempty"`
	Reply     *Reply        `json:"reply,omitempty"`
}

// Reply ends a request.
type Reply struct {
	Status string `json:"status"` // "ok" or "error"
	// Execute: the final expression rendered, the error, the user
	// expressions evaluated, and whether %reset ran.
	Result          wire.Bundle    `json:"result,omitempty"`
	Error           *Error         `json:"error,omitempty"`
	UserExpressions map[string]any `json:"user_expressions,omitempty"`
	Reset           bool           `json:"reset,omitempty"`
	// Goroutines: the cell left goroutines running (which may yet crash
	// the worker between cells).
	Goroutines bool `json:"goroutines,omitempty"`
	// Done, for a cell that failed part-way, is the part of its code that
	// ran: a restore replays it, so that what it declared before failing
	// is there again.
	Done string `json:"done,omitempty"`
	// Complete.
	Matches []string `json:"matches,omitempty"`
	Start   int      `json:"start,omitempty"`
	End     int      `json:"end,omitempty"`
	// Inspect.
	Found bool   `json:"found,omitempty"`
	Text  string `json:"text,omitempty"`
	// Payload of an execute reply (%load puts the file in the next cell).
	Payload []map[string]any `json:"payload,omitempty"`
}

// Error is a failed cell, as Jupyter's error content has it.
type Error struct {
	Name      string   `json:"ename"`
	Value     string   `json:"evalue"`
	Traceback []string `json:"traceback"`
}

// CellLabel is the goroutine label (runtime/pprof) under which the worker
// runs a cell, its value the cell's name ("In[3]"). Goroutines inherit
// their creator's labels, and the worker runs with GODEBUG
// tracebacklabels=1, so the header of a crashed goroutine in a crash
// report names the cell that started it, however long ago.
const CellLabel = "coevo-cell"

// CellIDLabel is the goroutine label of the request's ID.
const CellIDLabel = "coevo-cell-id"

// Sentinel is written by the worker to its descriptors 1 and 2 before each
// event that must come after what was printed before it (a reply, a
// display, a comm message, a request for input: an Event with a Mark);
// the kernel forwards such an event only after it has read past the
// marker on both, so that what compiled code printed is never late, and
// text printed before a figure stays above it.
const Sentinel = "\x00coevo-flush\x00"

// StreamChunk bounds the text of one stream event, in bytes: a larger
// write is sent in pieces, so that neither process holds its encoding
// whole.
const StreamChunk = 1 << 20

// Env marks a process the kernel started as a worker.
const Env = "COEVO_KERNEL_WORKER"

// MemoryEnv carries the memory limit, in bytes, from the kernel to the
// worker, which gives it to the Go runtime as a soft limit (the garbage
// collector works harder near it) before the kernel's hard one.
const MemoryEnv = "COEVO_WORKER_MEMORY_LIMIT"
