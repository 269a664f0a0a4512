package runner

import "github.com/coevolab/coevo/kernel/worker"

// The protocol's messages, as kernel/worker defines them.
type (
	Request = worker.Request
	Event   = worker.Event
	Reply   = worker.Reply
	Error   = worker.Error
)

// The protocol's names, as kernel/worker defines them.
const (
	workerEnv   = worker.Env
	memoryEnv   = worker.MemoryEnv
	sentinel    = worker.Sentinel
	streamChunk = worker.StreamChunk
	CellLabel   = worker.CellLabel
	CellIDLabel = worker.CellIDLabel
)
